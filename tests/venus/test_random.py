"""Seeded random games, 2 to 5 players, checking the invariants in every position (the
first included): pieces, money, cards and tiles conserved; every unfinished state offers at
least one legal action (a rule that leaves a game on a decision without options fails
here); views, as the JSON sent to a client, independent of what the seat cannot see.
COSMODROME_RANDOM_GAMES sets the number of games (default 2000)."""

import os

import pytest
from venus_helpers import check_invariants, check_views, random_game

from cosmodrome.core import Rng

N = int(os.environ.get("COSMODROME_RANDOM_GAMES", "2000"))
CHUNKS = 8


@pytest.mark.slow
@pytest.mark.timeout(900)  # 250 games a chunk: over 300 s once on a machine at load 20
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_invariants(chunk):
    ends = {}
    for g in range(chunk, N, CHUNKS):
        players = 2 + g % 4
        rr = Rng(10_000 + g)

        def check(s):
            check_invariants(s)
            if rr.below(25) == 0:
                check_views(s, rr)

        s, actions = random_game(players, 1000 + g, check)
        assert s.is_terminal()
        ends[s.end_cause] = ends.get(s.end_cause, 0) + 1
        if s.end_cause == "normal":
            assert s.winners() and abs(sum(s.returns()) - 1.0) < 1e-9
        else:
            assert s.end_cause.startswith("all-lose") and s.winners() == []
    assert sum(ends.values()) == len(range(chunk, N, CHUNKS))
