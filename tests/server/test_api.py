"""REST API of the browser table: every endpoint, and every kind of bad request (a clear 4xx
that changes nothing)."""

from __future__ import annotations

import pytest
from server_helpers import actions_of, auth, new_game, token, view, wait_for

from cosmodrome.core import GameRecord, get_game

DRAW = 9  # pocket-race: 0..8 play a card, 9 draws


def state_of(client, game):
    """Everything an error must leave unchanged: version, record actions, the spectator view."""
    return view(client, game)["version"], actions_of(client, game), view(client, game)["view"]


def test_game_types_lists_games_with_options_ranges_and_bots(client):
    r = client.get("/api/game-types")
    assert r.status_code == 200
    pr = {g["name"]: g for g in r.json()["games"]}["pocket-race"]
    assert (pr["min_players"], pr["max_players"]) == (2, 4)
    assert [o["name"] for o in pr["options"]] == ["rounds"]
    assert "random" in pr["bots"]


def test_create_returns_secret_links_only_for_human_seats(client):
    g = new_game(client, seats=("human", "random", "human"))
    assert [s["kind"] for s in g["seats"]] == ["human", "bot", "human"]
    assert "token" in g["seats"][0] and "token" not in g["seats"][1]
    assert token(g, 0) != token(g, 2)
    assert token(g, 0) in g["seats"][0]["link"] and g["id"] in g["spectate"]
    assert token(g, 0) not in g["spectate"] and "hotseat" in g
    info = client.get(f"/api/games/{g['id']}").json()
    assert info["status"] == "running" and info["players"] == 3
    assert "token" not in str(info)  # the info never shows a secret


@pytest.mark.parametrize("body,status,words", [
    ({"game": "nope", "players": 2}, 404, "unknown game"),
    ({"game": "pocket-race", "players": 9}, 422, "2 to 4"),
    ({"game": "pocket-race", "players": "two"}, 400, "players"),
    ({"players": 2}, 400, "game"),
    ({"game": "pocket-race", "players": 2, "options": {"laps": 3}}, 422, "no option 'laps'"),
    ({"game": "pocket-race", "players": 2, "seats": [{"kind": "human"}]}, 422, "one seat per player"),
    ({"game": "pocket-race", "players": 2, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "genius"}]}, 422,
     "genius"),
    # the seats counted from 0, as the API counts them
    ({"game": "pocket-race", "players": 2, "seats": [{"kind": "human"}, {"kind": "alien"}]}, 422, "seat 1 must"),
])
def test_create_rejects_bad_requests_clearly(client, body, status, words):
    before = client.get("/api/games").json()["games"]
    r = client.post("/api/games", json=body)
    assert r.status_code == status, r.text
    assert words in r.json()["error"]
    assert client.get("/api/games").json()["games"] == before


def test_create_rejects_malformed_json(client):
    r = client.post("/api/games", content=b"{not json", headers={"Content-Type": "application/json"})
    assert r.status_code == 400 and "not valid JSON" in r.json()["error"]
    r = client.post("/api/games", json=[1, 2])
    assert r.status_code == 400 and "JSON object" in r.json()["error"]


def test_list_games_by_status(client):
    running = new_game(client, public=True)
    finished = new_game(client, seats=("random", "random"), rounds=1, public=True)
    wait_for(lambda: client.get(f"/api/games/{finished['id']}").json()["status"] == "finished")
    ids = lambda s: {g["id"] for g in client.get(f"/api/games?status={s}").json()["games"]}
    assert running["id"] in ids("running") and running["id"] not in ids("finished")
    assert finished["id"] in ids("finished") and finished["id"] not in ids("running")
    assert running["id"] in ids("open")  # its human seats are not yet taken
    assert client.get("/api/games?status=weird").status_code == 400


