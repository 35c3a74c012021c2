"""Terrain as a strip of columns, each a few cells high (component sheet §2.4, "Lunar card
schema"). Cell codes:

==========  =====  ===============================================
code        char   meaning
==========  =====  ===============================================
AIR         ``.``  open sky: an astronaut passes through, but falls if it stops there
SAFE        ``o``  surface box with a circle (safe ground)
HAZARD      ``x``  surface box without a circle (hazardous terrain)
ROCK        ``#``  solid rock: a step into it is a crash
TUNNEL      ``t``  tunnel box with a circle (it has a ceiling)
TUNNEL_HAZ  ``T``  tunnel box without a circle
==========  =====  ===============================================

Above the top row is sky; below the bottom row is rock.

>>> col = parse_column(["..", "oo", "##", "##"], 0)   # rows top to bottom; column 0
>>> col
(3, 3, 1, 0)
>>> surface_below(col, 3)                            # from the sky onto the box at level 2
2
"""

from __future__ import annotations

from cosmodrome.i18n import N_, _, gettext

AIR, SAFE, HAZARD, ROCK, TUNNEL, TUNNEL_HAZ = range(6)
#: the kinds of box by name, for a table's drawing (both games' ``help["terrain"]``: a page
#: compares a box's kind with these, never with a number of its own)
TERRAIN_KINDS = {"air": AIR, "safe": SAFE, "hazard": HAZARD, "rock": ROCK, "tunnel": TUNNEL, "tunnel_haz": TUNNEL_HAZ}
CHARS = ".ox#tT"
CELL_NAMES = (N_("air"), N_("safe box"), N_("hazardous box"), N_("rock"), N_("tunnel box"), N_("hazardous tunnel box"))
#: cells an astronaut may stand on
STANDING = frozenset({SAFE, HAZARD, TUNNEL, TUNNEL_HAZ})
#: cells on which a jump may end without an accident
SAFE_LANDING = frozenset({SAFE, TUNNEL})
TUNNELS = frozenset({TUNNEL, TUNNEL_HAZ})


def parse_column(rows_top_down: list[str], index: int) -> tuple[int, ...]:
    """One column (bottom cell first) of a card given as rows of characters, top row first."""
    return tuple(CHARS.index(row[index]) for row in reversed(rows_top_down))


def parse_card(rows_top_down: list[str]) -> tuple[tuple[int, ...], ...]:
    """All columns of a card, left to right, each bottom cell first.

    >>> parse_card(["..", "o#", "##"])
    ((3, 1, 0), (3, 3, 0))
    """
    width = len(rows_top_down[0])
    return tuple(parse_column(rows_top_down, i) for i in range(width))


def cell(column: tuple[int, ...], level: int) -> int:
    """The cell of ``column`` at ``level``: rock below the strip, sky above it."""
    if level < 0:
        return ROCK
    if level >= len(column):
        return AIR
    return column[level]


def surface_below(column: tuple[int, ...], level: int) -> int:
    """The level an astronaut falling from ``level`` lands on: the first non-air cell below
    it (RB: "What's an accident?": from the air you fall to the box under you)."""
    y = min(level, len(column)) - 1
    while y > 0 and cell(column, y) == AIR:
        y -= 1
    return max(y, 0)


def column_problem(column: tuple[int, ...]) -> str:
    """Why a column is not valid terrain (empty when it is): the topmost non-air cell must be
    a surface box (``o`` or ``x``) and only rock or tunnel boxes may lie below it."""
    top = max((y for y, c in enumerate(column) if c != AIR), default=-1)
    if top < 0:
        return _("the column has no ground")
    if column[top] not in (SAFE, HAZARD):
        return _("the top cell is {cell}, not a surface box").format(cell=gettext(CELL_NAMES[column[top]]))
    for y in range(top):
        if column[y] not in (ROCK, TUNNEL, TUNNEL_HAZ):
            return _("level {level} under the surface is {cell}").format(level=y, cell=gettext(CELL_NAMES[column[y]]))
    return ""


def card_problem(rows_top_down: object, width: int, levels: int) -> str:
    """Why ``rows_top_down`` is not a valid card of ``width`` columns by ``levels`` levels
    (empty when it is): the shape, the cell codes, then each column's :func:`column_problem`.

    >>> card_problem(["..", "oo", "##"], 2, 3), card_problem([".o"], 2, 1)
    ('', 'column 1: the column has no ground')
    """
    if (not isinstance(rows_top_down, list) or len(rows_top_down) != levels
            or any(not isinstance(r, str) or len(r) != width or set(r) - set(CHARS) for r in rows_top_down)):
        return _("a card is {levels} rows of {width} cells from {chars}").format(
            levels=levels, width=width, chars=repr(CHARS))
    for c, col in enumerate(parse_card(rows_top_down)):
        problem = column_problem(col)
        if problem:
            return _("column {n}: {problem}").format(n=c + 1, problem=problem)
    return ""
