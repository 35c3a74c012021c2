"""The server's defences against hostile input (see docs/SERVER.md, "Security").

- :func:`parse_json`: request bodies and socket frames are JSON of bounded size, depth and
  number length; anything else is a :class:`BadRequest` (400), never a fault of the server.
- :class:`Guard`: an ASGI middleware that caps request bodies (413) and refuses requests from
  another site: the ``Host`` header must name an address the server serves, and an ``Origin``
  header must be the page's own site or one of the configured hosts (403).
- :class:`RateLimit`: at most so many new games per client address in a time window (429).
- Seat tokens travel in the ``X-Cosmodrome-Token`` header (or a socket's first frame), never in
  a URL; :func:`redact` blanks a token that an old link still put in a URL before it reaches a
  log line (:func:`install_log_redaction` for uvicorn's access log), however the URL encodes it.
- :class:`PageHeaders`: every answer forbids framing by another site and sends no ``Referer``.

>>> parse_json(b'{"a": [1, 2]}', "the request body")
{'a': [1, 2]}
>>> redact("GET /table.html?game=abc&token=s3cr3t,t0k3n HTTP/1.1")
'GET /table.html?game=abc&token=[hidden] HTTP/1.1'
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import time
from collections import deque
from typing import Any, Iterable, Optional
from urllib.parse import unquote_plus, urlsplit

from cosmodrome.core import CosmodromeError
from cosmodrome.i18n import N_, _, json_reason

#: the header in which a client sends its seat token
TOKEN_HEADER = "x-cosmodrome-token"
#: default caps
MAX_BODY = 1 << 20          # a request body (a record with a variant's data fits easily)
MAX_FRAME = 16 << 10        # a socket frame (an action is a few dozen bytes)
MAX_DEPTH = 32              # nesting of JSON arrays and objects
MAX_DIGITS = 40             # digits of one JSON number


class BadRequest(CosmodromeError):
    """A malformed request (HTTP 400)."""


class TooLarge(CosmodromeError):
    """A request body over the size cap (HTTP 413)."""


class TooMany(CosmodromeError):
    """Too many requests of one kind from one address (HTTP 429)."""


class TooSlow(CosmodromeError):
    """A request body that did not come in time (HTTP 408)."""


class OtherSite(CosmodromeError):
    """A request from another site, or for a host this server does not serve (HTTP 403)."""


# ----- JSON ------------------------------------------------------------------------------
def _number(kind: str):
    def parse(text: str):
        if len(text) > MAX_DIGITS:
            raise BadRequest(_("a number in the JSON is {n} characters long; at most {most} are accepted").format(
                n=len(text), most=MAX_DIGITS))
        if kind == "int":
            return int(text)
        value = float(text)
        if value in (float("inf"), float("-inf")):
            raise BadRequest(_("the number {text} in the JSON is too large").format(text=text))
        return value
    return parse


def _constant(name: str):
    raise BadRequest(_("{name} is not a JSON number").format(name=name))


def nesting_depth(value: Any, limit: int) -> int:
    """The nesting depth of ``value`` (1 for a scalar), not looking deeper than ``limit``."""
    stack = [(value, 1)]
    deepest = 1
    while stack:
        v, d = stack.pop()
        deepest = max(deepest, d)
        if d > limit:
            return d
        if isinstance(v, dict):
            stack.extend((x, d + 1) for x in v.values())
        elif isinstance(v, list):
            stack.extend((x, d + 1) for x in v)
    return deepest


NOT_TEXT = N_("contains a character that is not valid text (a lone surrogate)")


def is_text(s: str) -> bool:
    """Whether ``s`` is valid Unicode text: no lone UTF-16 surrogate (which a JSON ``\\ud800``
    escape can make), so it can be stored and sent back as UTF-8.

    >>> is_text("ab\\U0001F680"), is_text("ab\\ud800cd")
    (True, False)
    """
    try:
        s.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def check_text(value: Any, what: str) -> None:
    """:class:`BadRequest` when a string anywhere in ``value`` (keys and values, at any depth)
    holds a lone surrogate."""
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            if not is_text(v):
                raise BadRequest(_("{what} {problem}").format(what=what, problem=_(NOT_TEXT)))
        elif isinstance(v, dict):
            stack.extend(v.keys())
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)


def text_safe(s: str) -> str:
    """``s`` with any lone surrogate replaced by ``?`` (for text stored by older code)."""
    return s if is_text(s) else s.encode("utf-8", "replace").decode("utf-8")


def parse_json(raw: Any, what: str, max_bytes: int = MAX_BODY) -> Any:
    """``raw`` (bytes or text) as JSON, or :class:`BadRequest` naming what is wrong with it.

    >>> parse_json(b"[" * 40 + b"]" * 40, "the message")  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    cosmodrome.server.security.BadRequest: the message nests arrays and objects more than 32 deep;
    at most 32 levels are accepted
    """
    size = len(raw.encode("utf-8") if isinstance(raw, str) else raw)
    if size > max_bytes:
        raise TooLarge(_("{what} is {size} bytes long; at most {max_bytes} are accepted").format(
            what=what, size=size, max_bytes=max_bytes))
    try:
        data = json.loads(raw or b"null", parse_int=_number("int"), parse_float=_number("float"),
                          parse_constant=_constant)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise BadRequest(_("{what} is not valid JSON: {exc}").format(what=what, exc=json_reason(exc))) from None
    except RecursionError:
        raise BadRequest(_("{what} nests arrays and objects too deep; at most {depth} levels are accepted").format(
            what=what, depth=MAX_DEPTH)) from None
    except ValueError as exc:  # e.g. a number Python refuses to convert
        raise BadRequest(_("{what} holds a value that cannot be read: {exc}").format(what=what, exc=exc)) from None
    if nesting_depth(data, MAX_DEPTH) > MAX_DEPTH:
        raise BadRequest(_("{what} nests arrays and objects more than {depth} deep; at most {depth} levels "
                           "are accepted").format(what=what, depth=MAX_DEPTH))
    check_text(data, what)
    return data


def flag(data: dict[str, Any], key: str, default: bool = False) -> bool:
    """A true/false field of a request: JSON true or false, nothing else.

    >>> flag({"public": True}, "public")
    True
    >>> flag({"public": "no"}, "public")
    Traceback (most recent call last):
    ...
    cosmodrome.server.security.BadRequest: 'public' must be true or false, not 'no'
    """
    v = data.get(key, default)
    if v is None:
        return default
    if not isinstance(v, bool):
        raise BadRequest(_("{key!r} must be true or false, not {v!r}").format(key=key, v=v))
    return v


# ----- tokens in URLs ----------------------------------------------------------------------
#: a query key (or path part) that names a secret, once decoded: a seat token above all
_SECRET_KEY = re.compile(r"token|passw|secret|session|auth|^sid$|^key$", re.IGNORECASE)
#: a ``key=`` naming a secret inside decoded text (a value that holds a URL or a query of its own)
_SECRET_IN_TEXT = re.compile(r"(?:token|passw|secret|session|auth|(?<![a-z0-9])sid|(?<![a-z0-9])key)[^=&;?/#]*=",
                             re.IGNORECASE)
#: the places where a URL's parts split: path segments, the query and its parameters
_PARTS = re.compile(r"([?&;/#])")
HIDDEN = "[hidden]"


def _decoded(text: str) -> str:
    """``text`` percent-decoded (``+`` as a space) until it no longer changes (at most 4 times:
    ``%2565`` is ``%65`` is ``e``), as a page's ``URLSearchParams`` or the API may read it."""
    for _i in range(4):
        plain = unquote_plus(text)
        if plain == text:
            break
        text = plain
    return text


