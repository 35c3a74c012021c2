"""RB: Defended tiles and Casualties of combat, and the combat cards."""

import pytest
from venus_helpers import at_turn, clear_tiles, empty_hand, fix_dice, fresh, give, go_on, place_units, put_tile

from cosmodrome.games.venus.combat import cost, points, skulls
from cosmodrome.games.venus.components import EFFECT_ID as E
from cosmodrome.games.venus.flow import (
    A_CARD,
    A_CLAIM,
    A_DIE,
    A_DONE,
    A_PASS,
    A_PLANET,
    A_REROLL,
    A_TILE,
    A_UNIT,
    A_YES,
    EARTH,
    INF,
    KUIPER,
    MARS,
    MOON,
    SHIP,
    TANK,
    VENUS,
)


def attack(pl=MARS, kind="mine", defence=3, dice=(2, 4, 5), units=None, cards=(), seed=1, skull=None, tile_setup=None):
    """Seat 0 attacks a defended tile on ``pl`` with fixed dice; returns the state at the
    combat decision."""
    s = fresh(2, seed)
    clear_tiles(s)
    slot = put_tile(s, pl, kind, defence=defence if kind in ("mine", "crisis") else None, skull=skull)
    if tile_setup:
        ret = tile_setup(s)
        if ret is not None:
            slot = ret
    empty_hand(s, 0)
    if cards:
        give(s, 0, *cards)
    place_units(s, 0, pl, **(units or {"inf": 3, "ship": 1}))
    at_turn(s, 0)
    s.apply(A_CLAIM)
    s.apply(A_PLANET + pl)
    fix_dice(s, *dice)
    s.apply(A_TILE + slot)
    assert s.decision_kind() == "combat"
    return s


def test_cost_is_defence_plus_spread_skull_zero():
    """RB: Defended tiles – cost = defence + highest - lowest, a skull counts zero."""
    s = attack(dice=(0, 5, 3), defence=4)
    assert cost(s) == 9 and skulls(s) == 1


def test_needs_at_least_one_unit():
    """RB: at least one unit must go down; cards alone cannot pay."""
    s = attack(dice=(2, 2, 2), defence=2, cards=("cp3",))
    s.apply(A_CARD + E["cp3"])
    assert points(s) >= cost(s)
    s.apply(A_DONE)
    assert s.built[MARS * 2] == 0 and s.planet_tiles[MARS]


def test_unit_cp_values():
    """RB: infantry and spaceship 1 CP, tank 2 CP."""
    s = attack(units={"inf": 1, "ship": 1, "tank": 1})
    for a in (A_UNIT + INF, A_UNIT + SHIP, A_UNIT + TANK):
        s.apply(a)
    assert points(s) == 4


def test_failure_still_costs_casualties():
    """RB: Casualties of combat – a failed or declined attempt still loses a unit per skull."""
    s = attack(dice=(0, 0, 6), defence=3)
    s.apply(A_UNIT + INF)
    s.apply(A_DONE)
    assert s.planet_tiles[MARS] and s.built[MARS * 2] == 0
    assert s.decision_kind() == "casualty"
    s.apply(A_UNIT + INF)
    # the only surface unit is gone; the second skull hits a unit in orbit there
    assert s.decision_kind() == "casualty"
    assert set(s.legal_actions()) == {A_UNIT + INF, A_UNIT + SHIP}
    s.apply(A_UNIT + SHIP)
    assert s.units_at(0, MARS) == 2


def test_casualties_after_payment():
    """RB: casualties come after the cost is met, so every committed unit counts."""
    s = attack(dice=(0, 2, 2), defence=2, units={"inf": 4})
    for _ in range(4):
        s.apply(A_UNIT + INF)
    assert points(s) == 4 and cost(s) == 4
    s.apply(A_DONE)
    assert s.built[MARS * 2] == 1
    assert s.decision_kind() == "casualty"
    s.apply(A_UNIT + INF)
    assert s.surface[MARS * 3 + INF] == 3


