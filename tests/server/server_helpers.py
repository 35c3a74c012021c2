"""Helpers shared by the server tests (imported by name: the test folders are not packages)."""

from __future__ import annotations

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
