"""The static pages served already in the reader's language (docs/SERVER.md, "Languages").

Each page of ``src/cosmodrome/web/`` (the lobby, the table, the replay...) is written in
English; a reader of another language would see it in English until the page's script
translated it, and for good with scripts slow or off. So the known pages are answered here, in
front of the static files: the text of every element and its ``title``, ``placeholder`` and
``aria-label``, the page's ``<title>`` and ``<html lang>`` are written in the reader's language
from the same catalog the script reads (``i18n.catalog``, the texts ``i18n.extract_html``
collects), each page once per language and kept in memory.

The reader's language is the one the page's script chooses (web/js/i18n.js): the choice made in
the header's picker (kept in the browser and in the ``cosmodrome_lang`` cookie), else the
signed-in account's, else the ``Accept-Language`` header, else English. The answer says
``Vary: Accept-Language, Cookie``, ``Content-Language`` and ``Cache-Control: no-cache`` with an
``ETag`` per page and language (a browser asks again and gets 304 while nothing changed).

A translated page keeps each text's English id (``data-i18n`` on the element whose text it is,
``data-i18n-title`` and so on for the attributes), so that the script can write the page in
another language it chose without the English at hand, and translating it again is harmless.
Only the pages named in :data:`PAGES` are served so: a client names a page, never a file.
"""

from __future__ import annotations

import hashlib
from html import escape
from html.parser import HTMLParser
from typing import Any, Optional

from fastapi import APIRouter, Request, Response

from cosmodrome import i18n
from cosmodrome.server.accounts import COOKIE
from cosmodrome.server.routers.pages import WEB_DIR

#: the pages served in the reader's language (their file names in web/)
PAGES = ("index", "table", "replay", "rules", "lab", "account", "profile", "leaderboard", "mygames")
#: the cookie the header's picker keeps the reader's choice in (web/js/i18n.js)
LANG_COOKIE = "cosmodrome_lang"
#: the attributes whose words are translated (as web/js/i18n.js and i18n.extract_html read them)
ATTRS = ("title", "placeholder", "aria-label")
#: elements without an end tag
VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"})


class _Tag:
    """A start tag of the page, written out at the end (a text inside it may add its id)."""

    __slots__ = ("name", "attrs", "closed", "texts")

    def __init__(self, name: str, attrs: list[tuple[str, Optional[str]]], closed: bool) -> None:
        self.name, self.attrs, self.closed = name, list(attrs), closed
        self.texts: list[_Text] = []  # its own texts (not blank), translated or not

    def set(self, key: str, value: str) -> None:
        self.attrs = [(k, v) for k, v in self.attrs if k != key] + [(key, value)]

    def own_id(self) -> Optional[str]:
        """The English id of its text, when its one text is a translated one."""
        return self.texts[0].english if len(self.texts) == 1 else None

    def __str__(self) -> str:
        if self.own_id():
            self.set("data-i18n", self.own_id())  # type: ignore[arg-type]
        attrs = "".join(f" {k}" if v is None else f' {k}="{escape(v)}"' for k, v in self.attrs)
        return f"<{self.name}{attrs}{' /' if self.closed else ''}>"


class _Text:
    """A text of the page: translated (``english`` its id) or not; a translated text that shares
    its element with other texts is wrapped in a ``<span data-i18n>`` of its own."""

    __slots__ = ("parent", "english", "said")

    def __init__(self, parent: Optional[_Tag], english: Optional[str], said: str) -> None:
        self.parent, self.english, self.said = parent, english, said

    def __str__(self) -> str:
        if self.english is None or self.parent is None or self.parent.own_id():
            return self.said
        return f'<span data-i18n="{escape(self.english)}">{self.said}</span>'


