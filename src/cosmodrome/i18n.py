"""Languages: gettext catalogs managed with Babel, read per reader (docs/TRANSLATING.md).

Every text a player reads is written in English in the code, marked for extraction with
``_()`` (translated where it is written) or ``N_()`` (marked only, translated later with
``_()``), ``ngettext()`` for plurals. ``pybabel extract`` collects them (babel.cfg), each
language keeps its catalog in ``locale/<lang>/LC_MESSAGES/cosmodrome.po``, compiled to
``cosmodrome.mo`` beside it (``make translations``; a test fails when a ``.mo`` is older
than its ``.po``).

The language is the reader's, not the game's: the server renders each message inside
:func:`using` for the language of the socket or request that reads it. ``_()`` reads the
language of the current context (a :class:`contextvars.ContextVar`), so the rules, views
and log sentences need no translator argument: a sentence is written when it is read
(``Event`` texts are ``(fn, args)``), in the reader's language. Outside :func:`using`
everything is English, as the engine, the bots and the records have always read.

A message missing from a catalog falls back to its English text (gettext's own fallback),
never to an id.

>>> with using("hu"):
...     _("Yes")
'Igen'
>>> _("Yes")
'Yes'
>>> translator("xx").gettext("Yes")
'Yes'
"""

from __future__ import annotations

import gettext as _gettext
import re
import string
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Any, Iterable, Iterator, Optional

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "cosmodrome"
#: the language the code is written in (needs no catalog)
SOURCE = "en"
#: language names in their own language, for the picker
NAMES = {"en": "English", "hu": "Magyar", "de": "Deutsch", "fr": "Français"}


