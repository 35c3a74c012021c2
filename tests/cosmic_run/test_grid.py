"""The index arithmetic and the circle bits of Cosmic Run, written once in ``grid.py``: the
helpers cover the state's flat lists exactly, the rules mark and read the bits they name,
and every compiled rule module that calls a helper cimports it (a C call in the build)."""

import doctest
import importlib
import re

import pytest
from cosmic_run_helpers import give_tech, mine, place

from cosmodrome import compiled
from cosmodrome.games.cosmic_run import GAME, mines, movement
from cosmodrome.games.cosmic_run.grid import (
    DIAGONAL_LINE,
    MINE_BIT,
    SHEET_TRACKS,
    SIDE_LINE,
    TRACK_COLUMNS,
    UP_LINE,
    WARP_LINE,
    circle_ix,
    ship_ix,
    tech_ix,
    track_ix,
)
from cosmodrome.games.cosmic_run.heuristic import CosmicRunHeuristic
from cosmodrome.games.cosmic_run.state import MOVE

PACKAGE = "cosmodrome.games.cosmic_run"
HELPERS = ("ship_ix", "tech_ix", "track_ix")


def test_the_helpers_cover_the_flat_lists_once():
    s = GAME.new_state(2, seed=0)
    ships = [ship_ix(sheet, track) for sheet in range(2) for track in range(3)]
    assert ships == list(range(len(s.circle)))
    assert [divmod(ship, 3) for ship in ships] == [(sheet, track) for sheet in range(2) for track in range(3)]
    assert [tech_ix(sheet, tech) for sheet in range(2) for tech in range(4)] == list(range(len(s.tech_gained)))
    circles = [track_ix(s.comp, ship) + row * 3 + col for ship in ships for row in range(s.comp.nr) for col in range(3)]
    assert circles == list(range(len(s.grid)))


def test_a_sheet_has_a_ship_a_track_and_the_planet_row_tops_each_track():
    """The ships of a sheet are its tracks' (``SHEET_TRACKS``, one per colour of the data), the
    next sheet's from ``ship_ix(sheet, SHEET_TRACKS)`` on; the planet row (``comp.planet``) is
    the last row of a track in the state, where ``planet_circle`` starts."""
    s = GAME.new_state(2, seed=0)
    assert SHEET_TRACKS == len(s.comp.tracks) == 3
    assert ship_ix(0, SHEET_TRACKS) == ship_ix(1, 0)
    assert s.comp.planet == s.comp.rows + 1 == s.comp.nr - 1
    assert s.planet_circle == circle_ix(s.comp.planet, 0) and circle_ix(s.comp.nr, 0) * 2 * SHEET_TRACKS == len(s.grid)


def test_the_circle_bits_are_distinct_and_a_mine_is_the_last():
    bits = (UP_LINE, SIDE_LINE, DIAGONAL_LINE, WARP_LINE, MINE_BIT)
    assert sorted(bits) == [1 << k for k in range(5)]
    assert movement.LINE_BIT == (UP_LINE, SIDE_LINE, SIDE_LINE, DIAGONAL_LINE, DIAGONAL_LINE,
                                 WARP_LINE, WARP_LINE, WARP_LINE)


def test_a_mine_roll_sets_the_mine_bit_where_the_state_reads_it():
    """RB: Phase I: Mine Phase: the matching circles of every track are filled."""
    s = GAME.new_state(2, seed=4)
    s.grid = [bits & ~MINE_BIT for bits in s.grid]       # the mine phase of round 1 undone
    number = s.comp.labels[s.side][3]
    mines.start_roll(s, -1, [1], 2, number, 0)
    filled = {i for i, bits in enumerate(s.grid) if bits & MINE_BIT}
    rows = s.comp.rows_with(s.side, number)
    assert rows and filled == {s.cell(1, track, row, 2) for track in range(3) for row in rows}
    assert all(s.mined(1, track, row, 2) for track in range(3) for row in rows)


