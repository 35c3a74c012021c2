"""Each check of a step is made in one place (movement's ``_open_kinds`` for the die, the ship and
the technologies, ``_reach`` for the track): ``steps`` lists exactly the kinds ``target``
allows, and each check shuts the kinds it names (RB: Movement Die, Navigational Control, Warp
Drive)."""

import pytest
from cosmic_run_helpers import NAV, WARP, give_tech, mine, new, place

from cosmodrome.core import Rng
from cosmodrome.games.cosmic_run import movement
from cosmodrome.games.cosmic_run.grid import ship_ix
from cosmodrome.games.cosmic_run.state import MOVE

UP, LEFT, RIGHT, DIAG_LEFT, DIAG_RIGHT, WARP_UP, WARP_LEFT, WARP_RIGHT = range(8)


def allowed(s):
    return [k for k in range(8) if movement.target(s, k) is not None]


@pytest.mark.parametrize("players, seed, opts", [(2, 1, {}), (2, 2, {"side": "B", "friendly": True}),
                                                 (2, 3, {"rapid_fire": True}), (1, 4, {})])
def test_steps_are_the_kinds_target_allows_in_play(players, seed, opts):
    r, moves = Rng(seed), 0
    for game in range(4):
        s = new(players, seed * 10 + game, **opts)
        while not s.is_terminal():
            if s.phase == MOVE:
                assert movement.steps(s) == allowed(s)
                moves += 1
            la = s.legal_actions()
            s.apply(la[r.below(len(la))])
    assert moves >= 30


def moving(pips=3, cells=((1, 1),)):
    s = new(2, seed=4)
    s.grid = [0] * len(s.grid)                           # no mines
    place(s, 0, 1, list(cells))
    s.phase, s.ship, s.pips, s.steps = MOVE, ship_ix(0, 1), pips, 0
    return s


def test_a_ship_on_the_track_steps_up_and_sideways_and_diagonally_with_a_navigational_control():
    s = moving()
    assert movement.steps(s) == allowed(s) == [UP, LEFT, RIGHT]
    give_tech(s, 0, NAV)
    assert movement.steps(s) == allowed(s) == [UP, LEFT, RIGHT, DIAG_LEFT, DIAG_RIGHT]


def test_from_the_start_a_ship_steps_only_up():
    s = moving(cells=())
    give_tech(s, 0, NAV)
    assert movement.steps(s) == allowed(s) == [UP, DIAG_LEFT, DIAG_RIGHT]


@pytest.mark.parametrize("why", ["no pips", "disabled", "at its planet"])
def test_no_step_without_a_pip_for_a_disabled_ship_or_at_the_planet(why):
    s = moving()
    give_tech(s, 0, NAV)
    give_tech(s, 0, WARP)
    if why == "no pips":
        s.pips = 0
    elif why == "disabled":
        s.damage[s.ship] = s.comp.hearts
    else:
        place(s, 0, 1, [(s.comp.planet, 1)])
    assert movement.steps(s) == allowed(s) == []


def test_a_warp_step_needs_a_warp_drive_a_pip_for_the_mine_and_an_open_circle_beyond():
    """RB: Warp Drive: a mine up and one to the left; a warp drive crosses either with 2 pips."""
    s = moving(pips=2)
    mine(s, 0, 1, 2, 1)
    mine(s, 0, 1, 1, 0)
    assert movement.steps(s) == allowed(s) == [RIGHT]
    give_tech(s, 0, WARP)
    assert movement.steps(s) == allowed(s) == [RIGHT, WARP_UP]    # off the track beyond the left mine
    s.pips = 1
    assert movement.steps(s) == allowed(s) == [RIGHT]
