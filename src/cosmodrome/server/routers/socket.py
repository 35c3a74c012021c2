"""The WebSocket of a seat or a spectator: ``/ws/games/{game_id}`` (docs/SERVER.md, "Table
messages"). The first frame says hello (with the seat's token, or null for a spectator);
then the socket sends acts, undos, chat, pings and resyncs, and gets its table's messages."""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Optional

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from cosmodrome.core import CosmodromeError
from cosmodrome.i18n import _
from cosmodrome.server.routers.errors import status_of, storage_sentence
from cosmodrome.server.security import BadRequest, TokenBucket, TooMany, parse_json, token_from
from cosmodrome.server.storage import StorageError
from cosmodrome.server.table import Conn, Stale, Table
from cosmodrome.server.updates import Feed, dumps

log = logging.getLogger("cosmodrome.server")

router = APIRouter()


def _ints(msg: dict[str, Any], *keys: str) -> list[int]:
    """The whole numbers ``keys`` of a socket message (BadRequest naming a missing or wrong one)."""
    out = []
    for key in keys:
        v = msg.get(key)
        if v is None:
            raise BadRequest(_("the request lacks {key!r} (a whole number)").format(key=key))
        if isinstance(v, bool) or not isinstance(v, int):
            raise BadRequest(_("{key!r} must be a whole number, not {v!r}").format(key=key, v=v))
        out.append(v)
    return out


@router.websocket("/ws/games/{game_id}")
async def socket(ws: WebSocket, game_id: str):
    hall = ws.app.state.hall
    limits = ws.app.state.limits
    await ws.accept()
    try:
        header_token = token_from(ws.headers, ws.query_params)
        t = await hall.table(game_id)
        # the hello claims the seat, stored before the socket is served (docs/SERVER.md, "Seats")
        token, updates = await _hello(ws, header_token)
        seat = await hall.use(t, token, ws.client.host if ws.client else None)
    except (CosmodromeError, StorageError) as exc:
        text = storage_sentence(exc) if isinstance(exc, StorageError) else str(exc)
        await ws.send_json({"type": "error", "status": status_of(exc), "error": text, "kind": type(exc).__name__})
        await ws.close(code=4000 + status_of(exc))
        return
    except WebSocketDisconnect:
        return
    conn = Conn(seat, feed=Feed(updates))
    t.conns.add(conn)
    sender = asyncio.create_task(_sender(ws, conn, t))
    try:
        await _serve(ws, hall, t, conn, TokenBucket(*limits.socket_rate), TokenBucket(*limits.table_rate))
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        t.conns.discard(conn)
        sender.cancel()


async def _serve(ws: WebSocket, hall, t: Table, conn: Conn, frames: TokenBucket, tables: TokenBucket) -> None:
    """Read the socket's frames until it closes, answering each on the socket's queue."""
    post = lambda msg: hall._post(conn, msg)
    post({"type": "resync"})
    socket_rate = ws.app.state.limits.socket_rate
    while True:
        raw = await ws.receive()
        if raw.get("type") == "websocket.disconnect":
            break
        await asyncio.sleep(0)  # frames waiting in the socket's buffer do not hold the others up
        if frames.take():
            post({"type": "error", "status": 429, "kind": "TooMany",
                  "error": _("this socket sent more than {rate:g} messages a second; it is closed").format(
                      rate=socket_rate[1])})
            await asyncio.sleep(0.05)  # the sender gets the sentence out first
            await ws.close(code=1008)
            break
        try:
            reply = await _socket_message(ws, hall, t, conn.seat, raw, ws.client.host if ws.client else "unknown",
                                          tables)
        except (CosmodromeError, StorageError) as exc:
            text = storage_sentence(exc) if isinstance(exc, StorageError) else str(exc)
            post({"type": "error", "status": status_of(exc), "error": text, "kind": type(exc).__name__})
            if isinstance(exc, Stale) and not tables.take():
                post({"type": "resync"})
            continue
        except Exception as exc:  # a bug of ours: say so, keep the socket, change nothing
            log.exception("socket message in game %s", t.id)
            post({"type": "error", "status": 500,
                  "error": _("the server failed on this message ({kind}); nothing was changed").format(
                      kind=type(exc).__name__)})
            continue
        for m in reply:
            post(m)


