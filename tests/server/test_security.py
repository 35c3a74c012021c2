"""The server faces hostile input: hidden information and secrets stay hidden, a client never
names a server file, every request and bot budget has a cap, other sites are refused
(docs/SERVER.md, "Security")."""

from __future__ import annotations

import json
import logging

import pytest
from fastapi.testclient import TestClient
from server_helpers import actions_of, auth, new_game, socket, stored_record, token, view, wait_for
from starlette.websockets import WebSocketDisconnect

from cosmodrome.core import GameRecord, get_game
from cosmodrome.server import create_app
from cosmodrome.server.security import redact
from cosmodrome.server.tables import BotCaps

DRAW = 9  # pocket-race: 0..8 play a card, 9 draws


def seed_of(client, g):
    return client.app.state.store.get_game(g["id"]).seed


def play_one(client, g, seat=0):
    v = view(client, g, seat)
    a = v["decision"]["options"][0]["action"]
    r = client.post(f"/api/games/{g['id']}/act", json={"action": a, "version": v["version"]},
                    headers=auth(token(g, seat)))
    assert r.status_code == 200, r.text
    return a


# ----- hidden information ------------------------------------------------------------------
def test_a_running_games_record_reaches_nobody_but_a_seat_gets_what_it_has_seen(client):
    g = new_game(client, seed=123456789)
    play_one(client, g)
    url = f"/api/games/{g['id']}/record"
    r = client.get(url)
    assert r.status_code == 403 and "sealed until the game is over" in r.json()["error"]
    assert "123456789" not in r.text and "actions" not in r.json()
    # a seat downloads its own log and view: no seed, no action list, no other hand
    mine = client.get(url, headers=auth(token(g, 1)))
    assert mine.status_code == 200
    rec = mine.json()
    assert rec["format"] == "cosmodrome-seat-record" and rec["seat"] == 1
    assert "seed" not in rec and "123456789" not in mine.text and rec["actions"] == 1
    assert rec["view"] == view(client, g, 1)["view"] and rec["log"] == view(client, g, 1)["log"]
    assert rec["view"]["hand"] != view(client, g, 0)["view"]["hand"] or rec["view"]["hand"] is not None
    assert client.get(url, headers=auth("forged")).status_code == 403


def test_the_full_record_opens_when_the_game_is_over(client):
    g = new_game(client, seats=("random", "random"), rounds=1, seed=77, public=True)
    wait_for(lambda: client.get(f"/api/games/{g['id']}").json()["status"] == "finished")
    rec = client.get(f"/api/games/{g['id']}/record").json()
    assert rec["seed"] == 77 and GameRecord.from_json(rec).replay().is_terminal()
    imp = client.post("/api/games/import", json={"record": rec, "mode": "replay"}).json()
    assert client.get(f"/api/games/{imp['id']}/record").json()["actions"] == rec["actions"]


def test_private_games_are_not_listed(client):
    private = new_game(client)
    public = new_game(client, public=True)
    for status in (None, "open", "running"):
        listed = client.get("/api/games", params={} if status is None else {"status": status}).json()["games"]
        ids = {x["id"] for x in listed}
        assert private["id"] not in ids and public["id"] in ids, status
    # the private game is still reached through its links
    assert client.get(f"/api/games/{private['id']}").status_code == 200


def test_default_seeds_are_64_bit_and_never_sent_to_a_client(client):
    games = [new_game(client, seed=None, public=True) for _ in range(8)]
    seeds = [seed_of(client, g) for g in games]
    assert len(set(seeds)) == 8 and all(-2 ** 63 <= s < 2 ** 63 for s in seeds)
    assert any(abs(s) >= 2 ** 32 for s in seeds)  # not drawn from 31 bits (odds of failing: 8 in 2**32)
    g, seed = games[0], str(seeds[0])
    texts = [json.dumps(g), client.get(f"/api/games/{g['id']}").text, client.get("/api/games").text,
             json.dumps(view(client, g, 0)), json.dumps(view(client, g)),
             client.get(f"/api/games/{g['id']}/record", headers=auth(token(g, 0))).text,
             client.get(f"/api/games/{g['id']}/replay", params={"step": 0}).text]
    with socket(client, g["id"], token(g, 0)) as ws:
        texts.append(json.dumps(ws.receive_json()))
    assert not [t for t in texts if seed in t]


