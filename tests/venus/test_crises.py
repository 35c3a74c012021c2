"""RB: Phase four – crisis resolution and the crisis effects, per planet and level."""

import pytest
from venus_helpers import clear_tiles, empty_hand, fix_dice, fresh, give, go_on, place_building, place_units, put_tile

from cosmodrome.games.venus import flow
from cosmodrome.games.venus.actions import D_TURN
from cosmodrome.games.venus.components import EFFECT_ID
from cosmodrome.games.venus.flow import (
    A_BLD,
    A_DONE,
    A_SEAT,
    A_SURFACE,
    A_UNIT,
    A_UNITAT,
    EARTH,
    GANYMEDE,
    INF,
    KUIPER,
    MARS,
    MERCURY,
    MOON,
    SHIP,
    TANK,
    TITAN,
    VENUS,
    CrisisStart,
    TurnMenu,
)


def crisis(levels: dict, players=3, seed=1, setup=None, dice=()):
    """Crisis tiles (without skull marks: no escalation roll) giving these levels, then
    resolve; a decision frame for seat 0 below stops the run after phase four."""
    s = fresh(players, seed)
    clear_tiles(s)
    for p in range(players):
        empty_hand(s, p)
    for pl, lv in levels.items():
        for _ in range(lv):
            put_tile(s, pl, "crisis", skull=False)
    s.first_seat = 0
    if setup:
        setup(s)
    s.stack = [TurnMenu(0), CrisisStart(-1)]
    if dice:
        fix_dice(s, *dice)
    flow.run(s)
    return s


def finish(s):
    """Answer every pending crisis decision with its first option."""
    while s.stack and s.stack[-1].op != D_TURN and not s.over:
        s.apply(s.legal_actions()[0])


def test_escalation_loops_from_mercury():
    """RB: Phase four – skulls go on skull-marked crisis tiles from Mercury outwards and
    loop back while dice remain."""
    s = fresh(3, 1)
    clear_tiles(s)
    put_tile(s, VENUS, "crisis", skull=True)
    put_tile(s, TITAN, "crisis", skull=True)
    s.stack = [TurnMenu(0), CrisisStart(-1)]
    fix_dice(s, 0, 0, 0)
    flow.run(s)
    assert s.crisis_levels[VENUS] == 2 and s.crisis_levels[TITAN] == 1


def test_no_escalation_roll_without_skull_marks():
    s = crisis({MARS: 1})
    assert not any(e.kind == "escalation" for e in s.log)


# ----- Mercury ----------------------------------------------------------------------------
def merc_setup(s):
    place_building(s, 1, MERCURY, mines=1)
    give(s, 2, "cp3")
    place_units(s, 2, MARS, tank=1)
    place_building(s, 2, MARS, mines=1)


def test_mercury_level1_steal_a_card():
    """RB: Mercury level 1 – the single highest income may pay £1 to take a random card."""
    s = crisis({MERCURY: 1}, setup=merc_setup)
    assert s.to_move() == 1 and s.decision_kind() == "bazagthoth"
    assert s.legal_actions() == [A_DONE, A_SEAT + 2]
    s.apply(A_SEAT + 2)
    assert s.money[1] == 11 and len(s.hands[1]) == 1 and not s.hands[2]


def test_mercury_level2_destroy_unit():
    """RB: Mercury level 2 – pay £1 to destroy any military unit."""
    s = crisis({MERCURY: 2}, setup=merc_setup)
    s.apply(A_SEAT + 2)
    s.apply(A_UNITAT + MARS * 3 + TANK)
    go_on(s)   # 'ignore a skull', asked of the victim as it holds cards (ruling 32)
    assert s.money[1] == 11 and s.orbit[2 * 24 + MARS * 3 + TANK] == 0


def test_mercury_level3_destroy_counter():
    """RB: Mercury level 3+ – pay £3 to destroy a mine or factory."""
    s = crisis({MERCURY: 3}, setup=merc_setup)
    s.apply(A_SEAT + 2)
    s.apply(A_BLD + MARS * 2)
    assert s.money[1] == 9 and s.built[2 * 16 + MARS * 2] == 0


