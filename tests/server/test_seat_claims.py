"""Seats (docs/SERVER.md, "Seats"): a seat token is issued once, and a seat is claimed by its
first use of any kind. ``/join`` hands out only seats no token was ever issued for (or, in a
row of an older server, a seat whose link was never used, with a new token); the creator's
seat, a seat kept for an invited friend and a rematch seat are never handed to a stranger."""

from __future__ import annotations

import sqlite3
from contextlib import contextmanager

import pytest
from argon2 import PasswordHasher
from fastapi.testclient import TestClient
from server_helpers import auth, new_game, socket, token, view

from cosmodrome.server import create_app
from cosmodrome.server.storage import Store

CHEAP = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)


@pytest.fixture
def app_client(db_url):
    with TestClient(create_app(db_url, password_hasher=CHEAP)) as c:
        yield c


def join(c, game_id, **body):
    return c.post(f"/api/games/{game_id}/join", json=body)


def issued(g):
    """The tokens the creation answer handed out."""
    return {s["token"] for s in g["seats"] if s.get("token")}


def old_style(c, g):
    """Rewrite ``g``'s seats as an older server stored them (every person's seat has its token
    from creation, no ``open`` key) and let the server load the game afresh."""
    store = c.app.state.store
    row = store.get_game(g["id"])
    seats = []
    for s in row.seats:
        if s.kind == "human":
            s = {"kind": "human", "token": s.token or f"old-{len(seats)}-" + "x" * 16, "claimed": False}
        else:
            s = s.to_json()
        seats.append(s)
    store.set_seats(g["id"], seats)
    c.app.state.hall.tables.pop(g["id"], None)
    return [s.get("token") for s in seats]


def test_join_never_hands_out_the_creators_seat_nor_a_token_issued_before(app_client):
    c = app_client
    r = c.post("/api/account/signup", json={"name": "Cleo", "password": "correct horse"})
    session = {"Cookie": f"cosmodrome_session={r.cookies.get('cosmodrome_session')}"}
    c.cookies.clear()
    # a logged-in creator makes a public game of three people; her socket has not opened yet
    r = c.post("/api/games", json={"game": "pocket-race", "players": 3, "public": True,
                                   "seats": [{"kind": "human"}] * 3}, headers=session)
    assert r.status_code == 201, r.text
    g = r.json()
    # her seat has its link; the two others are open to strangers and have none yet
    assert [("token" in s, s.get("open", False)) for s in g["seats"]] == [(True, False), (False, True), (False, True)]
    assert "hotseat" not in g  # one link only: the creator's
    info = c.get(f"/api/games/{g['id']}").json()
    assert info["open"] and [s["open"] for s in info["seats"]] == [False, True, True]
    assert info["seats"][0]["player"] == "Cleo" and not info["seats"][0]["claimed"]
    # a stranger cannot take her seat, asked for or not
    r = join(c, g["id"], seat=0)
    assert r.status_code == 409 and "not open" in r.json()["error"]
    # ... and the refusal names the seat as the API numbers it (from 0), with its name
    assert r.json()["error"].startswith(f"seat 0 ({info['seats'][0]['name']}) is not open"), r.json()["error"]
    got = [join(c, g["id"]).json() for _ in range(2)]
    assert [x["seat"] for x in got] == [1, 2]
    tokens = [x["token"] for x in got]
    assert len(set(tokens)) == 2 and not set(tokens) & issued(g)  # each made now, for this person only
    assert join(c, g["id"]).status_code == 409
    # each joiner's token works for their seat, which is now claimed (stored before the answer)
    for seat, tok in zip((1, 2), tokens):
        assert c.get(f"/api/games/{g['id']}/view", headers=auth(tok)).json()["seat"] == seat
    row = c.app.state.store.get_game(g["id"])
    assert [s.claimed for s in row.seats] == [False, True, True]
    assert not c.get(f"/api/games/{g['id']}").json()["open"]
    # the creator's own link still plays her seat
    assert view(c, g, 0)["seat"] == 0


def test_a_seat_kept_for_a_friend_is_claimed_by_a_rest_call_and_never_joinable(app_client):
    c = app_client
    r = c.post("/api/games", json={"game": "pocket-race", "players": 3, "public": True,
                                   "seats": [{"kind": "human"}, {"kind": "human", "open": False}, {"kind": "human"}]})
    g = r.json()
    assert [("token" in s) for s in g["seats"]] == [True, True, False]
    assert g["hotseat"].endswith(f"#token={token(g, 0)},{token(g, 1)}")
    # the friend plays over REST only: their first call claims the seat
    assert view(c, g, 1)["seat"] == 1
    assert c.app.state.store.get_game(g["id"]).seats[1].claimed is True
    # strangers get the open seat, never the friend's
    assert join(c, g["id"], seat=1).status_code == 409
    assert join(c, g["id"]).json()["seat"] == 2
    assert join(c, g["id"]).status_code == 409
    # a private game has no open seat, and asking for one is refused with a sentence
    r = c.post("/api/games", json={"game": "pocket-race", "players": 2,
                                   "seats": [{"kind": "human"}, {"kind": "human", "open": True}]})
    assert r.status_code == 422 and "only a public game has open seats" in r.json()["error"]
    assert r.json()["error"].startswith("seat 1 is asked")  # the seats' entries counted from 0, as the API counts
    r = c.post("/api/games", json={"game": "pocket-race", "players": 2, "public": True,
                                   "seats": [{"kind": "human"}, {"kind": "human", "open": "yes"}]})
    assert r.status_code == 422 and "seat 1: 'open' must be true or false" in r.json()["error"]
    r = c.post("/api/games", json={"game": "pocket-race", "players": 2, "seats": [{"kind": "human"}, {"kind": "x"}]})
    assert r.status_code == 422 and r.json()["error"].startswith("seat 1 must be"), r.text