def test_crisis_tile_is_kept_and_gunrunner_adds_two():
    """RB: crisis tile kept for 1 VP; card Gunrunner – +2 defence, discarded on defeat."""
    def gun(s):
        s.gunrunners += (MARS * 1000 + next(c for c in s.deck if s.comp.card_effect(c) == E["gunrunner"]),)
        s.deck.remove(s.gunrunners[-1] % 1000)
    s = attack(kind="crisis", defence=3, dice=(2, 2, 2), units={"inf": 5}, tile_setup=gun)
    assert cost(s) == 5
    for _ in range(5):
        s.apply(A_UNIT + INF)
    s.apply(A_DONE)
    assert len(s.kept[0]) == 1 and s.gunrunners == () and s.comp.card_effect(s.discard[-1]) == E["gunrunner"]


def test_alien_defence_seven():
    """RB: Kuiper Belt – an alien defends at 7 and is kept for 2 VP when destroyed."""
    def alien(s):
        s.planet_tiles[KUIPER] += (s.comp.n_bag,)
        return len(s.planet_tiles[KUIPER]) - 1
    s = attack(pl=KUIPER, kind="windfall", dice=(3, 3, 3), units={"inf": 3, "tank": 2}, tile_setup=alien)
    # with an alien present only the alien may be claimed (the windfall is slot 0)
    assert s.comp.tile_kind[s.combat.tile] == 7 and cost(s) == 7
    for a in (A_UNIT + INF, A_UNIT + INF, A_UNIT + INF, A_UNIT + TANK, A_UNIT + TANK, A_DONE):
        s.apply(a)
    from cosmodrome.games.venus.scoring import tile_vp
    assert s.kept[0] == (s.comp.n_bag,) and tile_vp(s, 0) == 2


def card(s, name):
    """Play a combat card; the 'instead' question that follows while cards are held (ruling
    32) is answered "go on" when the seat holds no 'instead' card."""
    s.apply(A_CARD + E[name])
    go_on(s)


def test_modifier_cards():
    """RB cards: tanks 3, infantry 2, spaceships 2 (one copy each counts)."""
    s = attack(units={"inf": 1, "ship": 1, "tank": 1}, cards=("tanks3", "infantry2", "ships2"))
    for a in (A_UNIT + INF, A_UNIT + SHIP, A_UNIT + TANK):
        s.apply(a)
    card(s, "tanks3")
    card(s, "infantry2")
    card(s, "ships2")
    assert points(s) == 7
    assert A_CARD + E["tanks3"] not in s.legal_actions()


@pytest.mark.parametrize("card,pl,kind,ok", [("cp2_venus", VENUS, "mine", True), ("cp2_venus", MARS, "mine", False),
                                              ("cp3_moon", MOON, "mine", True), ("cp3_moon", MARS, "mine", False),
                                              ("cp3_earth_crisis", EARTH, "crisis", True),
                                              ("cp3_earth_crisis", EARTH, "mine", False)])
def test_place_bound_cp_cards(card, pl, kind, ok):
    """RB cards: worth 2 on Venus, 3 on the Moon, 3 against a crisis tile on Earth."""
    s = attack(pl=pl, kind=kind, defence=3, cards=(card,))
    assert (A_CARD + E[card] in s.legal_actions()) is ok
    if ok:
        s.apply(A_CARD + E[card])
        assert points(s) == {"cp2_venus": 2}.get(card, 3)


def test_cp_cards_and_draw():
    """RB cards: plain CP cards; worth 1 and draw a card."""
    s = attack(cards=("cp1", "cp2", "cp3", "cp1_draw"))
    for c in ("cp1", "cp2", "cp3"):
        card(s, c)
    n = len(s.hands[0])
    card(s, "cp1_draw")
    assert points(s) == 7 and len(s.hands[0]) == n


def test_reroll():
    """RB card: Re-roll one or more dice – the final dice count, skulls re-rolled vanish."""
    s = attack(dice=(0, 6, 2), cards=("reroll",))
    assert cost(s) == 3 + 6
    s.apply(A_CARD + E["reroll"])
    assert s.decision_kind() == "reroll" and len(s.legal_actions()) == 7
    from venus_helpers import fix_dice as fd
    fd(s, 5, 5)
    s.apply(A_REROLL + 0b011 - 1)
    assert s.combat.dice == [5, 5, 2] and cost(s) == 6 and skulls(s) == 0


