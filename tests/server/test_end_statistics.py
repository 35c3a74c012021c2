"""End-of-game statistics: a finished game's result carries the game's statistics (one number
a seat), the replay's last step shows them, and an account's profile adds them up per game."""

from __future__ import annotations

from fastapi.testclient import TestClient
from server_helpers import token
from test_accounts import CHEAP, cookie, play_turn, sign_up

from cosmodrome.server import create_app


def test_statistics_at_the_end_in_the_replay_and_on_the_profile(db_url):
    with TestClient(create_app(db_url, password_hasher=CHEAP)) as c:
        ada, _ = sign_up(c, "Ada")
        ids = []
        for _ in range(2):
            g = c.post("/api/games", json={"game": "pocket-race", "players": 2, "options": {"rounds": 1},
                                           "seats": [{"kind": "human"}, {"kind": "human"}]}, headers=cookie(ada)).json()
            play_turn(c, g, 0, lambda opts: max(a for a in opts if a != 9))   # seat 1 plays a card
            play_turn(c, g, 1, lambda opts: 9)                               # seat 2 only draws
            ids.append(g["id"])
        info = c.get(f"/api/games/{ids[0]}").json()
        stats = {r["key"]: r for r in info["result"]["statistics"]}
        assert stats["cards"]["values"] == [1, 0] and stats["cards"]["label"] == "Cards played"
        assert stats["track"]["values"] == [int(x) for x in info["result"]["scores"]]
        replay = c.get(f"/api/games/{ids[0]}/replay").json()
        assert replay["result"]["statistics"] == info["result"]["statistics"]
        # a running game has no result, so no statistics
        g = c.post("/api/games", json={"game": "pocket-race", "players": 2, "options": {"rounds": 1},
                                       "seats": [{"kind": "human"}, {"kind": "human"}]}, headers=cookie(ada)).json()
        assert c.get(f"/api/games/{g['id']}/view", headers={"X-Cosmodrome-Token": token(g, 0)}).json()["result"] is None
        prof = c.get("/api/players/Ada", headers=cookie(ada)).json()  # private games: named to their seats only
        (entry,) = prof["statistics"]
        assert entry["game"] == "pocket-race" and entry["games"] == 2 and entry["won"] == 2
        cards = next(r for r in entry["rows"] if r["key"] == "cards")
        assert cards == {"key": "cards", "label": "Cards played", "games": 2, "total": 2, "average": 1.0}