def test_the_list_reads_only_the_newest_public_games_from_the_database(client, monkeypatch):
    """Private games are never read for the public list (the database filters them), and the
    list holds at most LIST_LIMIT games, the newest."""
    from cosmodrome.server.routers import games as games_router
    from cosmodrome.server.storage import Store
    monkeypatch.setattr(games_router, "LIST_LIMIT", 3)
    public = [new_game(client, public=True)["id"] for _ in range(4)]
    for _ in range(3):
        new_game(client)          # private
    read: list = []
    real = Store.list_games

    def spy(self, *args, **kwargs):
        rows = real(self, *args, **kwargs)
        read.extend(rows)
        return rows
    monkeypatch.setattr(Store, "list_games", spy)
    listed = [g["id"] for g in client.get("/api/games").json()["games"]]
    assert listed == public[::-1][:3]                   # the three newest public games
    assert read and all(r.public for r in read) and len(read) == 3
    assert [g["id"] for g in client.get("/api/games?status=open").json()["games"]] == public[::-1][:3]


def test_unknown_game_is_404(client):
    for path in ("/api/games/zzz", "/api/games/zzz/view", "/api/games/zzz/record"):
        r = client.get(path)
        assert r.status_code == 404 and "no game" in r.json()["error"]


def test_view_shows_own_hand_only_and_spectators_none(client):
    g = new_game(client)
    v0, v1, vs = view(client, g, 0), view(client, g, 1), view(client, g)
    assert v0["view"]["hand"] and v1["view"]["hand"]
    assert vs["view"]["hand"] is None and vs["seat"] is None
    assert v0["view"]["hand_sizes"] == v1["view"]["hand_sizes"] == [2, 2]
    # the decision (options) only to the seat to move; the others learn who decides what
    assert v0["decision"]["seat"] == 0 and v1["decision"] is None and vs["decision"] is None
    assert v1["waiting"]["seat"] == 0 and v1["waiting"]["prompt"]
    r = client.get(f"/api/games/{g['id']}/view", headers=auth("forged"))
    assert r.status_code == 403 and "not valid" in r.json()["error"]


def test_act_accepts_a_legal_move_and_bumps_the_version(client):
    g = new_game(client)
    v = view(client, g, 0)
    a = v["decision"]["options"][0]["action"]
    r = client.post(f"/api/games/{g['id']}/act", json={"token": token(g, 0), "action": a, "version": v["version"]})
    assert r.status_code == 200 and r.json() == {"ok": True, "version": 1, "index": 0}
    assert actions_of(client, g) == [a]
    assert view(client, g, 1)["decision"]["seat"] == 1


def test_bad_actions_get_clear_errors_and_change_nothing(client):
    g = new_game(client)
    v = view(client, g, 0)
    legal = [o["action"] for o in v["decision"]["options"]]
    illegal = next(a for a in range(9) if a not in legal)
    url = f"/api/games/{g['id']}/act"
    before = state_of(client, g)
    cases = [
        ({"token": token(g, 1), "action": legal[0], "version": 0}, 403, "not Player 2's turn"),
        ({"token": "forged", "action": legal[0], "version": 0}, 403, "not valid"),
        ({"action": legal[0], "version": 0}, 403, "token"),
        ({"token": token(g, 0), "action": legal[0], "version": 5}, 409, "moved on"),
        ({"token": token(g, 0), "action": illegal, "version": 0}, 422, "not legal"),
        ({"token": token(g, 0), "action": 99, "version": 0}, 422, "not legal"),
        ({"token": token(g, 0), "action": "draw", "version": 0}, 400, "'action'"),
        ({"token": token(g, 0), "action": legal[0]}, 400, "'version'"),
    ]
    for body, status, words in cases:
        r = client.post(url, json=body)
        assert r.status_code == status, (body, r.text)
        assert words in r.json()["error"], (body, r.json())
        assert state_of(client, g) == before
    r = client.post(url, content=b"{'action': 1}", headers={"Content-Type": "application/json"})
    assert r.status_code == 400 and state_of(client, g) == before


def test_stale_version_after_someone_moved(client):
    g = new_game(client)
    v = view(client, g, 0)
    a = v["decision"]["options"][0]["action"]
    r = client.post(f"/api/games/{g['id']}/act", json={"token": token(g, 0), "action": a, "version": 0})
    assert r.status_code == 200
    v1 = view(client, g, 1)
    b = v1["decision"]["options"][0]["action"]
    r = client.post(f"/api/games/{g['id']}/act", json={"token": token(g, 1), "action": b, "version": 0})
    assert r.status_code == 409
    assert actions_of(client, g) == [a]


