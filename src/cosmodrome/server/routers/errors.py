"""Errors as the API answers them: JSON ``{"error": sentence, "kind": name}`` with a status
naming the kind of problem (docs/SERVER.md, "Endpoints"):

400 malformed request, 401 not logged in, 403 bad token or wrong seat or another site, 404
unknown game, 408 a body too slow, 409 stale version or a game that cannot do this now, 413 a
body over the size cap, 415 a body not sent as JSON, 422 an illegal action / option / record
(the engine's message), 429 too many requests of one kind, 503 the database refused a write
(nothing changed).

A request whose fields do not fit the route's model (FastAPI's ``RequestValidationError``)
is a 400 whose sentence names the field: ``the request lacks 'players' (a whole number)``,
``'public' must be true or false, not 'no'``.
"""

from __future__ import annotations

import logging
import re
from typing import Any, Optional

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse
from pydantic import BaseModel
from starlette.exceptions import HTTPException as StarletteHTTPException

from cosmodrome import i18n
from cosmodrome.core import (
    CosmodromeError,
    DataError,
    IllegalActionError,
    OptionError,
    PlayerCountError,
    RecordError,
    UnknownGameError,
)
from cosmodrome.i18n import N_, _, gettext
from cosmodrome.server.accounts import NameTaken, Unauthorized
from cosmodrome.server.security import BadRequest, OtherSite, TooLarge, TooMany, TooSlow, UnsupportedType
from cosmodrome.server.storage import StorageError
from cosmodrome.server.table import Conflict, Forbidden, NotFound, Stale

log = logging.getLogger("cosmodrome.server")

STATUS = [
    (BadRequest, 400), (Unauthorized, 401), (Forbidden, 403), (NameTaken, 409), (OtherSite, 403), (NotFound, 404),
    (UnknownGameError, 404), (Stale, 409), (Conflict, 409), (TooSlow, 408), (TooLarge, 413), (UnsupportedType, 415),
    (IllegalActionError, 422), (OptionError, 422), (PlayerCountError, 422), (RecordError, 422), (DataError, 422),
    (TooMany, 429), (StorageError, 503),
]

#: what each status means, for the API's description (/docs)
MEANING = {400: "malformed request", 401: "not logged in", 403: "bad token, wrong seat or another site",
           404: "no such game, game type or player", 409: "stale version, or the game cannot do this now",
           413: "a body over the size cap", 415: "a body not sent as JSON",
           422: "an illegal action, option or record (the engine's sentence)", 429: "too many requests",
           503: "the database refused a write (nothing changed)"}


def status_of(exc: Exception) -> int:
    for cls, code in STATUS:
        if isinstance(exc, cls):
            return code
    return 500


class Error(BaseModel):
    """Every error: a sentence naming the problem, and its kind."""

    error: str
    kind: Optional[str] = None


def errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    """The ``responses`` of a route that can answer with these error statuses."""
    return {c: {"model": Error, "description": MEANING[c]} for c in sorted(set(codes))}


class Says:
    """Annotated metadata: the whole sentence a field's validation error says (instead of one
    made from the field's name and description)."""

    def __init__(self, sentence: str) -> None:
        self.sentence = sentence


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _field(request: Request, loc: tuple) -> Any:
    """The pydantic ``FieldInfo`` of the body field at ``loc`` (None when not found)."""
    route = request.scope.get("route")
    field = getattr(route, "body_field", None)
    model = getattr(getattr(field, "field_info", None), "annotation", None)
    info = None
    for part in loc[1:]:
        fields = getattr(model, "model_fields", None)
        if not isinstance(part, str) or not fields or part not in fields:
            return info
        info = fields[part]
        model = info.annotation
    return info


def _param(request: Request, where: str, name: Optional[str]) -> Any:
    """The ``FieldInfo`` of the route's query, path or header parameter ``name``."""
    dependant = getattr(request.scope.get("route"), "dependant", None)
    for field in getattr(dependant, f"{where}_params", None) or ():
        if field.name == name or field.alias == name:
            return field.field_info
    return None


#: a part of an error's location naming a member of a union type, not a field ("str", "list[str]")
_TYPE_TAG = re.compile(r"(?:str|int|float|bool|bytes|none|list|dict|tuple|set|function-\w+|[A-Z]\w*)(?:\[.*\])?")


def _names(loc: tuple, kind: str) -> tuple[list[str], list[int]]:
    """The field names of an error's location (the union members pydantic adds dropped) and
    the positions in lists on the way."""
    names: list[str] = []
    items: list[int] = []
    for part in loc[1:]:
        if isinstance(part, int):
            items.append(part)
        elif isinstance(part, str) and not (names and kind != "extra_forbidden" and _TYPE_TAG.fullmatch(part)):
            names.append(part)
    return names, items


