"""seeplog's web service: the Flask shell around the pure library (blueprints, store, schemas)."""
from __future__ import annotations

from flask import Flask
from flask_smorest.spec.plugins import integerconverter2paramschema
from flask_wtf.csrf import CSRFProtect

from . import commands, db
from .games import api, views
from .live import api as live_api, keep as live_keep, pages as live_pages
from .clubs import api as clubs_api, events_api, pages as clubs_pages
from .clubs import director_api, director_pages
from .api.errors import Api
from .games import notation_help
from .live import steps as live_steps
from .api.jsonbody import bound_json
from .api.schemas import property_names
from .security import RowId, secure


def register(app: Flask) -> Api:
    """Attach the store, CSRF protection, the pages and the JSON API (with its OpenAPI document) to `app`."""
    secure(app)
    bound_json(app)
    db.init_app(app)
    commands.init_app(app)
    csrf = CSRFProtect(app)
    app.register_blueprint(views.bp)
    app.register_blueprint(live_keep.bp)
    app.register_blueprint(live_pages.bp)
    app.register_blueprint(notation_help.bp)
    app.register_blueprint(live_steps.bp)
    app.register_blueprint(clubs_pages.bp)
    app.register_blueprint(director_pages.bp)
    smorest = Api(app)
    smorest.register_converter(RowId, integerconverter2paramschema)
    smorest.ma_plugin.converter.add_attribute_function(property_names)
    smorest.register_blueprint(api.blp)
    smorest.spec.components.schemas["Game"]["minProperties"] = 1  # GameSchema refuses an empty game
    csrf.exempt(api.blp)
    smorest.register_blueprint(live_api.blp)
    csrf.exempt(live_api.blp)
    smorest.register_blueprint(clubs_api.blp)
    csrf.exempt(clubs_api.blp)
    smorest.register_blueprint(events_api.blp)
    csrf.exempt(events_api.blp)
    smorest.register_blueprint(director_api.blp)
    csrf.exempt(director_api.blp)
    return smorest
