"""Seats are typed records (server/seats.py ``Seat``), read tolerantly from rows that older
servers wrote and written back with every key they had."""

from __future__ import annotations

from fastapi.testclient import TestClient
from server_helpers import auth, new_game, token

from cosmodrome.server import create_app
from cosmodrome.server.seats import Seat
from cosmodrome.server.storage import GameRow


def test_a_row_of_an_older_server_reads_with_defaults():
    s = Seat.from_json({"kind": "human", "token": "t"})
    assert (s.kind, s.token, s.claimed, s.open, s.account, s.display, s.stand_in) == \
        ("human", "t", False, None, None, None, None)
    assert Seat.from_json({"kind": "bot", "bot": "random", "claimed": 1}).claimed is True
    row = GameRow(id="g", game="pocket-race", players=2, seed=1, options={}, seats=[{"kind": "human"}, s])
    assert all(isinstance(x, Seat) for x in row.seats) and row.seats[1] is s


def test_a_key_this_version_does_not_know_survives_a_write(db_url):
    with TestClient(create_app(db_url)) as c:
        g = new_game(c)
        store = c.app.state.store
        seats = [s.to_json() for s in store.get_game(g["id"]).seats]
        seats[1]["badge"] = {"from": "a later release"}
        store.set_seats(g["id"], seats)
        c.app.state.hall.tables.pop(g["id"], None)
        r = c.post(f"/api/games/{g['id']}/name", json={"name": "Bea"}, headers=auth(token(g, 1)))
        assert r.status_code == 200, r.text
        stored = store.get_game(g["id"]).seats[1]
        assert stored.display == "Bea" and stored.claimed is True
        assert stored.to_json()["badge"] == {"from": "a later release"}
