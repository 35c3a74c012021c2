"""A box of the ring is numbered by :meth:`MarsState.box` only (``alien_place`` holds those
numbers): the rule modules, the view, the labels and the heuristic call ``box``,
``box_column`` and ``box_range`` instead of writing ``column * levels + level`` or its inverse
by hand."""

import re
from pathlib import Path

import pytest
from mars_helpers import GAME

MARS_DIR = Path(GAME.components_file).parent
#: every module that reads or changes the table, but state.py (where the helpers are) and
#: components.py (the data)
MODULES = ("__init__", "actions", "combat", "equipment", "evaluation", "heuristic", "observation", "rounds", "setup",
           "specials", "text", "turn", "view", "waves")
#: a box's number worked out by hand: a column times the levels, a number divided by them or
#: taken modulo them, a box found by adding a level to a column's base
BY_HAND = (r"\* ?(s\.)?levels\b", r"\blevels ?\*", r"(//|%) ?(s\.)?levels\b", r"divmod\([^)]*levels", r"\bbase \+ y\b")


@pytest.mark.parametrize("module", MODULES)
def test_the_modules_number_the_boxes_with_the_states_helpers(module):
    text = (MARS_DIR / f"{module}.py").read_text(encoding="utf-8")
    found = [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1)
             for pattern in BY_HAND if re.search(pattern, line.split("#")[0])
             and not (module == "observation" and "lay[" in line)]   # the schema's count of a zone's boxes
    assert found == [], f"{module}.py numbers a box by hand: {found}"


@pytest.mark.parametrize("players", (2, 4))
def test_the_box_helpers_agree(players):
    s = GAME.new_state(players, 3)
    n = len(s.strip)
    boxes = [s.box(c, y) for c in range(n) for y in range(s.levels)]
    assert boxes == list(s.box_range(0, n)) == list(range(n * s.levels))
    assert [s.box_column(b) for b in boxes] == [c for c in range(n) for _ in range(s.levels)]
    assert list(s.box_range(5, 6)) == [s.box(5, y) for y in range(s.levels)]