def test_a_running_games_replay_does_not_label_another_seats_choice(client):
    g = new_game(client)
    play_one(client, g, 0)
    url = f"/api/games/{g['id']}/replay"
    assert client.get(url, params={"step": 1}).json()["last_action"] is None
    assert client.get(url, params={"step": 1, "seat": 1}, headers=auth(token(g, 1))).json()["last_action"] is None
    own = client.get(url, params={"step": 1, "seat": 0}, headers=auth(token(g, 0))).json()
    assert own["last_action"]


# ----- tokens ------------------------------------------------------------------------------
def test_links_carry_the_token_in_the_fragment_and_urls_never_take_one(client):
    g = new_game(client)
    for s in (0, 1):
        assert g["seats"][s]["link"].endswith(f"#token={token(g, s)}") and "?token=" not in g["seats"][s]["link"]
    assert g["hotseat"].endswith(f"#token={token(g, 0)},{token(g, 1)}")
    before = view(client, g)
    for path in (f"/api/games/{g['id']}/view", f"/api/games/{g['id']}/record", f"/api/games/{g['id']}/replay"):
        r = client.get(path, params={"token": token(g, 0)})
        assert r.status_code == 400 and "must not be sent in the URL" in r.json()["error"], path
        assert token(g, 0) not in r.text
    r = client.post(f"/api/games/{g['id']}/act?token={token(g, 0)}", json={"action": 0, "version": 0})
    assert r.status_code == 400 and token(g, 0) not in r.text
    assert view(client, g) == before


def test_the_socket_takes_its_token_in_the_first_frame(client):
    g = new_game(client)
    with socket(client, g["id"], token(g, 1)) as ws:
        m = ws.receive_json()
        assert m["type"] == "table" and m["seat"] == 1 and m["view"]["hand"] == view(client, g, 1)["view"]["hand"]
    with socket(client, g["id"]) as ws:
        assert ws.receive_json()["seat"] is None
    with client.websocket_connect(f"/ws/games/{g['id']}?token={token(g, 0)}") as ws:
        m = ws.receive_json()
        assert m["type"] == "error" and m["status"] == 400 and token(g, 0) not in json.dumps(m)
    with client.websocket_connect(f"/ws/games/{g['id']}") as ws:
        ws.send_json({"type": "act", "action": 0, "version": 0})
        m = ws.receive_json()
        assert m["type"] == "error" and m["status"] == 400 and "hello" in m["error"]
    assert actions_of(client, g) == []


def test_the_socket_closes_without_a_hello_in_time(db_url):
    with TestClient(create_app(db_url, hello_timeout=0.2)) as c:
        g = new_game(c)
        with c.websocket_connect(f"/ws/games/{g['id']}") as ws:
            m = ws.receive_json()
            assert m["type"] == "error" and "within 0.2 s" in m["error"]


def test_no_error_body_or_log_line_carries_a_token_or_a_running_games_seed(client, caplog):
    caplog.set_level(logging.DEBUG)
    g = new_game(client, seed=987654321987)
    secrets_ = [token(g, 0), token(g, 1), "987654321987"]
    gid = g["id"]
    bodies = []
    for path, kw in [
        (f"/api/games/{gid}/view", {"params": {"token": token(g, 0)}}),
        (f"/api/games/{gid}/view", {"headers": auth(token(g, 0) + "x")}),
        (f"/api/games/{gid}/record", {}),
        (f"/api/games/{gid}/replay", {"params": {"seat": 0}, "headers": auth(token(g, 1))}),
        (f"/api/games/{gid}/replay", {"params": {"step": 99}}),
    ]:
        bodies.append(client.get(path, **kw).text)
    for body in [{"token": token(g, 1), "action": 0, "version": 0}, {"token": token(g, 0), "action": 99, "version": 0},
                 {"token": token(g, 0), "action": 0, "version": 7},
                 {"token": token(g, 0), "action": "x", "version": 0}]:
        bodies.append(client.post(f"/api/games/{gid}/act", json=body).text)
    bodies.append(client.post(f"/api/games/{gid}/undo", json={"token": token(g, 0), "steps": -1}).text)
    with socket(client, gid, token(g, 0)) as ws:
        ws.receive_json()
        for frame in ({"type": "act", "action": 99, "version": 0}, {"type": "undo", "steps": "x"}, {"type": "nope"}):
            ws.send_json(frame)
            bodies.append(json.dumps(ws.receive_json()))
    assert all(len(b) > 10 for b in bodies)
    # the server's log lines (not the test client's own httpx lines, which show what it sent)
    logged = [r.getMessage() + (r.exc_text or "") for r in caplog.records if not r.name.startswith("httpx")]
    text = "\n".join(bodies + logged)
    assert not [(s, text[max(0, text.find(s) - 300):text.find(s) + 50]) for s in secrets_ if s in text]