def test_an_older_row_claims_a_seat_at_its_first_use_and_join_makes_a_new_token(app_client):
    c = app_client
    g = new_game(c, seats=("human", "human", "human"), public=True)
    tokens = old_style(c, g)  # as an older server wrote it: three links handed out, none used
    # someone plays seat 1 over REST with the link they were sent: that claims it, stored
    r = c.get(f"/api/games/{g['id']}/view", headers=auth(tokens[1]))
    assert r.status_code == 200 and r.json()["seat"] == 1
    assert c.app.state.store.get_game(g["id"]).seats[1].claimed is True
    # a socket's hello claims seat 0 before the socket is served
    with socket(c, g["id"], tokens[0]) as w:
        while (m := w.receive_json())["type"] != "table":
            pass
        assert m["seat"] == 0 and c.app.state.store.get_game(g["id"]).seats[0].claimed is True
    # the one seat never used goes to a stranger with a token made now...
    r = join(c, g["id"])
    assert r.status_code == 200 and r.json()["seat"] == 2 and r.json()["token"] not in tokens
    # ...and the link issued at creation for it stops working rather than sharing the seat
    assert c.get(f"/api/games/{g['id']}/view", headers=auth(tokens[2])).status_code == 403
    assert c.get(f"/api/games/{g['id']}/view", headers=auth(r.json()["token"])).json()["seat"] == 2
    assert join(c, g["id"]).status_code == 409


@contextmanager
def write_lock(path):
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        yield
    finally:
        other.execute("ROLLBACK")
        other.close()


def test_a_use_that_cannot_be_stored_does_not_leave_a_joinable_seat_in_use(tmp_path):
    path = tmp_path / "locked.sqlite"
    with TestClient(create_app(store=Store(f"sqlite:///{path}", busy_timeout=0.2))) as c:
        g = new_game(c, seats=("human", "human"), public=True)
        tokens = old_style(c, g)
        with write_lock(path):
            # a stranger could take this seat while its claim is not stored: the use is refused
            r = c.get(f"/api/games/{g['id']}/view", headers=auth(tokens[1]))
            assert r.status_code == 503 and "locked" in r.json()["error"] and tokens[1] not in r.text
        assert c.app.state.store.get_game(g["id"]).seats[1].claimed is False
        r = c.get(f"/api/games/{g['id']}/view", headers=auth(tokens[1]))
        assert r.status_code == 200 and c.app.state.store.get_game(g["id"]).seats[1].claimed is True
        assert join(c, g["id"], seat=1).status_code == 409


def test_rematch_seats_go_to_the_previous_holders_only(app_client):
    c = app_client
    g = new_game(c, seats=("human", "human"), rounds=1, public=True)
    stranger = join(c, g["id"]).json()
    assert stranger["seat"] == 1
    toks = [token(g, 0), stranger["token"]]
    for seat in (0, 1):
        v = c.get(f"/api/games/{g['id']}/view", headers=auth(toks[seat])).json()
        r = c.post(f"/api/games/{g['id']}/act", json={"action": 9, "version": v["version"]}, headers=auth(toks[seat]))
        assert r.status_code == 200, r.text
    assert c.get(f"/api/games/{g['id']}").json()["status"] == "finished"
    with socket(c, g["id"], toks[1]) as w1, socket(c, g["id"]) as ws:
        for w in (w1, ws):
            while w.receive_json()["type"] != "table":
                pass
        r = c.post(f"/api/games/{g['id']}/rematch", headers=auth(toks[0]))
        assert r.status_code == 200, r.text
        new = r.json()
        # nobody else can take a rematch seat before its holder arrives
        info = c.get(f"/api/games/{new['id']}").json()
        assert info["public"] and not info["open"] and [s["open"] for s in info["seats"]] == [False, False]
        assert join(c, new["id"]).status_code == 409
        assert c.post(f"/api/games/{g['id']}/rematch").status_code == 403  # a spectator gets no seat

        def rematch_msg(w):
            while (m := w.receive_json())["type"] != "rematch":
                pass
            return m
        m1, ms = rematch_msg(w1), rematch_msg(ws)
    # each holder gets their own seat's token: on their socket, or by asking with their old token
    mine = c.post(f"/api/games/{g['id']}/rematch", headers=auth(toks[1])).json()
    assert mine["id"] == new["id"] and mine["seat"] == 1 and mine["token"] == m1["token"] != new["token"]
    assert ms["token"] is None
    v = c.get(f"/api/games/{new['id']}/view", headers=auth(mine["token"])).json()
    assert v["seat"] == 1 and v["seats"][1]["claimed"]


def test_a_malformed_act_or_undo_claims_no_seat(client):
    """The body is checked before the token is used: a request refused as malformed (400)
    changes nothing, not even the seat's "taken" mark."""
    g = new_game(client)
    for path, body in (("act", {"action": "first", "version": 0}), ("undo", {"steps": 1, "token": 7}),
                       ("act", {"action": 0})):
        r = client.post(f"/api/games/{g['id']}/{path}", json=body, headers=auth(token(g, 1)))
        assert r.status_code in (400, 403), r.text
        assert client.app.state.store.get_game(g["id"]).seats[1].claimed is False
