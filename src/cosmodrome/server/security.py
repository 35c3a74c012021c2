"""The server's defences against hostile input (see docs/SERVER.md, "Security").

- :func:`parse_json`: request bodies and socket frames are JSON of bounded size, depth and
  number length; anything else is a :class:`BadRequest` (400), never a fault of the server.
- :class:`Guard`: an ASGI middleware that caps request bodies (413) and refuses requests from
  another site: the ``Host`` header must name an address the server serves, and an ``Origin``
  header must be the page's own site or one of the configured hosts (403).
- :class:`RateLimit`: at most so many new games per client address in a time window (429).
- Seat tokens travel in the ``X-Cosmodrome-Token`` header (or a socket's first frame), never in
  a URL; :func:`redact` blanks a token that an old link still put in a URL before it reaches a
  log line (:func:`install_log_redaction` for uvicorn's access log).

>>> parse_json(b'{"a": [1, 2]}', "the request body")
{'a': [1, 2]}
>>> redact("GET /table.html?game=abc&token=s3cr3t,t0k3n HTTP/1.1")
'GET /table.html?game=abc&token=[hidden] HTTP/1.1'
"""

from __future__ import annotations

import json
import logging
import re
import time
from collections import deque
from typing import Any, Iterable, Optional
from urllib.parse import urlsplit

from cosmodrome.core import CosmodromeError

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


class OtherSite(CosmodromeError):
    """A request from another site, or for a host this server does not serve (HTTP 403)."""


# ----- JSON ------------------------------------------------------------------------------
def _number(kind: str):
    def parse(text: str):
        if len(text) > MAX_DIGITS:
            raise BadRequest(f"a number in the JSON is {len(text)} characters long; at most {MAX_DIGITS} are accepted")
        if kind == "int":
            return int(text)
        value = float(text)
        if value in (float("inf"), float("-inf")):
            raise BadRequest(f"the number {text} in the JSON is too large")
        return value
    return parse


def _constant(name: str):
    raise BadRequest(f"{name} is not a JSON number")


def _depth(value: Any, limit: int) -> int:
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


def parse_json(raw: Any, what: str, max_bytes: int = MAX_BODY) -> Any:
    """``raw`` (bytes or text) as JSON, or :class:`BadRequest` naming what is wrong with it.

    >>> parse_json(b"[" * 40 + b"]" * 40, "the message")
    Traceback (most recent call last):
    ...
    cosmodrome.server.security.BadRequest: the message nests arrays and objects more than 32 deep; at most 32 levels are accepted
    """
    size = len(raw.encode("utf-8") if isinstance(raw, str) else raw)
    if size > max_bytes:
        raise TooLarge(f"{what} is {size} bytes long; at most {max_bytes} are accepted")
    try:
        data = json.loads(raw or b"null", parse_int=_number("int"), parse_float=_number("float"),
                          parse_constant=_constant)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise BadRequest(f"{what} is not valid JSON: {exc}") from None
    except RecursionError:
        raise BadRequest(f"{what} nests arrays and objects too deep; at most {MAX_DEPTH} levels are accepted") from None
    except ValueError as exc:  # e.g. a number Python refuses to convert
        raise BadRequest(f"{what} holds a value that cannot be read: {exc}") from None
    if _depth(data, MAX_DEPTH) > MAX_DEPTH:
        raise BadRequest(f"{what} nests arrays and objects more than {MAX_DEPTH} deep; at most {MAX_DEPTH} levels "
                         "are accepted")
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
        raise BadRequest(f"{key!r} must be true or false, not {v!r}")
    return v


# ----- tokens in URLs ----------------------------------------------------------------------
_TOKEN_IN_URL = re.compile(r"([?&]token=)[^&#\s\"]*", re.IGNORECASE)


def redact(text: str) -> str:
    """``text`` with the value of every ``token=`` URL parameter replaced by ``[hidden]``."""
    return _TOKEN_IN_URL.sub(r"\1[hidden]", text)


class _RedactFilter(logging.Filter):
    """Blanks seat tokens of old ``?token=`` links in uvicorn's access log lines."""

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
        raise BadRequest("a seat token must not be sent in the URL (web servers and proxies write URLs to "
                         "their logs): send it in the X-Cosmodrome-Token header")
    tok = headers.get(TOKEN_HEADER)
    return tok or None