def _redact_word(word: str) -> str:
    parts = _PARTS.split(word)
    for i in range(0, len(parts), 2):
        part = parts[i]
        key, eq, value = part.partition("=")
        if eq and _SECRET_KEY.search(_decoded(key).strip(" []")):
            parts[i] = key + "=" + HIDDEN
        elif _SECRET_IN_TEXT.search(_decoded(part)):  # an encoded "token=" inside a key or a value
            parts[i] = key + "=" + HIDDEN if eq and not _SECRET_IN_TEXT.search(_decoded(key) + "=") else HIDDEN
    return "".join(parts)


def redact(text: str) -> str:
    """``text`` with the value of every URL parameter (or path part) whose key names a secret
    (``token=``, however it is encoded: ``tok%65n=``, ``%74oken=``, ``TOKEN=``; also password,
    secret, session) replaced by ``[hidden]``, and any part whose decoded text holds such a
    ``key=`` (``next=%2F%3Ftoken%3DT``) hidden too. The rest is left as it was written (not
    decoded, so no decoded line break reaches the log).

    >>> redact("GET /table.html?game=abc&tok%65n=s3cr3t HTTP/1.1")
    'GET /table.html?game=abc&tok%65n=[hidden] HTTP/1.1'
    >>> redact("GET /x?next=%2Ftable.html%3Fgame%3Da%26token%3DT&game=b HTTP/1.1")
    'GET /x?next=[hidden]&game=b HTTP/1.1'
    """
    if "=" not in text and "%" not in text:
        return text
    return "".join(_redact_word(w) if ("=" in w or "%" in w) else w for w in re.split(r"""(\s+|["'])""", text))