def test_bots_move_in_the_background_until_a_human_decides(client):
    g = new_game(client, seats=("human", "random", "random"))
    v = view(client, g, 0)
    a = v["decision"]["options"][0]["action"]
    client.post(f"/api/games/{g['id']}/act", json={"token": token(g, 0), "action": a, "version": 0})
    v = wait_for(lambda: (lambda x: x if x["decision"] else None)(view(client, g, 0)))
    assert v["version"] == 3 and len(actions_of(client, g)) == 3


def test_game_plays_to_the_end_with_result(client):
    g = new_game(client, seats=("random", "random", "random"), rounds=3)
    info = wait_for(lambda: (lambda i: i if i["status"] == "finished" else None)(
        client.get(f"/api/games/{g['id']}").json()))
    rec = GameRecord.from_json(client.get(f"/api/games/{g['id']}/record").json())
    final = rec.replay()
    assert final.is_terminal() and info["result"]["winners"] == final.winners()
    assert info["result"]["scores"] == final.scores()
    r = client.post(f"/api/games/{g['id']}/act", json={"token": "x", "action": 0, "version": info["version"]})
    assert r.status_code in (403, 409)


def _play(client, g, seat, action):
    v = view(client, g, seat)
    r = client.post(f"/api/games/{g['id']}/act",
                    json={"token": token(g, seat), "action": action, "version": v["version"]})
    assert r.status_code == 200, r.text
    return r.json()


def test_undo_takes_back_own_decision_but_not_past_chance_or_others(client):
    g = new_game(client, seed=11)
    url = f"/api/games/{g['id']}/undo"
    v0 = view(client, g, 0)
    play = next(o["action"] for o in v0["decision"]["options"] if o["action"] != DRAW)
    # nothing of seat 0's yet
    assert client.post(url, json={"token": token(g, 0)}).status_code == 409
    _play(client, g, 0, play)
    assert view(client, g, 0)["can_undo"] is True
    # seat 1 cannot undo seat 0's decision; a spectator/forged token cannot undo
    r = client.post(url, json={"token": token(g, 1)})
    assert r.status_code == 409 and "nothing to take back" in r.json()["error"]
    assert client.post(url, json={"token": "forged"}).status_code == 403
    assert client.post(url, content=b"nope", headers={"Content-Type": "application/json"}).status_code == 400
    r = client.post(url, json={"token": token(g, 0)})
    assert r.status_code == 200 and r.json()["undone"] == 1
    after = view(client, g, 0)
    assert after["view"] == v0["view"] and after["version"] == 2  # revision moved on; table as before
    assert actions_of(client, g) == []
    # a draw reveals a card: it is a barrier
    _play(client, g, 0, DRAW)
    assert view(client, g, 0)["can_undo"] is False
    r = client.post(url, json={"token": token(g, 0)})
    assert r.status_code == 409 and "drew" in r.json()["error"]
    assert actions_of(client, g) == [DRAW]


def test_undo_after_restart_uses_the_stored_record(db_url):
    from fastapi.testclient import TestClient

    from cosmodrome.server import create_app
    with TestClient(create_app(db_url)) as c:
        g = new_game(c, seed=11)
        play = next(o["action"] for o in view(c, g, 0)["decision"]["options"] if o["action"] != DRAW)
        _play(c, g, 0, play)
    with TestClient(create_app(db_url)) as c:
        assert c.post(f"/api/games/{g['id']}/undo", json={"token": token(g, 0)}).status_code == 200
        assert actions_of(c, g) == []
    with TestClient(create_app(db_url)) as c:
        assert actions_of(c, g) == []


