"""Per-message deflate as browsers ask for it (server/connections.py): negotiated with
uvicorn's windows, compressed at the server's cheaper level, and a short message sent
uncompressed."""

from __future__ import annotations

import base64
import json
import os
import socket as sockets
import struct
import zlib

import pytest
from test_hosting import Server, call

from cosmodrome.server.connections import DEFLATE_LEVEL, DEFLATE_MIN_BYTES


def _frame(sock) -> tuple[int, bytes]:
    """(first byte of the header, payload) of one unmasked frame from the server."""
    def take(n: int) -> bytes:
        out = b""
        while len(out) < n:
            chunk = sock.recv(n - len(out))
            assert chunk, "the server closed the socket"
            out += chunk
        return out
    b0, b1 = take(2)
    n = b1 & 0x7F
    if n == 126:
        n = struct.unpack(">H", take(2))[0]
    elif n == 127:
        n = struct.unpack(">Q", take(8))[0]
    return b0, take(n)


def _masked_text(text: str) -> bytes:
    data = text.encode()
    mask = os.urandom(4)
    head = bytes([0x81]) + (bytes([0x80 | len(data)]) if len(data) < 126
                            else bytes([0x80 | 126]) + struct.pack(">H", len(data)))
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))


#: a game whose table is well over DEFLATE_MIN_BYTES (pocket-race's is under it)
VENUS_PAIR = {"game": "venus", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]}


@pytest.mark.timeout(60)
def test_a_browsers_deflate_offer_is_taken_and_tables_come_compressed_at_the_servers_level(tmp_path):
    s = Server(tmp_path)
    try:
        g = call(s.base, "POST", "/api/games", VENUS_PAIR)[1]
        sock = sockets.create_connection(("127.0.0.1", s.port), timeout=10)
        key = base64.b64encode(os.urandom(16)).decode()
        # the offer Chrome and Firefox send
        sock.sendall((f"GET /ws/games/{g['id']} HTTP/1.1\r\nHost: 127.0.0.1:{s.port}\r\nUpgrade: websocket\r\n"
                      f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                      "Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\n"
                      f"Origin: {s.base}\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            head += sock.recv(1)
        assert head.startswith(b"HTTP/1.1 101"), head
        ext = [ln for ln in head.decode().split("\r\n") if ln.lower().startswith("sec-websocket-extensions")]
        assert ext and "permessage-deflate" in ext[0] and "server_max_window_bits=12" in ext[0], head
        sock.sendall(_masked_text(json.dumps({"type": "hello", "token": g["seats"][0]["token"]})))
        b0, payload = _frame(sock)
        assert b0 & 0x40, "the table was not compressed"  # RSV1: a compressed message
        _first = payload
        text = zlib.decompressobj(-12).decompress(payload + b"\x00\x00\xff\xff")
        table = json.loads(text)
        assert table["type"] == "table" and table["seat"] == 0
        # the first message of the connection, compressed afresh at the server's level, is
        # exactly what came: the level is DEFLATE_LEVEL (1), not zlib's default
        enc = zlib.compressobj(DEFLATE_LEVEL, zlib.DEFLATED, -12, 5)
        assert (enc.compress(text) + enc.flush(zlib.Z_SYNC_FLUSH))[:-4] == payload
        enc6 = zlib.compressobj(6, zlib.DEFLATED, -12, 5)
        assert (enc6.compress(text) + enc6.flush(zlib.Z_SYNC_FLUSH))[:-4] != payload
        assert len(text) >= DEFLATE_MIN_BYTES
        # a short message (the pong) comes uncompressed: RSV1 unset, the JSON as it is
        sock.sendall(_masked_text(json.dumps({"type": "ping"})))
        b0, payload = _frame(sock)
        assert not b0 & 0x40 and b0 & 0x0F == 1, hex(b0)
        assert json.loads(payload) == {"type": "pong"} and len(payload) < DEFLATE_MIN_BYTES
        # ...and leaves the compressor's window as it was: the next table, compressed, reads
        # with the reader's window that held only the first table
        dec = zlib.decompressobj(-12)
        dec.decompress(_first + b"\x00\x00\xff\xff")
        sock.sendall(_masked_text(json.dumps({"type": "resync"})))
        b0, payload = _frame(sock)
        assert b0 & 0x40, "the second table was not compressed"
        again = json.loads(dec.decompress(payload + b"\x00\x00\xff\xff"))
        assert again["type"] == "table" and again["seat"] == 0
        sock.close()
    finally:
        s.stop()
