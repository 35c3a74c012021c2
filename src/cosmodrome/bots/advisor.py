"""The move advisor: each option of the seat to move with its estimated win chance.

It runs an :class:`~cosmodrome.bots.ismcts.ISMCTSBot` search from the seat's information set
and reads the root: for every legal action, the mean reward of the searched continuations
(the seat's estimated win share) and the number of visits. Rows come most visited first.

>>> from cosmodrome.testing import toy
>>> s = toy.GAME.new_state(2, seed=1)
>>> rows = advise(s, 200)
>>> action, label, win, visits = rows[0]
>>> rows[0]["label"] == label and 0.0 <= win <= 1.0
True
"""

from __future__ import annotations

from typing import NamedTuple, Optional, Union

from cosmodrome.bots.ismcts import ISMCTSBot
from cosmodrome.core import OptionError, State


class Advice(NamedTuple):
    """One option: its action id, label, estimated win share for the seat and search visits.
    Also readable by key: ``row["win"]``."""

    action: int
    label: str
    win: float
    visits: int

    def __getitem__(self, key):  # type: ignore[override]
        if isinstance(key, str):
            return getattr(self, key)
        return tuple.__getitem__(self, key)


#: the fewest playouts any option's estimate rests on, whatever the budget
MIN_PLAYOUTS = 8


def advise(state: State, budget: Union[int, float, None] = None, *, seconds: Optional[float] = None,
           iters: Optional[int] = None, seed: int = 0, rollout: str = "random", clock: str = "cpu",
           least: int = MIN_PLAYOUTS) -> list[Advice]:
    """Search ``state`` for its seat to move and rate every legal option.

    ``budget``: an int is a number of iterations, a float a number of seconds. Or give
    ``iters=`` / ``seconds=``. Default: 1000 iterations. Seconds are the searching thread's
    CPU time (``clock="cpu"``), so a loaded machine takes longer to give the same advice
    instead of giving worse advice (``clock="wall"`` counts the wall clock). Whatever the
    budget, the search goes on until every option has at least ``least`` playouts."""
    if state.is_terminal():
        raise OptionError("the game is over: there is nothing to advise")
    if budget is not None:
        if isinstance(budget, bool) or not isinstance(budget, (int, float)):
            raise OptionError(f"an advisor budget is iterations (int) or seconds (float), not {budget!r}")
        if isinstance(budget, int):
            iters = budget
        else:
            seconds = budget
    if iters is None and seconds is None:
        iters = 1000
    if isinstance(least, bool) or not isinstance(least, int) or least < 0:
        raise OptionError(f"the advisor's least playouts per option must be a whole number, 0 or more, not {least!r}")
    # early=0: rate every option instead of stopping once the best is known
    bot = ISMCTSBot(seed=seed, iters=iters, seconds=seconds, rollout=rollout, early=0, clock=clock, floor=least)
    seat = state.to_move()
    root = bot.search(state)
    rows = []
    for a in state.legal_actions():
        ch = root.children.get(a)
        visits = ch.visits if ch is not None else 0
        win = ch.reward[seat] / visits if visits else 0.0
        rows.append(Advice(a, state.action_label(a), win, visits))
    rows.sort(key=lambda r: (-r.visits, -r.win, r.action))
    return rows