def test_record_export_and_import_for_replay(client):
    g = new_game(client, seats=("random", "random"), rounds=2, seed=3)
    wait_for(lambda: client.get(f"/api/games/{g['id']}").json()["status"] == "finished")
    rec = client.get(f"/api/games/{g['id']}/record").json()
    assert rec["format"] == "cosmodrome-record" and rec["seed"] == 3 and len(rec["actions"]) == 4
    r = client.post("/api/games/import", json={"record": rec, "mode": "replay"})
    assert r.status_code == 201, r.text
    imp = r.json()
    info = client.get(f"/api/games/{imp['id']}").json()
    assert info["status"] == "replay" and info["actions"] == 4
    # every seat's view of every step is open in a replay; it is the game's state at that step
    full = GameRecord.from_json(rec)
    for step in (0, 2, 4):
        for seat in (None, 0, 1):
            params = {"step": step} if seat is None else {"step": step, "seat": seat}
            rv = client.get(f"/api/games/{imp['id']}/replay", params=params).json()
            assert rv["view"] == full.replay(upto=step).view(seat)
    assert client.get(f"/api/games/{imp['id']}/replay", params={"step": 5}).status_code == 400
    late = client.post(f"/api/games/{imp['id']}/act", json={"token": "x", "action": 0, "version": 4})
    assert late.status_code in (403, 409)


