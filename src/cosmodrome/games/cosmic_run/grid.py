"""Where a counter sits in the flat lists of a Cosmic Run table (see :mod:`.state`): the
index arithmetic, written once, and the bits of a circle of the tracking sheet.

The compiled engine declares the index helpers C functions (``grid.pxd``), and the rule
modules that call them on every step (``movement.pxd`` and its kin) cimport them: there a
call is a C call, not a Python one.
"""

from __future__ import annotations

#: The bits of a circle in ``grid`` (RB: Movement Die: the line drawn into the circle a ship
#: enters, straight up, sideways, diagonally with a navigational control, or across mines
#: with a warp drive; RB: Phase I: Mine Phase: the circle filled by a space mine). A circle
#: may hold a line and a mine (a warp line crosses mined circles).
UP_LINE, SIDE_LINE, DIAGONAL_LINE, WARP_LINE, MINE_BIT = 1, 2, 4, 8, 16
#: The columns of a planet track, side by side (the sheet's layout: A, B and C, ``sheet.columns``
#: of the component data); a circle at column ``col`` is on the track while ``0 <= col < TRACK_COLUMNS``.
TRACK_COLUMNS = 3
# the C constant of the build is no module attribute: this makes it one for Python's importers
globals()["TRACK_COLUMNS"] = TRACK_COLUMNS
#: The planet tracks of a sheet, one ship on each (``sheet.tracks`` of the component data, a ship's
#: colour); the ships of ``sheet`` are ``ship_ix(sheet, track)`` for ``track`` in ``range(SHEET_TRACKS)``.
#: In the compiled engine this is a C constant (``grid.pxd``; a rule module's ``.pxd`` cimports it),
#: so such a loop stays in C.
SHEET_TRACKS = 3
# the C constant of the build is no module attribute: this makes it one for Python's importers
globals()["SHEET_TRACKS"] = SHEET_TRACKS
#: The tracking sheets of a game: the two players', or the solo player's and Zorlord's (RB: Novice
#: Solo Mode); a sheet's counters are ``sheet`` 0 and 1 in every per-sheet list of the state.
SHEETS = 2
#: The technology columns of a sheet (``technologies.names`` of the component data, four):
#: :func:`tech_ix` lays them out sheet by sheet.
SHEET_TECHS = 4
globals()["SHEET_TECHS"] = SHEET_TECHS
#: The ships of a game, every track of every sheet: ``ship_ix(sheet, track)`` runs over ``range(SHIPS)``.
SHIPS = SHEETS * SHEET_TRACKS


def ship_ix(sheet, track):
    """The index of a ship (the ship of ``track`` on ``sheet``) in ``circle``, ``best_row``,
    ``damage``, ``engine_upgrades`` and ``paths``, and as ``ship``, ``attacked_ship`` hold it;
    :func:`ship_parts` gives the sheet and the track back.

    >>> ship_ix(1, 2), ship_parts(ship_ix(1, 2))
    (5, (1, 2))
    """
    return sheet * SHEET_TRACKS + track


def ship_sheet(ship):
    """The sheet of a ship (the first of :func:`ship_parts`).

    >>> ship_sheet(ship_ix(1, 2))
    1
    """
    return ship // SHEET_TRACKS


def ship_parts(ship):
    """``(sheet, track)`` of a ship, :func:`ship_ix` undone.

    >>> ship_parts(ship_ix(1, 2))
    (1, 2)
    """
    return divmod(ship, SHEET_TRACKS)


def circle_ix(row, col):
    """A circle of a track as ``circle`` and ``paths`` hold it (row 0 = the start below the track,
    ``comp.planet`` = the planet row; column 0 to ``TRACK_COLUMNS - 1``); its cell in ``grid`` is
    ``track_ix(comp, ship) + circle_ix(row, col)``. Between circles of one track, a step of
    ``dr`` rows and ``dc`` columns adds ``circle_ix(dr, dc)``.

    >>> circle_ix(2, 1), circle_parts(circle_ix(2, 1))
    (7, (2, 1))
    """
    return row * TRACK_COLUMNS + col


def circle_row(circle):
    """The row of a circle (the first of :func:`circle_parts`).

    >>> circle_row(circle_ix(4, 2))
    4
    """
    return circle // TRACK_COLUMNS


def circle_parts(circle):
    """``(row, col)`` of a circle, :func:`circle_ix` undone."""
    return divmod(circle, TRACK_COLUMNS)


def track_ix(comp, ship):
    """The index in ``grid`` of the first circle (row 0, column 0) of a ship's track
    (``ship``: :func:`ship_ix`); a circle of the track (:func:`circle_ix`, as ``circle``
    holds it) is at ``track_ix(comp, ship) + circle_ix(row, col)``.

    >>> from cosmodrome.games.cosmic_run import GAME
    >>> s = GAME.new_state(2, seed=0)
    >>> track_ix(s.comp, ship_ix(1, 1)) + circle_ix(2, 1) == s.cell(1, 1, 2, 1)
    True
    """
    return ship * comp.nr * TRACK_COLUMNS


def tech_ix(sheet, tech):
    """The index in ``tech_gained`` and ``tech_used`` of a sheet's technology column; a
    sheet's four columns follow each other from ``tech_ix(sheet, 0)``.

    >>> tech_ix(1, 2)
    6
    """
    return sheet * SHEET_TECHS + tech