def test_old_token_links_are_blanked_in_log_lines():
    assert redact('127.0.0.1:5 - "GET /table.html?game=a&token=T1,T2 HTTP/1.1" 200') == \
        '127.0.0.1:5 - "GET /table.html?game=a&token=[hidden] HTTP/1.1" 200'
    rec = logging.LogRecord("uvicorn.access", logging.INFO, "", 0, '%s - "%s %s HTTP/%s" %d',
                            ("1.2.3.4:5", "GET", "/ws/games/x?token=abc", "1.1", 101), None)
    from cosmodrome.server.security import _RedactFilter
    _RedactFilter().filter(rec)
    assert "abc" not in rec.getMessage() and "[hidden]" in rec.getMessage()



@pytest.mark.parametrize("query", ["tok%65n=SECRET", "%74oken=SECRET", "TOKEN=SECRET", "t%6fk%65n=SECRET",
                                   "tok%2565n=SECRET", "token%5B%5D=SECRET", "token[]=SECRET",
                                   "next=%2Ftable.html%3Fgame%3Da%26token%3DSECRET", "x%3Dy%26token%3DSECRET",
                                   "game=a;token=SECRET", "password=SECRET", "session=SECRET"])
def test_a_token_is_blanked_in_log_lines_however_the_url_encodes_it(query):
    rec = logging.LogRecord("uvicorn.access", logging.INFO, "", 0, '%s - "%s %s HTTP/%s" %d',
                            ("1.2.3.4:5", "GET", f"/table.html?game=g1&{query}&seat=0", "1.1", 200), None)
    from cosmodrome.server.security import _RedactFilter
    _RedactFilter().filter(rec)
    line = rec.getMessage()
    assert "SECRET" not in line and "[hidden]" in line and "game=g1" in line and "seat=0" in line, line


def test_a_token_in_a_path_part_or_a_socket_line_is_blanked_too():
    from cosmodrome.server.security import _RedactFilter
    for args in (("1.2.3.4:5", "GET", "/api/games/g1/view/tok%65n=SECRET", "1.1", 404),
                 ("1.2.3.4:5", "WebSocket /ws/games/g1?tok%65n=SECRET", "1.1", 403)):
        rec = logging.LogRecord("uvicorn.error", logging.INFO, "", 0, " ".join(["%s"] * len(args)), args, None)
        _RedactFilter().filter(rec)
        assert "SECRET" not in rec.getMessage(), rec.getMessage()
    # the API reads an encoded key as "token", as the page's URLSearchParams does: refused, never logged
    assert redact("GET /api/games/g1/view?game=g1&seat=0 HTTP/1.1") == "GET /api/games/g1/view?game=g1&seat=0 HTTP/1.1"


def test_the_api_refuses_an_encoded_token_key_in_the_url(client):
    g = new_game(client)
    r = client.get(f"/api/games/{g['id']}/view?tok%65n={token(g, 0)}")
    assert r.status_code == 400 and token(g, 0) not in r.text


@pytest.mark.parametrize("path", ["/", "/table.html?game=x", "/profile.html?name=Ada", "/mygames.html", "/docs",
                                  "/js/api.js", "/api/games", "/api/games/nope", "/no-such-page.html"])
def test_no_answer_may_be_framed_by_another_site_or_leak_its_address_as_a_referer(client, path):
    r = client.get(path, headers={"Accept": "text/html"})
    assert r.headers["x-frame-options"] == "DENY", path
    assert "frame-ancestors 'none'" in r.headers["content-security-policy"], path
    assert r.headers["referrer-policy"] == "no-referrer", path
    refused = client.get("/api/games", headers={"Origin": "https://evil.example"})  # the Guard's own answers too
    assert refused.status_code == 403 and refused.headers["x-frame-options"] == "DENY"


def test_a_policy_a_page_already_sends_keeps_its_rules_and_gains_frame_ancestors():
    from cosmodrome.server.security import with_page_headers
    out = dict(with_page_headers([(b"Content-Security-Policy", b"default-src 'self';"),
                                  (b"Referrer-Policy", b"same-origin")]))
    assert out[b"Content-Security-Policy"] == b"default-src 'self'; frame-ancestors 'none'"
    assert out[b"Referrer-Policy"] == b"same-origin" and b"referrer-policy" not in out
    own = [(b"content-security-policy", b"frame-ancestors 'self'")]
    assert dict(with_page_headers(own))[b"content-security-policy"] == b"frame-ancestors 'self'"