async def _hello(ws: WebSocket, header_token: Optional[str]) -> tuple[Optional[str], bool]:
    """The seat token of a socket, from its first frame ``{"type": "hello", "token": T}``
    (no token, or null: a spectator; the ``X-Cosmodrome-Token`` header may carry it instead),
    and whether the socket asks for moves as updates (``"updates": true``, docs/SERVER.md,
    "Table messages")."""
    hello_timeout = ws.app.state.hello_timeout
    hello = _("the socket's first message must be {\"type\": \"hello\", \"token\": ...} (token null for a "
              "spectator)")
    try:
        raw = await asyncio.wait_for(ws.receive(), hello_timeout)
    except TimeoutError:
        raise BadRequest(_("{hello}, sent within {hello_timeout:g} s").format(
            hello=hello, hello_timeout=hello_timeout)) from None
    if raw.get("type") == "websocket.disconnect":
        raise WebSocketDisconnect(raw.get("code", 1000))
    msg = _frame(ws, raw)
    if msg.get("type") != "hello":
        raise BadRequest(hello)
    token = msg.get("token", None)
    if token is not None and (not isinstance(token, str)):
        raise BadRequest(_("the hello's token must be text (or null for a spectator)"))
    updates = msg.get("updates", False)
    if not isinstance(updates, bool):
        raise BadRequest(_("the hello's 'updates' must be true or false"))
    return token or header_token, updates


def _frame(ws: WebSocket, raw: dict[str, Any]) -> dict[str, Any]:
    """One socket frame as a JSON object (BadRequest when it is not one)."""
    text = raw.get("text")
    if text is None:
        raise BadRequest(_("messages are JSON text, not binary frames"))
    msg = parse_json(text, _("the message"), ws.app.state.max_frame)
    if not isinstance(msg, dict):
        raise BadRequest(_('messages are JSON objects such as {"type": "ping"}'))
    return msg


async def _socket_message(ws: WebSocket, hall, t: Table, seat: Optional[int], raw: dict[str, Any], client: str,
                          tables: TokenBucket) -> list[dict[str, Any]]:
    """The answer to one message from a socket; errors are raised (and sent back)."""
    msg = _frame(ws, raw)
    kind = msg.get("type")
    if kind == "ping":
        return [{"type": "pong"}]
    if kind in ("resync", "undo", "back"):  # each costs a whole table (for every socket of the game)
        wait = tables.take()
        if wait:
            raise TooMany(_("this socket asks for whole tables faster than {table_rate:g} a second ({kind!r} "
                            "refused, nothing was changed); try again in {wait:.1f} s").format(
                table_rate=ws.app.state.limits.table_rate[1], kind=kind, wait=max(wait, 0.1)))
    if kind == "resync":
        return [{"type": "resync"}]
    if kind == "act":
        a, v = _ints(msg, "action", "version")
        return [{"type": "ack", "of": "act", **await hall.act(t, seat, a, v)}]
    if kind == "undo":
        return [{"type": "ack", "of": "undo", **await hall.undo(t, seat, msg.get("steps", 1))}]
    if kind == "chat":
        if "text" not in msg:
            raise BadRequest(_("a chat message lacks 'text'"))
        return [{"type": "ack", "of": "chat", **await hall.chat(t, seat, msg["text"], client)}]
    if kind == "back":
        return [{"type": "ack", "of": "back", **await hall.take_back(t, seat)}]
    raise BadRequest(_("unknown message type {kind!r}: use act, undo, chat, back, ping or resync").format(kind=kind))


async def _sender(ws: WebSocket, conn, t: Table) -> None:
    try:
        while True:
            msg = await conn.queue.get()
            if msg.get("type") == "resync":
                msg = conn.feed.full(t.table_message(conn.seat))
            else:
                msg = conn.feed.next(msg, lambda: t.table_message(conn.seat))
            if msg is not None:
                await ws.send_text(dumps(msg))
    except asyncio.CancelledError:
        raise
    except Exception:  # the socket closed under us; the reader ends the connection
        t.conns.discard(conn)
