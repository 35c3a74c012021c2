"""Chat per game: text only, capped in size and rate, stored with the game (it survives a new
app on the same database), shown in replays, and written by spectators only where the table
allows it."""

from __future__ import annotations

from fastapi.testclient import TestClient
from server_helpers import auth, hello, new_game, socket, token

from cosmodrome.server import create_app


def say(client, game, text, seat=None):
    headers = {} if seat is None else auth(token(game, seat))
    return client.post(f"/api/games/{game['id']}/chat", json={"text": text}, headers=headers)


def next_of(ws, kind):
    while True:
        m = ws.receive_json()
        if m.get("type") == kind:
            return m


def test_a_script_tag_arrives_as_text_on_every_socket_and_is_stored(client, db_url):
    g = new_game(client)
    with socket(client, g["id"], token(g, 1)) as other, socket(client, g["id"]) as spectator:
        next_of(other, "table")
        next_of(spectator, "table")
        r = say(client, g, "  <script>alert('x')</script>   hi ")
        assert r.status_code == 403  # no token: a spectator, and this table lets only players write
        r = say(client, g, "  <script>alert('x')</script>   hi ", seat=0)
        assert r.status_code == 200, r.text
        for ws in (other, spectator):
            line = next_of(ws, "chat")["line"]
            assert line["text"] == "<script>alert('x')</script> hi"  # the characters, folded, nothing else
            assert line["seat"] == 0 and line["name"] == "Player 1"
    # a socket may chat too, and the whole table message carries the chat
    with socket(client, g["id"], token(g, 1)) as ws:
        next_of(ws, "table")
        ws.send_json({"type": "chat", "text": "gl hf"})
        ack = next_of(ws, "ack")
        assert ack["of"] == "chat" and ack["line"]["seat"] == 1
        ws.send_json({"type": "resync"})
        assert [c["text"] for c in next_of(ws, "table")["chat"]] == ["<script>alert('x')</script> hi", "gl hf"]
    # stored with the game: a new app on the same database has it
    client.__exit__(None, None, None)
    with TestClient(create_app(db_url)) as again:
        r = again.get(f"/api/games/{g['id']}/chat")
        assert [c["text"] for c in r.json()["chat"]] == ["<script>alert('x')</script> hi", "gl hf"]


def test_bad_chat_is_refused_and_changes_nothing(client):
    g = new_game(client)
    for body, status in (({"text": ""}, 400), ({"text": "x" * 501}, 400), ({"text": 5}, 400),
                         ({"text": "a\x00b"}, 400), ({}, 400)):
        r = client.post(f"/api/games/{g['id']}/chat", json=body, headers=auth(token(g, 0)))
        assert r.status_code == status, (body, r.text)
        assert "error" in r.json()
    r = client.post(f"/api/games/{g['id']}/chat", json={"text": "hi"}, headers=auth("not-a-token"))
    assert r.status_code == 403
    assert "not-a-token" not in r.text
    assert client.get(f"/api/games/{g['id']}/chat").json()["chat"] == []
    with socket(client, g["id"], token(g, 0)) as ws:
        next_of(ws, "table")
        ws.send_json({"type": "chat", "text": "   "})
        err = next_of(ws, "error")
        assert err["status"] == 400 and "1 to 500" in err["error"]
    assert client.get(f"/api/games/{g['id']}/chat").json()["chat"] == []


def test_a_chat_line_holds_no_direction_controls_but_keeps_an_emojis_joiner(client):
    """A right-to-left override (or any direction control) could make a line read as another
    writer's; the zero-width joiner of an emoji sequence is harmless and stays."""
    g = new_game(client)
    for text in ("\u202e]2 reyalP[ I resign", "ok \u2066x\u2069", "\u200fhi"):
        r = client.post(f"/api/games/{g['id']}/chat", json={"text": text}, headers=auth(token(g, 0)))
        assert r.status_code == 400 and "direction controls" in r.json()["error"], text
    assert client.get(f"/api/games/{g['id']}/chat").json()["chat"] == []
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    r = client.post(f"/api/games/{g['id']}/chat", json={"text": f"gg {family}"}, headers=auth(token(g, 0)))
    assert r.status_code == 200, r.text
    assert [line["text"] for line in client.get(f"/api/games/{g['id']}/chat").json()["chat"]] == [f"gg {family}"]


def test_chat_is_rate_limited_per_writer(client):
    g = new_game(client)
    codes = [say(client, g, f"line {i}", seat=0).status_code for i in range(10)]
    assert codes[:8] == [200] * 8 and codes[8:] == [429, 429]
    assert say(client, g, "the other seat may still speak", seat=1).status_code == 200
    assert len(client.get(f"/api/games/{g['id']}/chat").json()["chat"]) == 9


def test_spectators_write_only_where_the_table_allows(client):
    everyone = new_game(client, chat="all")
    assert say(client, everyone, "hello from the stands").status_code == 200
    assert client.get(f"/api/games/{everyone['id']}/chat").json()["chat"][0]["name"] == "Spectator"
    off = new_game(client, chat="off")
    assert say(client, off, "hi", seat=0).status_code == 403
    r = client.post("/api/games", json={"game": "pocket-race", "players": 2, "chat": "loud"})
    assert r.status_code == 422 and "chat must be one of" in r.json()["error"]


