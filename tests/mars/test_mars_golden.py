"""Golden playthroughs of March on Mars: seeded games written out as transcripts and compared
on every run (cosmodrome.testing.golden). Set COSMODROME_REGEN_GOLDEN=1 to write them again
after an intended change."""

from pathlib import Path

import pytest

from cosmodrome.games.mars import GAME
from cosmodrome.games.mars.heuristic import MarsHeuristic
from cosmodrome.testing.golden import check_golden, transcript

GOLDEN = Path(__file__).with_name("golden")
CASES = {
    "two_marines_random": (2, 31, {}, "rr"),
    "three_marines_heuristic_baby": (3, 32, {"threat": "baby"}, "hhh"),
    "four_marines_mixed_exterminator": (4, 33, {"threat": "exterminator", "upgrades": "random"}, "hrhr"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden(name):
    players, seed, options, seats = CASES[name]
    bots = [MarsHeuristic(seed=seed) if k == "h" else None for k in seats]
    problem = check_golden(GOLDEN / f"{name}.txt", transcript(GAME, players, seed, options, bots))
    assert problem is None, problem