def test_discard_die():
    """RB card: Discard one combat die – two dice set the cost; its skull is ignored."""
    s = attack(dice=(0, 6, 5), cards=("discard_die", "discard_die"))
    s.apply(A_CARD + E["discard_die"])
    s.apply(A_DIE + 0)
    assert cost(s) == 3 + 1 and skulls(s) == 0
    assert A_CARD + E["discard_die"] not in s.legal_actions()


def test_ignore_skull_in_combat():
    """RB card: Ignore one skull result."""
    s = attack(dice=(0, 0, 4), cards=("ignore_skull",))
    assert skulls(s) == 2
    s.apply(A_CARD + E["ignore_skull"])
    assert skulls(s) == 1 and cost(s) == 7


def test_sacrifice_cards():
    """RB cards: eliminate your tank on the surface for 3 CP (5 with the one just
    committed); eliminate one of your units for 3 CP."""
    s = attack(units={"inf": 1, "tank": 1}, cards=("sacrifice_tank", "sacrifice_unit"))
    assert A_CARD + E["sacrifice_tank"] not in s.legal_actions()
    s.apply(A_UNIT + TANK)
    card(s, "sacrifice_tank")
    assert points(s) == 5 and s.surface[MARS * 3 + TANK] == 0 and s.stock[TANK] == 5
    s.apply(A_UNIT + INF)
    card(s, "sacrifice_unit")
    s.apply(A_UNIT + INF)
    assert points(s) == 9 and s.units_at(0, MARS) == 0


def test_instead_card_recovers_a_played_card():
    """RB card: Discard this card instead of the card you have just played."""
    s = attack(cards=("cp3", "instead"))
    s.apply(A_CARD + E["cp3"])
    assert s.decision_kind() == "reaction"
    s.apply(1)
    assert points(s) == 3 and s.has_effect(0, E["cp3"]) and not s.has_effect(0, E["instead"])
    assert s.decision_kind() == "combat"


@pytest.mark.parametrize("card", ["sacrifice_tank", "sacrifice_unit"])
def test_sacrificed_unit_can_return_to_earth(card):
    """RB cards: the sacrifice cards eliminate your unit, and the return card answers an
    elimination for any reason: the tank goes to Earth orbit instead of stock, and its
    combat points stay paid."""
    s = attack(units={"inf": 1, "tank": 1}, cards=(card, "return_unit"))
    s.apply(A_UNIT + TANK)
    s.apply(A_CARD + E[card])
    if card == "sacrifice_unit":
        s.apply(A_UNIT + TANK)
    assert s.decision_kind() == "reaction" and "Earth orbit" in s.decision_prompt()
    s.apply(A_YES)
    assert points(s) == 5 and s.surface[MARS * 3 + TANK] == 0 and s.orbit[EARTH * 3 + TANK] == 1
    assert s.stock[TANK] == 4 and s.decision_kind() == "combat"


def test_sacrificed_unit_goes_to_stock_when_the_return_is_declined():
    s = attack(units={"inf": 1, "tank": 1}, cards=("sacrifice_tank", "return_unit"))
    s.apply(A_UNIT + TANK)
    s.apply(A_CARD + E["sacrifice_tank"])
    s.apply(A_DONE)
    go_on(s)
    assert s.stock[TANK] == 5 and s.has_effect(0, E["return_unit"]) and s.decision_kind() == "combat"


def test_failed_claim_keeps_the_remaining_extra_actions():
    """Ruling 34: a failed claim uses up its one action; the actions still to come stay."""
    s = fresh(2, 1)
    clear_tiles(s)
    slot = put_tile(s, MARS, "mine", defence=3)
    empty_hand(s, 0)
    give(s, 0, "another_action")
    place_units(s, 0, MARS, inf=1)
    at_turn(s, 0)
    s.apply(A_CARD + E["another_action"])
    assert s.actions_left == 2
    s.apply(A_CLAIM)
    s.apply(A_PLANET + MARS)
    fix_dice(s, 2, 4, 5)
    s.apply(A_TILE + slot)
    s.apply(A_DONE)                                   # nothing paid: the attempt fails
    assert any(e.kind == "fail" for e in s.log[-3:])
    assert s.to_move() == 0 and s.decision_kind() == "action" and s.actions_left == 1
    assert A_CLAIM in s.legal_actions() or A_PASS in s.legal_actions()
