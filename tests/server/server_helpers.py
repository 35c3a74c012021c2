"""Helpers shared by the server tests (imported by name: the test folders are not packages)."""

from __future__ import annotations

import asyncio
import json
import subprocess
import time
from contextlib import contextmanager


def new_game(client, seats=("human", "human"), seed=7, rounds=4, **extra):
    body = {"game": "pocket-race", "players": len(seats), "seed": seed, "options": {"rounds": rounds},
            "seats": [{"kind": "human"} if s == "human" else {"kind": "bot", "bot": s} for s in seats]}
    body.update(extra)
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def token(game, seat):
    return game["seats"][seat]["token"]


def auth(tok):
    """The header that carries a seat token (never the URL: URLs reach access logs)."""
    return {"X-Cosmodrome-Token": tok}


def view(client, game, seat=None):
    headers = {} if seat is None else auth(token(game, seat))
    r = client.get(f"/api/games/{game['id']}/view", headers=headers)
    assert r.status_code == 200, r.text
    return r.json()


def actions_of(client, game):
    """The actions the server has stored for ``game`` (read from its database: a running
    game's record is sealed to clients)."""
    return [a.action for a in client.app.state.store.actions(game["id"])]


async def play_seat(ws, tok, seat, acked, sent=None, quiet=None, done=None, on_ack=None, on_error=None):
    """A seat at full speed over an open socket (the ``websockets`` client): say hello with
    ``tok``, answer each table where ``seat`` decides (the option chosen by the version, so the
    same moves make the same game), and keep each acknowledged move in ``acked`` {index:
    action}. ``sent`` {version: action} may outlive the socket (a reconnect). Once ``done`` is set
    no new move is sent (the last acks are read); it returns when ``quiet`` is set (or raises when
    the socket closes). ``on_ack(message)`` sees each ack, ``await on_error(message, sent)`` each
    error."""
    sent = {} if sent is None else sent
    await ws.send(json.dumps({"type": "hello", "token": tok}))
    while quiet is None or not quiet.is_set():
        try:
            m = json.loads(await asyncio.wait_for(ws.recv(), 0.5))
        except TimeoutError:
            continue
        if m["type"] == "ack":
            acked[m["index"]] = sent[m["version"] - 1]
            if on_ack is not None:
                on_ack(m)
        elif done is not None and done.is_set():
            continue
        elif m["type"] == "table" and m["decision"] and m["decision"]["seat"] == seat:
            a = m["decision"]["options"][m["version"] % len(m["decision"]["options"])]["action"]
            sent[m["version"]] = a
            await ws.send(json.dumps({"type": "act", "action": a, "version": m["version"]}))
        elif m["type"] == "error" and on_error is not None:
            await on_error(m, sent)


def hello(ws, tok=None):
    """Open a socket's session: the first frame names the seat's token (None: a spectator)."""
    ws.send_json({"type": "hello", "token": tok})
    return ws


def wait_for(fn, timeout=10.0):
    """Poll ``fn`` until it returns something true (the bots play in the background)."""
    end = time.time() + timeout
    while time.time() < end:
        v = fn()
        if v:
            return v
        time.sleep(0.02)
    raise AssertionError("timed out waiting for the server")


@contextmanager
def from_address(client, host):
    """Requests of ``client`` made inside come from the address ``host`` (the server sees
    each test client's requests as coming from one address, "testclient", otherwise)."""
    transport = client._transport
    before = transport.client
    transport.client = (host, 50000)
    try:
        yield client
    finally:
        transport.client = before


def age_account(client, name, seconds):
    """Make the account ``name`` look ``seconds`` older (made that long before it was)."""
    with client.app.state.store.engine.begin() as conn:
        conn.exec_driver_sql("UPDATE accounts SET created = created - ? WHERE key = ?", (seconds, name.lower()))


@contextmanager
def socket(client, game_id, tok=None):
    """A socket of ``game_id`` for the seat of ``tok`` (None: a spectator), hello sent."""
    with client.websocket_connect(f"/ws/games/{game_id}") as ws:
        yield hello(ws, tok)


def stored_record(store, game_id):
    """The record of ``game_id`` as the server stores it (seed and actions), read from its
    database: the record a client may fetch of a running game is sealed."""
    row = store.get_game(game_id)
    return {"format": "cosmodrome-record", "game": row.game, "players": row.players, "seed": row.seed,
            "options": row.options, "actions": [a.action for a in store.actions(game_id)], "meta": {}}


def stop(proc: subprocess.Popen) -> None:
    """Ask a server process to end; kill it if it does not within 10 s."""
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(10)
