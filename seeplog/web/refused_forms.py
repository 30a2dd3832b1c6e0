"""A page's form refused: the page again, the form keeping what was typed and saying why beside it, the page's
other forms empty. The controls' ids follow one rule, the form's key then the field's name ("merge-into"), so
that a refusal's summary links to the field it names."""
from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

from flask_wtf import FlaskForm
from flask_wtf.csrf import CSRFError

from seeplog.refusals import NotAllowed, Refusal
from seeplog.said import Said

from .api.errors import CSRF_REASONS, as_http
from .findings import said_here

Form = TypeVar("Form", bound=FlaskForm)


def keyed(form: Form, key: str) -> Form:
    """`form` with its controls' ids as its page writes them: `key`, then each field's name."""
    for field in form:
        if field.name != "csrf_token":
            field.id = f"{key}-{field.name}"
    return form


def blank(kind: type[Form], key: str) -> Form:
    """An empty form of a page (not filled from the request a refused form of the page came in)."""
    return keyed(kind(formdata=None), key)


def page_forms(kinds: Mapping[str, type[Form]], refused: tuple[str, Form] | None) -> dict[str, Form]:
    """A page's forms by their key (`kinds`): each empty, but for the `refused` one (its key, the form as sent)."""
    forms = {key: blank(kind, key) for key, kind in kinds.items()}
    if refused:
        forms[refused[0]] = keyed(refused[1], refused[0])
    return forms


def refusal_on(form: FlaskForm, refusal: Refusal) -> int:
    """Say a store's refusal on the form (a refused token beside the token, anything else above the form);
    its status code."""
    message = said_here(refusal.message)
    if isinstance(refusal, NotAllowed) and "token" in form:
        form["token"].errors = [*form["token"].errors, message]
    else:
        form.form_errors.append(message)
    return as_http(refusal).code or 400


def unchecked(form: FlaskForm, error: CSRFError) -> int:
    """Say above the form why its check code was refused (its page sends it back with a new one, so that it can
    be sent again as it is); its status code."""
    why = CSRF_REASONS.get(error.description, error.description)
    form.form_errors.append(said_here(Said("the form could not be checked ({why}), so nothing was changed: "
                                           "send it again", why=why)))
    return error.code or 400
