"""Shooting and close combat (rules, "Can I kill the aliens?" and "They are all over me!").

The rolled dice of an action are grouped by value, whatever their colour: a group of value
``v`` with ``k`` dice makes ``k`` hits on one box exactly ``v`` columns away, forward or
backward along the ring, at any level (the wave face counts as a 2). The 1s may instead hit
the marine's own box, and are the only dice that count while the marine is engaged (aliens in
its box when it rolls). An alien dies when it takes the hits of its colour in one shot; hits
that kill nobody are lost at the end of the action (no damage is carried over).

>>> best_kills([3, 2, 2], 4)           # two blue aliens rather than one red
[1, 2]
>>> best_kills([1, 3], 3)              # the red one uses all three hits
[1]
"""

from __future__ import annotations

from itertools import combinations

from cosmodrome.games.lunar.dice import steps_of
from cosmodrome.games.mars.state import GONE, DEAD, MarsState
from cosmodrome.games.mars.text import ALIEN_NAMES


def best_kills(needs: list[int], hits: int) -> list[int]:
    """Which aliens (indices into ``needs``, the hits each one needs) ``hits`` hits kill: the
    choice that spends the most hits, then kills the toughest, then the most (our ruling:
    a player distributes hits where they kill most)."""
    best: tuple = ((0, 0, 0), [])
    idx = range(len(needs))
    for k in range(len(needs), 0, -1):
        for combo in combinations(idx, k):
            spent = sum(needs[i] for i in combo)
            if spent <= hits:
                key = (spent, max(needs[i] for i in combo), k)
                if key > best[0]:
                    best = (key, list(combo))
    return best[1]


def group(s: MarsState, value: int) -> int:
    """How many of the current action's rolled dice show ``value``."""
    return sum(1 for d in range(6) if s.faces[d] and steps_of(s.faces[d]) == value)


def engaged(s: MarsState, m: int) -> bool:
    """Rules, "They are all over me!": a marine with aliens in its box is in close combat."""
    return bool(s.aliens_at(s.box(s.mcol[m], s.mlvl[m])))


def kill(s: MarsState, i: int, m: int) -> None:
    """An alien dies: to the dead pile, or out of the game for a defender (rules, "The red
    defenders": they are never replaced)."""
    s.aloc[i] = GONE if i in s.defenders() else DEAD
    if m >= 0:
        s.kills[m] += 1


def hit_box(s: MarsState, col: int, lvl: int, hits: int, m: int, who: str) -> int:
    """``hits`` hits on the box at (``col``, ``lvl``) by marine ``m`` (or -1: the base);
    returns how many aliens died."""
    here = s.aliens_at(s.box(col, lvl))
    dead = [here[i] for i in best_kills([s.C.hits[s.colour(a)] for a in here], hits)]
    for a in dead:
        kill(s, a, m)
    names = ", ".join(ALIEN_NAMES[s.colour(a)] for a in dead) or "nobody"
    s.log("shot", f"{who} puts {hits} hit{'s' if hits != 1 else ''} on column {col + 1}, level {lvl}: "
          f"kills {names}.", col=col, level=lvl, hits=hits, killed=len(dead))
    return len(dead)


def targets(s: MarsState, m: int) -> list[tuple[int, int, int]]:
    """The boxes marine ``m`` may shoot with the current roll, as (backward, range, level):
    only its own box with 1s when engaged; otherwise also each box with aliens at the exact
    range of a group of dice."""
    here = (0, 0, s.mlvl[m])
    if engaged(s, m):
        return [here] if group(s, 1) else []
    out = []
    for v in (1, 2, 3):
        if not group(s, v):
            continue
        for back in (0, 1):
            c = s.mcol[m] + (-v if back else v)
            if 0 <= c < len(s.strip):
                out += [(back, v, y) for y in range(s.levels) if s.aliens_at(s.box(c, y))]
    return sorted(out)


def shoot(s: MarsState, m: int, back: int, rng_: int, lvl: int) -> None:
    """Fire one group: its dice count as hits on the chosen box."""
    col = s.mcol[m] + (-rng_ if back else rng_)
    hit_box(s, col, lvl, group(s, max(rng_, 1)), m, s.game.seat_name(m, s.num_players))