# ----- files and variants --------------------------------------------------------------------
VENUS_VARIANT = None


def _venus_toml():
    from cosmodrome.games.venus.components import DEFAULT_PATH
    return DEFAULT_PATH.read_text()


@pytest.mark.parametrize("value", ["/dev/zero", "/etc/passwd", "/no/such/file.toml", "../../etc/hosts"])
def test_a_client_cannot_name_a_server_file(client, value, tmp_path):
    r = client.post("/api/games", json={"game": "venus", "players": 2, "options": {"components": value}})
    assert r.status_code == 422
    err = r.json()["error"]
    assert "cannot name a file on the server" in err and value not in err  # no oracle of which files exist
    r = client.post("/api/games", json={"game": "cosmic-run", "players": 1, "options": {"components": value}})
    assert r.status_code == 422 and "cannot name a file" in r.json()["error"]
    assert client.app.state.store.list_games() == []


def test_an_imported_record_with_a_deep_variant_is_a_clear_422(client):
    rec = {"game": "cosmic-run", "players": 1, "seed": 1, "actions": [],
           "options": {"components": {"toml": "x = " + "[" * 30000 + "]" * 30000}}}
    r = client.post("/api/games/import", json={"record": rec, "mode": "replay"})
    assert r.status_code == 422 and "more than 32 deep" in r.json()["error"]


def test_an_imported_record_naming_a_file_is_refused(client):
    rec = {"game": "cosmic-run", "players": 1, "seed": 1, "options": {"components": "/dev/zero"}, "actions": []}
    r = client.post("/api/games/import", json={"record": rec, "mode": "replay"})
    assert r.status_code == 422 and "cannot name a file" in r.json()["error"]


def test_an_own_variant_travels_as_content_and_the_record_replays_anywhere(client):
    text = _venus_toml()
    r = client.post("/api/games", json={"game": "venus", "players": 2, "seed": 5,
                                         "options": {"components": {"toml": text, "name": "mine.toml"}},
                                         "seats": [{"kind": "human"}, {"kind": "human"}]})
    assert r.status_code == 201, r.text
    g = r.json()
    info = client.get(f"/api/games/{g['id']}").json()
    assert info["options"]["components"] == {"name": "mine.toml", "bytes": len(text.encode())}
    stored = stored_record(client.app.state.store, g["id"])
    assert stored["options"]["components"]["toml"] == text
    state = GameRecord.from_json(stored).replay()
    assert state.view(0) == get_game("venus").new_state(2, 5).view(0)


@pytest.mark.parametrize("value,words", [
    ({"toml": "this is = = not toml"}, "not valid TOML"),
    ({"toml": "[rules]\nnothing = 1\n"}, "components"),
    ({"toml": "x = 1\n" * 20000}, "at most 65536"),
    ({"toml": 5}, "TOML content"),
    ({"file": "/etc/passwd"}, "'file'"),
    # nesting that would exhaust the TOML parser's recursion (a 500 before), or build tables
    # as deep through dotted keys and headers: a 422 naming the problem
    ({"toml": "x = " + "[" * 30000 + "]" * 30000}, "more than 32 deep"),
    ({"toml": "x = " + "{a=" * 15000 + "1" + "}" * 15000}, "more than 32 deep"),
    ({"toml": "rules" + ".a" * 20000 + " = 1"}, "more than 32 deep"),
    ({"toml": "[" + ".".join(["a"] * 20000) + "]"}, "more than 32 deep"),
    ({"toml": "x = " + "[" * 33 + "]" * 33}, "at most 32 levels"),
])
def test_a_bad_own_variant_is_a_clear_422(client, value, words):
    r = client.post("/api/games", json={"game": "venus", "players": 2, "options": {"components": value}})
    assert r.status_code == 422 and words in r.json()["error"], r.text
    assert client.app.state.store.list_games() == []


