"""The core's protocol conformance check (cosmodrome.testing.conformance) on Walking on the Moon."""

import pytest

from cosmodrome.games.moon import GAME
from cosmodrome.testing.conformance import play_checked


@pytest.mark.parametrize("players, seed, options", [
    (2, 1, {}), (3, 2, {}), (4, 3, {"max_red": 0}), (5, 4, {"max_red": 5}),
    (2, 5, {"advanced": True}), (4, 6, {"advanced": True}),
])
def test_conformance(players, seed, options):
    s = play_checked(GAME, players, seed, options, every=5)
    assert s.is_terminal()
