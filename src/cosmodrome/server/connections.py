"""Limits on connections below the app, for ``cosmodrome serve`` (docs/SERVER.md, "Security").

uvicorn keeps a connection open for as long as its client sends the request's headers, however
slowly, and takes any number of connections from one address. :func:`protocols` gives uvicorn
HTTP and WebSocket protocol classes (subclasses of the ones it would pick itself) that:

- count the open connections of each client address (an HTTP connection that becomes a
  WebSocket stays counted) and answer one over ``per_address`` with ``429`` and close it;
- close a connection whose request headers are not complete ``header_timeout`` seconds after
  the connection opened, or after the first byte of a next request on a kept-alive
  connection (``408``), or whose request line and headers pass ``header_bytes`` (``431``;
  uvicorn's httptools parser takes headers of any size). Once the headers are in, the app's
  own caps take over (body size, the socket's hello within its timeout).

Addresses in ``exempt`` (the reverse proxies of ``--forwarded-allow-ips``: every client
comes through them) are not counted; the proxy limits its clients itself.

The WebSocket class also changes how the server compresses where a client asks for
permessage-deflate (browsers do); what is negotiated, and what the browser reads, do not:

- a message shorter than :data:`DEFLATE_MIN_BYTES` goes uncompressed (its RSV1 bit unset, which
  RFC 7692 section 6 allows on a connection that negotiated compression; Node's ``ws`` library
  does the same below 1 KiB). An update after a Venus move is about 870 bytes of JSON, which
  deflate made about 230: 32 µs of the server's CPU a message, and some 20 µs more waiting for
  the interpreter lock zlib gives up, five messages a move (``bench/server_load.py``'s load,
  docs/bench-history/issue-25-server-round-5.md). A whole table, a few KiB, is still compressed;
- the others are compressed at zlib level :data:`DEFLATE_LEVEL` (uvicorn keeps its other
  settings: 12-bit windows both ways, ``memLevel`` 5, and zlib's default level 6): a table
  takes about three fifths of the time level 6 takes, for about a third more bytes.
"""

from __future__ import annotations

import asyncio
from typing import Any, Iterable, Optional

from uvicorn.protocols.http.auto import AutoHTTPProtocol
from uvicorn.protocols.websockets.auto import AutoWebSocketsProtocol
from websockets.extensions.permessage_deflate import PerMessageDeflate, ServerPerMessageDeflateFactory
from websockets.frames import Frame, Opcode

#: the zlib level of the server's permessage-deflate compression (zlib's default: 6)
DEFLATE_LEVEL = 1

#: a message of fewer bytes than this goes uncompressed on a permessage-deflate connection
DEFLATE_MIN_BYTES = 1024


class _PlainBelowMin(PerMessageDeflate):
    """permessage-deflate that leaves a message under :data:`DEFLATE_MIN_BYTES` uncompressed
    (sent whole in one frame, RSV1 unset; the compressor's window is left as it was)."""

    def encode(self, frame: Frame) -> Frame:
        if frame.fin and frame.opcode is not Opcode.CONT and len(frame.data) < DEFLATE_MIN_BYTES:
            return frame
        return super().encode(frame)


class _ServerDeflate(ServerPerMessageDeflateFactory):
    """uvicorn's offer, negotiated as before; the extension it makes is a :class:`_PlainBelowMin`."""

    def process_request_params(self, params: Any, accepted_extensions: Any) -> Any:
        response, extension = super().process_request_params(params, accepted_extensions)
        extension.__class__ = _PlainBelowMin
        return response, extension


class ConnectionLimits:
    """The open connections of each address, against the cap (0: no cap).

    >>> lim = ConnectionLimits(per_address=1, exempt=["10.0.0.1"])
    >>> lim.enter("1.2.3.4"), lim.enter("1.2.3.4"), lim.enter("10.0.0.1"), lim.enter("10.0.0.1")
    (True, False, True, True)
    >>> lim.leave("1.2.3.4"); lim.enter("1.2.3.4")
    True
    """

    def __init__(self, per_address: int = 64, header_timeout: float = 10.0, exempt: Iterable[str] = (),
                 header_bytes: int = 64 << 10) -> None:
        self.per_address = per_address
        self.header_timeout = header_timeout
        self.header_bytes = header_bytes
        self.exempt = {a.strip() for a in exempt if a.strip()}
        self.open: dict[str, int] = {}

    def enter(self, address: str) -> bool:
        """Count a new connection of ``address``; False (not counted) when it is over the cap."""
        if address in self.exempt or "*" in self.exempt:
            return True
        n = self.open.get(address, 0)
        if self.per_address and n >= self.per_address:
            return False
        self.open[address] = n + 1
        return True

    def leave(self, address: str) -> None:
        if address in self.exempt or "*" in self.exempt:
            return
        n = self.open.get(address, 0) - 1
        if n > 0:
            self.open[address] = n
        else:
            self.open.pop(address, None)