def test_registered_variants_are_offered_by_name(db_url, tmp_path):
    (tmp_path / "variants" / "cosmic-run").mkdir(parents=True)
    (tmp_path / "variants" / "cosmic-run" / "long-tracks.toml").write_text("")
    (tmp_path / "variants" / "venus").mkdir()
    (tmp_path / "variants" / "venus" / "classic.toml").write_text(_venus_toml())
    with TestClient(create_app(db_url, variants_dir=tmp_path / "variants")) as c:
        types = {t["name"]: t for t in c.get("/api/game-types").json()["games"]}
        assert types["venus"]["variants"] == ["classic"] and types["cosmic-run"]["variants"] == ["long-tracks"]
        r = c.post("/api/games", json={"game": "venus", "players": 2, "options": {"components": "classic"}})
        assert r.status_code == 201, r.text
        opts = stored_record(c.app.state.store, r.json()["id"])["options"]
        assert opts["components"] == {"toml": _venus_toml(), "name": "classic"}
        r = c.post("/api/games", json={"game": "venus", "players": 2, "options": {"components": "long-tracks"}})
        assert r.status_code == 422 and "(classic)" in r.json()["error"]


# ----- caps ----------------------------------------------------------------------------------
@pytest.mark.parametrize("bot,words", [
    ("ismcts:iters=1000000000000", "at most 2000 search iterations"),
    ("ismcts:seconds=3600", "at most 10 seconds"),
    ("ismcts:dets=100000", "determinizations"),
    ("openspiel-mcts:rollouts=100000", "at most 16 rollouts"),
    ("openspiel-mcts:iters=99999999", "at most 2000 search iterations"),
])
def test_a_bot_budget_over_the_cap_is_refused(client, bot, words):
    r = client.post("/api/games", json={"game": "pocket-race", "players": 2,
                                         "seats": [{"kind": "human"}, {"kind": "bot", "bot": bot}]})
    assert r.status_code == 422 and words in r.json()["error"] and "this server allows" in r.json()["error"]
    assert client.app.state.store.list_games() == []


def test_bot_seats_per_game_are_capped(db_url):
    with TestClient(create_app(db_url, bot_caps=BotCaps(seats=2))) as c:
        r = c.post("/api/games",
                   json={"game": "pocket-race", "players": 3, "seats": [{"kind": "bot", "bot": "random"}] * 3})
        assert r.status_code == 422 and "at most 2 bots a game" in r.json()["error"]
        assert c.post("/api/games", json={"game": "pocket-race", "players": 3,
                                          "seats": [{"kind": "human"}] + [{"kind": "bot"}] * 2}).status_code == 201


@pytest.mark.parametrize("raw,status,words", [
    (b"[" * 100000 + b"]" * 100000, 400, "too deep"),
    (b"[" * 40 + b"]" * 40, 400, "more than 32 deep"),
    (b'{"game": "pocket-race", "players": ' + b"9" * 5000 + b"}", 400, "5000 characters"),
    (b'{"game": "pocket-race", "players": 2, "seed": 1e999999}', 400, "too large"),
    (b'{"game": "pocket-race", "players": 2, "seed": NaN}', 400, "NaN"),
    (b'{"game": "pocket-race", "players": 2, "public": "no"}', 400, "'public' must be true or false"),
    (b'{"game": "pocket-race", "players": 2, "public": 1}', 400, "'public' must be true or false"),
])
def test_malformed_bodies_are_a_400_never_a_500(client, raw, status, words):
    r = client.post("/api/games", content=raw, headers={"Content-Type": "application/json"})
    assert r.status_code == status and words in r.json()["error"], r.text
    assert client.app.state.store.list_games() == []


def test_request_bodies_and_socket_frames_have_size_caps(db_url):
    with TestClient(create_app(db_url, max_body=4096, max_frame=512)) as c:
        big = {"game": "pocket-race", "players": 2, "pad": "x" * 5000}
        r = c.post("/api/games", json=big)
        assert r.status_code == 413 and "at most 4096" in r.json()["error"]
        assert c.app.state.store.list_games() == []
        g = new_game(c)
        with socket(c, g["id"], token(g, 0)) as ws:
            ws.receive_json()
            ws.send_text(json.dumps({"type": "ping", "pad": "x" * 600}))
            m = ws.receive_json()
            assert m["type"] == "error" and m["status"] == 413 and "at most 512" in m["error"]
            ws.send_text("[" * 50 + "]" * 50)
            assert ws.receive_json()["status"] == 400
            ws.send_json({"type": "ping"})  # the socket is still open
            assert ws.receive_json() == {"type": "pong"}


