"""Statistics kept per account over time: besides the totals, an account's profile lists its
last games of each type one by one (newest first), each with its own statistics, so that a
player sees how their games went (docs/SERVER.md, "Accounts")."""

from __future__ import annotations

from fastapi.testclient import TestClient
from server_helpers import wait_for
from test_accounts import CHEAP, cookie, play_turn, sign_up

from cosmodrome.server import create_app
from cosmodrome.server.stats import HISTORY, per_account


def test_the_profile_lists_the_last_games_one_by_one_with_their_own_statistics(db_url):
    with TestClient(create_app(db_url, password_hasher=CHEAP)) as c:
        ada, _ = sign_up(c, "Ada")
        ids, played = [], []
        for card in (True, False, True):   # seat 1 plays a card, then only draws, then plays one again
            g = c.post("/api/games", json={"game": "pocket-race", "players": 2, "options": {"rounds": 1},
                                           "seats": [{"kind": "human"}, {"kind": "human"}]}, headers=cookie(ada)).json()
            play_turn(c, g, 0, (lambda opts: max(a for a in opts if a != 9)) if card else (lambda opts: 9))
            play_turn(c, g, 1, lambda opts: 9)
            ids.append(g["id"])
            played.append(1 if card else 0)
        (entry,) = c.get("/api/players/Ada", headers=cookie(ada)).json()["statistics"]  # private games: hers
        history = entry["history"]
        assert [h["game_id"] for h in history] == ids[::-1]                  # newest first
        assert [h["values"]["cards"] for h in history] == played[::-1]       # each game's own number
        for h in history:
            result = c.get(f"/api/games/{h['game_id']}").json()["result"]
            assert h["won"] == (0 in result["winners"])
            assert h["values"] == {r["key"]: r["values"][0] for r in result["statistics"]}
            assert isinstance(h["time"], (int, float)) and h["time"] > 0
        assert next(r for r in entry["rows"] if r["key"] == "cards")["total"] == sum(played)


def test_the_history_keeps_only_the_last_games_and_tolerates_games_without_statistics():
    games = [{"game": "moon", "title": "Moon", "won": i % 2 == 0, "game_id": f"g{i}", "time": 100 - i,
              "statistics": [] if i == 1 else [{"key": "laps", "label": "Laps", "value": i}]}
             for i in range(HISTORY + 3)]
    (entry,) = per_account(games)
    assert entry["games"] == HISTORY + 3
    assert [h["game_id"] for h in entry["history"]] == [f"g{i}" for i in range(HISTORY)]
    assert entry["history"][1]["values"] == {} and entry["history"][2]["values"] == {"laps": 2}


def test_the_profile_names_each_rated_game_by_its_title_in_the_readers_language(db_url, monkeypatch):
    # the profile page reads the titles from these rows (it asks for no list of game types): a
    # title the catalog translates comes in the reader's language, as in the games list
    from cosmodrome.core import get_game
    from cosmodrome.i18n import translator
    monkeypatch.setattr(type(get_game("pocket-race")), "title", "Onward to Venus")
    hungarian = translator("hu").gettext("Onward to Venus")
    assert hungarian != "Onward to Venus"
    with TestClient(create_app(db_url, password_hasher=CHEAP)) as c:
        ada, _ = sign_up(c, "Ada")
        g = c.post("/api/games", json={"game": "pocket-race", "players": 2, "options": {"rounds": 1}, "rated": True,
                                       "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]},
                   headers=cookie(ada)).json()
        play_turn(c, g, 0, lambda opts: 9)
        wait_for(lambda: c.get("/api/players/Ada", headers=cookie(ada)).json()["history"])
        for who in ("Ada", "bot:random"):
            prof = c.get(f"/api/players/{who}?lang=hu", headers=cookie(ada)).json()
            assert [(r["game"], r["title"]) for r in prof["ratings"]] == [("pocket-race", hungarian)]
            assert [(h["game_id"], h["title"]) for h in prof["history"]] == [(g["id"], hungarian)]
        english = c.get("/api/players/Ada?lang=en", headers=cookie(ada)).json()
        assert english["ratings"][0]["title"] == english["history"][0]["title"] == "Onward to Venus"
