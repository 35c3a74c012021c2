"""Seeds and ratings (docs/SERVER.md, "Ratings"): a rated game never plays a seed a player
chose, a chosen seed is told to everyone who joins (never the seed itself), and the rating of
a competitive game leaves out linked accounts: seats used from one address, accounts made
minutes apart, or a pair's fourth rated game of a day."""

from __future__ import annotations

import asyncio
import time

import pytest
from argon2 import PasswordHasher
from fastapi.testclient import TestClient
from server_helpers import age_account, auth, from_address, new_game, stored_record, token, view, wait_for

from cosmodrome.server import create_app
from cosmodrome.server import ratings as rules
from cosmodrome.server.ratings import Ratings
from cosmodrome.server.storage import Store

CHEAP = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
SEED = 918273645


@pytest.fixture
def app_client(db_url):
    with TestClient(create_app(db_url, password_hasher=CHEAP)) as c:
        yield c


# ----- seeds --------------------------------------------------------------------------------
def test_a_rated_game_takes_no_chosen_seed(app_client):
    c = app_client
    before = len(c.app.state.store.list_games(None))
    r = c.post("/api/games", json={"game": "pocket-race", "players": 2, "seed": SEED, "rated": True})
    assert r.status_code == 422 and "a rated game cannot take a chosen seed" in r.json()["error"]
    assert len(c.app.state.store.list_games(None)) == before  # nothing was made
    r = c.post("/api/games", json={"game": "pocket-race", "players": 2, "rated": True})
    assert r.status_code == 201 and r.json()["seed_chosen"] is False
    # nor a deck of the creator's own making, whose content nobody else sees
    own = {"game": "venus", "players": 2, "rated": True, "options": {"components": {"toml": "x = 1"}}}
    r = c.post("/api/games", json=own)
    assert r.status_code == 422 and "cannot use a player's own variant" in r.json()["error"]
    assert len(c.app.state.store.list_games(None)) == before + 1


def test_a_rated_games_bots_are_the_lobbys_levels_not_any_spelling(app_client):
    """A bot is rated by its spec: a rated game takes only the levels the lobby offers, so a
    made-up spec (a parameter's odd value, a text of one's own) cannot add leaderboard rows."""
    c = app_client
    before = len(c.app.state.store.list_games(None))
    for spec in ("ismcts:iters=5,c=0.123456", "ismcts:seconds=1,c=0.7"):
        r = c.post("/api/games", json={"game": "pocket-race", "players": 2, "rated": True,
                                       "seats": [{"kind": "bot", "bot": spec}, {"kind": "human"}]})
        assert r.status_code == 422 and "a rated game's bots are the levels the lobby offers" in r.json()["error"]
    assert len(c.app.state.store.list_games(None)) == before  # nothing was made
    levels = c.get("/api/game-types").json()
    r = c.post("/api/games", json={"game": "pocket-race", "players": 2, "rated": True,
                                   "seats": [{"kind": "bot", "bot": "random"}, {"kind": "human"}]})
    assert r.status_code == 201, (r.text, levels)
    # unrated, a spec with parameters is still a table's to choose
    r = c.post("/api/games", json={"game": "pocket-race", "players": 2,
                                   "seats": [{"kind": "bot", "bot": "ismcts:iters=5,c=0.5"}, {"kind": "human"}]})
    assert r.status_code == 201, r.text


def test_a_heuristic_bot_refuses_a_parameter_it_does_not_have(app_client):
    r = app_client.post("/api/games", json={"game": "venus", "players": 2, "seats": [
        {"kind": "bot", "bot": "heuristic:path=/etc/passwd"}, {"kind": "human"}]})
    assert r.status_code == 422 and "has no parameter 'path'" in r.json()["error"]