def test_requests_from_another_site_are_refused(client):
    body = {"game": "pocket-race", "players": 2}
    r = client.post("/api/games", json=body, headers={"Origin": "https://evil.example"})
    assert r.status_code == 403 and "another site" in r.json()["error"]
    r = client.post("/api/games", json=body, headers={"Origin": "null"})
    assert r.status_code == 403
    assert client.app.state.store.list_games() == []
    assert client.post("/api/games", json=body, headers={"Origin": "http://testserver"}).status_code == 201
    g = new_game(client)
    from starlette.websockets import WebSocketDisconnect
    with pytest.raises(WebSocketDisconnect):
        with client.websocket_connect(f"/ws/games/{g['id']}", headers={"Origin": "https://evil.example"}) as ws:
            ws.receive_json()


def test_the_host_must_be_one_the_server_serves(db_url):
    with TestClient(create_app(db_url, allowed_hosts=["games.example.org", "testserver"])) as c:
        assert c.get("/api/game-types").status_code == 200
        r = c.get("/api/game-types", headers={"Host": "attacker.example"})
        assert r.status_code == 403 and "--allowed-hosts" in r.json()["error"]
        r = c.post("/api/games", json={"game": "pocket-race", "players": 2},
                   headers={"Host": "games.example.org", "Origin": "http://games.example.org"})
        assert r.status_code == 201


def test_the_origin_must_match_in_scheme_host_and_port(db_url):
    """A page on another port or scheme of the same host is another site (it created games
    owned by the logged-in visitor before): the Origin must be the request's own origin, the
    public URL's, or an origin the operator allowed."""
    body = {"game": "pocket-race", "players": 2}
    with TestClient(create_app(db_url, allowed_hosts=["127.0.0.1", "localhost", "https://friends.example:8443"]),
                    base_url="http://127.0.0.1:8000") as c:
        for origin in ("http://127.0.0.1:9999", "https://127.0.0.1:8000", "http://127.0.0.1",
                       "http://localhost:8000", "https://friends.example", "http://friends.example:8443",
                       "null", "http://127.0.0.1:8000.evil.example", "http://127.0.0.1:bad"):
            r = c.post("/api/games", json=body, headers={"Origin": origin})
            assert r.status_code == 403 and "another site" in r.json()["error"], origin
            with pytest.raises(WebSocketDisconnect):
                with c.websocket_connect("/ws/games/x", headers={"Origin": origin}) as ws:
                    ws.receive_json()
        assert c.app.state.store.list_games() == []
        for origin in ("http://127.0.0.1:8000", "HTTP://127.0.0.1:8000", "https://friends.example:8443"):
            assert c.post("/api/games", json=body, headers={"Origin": origin}).status_code == 201, origin
    with TestClient(create_app(db_url, public_url="https://games.example.org"), base_url="http://127.0.0.1:8000") as c:
        # behind a proxy: the page's origin is the public URL's, the request's own is the proxy's hop
        assert c.post("/api/games", json=body, headers={"Origin": "https://games.example.org"}).status_code == 201
        assert c.post("/api/games", json=body, headers={"Origin": "https://games.example.org:444"}).status_code == 403
        assert c.post("/api/games", json=body, headers={"Origin": "http://games.example.org"}).status_code == 403
    with TestClient(create_app(db_url), base_url="https://testserver") as c:  # the default port of the scheme
        assert c.post("/api/games", json=body, headers={"Origin": "https://testserver:443"}).status_code == 201
        assert c.post("/api/games", json=body, headers={"Origin": "http://testserver"}).status_code == 403


@pytest.mark.parametrize("ctype", [None, "text/plain", "application/x-www-form-urlencoded", "multipart/form-data",
                                   "application/jsonx", "text/json"])
def test_a_body_that_is_not_sent_as_json_is_a_415(client, ctype):
    """Another site's page can send text/plain or form bodies without the browser asking
    the server first; a JSON body it cannot. So a body must come as application/json."""
    raw = json.dumps({"game": "pocket-race", "players": 2}).encode()
    headers = {} if ctype is None else {"Content-Type": ctype}
    r = client.post("/api/games", content=raw, headers=headers)
    assert r.status_code == 415 and "application/json" in r.json()["error"], r.text
    assert client.app.state.store.list_games() == []
    g = new_game(client)
    r = client.post(f"/api/games/{g['id']}/act", content=json.dumps({"action": DRAW, "version": 0}).encode(),
                    headers={**headers, **auth(token(g, 0))})
    assert r.status_code == 415 and actions_of(client, g) == []
    r = client.post(f"/api/games/{g['id']}/back", headers={"Content-Type": ctype or "text/plain", **auth(token(g, 0))})
    assert r.status_code == 415  # a type other than JSON is refused even without a body
    r = client.post("/api/games", content=raw, headers={"Content-Type": "Application/JSON; charset=utf-8"})
    assert r.status_code == 201  # JSON with its charset is fine