class _RedactFilter(logging.Filter):
    """Blanks seat tokens of old ``?token=`` links (however encoded) in uvicorn's log lines."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        return True


def install_log_redaction(names: Iterable[str] = ("uvicorn.access", "uvicorn.error")) -> None:
    """Put the redacting filter on the named loggers (once)."""
    for name in names:
        logger = logging.getLogger(name)
        if not any(isinstance(f, _RedactFilter) for f in logger.filters):
            logger.addFilter(_RedactFilter())


def token_from(headers: Any, query: Any) -> Optional[str]:
    """The seat token of a request: the ``X-Cosmodrome-Token`` header (None without one).

    A token in the URL's query is refused, because URLs are written to access logs."""
    if query.get("token"):
        raise BadRequest(_("a seat token must not be sent in the URL (web servers and proxies write URLs to their "
                           "logs): send it in the X-Cosmodrome-Token header"))
    tok = headers.get(TOKEN_HEADER)
    return tok or None


# ----- rate limits -----------------------------------------------------------------------
class RateLimit:
    """At most ``limit`` events per ``window`` seconds for each key (a client address).

    >>> r = RateLimit(2, 60.0, clock=lambda: 0.0)
    >>> r.hit("a"); r.hit("a"); r.hit("b")
    >>> r.hit("a")  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    cosmodrome.server.security.TooMany: this address has created 2 games in the last 60 s, the most allowed;
    try again in 60 s
    """

    def __init__(self, limit: int, window: float, what: str = N_("created {n} games"), clock=time.monotonic) -> None:
        self.limit, self.window, self.what, self.clock = limit, window, what, clock
        self.seen: dict[str, deque] = {}

    def hit(self, key: str) -> None:
        if self.limit <= 0:
            return
        now = self.clock()
        q = self.seen.setdefault(key, deque())
        while q and q[0] <= now - self.window:
            q.popleft()
        if len(q) >= self.limit:
            wait = max(1, round(q[0] + self.window - now))
            exc = TooMany(_("this address has {done} in the last {window:g} s, the most allowed; try again in "
                            "{wait} s").format(done=_(self.what).format(n=self.limit), window=self.window, wait=wait))
            exc.wait = wait
            raise exc
        q.append(now)
        if len(self.seen) > 10000:  # forget idle addresses
            for k in [k for k, v in self.seen.items() if not v or v[-1] <= now - self.window]:
                del self.seen[k]


class TokenBucket:
    """At most ``burst`` events at once and ``rate`` a second over time (a token bucket).

    >>> now = [0.0]
    >>> b = TokenBucket(2, 1.0, clock=lambda: now[0])
    >>> b.take(), b.take(), b.take()
    (0.0, 0.0, 1.0)
    >>> now[0] = 0.5; b.take()
    0.5
    >>> now[0] = 1.0; b.take()
    0.0
    """

    def __init__(self, burst: float, rate: float, clock=time.monotonic) -> None:
        self.burst, self.rate, self.clock = float(burst), float(rate), clock
        self.tokens, self.when = float(burst), clock()

    def take(self) -> float:
        """0.0 when an event may go now (it is counted), else the seconds until one may."""
        if self.burst <= 0:
            return 0.0
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.when) * self.rate)
        self.when = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return 0.0
        return (1.0 - self.tokens) / self.rate if self.rate > 0 else float("inf")


