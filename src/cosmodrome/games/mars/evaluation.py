"""An estimate of the team's chance to win an unfinished game, for search bots and the
heuristic. It sees the team as guards (with three or more marines the first one, with four or
more the first two, who hold the Landing Zone and fire the missile battery) and strikers (the
others, who go for the right-hand defender and then the MMM). A position is better the fewer
safe jumps the strikers need to reach the right-hand defender's box (where a living defender
is fought in close combat and a dead one leaves the place of the nuke; a Sniper stops 2 or 3
columns short while the defender lives; the jumps of every die over this ring's terrain,
counted once per ring), the nearer the guards stand to the LZ, the fewer aliens are in,
coming into and next to the LZ (and none in it, which would attack the base), the fewer
strikers are engaged (but with the defender in its
box), and the fewer rounds, base hits, fallen marines and waves about to be sent.

>>> from cosmodrome.games.mars import GAME
>>> 0.0 < evaluation(GAME.new_state(3, seed=1))[0] < 1.0
True
"""

from __future__ import annotations

from collections import deque

from cosmodrome.games.lunar.dice import BLACK, BLUE, WHITE, is_accident, steps_of
from cosmodrome.games.lunar.movement import masks
from cosmodrome.games.mars.state import LEFT, LZ, RANGER, RIGHT, SIDE_ZONES, SNIPER, MarsState
from cosmodrome.games.mars.waves import aliens_in_zone, incoming

#: the ranges a Sniper keeps from a living defender (each 2 or 3 it shoots kills one alien)
SNIPER_RANGES = (2, 3)
#: the smallest team that leaves a guard in the LZ (firing missiles on a striker's beacon)
GUARD_FROM = 3
#: the smallest team that leaves two guards in the LZ
TWO_GUARDS_FROM = 4


#: what an alien costs: in the LZ, in an incoming-wave box, on a card next to the LZ
W_LZ, W_IN, W_NEAR = 1.5, 1.0, 0.3
#: any alien in the LZ: the base is attacked at the end of the round unless all are killed
W_ATTACK = 4.0
#: a wave face showing on the dice of the marine to move (a wave at the end of its turn)
W_WAVE = 1.0
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


def strike_targets(s: MarsState, m: int = -1) -> frozenset:
    """Where striker ``m`` wants to be: in the right-hand defender's box, alive or dead (the
    living one is fought there in close combat, and the dead one leaves the box beside the
    MMM for the nuke); a Sniper stays 2 or 3 columns away while the defender lives, where
    one die of that value kills it."""
    d_col = s.zone_cols(SIDE_ZONES[RIGHT][0]).start
    sniper = m >= 0 and s.has(m, SNIPER)
    cols = [d_col - r for r in SNIPER_RANGES] if sniper and s.defender_alive(RIGHT) else [d_col]
    return frozenset((c, y) for c in cols for y in range(s.levels) if s.standing(c, y))


def usefulness(s: MarsState, m: int) -> tuple[float, float, float]:
    """Per die colour (blue, white, black): the share of its faces that would move striker
    ``m`` safely nearer its strike position (see :func:`strike_targets`)."""
    dist = jumps_to(s, strike_targets(s, m))
    here = dist.get((s.column[m], s.level[m]), FAR)
    out = []
    for colour in (BLUE, WHITE, BLACK):
        good = 0
        for face in s.comp.faces[colour]:
            if is_accident(face) and not s.has(m, RANGER):
                continue                  # it would move, but it sends a wave on the marine's side
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
    for m in s.active():
        if is_guard(m, s.num_players):
            score -= 0.5 * max(0, min(abs(s.column[m] - c) for c in lz))
        else:
            dist = jumps_to(s, strike_targets(s, m))
            score -= 1.0 * min(dist.get((s.column[m], s.level[m]), FAR), FAR) + 0.05 * abs(d_col - s.column[m])
        score -= W_DOWN * s.crashed[m]
        here = s.aliens_at(s.box(s.column[m], s.level[m]))
        if here and here != [s.defenders()[RIGHT]]:
            score -= 1.5              # engaged: only 1s count until the box is cleared
    near = [SIDE_ZONES[k][2] for k in s.sides]
    in_lz = len(aliens_in_zone(s, LZ))
    score -= W_LZ * in_lz + (W_ATTACK if in_lz else 0.0) + W_IN * sum(len(s.aliens_at(incoming(k))) for k in s.sides)
    score -= W_NEAR * sum(len(aliens_in_zone(s, z)) for z in near)
    score -= 6.0 * s.base_hits + 0.5 * s.round + 8.0 * sum(s.out) + W_WAVE * bool(s.wave_dice)
    return score


def evaluation(s: MarsState) -> list[float]:
    p = 1.0 / (1.0 + 2.718281828 ** (-(progress(s) + 5.0) / 5.0))
    p = min(0.95, max(0.05, p))
    return [p] * s.num_players
