"""Chat per game: text only, capped in size and rate, stored with the game (it survives a new
app on the same database), shown in replays, and written by spectators only where the table
allows it."""

from __future__ import annotations

from fastapi.testclient import TestClient
from server_helpers import auth, new_game, socket, token

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
