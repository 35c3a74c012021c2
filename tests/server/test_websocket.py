"""The WebSocket flow: every socket receives its own view after each accepted action, the
decision only on the seat to move, log lines filtered per seat; reconnecting restores the
table; faults (a bot that raises, a database error) lose nothing and stall nothing."""

from __future__ import annotations

from fastapi.testclient import TestClient
from server_helpers import actions_of, auth, new_game, socket, token, view, wait_for

from cosmodrome.core import GameRecord
from cosmodrome.server import create_app
from cosmodrome.server.storage import StorageError

DRAW = 9


def recv_table(ws):
    while True:
        m = ws.receive_json()
        if m["type"] == "table":
            return m


def test_each_socket_gets_its_own_view_after_every_action(client):
    g = new_game(client, seed=4)
    gid = g["id"]
    with socket(client, gid, token(g, 0)) as w0, \
            socket(client, gid, token(g, 1)) as w1, \
            socket(client, gid) as ws:
        m0, m1, ms = recv_table(w0), recv_table(w1), recv_table(ws)
        hand0, hand1 = m0["view"]["hand"], m1["view"]["hand"]
        assert m0["seat"] == 0 and m1["seat"] == 1 and ms["seat"] is None and ms["view"]["hand"] is None
        assert m0["decision"]["seat"] == 0 and m1["decision"] is None and ms["decision"] is None
        assert m1["waiting"] == ms["waiting"] and m1["waiting"]["seat_name"] == "Player 1"
        # seat 0 draws: a chance event with a hidden card
        r = client.post(f"/api/games/{gid}/act", json={"token": token(g, 0), "action": DRAW, "version": 0})
        assert r.status_code == 200
        u0, u1, us = recv_table(w0), recv_table(w1), recv_table(ws)
        assert u0["version"] == u1["version"] == us["version"] == 1
        assert len(u0["view"]["hand"]) == 3 and u1["view"]["hand"] == hand1 and us["view"]["hand"] is None
        drawn = [c for c in u0["view"]["hand"] if c not in hand0 or u0["view"]["hand"].count(c) > hand0.count(c)][0]
        assert u0["log"][0]["text"] == f"Player 1 drew a {drawn}."
        assert u1["log"][0]["text"] == us["log"][0]["text"] == "Player 1 drew a card."
        assert u1["log_reset"] is False and u0["log"][0]["chance"] is True
        assert str(drawn) not in u1["log"][0]["text"]
        # now seat 1 gets the options and seat 0 learns who decides
        assert u1["decision"]["seat"] == 1 and u0["decision"] is None and u0["waiting"]["seat"] == 1
        # acting over the socket works too, with the same checks
        w1.send_json({"type": "act", "action": 99, "version": 1})
        err = w1.receive_json()
        assert err["type"] == "error" and err["status"] == 422 and "not legal" in err["error"]
        w1.send_json({"type": "act", "action": u1["decision"]["options"][0]["action"], "version": 0})
        err = w1.receive_json()
        assert err["type"] == "error" and err["status"] == 409
        assert recv_table(w1)["version"] == 1  # a stale client is sent the table again
        w0.send_json({"type": "act", "action": 0, "version": 1})
        err = w0.receive_json()
        assert err["type"] == "error" and err["status"] == 403
        assert actions_of(client, {'id': gid}) == [DRAW]
        w1.send_json({"type": "act", "action": u1["decision"]["options"][0]["action"], "version": 1})
        got = [w1.receive_json(), w1.receive_json()]
        assert {m["type"] for m in got} == {"ack", "table"}
        assert recv_table(w0)["version"] == 2


def test_the_setting_up_lines_come_once_not_again_with_the_first_move(client):
    """A game whose log opens with setting-up lines (Venus: tiles drawn, first player rolled):
    the first table carries them; the update after the first move carries only that move's lines."""
    r = client.post("/api/games", json={"game": "venus", "players": 2, "seed": 5,
                                        "seats": [{"kind": "human"}, {"kind": "human"}]})
    g = r.json()
    with socket(client, g["id"], token(g, 0)) as w0, socket(client, g["id"], token(g, 1)) as w1:
        m0, m1 = recv_table(w0), recv_table(w1)
        setup = [line for line in m0["log"] if line["i"] == -1]
        assert m0["log_reset"] is True and setup and all(line["i"] == -1 for line in m0["log"])
        mover, m = (w0, m0) if m0["decision"] else (w1, m1)
        mover.send_json({"type": "act", "action": m["decision"]["options"][0]["action"], "version": 0})
        u0, u1 = recv_table(w0), recv_table(w1)
        for u in (u0, u1):
            assert u["log_reset"] is False and u["version"] == 1
            assert all(line["i"] == 0 for line in u["log"]), [line["text"] for line in u["log"]]


