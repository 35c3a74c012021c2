"""Accounts, sessions, "my games" and ratings: optional accounts whose secrets reach nobody,
a seat taken as an account, and rated games moving both players' (and bots') ratings."""

from __future__ import annotations

import logging

import pytest
from argon2 import PasswordHasher
from fastapi.testclient import TestClient
from server_helpers import age_account, auth, from_address, new_game, socket, token, wait_for

from cosmodrome.server import create_app

CHEAP = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)


@pytest.fixture
def app_client(db_url):
    with TestClient(create_app(db_url, password_hasher=CHEAP, login_limit=(5, 60.0))) as c:
        yield c


def cookie(sid):
    return {"Cookie": f"cosmodrome_session={sid}"}


def sign_up(c, name, password="correct horse"):
    r = c.post("/api/account/signup", json={"name": name, "password": password})
    assert r.status_code == 201, r.text
    sid = r.cookies.get("cosmodrome_session")
    c.cookies.clear()  # each test names the session it sends
    return sid, r


def play_turn(c, g, seat, pick):
    v = c.get(f"/api/games/{g['id']}/view", headers=auth(token(g, seat))).json()
    options = [o["action"] for o in v["decision"]["options"]]
    r = c.post(f"/api/games/{g['id']}/act", json={"action": pick(options), "version": v["version"]},
               headers=auth(token(g, seat)))
    assert r.status_code == 200, r.text


def test_sign_up_sets_a_safe_cookie_and_keeps_only_a_hash(app_client, caplog):
    caplog.set_level(logging.DEBUG)
    sid, r = sign_up(app_client, "Ada")
    set_cookie = r.headers["set-cookie"].lower()
    assert "httponly" in set_cookie and "samesite=lax" in set_cookie and "secure" not in set_cookie
    assert r.json() == {"account": {"name": "Ada"}}
    assert app_client.get("/api/account", headers=cookie(sid)).json() == {"account": {"name": "Ada"}}
    # the database holds an argon2 hash and the session's digest, not the password or the id
    with app_client.app.state.store.engine.connect() as conn:
        dump = "\n".join(str(row) for table in ("accounts", "sessions")
                         for row in conn.exec_driver_sql(f"SELECT * FROM {table}"))
    assert "$argon2id$" in dump and "correct horse" not in dump and sid not in dump
    # the same name again (in any case) is taken; a bad name or short password is a 400
    assert app_client.post("/api/account/signup", json={"name": "ada", "password": "x" * 9}).status_code == 409
    assert app_client.post("/api/account/signup", json={"name": "a b", "password": "x" * 9}).status_code == 400
    r = app_client.post("/api/account/signup", json={"name": "Bob", "password": "short"})
    assert r.status_code == 400 and "short" not in r.text
    assert not any(sid in m or "correct horse" in m or "$argon2" in m for m in caplog.messages)


def test_over_https_the_cookie_is_secure(db_url):
    with TestClient(create_app(db_url, password_hasher=CHEAP), base_url="https://testserver") as c:
        _, r = sign_up(c, "Ada")
        assert "secure" in r.headers["set-cookie"].lower()


def test_a_wrong_password_is_refused_and_log_ins_are_rate_limited(app_client):
    sign_up(app_client, "Ada")
    for body in ({"name": "Ada", "password": "wrong horse"}, {"name": "Nobody", "password": "correct horse"}):
        r = app_client.post("/api/account/login", json=body)
        assert r.status_code == 401 and r.json()["error"] == "wrong account name or password"
        assert "set-cookie" not in r.headers
    r = app_client.post("/api/account/login", json={"name": "ada", "password": "correct horse"})
    assert r.status_code == 200 and r.cookies.get("cosmodrome_session")
    app_client.cookies.clear()
    codes = [app_client.post("/api/account/login", json={"name": "Ada", "password": "guess"}).status_code
             for _ in range(6)]
    assert codes == [401] * 5 + [429]  # 5 attempts a minute on one account from one address
    assert app_client.post("/api/account/login", json={"name": 3}).status_code == 400


