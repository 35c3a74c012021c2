"""The core's protocol conformance check (cosmodrome.testing.conformance) on Onward to Venus."""

import pytest

from cosmodrome.games.venus import GAME
from cosmodrome.testing.conformance import play_checked


@pytest.mark.parametrize("players, seed", [(2, 11), (3, 12), (4, 13), (5, 14)])
def test_conformance(players, seed):
    s = play_checked(GAME, players, seed, every=5)
    assert s.is_terminal()