def _plain(status: str, text: str) -> bytes:
    body = text.encode("utf-8")
    return (f"HTTP/1.1 {status}\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: {len(body)}\r\n"
            "connection: close\r\n\r\n").encode("latin-1") + body


def _deflate_at(protocol: Any, level: int) -> None:
    """Compress a WebSocket's messages at zlib ``level``, those under :data:`DEFLATE_MIN_BYTES`
    not at all: the offers uvicorn's sans-I/O protocol accepts (its own factory and settings
    dict a connection)."""
    for ext in getattr(getattr(protocol, "conn", None), "available_extensions", None) or ():
        settings = getattr(ext, "compress_settings", None)
        if isinstance(settings, dict):
            settings["level"] = level
        if type(ext) is ServerPerMessageDeflateFactory:
            ext.__class__ = _ServerDeflate


def protocols(limits: ConnectionLimits) -> tuple[type, Optional[type]]:
    """(HTTP protocol class, WebSocket protocol class) for ``uvicorn.run(http=..., ws=...)``."""

    class LimitedWebSockets(AutoWebSocketsProtocol):  # type: ignore[misc, valid-type]
        """A WebSocket (upgraded from a counted HTTP connection): leaves the count at its end,
        and compresses at :data:`DEFLATE_LEVEL`."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            _deflate_at(self, DEFLATE_LEVEL)

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self._address = self.client[0] if self.client else "?"

        def connection_lost(self, exc: Optional[Exception]) -> None:
            try:
                super().connection_lost(exc)
            finally:
                limits.leave(self._address)

    class LimitedHTTP(AutoHTTPProtocol):  # type: ignore[misc, valid-type]
        _counted = False
        _timer: Optional[asyncio.TimerHandle] = None
        _armed_cycle: Any = None
        _in_head = False  # between a request's first byte and the end of its headers
        _head_bytes = 0
        _tail = b""  # the last bytes of the head so far (its end may be split between reads)

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self._address = self.client[0] if self.client else "?"
            if not limits.enter(self._address):
                transport.write(_plain("429 Too Many Requests", f"this address holds {limits.per_address} "
                                       "connections open, the most allowed\n"))
                transport.close()
                return
            self._counted = True
            self._arm()

        def _arm(self) -> None:
            if not self._in_head:
                self._in_head, self._head_bytes, self._armed_cycle = True, 0, self.cycle
                self._tail = b""
            if limits.header_timeout and self._timer is None:
                self._timer = self.loop.call_later(limits.header_timeout, self._too_slow)

        def _disarm(self) -> None:
            self._in_head = False
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None

        def _too_slow(self) -> None:
            self._timer = None
            if self.cycle is self._armed_cycle and not self.transport.is_closing():
                self.transport.write(_plain("408 Request Timeout", f"the request's headers did not come within "
                                            f"{limits.header_timeout:g} s\n"))
                self.transport.close()

        def data_received(self, data: bytes) -> None:
            if self.cycle is None or self.cycle.response_complete:  # the head of a (next) request
                self._arm()
            if self._in_head and limits.header_bytes:
                # measured before the parser sees the bytes: one read may hold a whole request
                # (a read takes up to 256 KiB), whose headers the parser would then take in full
                seen = self._tail + data
                end = seen.find(b"\r\n\r\n")
                head = self._head_bytes + (len(data) if end < 0 else end + 4 - len(self._tail))
                if head > limits.header_bytes:
                    if not self.transport.is_closing():
                        self._disarm()
                        self.transport.write(_plain("431 Request Header Fields Too Large", "a request's line and "
                                                    f"headers may have {limits.header_bytes} bytes at most\n"))
                        self.transport.close()
                    return
                self._head_bytes += len(data)
                self._tail = seen[-3:]
            super().data_received(data)
            if self.cycle is not self._armed_cycle:  # its headers are in
                self._disarm()

        def handle_websocket_upgrade(self, *args: Any) -> None:
            self._disarm()
            self._counted = False  # the WebSocket protocol leaves the count when it ends
            super().handle_websocket_upgrade(*args)

        def connection_lost(self, exc: Optional[Exception]) -> None:
            self._disarm()
            try:
                super().connection_lost(exc)
            finally:
                if self._counted:
                    self._counted = False
                    limits.leave(self._address)

    return LimitedHTTP, (LimitedWebSockets if AutoWebSocketsProtocol is not None else None)
