"""Helpers of the adapters' tests: which real games are installed, and at which player counts."""

import cosmodrome.testing.toy  # noqa: F401  (registers "pocket-race")
from cosmodrome.core import get_game

#: the games the adapters are proven on, with the player counts to test
GAMES = {"pocket-race": (2, 3, 4), "venus": (2, 3, 4, 5), "cosmic-run": (1, 2), "moon": (2, 3, 5), "mars": (2, 3)}


def game_or_skip(name):
    """The game; every game in GAMES must be installed (a missing one fails the test)."""
    return get_game(name)


def cases():
    return [(g, p) for g, counts in GAMES.items() for p in counts]