def test_a_chosen_seed_is_told_to_everyone_who_joins_but_never_shown(app_client):
    c = app_client
    g = new_game(c, seats=("human", "human"), seed=SEED, public=True)
    assert g["seed_chosen"] is True
    info = c.get(f"/api/games/{g['id']}").json()
    assert info["seed_chosen"] is True
    r = c.post(f"/api/games/{g['id']}/join", json={})
    assert r.status_code == 200
    joined = r.json()
    assert joined["seed_chosen"] is True and "chose its seed" in joined["notice"]
    assert "never rated" in joined["notice"]
    seat = c.get(f"/api/games/{g['id']}/view", headers=auth(joined["token"])).json()
    assert seat["seed_chosen"] is True and view(c, g)["seed_chosen"] is True
    for text in (str(g), str(info), r.text, str(seat)):
        assert str(SEED) not in text  # the seed of a running game stays secret
    # a game whose seed the server drew says so too
    plain = new_game(c, seats=("human", "human"), seed=None, public=True)
    assert plain["seed_chosen"] is False and c.get(f"/api/games/{plain['id']}").json()["seed_chosen"] is False
    assert "notice" not in c.post(f"/api/games/{plain['id']}/join", json={}).json()
    # an imported record to continue: its seed is in the importer's hands
    record = stored_record(c.app.state.store, g["id"])
    r = c.post("/api/games/import", json={"record": dict(record, seed=SEED), "mode": "continue", "public": True,
                                          "seats": [{"kind": "human"}, {"kind": "human"}]})
    assert r.status_code == 201 and r.json()["seed_chosen"] is True


# ----- ratings through the server -------------------------------------------------------------
def sign_up(c, name):
    r = c.post("/api/account/signup", json={"name": name, "password": "correct horse"})
    assert r.status_code == 201, r.text
    c.cookies.clear()
    return {"Cookie": f"cosmodrome_session={r.cookies.get('cosmodrome_session')}"}


def play_rated(c, where, names=("Ada", "Bob")):
    """Two new accounts (``names``, made an hour apart) play a one-round rated game at seats
    0 and 1, each from the address ``where[seat]``; the first wins. Returns the game's info
    once its rating is done."""
    ada = sign_up(c, names[0])
    age_account(c, names[0], 3600)
    bob = sign_up(c, names[1])
    with from_address(c, where[0]):
        g = new_game(c, rounds=1, rated=True, seed=None)
    for seat, session in ((0, ada), (1, bob)):
        with from_address(c, where[seat]):
            r = c.post(f"/api/games/{g['id']}/account-seat", headers={**session, **auth(token(g, seat))})
            assert r.status_code == 200, r.text
            v = view(c, g, seat)
            pick = max(o["action"] for o in v["decision"]["options"] if o["action"] != 9) if seat == 0 else 9
            r = c.post(f"/api/games/{g['id']}/act", json={"action": pick, "version": v["version"]},
                       headers=auth(token(g, seat)))
            assert r.status_code == 200, r.text
    return wait_for(lambda: (lambda i: i if i["meta"].get("rated_done") else None)(
        c.get(f"/api/games/{g['id']}").json()))


def test_two_accounts_playing_from_one_address_are_not_rated(app_client):
    c = app_client
    info = play_rated(c, ["10.0.0.9", "10.0.0.9"])
    assert info["result"]["winners"] == [0]
    assert c.get("/api/ratings?game=pocket-race").json()["ratings"] == []
    assert info["meta"]["rating_left_out"] == ["Ada", "Bob"]
    # what the game keeps of the addresses never reaches an answer
    assert "10.0.0.9" not in str(info) and "seat_addresses" not in info["meta"] and "address_salt" not in info["meta"]
    # the same game between two people at two addresses is rated
    info = play_rated(c, ["10.0.0.1", "10.0.0.2"], names=("Cyd", "Dia"))
    assert "rating_left_out" not in info["meta"]
    assert [x["name"] for x in c.get("/api/ratings?game=pocket-race").json()["ratings"]] == ["Cyd", "Dia"]


def test_a_server_among_friends_may_rate_everyone(db_url):
    with TestClient(create_app(db_url, password_hasher=CHEAP, rating_guard=False)) as c:
        info = play_rated(c, ["10.0.0.9", "10.0.0.9"])
        assert "rating_left_out" not in info["meta"]
        assert len(c.get("/api/ratings?game=pocket-race").json()["ratings"]) == 2


