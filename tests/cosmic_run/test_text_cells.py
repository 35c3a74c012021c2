"""The terminal's tracking sheet draws each circle from the grid's bits read by name
(:mod:`cosmodrome.games.cosmic_run.grid`; RB: Movement Die; Phase I: Mine Phase): the ship
here, a mine (crossed by a warp line or not), the line drawn into the circle, or an empty
circle."""

from __future__ import annotations

import inspect
import re

from cosmodrome.games.cosmic_run import text
from cosmodrome.games.cosmic_run.grid import DIAGONAL_LINE, MINE_BIT, SIDE_LINE, UP_LINE, WARP_LINE


def test_a_circle_is_drawn_from_its_bits_by_name():
    cell = text._cell
    assert cell(MINE_BIT | WARP_LINE, True) == "@"
    assert cell(0, False) == "o"
    assert cell(MINE_BIT, False) == "#"
    assert all(cell(MINE_BIT | b, False) == "X" for b in (UP_LINE, SIDE_LINE, DIAGONAL_LINE, WARP_LINE))
    assert [cell(b, False) for b in (UP_LINE, SIDE_LINE, DIAGONAL_LINE, WARP_LINE)] == ["|", "-", "/", "~"]
    # a circle with two lines shows the later kind (a warp over a diagonal, a diagonal over a side step)
    assert cell(WARP_LINE | UP_LINE, False) == "~" and cell(DIAGONAL_LINE | SIDE_LINE, False) == "/"
    assert not re.search(r"\b(15|16)\b|\(8, 4, 2, 1\)", inspect.getsource(cell))
