"""Shooting and close combat (RB: "Can I kill the aliens?" and "They are all over me!").

The rolled dice of an action are grouped by value, whatever their colour: a group of value
``v`` with ``k`` dice makes ``k`` hits on one box exactly ``v`` columns away, forward or
backward along the ring, at any level (the wave face counts as a 2). The 1s may instead hit
the marine's own box, and are the only dice that count while the marine is engaged (aliens in
its box when it rolls). An alien dies when it takes the hits of its colour in one shot; hits
that kill nobody are lost at the end of the action (no damage is carried over).

Special training and equipment change the hits (RB: Special training, Equipment):
the Fusion cannon's 1s hit twice and its 3s not at all; the Sniper's 2s and 3s each kill an
alien outright; the Stormtrooper adds a hit in close combat, 1s or not; Badass ammo adds a
hit; the Rail-gun doubles the 2s.

>>> best_kills([3, 2, 2], 4)           # two blue aliens rather than one red
[1, 2]
>>> best_kills([1, 3], 3)              # the red one uses all three hits
[1]
"""

from __future__ import annotations

from itertools import combinations

from cosmodrome.games.lunar.dice import NUM_DICE, steps_of
from cosmodrome.games.mars.equipment import on_kill
from cosmodrome.games.mars.state import DEAD, DRONE_FIRING, FUSION, GONE, SNIPER, STEPS, STORMTROOPER, MarsState
from cosmodrome.games.mars.text import marine_shooter_w, shot_text
from cosmodrome.i18n import Word, _


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
    return sum(1 for f in s.faces if f and STEPS[f] == value)


def engaged(s: MarsState, m: int) -> bool:
    """RB: "They are all over me!": a marine with aliens in its box is in close combat."""
    return s.box(s.column[m], s.level[m]) in s.alien_place


def kill(s: MarsState, i: int, m: int) -> None:
    """An alien dies: to the dead pile, or out of the game for a defender (RB: The red
    defenders: they are never replaced). A red or blue one killed by a marine may draw it
    equipment (RB: Equipment)."""
    s.alien_place[i] = GONE if i in s.defenders() else DEAD
    if m >= 0:
        s.kills[m] += 1
        on_kill(s, m, s.colour(i))


def toughest(s: MarsState, aliens: list[int]) -> list[int]:
    """``aliens`` toughest first (red, blue, yellow; a defender before another red)."""
    return sorted(aliens, key=lambda a: (-s.colour(a), -a))


def hit_box(s: MarsState, col: int, lvl: int, hits: int, m: int, who: object, executions: int = 0) -> int:
    """``hits`` hits on the box at (``col``, ``lvl``) by marine ``m`` (or -1: the base), after
    ``executions`` aliens killed outright, the toughest first (the Sniper); returns how many
    aliens died."""
    here = s.aliens_at(s.box(col, lvl))
    dead = toughest(s, here)[:executions]
    rest = [a for a in here if a not in dead]
    dead += [rest[i] for i in best_kills([s.comp.hits[s.colour(a)] for a in rest], hits)]
    s.say("shot", (shot_text, (who, hits, executions, col, lvl, tuple(s.colour(a) for a in dead))),
          {"col": col, "level": lvl, "hits": hits, "killed": len(dead)})
    for a in dead:
        kill(s, a, m)
    return len(dead)


def power(s: MarsState, m: int, value: int, close: bool) -> tuple[int, int]:
    """The (hits, sure kills) of marine ``m``'s group of ``value`` (RB: "Can I kill the
    aliens?", changed by Special training and Equipment; see the module docstring).

    >>> from cosmodrome.games.mars import GAME
    >>> s = GAME.new_state(2, seed=1)
    >>> s.faces = [1, 1, 0, 0, 0, 0]; s.training[0] = FUSION
    >>> power(s, 0, 1, False)
    (4, 0)
    """
    k = group(s, value)
    hits = k
    if s.has(m, FUSION):
        hits = 2 * k if value == 1 else 0 if value == 3 else k
    if s.rail_gun and value == 2:
        hits *= 2
    sure = 0
    if s.has(m, SNIPER) and value in (2, 3):
        sure, hits = hits, 0
    if close and s.has(m, STORMTROOPER):
        hits += 1
    return hits + s.extra_hits, sure


def targets(s: MarsState, m: int) -> list[tuple[int, int, int]]:
    """The boxes marine ``m`` may shoot with the current roll, as (backward, range, level):
    only its own box with 1s when engaged (the Stormtrooper even without a 1; the drone
    shoots at any range); otherwise also each box with aliens at the exact range of a group
    of dice."""
    here = (0, 0, s.level[m])
    close = engaged(s, m)
    values = {STEPS[f] for f in s.faces if f}
    if close and s.drone_step != DRONE_FIRING:
        return [here] if 1 in values or s.has(m, STORMTROOPER) else []
    out = []
    occupied, n = set(s.alien_place), len(s.strip)
    for v in (1, 2, 3):
        if v not in values:
            continue
        if v == 1 and close:
            out.append(here)
        for back in (0, 1):
            c = s.column[m] + (-v if back else v)
            if 0 <= c < n:
                out += [(back, v, y) for y, box in enumerate(s.box_range(c, c + 1)) if box in occupied]
    return sorted(out)


def shoot(s: MarsState, m: int, back: int, rng_: int, lvl: int) -> None:
    """Fire one group on the chosen box; its dice are spent (a Multi-shot marine may go on with
    another group of the roll; RB: Special training)."""
    col = s.column[m] + (-rng_ if back else rng_)
    value = max(rng_, 1)
    hits, sure = power(s, m, value, rng_ == 0)
    s.extra_hits = 0
    shooter = Word(drone_name, s.names[m]) if s.drone_step == DRONE_FIRING else s.names[m]
    hit_box(s, col, lvl, hits, m, marine_shooter_w(shooter), sure)
    for d in range(NUM_DICE):
        if s.faces[d] and steps_of(s.faces[d]) == value:
            s.faces[d] = 0


def drone_name(who: object) -> str:
    """The shooter of a drone's shot, as the log names it."""
    return _("{who} (drone)").format(who=who)