def test_replay_shows_the_chat_said_up_to_its_step(client):
    g = new_game(client)
    say(client, g, "before any move", seat=0)
    v = client.get(f"/api/games/{g['id']}/view", headers=auth(token(g, 0))).json()
    r = client.post(f"/api/games/{g['id']}/act", json={"action": 9, "version": v["version"]},
                    headers=auth(token(g, 0)))
    assert r.status_code == 200, r.text
    say(client, g, "after the first move", seat=1)
    at0 = client.get(f"/api/games/{g['id']}/replay?step=0").json()
    at1 = client.get(f"/api/games/{g['id']}/replay?step=1").json()
    assert [c["text"] for c in at0["chat"]] == ["before any move"]
    assert [c["text"] for c in at1["chat"]] == ["before any move", "after the first move"]


def test_each_reader_reads_the_writers_seat_in_their_own_language(client, db_url):
    """A chat line is stored with its seat and names in English; each socket, the chat's REST
    read and a whole table message name the writer in their reader's language (a Hungarian
    reader reads the English seat's line under its Hungarian name, and the other way round; a
    spectator is "Néző" to a Hungarian reader whatever language it wrote from)."""
    from cosmodrome.server.storage import Store
    body = {"game": "venus", "players": 2, "seed": 5, "chat": "all",
            "seats": [{"kind": "human"}, {"kind": "human"}]}
    g = client.post("/api/games", json=body).json()
    gid = g["id"]
    names = {lang: [s["name"] for s in client.get(f"/api/games/{gid}?lang={lang}").json()["seats"]]
             for lang in ("en", "hu")}
    assert names["en"] != names["hu"]  # the empires have Hungarian names
    with client.websocket_connect(f"/ws/games/{gid}?lang=hu") as hu, \
            client.websocket_connect(f"/ws/games/{gid}?lang=en") as en, \
            client.websocket_connect(f"/ws/games/{gid}?lang=en") as watcher:
        hello(hu, token(g, 0)), hello(en, token(g, 1)), hello(watcher)
        for ws in (hu, en, watcher):
            next_of(ws, "table")
        # the English seat writes; then the Hungarian one; then a spectator from a Hungarian page
        r = client.post(f"/api/games/{gid}/chat?lang=en", json={"text": "hello"}, headers=auth(token(g, 1)))
        assert r.status_code == 200
        assert next_of(hu, "chat")["line"]["name"] == names["hu"][1]
        assert next_of(en, "chat")["line"]["name"] == names["en"][1]
        assert next_of(watcher, "chat")["line"]["name"] == names["en"][1]
        r = client.post(f"/api/games/{gid}/chat?lang=hu", json={"text": "szia"}, headers=auth(token(g, 0)))
        assert r.json()["line"]["name"] == names["hu"][0]
        assert next_of(hu, "chat")["line"]["name"] == names["hu"][0]
        assert next_of(en, "chat")["line"]["name"] == names["en"][0]
        assert next_of(watcher, "chat")["line"]["name"] == names["en"][0]
        assert client.post(f"/api/games/{gid}/chat?lang=hu", json={"text": "nézek"}).status_code == 200
        assert next_of(hu, "chat")["line"]["name"] == "Néző"
        assert next_of(en, "chat")["line"]["name"] == "Spectator"
        assert next_of(watcher, "chat")["line"]["name"] == "Spectator"
        hu.send_json({"type": "resync"})
        assert [c["name"] for c in next_of(hu, "table")["chat"]] == [names["hu"][1], names["hu"][0], "Néző"]
    for lang, spectator in (("en", "Spectator"), ("hu", "Néző")):
        got = [c["name"] for c in client.get(f"/api/games/{gid}/chat?lang={lang}").json()["chat"]]
        assert got == [names[lang][1], names[lang][0], spectator], (lang, got)
    store = Store(db_url)
    try:
        stored = [m.name for m in store.messages(gid) if m.kind == "chat"]
    finally:
        store.close()
    assert stored == [names["en"][1], names["en"][0], "Spectator"]  # language-free: the English names


def test_chat_lines_stored_by_older_servers_in_their_writers_language_read_in_each_readers(client, db_url):
    """Older servers stored a line with its writer's name in the writer's language ("Ada
    (Brit Birodalom (vörös))"): it reads with the seat's name in each reader's language; a
    name that is no seat's reads as stored."""
    from cosmodrome.server.storage import MessageRow, Store
    g = client.post("/api/games", json={"game": "venus", "players": 2, "seed": 5,
                                        "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
    gid = g["id"]
    names = {lang: [s["name"] for s in client.get(f"/api/games/{gid}?lang={lang}").json()["seats"]]
             for lang in ("en", "hu")}
    client.__exit__(None, None, None)
    store = Store(db_url)
    try:
        rows = [MessageRow(idx=0, at=0, seat=0, kind="chat", name=f"Ada ({names['hu'][0]})", text="szia", time=1.0),
                MessageRow(idx=1, at=0, seat=1, kind="chat", name=names["en"][1], text="hi", time=2.0),
                MessageRow(idx=2, at=0, seat=1, kind="chat", name="Someone else", text="?", time=3.0)]
        store.submit_change(gid, messages=tuple(rows))
    finally:
        store.close()
    with TestClient(create_app(db_url)) as again:
        for lang in ("en", "hu"):
            got = [c["name"] for c in again.get(f"/api/games/{gid}/chat?lang={lang}").json()["chat"]]
            assert got == [f"Ada ({names[lang][0]})", names[lang][1], "Someone else"], (lang, got)
