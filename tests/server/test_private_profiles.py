"""A private game is reached through its links only: a profile (an account's or a bot level's)
names it, its players and its id only to an account holding one of its seats, since its id
opens its chat and record to anyone (docs/SERVER.md, "Hidden information")."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from server_helpers import wait_for
from test_accounts import CHEAP, cookie, play_turn, sign_up

from cosmodrome.server import create_app


@pytest.fixture
def c(db_url):
    with TestClient(create_app(db_url, password_hasher=CHEAP)) as client:
        yield client


def finished_game(c, sid, *, public, rated=False):
    g = c.post("/api/games", json={"game": "pocket-race", "players": 2, "options": {"rounds": 1}, "public": public,
                                   "rated": rated, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]},
               headers=cookie(sid)).json()
    play_turn(c, g, 0, lambda opts: 9)
    wait_for(lambda: c.get(f"/api/games/{g['id']}").json()["status"] == "finished")
    return g["id"]


def ids(profile):
    return ({x["game_id"] for x in profile["games"]}, {x["game_id"] for x in profile["history"]},
            {h["game_id"] for s in profile["statistics"] for h in s["history"]})


def test_a_strangers_view_of_a_profile_names_no_private_game(c):
    ada, _ = sign_up(c, "Ada")
    eve, _ = sign_up(c, "Eve")
    private = finished_game(c, ada, public=False, rated=True)
    public = finished_game(c, ada, public=True, rated=True)
    wait_for(lambda: len(c.get("/api/players/Ada", headers=cookie(ada)).json()["history"]) == 2)
    for who in ({}, cookie(eve)):  # nobody logged in, or an account without a seat in it
        prof = c.get("/api/players/Ada", headers=who).json()
        assert ids(prof) == ({public}, {public}, {public}), who
        assert private not in str(prof)
        bot = c.get("/api/players/bot:random", headers=who).json()
        assert {h["game_id"] for h in bot["history"]} == {public} and private not in str(bot)
    # the ratings themselves still count both games (no game is named by them)
    assert c.get("/api/players/Ada").json()["ratings"][0]["games"] == 2
    assert private not in c.get("/api/ratings").text + c.get("/api/ratings?game=pocket-race").text


def test_a_seat_holder_sees_the_private_game_on_the_profiles(c):
    ada, _ = sign_up(c, "Ada")
    private = finished_game(c, ada, public=False, rated=True)
    wait_for(lambda: c.get("/api/players/Ada", headers=cookie(ada)).json()["history"])
    mine = c.get("/api/players/Ada", headers=cookie(ada)).json()
    assert ids(mine) == ({private}, {private}, {private})
    assert mine["games"][0]["players"][0] == "Ada"
    bot = c.get("/api/players/bot:random", headers=cookie(ada)).json()
    assert [h["game_id"] for h in bot["history"]] == [private]
    # "my games" is the account's own seats: the private game is there, with its link
    assert [x["id"] for x in c.get("/api/account/games", headers=cookie(ada)).json()["games"]] == [private]


def test_an_account_seated_in_a_private_game_sees_it_on_the_other_players_profile(c):
    ada, _ = sign_up(c, "Ada")
    bob, _ = sign_up(c, "Bob")
    g = c.post("/api/games", json={"game": "pocket-race", "players": 2, "options": {"rounds": 1},
                                   "seats": [{"kind": "human"}, {"kind": "human"}]}, headers=cookie(ada)).json()
    r = c.post(f"/api/games/{g['id']}/account-seat",
               headers={**cookie(bob), "X-Cosmodrome-Token": g["seats"][1]["token"]})
    assert r.status_code == 200, r.text
    play_turn(c, g, 0, lambda opts: 9)
    play_turn(c, g, 1, lambda opts: 9)
    wait_for(lambda: c.get(f"/api/games/{g['id']}").json()["status"] == "finished")
    assert [x["game_id"] for x in c.get("/api/players/Ada", headers=cookie(bob)).json()["games"]] == [g["id"]]
    assert c.get("/api/players/Ada").json()["games"] == []