def _choices(err: dict[str, Any]) -> str:
    """The values a ``literal_error`` or ``enum`` allows, joined in the reader's language
    (pydantic's ``expected`` joins them in English)."""
    expected = str((err.get("ctx") or {}).get("expected") or "")
    items = re.findall(r"'[^']*'|-?\d+(?:\.\d+)?", expected)
    if not items:
        return _("one of the listed values")
    if len(items) == 1:
        return items[0]
    return _("{items} or {last}").format(items=", ".join(items[:-1]), last=items[-1])


def sentence(request: Request, err: dict[str, Any]) -> str:
    """One readable sentence for a pydantic error of a request, in the reader's language:
    pydantic's own message (English) is never shown; each kind of error has ours."""
    loc = tuple(err.get("loc") or ())
    where = loc[0] if loc else "body"
    kind, value = err.get("type", ""), err.get("input")
    names, items = _names(loc, kind)
    name = names[-1] if names else None
    info = _field(request, loc) if where == "body" else _param(request, where, name)
    for m in getattr(info, "metadata", ()) or ():
        if isinstance(m, Says):
            return gettext(m.sentence)
    what = getattr(info, "description", None)
    if name is None:
        if kind == "json_invalid":
            return _("the request body is not valid JSON")
        return _("the request body must be a JSON object") if where == "body" else _("the request is malformed")
    # what is named: a field of the body, or the URL's parameter, the path's part or a header
    field = {"query": _("the URL's parameter {name!r}"), "path": _("the path's {name!r}"),
             "header": _("the header {name!r}")}.get(where, "{name!r}").format(name=name)
    if items:  # an item of a list: "item 2 of 'edits'"
        field = _("item {n} of {field}").format(n=items[-1] + 1, field=field)
    what = f" ({gettext(what)})" if what else ""
    return _sentence_of_kind(kind, err, field, name, names, what, value, info)


def _sentence_of_kind(kind: str, err: dict[str, Any], field: str, name: str, names: list[str], what: str,
                      value: Any, info: Any) -> str:
    """The sentence of one kind of pydantic error (its ``type``), naming ``field``."""
    ctx = err.get("ctx") or {}
    shown = _shown(value)
    if kind == "extra_forbidden":
        return _("{name!r} is not a field this request takes").format(name=".".join(names))
    if kind == "missing" or (value is None and info is not None and info.is_required()):
        return _("the request lacks {name!r}{what}").format(name=name, what=what)
    if kind.startswith("int_"):
        return _("{field} must be a whole number, not {value}").format(field=field, value=shown)
    if kind.startswith("bool_"):
        return _("{field} must be true or false, not {value}").format(field=field, value=shown)
    if kind in ("float_type", "float_parsing", "decimal_type", "decimal_parsing", "finite_number"):
        return _("{field} must be a number{what}, not {value}").format(field=field, what=what, value=shown)
    if kind == "string_too_long":
        return _("{field} must be at most {n} characters long{what}").format(
            field=field, n=ctx.get("max_length"), what=what)
    if kind == "string_too_short":
        return _("{field} must be at least {n} characters long{what}").format(
            field=field, n=ctx.get("min_length"), what=what)
    if kind.startswith("string_"):
        return _("{field} must be text{what}, not {value}").format(field=field, what=what, value=shown)
    if kind == "too_long":
        return _("{field} must hold at most {n} items{what}").format(field=field, n=ctx.get("max_length"), what=what)
    if kind == "too_short":
        return _("{field} must hold at least {n} items{what}").format(field=field, n=ctx.get("min_length"), what=what)
    bounds = {"greater_than": N_("{field} must be more than {n}, not {value}"),
              "greater_than_equal": N_("{field} must be at least {n}, not {value}"),
              "less_than": N_("{field} must be less than {n}, not {value}"),
              "less_than_equal": N_("{field} must be at most {n}, not {value}")}
    if kind in bounds:
        bound = next((v for k, v in ctx.items() if k in ("gt", "ge", "lt", "le")), "?")
        return gettext(bounds[kind]).format(field=field, n=bound, value=shown)
    if kind in ("dict_type", "model_type", "model_attributes_type", "mapping_type"):
        return _("{field} must be a JSON object{what}, not {value}").format(field=field, what=what, value=shown)
    if kind in ("list_type", "tuple_type", "set_type", "iterable_type"):
        return _("{field} must be a list{what}, not {value}").format(field=field, what=what, value=shown)
    if kind in ("literal_error", "enum"):
        return _("{field} must be {expected}").format(field=field, expected=_choices(err))
    return _("{field} does not have the form this request takes{what}").format(field=field, what=what)


def storage_sentence(exc: StorageError) -> str:
    """What a refused write says, in the reader's language: the cause and the advice (both
    sentences of ours, marked in :mod:`cosmodrome.server.storage`)."""
    return f"{gettext(str(exc))}. {gettext(exc.advice)}"


#: the kinds of the errors the web framework answers itself (an unknown address, a method
#: an address does not take), by status
HTTP_KINDS = {404: "NotFound", 405: "MethodNotAllowed"}


