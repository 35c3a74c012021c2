"""Setup, the phases of a period and the five actions, each citing its rulebook section."""

import pytest
from venus_helpers import (
    at_turn,
    clear_tiles,
    empty_hand,
    fix_dice,
    fresh,
    give,
    go_on,
    place_building,
    place_units,
    put_tile,
)

from cosmodrome.core import IllegalActionError, PlayerCountError
from cosmodrome.games.venus import GAME, flow
from cosmodrome.games.venus.actions import distance
from cosmodrome.games.venus.components import EFFECT_ID
from cosmodrome.games.venus.flow import (
    A_BUILD,
    A_CARD,
    A_CLAIM,
    A_COUNT,
    A_DONE,
    A_MOVE,
    A_PASS,
    A_PLANET,
    A_TILE,
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
    Income,
    TurnMenu,
    put,
)


# ----- setup ------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_setup(n):
    """RB: Setting up the game – steps three to seven."""
    s = GAME.new_state(n, seed=11)
    c = s.comp
    for p in range(n):
        assert s.orbit[p * 24 + EARTH * 3 + INF] == 4 and s.orbit[p * 24 + EARTH * 3 + SHIP] == 2
        assert s.built[p * 16 + EARTH * 2 + 1] == 1
        assert s.money[p] == 12
        assert len(s.hands[p]) == 6
        assert sorted(c.card_effect(x) for x in s.hands[p] if x >= len(c.deck_effects)) == sorted(c.player_effects)
    assert len(s.deck) == 111 - 2 * n
    placed = sum(len(t) for t in s.planet_tiles) + len(s.tile_discard)
    assert placed + len(s.bag) == 103
    assert s.period == 1 and s.cubes == n + 2 and s.to_move() == s.first_seat


def test_bad_player_count():
    """The game is for 2 to 5 players."""
    with pytest.raises(PlayerCountError):
        GAME.new_state(1, seed=0)
    with pytest.raises(PlayerCountError):
        GAME.new_state(6, seed=0)


def test_first_player_roll_ties_reroll():
    """RB: Step eight – highest total of three dice starts; tied players re-roll."""
    from cosmodrome.games.venus.setup import step_eight_first_player
    s = fresh(3, 1)
    s.log = []
    fix_dice(s, 6, 6, 6, 6, 6, 6, 2, 2, 2,   # seats 0 and 1 tie at 18
             3, 3, 3, 4, 4, 4)             # re-roll: seat 1 wins
    step_eight_first_player(s)
    assert s.first_seat == 1
    assert sum(1 for e in s.log if e.kind == "roll") == 5


# ----- phases -----------------------------------------------------------------------------
def test_tiles_per_planet_and_ganymede_crisis_discarded():
    """RB: Phase two – tiles per the chart; a crisis drawn for Ganymede is discarded; none
    on a flipped planet; tiles from the previous period stay."""
    s = fresh(4, 9)
    clear_tiles(s)
    s.tile_discard = ()
    put_tile(s, MARS, "windfall")
    kept = s.planet_tiles[MARS]
    s.flipped = put(s.flipped, VENUS, 1)
    # the next tile drawn goes to Mercury; stack a crisis tile where Ganymede draws
    from cosmodrome.games.venus.phases import phase_two_draw_and_place_tiles
    chart = s.comp.chart[4]
    order = [pl for pl in range(8) if pl != VENUS for _ in range(chart[pl])]
    g_index = order.index(GANYMEDE)
    crisis = next(t for t in s.bag if s.comp.tile_kind[t] == 5)
    s.bag.remove(crisis)
    s.bag.insert(len(s.bag) - g_index, crisis)
    phase_two_draw_and_place_tiles(s)
    assert s.planet_tiles[VENUS] == ()
    assert s.planet_tiles[MARS][:1] == kept and len(s.planet_tiles[MARS]) == 1 + chart[MARS]
    assert crisis in s.tile_discard and len(s.planet_tiles[GANYMEDE]) == chart[GANYMEDE] - 1
    assert len(s.planet_tiles[MERCURY]) == chart[MERCURY] and len(s.planet_tiles[KUIPER]) == chart[KUIPER]


