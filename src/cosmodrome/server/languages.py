"""The reader's language on the server (docs/SERVER.md, "Languages"; docs/TRANSLATING.md).

Every request and socket is read in one language, chosen per connection: the ``lang`` query
parameter (the page's picker), else the language the signed-in account chose (an API request
with the session cookie), else the ``Accept-Language`` header, else English. Only a
language with a catalog is taken (``cosmodrome.i18n.available``); anything else falls back
to the header's choice, never to a file path. :class:`LanguageMiddleware` sets it as the
context's language (``cosmodrome.i18n.using``) for the whole request, so views, prompts,
options, hints, log sentences, help pages and error sentences (``{"error"}``: the status and the
``kind`` stay language-free) are written in it; a socket keeps it as ``Conn.lang``, and the table
messages and notices sent to it are written in it.

``GET /api/i18n`` lists the languages, with the bot levels' names the page writes through the
catalog (``lines.LEVEL_WORDS``, the one table the server's log lines use too);
``GET /api/i18n/{lang}`` is a language's catalog as JSON for the page (the same catalog the
server reads). An account keeps the language its
person chose (``GET``/``POST /api/account/language``, table ``account_settings``), so the
page reads it in that language on any browser where they log in.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any, Optional

from fastapi import APIRouter, Request
from pydantic import Field

from cosmodrome import i18n
from cosmodrome.i18n import _
from cosmodrome.server import lines
from cosmodrome.server.accounts import COOKIE, digest
from cosmodrome.server.routers import models as m
from cosmodrome.server.routers.deps import JsonRoute, MeDep
from cosmodrome.server.routers.errors import errors
from cosmodrome.server.security import BadRequest
from cosmodrome.server.storage import AccountSettingTable, SessionTable
from cosmodrome.server.table import NotFound


def choose(query_lang: Optional[str], accept: Optional[str]) -> str:
    """The language of a connection: an available ``lang`` query value, else the best match
    of the Accept-Language header, else English.

    >>> choose("hu", "en"), choose("../../etc", "hu-HU,hu;q=0.9"), choose(None, None)
    ('hu', 'hu', 'en')
    """
    if query_lang in i18n.available():
        return query_lang  # type: ignore[return-value]
    return i18n.negotiate(accept)


def _header(scope: dict[str, Any], name: bytes) -> Optional[str]:
    for k, v in scope.get("headers") or ():
        if k == name:
            return v.decode("latin-1")
    return None


def _query_lang(scope: dict[str, Any]) -> Optional[str]:
    from urllib.parse import parse_qs

    qs = scope.get("query_string") or b""
    values = parse_qs(qs.decode("latin-1")).get("lang")
    return values[-1] if values else None


#: how long an account's language is trusted without asking the database again (seconds)
ACCOUNT_LANG_TTL = 30.0


def cookie_value(raw: Optional[str], name: str) -> Optional[str]:
    """The value of cookie ``name`` in a ``Cookie`` header (None: absent, malformed, empty or
    longer than 128 characters)."""
    from http.cookies import CookieError, SimpleCookie

    if not raw:
        return None
    try:
        morsel = SimpleCookie(raw).get(name)
    except CookieError:
        return None
    return morsel.value if morsel is not None and 0 < len(morsel.value) <= 128 else None


def _session(scope: dict[str, Any]) -> Optional[str]:
    return cookie_value(_header(scope, b"cookie"), COOKIE)


async def account_language(app: Any, session_id: str) -> Optional[str]:
    """The language the account of ``session_id`` chose (None: none, or no such session), kept
    :data:`ACCOUNT_LANG_TTL` seconds per session."""
    cache = getattr(app.state, "account_langs", None)
    if cache is None:
        cache = app.state.account_langs = {}
    key = digest(session_id)
    now = time.monotonic()
    hit = cache.get(key)
    if hit is not None and hit[1] > now:
        return hit[0]

    def fn(s) -> Optional[str]:
        ses = s.get(SessionTable, key)
        if ses is None or ses.expires < time.time():
            return None
        row = s.get(AccountSettingTable, ses.account_id)
        return row.lang if row is not None and row.lang in i18n.available() else None
    lang = await asyncio.to_thread(app.state.accounts.store.read, fn)
    if len(cache) > 10000:
        cache.clear()
    cache[key] = (lang, now + ACCOUNT_LANG_TTL)
    return lang


class LanguageMiddleware:
    """Pure ASGI middleware: the request's (or socket's) language for everything it runs."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope.get("type") not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        query = _query_lang(scope)
        if query not in i18n.available() and str(scope.get("path", "")).startswith(("/api/", "/ws/")):
            session, app = _session(scope), scope.get("app")
            if session and app is not None and hasattr(app.state, "accounts"):
                try:
                    query = await account_language(app, session) or query
                except Exception:  # the database's fault is the route's to tell; the header decides
                    pass
        lang = choose(query, _header(scope, b"accept-language"))
        with i18n.using(lang):
            await self.app(scope, receive, send)


