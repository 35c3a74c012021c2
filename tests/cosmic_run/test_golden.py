"""Golden playthroughs: seeded games written out as transcripts and compared on every run.
Set COSMODROME_REGEN_GOLDEN=1 to write them again after an intended change."""

from pathlib import Path

import pytest

from cosmodrome.games.cosmic_run import GAME
from cosmodrome.games.cosmic_run.heuristic import CosmicRunHeuristic
from cosmodrome.testing.golden import check_golden, transcript

GOLDEN = Path(__file__).with_name("golden")
CASES = {
    "two_player_random_side_a": (2, 11, {}, ("random", "random")),
    "two_player_heuristic_friendly_b": (2, 12, {"side": "B", "friendly": True}, ("heuristic", "random")),
    "two_player_heuristic_rapid_fire": (2, 13, {"rapid_fire": True}, ("heuristic", "heuristic")),
    "solo_heuristic_novice": (1, 14, {"novice": True}, ("heuristic",)),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden(name):
    players, seed, opts, seats = CASES[name]
    bots = [CosmicRunHeuristic(seed=seed) if k == "heuristic" else None for k in seats]
    problem = check_golden(GOLDEN / f"{name}.txt", transcript(GAME, players, seed, opts, bots, heading="Cosmic Run"))
    assert problem is None, problem