def test_new_games_are_rate_limited_per_address(db_url):
    with TestClient(create_app(db_url, create_limit=(2, 600.0))) as c:
        new_game(c)
        new_game(c)
        r = c.post("/api/games", json={"game": "pocket-race", "players": 2})
        assert r.status_code == 429 and "created 2 games in the last 600 s" in r.json()["error"]
        r = c.post("/api/games/import", json={"record": {"game": "pocket-race", "players": 2, "seed": 1}})
        assert r.status_code == 429
        assert len(c.app.state.store.list_games()) == 2


def test_links_start_with_the_public_url(db_url):
    with TestClient(create_app(db_url, public_url="https://games.example.org/")) as c:
        g = new_game(c)
        assert g["seats"][0]["link"].startswith("https://games.example.org/table.html?game=")
        assert g["spectate"] == f"https://games.example.org/table.html?game={g['id']}"


def test_a_cosmic_run_variant_travels_as_content_too(client):
    bad = client.post("/api/games", json={"game": "cosmic-run", "players": 1,
                                           "options": {"components": {"toml": "[nonsense]\nx = 1\n"}}})
    assert bad.status_code == 422 and "unknown section [nonsense]" in bad.json()["error"]
    r = client.post("/api/games", json={"game": "cosmic-run", "players": 1, "seed": 2, "seats": [{"kind": "human"}],
                                         "options": {"components": {"toml": "# the packaged data\n", "name": "same"}}})
    assert r.status_code == 201, r.text
    stored = stored_record(client.app.state.store, r.json()["id"])
    mine, packaged = GameRecord.from_json(stored).replay().view(0), get_game("cosmic-run").new_state(1, 2).view(0)
    assert mine.pop("options")["components"]["name"] == "same"
    packaged.pop("options")
    assert mine == packaged


def test_a_bots_decision_seed_gives_away_nothing_of_the_games_seed():
    """Bot moves are public; their seeds must not carry the game seed's bits (a linear 31-bit
    formula would repeat for seeds differing in their high bits, and leak the low ones)."""
    from cosmodrome.server.tables import decision_seed
    base = 123456789
    seeds = {decision_seed(base + (k << 40), 0, 0) for k in range(16)}
    assert len(seeds) == 16
    assert (decision_seed(base, 0, 1) - decision_seed(base, 0, 0)
            != decision_seed(base + 1, 0, 1) - decision_seed(base + 1, 0, 0))


def test_the_sockets_one_address_holds_open_are_capped(db_url):
    from starlette.testclient import WebSocketDenialResponse
    with TestClient(create_app(db_url, max_sockets_per_address=2)) as c:
        g = new_game(c)
        with socket(c, g["id"], token(g, 0)) as a, socket(c, g["id"]) as b:
            a.receive_json(), b.receive_json()
            with pytest.raises(WebSocketDenialResponse) as refused:
                with c.websocket_connect(f"/ws/games/{g['id']}"):
                    pass
            assert refused.value.status_code == 429 and "2 sockets open" in refused.value.json()["error"]
        with socket(c, g["id"], token(g, 1)) as again:  # once closed, the places are free again
            assert again.receive_json()["seat"] == 1


def test_requests_that_build_whole_tables_are_rate_limited_per_address(db_url):
    with TestClient(create_app(db_url, rest_table_rate=(4, 0.01))) as c:
        g = new_game(c)
        paths = [f"/api/games/{g['id']}/view", f"/api/games/{g['id']}/replay", "/api/games",
                 f"/api/games/{g['id']}/record"]
        codes = [c.get(p, headers=auth(token(g, 0))).status_code for p in paths + paths[:1]]
        assert codes == [200, 200, 200, 200, 429]
        r = c.get(paths[0], headers=auth(token(g, 0)))
        assert "whole tables" in r.json()["error"] and token(g, 0) not in r.text
        assert c.get(f"/api/games/{g['id']}").status_code == 200  # the game's summary is not counted
        other = TestClient(c.app, client=("192.0.2.1", 1))  # another address has its own allowance
        assert other.get(paths[0]).status_code == 200


