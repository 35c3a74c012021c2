"""Where a counter sits in the flat lists of a Cosmic Run table (see :mod:`.state`): the
index arithmetic, written once.

The compiled engine declares these functions C functions (``grid.pxd``), and the rule
modules that call them on every step (``movement.pxd``) cimport them: there a call is a C
call, not a Python one.
"""

from __future__ import annotations


def track_ix(comp, ship):
    """The index in ``grid`` of the first circle (row 0, column 0) of a ship's track
    (``ship``: ``sheet * 3 + track``); a circle of the track, ``row * 3 + col`` as ``pos``
    holds it, is at ``track_ix(comp, ship) + row * 3 + col``.

    >>> from cosmodrome.games.cosmic_run import GAME
    >>> s = GAME.new_state(2, seed=0)
    >>> track_ix(s.comp, 4) + 2 * 3 + 1 == s.cell(1, 1, 2, 1)
    True
    """
    return ship * comp.nr * 3


def tech_ix(sheet, tech):
    """The index in ``tech_gained`` and ``tech_used`` of a sheet's technology column.

    >>> tech_ix(1, 2)
    6
    """
    return sheet * 4 + tech