def test_a_stranger_cannot_lock_the_owner_out(app_client):
    """Wrong passwords from another address (the stranger's) do not stop the owner, from their
    own address, logging in; nor do guesses spread over many addresses once the owner's
    address is known to the account. One address trying many accounts is held back too."""
    app = app_client.app
    sign_up(app_client, "Ada")
    owner = TestClient(app, client=("192.0.2.10", 1000))
    assert owner.post("/api/account/login", json={"name": "Ada", "password": "correct horse"}).status_code == 200
    stranger = TestClient(app, client=("203.0.113.66", 1000))
    codes = [stranger.post("/api/account/login", json={"name": "ada", "password": f"guess {i}"}).status_code
             for i in range(10)]
    assert codes == [401] * 5 + [429] * 5
    assert "from this address" in stranger.post("/api/account/login", json={"name": "Ada", "password": "x" * 8}).text
    owner.cookies.clear()
    assert owner.post("/api/account/login", json={"name": "Ada", "password": "correct horse"}).status_code == 200
    # a crowd of addresses, each under its own limit, then spreads its guesses
    for k in range(12):
        crowd = TestClient(app, client=(f"198.51.100.{k}", 1000))
        for i in range(5):
            crowd.post("/api/account/login", json={"name": "Ada", "password": f"guess {k} {i}"})
    newcomer = TestClient(app, client=("198.51.100.200", 1000))
    r = newcomer.post("/api/account/login", json={"name": "Ada", "password": "correct horse"})
    assert r.status_code == 429 and "many addresses" in r.json()["error"]
    owner.cookies.clear()
    assert owner.post("/api/account/login", json={"name": "Ada", "password": "correct horse"}).status_code == 200
    # one address trying many names: held back after 3 x 5 attempts
    sprayer = TestClient(app, client=("203.0.113.99", 1000))
    codes = [sprayer.post("/api/account/login", json={"name": f"user{i}", "password": "password1"}).status_code
             for i in range(16)]
    assert codes == [401] * 15 + [429]


def test_a_stolen_session_is_refused_once_its_owner_logs_out(app_client):
    sid, _ = sign_up(app_client, "Ada")
    stolen = sid
    assert app_client.get("/api/account", headers=cookie(stolen)).json()["account"] == {"name": "Ada"}
    r = app_client.post("/api/account/login", json={"name": "Ada", "password": "correct horse"})
    other = r.cookies.get("cosmodrome_session")
    app_client.cookies.clear()
    # Ada logs out everywhere: every copy of every session of hers stops working
    assert app_client.post("/api/account/logout", json={"everywhere": True}, headers=cookie(other)).status_code == 200
    for s in (stolen, other):
        assert app_client.get("/api/account", headers=cookie(s)).json() == {"account": None}
        r = app_client.get("/api/account/games", headers=cookie(s))
        assert r.status_code == 401 and s not in r.text
    # a made-up or altered session id is no session either
    assert app_client.get("/api/account/games", headers=cookie(stolen[:-2] + "xx")).status_code == 401
    assert app_client.post("/api/account/logout", json={}, headers=cookie("forged")).status_code == 401


def test_a_seat_is_taken_as_an_account_and_listed_in_my_games(app_client):
    ada, _ = sign_up(app_client, "Ada")
    bob, _ = sign_up(app_client, "Bob")
    # created while logged in: the creator's seat is Ada's
    r = app_client.post("/api/games", json={"game": "pocket-race", "players": 2, "options": {"rounds": 2},
                                            "seats": [{"kind": "human"}, {"kind": "human"}]}, headers=cookie(ada))
    g = r.json()
    # Bob opened his link as a guest, then takes the seat as his account
    r = app_client.post(f"/api/games/{g['id']}/account-seat", headers={**cookie(bob), **auth(token(g, 1))})
    assert r.status_code == 200 and r.json()["player"] == "Bob"
    # a socket's table names each seat's player
    with socket(app_client, g["id"], token(g, 0)) as ws:
        while (m := ws.receive_json()).get("type") != "table":
            pass
        assert [s["player"] for s in m["seats"]] == ["Ada", "Bob"] and m["seats"][1]["display"] == "Bob"
    # Bob cannot take Ada's seat, and no session cannot take any
    r = app_client.post(f"/api/games/{g['id']}/account-seat", headers={**cookie(bob), **auth(token(g, 0))})
    assert r.status_code == 409
    assert app_client.post(f"/api/games/{g['id']}/account-seat", headers=auth(token(g, 1))).status_code == 401
    seats = app_client.get(f"/api/games/{g['id']}").json()["seats"]
    assert [s["player"] for s in seats] == ["Ada", "Bob"]
    mine = app_client.get("/api/account/games", headers=cookie(ada)).json()["games"]
    theirs = app_client.get("/api/account/games", headers=cookie(bob)).json()["games"]
    assert [(x["id"], x["seat"], x["your_turn"]) for x in mine] == [(g["id"], 0, True)]
    assert [(x["id"], x["seat"], x["your_turn"]) for x in theirs] == [(g["id"], 1, False)]
    # each sees the link of their own seat only
    assert token(g, 0) in mine[0]["link"] and token(g, 1) not in str(mine)
    assert token(g, 1) in theirs[0]["link"] and token(g, 0) not in str(theirs)
    # the browser-kept list asks for the same without an account
    r = app_client.post("/api/games/status", json={"games": [{"id": g["id"], "seat": 1}, {"id": "nope", "seat": 0}]})
    assert [(x["id"], x.get("your_turn"), x.get("missing")) for x in r.json()["games"]] == [
        (g["id"], False, None), ("nope", None, True)]
    assert token(g, 1) not in r.text
    assert app_client.post("/api/games/status", json={"games": [{"id": g["id"], "seat": 7}]}).status_code == 400
    assert app_client.post("/api/games/status", json={"games": "all"}).status_code == 400