def test_pass_cubes_and_last_cube_ends_phase():
    """RB: Phase one (players + 2 cubes) and Action: Take one Pass cube – a card each time,
    the last cube takes the first player marker and ends the phase."""
    s = fresh(2, 5)
    for p in range(2):
        empty_hand(s, p)
    assert s.cubes == 4
    takers = []
    while s.phase == 3 and s.period == 1:
        p = s.to_move()
        assert s.decision_kind() == "action"
        s.apply(A_PASS)
        takers.append(p)
        assert len(s.hands[p]) >= 1
        if s.to_move() == p and s.decision_kind() == "free_action":
            s.apply(A_DONE)  # a hand is held: "end the turn" is asked (ruling 33)
        go_on(s)             # the emptied pass card's extra action, asked of the hands (ruling 32)
    assert len(takers) == 4 and takers == [takers[0], 1 - takers[0]] * 2
    assert s.first_seat == takers[-1]
    assert s.period == 2 and s.to_move() == s.first_seat


def test_income_and_reset():
    """RB: Phases five and six – £3 per mine, £2 per factory; surface units go to orbit."""
    s = fresh(2, 1)
    place_building(s, 0, MARS, mines=2)
    place_units(s, 1, VENUS, inf=2, surface=True)
    m0, m1 = s.money
    s.stack = [TurnMenu(0), Income(-1)]
    s.period = 1
    flow.run(s)
    assert s.money[0] == m0 + 6 + 2 and s.money[1] == m1 + 2
    assert s.surface[1 * 24 + VENUS * 3] == 0 and s.orbit[1 * 24 + VENUS * 3] == 2


def test_three_periods_end_the_game():
    """RB: Ending the game – after the third period."""
    s = fresh(2, 2)
    s.period = 3
    s.stack = [Income(-1)]
    flow.run(s)
    assert s.is_terminal() and s.end_cause == "normal" and s.winners()


# ----- move -------------------------------------------------------------------------------
def test_distances():
    """RB: Action: Move – the line of planets; Earth and Moon one step apart."""
    s = fresh(2, 1)
    assert distance(s, EARTH, MOON) == 1
    assert distance(s, MOON, MARS) == 1 and distance(s, VENUS, MOON) == 1
    assert distance(s, MERCURY, KUIPER) == 6


def test_move_needs_a_spaceship_and_carries_infantry():
    """RB: Action: Move – at least one spaceship; any number of infantry; tanks stay."""
    s = fresh(2, 1)
    empty_hand(s, 0)
    at_turn(s, 0)
    place_units(s, 0, EARTH, tank=1)
    s.apply(A_MOVE)
    assert s.legal_actions() == [A_PLANET + EARTH]
    s.apply(A_PLANET + EARTH)
    assert s.legal_actions() == [A_COUNT + 1, A_COUNT + 2]
    s.apply(A_COUNT + 2)
    assert s.legal_actions() == [A_COUNT + k for k in range(5)]
    s.apply(A_COUNT + 3)
    s.apply(A_PLANET + MARS)
    b = MARS * 3
    assert list(s.orbit[b:b + 3]) == [3, 2, 0]
    assert list(s.orbit[EARTH * 3:EARTH * 3 + 3]) == [1, 0, 1]   # the tank stayed


def test_move_cards_extend_allowance_and_allow_claim():
    """RB: Action: Move – movement cards add steps; unused allowance allows a claim."""
    s = fresh(2, 1)
    clear_tiles(s)
    put_tile(s, TITAN, "windfall")
    empty_hand(s, 0)
    give(s, 0, "move2", "move_tanks")
    place_units(s, 0, EARTH, tank=1)
    at_turn(s, 0)
    for a in (A_MOVE, A_PLANET + EARTH, A_COUNT + 1, A_COUNT + 0):
        s.apply(a)
    assert A_PLANET + TITAN not in s.legal_actions()
    s.apply(A_CARD + EFFECT_ID["move2"])
    go_on(s)                          # the 'instead' question while cards are held (ruling 32)
    assert A_PLANET + TITAN in s.legal_actions() and A_PLANET + KUIPER in s.legal_actions()
    s.apply(A_CARD + EFFECT_ID["move_tanks"])
    assert s.decision_kind() == "move_tanks"
    s.apply(A_COUNT + 1)
    go_on(s)
    s.apply(A_PLANET + TITAN)         # 3 steps of 4: a claim is allowed
    assert s.decision_kind() == "move_claim"
    s.apply(A_TILE + 0)
    s.apply(A_UNIT + TANK)
    assert s.surface[TITAN * 3 + TANK] == 1 and s.money[0] == 15


def test_move_claim_may_use_a_unit_already_there():
    """RB: Action: Move – the claim need not use a unit that moved."""
    s = fresh(2, 1)
    clear_tiles(s)
    put_tile(s, MARS, "windfall")
    empty_hand(s, 0)
    place_units(s, 0, MARS, tank=1)
    at_turn(s, 0)
    for a in (A_MOVE, A_PLANET + EARTH, A_COUNT + 1, A_COUNT + 0, A_PLANET + MARS, A_TILE + 0):
        s.apply(a)
    assert A_UNIT + TANK in s.legal_actions() and A_UNIT + SHIP in s.legal_actions()


