"""An estimate of the team's chance to win an unfinished game, for search bots and the
heuristic. It sees the team as guards (with three or more marines the first one, with four or
more the first two, who hold the Landing Zone and fire the missile battery) and strikers (the
others, who go for the right-hand defender and then the MMM). A position is better the fewer
safe jumps the strikers need to reach shooting range of a living defender (1 or 2 columns;
with a guard, 2 to 4, as the beacon of its missiles) or its box once it is dead (the jumps of
every die over this ring's terrain, counted once per ring), the nearer the guards stand to the
LZ, the fewer aliens are in, coming into and next to the LZ, and the fewer rounds, base hits
and fallen marines.

>>> from cosmodrome.games.mars import GAME
>>> 0.0 < evaluation(GAME.new_state(3, seed=1))[0] < 1.0
True
"""

from __future__ import annotations

from collections import deque

from cosmodrome.games.lunar.dice import BLACK, BLUE, WHITE, steps_of
from cosmodrome.games.lunar.movement import masks
from cosmodrome.games.mars.state import LEFT, LZ, RIGHT, SIDE_ZONES, MarsState
from cosmodrome.games.mars.waves import aliens_in_zone, incoming

#: the shooting ranges a striker keeps from a living defender (three hits at range 3 would need
#: three 3s, and only the two blue dice show a 3)
STRIKE_RANGES = (1, 2)
#: the smallest team that leaves a guard in the LZ (firing missiles on a striker's beacon)
GUARD_FROM = 3
#: the smallest team that leaves two guards in the LZ
TWO_GUARDS_FROM = 4
#: where a striker stands as the beacon of the guard's piercing missiles (two white dice: 2 to 4)
BEACON_RANGES = (2, 3, 4)


#: what an alien costs: in the LZ, in an incoming-wave box, on a card next to the LZ
W_LZ, W_IN, W_NEAR = 1.5, 1.0, 0.3
#: a crashed marine (its turn ended, 2 dice next turn)
W_DOWN = 2.0


def is_guard(m: int, players: int) -> bool:
    """The first marine guards the LZ (from :data:`GUARD_FROM` marines), the first two from
    :data:`TWO_GUARDS_FROM` (waves come from both sides)."""
    return players >= GUARD_FROM and m < (2 if players >= TWO_GUARDS_FROM else 1)


#: the jumps a die allows: (colour, steps) for every face of the three colours
JUMPS = ((BLUE, 1), (BLUE, 2), (BLUE, 3), (WHITE, 1), (WHITE, 2), (BLACK, 1), (BLACK, 2))
#: the distance given to a box from which the target cannot be reached
FAR = 12
_GRAPHS: dict = {}


def _graph(s: MarsState) -> dict:
    """Every safe jump between the standing boxes of this ring (forward and backward, any die,
    ignoring aliens), as the boxes each box is reached from; cached per ring and barrier."""
    key = (s.strip, s.defender_alive(LEFT) if LEFT in s.sides else False, s.defender_alive(RIGHT))
    g = _GRAPHS.get(key)
    if g is None:
        if len(_GRAPHS) > 256:
            _GRAPHS.clear()
        g = {}
        boxes = [(c, y) for c in range(len(s.strip)) for y in range(s.levels) if s.standing(c, y)]
        for b in boxes:
            for colour, steps in JUMPS:
                for mk in masks(colour, steps):
                    for back in (0, 1):
                        j = s.preview(0, 0, back, mk, colour=colour, steps=steps, start=b)
                        if j.outcome == "safe" and (j.col, j.level) != b:
                            g.setdefault((j.col, j.level), set()).add(b)
        _GRAPHS[key] = g
    return g


def jumps_to(s: MarsState, targets: frozenset) -> dict:
    """The fewest safe jumps from each box to one of ``targets`` (boxes)."""
    g = _graph(s)
    key = ("to", id(g), targets)
    dist = _GRAPHS.get(key)
    if dist is None:
        dist = {b: 0 for b in targets}
        todo = deque(targets)
        while todo:
            b = todo.popleft()
            for a in g.get(b, ()):
                if a not in dist:
                    dist[a] = dist[b] + 1
                    todo.append(a)
        _GRAPHS[key] = dist
    return dist


def strike_targets(s: MarsState) -> frozenset:
    """Where a striker wants to be: in range 1 or 2 of the living right-hand defender (2 to 4
    columns away, a beacon for the guard's missiles, when there is a guard), or in its box
    once it is dead."""
    d_col = s.zone_cols(SIDE_ZONES[RIGHT][0]).start
    ranges = BEACON_RANGES if s.num_players >= GUARD_FROM else STRIKE_RANGES
    cols = [d_col - r for r in ranges] if s.defender_alive(RIGHT) else [d_col]
    return frozenset((c, y) for c in cols for y in range(s.levels) if s.standing(c, y))


def usefulness(s: MarsState, m: int) -> tuple[float, float, float]:
    """Per die colour (blue, white, black): the share of its faces that would move striker
    ``m`` safely nearer its strike position (see :func:`strike_targets`)."""
    dist = jumps_to(s, strike_targets(s))
    here = dist.get((s.mcol[m], s.mlvl[m]), FAR)
    out = []
    for colour in (BLUE, WHITE, BLACK):
        good = 0
        for face in s.C.faces[colour]:
            steps = steps_of(face)
            if any(dist.get((j.col, j.level), FAR) < here
                   for back in (0, 1) for mk in masks(colour, steps)
                   for j in [s.preview(m, 0, back, mk, colour=colour, steps=steps)] if j.outcome == "safe"):
                good += 1
        out.append(good / 6)
    return tuple(out)


def progress(s: MarsState) -> float:
    """A score of the position (higher is better; see the module docstring)."""
    d_col = s.zone_cols(SIDE_ZONES[RIGHT][0]).start
    alive = s.defender_alive(RIGHT)
    lz = s.zone_cols(LZ)
    score = 0.0 if alive else 10.0
    dist = jumps_to(s, strike_targets(s))
    for m in s.active():
        if is_guard(m, s.num_players):
            score -= 0.5 * max(0, min(abs(s.mcol[m] - c) for c in lz))
        else:
            score -= 1.0 * min(dist.get((s.mcol[m], s.mlvl[m]), FAR), FAR) + 0.05 * abs(d_col - s.mcol[m])
            if alive and s.num_players >= GUARD_FROM and d_col - s.mcol[m] == 3:
                score += 0.5          # the likeliest distance of two white dice
        score -= W_DOWN * s.mdown[m]
        if s.aliens_at(s.box(s.mcol[m], s.mlvl[m])):
            score -= 1.5              # engaged: only 1s count until the box is cleared
    near = [SIDE_ZONES[k][2] for k in s.sides]
    score -= W_LZ * len(aliens_in_zone(s, LZ)) + W_IN * sum(len(s.aliens_at(incoming(k))) for k in s.sides)
    score -= W_NEAR * sum(len(aliens_in_zone(s, z)) for z in near)
    score -= 6.0 * s.base_hits + 0.5 * s.round + 8.0 * sum(s.out)
    return score


def evaluation(s: MarsState) -> list[float]:
    p = 1.0 / (1.0 + 2.718281828 ** (-(progress(s) + 5.0) / 5.0))
    p = min(0.95, max(0.05, p))
    return [p] * s.num_players