def test_reconnect_restores_the_whole_table_at_once(client):
    g = new_game(client, seed=4)
    gid = g["id"]
    for seat in (0, 1, 0):
        v = view(client, g, seat)
        client.post(f"/api/games/{gid}/act", json={"token": token(g, seat), "action": DRAW, "version": v["version"]})
    with socket(client, gid, token(g, 1)) as w1:
        m = recv_table(w1)
    assert m["log_reset"] is True and m["version"] == 3 and len(m["log"]) == 3
    assert m["view"] == view(client, g, 1)["view"]
    assert m["decision"]["seat"] == 1


def test_socket_with_a_bad_token_or_game_is_refused(client):
    g = new_game(client)
    with socket(client, g["id"], "forged") as w:
        m = w.receive_json()
        assert m["type"] == "error" and m["status"] == 403
    with client.websocket_connect("/ws/games/nothing") as w:
        m = w.receive_json()
        assert m["type"] == "error" and m["status"] == 404


def test_a_closed_socket_loses_nothing(client):
    g = new_game(client, seats=("human", "random"))
    gid = g["id"]
    with socket(client, gid, token(g, 0)) as w0:
        m = recv_table(w0)
        client.post(f"/api/games/{gid}/act",
                    json={"token": token(g, 0), "action": m["decision"]["options"][0]["action"], "version": 0})
    # the browser went away; the bot still moves and the game waits for seat 0
    v = wait_for(lambda: (lambda x: x if x["decision"] else None)(view(client, g, 0)))
    assert v["version"] == 2


def test_a_database_error_changes_nothing_and_the_game_goes_on(client):
    g = new_game(client)
    gid = g["id"]
    store = client.app.state.store
    real = store.submit_action
    calls = {"n": 0}

    def failing(*a, **k):
        calls["n"] += 1
        raise StorageError("the disk is full (or the database reached its size limit)")

    store.submit_action = failing
    v = view(client, g, 0)
    a = v["decision"]["options"][0]["action"]
    r = client.post(f"/api/games/{gid}/act", json={"token": token(g, 0), "action": a, "version": 0})
    assert r.status_code == 503 and "Nothing was changed" in r.json()["error"] and calls["n"] == 1
    assert view(client, g, 0)["view"] == v["view"] and view(client, g, 0)["version"] == 0
    store.submit_action = real
    r = client.post(f"/api/games/{gid}/act", json={"token": token(g, 0), "action": a, "version": 0})
    assert r.status_code == 200


def test_bots_retry_after_a_database_error(client):
    store = client.app.state.store
    real = store.submit_action
    fails = {"left": 2}

    def flaky(*a, **k):
        if fails["left"]:
            fails["left"] -= 1
            raise StorageError("the database is locked (another program is writing to it)")
        return real(*a, **k)

    store.submit_action = flaky
    g = new_game(client, seats=("random", "random"), rounds=1)
    info = wait_for(lambda: (lambda i: i if i["status"] == "finished" else None)(
        client.get(f"/api/games/{g['id']}").json()))
    assert fails["left"] == 0 and info["actions"] == 2
    rec = GameRecord.from_json(client.get(f"/api/games/{g['id']}/record").json())
    assert rec.replay().is_terminal()


def test_a_restarted_app_resumes_running_games_and_their_bots(db_url):
    with TestClient(create_app(db_url)) as c:
        g = new_game(c, seats=("human", "random"), seed=9)
        v = view(c, g, 0)
        c.post(f"/api/games/{g['id']}/act", json={"token": token(g, 0), "action": v["decision"]["options"][0]["action"],
                                                   "version": 0})
        before = wait_for(lambda: (lambda x: x if x["decision"] else None)(view(c, g, 0)))
    with TestClient(create_app(db_url)) as c:
        after = view(c, g, 0)
        assert after["view"] == before["view"] and after["version"] == before["version"]
        assert after["log"] == before["log"]


