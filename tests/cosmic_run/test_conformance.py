"""The core's protocol conformance check (cosmodrome.testing.conformance) on Cosmic Run."""

import pytest

from cosmodrome.games.cosmic_run import GAME
from cosmodrome.testing.conformance import play_checked


@pytest.mark.parametrize("players, seed, options", [
    (2, 1, {}), (2, 2, {"side": "B", "friendly": True}), (2, 3, {"rapid_fire": True}),
    (1, 4, {}), (1, 5, {"novice": True, "expert_mines": 2}),
])
def test_conformance(players, seed, options):
    s = play_checked(GAME, players, seed, options, every=7)
    assert s.is_terminal()