# ----- the rules, on the ratings alone ---------------------------------------------------------
WON = {"winners": [0], "returns": [1.0, 0.0], "cooperative": False}


def seat(account, name):
    return {"kind": "human", "account": account, "player": name}


def accounts(store, **made):
    """Accounts named by keyword, each made at the given time."""
    with store.engine.begin() as conn:
        for name, when in made.items():
            conn.exec_driver_sql("INSERT INTO accounts (id, name, key, hash, created) VALUES (?, ?, ?, ?, ?)",
                                 (name, name, name.lower(), "-", when))


def board(r):
    return {x["name"]: x["games"] for x in r.leaderboard("venus")}


def test_accounts_made_minutes_apart_are_left_out():
    store = Store("sqlite://")
    r = Ratings(store)
    now = time.time()
    accounts(store, ann=now - 7200, pup=now - 7200 + rules.ACCOUNTS_APART / 3, cal=now)
    left = asyncio.run(r.rate("g1", "venus", [seat("ann", "Ann"), seat("pup", "Pup")], WON, False))
    assert left == ["Ann", "Pup"] and board(r) == {}
    # Ann against someone made hours later, with a bot at the table: rated
    three = {"winners": [0], "returns": [1.0, 0.0, 0.5], "cooperative": False}
    assert asyncio.run(r.rate("g2", "venus", [seat("ann", "Ann"), seat("cal", "Cal"),
                                              {"kind": "bot", "bot": "random"}], three, False)) == []
    assert board(r) == {"Ann": 1, "Cal": 1, "bot random": 1}
    # in a three-way game the linked pair is left out and the rest still rated
    assert asyncio.run(r.rate("g3", "venus", [seat("ann", "Ann"), seat("pup", "Pup"),
                                              {"kind": "bot", "bot": "random"}], three, False)) == ["Ann", "Pup"]
    assert board(r) == {"Ann": 1, "Cal": 1, "bot random": 1}
    store.close()


def test_a_pairs_fourth_rated_game_of_a_day_is_not_rated():
    store = Store("sqlite://")
    r = Ratings(store)
    accounts(store, ann=0.0, bob=10 ** 6)
    pair = [seat("ann", "Ann"), seat("bob", "Bob")]
    for i in range(rules.PAIRINGS_A_DAY):
        assert asyncio.run(r.rate(f"g{i}", "venus", pair, WON, False)) == []
    assert asyncio.run(r.rate("again", "venus", pair, WON, False)) == ["Ann", "Bob"]
    assert board(r) == {"Ann": rules.PAIRINGS_A_DAY, "Bob": rules.PAIRINGS_A_DAY}
    # a day later they count again
    with store.engine.begin() as conn:
        conn.exec_driver_sql("UPDATE rated_games SET time = time - ?", (rules.PAIRING_WINDOW + 60,))
    assert asyncio.run(r.rate("tomorrow", "venus", pair, WON, False)) == []
    assert board(r) == {"Ann": rules.PAIRINGS_A_DAY + 1, "Bob": rules.PAIRINGS_A_DAY + 1}
    store.close()


def test_one_address_links_seats_and_a_cooperative_team_is_rated_anyway():
    store = Store("sqlite://")
    r = Ratings(store)
    accounts(store, ann=0.0, bob=10 ** 6)
    meta = {"seat_addresses": {"0": ["h1"], "1": ["h2", "h1"]}}
    pair = [seat("ann", "Ann"), seat("bob", "Bob")]
    assert asyncio.run(r.rate("g1", "venus", pair, WON, False, meta)) == ["Ann", "Bob"]
    assert board(r) == {}
    # a team against the game gains nothing from a puppet: played together, both are rated
    won = {"winners": [0, 1], "returns": [1.0, 1.0], "cooperative": True}
    assert asyncio.run(r.rate("g2", "mars", pair, won, True, meta)) == []
    assert {x["name"] for x in r.leaderboard("mars")} == {"Ann", "Bob", "the game mars"}
    store.close()