def errors_until(ws, n=1):
    """The next ``n`` error messages (skipping tables)."""
    out = []
    while len(out) < n:
        m = ws.receive_json()
        if m["type"] == "error":
            out.append(m)
    return out


def test_socket_errors_are_clear_and_change_nothing(client):
    g = new_game(client, seed=4)
    gid = g["id"]
    with socket(client, gid, token(g, 0)) as w0, \
            socket(client, gid) as ws:
        recv_table(w0), recv_table(ws)
        wait_for(lambda: view(client, g, 0)["seats"][0]["claimed"])  # the socket's seat is marked taken
        before = (actions_of(client, {'id': gid}), view(client, g, 0))
        cases = [
            (lambda: w0.send_text("{not json"), 400, "not valid JSON"),
            (lambda: w0.send_bytes(b"\x00\x01"), 400, "binary"),
            (lambda: w0.send_json([1, 2]), 400, "JSON objects"),
            (lambda: w0.send_json({"type": "dance"}), 400, "unknown message type 'dance'"),
            (lambda: w0.send_json({"type": "act", "version": 0}), 400, "'action'"),
            (lambda: w0.send_json({"type": "act", "action": "draw", "version": 0}), 400, "'action'"),
            (lambda: w0.send_json({"type": "act", "action": 99, "version": 0}), 422, "not legal"),
            (lambda: w0.send_json({"type": "undo"}), 409, "nothing to take back"),
            (lambda: ws.send_json({"type": "act", "action": DRAW, "version": 0}), 403, "spectator"),
            (lambda: ws.send_json({"type": "undo"}), 403, "spectator"),
        ]
        for send, status, words in cases:
            send()
            sock = ws if status == 403 else w0
            (err,) = errors_until(sock)
            assert err["status"] == status and words in err["error"], (words, err)
            assert (actions_of(client, {'id': gid}), view(client, g, 0)) == before
        # the socket is still open and answers
        w0.send_json({"type": "ping"})
        assert w0.receive_json()["type"] == "pong"


def test_undo_over_the_socket(client):
    g = new_game(client, seed=11)
    gid = g["id"]
    v0 = view(client, g, 0)
    play = next(o["action"] for o in v0["decision"]["options"] if o["action"] != DRAW)
    with socket(client, gid, token(g, 0)) as w0, \
            socket(client, gid, token(g, 1)) as w1:
        recv_table(w0), recv_table(w1)
        w0.send_json({"type": "act", "action": play, "version": 0})
        assert recv_table(w1)["version"] == 1
        w1.send_json({"type": "undo"})  # not seat 1's decision
        (err,) = errors_until(w1)
        assert err["status"] == 409 and "nothing to take back" in err["error"]
        w0.send_json({"type": "undo", "steps": 0})
        (err,) = errors_until(w0)
        assert err["status"] == 422 and "steps" in err["error"]
        assert actions_of(client, {'id': gid}) == [play]
        w0.send_json({"type": "undo", "steps": "all"})
        msgs = []
        while not any(m["type"] == "ack" for m in msgs):
            msgs.append(w0.receive_json())
        ack = next(m for m in msgs if m["type"] == "ack")
        assert ack["of"] == "undo" and ack["undone"] == 1 and ack["version"] == 2
        t1 = recv_table(w1)  # the other seat is sent the whole table again, with a notice
        assert t1["version"] == 2 and t1["log_reset"] is True and "took back 1 decision" in t1["notice"]
    assert actions_of(client, {'id': gid}) == []
    assert view(client, g, 0)["view"] == v0["view"]


def test_a_database_error_over_the_socket_is_a_clear_503(client):
    g = new_game(client)
    gid = g["id"]
    store = client.app.state.store
    real = store.submit_action

    def failing(*a, **k):
        raise StorageError("the disk is full (or the database reached its size limit)")

    with socket(client, gid, token(g, 0)) as w0:
        m = recv_table(w0)
        store.submit_action = failing
        try:
            w0.send_json({"type": "act", "action": m["decision"]["options"][0]["action"], "version": 0})
            (err,) = errors_until(w0)
        finally:
            store.submit_action = real
        assert err["status"] == 503 and "the disk is full" in err["error"] and "Nothing was changed" in err["error"]
        assert view(client, g, 0)["version"] == 0
        w0.send_json({"type": "act", "action": m["decision"]["options"][0]["action"], "version": 0})
        while (a := w0.receive_json())["type"] != "ack":
            pass
        assert a["version"] == 1


