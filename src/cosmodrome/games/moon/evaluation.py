"""A quick estimate of each seat's win share in an unfinished game (exposed as
``MoonState.evaluation()``), so a search (ISMCTS) can stop its rollouts early.

How it estimates (RB: "How do I win?"): the race ends soon after the leader reaches the
goal, so each astronaut's chance to arrive first is a softmax of how far along the lap it is
(a face-down astronaut loses a little ground; the temperature grows with the distance the
leader still has to go). Its projected points are its Sputniks plus 11 times that chance,
plus, otherwise, what its box would score on the last card or at the goal. A seat's
projection is the sum over its astronauts; the win shares are a softmax of the projections.

>>> from cosmodrome.games.moon import GAME
>>> s = GAME.new_state(3, seed=1)
>>> v = evaluation(s)
>>> len(v), round(sum(v), 6), max(v) - min(v) < 0.01
(3, 1.0, True)
"""

from __future__ import annotations

import math

from cosmodrome.games.moon.scoring import board_points
from cosmodrome.games.moon.state import MoonState

DOWN_LOSS = 2.0        # columns a face-down astronaut is behind (it takes two dice next turn)
TEMP_SCORE = 2.5       # points


def evaluation(s: MoonState) -> list[float]:
    n = s.n_astro
    if s.arrived:
        reach = [100.0 if s.finish_place[a] == 1 else -100.0 for a in range(n)]
        temp = 1.0
    else:
        reach = [s.column[a] - DOWN_LOSS * s.crashed[a] + 0.3 * s.ec_counters[a] - 0.5 * s.handicaps[a]
                 for a in range(n)]
        temp = 1.5 + (s.goal - max(s.column)) / 6.0
    top = max(reach)
    ex = [math.exp((r - top) / temp) for r in reach]
    tot = sum(ex)
    proj = [0.0] * s.num_players
    for a in range(n):
        p_first = ex[a] / tot
        rest = board_points(s, a) if not s.finish_place[a] or s.finish_place[a] > 1 else 0
        if s.finish_place[a] == 1:
            p_first, rest = 1.0, 0
        proj[s.owner(a)] += s.sputniks[a] + s.comp.goal_points[0] * p_first + (1 - p_first) * rest
    hi = max(proj)
    w = [math.exp((p - hi) / TEMP_SCORE) for p in proj]
    tw = sum(w)
    return [x / tw for x in w]