class Buckets:
    """A :class:`TokenBucket` per key (a client address), idle ones forgotten."""

    def __init__(self, burst: float, rate: float, clock=time.monotonic) -> None:
        self.burst, self.rate, self.clock = burst, rate, clock
        self.by_key: dict[Any, TokenBucket] = {}

    def take(self, key: Any) -> float:
        b = self.by_key.get(key)
        if b is None:
            if len(self.by_key) > 10000:  # forget the full (idle) buckets
                now = self.clock()
                for k in [k for k, v in self.by_key.items()
                          if v.tokens + (now - v.when) * v.rate >= v.burst]:
                    del self.by_key[k]
            b = self.by_key[key] = TokenBucket(self.burst, self.rate, self.clock)
        return b.take()


# ----- the guard middleware ----------------------------------------------------------------
_DEFAULT_PORT = {"http": 80, "https": 443}


def _hostname(netloc: str) -> tuple[str, Optional[int]]:
    """(lower-case host name, port or None) of ``host[:port]`` (IPv6 in brackets)."""
    try:
        parts = urlsplit("//" + netloc)
        return (parts.hostname or "").lower(), parts.port
    except ValueError:
        return "", None


def origin_of(url: str) -> Optional[tuple[str, str, int]]:
    """(scheme, host, port) of an http(s) URL or ``Origin`` header, the port filled in from the
    scheme; None for anything else (``null``, another scheme, a malformed port).

    >>> origin_of("https://Games.Example.org"), origin_of("http://127.0.0.1:8000/x")
    (('https', 'games.example.org', 443), ('http', '127.0.0.1', 8000))
    >>> origin_of("null") is None and origin_of("ftp://x") is None
    True
    """
    try:
        parts = urlsplit(url.strip())
        scheme, host, port = parts.scheme.lower(), (parts.hostname or "").lower(), parts.port
    except ValueError:
        return None
    if scheme not in _DEFAULT_PORT or not host:
        return None
    return scheme, host, port if port is not None else _DEFAULT_PORT[scheme]


#: the media type a JSON body must be sent with
JSON_TYPE = "application/json"
_SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


class UnsupportedType(CosmodromeError):
    """A request body that is not sent as ``application/json`` (HTTP 415)."""


def json_body_type(method: str, headers: dict[str, str]) -> None:
    """Refuse (415) a request that changes something and carries a body, or names a type, other
    than ``application/json`` (an optional ``charset`` is fine). A page of another site can
    send ``text/plain`` or form bodies without asking the browser's leave; JSON it cannot.

    >>> json_body_type("POST", {"content-type": "application/json; charset=utf-8", "content-length": "2"})
    >>> json_body_type("POST", {})  # no body at all
    >>> json_body_type("POST", {"content-type": "text/plain", "content-length": "2"})
    ...  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    cosmodrome.server.security.UnsupportedType: the request body must be sent as application/json
    (Content-Type: application/json), not 'text/plain'
    """
    if method.upper() in _SAFE_METHODS:
        return
    raw = headers.get("content-type")
    has_body = headers.get("content-length", "0").strip() not in ("", "0") or "transfer-encoding" in headers
    if raw is None and not has_body:
        return
    kind = (raw or "").split(";", 1)[0].strip().lower()
    if kind != JSON_TYPE:
        what = _("not {kind!r}").format(kind=kind) if kind else _("but it came without one")
        raise UnsupportedType(_("the request body must be sent as {json} (Content-Type: {json}), {what}").format(
            json=JSON_TYPE, what=what))


