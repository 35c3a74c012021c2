"""Seeded random games, 2 to 5 players, checking after every action that counters are
conserved, astronauts stand only on boxes, the turn order is the race order and the views
are JSON; a third of them with the advanced rules. COSMODROME_RANDOM_GAMES sets the number of
games (default 300; thousands on request)."""

import os

import pytest
from moon_helpers import check_invariants, random_game, views_json

from cosmodrome.core import Rng
from cosmodrome.games.moon import GAME

N = int(os.environ.get("COSMODROME_RANDOM_GAMES", "300"))
CHUNKS = 4


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_invariants(chunk):
    games = 0
    for g in range(chunk, N, CHUNKS):
        players = 2 + g % 4
        s, actions = random_game(players, 5000 + g, check_invariants,
                                 {"max_red": g % 6, "advanced": g % 3 == 0})
        assert s.is_terminal() and s.winners()
        assert abs(sum(s.returns()) - 1.0) < 1e-9
        views_json(s)
        games += 1
    assert games == len(range(chunk, N, CHUNKS))


def test_each_round_begins_in_race_order():
    """Right after a round begins, its order is the race order: further along the lap first,
    then the higher level, then the astronaut on top of a shared box (rules, "How do I reach
    the goal?"), astronauts at the goal left out."""
    rounds = 0
    for seed in range(6):
        s = GAME.new_state(2 + seed % 4, seed)
        r = Rng(seed)
        while not s.is_terminal():
            legal = s.legal_actions()
            events = s.apply(legal[r.below(len(legal))])
            if any(e.kind == "round" for e in events) and not s.is_terminal():
                live = [a for a in range(s.n_astro) if not s.finish_place[a]]
                want = sorted(live, key=lambda a: (-s.column[a], -s.level[a], -s.stamp[a]))
                assert s.order == want
                rounds += 1
    assert rounds > 20
