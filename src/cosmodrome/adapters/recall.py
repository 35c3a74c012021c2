"""The perfect-recall information-state tensor of the adapters (:mod:`cosmodrome.core.recall`).

The OpenSpiel ``information_state_tensor``, and the PettingZoo and Gymnasium environments made
with ``observation="perfect_recall"``, give a seat the vector of
:class:`~cosmodrome.core.recall.RecallLayout`: its view now, its view at the start, and the
history as it saw it, sized by the game's ``max_game_length`` (plus ``max_chance_nodes`` in
the explicit chance mode). The PettingZoo and Gymnasium environments then play in the
explicit mode and choose each chance outcome themselves, with its probability, from their
seeded generator, so that the outcomes a seat saw are in its history.

>>> from cosmodrome.testing import toy
>>> lay = recall_layout(toy.GAME, 2, {"rounds": 2})
>>> lay.steps, lay.per_step, lay.size == 2 * lay.view.size + lay.steps * lay.per_step
(8, 5, True)
"""

from __future__ import annotations

from typing import Any

from cosmodrome.adapters.tensor import recall_layout, recall_steps  # noqa: F401  (the adapters' entry points)
from cosmodrome.core import Game, OptionError, Rng, State
from cosmodrome.core.recall import Trace

#: the observation choices of the PettingZoo and Gymnasium environments
OBSERVATIONS = ("view", "seat_relative", "perfect_recall")

def check_observation(observation: Any, game: Game) -> None:
    """Refuse an unknown observation choice, perfect recall on a game without explicit
    chance or a length bound, or a seat-relative observation of a game without a declared
    layout, naming the problem."""
    if observation not in OBSERVATIONS:
        raise OptionError(f"observation must be one of {', '.join(OBSERVATIONS)}, not {observation!r}")
    if observation == "perfect_recall" and not game.explicit_chance:
        raise OptionError(f"{game.title or game.name} offers no explicit chance: no perfect-recall tensor")
    if observation == "seat_relative" and game.observation_layout is None:
        raise OptionError(f"{game.title or game.name} declares no observation layout: no seat-relative observation")


def play_chance(state: State, trace: Trace, rng: Rng) -> None:
    """Choose the outcome of every chance node ``state`` stops at, each with its
    probability, from ``rng``, recording them in ``trace``."""
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        x, acc = rng.random(), 0.0
        pick = outcomes[-1][0]
        for o, p in outcomes:
            acc += p
            if x < acc:
                pick = o
                break
        trace.apply(state, pick)