class Language(m.Answer):
    lang: str
    name: str


class Languages(m.Answer):
    languages: list[Language]
    default: str
    levels: dict[str, str] = Field(description="bot levels named in words (English: the page looks each up in the "
                                               "reader's catalog), e.g. heuristic: Easy")


class Catalog(m.Answer):
    lang: str
    name: str
    plural: str = Field(description="the catalog's Plural-Forms expression, e.g. (n != 1)")
    nplurals: int
    messages: dict[str, Any] = Field(description="English text -> its translation (a list of forms for a plural)")
    bare: list[str] = Field(default_factory=list, description="names a field marked {name:az} writes without the "
                                                             "article (Hungarian: Kína, Európa, Japán)")


class AccountLanguage(m.Answer):
    lang: Optional[str] = Field(description="the language the account chose; null: none (the browser's)")


class ChooseLanguage(m.Request):
    lang: Optional[str] = Field(None, description="a language with a catalog (GET /api/i18n), or null for none")


def offered_levels() -> dict[str, str]:
    """The bot levels the table and the design lab offer, each named in English words."""
    from cosmodrome.server.labruns import LEVELS
    from cosmodrome.server.seatbots import DEFAULT_LEVELS

    return lines.level_words([*lines.LEVEL_WORDS, *DEFAULT_LEVELS, *LEVELS.values()])


def router() -> APIRouter:
    api = APIRouter(route_class=JsonRoute, tags=["languages"])

    @api.get("/api/i18n", response_model=Languages, summary="The languages this server has catalogs for")
    async def languages():
        return {"languages": i18n.languages(), "default": i18n.current(), "levels": offered_levels()}

    @api.get("/api/i18n/{lang}", response_model=Catalog, summary="A language's catalog for the page",
             responses=errors(404))
    async def catalog(lang: str):
        if lang not in i18n.available():
            # the name is checked against the catalogs found at start; never read as a path
            raise NotFound(_("no catalog for the language {lang!r}: the server has {names}").format(
                lang=lang[:20], names=', '.join(i18n.available())))
        return i18n.catalog(lang)

    @api.get("/api/account/language", response_model=AccountLanguage, summary="The language the account chose",
             responses=errors(401))
    async def account_language(request: Request, me: MeDep):
        accounts = request.app.state.accounts

        def fn(s) -> Optional[str]:
            row = s.get(AccountSettingTable, me.id)
            return row.lang if row is not None and row.lang in i18n.available() else None
        return {"lang": await asyncio.to_thread(accounts.store.read, fn)}

    @api.post("/api/account/language", response_model=AccountLanguage, summary="Choose the account's language",
              responses=errors(400, 401, 503))
    async def set_account_language(request: Request, body: ChooseLanguage, me: MeDep):
        accounts = request.app.state.accounts
        lang = body.lang
        if lang is not None:
            try:
                lang = i18n.check(lang)
            except ValueError as exc:
                raise BadRequest(str(exc)) from None
        now = time.time()

        def fn(s) -> None:
            row = s.get(AccountSettingTable, me.id)
            if row is None:
                s.add(AccountSettingTable(account_id=me.id, lang=lang, updated=now))
            else:
                row.lang, row.updated = lang, now
        await accounts.store.submit(fn, asyncio.get_running_loop())
        session = request.cookies.get(COOKIE)
        if session:  # this browser reads it at once (the others within ACCOUNT_LANG_TTL)
            langs = getattr(request.app.state, "account_langs", None)
            if langs is not None:
                langs.pop(digest(session), None)
        return {"lang": lang}

    return api


def install(app: Any) -> None:
    """Add the language routes and the middleware to ``app`` (one line in create_app)."""
    app.include_router(router())
    app.add_middleware(LanguageMiddleware)