def test_opening_a_seat_socket_marks_the_seat_taken_before_it_is_served(client):
    # a public game whose second seat is kept for a friend the creator sends its link to
    r = client.post("/api/games", json={"game": "pocket-race", "players": 3, "public": True,
                                        "seats": [{"kind": "human"}, {"kind": "human", "open": False},
                                                  {"kind": "human"}]})
    g = r.json()
    assert [("token" in s, s.get("open", False)) for s in g["seats"]] == [(True, False), (True, False), (False, True)]
    seats = lambda: client.get(f"/api/games/{g['id']}").json()["seats"]
    assert [s["claimed"] for s in seats()] == [False, False, False]
    with socket(client, g['id'], token(g, 1)) as w:
        assert recv_table(w)["seat"] == 1
        assert [s["claimed"] for s in seats()] == [False, True, False]
        # stored, not only in memory: the listing of open games reads the database
        assert [s.claimed for s in client.app.state.store.get_game(g["id"]).seats] == [False, True, False]
    listed = [x for x in client.get("/api/games?status=open").json()["games"] if x["id"] == g["id"]]
    assert [s["open"] for s in listed[0]["seats"]] == [False, False, True]


def test_a_rematch_keeps_seats_and_settings_with_a_new_seed_and_tells_every_socket(client):
    g = new_game(client, seats=("human", "human", "random"), rounds=1, seed=21)
    gid = g["id"]
    r = client.post(f"/api/games/{gid}/rematch", headers=auth(token(g, 0)))
    assert r.status_code == 409 and "once the game is over" in r.json()["error"]
    client.post(f"/api/games/{gid}/name", json={"name": "Ann"}, headers=auth(token(g, 0)))
    with socket(client, gid, token(g, 1)) as w1, socket(client, gid) as ws:
        recv_table(w1), recv_table(ws)
        while client.get(f"/api/games/{gid}").json()["status"] == "running":
            info = client.get(f"/api/games/{gid}").json()
            if info["to_move"] in (0, 1):
                _finish_one(client, g, info["to_move"])
            else:
                wait_for(lambda: client.get(f"/api/games/{gid}").json()["to_move"] != 2)  # the bot plays
        assert client.post(f"/api/games/{gid}/rematch").status_code == 403  # a spectator
        store = client.app.state.store
        with store.engine.begin() as conn:  # a key stored meanwhile by another write (a rating's mark)
            conn.exec_driver_sql("UPDATE games SET meta = json_set(meta, '$.rated_done', json('true')) WHERE id = ?",
                                 (gid,))
        r = client.post(f"/api/games/{gid}/rematch", headers=auth(token(g, 0)))
        assert r.status_code == 200, r.text
        new = r.json()
        assert new["id"] != gid and new["seat"] == 0 and new["link"].endswith(f"#token={new['token']}")
        again = client.post(f"/api/games/{gid}/rematch", headers=auth(token(g, 1))).json()
        assert again["id"] == new["id"] and again["seat"] == 1  # one rematch per game
        # the sockets still connected are each told their own seat's new token (a spectator none)
        def rematch_msg(w):
            while True:
                m = w.receive_json()
                if m["type"] == "rematch":
                    return m
        m1, ms = rematch_msg(w1), rematch_msg(ws)
        assert m1 == {"type": "rematch", "game_id": new["id"], "seat": 1, "token": again["token"]}
        assert ms == {"type": "rematch", "game_id": new["id"], "seat": None, "token": None}
    old = client.app.state.store.get_game(gid)
    # the rematch is stored in the finished game's meta, beside what other writes stored there
    assert old.meta["rematch"] == new["id"] and old.meta["rated_done"] is True
    row = client.app.state.store.get_game(new["id"])
    assert row.seed != old.seed and row.options == old.options and row.status == "running"
    assert [(s.kind, s.bot) for s in row.seats] == [(s.kind, s.bot) for s in old.seats]
    assert [s.display for s in row.seats] == ["Ann", None, None]
    assert view(client, {"id": new["id"], "seats": [{"token": new["token"]}]}, 0)["seat"] == 0


def _finish_one(client, g, seat):
    """``seat`` takes its first option (if it is still to decide)."""
    v = view(client, g, seat)
    if v["decision"] is None:
        return
    client.post(f"/api/games/{g['id']}/act", json={"token": token(g, seat), "version": v["version"],
                                                   "action": v["decision"]["options"][0]["action"]})