# ----- rate limits -----------------------------------------------------------------------
class RateLimit:
    """At most ``limit`` events per ``window`` seconds for each key (a client address).

    >>> r = RateLimit(2, 60.0, clock=lambda: 0.0)
    >>> r.hit("a"); r.hit("a"); r.hit("b")
    >>> r.hit("a")
    Traceback (most recent call last):
    ...
    cosmodrome.server.security.TooMany: this address has created 2 games in the last 60 s, the most allowed; try again in 60 s
    """

    def __init__(self, limit: int, window: float, what: str = "created {n} games", clock=time.monotonic) -> None:
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
            raise TooMany(f"this address has {self.what.format(n=self.limit)} in the last {self.window:g} s, "
                          f"the most allowed; try again in {wait} s")
        q.append(now)
        if len(self.seen) > 10000:  # forget idle addresses
            for k in [k for k, v in self.seen.items() if not v or v[-1] <= now - self.window]:
                del self.seen[k]


# ----- the guard middleware ----------------------------------------------------------------
def _hostname(netloc: str) -> tuple[str, Optional[int]]:
    """(lower-case host name, port or None) of ``host[:port]`` (IPv6 in brackets)."""
    try:
        parts = urlsplit("//" + netloc)
        return (parts.hostname or "").lower(), parts.port
    except ValueError:
        return "", None


class Guard:
    """ASGI middleware: body size cap, Host check and same-site Origin check.

    ``allowed_hosts``: the host names (no port) this server answers to; None answers to any
    Host (then only the Origin check protects, which is enough against other sites but not
    against DNS rebinding). An ``Origin`` must name the same host as the ``Host`` header (same
    site) or one of ``allowed_hosts``; ``Origin: null`` (a sandboxed or local file page) is
    refused."""

    def __init__(self, app, *, allowed_hosts: Optional[Iterable[str]] = None, max_body: int = MAX_BODY) -> None:
        self.app = app
        hosts = None if allowed_hosts is None else {h.strip().lower().strip("[]") for h in allowed_hosts if h.strip()}
        self.any_host = hosts is None or "*" in hosts
        self.hosts = set() if hosts is None else hosts
        self.max_body = max_body

    def check(self, headers: dict[str, str]) -> None:
        host, host_port = _hostname(headers.get("host", ""))
        if not self.any_host and host not in self.hosts:
            raise OtherSite(f"this server does not serve the host {host or '(none)'!r}; its operator can allow it "
                            f"with --allowed-hosts")
        origin = headers.get("origin")
        if origin is None:
            return
        parts = urlsplit(origin) if origin != "null" else None
        o_host = (parts.hostname or "").lower() if parts else ""
        try:
            o_port = parts.port if parts else None
        except ValueError:
            o_port = -1
        same = o_host == host and (o_port is None or host_port is None or o_port == host_port)
        if not same and o_host not in self.hosts:
            raise OtherSite(f"requests from another site ({origin}) are refused: open the game from this "
                            "server's own pages")

    async def __call__(self, scope, receive, send):
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        try:
            self.check(headers)
            if kind == "http":
                length = headers.get("content-length")
                if length is not None and length.isdigit() and int(length) > self.max_body:
                    raise TooLarge(f"the request body is {length} bytes long; at most {self.max_body} are accepted")
        except CosmodromeError as exc:
            if kind == "websocket":  # refused before the handshake: the client sees HTTP 403
                return await send({"type": "websocket.close", "code": 4403, "reason": str(exc)[:120]})
            return await _send_error(send, exc)
        if kind == "websocket":
            return await self.app(scope, receive, send)

        total = 0
        started = False

        async def counted():
            nonlocal total
            msg = await receive()
            if msg["type"] == "http.request":
                total += len(msg.get("body", b""))
                if total > self.max_body:
                    raise TooLarge(f"the request body is over {self.max_body} bytes; at most {self.max_body} "
                                   "are accepted")
            return msg

        async def sending(msg):
            nonlocal started
            if msg["type"] == "http.response.start":
                started = True
            await send(msg)

        try:
            await self.app(scope, counted, sending)
        except TooLarge as exc:
            if started:
                raise
            await _send_error(send, exc)


STATUS_OF = {BadRequest: 400, TooLarge: 413, TooMany: 429, OtherSite: 403}


async def _send_error(send, exc: CosmodromeError) -> None:
    status = next((code for cls, code in STATUS_OF.items() if isinstance(exc, cls)), 400)
    body = json.dumps({"error": str(exc), "kind": type(exc).__name__}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