def test_mercury_tie_no_one_benefits():
    """RB: Mercury – on a tie for the highest income nobody controls Bazagthoth."""
    def setup(s):
        place_building(s, 0, MERCURY, mines=1)
        place_building(s, 1, MERCURY, mines=1)
    s = crisis({MERCURY: 2}, setup=setup)
    assert s.stack[-1].op == D_TURN


# ----- Venus ------------------------------------------------------------------------------
def test_venus_level1_nothing():
    def setup(s):
        place_units(s, 0, VENUS, inf=2)
    s = crisis({VENUS: 1}, setup=setup)
    assert s.stack[-1].op == D_TURN and s.orbit[VENUS * 3] == 2


def test_venus_level2_uprising():
    """RB: Venus level 2–3 – everyone removes two units there; a counter for each unit
    they cannot lose."""
    def setup(s):
        place_units(s, 0, VENUS, inf=3)
        place_units(s, 1, VENUS, inf=1)
        place_building(s, 1, VENUS, mines=1, factories=1)
    s = crisis({VENUS: 2}, setup=setup)
    assert s.to_move() == 0
    s.apply(A_UNIT + INF)
    s.apply(A_UNIT + INF)
    assert s.orbit[VENUS * 3] == 1 and s.to_move() == 1
    s.apply(A_UNIT + INF)
    assert set(s.legal_actions()) == {A_BLD + VENUS * 2, A_BLD + VENUS * 2 + 1}
    s.apply(A_BLD + VENUS * 2 + 1)
    assert list(s.built[16 + VENUS * 2:16 + VENUS * 2 + 2]) == [1, 0] and s.stack[-1].op == D_TURN


def test_venus_level4_independence():
    """RB: Venus level 4+ – everything is removed, tiles discarded, the planet flipped."""
    def setup(s):
        place_units(s, 0, VENUS, inf=2)
        place_building(s, 1, VENUS, mines=1)
        put_tile(s, VENUS, "windfall")
    s = crisis({VENUS: 4}, setup=setup)
    assert s.flipped[VENUS] and not s.planet_tiles[VENUS] and s.units_at(0, VENUS) == 0 and s.built[16 + VENUS * 2] == 0


# ----- Earth ------------------------------------------------------------------------------
@pytest.mark.parametrize("lv,lost", [(1, 0), (2, 1), (3, 2)])
def test_earth_robot_rebellion(lv, lost):
    """RB: Earth – level 2 the highest Earth income loses a counter, level 3 two; ties all
    suffer."""
    def setup(s):
        place_building(s, 0, EARTH, mines=1)
        place_building(s, 1, EARTH, mines=1)
    s = crisis({EARTH: lv}, setup=setup)
    finish(s)
    for p in (0, 1):
        assert s.built[p * 16 + EARTH * 2] + s.built[p * 16 + EARTH * 2 + 1] == 2 - lost
    assert s.built[2 * 16 + EARTH * 2 + 1] == 1


def test_earth_level4_everybody_loses():
    """RB: Earth level 4+ – the game ends at once; all players lose."""
    s = crisis({EARTH: 4})
    assert s.is_terminal() and s.end_cause == "all-lose: robot rebellion"
    assert s.returns() == [0.0, 0.0, 0.0] and s.winners() == []


# ----- Moon and Mars ----------------------------------------------------------------------
def test_moon_level3_nothing():
    s = crisis({MOON: 3})
    assert not s.flipped[MOON]