def test_a_step_draws_its_line_and_a_mine_stops_it():
    """RB: Movement Die: a line in the circle entered; a mined circle cannot be entered."""
    s = GAME.new_state(2, seed=4)
    place(s, 0, 1, [(1, 1)])
    s.phase, s.ship, s.pips, s.steps = MOVE, ship_ix(0, 1), 3, 0
    assert movement.target(s, movement.UP) == (2 * 3 + 1, 1, 0, ())
    mine(s, 0, 1, 2, 1)
    assert s.grid[s.cell(0, 1, 2, 1)] & MINE_BIT
    assert movement.target(s, movement.UP) is None
    give_tech(s, 0, 2)                                   # a warp drive: across the mine
    assert movement.target(s, movement.WARP_UP) == (3 * 3 + 1, 2, 1, (2 * 3 + 1,))
    movement.step(s, movement.WARP_UP)
    assert s.grid[s.cell(0, 1, 2, 1)] == MINE_BIT | WARP_LINE
    assert s.grid[s.cell(0, 1, 3, 1)] == WARP_LINE


def test_the_heuristic_reads_a_mine_from_the_view():
    s = GAME.new_state(2, seed=4)
    mine(s, 0, 2, 4, 0)
    sheet = s.view(0)["sheets"][0]
    assert not CosmicRunHeuristic._open(sheet, 2, 4, 0)
    assert CosmicRunHeuristic._open(sheet, 2, 4, 1)


def test_a_track_is_as_wide_as_the_sheets_columns_and_no_step_leaves_it():
    """The sheet's layout: a track's rows hold ``TRACK_COLUMNS`` circles, one per column
    letter of the data (``sheet.columns``); a sideways step from the last column or the first
    leads off the track (RB: Movement Die), and the heuristic reads no circle there."""
    s = GAME.new_state(2, seed=4)
    assert TRACK_COLUMNS == len(s.comp.columns) == 3 and circle_ix(0, TRACK_COLUMNS) == circle_ix(1, 0)
    last = TRACK_COLUMNS - 1
    s.phase, s.ship, s.pips, s.steps = MOVE, ship_ix(0, 1), 3, 0
    place(s, 0, 1, [(1, last - 1), (1, last)])
    assert movement.target(s, movement.RIGHT) is None and movement.target(s, movement.LEFT)[0] == circle_ix(1, last - 1)
    place(s, 0, 1, [(1, 0)])
    assert movement.target(s, movement.LEFT) is None and movement.target(s, movement.RIGHT)[0] == circle_ix(1, 1)
    sheet = s.view(0)["sheets"][0]
    assert CosmicRunHeuristic._open(sheet, 1, 2, last)
    assert not CosmicRunHeuristic._open(sheet, 1, 2, TRACK_COLUMNS) and not CosmicRunHeuristic._open(sheet, 1, 2, -1)


def calls(module: str) -> set:
    text = compiled.source_of(module).read_text()
    return {name for name in HELPERS if re.search(rf"\b{name}\(", text)}


@pytest.mark.parametrize("module", [m for m in compiled.MODULES
                                    if m.startswith(PACKAGE + ".") and m != PACKAGE + ".grid"])
def test_a_compiled_module_calling_a_helper_cimports_it(module):
    used = calls(module)
    pxd = compiled.source_of(module).with_suffix(".pxd")
    cimported = set()
    if pxd.is_file():
        m = re.search(rf"from {re.escape(PACKAGE)}\.grid cimport ([^\n]*)", pxd.read_text())
        cimported = set(re.findall(r"\w+", m.group(1))) if m else set()
    assert used <= cimported, f"{module} calls {sorted(used - cimported)} as Python functions"


@pytest.mark.parametrize("name", ["__init__", "actions", "components", "dice", "grid", "heuristic", "observation",
                                  "scoring", "text"])
def test_doctests(name):
    module = importlib.import_module(PACKAGE if name == "__init__" else f"{PACKAGE}.{name}")
    result = doctest.testmod(module)
    assert result.failed == 0 and result.attempted > 0
