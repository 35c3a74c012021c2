"""The seat-filler protocol: anything that picks actions for a seat (random, heuristic,
search bots, adapters' foreign bots).

A bot decides only from what its seat may see. It may call ``state.to_move()``,
``state.legal_actions()``, ``state.action_label()/action_json()``, ``state.decision()``,
``state.view(seat)``, ``state.information_state_string(seat)`` and
``state.resample(seat, rng)`` (which redraws everything hidden from the seat before a
search reads it), and nothing else of the state but, in a game that keeps them there, its
component tables (``state.comp``: public data, the same for every seat, printed or a
variant's). Tests hold every bot to this by giving it two states that differ only in what its
seat cannot see.

>>> class First(Bot):
...     name = "first"
...     def choose(self, state):
...         return state.legal_actions()[0]
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from cosmodrome.core.game import State
from cosmodrome.core.rng import Rng


class Bot(ABC):
    #: the name used in ``--bots`` lists and the lobby
    name: str = "bot"

    def __init__(self, seed: int = 0, **params: Any) -> None:
        self.seed = seed
        self.rng = Rng(seed)
        self.params = params

    @abstractmethod
    def choose(self, state: State) -> int:
        """The action to take for ``state.to_move()``."""

    def reseed(self, seed: int) -> None:
        self.seed = seed
        self.rng = Rng(seed)

    def describe(self) -> str:
        extra = ",".join(f"{k}={v}" for k, v in sorted(self.params.items()))
        return f"{self.name}:{extra}" if extra else self.name

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.describe()}>"
