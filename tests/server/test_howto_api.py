"""The how-to-play pages and the first-game hints through the server: a game's rules page as
JSON, clear 404s, and the hint that rides with a decision (the mover's options) and with the
waiting line (the phase only, for everyone)."""

from __future__ import annotations

from server_helpers import new_game, view


def test_how_to_play_page_of_each_game(client):
    for name in ("venus", "cosmic-run", "moon", "mars"):
        r = client.get(f"/api/game-types/{name}/how-to-play")
        assert r.status_code == 200, r.text
        page = r.json()
        assert page["game"] == name and page["sections"] and "rulebook" in page["rulebook"]
    types = {g["name"]: g for g in client.get("/api/game-types").json()["games"]}
    assert types["venus"]["how_to_play"] is True and types["pocket-race"]["how_to_play"] is False


def test_how_to_play_refuses_unknown_games_and_games_without_help(client):
    r = client.get("/api/game-types/nope/how-to-play")
    assert r.status_code == 404 and "nope" in r.json()["error"]
    r = client.get("/api/game-types/pocket-race/how-to-play")
    assert r.status_code == 404 and "no how-to-play page" in r.json()["error"]


def test_decision_carries_its_hint_and_the_waiting_line_the_phase(client):
    g = new_game(client, game="moon", players=2, options={})
    first = view(client, g, 0)
    mover = 0 if first["decision"] else 1
    mine = view(client, g, mover)
    hint = mine["decision"]["hint"]
    assert mine["decision"]["kind"] == "program" and "jump card" in hint["text"]
    covered = sorted(a for grp in hint["options"] for a in grp["actions"])
    assert covered == sorted(o["action"] for o in mine["decision"]["options"])
    other = view(client, g, 1 - mover)
    assert other["decision"] is None and other["waiting"]["hint"] == hint["text"]
    assert "options" not in str(other["waiting"])  # the mover's options stay the mover's