def test_two_accounts_play_a_rated_game_and_both_ratings_move(app_client):
    # two people: accounts made an hour apart, each playing from their own address (the rules
    # against rating farming leave out accounts that share an address or were made minutes apart)
    ada, _ = sign_up(app_client, "Ada")
    age_account(app_client, "Ada", 3600)
    bob, _ = sign_up(app_client, "Bob")
    with from_address(app_client, "10.0.0.1"):  # a rated game takes no chosen seed
        g = new_game(app_client, rounds=1, rated=True, seed=None)
    for seat, sid, where in ((0, ada, "10.0.0.1"), (1, bob, "10.0.0.2")):
        with from_address(app_client, where):
            assert app_client.post(f"/api/games/{g['id']}/account-seat",
                                   headers={**cookie(sid), **auth(token(g, seat))}).status_code == 200
    with from_address(app_client, "10.0.0.1"):
        play_turn(app_client, g, 0, lambda opts: max(a for a in opts if a != 9))  # Ada plays a card
    with from_address(app_client, "10.0.0.2"):
        play_turn(app_client, g, 1, lambda opts: 9)                              # Bob only draws
    info = app_client.get(f"/api/games/{g['id']}").json()
    assert info["status"] == "finished" and info["result"]["winners"] == [0]
    board = wait_for(lambda: (lambda b: b if len(b) == 2 else None)(
        app_client.get("/api/ratings?game=pocket-race").json()["ratings"]))
    by = {x["name"]: x for x in board}
    assert by["Ada"]["mu"] > 25 > by["Bob"]["mu"] and by["Ada"]["games"] == by["Bob"]["games"] == 1
    assert [x["name"] for x in board] == ["Ada", "Bob"]
    prof = app_client.get("/api/players/bob", headers=cookie(bob)).json()  # a private game: for its seats only
    assert prof["name"] == "Bob" and prof["ratings"][0]["game"] == "pocket-race"
    assert prof["history"][0]["game_id"] == g["id"] and prof["history"][0]["won"] is False
    assert prof["history"][0]["after"] < prof["history"][0]["before"]
    assert prof["history"][0]["against"] == ["Ada"]
    assert app_client.get("/api/players/nobody").status_code == 404
    assert app_client.get("/api/ratings?game=chess").status_code == 404