class _Translator(HTMLParser):
    def __init__(self, messages: dict[str, Any], lang: str) -> None:
        super().__init__(convert_charrefs=True)
        self.messages, self.lang = messages, lang
        self.out: list[Any] = []
        self.open: list[_Tag] = []
        self.raw = 0  # inside <script> or <style>: their text is not words

    def _word(self, text: str) -> Optional[str]:
        found = self.messages.get(" ".join(text.split()))
        return found if isinstance(found, str) and found else None

    def _tag(self, name: str, attrs: list, closed: bool) -> _Tag:
        tag = _Tag(name, attrs, closed)
        for key in ATTRS:
            value = dict(tag.attrs).get(key)
            said = self._word(value) if value else None
            if said is not None:
                tag.set(key, said)
                tag.set(f"data-i18n-{key}", " ".join(value.split()))
        if name == "html":
            tag.set("lang", self.lang)
        self.out.append(tag)
        return tag

    def handle_starttag(self, name: str, attrs: list) -> None:
        tag = self._tag(name, attrs, False)
        if name in ("script", "style"):
            self.raw += 1
        if name not in VOID:
            self.open.append(tag)

    def handle_startendtag(self, name: str, attrs: list) -> None:
        self._tag(name, attrs, True)

    def handle_endtag(self, name: str) -> None:
        if name in ("script", "style"):
            self.raw = max(0, self.raw - 1)
        for i in range(len(self.open) - 1, -1, -1):
            if self.open[i].name == name:
                del self.open[i:]
                break
        self.out.append(f"</{name}>")

    def handle_data(self, data: str) -> None:
        if self.raw:
            self.out.append(data)
            return
        if not data.strip():
            self.out.append(data)
            return
        said = self._word(data)
        parent = self.open[-1] if self.open else None
        # the English id goes on the element whose text it is (web/js/i18n.js reads it there)
        text = _Text(parent, None if said is None else " ".join(data.split()),
                     escape(data if said is None else data.replace(data.strip(), said), quote=False))
        if parent is not None:
            parent.texts.append(text)
        self.out.append(text)

    def handle_decl(self, decl: str) -> None:
        self.out.append(f"<!{decl}>")

    def handle_comment(self, data: str) -> None:
        self.out.append(f"<!--{data}-->")


def translate_html(html: str, lang: str) -> str:
    """The page ``html`` (English) with its words in ``lang`` (an available language) and
    ``<html lang>`` set to it; English is returned as it is.

    >>> print(translate_html('<html lang="en"><h2 title="Yes">Yes</h2><p>zzz</p></html>', "hu"))
    <html lang="hu"><h2 title="Igen" data-i18n-title="Yes" data-i18n="Yes">Igen</h2><p>zzz</p></html>
    """
    lang = i18n.check(lang)
    if lang == i18n.SOURCE:
        return html
    parser = _Translator(i18n.catalog(lang)["messages"], lang)
    parser.feed(html)
    parser.close()
    return "".join(str(x) for x in parser.out)


def _cookie(request: Request, name: str) -> Optional[str]:
    from cosmodrome.server.languages import cookie_value

    return cookie_value(request.headers.get("cookie"), name)


async def page_language(request: Request) -> str:
    """The reader's language for a page, as its script chooses it (web/js/i18n.js): the
    picker's cookie, else the signed-in account's choice, else Accept-Language, else English.
    A name without a catalog is passed over (never read as a path)."""
    from cosmodrome.server.languages import account_language

    chosen = _cookie(request, LANG_COOKIE)
    if chosen in i18n.available():
        return chosen  # type: ignore[return-value]
    session = _cookie(request, COOKIE)
    if session and hasattr(request.app.state, "accounts"):
        try:
            mine = await account_language(request.app, session)
        except Exception:  # the database's fault: the browser's languages decide
            mine = None
        if mine in i18n.available():
            return mine  # type: ignore[return-value]
    return i18n.negotiate(request.headers.get("accept-language"))


_cache: dict[tuple[str, str, int], tuple[bytes, str]] = {}


def translated_page(page: str, lang: str) -> tuple[bytes, str]:
    """(the page ``page`` of :data:`PAGES` in ``lang``, its ETag), made once per language and
    version of its file."""
    path = WEB_DIR / f"{page}.html"
    key = (page, lang, path.stat().st_mtime_ns)
    hit = _cache.get(key)
    if hit is None:
        body = translate_html(path.read_text(encoding="utf-8"), lang).encode("utf-8")
        hit = (body, '"' + hashlib.sha256(body).hexdigest()[:32] + '"')
        for old in [k for k in _cache if k[:2] == key[:2]]:
            del _cache[old]
        _cache[key] = hit
    return hit


def _answer(page: str):
    async def answer(request: Request) -> Response:
        lang = await page_language(request)
        body, etag = translated_page(page, lang)
        headers = {"Vary": "Accept-Language, Cookie", "Content-Language": lang, "Cache-Control": "no-cache",
                   "ETag": etag}
        match = request.headers.get("if-none-match", "")
        if etag in [x.strip() for x in match.split(",")]:
            return Response(status_code=304, headers=headers)
        if request.method == "HEAD":
            headers["Content-Length"] = str(len(body))
        return Response(body if request.method == "GET" else b"", media_type="text/html; charset=utf-8",
                        headers=headers)
    answer.__name__ = f"page_{page}"
    return answer


def _router() -> APIRouter:
    """``/`` and ``/<page>.html`` for each of :data:`PAGES`, in the reader's language."""
    api = APIRouter(include_in_schema=False)
    api.add_api_route("/", _answer("index"), methods=["GET", "HEAD"])
    for page in PAGES:
        api.add_api_route(f"/{page}.html", _answer(page), methods=["GET", "HEAD"])
    return api


router = _router()
