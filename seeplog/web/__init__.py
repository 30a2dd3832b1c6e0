"""seeplog's web service: the Flask shell around the pure library (blueprints, store, schemas)."""
from __future__ import annotations

from flask import Flask
from flask_smorest.spec.plugins import integerconverter2paramschema
from flask_wtf.csrf import CSRFProtect

from . import commands, db
from .published import REPUBLISH
from .games import api, views
from .live import api as live_api, keep as live_keep, pages as live_pages
from .clubs import (api as clubs_api, director_api, director_pages, event_organise, event_results,
                    event_tables_api, events_api, pages as clubs_pages, ratings_store)
from .api.document import EveryRoute, empty_is_not_given
from .api.errors import Api
from .games import notation_help
from .live import steps as live_steps
from .api.jsonbody import bound_json
from .api.schemas import empty_allowed, property_names
from .security import RowId, secure
from .languages import bp as language_bp, init_languages
from .forms import field_attributes


def register(app: Flask) -> Api:
    """Attach the store, CSRF protection, the pages and the JSON API (with its OpenAPI document) to `app`."""
    secure(app)
    bound_json(app)
    db.before_commit(ratings_store.catch_up)
    if live_pages.republish not in REPUBLISH:
        REPUBLISH.append(live_pages.republish)
    db.init_app(app)
    commands.init_app(app)
    csrf = CSRFProtect(app)
    init_languages(app)
    app.add_template_global(field_attributes)
    csrf.exempt(language_bp)  # choosing a language changes nothing but the reader's own pages
    for pages in (views.bp, live_keep.bp, live_pages.bp, notation_help.bp, live_steps.bp, clubs_pages.bp,
                  event_results.bp, event_organise.bp, director_pages.bp):
        app.register_blueprint(pages)
    smorest = Api(app, spec_kwargs={"extra_plugins": [EveryRoute()]})
    smorest.register_converter(RowId, integerconverter2paramschema)
    smorest.ma_plugin.converter.add_attribute_function(property_names)
    smorest.ma_plugin.converter.add_attribute_function(empty_is_not_given)
    smorest.ma_plugin.converter.add_parameter_attribute_function(empty_allowed)
    for api_blp in (api.blp, live_api.blp, clubs_api.blp, events_api.blp, event_tables_api.blp,
                    director_api.blp):
        smorest.register_blueprint(api_blp)
        csrf.exempt(api_blp)  # the API answers scripts, not forms: it checks the Origin instead
    return smorest