@cache
def available() -> tuple[str, ...]:
    """The languages with a compiled catalog, English first."""
    found = sorted(p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo"))
    return (SOURCE,) + tuple(x for x in found if x != SOURCE)


@cache
def translator(lang: Optional[str]) -> _gettext.NullTranslations:
    """The translations of ``lang``; English (the texts as written) for English, an unknown
    language or a missing catalog."""
    if not lang or lang == SOURCE or lang not in available():
        return _gettext.NullTranslations()
    with open(LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo", "rb") as f:
        tr = _gettext.GNUTranslations(f)
    tr.add_fallback(_gettext.NullTranslations())
    tr.lang = lang  # type: ignore[attr-defined]
    return tr


_current: ContextVar[tuple[str, _gettext.NullTranslations]] = ContextVar(
    "cosmodrome_language", default=(SOURCE, _gettext.NullTranslations()))


def current() -> str:
    """The language texts are written in now."""
    return _current.get()[0]


class using:
    """Write texts in ``lang`` inside the block (an unknown language: English); ``as`` gives
    the language used. (A class rather than a generator: the server enters one for every
    socket's message.)

    >>> with using("xx") as lang:
    ...     lang, current()
    ('en', 'en')
    """

    __slots__ = ("lang", "_token")

    def __init__(self, lang: Optional[str]) -> None:
        self.lang = lang if lang in available() else SOURCE

    def __enter__(self) -> str:
        self._token = _current.set((self.lang, translator(self.lang)))
        return self.lang

    def __exit__(self, *exc: Any) -> None:
        _current.reset(self._token)


def in_source(fn, *args: Any, **kwargs: Any) -> Any:
    """``fn(*args, **kwargs)`` with texts written in English: the rules' events made for every
    reader (a table's log is read by each socket in its own language; whatever of it a game
    writes at once must not be the language of whoever happened to act).

    >>> with using("hu"):
    ...     in_source(_, "Yes")
    'Yes'
    """
    with using(SOURCE):
        return fn(*args, **kwargs)


def set_language(lang: Optional[str]) -> str:
    """Write texts in ``lang`` from now on in this context (the terminal's whole run: ``--lang``
    or ``LANG``); the server uses :func:`using` per message instead."""
    lang = lang if lang in available() else SOURCE
    _current.set((lang, translator(lang)))
    return lang


def from_environment(environ: Optional[dict] = None) -> str:
    """The language the environment asks for (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
    ``LANG``, as gettext reads them), among the available ones; English otherwise.

    >>> from_environment({"LANG": "hu_HU.UTF-8"}), from_environment({"LANG": "C"}), from_environment({})
    ('hu', 'en', 'en')
    """
    import os

    env = os.environ if environ is None else environ
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var)
        if value:
            tags = [x.split(".")[0].replace("_", "-") for x in value.split(":")]
            return negotiate(",".join(tags))
    return SOURCE


def _(message: str) -> str:
    """``message`` in the current language (English when it has no translation)."""
    lang, tr = _current.get()
    # (the empty id is the catalog's header: an empty text stays empty)
    return message if lang == SOURCE or not message else _articled(tr.gettext(message))


def gettext(message: str) -> str:
    """``_()`` for a text that is data (a name from a table, a help file's paragraph): the
    same lookup, under a name the extraction does not collect (the text is marked where it
    is written, with ``N_()`` or in its help file)."""
    return _(message)


def N_(message: str) -> str:
    """Mark ``message`` for extraction only; it is translated where it is shown, with ``_()``."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n`` in the current language."""
    lang, tr = _current.get()
    if lang == SOURCE:
        return singular if n == 1 else plural
    return _articled(tr.ngettext(singular, plural, n))


# ----- the article a field's word takes (Hungarian "a" / "az") ----------------------------
#: a field that takes its article: ``{name:az}`` ("az" or "a" before the value as it is
#: written), ``{name:Az}`` at the start of a sentence; ``{name!r:az}`` quotes it first
ARTICLED = re.compile(r"\{[^{}:]*:[aA]z\}")
_VOWELS = "aáeéiíoóöőuúüű"
#: letters whose Hungarian names begin with a vowel (an abbreviation read letter by letter)
_VOWEL_NAMED = "aáeéiíoóöőuúüűflmnrsxy"
#: Hungarian names that take no article at all (a country's name: "Kína dob", beside "a
#: Szovjetunió dob"): a ``{name:az}`` field holding one of them writes the bare name. The
#: page reads the same list from the catalog it is sent (:func:`catalog`'s ``bare``).
BARE_NAMES = ("Kína", "Európa", "Japán")
_BARE = re.compile(r"(?:{})(?!\w)".format("|".join(BARE_NAMES)))


def takes_article(text: str) -> bool:
    """Whether ``text`` takes the definite article in Hungarian: not a name of
    :data:`BARE_NAMES` ("Kína", "Európa és a Szovjetunió").

    >>> [takes_article(x) for x in ("Kína", "Kínai", "Szovjetunió", "Európa és a Szovjetunió")]
    [False, True, True, False]
    """
    return not _BARE.match(text)


def article(word: Any) -> str:
    """The Hungarian definite article before ``word`` as it is read: "az" before a vowel sound,
    "a" before a consonant. A number is read as a word too: egy (1), öt (5), ötven, ötszáz,
    ezer (1000), egymillió begin with a vowel; kettő, tíz, száz, tízezer with a consonant.
    An abbreviation without vowels, or one letter, is read letter by letter (S: "es", FS:
    "ef-es", x: "iksz").

    >>> [article(x) for x in (1, 2, 5, 10, 15, 50, 100, 500, 1000, 1500, 10000, "Anna", "Béla", "„Ötös”", "S", "x")]
    ['az', 'a', 'az', 'a', 'a', 'az', 'a', 'az', 'az', 'az', 'a', 'az', 'a', 'az', 'az', 'az']
    """
    text = str(word).lstrip(" \"'„“”‘’«»()[]<>-–—#*")
    m = re.match(r"[0-9][0-9 \u00a0\u202f]*", text)
    if m:
        digits = re.sub(r"\D", "", m.group(0)).lstrip("0") or "0"
        if digits == "0":
            return "a"  # nulla
        lead = digits[:len(digits) % 3 or 3]  # the leading group of three: "1" of 1 500, "15" of 15 000
        return "az" if lead[0] == "5" or lead == "1" else "a"
    token = re.match(r"\w+", text)
    if not token:
        return "a"
    w = token.group(0)
    if len(w) == 1 or (w.isupper() and len(w) <= 4 and not any(c in _VOWELS for c in w.lower())):
        return "az" if w[0].lower() in _VOWEL_NAMED else "a"
    return "az" if w[0].lower() in _VOWELS else "a"


class _ArticleFormatter(string.Formatter):
    def format_field(self, value: Any, spec: str) -> str:
        if spec in ("az", "Az"):
            text = format(value, "")
            if not takes_article(text):
                return text
            art = article(text)
            return (art.capitalize() if spec == "Az" else art) + " " + text
        return super().format_field(value, spec)


_FORMATTER = _ArticleFormatter()


class Articled(str):
    """A translated text with ``{field:az}`` fields: ``.format()`` writes each with the article
    its value takes (``"Kezdődik {n:az}. kör."`` → "Kezdődik az 5. kör.", "Kezdődik a 2. kör.").

    >>> Articled("{n:Az}. kör, {w!r:az} szó").format(n=1, w="alma")
    "Az 1. kör, az 'alma' szó"
    """

    __slots__ = ()

    def format(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        return _FORMATTER.vformat(str(self), args, kwargs)

    def format_map(self, mapping: Any) -> str:  # type: ignore[override]
        return _FORMATTER.vformat(str(self), (), mapping)


def _articled(text: str) -> str:
    """``text``, as an :class:`Articled` when a field of it takes its article (looked at once
    per catalog text: a table's every message reads hundreds of them)."""
    got = _ARTICLED_SEEN.get(text)
    if got is None:
        got = _ARTICLED_SEEN[text] = Articled(text) if ARTICLED.search(text) else text
    return got


#: catalog texts already looked at by :func:`_articled` (bounded by the catalogs' size)
_ARTICLED_SEEN: dict[str, str] = {}


# ----- sentences written when they are read (a game's log) --------------------------------
class Word:
    """A word of a sentence written when it is read: ``fn(*args)`` then, in the reader's
    language (a seat's name, a place, a card, a die).

    >>> "{}!".format(Word(str.upper, "moon"))
    'MOON!'
    """

    __slots__ = ("fn", "args")

    def __init__(self, fn, *args: Any) -> None:
        self.fn = fn
        self.args = args

    def __format__(self, spec: str) -> str:
        return format(self.fn(*self.args), spec)

    def __str__(self) -> str:
        return self.__format__("")


def says(template: str, **values: Any) -> tuple:
    """A log sentence written when read: ``template`` (English, translated then) formatted
    with ``values``; a ``Word`` value, or one that is itself ``says(...)``, is written then
    too. ``(fn, args)`` for a game's ``Event`` (mark the template by calling ``says`` with a
    literal: the extraction collects it).

    >>> fn, args = says("{who} takes {n}.", who=Word(str.title, "ada"), n=3); fn(*args)
    'Ada takes 3.'
    """
    return (_written, (template, values))


def _written(template: str, values: dict) -> str:
    return gettext(template).format(**{k: v[0](*v[1]) if _is_said(v) else v for k, v in values.items()})


def _is_said(v: Any) -> bool:
    return isinstance(v, tuple) and len(v) == 2 and callable(v[0]) and isinstance(v[1], tuple)


def later(fn, *args: Any) -> tuple:
    """A text written when it is read, ``fn(*args)`` then (a notice sent to many readers: each
    reads it in their own language); :func:`written` writes it.

    >>> written(later(str.upper, "moon")), written("as it is")
    ('MOON', 'as it is')
    """
    return (fn, args)


def written(text: Any) -> Any:
    """``text`` written now, in the current language: a :func:`says` or :func:`later` tuple is
    written, anything else is returned as it is."""
    return text[0](*text[1]) if _is_said(text) else text


def pgettext(context: str, message: str) -> str:
    """``message`` in the sense ``context`` names (a word with two meanings in English)."""
    lang, tr = _current.get()
    return message if lang == SOURCE else _articled(tr.pgettext(context, message))


def os_reason(exc: OSError) -> str:
    """Why a file could not be read or written, in the current language (the system's own
    words, ``strerror``, are English); an uncommon cause keeps the system's words.

    >>> os_reason(FileNotFoundError(2, "No such file or directory"))
    'no such file or directory'
    """
    import errno

    words = {errno.ENOENT: N_("no such file or directory"), errno.EACCES: N_("permission denied"),
             errno.EPERM: N_("permission denied"), errno.EISDIR: N_("it is a directory"),
             errno.ENOTDIR: N_("a part of the path is not a directory"),
             errno.ENOSPC: N_("no space left on the device"),
             errno.EROFS: N_("the file system is read-only"), errno.ENAMETOOLONG: N_("the file name is too long")}
    known = words.get(exc.errno) if exc.errno is not None else None
    return _(known) if known else str(exc.strerror or exc)


def json_reason(exc: Any) -> str:
    """Where a text is not JSON (a ``json.JSONDecodeError``), in the current language.

    >>> import json
    >>> try:
    ...     json.loads("{x")
    ... except json.JSONDecodeError as exc:
    ...     json_reason(exc)
    'unexpected text at line 1, column 2'
    """
    line, col = getattr(exc, "lineno", None), getattr(exc, "colno", None)
    if line is None:
        return str(exc)
    return _("unexpected text at line {line}, column {col}").format(line=line, col=col)


def negotiate(accept: Optional[str], choices: Optional[Iterable[str]] = None) -> str:
    """The best of ``choices`` (the available languages) for an Accept-Language header or a
    ``navigator.languages``-like list joined by commas; English when none fits.

    >>> negotiate("hu-HU,hu;q=0.9,en;q=0.8", ["en", "hu"]), negotiate("de", ["en", "hu"]), negotiate(None)
    ('hu', 'en', 'en')
    """
    choices = list(available() if choices is None else choices)
    wanted = []
    for i, part in enumerate((accept or "").split(",")):
        bits = part.strip().split(";")
        tag = bits[0].strip().lower()
        if not tag:
            continue
        q = 1.0
        for b in bits[1:]:
            b = b.strip()
            if b.startswith("q="):
                try:
                    q = float(b[2:])
                except ValueError:
                    q = 0.0
        wanted.append((-q, i, tag))
    for _q, _i, tag in sorted(wanted):
        for c in choices:
            if tag == c or tag.split("-")[0] == c:
                return c
    return SOURCE


def check(lang: Any) -> str:
    """``lang`` when it is an available language; a ValueError naming the choices otherwise
    (a language comes from a client: it is checked against the catalogs, never used as a path)."""
    if isinstance(lang, str) and lang in available():
        return lang
    raise ValueError(f"unknown language {str(lang)[:20]!r}: choose one of {', '.join(available())}")


@cache
def catalog(lang: str) -> dict[str, Any]:
    """The catalog of ``lang`` for the page: ``{"lang", "plural" (the Plural-Forms
    expression), "messages": {msgid: msgstr, or [forms] for a plural}, "bare": the names a
    ``{name:az}`` field writes without an article}``, the translated messages only (the page
    falls back to the English text as the server does)."""
    lang = check(lang)
    if lang == SOURCE:
        return {"lang": SOURCE, "name": NAMES[SOURCE], "plural": "n != 1", "nplurals": 2, "messages": {},
                "bare": []}
    from babel.messages.pofile import read_po  # the page's catalog comes from the source .po

    with open(LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po", "rb") as f:
        cat = read_po(f, locale=lang)
    messages: dict[str, Any] = {}
    for m in cat:
        if not m.id or m.fuzzy:
            continue
        if isinstance(m.id, (list, tuple)):
            forms = list(m.string)
            if all(forms):
                messages[m.id[0]] = forms
        elif m.string:
            key = m.id if not m.context else f"{m.context}\x04{m.id}"
            messages[key] = m.string
    return {"lang": lang, "name": NAMES.get(lang, lang), "plural": cat.plural_expr, "nplurals": cat.num_plurals,
            "messages": messages, "bare": list(BARE_NAMES) if lang == "hu" else []}


def languages() -> list[dict[str, str]]:
    """The available languages with their names, for the picker."""
    return [{"lang": x, "name": NAMES.get(x, x)} for x in available()]


def number(n: Any, lang: Optional[str] = None) -> str:
    """A number written as ``lang`` (the current language by default) writes it.

    >>> number(1234.5, "hu"), number(1234.5, "en")
    ('1\\xa0234,5', '1,234.5')
    """
    from babel.numbers import format_decimal

    return format_decimal(n, locale=lang or current())


# ----- extraction of the texts kept in TOML files (help pages) -------------------------
#: TOML keys whose string values are player-visible texts
TOML_TEXT_KEYS = frozenset({"title", "text", "heading", "source", "summary", "intro", "caption", "hint", "prompt",
                            "description", "note", "texts", "rulebook"})
#: TOML keys whose every string inside (a table of texts) is a text
TOML_TEXT_TABLES = frozenset({"options"})
#: the words of an SVG diagram: the contents of its <text> elements
SVG_WORDS = re.compile(r"(<text\b[^>]*>)([^<]+)(</text>)")


def svg_words(svg: str) -> str:
    """An SVG diagram with the words of its <text> elements in the current language."""
    return SVG_WORDS.sub(lambda m: m.group(1) + _(m.group(2)) + m.group(3), svg)


def extract_toml(fileobj, keywords, comment_tags, options) -> Iterator[tuple[int, str, str, list[str]]]:
    """A Babel extractor for TOML files (babel.cfg): every string under a text key, with its
    line, as a message to translate (``_()`` translates it where the page shows it). The
    option ``keys`` (babel.cfg, space-separated) names more keys whose strings are texts (a
    component file's names: ``keys = name abilities``)."""
    import tomllib

    text_keys = TOML_TEXT_KEYS | frozenset(str((options or {}).get("keys", "")).split())
    raw = fileobj.read().decode("utf-8")
    data = tomllib.loads(raw)
    lines = raw.splitlines()

    def line_of(text: str) -> int:
        first = text.strip().splitlines()[0][:40] if text.strip() else text
        for i, ln in enumerate(lines, 1):
            if first and first in ln:
                return i
        return 1

    seen: set[str] = set()

    def one(text: str) -> Iterator[tuple[int, str, str, list[str]]]:
        if text.strip() and text not in seen:
            seen.add(text)
            yield (line_of(text), "_", text, [])

    def walk(node: Any, key: str = "", table: bool = False) -> Iterator[tuple[int, str, str, list[str]]]:
        if isinstance(node, dict):
            for k, v in node.items():
                yield from walk(v, k, table or k in TOML_TEXT_TABLES)
        elif isinstance(node, list):
            for v in node:
                yield from walk(v, key, table)
        elif isinstance(node, str) and key == "svg":
            for m in SVG_WORDS.finditer(node):
                yield from one(m.group(2))
        elif isinstance(node, str) and (table or key in text_keys):
            # a text of several paragraphs is shown (and so translated) paragraph by paragraph
            for para in (node.split("\n\n") if key == "text" else [node]):
                yield from one(para.strip())

    yield from walk(data)


def extract_html(fileobj, keywords, comment_tags, options) -> Iterator[tuple[int, str, str, list[str]]]:
    """A Babel extractor for the page's HTML files (babel.cfg): the text of every element
    (whitespace folded, as web/js/i18n.js looks it up) and its title, placeholder and
    aria-label attributes; scripts and styles are skipped."""
    from html.parser import HTMLParser

    found: list[tuple[int, str]] = []

    class Parser(HTMLParser):
        skip = 0

        def handle_starttag(self, tag: str, attrs: list) -> None:
            if tag in ("script", "style"):
                self.skip += 1
            for k, v in attrs:
                if k in ("title", "placeholder", "aria-label") and v and re.search("[A-Za-z]", v):
                    found.append((self.getpos()[0], " ".join(v.split())))

        def handle_endtag(self, tag: str) -> None:
            if tag in ("script", "style"):
                self.skip -= 1

        def handle_data(self, data: str) -> None:
            text = " ".join(data.split())
            if not self.skip and re.search("[A-Za-z]", text) and text not in ("Cosmodrome",):
                found.append((self.getpos()[0], text))

    parser = Parser()
    parser.feed(fileobj.read().decode("utf-8"))
    seen: set[str] = set()
    for line, text in found:
        if text not in seen:
            seen.add(text)
            yield (line, "_", text, [])
