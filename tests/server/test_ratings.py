"""TrueSkill ratings of rated games: places from returns, a co-operative team rated against
the game itself, someone at several seats rated once."""

from __future__ import annotations

import asyncio

from cosmodrome.server.ratings import Ratings, ranks
from cosmodrome.server.storage import Store

ADA = {"kind": "human", "account": "a1", "player": "Ada"}
BOB = {"kind": "human", "account": "b2", "player": "Bob"}


def board(r, game):
    return {x["name"]: x for x in r.leaderboard(game)}


def test_a_cooperative_team_is_rated_against_the_game():
    store = Store("sqlite://")
    r = Ratings(store)
    lost = {"winners": [], "returns": [0.0, 0.0, 0.0], "cooperative": True}
    asyncio.run(r.rate("g1", "mars", [ADA, BOB, {"kind": "bot", "bot": "heuristic"}], lost, cooperative=True))
    b = board(r, "mars")
    assert set(b) == {"Ada", "Bob", "bot heuristic", "the game mars"}
    assert b["the game mars"]["mu"] > 25 > b["Ada"]["mu"] and b["Ada"]["mu"] == b["Bob"]["mu"]
    won = {"winners": [0, 1], "returns": [1.0, 1.0], "cooperative": True}
    asyncio.run(r.rate("g2", "mars", [ADA, BOB], won, cooperative=True))
    after = board(r, "mars")
    assert after["Ada"]["mu"] > b["Ada"]["mu"] and after["the game mars"]["mu"] < b["the game mars"]["mu"]
    assert after["Ada"]["games"] == 2 and after["bot heuristic"]["games"] == 1
    store.close()


def test_places_come_from_returns_and_a_player_at_two_seats_counts_once():
    assert ranks([3.0, 1.0, 3.0, 0.0]) == [0, 1, 0, 2]
    store = Store("sqlite://")
    r = Ratings(store)
    result = {"winners": [1], "returns": [0.0, 1.0, 0.5], "cooperative": False}
    asyncio.run(r.rate("g1", "venus", [ADA, BOB, ADA], result, cooperative=False))
    b = board(r, "venus")
    assert set(b) == {"Ada", "Bob"} and b["Ada"]["games"] == 1  # once, with her best place (second)
    assert b["Bob"]["mu"] > 25 > b["Ada"]["mu"]
    # a game with one rated participant (the rest guests) moves nobody
    asyncio.run(r.rate("g2", "venus", [ADA, {"kind": "human"}], {"winners": [0], "returns": [1.0, 0.0]},
                       cooperative=False))
    assert board(r, "venus")["Ada"]["games"] == 1
    store.close()