@pytest.mark.parametrize("pl", [MOON, MARS])
def test_invasion_of_earth(pl):
    """RB: Moon / Mars level 4+ – the planet is cleared and flipped; three dice of damage
    removed from Earth one counter at a time in player order, counters when no units."""
    def setup(s):
        place_units(s, 0, pl, inf=2)
        place_building(s, 1, pl, mines=1)
        # seat 2 has nothing on Earth except its factory
        s.orbit[2 * 24 + EARTH * 3] = 0
        s.orbit[2 * 24 + EARTH * 3 + 1] = 0
        s.stock[2 * 5] += 4
        s.stock[2 * 5 + 1] += 2
    s = crisis({pl: 4}, setup=setup, dice=(2, 3, 0))   # damage 5
    assert s.flipped[pl] and s.units_at(0, pl) == 0 and s.built[16 + pl * 2] == 0 and not s.planet_tiles[pl]
    order = []
    while s.stack[-1].op != D_TURN:
        order.append(s.to_move())
        if s.to_move() == 2:
            assert s.legal_actions() == [A_BLD + EARTH * 2 + 1]
        s.apply(s.legal_actions()[0])
    assert order == [0, 1, 2, 0, 1]
    assert s.units_at(0, EARTH) == 4 and s.units_at(1, EARTH) == 4 and s.built[2 * 16 + EARTH * 2 + 1] == 0


def test_mars_level2_richest_loses_counter():
    """RB: Mars level 2–3 – the highest income on Mars loses a mine or factory."""
    def setup(s):
        place_building(s, 0, MARS, mines=1)
        place_building(s, 1, MARS, factories=1)
    s = crisis({MARS: 2}, setup=setup)
    assert s.to_move() == 0
    s.apply(A_BLD + MARS * 2)
    assert s.built[MARS * 2] == 0 and s.built[16 + MARS * 2 + 1] == 1


def test_ganymede_nothing():
    """RB: Ganymede – nothing ever happens."""
    def setup(s):
        s.planet_tiles[GANYMEDE] += (next(t for t in s.bag if s.comp.tile_kind[t] == 5 and not s.comp.tile_skull[t]),)
        s.bag.remove(s.planet_tiles[GANYMEDE][0])
    s = crisis({}, setup=setup)
    assert s.stack[-1].op == D_TURN


# ----- Titan ------------------------------------------------------------------------------
def test_titan_level2_pirates():
    """RB: Titan level 2 – £1 per mine/factory on Titan or lose it (player's choice)."""
    def setup(s):
        place_building(s, 0, TITAN, mines=2)
        place_building(s, 1, TITAN, mines=1)
        place_building(s, 1, KUIPER, mines=1)
        s.money[1] = 0
        s.money_from_bank -= 12
    s = crisis({TITAN: 2}, setup=setup)
    assert s.to_move() == 0 and A_DONE in s.legal_actions()
    s.apply(A_DONE)
    assert s.money[0] == 10
    assert s.to_move() == 1 and s.legal_actions() == [A_BLD + TITAN * 2]
    s.apply(A_BLD + TITAN * 2)
    assert s.built[16 + TITAN * 2] == 0 and s.built[16 + KUIPER * 2] == 1


def test_titan_level3_wider():
    """RB: Titan level 3+ – Titan, the Kuiper Belt and Ganymede pay."""
    def setup(s):
        place_building(s, 0, KUIPER, mines=1)
        place_building(s, 0, GANYMEDE, factories=1)
    s = crisis({TITAN: 3}, setup=setup)
    assert s.to_move() == 0
    s.apply(A_DONE)
    assert s.money[0] == 10


# ----- Kuiper Belt ------------------------------------------------------------------------
def alien_setup(s):
    place_units(s, 0, TITAN, inf=1)
    place_building(s, 1, GANYMEDE, mines=1)
    place_units(s, 2, MARS, inf=1)


def test_kuiper_level2_nothing():
    s = crisis({KUIPER: 2}, setup=alien_setup)
    assert not s.aliens_out


def test_kuiper_level3_alien_invasion_and_advance():
    """RB: Kuiper Belt level 3+ – aliens land on the Kuiper Belt, Titan and Ganymede and
    clear them; in the next crisis phase the survivors advance inwards."""
    s = crisis({KUIPER: 3}, setup=alien_setup)
    assert s.aliens_out == s.period
    for pl in (KUIPER, TITAN, GANYMEDE):
        assert any(s.comp.tile_kind[t] == 7 for t in s.planet_tiles[pl])
    assert s.units_at(0, TITAN) == 0 and s.built[16 + GANYMEDE * 2] == 0
    # one alien destroyed: two survivors invade Mars and the Moon next crisis phase
    al = next(t for t in s.planet_tiles[TITAN] if s.comp.tile_kind[t] == 7)
    s.planet_tiles[TITAN] = flow.without(s.planet_tiles[TITAN], al)
    s.kept[0] += (al,)
    s.period += 1
    s.stack = [TurnMenu(0), CrisisStart(-1)]
    flow.run(s)
    assert not s.over
    has = [pl for pl in range(8) if any(s.comp.tile_kind[t] == 7 for t in s.planet_tiles[pl])]
    assert has == [MOON, MARS] and s.units_at(2, MARS) == 0