class Guard:
    """ASGI middleware: body size cap, Host check, same-origin check, JSON bodies only, and a
    cap on the sockets one address holds open.

    ``allowed_hosts``: the host names this server answers to (entries may also be whole
    origins, ``https://name[:port]``); None answers to any Host (then only the Origin check
    protects, which is enough against other sites but not against DNS rebinding).

    An ``Origin`` must be exactly (scheme, host and port) one of: the request's own origin (its
    scheme, which uvicorn takes from ``X-Forwarded-Proto`` only from trusted proxies, and its
    ``Host``), the ``public_url``'s origin, or an origin given in ``allowed_hosts``. A bare host
    name in ``allowed_hosts`` counts for the Host check only: a page on another port or scheme
    of an allowed name is another site. ``Origin: null`` (a sandboxed or local file page) is
    refused.

    ``max_sockets`` (0: no cap): the WebSockets one client address may hold open at once; one
    more is refused before its handshake."""

    def __init__(self, app, *, allowed_hosts: Optional[Iterable[str]] = None, max_body: int = MAX_BODY,
                 public_url: Optional[str] = None, max_sockets: int = 0, body_timeout: float = 0.0) -> None:
        self.app = app
        hosts: Optional[set[str]] = None
        self.origins: set[tuple[str, str, int]] = set()
        if allowed_hosts is not None:
            hosts = set()
            for h in allowed_hosts:
                h = h.strip().lower()
                if not h:
                    continue
                if "://" in h:
                    o = origin_of(h)
                    if o is None:
                        raise ValueError(f"allowed host {h!r} is neither a host name nor an http(s) origin")
                    self.origins.add(o)
                    hosts.add(o[1].strip("[]"))
                else:
                    hosts.add(h.strip("[]"))
        if public_url:
            o = origin_of(public_url)
            if o is not None:
                self.origins.add(o)
        self.any_host = hosts is None or "*" in hosts
        self.hosts = set() if hosts is None else hosts
        self.max_body = max_body
        self.max_sockets = max_sockets
        self.body_timeout = body_timeout
        self.sockets: dict[str, int] = {}

    def check(self, headers: dict[str, str], scheme: str = "http") -> None:
        host, host_port = _hostname(headers.get("host", ""))
        if not self.any_host and host.strip("[]") not in self.hosts:
            raise OtherSite(_("this server does not serve the host {host!r}; its operator can allow it with "
                              "--allowed-hosts").format(host=host or '(none)'))
        origin = headers.get("origin")
        if origin is None:
            return
        scheme = {"ws": "http", "wss": "https"}.get(scheme, scheme)
        own = (scheme, host, host_port if host_port is not None else _DEFAULT_PORT.get(scheme, 80))
        theirs = origin_of(origin) if origin != "null" else None
        if theirs is None or (theirs != own and theirs not in self.origins):
            raise OtherSite(_("requests from another site ({origin}) are refused: open the game from this server's "
                              "own pages (behind a proxy, give the server --public-url)").format(origin=origin[:80]))

    async def __call__(self, scope, receive, send):
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        try:
            self.check(headers, scope.get("scheme", "http"))
            if kind == "http":
                length = headers.get("content-length")
                if length is not None and length.isdigit() and int(length) > self.max_body:
                    raise TooLarge(_("the request body is {length} bytes long; at most {max_body} are accepted").format(
                        length=length, max_body=self.max_body))
                json_body_type(scope.get("method", "GET"), headers)
        except CosmodromeError as exc:
            if kind == "websocket":  # refused before the handshake
                return await _refuse_socket(scope, send, exc)
            return await _send_error(send, exc)
        if kind == "websocket":
            return await self._socket(scope, receive, send)

        total = 0
        started = False
        whole = False  # the body has come in full
        deadline = asyncio.get_running_loop().time() + self.body_timeout

        async def counted():
            nonlocal total, whole
            if whole or not self.body_timeout:
                msg = await receive()
            else:
                try:
                    msg = await asyncio.wait_for(receive(), max(0.0, deadline - asyncio.get_running_loop().time()))
                except TimeoutError:
                    raise TooSlow(_("the request body did not come in full within {body_timeout:g} s").format(
                        body_timeout=self.body_timeout)) from None
            if msg["type"] == "http.request":
                total += len(msg.get("body", b""))
                whole = not msg.get("more_body", False)
                if total > self.max_body:
                    raise TooLarge(_("the request body is over {max_body} bytes; at most {max_body} "
                                     "are accepted").format(max_body=self.max_body))
            return msg

        async def sending(msg):
            nonlocal started
            if msg["type"] == "http.response.start":
                started = True
            await send(msg)

        try:
            await self.app(scope, counted, sending)
        except (TooLarge, TooSlow) as exc:
            if started:
                raise
            await _send_error(send, exc)

    async def _socket(self, scope, receive, send):
        """A WebSocket, counted against its address's cap while it is open."""
        client = (scope.get("client") or ("unknown", 0))[0]
        n = self.sockets.get(client, 0)
        if self.max_sockets and n >= self.max_sockets:
            return await _refuse_socket(scope, send, TooMany(
                _("this address holds {n} sockets open, the most allowed; close one (another tab) first").format(n=n)))
        self.sockets[client] = n + 1
        try:
            return await self.app(scope, receive, send)
        finally:
            left = self.sockets.get(client, 1) - 1
            if left > 0:
                self.sockets[client] = left
            else:
                self.sockets.pop(client, None)