def http_sentence(request: Request, status: int, headers: Optional[dict[str, str]] = None) -> str:
    """What the server says of an error the web framework raised itself (an address it does not
    serve, a method an address does not take), in the reader's language; the address is not
    repeated (whatever a client put in it stays out of the answer)."""
    if status == 404:
        return _("there is nothing at this address: check the link (the API's addresses are listed at /docs)")
    if status == 405:
        allowed = ", ".join(x.strip() for x in (headers or {}).get("Allow", "").split(",") if x.strip())
        if allowed:
            return _("this address does not take {method} requests, only {allowed}").format(
                method=request.method, allowed=allowed)
        return _("this address does not take {method} requests").format(method=request.method)
    return _("the request could not be served (HTTP status {status})").format(status=status)


def wants_page(request: Request) -> bool:
    """Whether a request is a browser opening a page (not the API, a socket or a script's fetch):
    such a request is told of an unknown address by a page, not by JSON."""
    path = request.url.path
    return (request.method in ("GET", "HEAD") and not path.startswith(("/api/", "/ws/"))
            and "text/html" in request.headers.get("accept", ""))


def not_found_page() -> str:
    """The page an unknown address opened in a browser shows: what happened and the way back to
    the lobby, in the current language."""
    from html import escape

    sentence = _("There is no page at this address: check the link, or start again from the lobby.")
    title = escape(_("Nothing here"))
    return ("<!doctype html>\n"
            f'<html lang="{escape(i18n.current())}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<title>Cosmodrome — {title}</title><link rel="stylesheet" href="/css/style.css"></head>'
            f'<body><main class="card" data-testid="not-found"><h1>{title}</h1>'
            f"<p>{escape(sentence)}</p>"
            f'<p><a href="/">{escape(_("Back to the lobby"))}</a></p></main></body></html>\n')


def install(app: FastAPI) -> None:
    """The app's exception handlers: the project's errors, the storage's, and FastAPI's
    validation errors and the framework's own (an unknown address: 404, a method an address does
    not take: 405), all as ``{"error", "kind"}`` in the reader's language."""

    @app.exception_handler(CosmodromeError)
    async def _cosmo_error(request: Request, exc: CosmodromeError):
        close = {"connection": "close"} if isinstance(exc, TooSlow) else None  # the rest of its body may yet come
        return JSONResponse({"error": str(exc), "kind": type(exc).__name__}, status_code=status_of(exc), headers=close)

    @app.exception_handler(StorageError)
    async def _store_error(request: Request, exc: StorageError):
        log.error("storage error: %s", exc)
        return JSONResponse({"error": storage_sentence(exc), "kind": "StorageError"}, status_code=503)

    @app.exception_handler(Exception)
    async def _fault(request: Request, exc: Exception):
        # a fault of ours (Starlette logs it after this answer): its sentence in the reader's
        # language, chosen again here (this handler runs outside the language middleware)
        from cosmodrome.server.languages import choose

        with i18n.using(choose(request.query_params.get("lang"), request.headers.get("accept-language"))):
            text = _("the server failed on this request (a fault of ours, written to its log): try again, or tell "
                     "the server's operator")
        return JSONResponse({"error": text, "kind": "ServerError"}, status_code=500)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException):
        # FastAPI would answer {"detail": "Not Found"}, in English: ours is {"error", "kind"}
        headers = dict(exc.headers or {})
        if exc.status_code == 404 and wants_page(request):
            from cosmodrome.server.routers.webpages import page_language  # the page's own choice of language

            with i18n.using(await page_language(request)):
                return HTMLResponse(not_found_page(), status_code=404,
                                    headers={"Vary": "Accept, Accept-Language, Cookie"})
        return JSONResponse({"error": http_sentence(request, exc.status_code, headers),
                             "kind": HTTP_KINDS.get(exc.status_code, "HTTPError")},
                            status_code=exc.status_code, headers=headers or None)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError):
        errs = exc.errors()
        text = sentence(request, errs[0]) if errs else _("the request is malformed")
        return JSONResponse({"error": text, "kind": "BadRequest"}, status_code=400)


def install_openapi(app: FastAPI) -> None:
    """``/openapi.json`` as the API answers: a request that does not fit a route's model is a
    400 with an :class:`Error` (FastAPI's own description says 422 with a list of details)."""
    make = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is not None:
            return app.openapi_schema
        schema = make()
        error = {"description": MEANING[400], "content": {"application/json": {
            "schema": {"$ref": "#/components/schemas/Error"}}}}
        for ops in schema.get("paths", {}).values():
            for op in ops.values():
                answers = op.get("responses", {})
                shown = answers.get("422", {}).get("content", {}).get("application/json", {}).get("schema", {})
                if shown.get("$ref", "").endswith("/HTTPValidationError"):
                    del answers["422"]
                    answers.setdefault("400", error)
        for name in ("HTTPValidationError", "ValidationError"):
            schema.get("components", {}).get("schemas", {}).pop(name, None)
        app.openapi_schema = schema
        return schema

    app.openapi = openapi