# ----- claim ------------------------------------------------------------------------------
@pytest.mark.parametrize("kind", ["factory", "draw2", "windfall", "biggame"])
def test_claim_undefended(kind):
    """RB: Undefended tiles – one unit from orbit to the surface; the tile's effect."""
    s = fresh(2, 1)
    clear_tiles(s)
    put_tile(s, EARTH, kind)
    empty_hand(s, 0)
    at_turn(s, 0)
    m = s.money[0]
    s.apply(A_CLAIM)
    s.apply(A_PLANET + EARTH)
    s.apply(A_TILE + 0)
    s.apply(A_UNIT + INF)
    assert s.surface[EARTH * 3 + INF] == 1 and s.orbit[EARTH * 3 + INF] == 3
    assert not s.planet_tiles[EARTH]
    if kind == "factory":
        assert s.built[EARTH * 2 + 1] == 2 and s.stock[4] == 6
    elif kind == "draw2":
        assert len(s.hands[0]) == 2
    elif kind == "windfall":
        assert s.money[0] == m + 3
    else:
        assert len(s.kept[0]) == 1


def test_claim_needs_counter_in_stock_and_unit_in_orbit():
    """RB: Action: Claim one tile – a factory or mine claim needs the counter in stock;
    claiming needs a unit in orbit there; no claims on a flipped planet."""
    s = fresh(2, 1)
    clear_tiles(s)
    put_tile(s, EARTH, "factory")
    put_tile(s, MARS, "windfall")
    empty_hand(s, 0)
    at_turn(s, 0)
    from cosmodrome.games.venus.actions import claimable_slots
    assert claimable_slots(s, 0, EARTH) == [0]
    assert claimable_slots(s, 0, MARS) == []          # no unit there
    s.stock[4] = 0
    assert claimable_slots(s, 0, EARTH) == []
    place_units(s, 0, MARS, inf=1)
    s.flipped = put(s.flipped, MARS, 1)
    assert claimable_slots(s, 0, MARS) == []


def test_surface_units_are_spent():
    """RB: Units on the surface cannot take part in further actions this period."""
    s = fresh(2, 1)
    clear_tiles(s)
    put_tile(s, MARS, "windfall")
    put_tile(s, MARS, "draw2")
    empty_hand(s, 0)
    place_units(s, 0, MARS, inf=1)
    at_turn(s, 0)
    for a in (A_CLAIM, A_PLANET + MARS, A_TILE + 0, A_UNIT + INF):
        s.apply(a)
    from cosmodrome.games.venus.actions import claimable_slots
    assert claimable_slots(s, 0, MARS) == []


# ----- build ------------------------------------------------------------------------------
def test_build_rules():
    """RB: Action: Buy military units – infantry at Earth; tanks and spaceships at Earth or
    where you have a factory; one or two units; money and stock limit."""
    s = fresh(2, 1)
    empty_hand(s, 0)
    place_building(s, 0, MARS, factories=1)
    at_turn(s, 0)
    s.apply(A_BUILD)
    legal = s.legal_actions()
    assert set(legal) == {A_UNITAT + EARTH * 3 + INF, A_UNITAT + EARTH * 3 + SHIP, A_UNITAT + EARTH * 3 + TANK,
                          A_UNITAT + MARS * 3 + SHIP, A_UNITAT + MARS * 3 + TANK}
    s.apply(A_UNITAT + MARS * 3 + SHIP)
    assert s.money[0] == 8 and s.orbit[MARS * 3 + SHIP] == 1
    assert A_DONE in s.legal_actions()
    s.apply(A_UNITAT + MARS * 3 + SHIP)
    assert s.money[0] == 4 and s.orbit[MARS * 3 + SHIP] == 2
    assert s.decision_kind() != "build"


def test_build_limited_by_stock():
    """RB: Action: Buy – the pieces you own limit what you build."""
    s = fresh(2, 1)
    empty_hand(s, 0)
    s.stock[0 * 5 + INF] = 0
    s.stock[0 * 5 + TANK] = 0
    s.stock[0 * 5 + SHIP] = 0
    at_turn(s, 0)
    assert A_BUILD not in s.legal_actions()


def test_illegal_action_leaves_state_unchanged():
    s = fresh(3, 1)
    before = s.to_json()
    with pytest.raises(IllegalActionError):
        s.apply(9999)
    with pytest.raises(IllegalActionError):
        s.apply(A_UNITAT + 5)
    with pytest.raises(IllegalActionError):
        s.apply(True)
    assert s.to_json() == before