def test_aliens_reaching_earth_everybody_loses():
    """RB: Kuiper Belt – aliens reaching Earth end the game; all lose."""
    s = crisis({KUIPER: 3}, setup=alien_setup)
    s.period += 1
    s.stack = [TurnMenu(0), CrisisStart(-1)]
    flow.run(s)
    assert s.is_terminal() and s.end_cause == "all-lose: aliens reached Earth" and s.winners() == []


def test_mercury_level2_controller_picks_the_surface_unit():
    """RB: Mercury level 2 and the cards: the unit may be taken in orbit or on the surface;
    the controller says which when the victim has both."""
    def setup(s):
        merc_setup(s)
        place_units(s, 2, MARS, tank=1, surface=True)
    s = crisis({MERCURY: 2}, setup=setup)
    s.apply(A_SEAT + 2)
    s.apply(A_UNITAT + MARS * 3 + TANK)
    assert s.to_move() == 1 and s.decision_kind() == "kill_where"
    s.apply(A_SURFACE)
    go_on(s)
    assert s.money[1] == 11 and s.surface[2 * 24 + MARS * 3 + TANK] == 0 and s.orbit[2 * 24 + MARS * 3 + TANK] == 1


def _moon_setup(s):
    place_units(s, 0, MOON, inf=2, ship=1)
    place_units(s, 0, MOON, tank=1, surface=True)
    place_units(s, 1, MOON, inf=1)
    give(s, 0, "return_unit", "return_unit")


def test_moon_invasion_offers_the_return_card_for_the_eliminated_units():
    """RB: The Moon level 4+ – the Moon's units are eliminated, so the return card answers
    them: one unit to Earth orbit per card, before the damage to Earth is rolled."""
    s = crisis({MOON: 4}, setup=_moon_setup, dice=(2, 0, 0))
    assert s.to_move() == 0 and s.decision_kind() == "return_unit"
    assert s.legal_actions() == [A_DONE, A_UNIT + INF, A_UNIT + SHIP, A_UNIT + TANK]
    assert not any(e.kind == "invasion" and "Damage" in e.text for e in s.log)   # not rolled yet
    earth = s.orbit[EARTH * 3:EARTH * 3 + 3]
    s.apply(A_UNIT + SHIP)
    assert s.orbit[EARTH * 3 + SHIP] == earth[SHIP] + 1 and s.decision_kind() == "return_unit"
    assert s.legal_actions() == [A_DONE, A_UNIT + INF, A_UNIT + TANK]
    s.apply(A_UNIT + TANK)
    assert s.orbit[EARTH * 3 + TANK] == earth[TANK] + 1 and not s.has_effect(0, EFFECT_ID["return_unit"])
    assert any("Damage dice 2, skull, skull: 2 counters" in e.text for e in s.log)
    assert s.decision_kind() == "damage"
    assert s.flipped[MOON] and s.units_at(0, MOON) == 0 and s.units_at(1, MOON) == 0


def test_mars_invasion_sends_units_home_without_the_return_card():
    """RB: Mars level 4+ – its pieces are sent back to their owners, which is no
    elimination: no return card is asked."""
    def setup(s):
        place_units(s, 0, MARS, inf=2, ship=1)
        give(s, 0, "return_unit")
    s = crisis({MARS: 4}, setup=setup, dice=(2, 0, 0))
    assert s.decision_kind() == "damage" and s.has_effect(0, EFFECT_ID["return_unit"])
    assert s.units_at(0, MARS) == 0 and s.stock[0] == 9 - 4 + 0
