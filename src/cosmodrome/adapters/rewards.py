"""Reward options of the environments: what a seat receives when a game ends.

- ``"win_share"`` (the default): 1/k to each of k winners, 0 to the others (a co-operative
  game: the shared team reward), as ``state.returns()`` gives it;
- ``"vp_difference"``: the seat's score (``state.scores()``, victory points) minus the best
  score among the other seats, divided by ``vp_scale`` (so a winner gets a positive reward
  growing with its margin); for a one-seat game or a game without scores, the win share.

>>> from cosmodrome.testing import toy
>>> s = toy.GAME.new_state(2, seed=1)
>>> while not s.is_terminal():
...     _ = s.apply(s.legal_actions()[0])
>>> rewards_of(s, "win_share") == [float(x) for x in s.returns()]
True
"""

from __future__ import annotations

from cosmodrome.core import OptionError

REWARDS = ("win_share", "vp_difference")


def rewards_of(state, reward: str = "win_share", vp_scale: float = 10.0) -> list[float]:
    """Every seat's reward at the end of ``state`` under the option ``reward``."""
    if reward == "win_share":
        return [float(x) for x in state.returns()]
    if reward != "vp_difference":
        raise OptionError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
    scores = getattr(state, "scores", None)
    vals = scores() if callable(scores) else None
    n = state.num_players
    if not vals or n < 2 or state.game.cooperative:
        return [float(x) for x in state.returns()]
    return [(float(vals[p]) - max(float(vals[q]) for q in range(n) if q != p)) / vp_scale for p in range(n)]
