"""Golden playthroughs of Walking on the Moon: seeded games written out as transcripts and
compared on every run (cosmodrome.testing.golden). Set COSMODROME_REGEN_GOLDEN=1 to write
them again after an intended change."""

from pathlib import Path

import pytest

from cosmodrome.games.moon import GAME
from cosmodrome.games.moon.heuristic import MoonHeuristic
from cosmodrome.testing.golden import check_golden, transcript

GOLDEN = Path(__file__).with_name("golden")
CASES = {
    "two_players_random": (2, 21, {}, "rr"),
    "four_players_heuristic": (4, 22, {"max_red": 1}, "hrhr"),
    "five_players_heuristic_red": (5, 23, {"max_red": 5}, "hhhhh"),
    "three_players_advanced": (3, 24, {"advanced": True}, "hhr"),
    "two_players_advanced_random": (2, 25, {"advanced": True}, "rr"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden(name):
    players, seed, options, seats = CASES[name]
    bots = [MoonHeuristic(seed=seed) if k == "h" else None for k in seats]
    problem = check_golden(GOLDEN / f"{name}.txt", transcript(GAME, players, seed, options, bots))
    assert problem is None, problem
