"""One jump: a chosen die face moved step by step over a strip of terrain columns (RB:
"How do I jump?", "What's an accident?", Tunnels; component sheet §2.4 "Jump resolution").

A jump of ``n`` steps moves one column forward per step. Which steps are diagonal is the
jumper's choice, written as a bit mask (bit ``i`` set: step ``i`` is diagonal):

- blue: every step straight (mask 0);
- white: each diagonal step goes one level down, and at least one step must be diagonal;
- black: each diagonal step goes one level up, any number of them (none included).

A step into rock, or a diagonal step into, out of or inside a tunnel (tunnels have a
ceiling), is a crash: the jumper stops where it was (falling if that was the air). After
the last step, a jump that ends on a safe box or tunnel box with a circle is safe; on a box
without a circle it is an accident where it stands; in the air the jumper falls to the box
below, with an accident. Reaching the strip's ``stop`` column ends the jump there (the goal
line: nothing beyond it is reached).

>>> from cosmodrome.games.lunar.terrain import parse_card
>>> strip = parse_card(["......", "......", "oox.oo", "###o##"])
>>> j = jump(strip, 0, 1, BLUE, 1, 0)
>>> (j.col, j.level, j.outcome)
(1, 1, 'safe')
>>> jump(strip, 0, 1, BLUE, 2, 0).outcome        # ends on the hazardous box
'hazard'
>>> jump(strip, 0, 1, BLUE, 3, 0)[:3]            # ends above the crater and falls in
(3, 0, 'fall')
>>> jump(strip, 1, 1, WHITE, 2, 0b10)[:3]        # straight, then down into the crater
(3, 0, 'safe')
>>> jump(strip, 0, 1, WHITE, 1, 1)[:3]           # down into rock: stays where it was
(0, 1, 'crash')
"""

from __future__ import annotations

from typing import NamedTuple, Optional

from cosmodrome.games.lunar.dice import BLACK, BLUE, WHITE  # noqa: F401 (BLACK: the doctests)
from cosmodrome.games.lunar.terrain import AIR, ROCK, SAFE_LANDING, TUNNELS, cell, surface_below

OUTCOMES = ("safe", "hazard", "fall", "crash", "ceiling")


class Jump(NamedTuple):
    """Where a jump ends and why. ``path`` is the cells entered, in order (the cells whose
    Sputnik icons the jumper passes); ``col``/``level`` where the jumper ends up; ``outcome``
    one of :data:`OUTCOMES` (``safe`` is the only one without an accident); ``stopped``
    whether the ``stop`` column was reached."""

    col: int
    level: int
    outcome: str
    path: tuple[tuple[int, int], ...]
    stopped: bool


def masks(colour: int, steps: int) -> tuple[int, ...]:
    """The step patterns a die of ``colour`` allows for a face of ``steps`` steps.

    >>> masks(BLUE, 3), masks(WHITE, 2), masks(BLACK, 1)
    ((0,), (1, 2, 3), (0, 1))
    """
    if colour == BLUE:
        return (0,)
    every = tuple(range(1 << steps))
    return every[1:] if colour == WHITE else every


def jump(strip, col: int, level: int, colour: int, steps: int, mask: int,
         stop: Optional[int] = None) -> Jump:
    """Move from (``col``, ``level``) over ``strip`` (a sequence of columns, each bottom
    cell first); see the module docstring. ``stop`` defaults to the strip's last column."""
    last = len(strip) - 1 if stop is None else stop
    c, y = col, level
    path: list[tuple[int, int]] = []
    dy_diag = -1 if colour == WHITE else 1
    for i in range(steps):
        if c >= last:
            return _land(strip, c, y, path, True)
        diagonal = (mask >> i) & 1
        ny = y + (dy_diag if diagonal else 0)
        here = cell(strip[c], y)
        there = cell(strip[c + 1], ny)
        if there == ROCK or (diagonal and (here in TUNNELS or there in TUNNELS)):
            kind = "crash" if there == ROCK else "ceiling"
            if here == AIR:
                y = surface_below(strip[c], y)
            return Jump(c, y, kind, tuple(path), False)
        c, y = c + 1, ny
        path.append((c, y))
        if c >= last:
            return _land(strip, c, y, path, True)
    return _land(strip, c, y, path, False)


def _land(strip, c: int, y: int, path: list, stopped: bool) -> Jump:
    here = cell(strip[c], y)
    if here == AIR:
        return Jump(c, surface_below(strip[c], y), "fall", tuple(path), stopped)
    if here in SAFE_LANDING:
        return Jump(c, y, "safe", tuple(path), stopped)
    return Jump(c, y, "hazard", tuple(path), stopped)
