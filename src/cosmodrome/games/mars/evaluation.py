"""An estimate of the team's chance to win an unfinished game, for search bots and the
heuristic. It sees the team as a guard (with three or more marines, the first one, who holds
the Landing Zone) and strikers (the others, who go for the right-hand defender and then the
MMM). A position is better the nearer the strikers stand to shooting range (1 or 2) of a living
defender or to its box once it is dead, the nearer the guard stands to the LZ, the fewer aliens
are in, coming into and next to the LZ, and the fewer rounds and base hits are used up.

>>> from cosmodrome.games.mars import GAME
>>> 0.0 < evaluation(GAME.new_state(3, seed=1))[0] < 1.0
True
"""

from __future__ import annotations

from cosmodrome.games.mars.state import LZ, RIGHT, SIDE_ZONES, MarsState
from cosmodrome.games.mars.waves import aliens_in_zone, incoming

#: the shooting ranges a striker keeps from a living defender (three hits at range 3 would need
#: three 3s, and only the two blue dice show a 3)
STRIKE_RANGES = (1, 2)
#: the smallest team that leaves a guard in the LZ
GUARD_FROM = 2


def is_guard(m: int, players: int) -> bool:
    """With three or more marines, the first one guards the LZ."""
    return m == 0 and players >= GUARD_FROM


def progress(s: MarsState) -> float:
    """A score of the position (higher is better; see the module docstring)."""
    d_col = s.zone_cols(SIDE_ZONES[RIGHT][0]).start
    alive = s.defender_alive(RIGHT)
    lz = s.zone_cols(LZ)
    score = 0.0 if alive else 10.0
    for m in range(s.num_players):
        if is_guard(m, s.num_players):
            score -= 0.5 * max(0, min(abs(s.mcol[m] - c) for c in lz))
        else:
            dist = abs(d_col - s.mcol[m])
            gap = min(abs(dist - r) for r in STRIKE_RANGES) if alive else dist
            score -= 0.6 * gap
        score -= 2.0 * s.mdown[m]
        if s.aliens_at(s.box(s.mcol[m], s.mlvl[m])):
            score -= 1.5              # engaged: only 1s count until the box is cleared
    near = [SIDE_ZONES[k][2] for k in s.sides]
    score -= 1.5 * len(aliens_in_zone(s, LZ)) + 1.0 * sum(len(s.aliens_at(incoming(k))) for k in s.sides)
    score -= 0.3 * sum(len(aliens_in_zone(s, z)) for z in near)
    score -= 6.0 * s.base_hits + 0.5 * s.round
    return score


def evaluation(s: MarsState) -> list[float]:
    p = 1.0 / (1.0 + 2.718281828 ** (-(progress(s) + 5.0) / 5.0))
    p = min(0.95, max(0.05, p))
    return [p] * s.num_players