def test_import_to_continue_against_bots_from_any_point(client):
    g = new_game(client, seats=("random", "random"), rounds=3, seed=5)
    wait_for(lambda: client.get(f"/api/games/{g['id']}").json()["status"] == "finished")
    rec = client.get(f"/api/games/{g['id']}/record").json()
    r = client.post("/api/games/import", json={"record": rec, "mode": "continue", "upto": 2,
                                               "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]})
    assert r.status_code == 201, r.text
    imp = r.json()
    v = view(client, imp, 0)
    assert v["status"] == "running" and v["actions"] == 2 and v["decision"]["seat"] == 0
    assert v["view"] == GameRecord.from_json(rec).replay(upto=2).view(0)


@pytest.mark.parametrize("body,status", [
    ({"record": {"game": "pocket-race"}}, 422),
    ({"record": {"game": "pocket-race", "players": 2, "seed": 1, "actions": [9, 9, 42]}}, 422),
    ({"record": {"game": "pocket-race", "players": 2, "seed": 1}, "mode": "sideways"}, 400),
    ({"record": {"game": "pocket-race", "players": 2, "seed": 1, "chance": "explicit"}}, 400),
    ({"record": {"game": "pocket-race", "players": 2, "seed": 1, "actions": [9]}, "upto": 3}, 400),
    ({"nothing": 1}, 400),
])
def test_import_rejects_bad_records(client, body, status):
    before = client.get("/api/games").json()
    r = client.post("/api/games/import", json=body)
    assert r.status_code == status, r.text
    assert r.json()["error"]
    assert client.get("/api/games").json() == before


def test_replay_of_a_running_game_hides_hands_without_the_token(client):
    g = new_game(client)
    url = f"/api/games/{g['id']}/replay"
    assert client.get(url, params={"step": 0}).json()["view"]["hand"] is None
    assert client.get(url, params={"step": 0, "seat": 0}).status_code == 403
    assert client.get(url, params={"step": 0, "seat": 0}, headers=auth(token(g, 1))).status_code == 403
    ok = client.get(url, params={"step": 0, "seat": 0}, headers=auth(token(g, 0)))
    assert ok.status_code == 200 and ok.json()["view"]["hand"] == view(client, g, 0)["view"]["hand"]


def test_join_a_public_game_takes_a_free_seat(client):
    private = new_game(client)
    assert client.post(f"/api/games/{private['id']}/join", json={}).status_code == 403
    g = new_game(client, seats=("human", "human", "human"), public=True)
    r = client.post(f"/api/games/{g['id']}/join", json={})  # the creator's seat (0) is theirs
    assert r.status_code == 200 and r.json()["seat"] == 1 and r.json()["token"] != token(g, 0)
    r2 = client.post(f"/api/games/{g['id']}/join", json={"seat": 1})
    assert r2.status_code == 409
    assert client.post(f"/api/games/{g['id']}/join", json={}).json()["seat"] == 2
    assert client.post(f"/api/games/{g['id']}/join", json={}).status_code == 409


def test_the_page_and_its_modules_are_served(client):
    for path in ("/", "/table.html", "/replay.html", "/css/style.css", "/js/table.js", "/js/lobby.js",
                 "/js/replay.js", "/js/renderers/generic.js", "/js/renderers/places.js", "/js/renderers/mars.js",
                 "/css/mars.css"):
        r = client.get(path)
        assert r.status_code == 200, path
    assert "cdn" not in client.get("/").text.lower()


def test_the_log_starts_with_the_setting_up(client):
    """Before anybody acts, the table's log already tells how the game was set up (RB: setting
    up, step eight: the first player is found by rolling; phase two: the first tiles)."""
    r = client.post("/api/games", json={"game": "venus", "players": 3, "seed": 11,
                                        "seats": [{"kind": "human"}] * 3})
    assert r.status_code == 201, r.text
    g = r.json()
    msg = view(client, g, 0)
    texts = [line["text"] for line in msg["log"]]
    state = get_game("venus").new_state(3, 11)
    expected = [e.text_for(0) for e in state.initial_events if e.text_for(0)]
    assert expected and texts[:len(expected)] == expected
    assert any("receives" in t for t in texts)


def test_a_person_names_their_seat_and_bad_names_change_nothing(client):
    g = new_game(client)
    gid = g["id"]
    url = f"/api/games/{gid}/name"
    r = client.post(url, json={"name": "  <script>alert(1)</script>  "}, headers=auth(token(g, 1)))
    assert r.status_code == 200 and r.json() == {"ok": True, "seat": 1, "name": "<script>alert(1)</script>"}
    seats = client.get(f"/api/games/{gid}").json()["seats"]
    assert [s["display"] for s in seats] == [None, "<script>alert(1)</script>"]
    for body, headers, status, words in [
        ({"name": "x" * 33}, auth(token(g, 0)), 400, "1 to 32 characters"),
        ({"name": "   "}, auth(token(g, 0)), 400, "1 to 32 characters"),
        ({"name": "a\nb"}, auth(token(g, 0)), 400, "control characters"),
        ({"name": 7}, auth(token(g, 0)), 400, "must be text"),
        ({}, auth(token(g, 0)), 400, "lacks 'name'"),
        ({"name": "Spy"}, {}, 403, "spectator"),
        ({"name": "Spy"}, auth("not-a-token"), 403, "not valid"),
    ]:
        r = client.post(url, json=body, headers=headers)
        assert r.status_code == status and words in r.json()["error"], (body, r.text)
    displays = [s["display"] for s in client.get(f"/api/games/{gid}").json()["seats"]]
    assert displays == [None, "<script>alert(1)</script>"]
    bot = new_game(client, seats=("human", "random"))
    r = client.post(f"/api/games/{bot['id']}/name", json={"name": "Bob"}, headers=auth(token(bot, 0)))
    assert r.status_code == 200


def test_join_names_the_seat_range_for_a_seat_the_game_does_not_have(client):
    g = new_game(client, public=True)
    for seat in (-1, 2, 99):
        r = client.post(f"/api/games/{g['id']}/join", json={"seat": seat})
        assert r.status_code == 400 and f"'seat' must be 0 to 1 (this game has 2 seats), not {seat}" \
            in r.json()["error"], r.text
    assert client.post(f"/api/games/{g['id']}/join", json={"seat": 1}).status_code == 200


def test_games_status_refuses_an_over_long_id_without_echoing_it(client):
    long_id = "q" * 5000
    r = client.post("/api/games/status", json={"games": [{"id": long_id, "seat": 0}]})
    assert r.status_code == 400 and "at most 64 characters" in r.json()["error"] and long_id not in r.text
    r = client.post("/api/games/status", json={"games": [{"id": "nope", "seat": 0}]})
    assert r.status_code == 200 and r.json()["games"] == [{"id": "nope", "missing": True}]


@pytest.mark.parametrize("name", ["\u202eevil", "Ada\u200b", "\u2066Bo\u2069", "x\ufeff"])
def test_a_display_name_with_an_invisible_format_character_is_refused(client, name):
    g = new_game(client)
    r = client.post(f"/api/games/{g['id']}/name", json={"name": name}, headers=auth(token(g, 0)))
    assert r.status_code == 400 and "invisible format characters" in r.json()["error"], r.text
    assert client.get(f"/api/games/{g['id']}").json()["seats"][0]["display"] is None
