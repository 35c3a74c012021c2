"""The core's protocol conformance check (cosmodrome.testing.conformance) on March on Mars,
a co-operative game (every seat shares the team's result)."""

import pytest

from cosmodrome.games.mars import GAME
from cosmodrome.testing.conformance import play_checked


@pytest.mark.parametrize("players, seed, options", [
    (2, 1, {}), (3, 2, {}), (4, 3, {"threat": "baby"}), (5, 4, {"threat": "exterminator"}),
    (3, 5, {"threat": "sergeant", "upgrades": "random"}),
])
def test_conformance(players, seed, options):
    s = play_checked(GAME, players, seed, options, every=5)
    assert s.is_terminal()
    assert len(set(s.returns())) == 1