def test_bots_have_ratings_and_an_unrated_game_moves_none(app_client):
    ada, _ = sign_up(app_client, "Ada")
    g = app_client.post("/api/games", json={"game": "pocket-race", "players": 2, "options": {"rounds": 1},
                                            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
                                            "rated": True}, headers=cookie(ada)).json()
    play_turn(app_client, g, 0, lambda opts: 9)
    board = wait_for(lambda: app_client.get("/api/ratings?game=pocket-race").json()["ratings"])
    assert sorted(x["name"] for x in board) == ["Ada", "bot random"]
    # a private game is named to its seats only: Ada's cookie
    assert app_client.get("/api/players/bot:random", headers=cookie(ada)).json()["history"][0]["game_id"] == g["id"]
    # a level named by its word, as people call it, is the same profile (probe 4, finding 8)
    assert app_client.get("/api/players/bot:Random", headers=cookie(ada)).json()["history"][0]["game_id"] == g["id"]
    plain = app_client.post("/api/games", json={"game": "pocket-race", "players": 2, "options": {"rounds": 1},
                                                "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]},
                            headers=cookie(ada)).json()
    play_turn(app_client, plain, 0, lambda opts: 9)
    wait_for(lambda: app_client.get(f"/api/games/{plain['id']}").json()["status"] == "finished")
    assert all(x["games"] == 1 for x in app_client.get("/api/ratings?game=pocket-race").json()["ratings"])
    # Ada's profile lists both games she played, the unrated one too
    games = app_client.get("/api/players/Ada", headers=cookie(ada)).json()["games"]
    assert sorted((x["game_id"], x["rated"]) for x in games) == sorted([(g["id"], True), (plain["id"], False)])
    assert all(x["players"][0] == "Ada" for x in games)
    assert app_client.post("/api/games", json={"game": "pocket-race", "players": 2, "rated": "yes"}).status_code == 400


def test_a_rated_game_a_crash_left_unrated_is_rated_at_the_next_start(db_url):
    with TestClient(create_app(db_url, password_hasher=CHEAP)) as c:
        ada, _ = sign_up(c, "Ada")
        g = c.post("/api/games", json={"game": "pocket-race", "players": 2, "options": {"rounds": 1}, "rated": True,
                                       "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]},
                   headers=cookie(ada)).json()
        c.app.state.hall.on_finish.clear()  # as if the server died between the game's end and its rating
        play_turn(c, g, 0, lambda opts: 9)
        wait_for(lambda: c.get(f"/api/games/{g['id']}").json()["status"] == "finished")
        assert c.get("/api/ratings?game=pocket-race").json()["ratings"] == []
    with TestClient(create_app(db_url, password_hasher=CHEAP)) as again:
        board = again.get("/api/ratings?game=pocket-race").json()["ratings"]
        assert sorted((x["name"], x["games"]) for x in board) == [("Ada", 1), ("bot random", 1)]
    with TestClient(create_app(db_url, password_hasher=CHEAP)) as third:  # and only once
        assert all(x["games"] == 1 for x in third.get("/api/ratings?game=pocket-race").json()["ratings"])


def test_an_owner_who_only_signed_up_is_not_locked_out_by_a_crowd(app_client):
    """The address an account was signed up from is one the account used: guesses spread
    over many addresses do not hold it back (the sign-up gave a session; many owners never
    log in until it ends)."""
    app = app_client.app
    owner = TestClient(app, client=("192.0.2.20", 1000))
    assert owner.post("/api/account/signup", json={"name": "Bea", "password": "correct horse"}).status_code == 201
    for k in range(12):
        crowd = TestClient(app, client=(f"198.51.100.{k}", 1000))
        for i in range(5):
            crowd.post("/api/account/login", json={"name": "Bea", "password": f"guess {k} {i}"})
    owner.cookies.clear()
    assert owner.post("/api/account/login", json={"name": "Bea", "password": "correct horse"}).status_code == 200
    newcomer = TestClient(app, client=("198.51.100.200", 1000))
    r = newcomer.post("/api/account/login", json={"name": "Bea", "password": "correct horse"})
    assert r.status_code == 429
    assert "from this address, which it has not signed up or logged in from" in r.json()["error"]


def test_a_password_or_name_with_a_lone_surrogate_is_a_400(app_client):
    for url, body in (("/api/account/signup", '{"name": "Cy", "password": "x\\ud800xxxxxxxx"}'),
                      ("/api/account/login", '{"name": "Cy", "password": "x\\ud800xxxxxxxx"}'),
                      ("/api/account/login", '{"name": "C\\ud800y", "password": "xxxxxxxxxx"}')):
        r = app_client.post(url, content=body.encode(), headers={"Content-Type": "application/json"})
        assert r.status_code == 400 and "a lone surrogate" in r.json()["error"], r.text


def test_a_rated_game_nobody_could_be_rated_in_is_stored_as_done(db_url):
    """An account against a guest (guests are never rated): the game is marked done in the
    database too, so no start tries to rate it again."""
    with TestClient(create_app(db_url, password_hasher=CHEAP)) as c:
        ada, _ = sign_up(c, "Ada")
        g = c.post("/api/games", json={"game": "pocket-race", "players": 2, "options": {"rounds": 1}, "rated": True,
                                       "seats": [{"kind": "human"}, {"kind": "human"}]}, headers=cookie(ada)).json()
        for _ in range(40):
            info = c.get(f"/api/games/{g['id']}").json()
            if info["status"] == "finished":
                break
            play_turn(c, g, info["to_move"], lambda opts: opts[0])
        wait_for(lambda: c.get(f"/api/games/{g['id']}").json()["status"] == "finished")
        wait_for(lambda: c.app.state.store.get_game(g["id"]).meta.get("rated_done"))
    with TestClient(create_app(db_url, password_hasher=CHEAP)) as again:  # stored: nothing to catch up
        assert again.app.state.store.get_game(g["id"]).meta.get("rated_done") is True
        assert again.get("/api/ratings?game=pocket-race").json()["ratings"] == []


def test_a_bot_level_named_by_its_word_is_its_spec(app_client):
    """``bot:easy`` (the word the page writes) is the heuristic level, whose name the page writes
    in the reader's words ("Könnyű"), never the profile of a level named "easy" (probe 4, finding 8)."""
    assert app_client.get("/api/players/bot:easy").json()["name"] == "bot heuristic"
    hu = app_client.get("/api/players/bot:könnyű", headers={"Accept-Language": "hu"}).json()
    assert hu["name"] == "bot heuristic"
    assert app_client.get("/api/players/bot:ismcts:seconds=1").json()["name"] == "bot ismcts:seconds=1"
