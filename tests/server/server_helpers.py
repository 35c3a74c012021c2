"""Helpers shared by the server tests (imported by name: the test folders are not packages)."""

from __future__ import annotations

import time

def new_game(client, seats=("human", "human"), seed=7, rounds=4, **extra):
    body = {"game": "pocket-race", "players": len(seats), "seed": seed, "options": {"rounds": rounds},
            "seats": [{"kind": "human"} if s == "human" else {"kind": "bot", "bot": s} for s in seats]}
    body.update(extra)
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def token(game, seat):
    return game["seats"][seat]["token"]


def view(client, game, seat=None):
    params = {} if seat is None else {"token": token(game, seat)}
    r = client.get(f"/api/games/{game['id']}/view", params=params)
    assert r.status_code == 200, r.text
    return r.json()


def wait_for(fn, timeout=10.0):
    """Poll ``fn`` until it returns something true (the bots play in the background)."""
    end = time.time() + timeout
    while time.time() < end:
        v = fn()
        if v:
            return v
        time.sleep(0.02)
    raise AssertionError("timed out waiting for the server")
