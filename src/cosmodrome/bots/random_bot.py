"""The random bot: uniform over the legal options of each decision.

>>> from cosmodrome.testing import toy
>>> s = toy.GAME.new_state(2, seed=1)
>>> RandomBot(seed=3).choose(s) in s.legal_actions()
True
"""

from __future__ import annotations

from cosmodrome.core import Bot, State


class RandomBot(Bot):
    """Picks one of ``state.legal_actions()`` uniformly with its own seeded generator.

    The legal options are what the seat to move is asked, so the bot reads nothing hidden."""

    name = "random"
    #: no parameters
    PARAMS: dict[str, type] = {}

    def choose(self, state: State) -> int:
        return self.rng.choice(state.legal_actions())