def test_rest_requests_that_send_every_socket_a_table_are_rate_limited_per_address(db_url):
    with TestClient(create_app(db_url, table_rate=(1, 0.001))) as c:
        g = new_game(c)
        url = f"/api/games/{g['id']}"
        codes = [c.post(f"{url}/name", json={"name": "Ada"}, headers=auth(token(g, 0))).status_code,
                 c.post(f"{url}/undo", json={}, headers=auth(token(g, 0))).status_code,
                 c.post(f"{url}/back", headers=auth(token(g, 1))).status_code]
        assert codes == [200, 409, 429]  # two at once (twice the socket's), then wait
        r = c.post(f"{url}/name", json={"name": "Bob"}, headers=auth(token(g, 1)))
        assert r.status_code == 429 and "faster than" in r.json()["error"]
        assert view(c, g)["seats"][1]["name"] != "Bob"


# ----- text that is not valid Unicode (a lone UTF-16 surrogate from a JSON "\ud800" escape) ----
SURROGATE = "a lone surrogate"


def _raw(client, url, body: str, headers=None):
    """POST ``body`` as written (its ``\\ud800`` escapes reach the server as they are)."""
    return client.post(url, content=body.encode("ascii"),
                       headers={"Content-Type": "application/json", **(headers or {})})


def test_a_lone_surrogate_in_any_text_is_a_400_that_changes_nothing(client):
    g = new_game(client, public=True)
    url = f"/api/games/{g['id']}"
    r = _raw(client, f"{url}/name", '{"name": "ab\\ud800cd"}', auth(token(g, 0)))
    assert r.status_code == 400 and SURROGATE in r.json()["error"], r.text
    r = _raw(client, f"{url}/chat", '{"text": "hi \\udc00"}', auth(token(g, 0)))
    assert r.status_code == 400 and SURROGATE in r.json()["error"], r.text
    r = _raw(client, "/api/games/status", '{"games": [{"id": "x\\ud800", "seat": 0}]}')
    assert r.status_code == 400 and SURROGATE in r.json()["error"], r.text
    r = _raw(client, "/api/games", '{"game": "pocket-race", "players": 2, "options": {"\\ud800": 1}}')
    assert r.status_code == 400 and SURROGATE in r.json()["error"], r.text  # keys too
    info = client.get(url).json()
    assert [s["display"] for s in info["seats"]] == [None, None] and info["version"] == 0
    assert client.get("/api/games?status=running").status_code == 200
    assert client.get(f"{url}/chat", headers=auth(token(g, 0))).json()["chat"] == []
    assert [x.id for x in client.app.state.store.list_games()] == [g["id"]]
    # a real pair of surrogates is one valid character (an emoji): accepted
    r = _raw(client, f"{url}/name", '{"name": "Ada \\ud83d\\ude80"}', auth(token(g, 0)))
    assert r.status_code == 200 and client.get(url).json()["seats"][0]["display"] == "Ada \U0001F680"
    with socket(client, g["id"], token(g, 0)) as ws:
        ws.receive_json()
        ws.send_text('{"type": "chat", "text": "x\\ud800"}')
        m = ws.receive_json()
        assert m["type"] == "error" and m["status"] == 400 and SURROGATE in m["error"]
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}


@pytest.mark.parametrize("body", ['{"game": "venus", "players": 2, "options": {"components": '
                                  '{"toml": "x = \\"\\ud800\\""}}}',
                                  '{"game": "venus", "players": 2, "options": {"components": {"toml": "x = '
                                  + "9" * 5000 + '"}}}'])
def test_a_variant_with_a_surrogate_or_a_huge_integer_is_refused_clearly(client, body):
    r = _raw(client, "/api/games", body)
    assert r.status_code in (400, 422), r.text
    assert SURROGATE in r.json()["error"] or "cannot be read" in r.json()["error"]
    assert client.app.state.store.list_games() == []


def test_a_stored_name_with_a_surrogate_from_older_code_breaks_nothing(db_url):
    with TestClient(create_app(db_url)) as c:
        g = new_game(c, public=True)
        seats = [s.to_json() for s in c.app.state.store.get_game(g["id"]).seats]
        seats[0]["display"] = "ab\ud800cd"  # as the old code stored it
        c.app.state.store.set_seats(g["id"], seats)
    with TestClient(create_app(db_url)) as c:
        r = c.get(f"/api/games/{g['id']}")
        assert r.status_code == 200 and r.json()["seats"][0]["display"] == "ab?cd"
        assert c.get("/api/games?status=running").status_code == 200
        assert c.get(f"/api/games/{g['id']}/view").status_code == 200