# ----- headers of every answer ---------------------------------------------------------------
#: what every HTTP answer says to the browser: no page of this server inside another site's
#: frame (clickjacking), and no address of it (an old ``?token=`` link) in a ``Referer``
FRAME_ANCESTORS = "frame-ancestors 'none'"
PAGE_HEADERS = {"x-frame-options": "DENY", "referrer-policy": "no-referrer"}


def with_page_headers(headers: list[tuple[bytes, bytes]]) -> list[tuple[bytes, bytes]]:
    """``headers`` (an ASGI answer's) with :data:`PAGE_HEADERS` and ``frame-ancestors 'none'``
    in its ``Content-Security-Policy`` (added to a policy the answer already has, unless that
    names its own ``frame-ancestors``); a header the answer sets itself is kept.

    >>> with_page_headers([(b"content-security-policy", b"default-src 'self'")])  # doctest: +NORMALIZE_WHITESPACE
    [(b'content-security-policy', b"default-src 'self'; frame-ancestors 'none'"),
     (b'x-frame-options', b'DENY'), (b'referrer-policy', b'no-referrer')]
    """
    out, have = [], set()
    for k, v in headers:
        name = k.decode("latin-1").lower()
        if name == "content-security-policy" and b"frame-ancestors" not in v.lower():
            v = v.rstrip(b"; ") + b"; " + FRAME_ANCESTORS.encode() if v.strip() else FRAME_ANCESTORS.encode()
        have.add(name)
        out.append((k, v))
    if "content-security-policy" not in have:
        out.append((b"content-security-policy", FRAME_ANCESTORS.encode()))
    out.extend((k.encode(), v.encode()) for k, v in PAGE_HEADERS.items() if k not in have)
    return out


class PageHeaders:
    """ASGI middleware: :func:`with_page_headers` on every HTTP answer (pages, the API, files,
    errors); sockets are left alone."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def sending(msg):
            if msg["type"] == "http.response.start":
                msg = dict(msg, headers=with_page_headers(list(msg.get("headers") or [])))
            await send(msg)
        return await self.app(scope, receive, sending)


STATUS_OF = {BadRequest: 400, TooLarge: 413, TooMany: 429, OtherSite: 403, UnsupportedType: 415,
             TooSlow: 408}


async def _send_error(send, exc: CosmodromeError, prefix: str = "http") -> None:
    status = next((code for cls, code in STATUS_OF.items() if isinstance(exc, cls)), 400)
    body = json.dumps({"error": str(exc), "kind": type(exc).__name__}).encode()
    await send({"type": f"{prefix}.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": f"{prefix}.response.body", "body": body})


async def _refuse_socket(scope, send, exc: CosmodromeError) -> None:
    """Refuse a WebSocket before its handshake: an HTTP answer with the status and the sentence
    where the server can send one (uvicorn can), else a close (the client sees HTTP 403)."""
    if "websocket.http.response" in (scope.get("extensions") or {}):
        return await _send_error(send, exc, "websocket.http")
    await send({"type": "websocket.close", "code": 4403, "reason": str(exc)[:120]})
