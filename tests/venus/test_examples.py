"""The rulebook's worked examples, one test each."""

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

from cosmodrome.games.venus import flow
from cosmodrome.games.venus.actions import D_MOVE_CLAIM
from cosmodrome.games.venus.combat import cost
from cosmodrome.games.venus.components import EFFECT_ID
from cosmodrome.games.venus.crises import level
from cosmodrome.games.venus.flow import (
    A_BLD,
    A_CARD,
    A_CLAIM,
    A_COUNT,
    A_DONE,
    A_MOVE,
    A_PLANET,
    A_SEAT,
    A_TILE,
    A_UNIT,
    EARTH,
    INF,
    KUIPER,
    MARS,
    MOON,
    TITAN,
    CrisisStart,
    TurnMenu,
    put,
)
from cosmodrome.games.venus.scoring import planet_vp, scores


def test_movement_reach_from_earth():
    """RB: Action: Move military units – example: from Earth a group reaches Mercury one
    way and Ganymede the other; to claim as well it is limited to Venus, the Moon or Mars."""
    s = fresh(2, 3)
    clear_tiles(s)
    for pl in range(8):
        put_tile(s, pl, "draw2")
    empty_hand(s, 0)
    at_turn(s, 0)
    s.apply(A_MOVE)
    s.apply(A_PLANET + EARTH)
    s.apply(A_COUNT + 1)
    s.apply(A_COUNT + 0)
    dests = [a - A_PLANET for a in s.legal_actions()]
    assert dests == [0, 1, 3, 4, 5]
    can_claim = []
    for d in dests:
        c = s.clone()
        c.apply(A_PLANET + d)
        if c.stack[-1].op == D_MOVE_CLAIM:
            can_claim.append(d)
    assert can_claim == [1, 3, 4]


def test_mars_mine_example():
    """RB: Defended tiles – example: dice skull and 3 (difference 3) on a defence-3 mine
    cost 6; two infantry and cards worth 4 pay it; the skull costs one infantry."""
    s = fresh(4, 2)
    clear_tiles(s)
    slot = put_tile(s, MARS, "mine", defence=3)
    y = 3   # German Empire, yellow
    place_units(s, y, MARS, inf=2, ship=1)
    empty_hand(s, y)
    give(s, y, "cp2", "cp2")
    at_turn(s, y)
    s.apply(A_CLAIM)
    s.apply(A_PLANET + MARS)
    fix_dice(s, 0, 3, 2)
    s.apply(A_TILE + slot)
    assert cost(s) == 6
    s.apply(A_UNIT + INF)
    s.apply(A_UNIT + INF)
    for a in (A_CARD + EFFECT_ID["cp2"], A_CARD + EFFECT_ID["cp2"], A_DONE):
        s.apply(a)
        go_on(s)   # the 'instead' question while cards are held (ruling 32)
    assert s.built[y * 16 + MARS * 2] == 1          # yellow's mine on Mars
    assert s.decision_kind() == "casualty" and s.to_move() == y
    s.apply(A_UNIT + INF)
    assert s.surface[y * 24 + MARS * 3 + INF] == 1
    assert s.stock[y * 5 + INF] == 9 - 4 - 2 + 1   # the lost infantry went back to stock
    assert s.orbit[y * 24 + MARS * 3 + 1] == 1     # the spaceship stayed in orbit


def test_tension_tile_on_the_moon():
    """RB: Tension tile – example: yellow's mine on the Moon defended by an infantry in
    orbit and a tank on the surface (3); dice difference 3; red pays 6 with two infantry
    and 4 CP of cards and replaces the yellow mine by a red one."""
    s = fresh(4, 5)
    clear_tiles(s)
    slot = put_tile(s, MOON, "tension")
    red, yellow = 0, 3
    place_building(s, yellow, MOON, mines=1)
    place_units(s, yellow, MOON, inf=1)
    place_units(s, yellow, MOON, tank=1, surface=True)
    place_units(s, red, MOON, inf=2, ship=1)
    empty_hand(s, red)
    give(s, red, "cp2", "cp2")
    at_turn(s, red)
    s.apply(A_CLAIM)
    s.apply(A_PLANET + MOON)
    s.apply(A_TILE + slot)
    s.apply(A_SEAT + yellow)
    fix_dice(s, 2, 4, 5)
    s.apply(A_BLD + MOON * 2 + 0)
    assert s.combat.defence == 3 and cost(s) == 6
    for a in (A_UNIT + INF, A_UNIT + INF, A_CARD + EFFECT_ID["cp2"], A_CARD + EFFECT_ID["cp2"], A_DONE):
        s.apply(a)
        go_on(s)
    assert s.built[red * 16 + MOON * 2] == 1 and s.built[yellow * 16 + MOON * 2] == 0
    assert s.stock[yellow * 5 + 3] == 12
    assert not s.planet_tiles[MOON]


def test_moon_scoring_example():
    """RB: Victory points – example on the Moon: yellow £5 scores 9, red and blue tied
    second score 5 each, green third scores 3."""
    assert planet_vp([3, 3, 2, 5], (9, 5, 3)) == [5, 5, 3, 9]
    s = fresh(5, 1)
    # red 0, blue 1, purple 2, yellow 3, green 4; Moon incomes: yellow 5, red 3, blue 3, green 2
    for p in range(5):
        s.built = put(s.built, p * 16 + EARTH * 2 + 1, 0)
        s.stock[p * 5 + 4] = 8
    place_building(s, 3, MOON, mines=1, factories=1)
    place_building(s, 0, MOON, mines=1)
    place_building(s, 1, MOON, mines=1)
    place_building(s, 4, MOON, factories=1)
    assert scores(s) == [5, 5, 0, 9, 3]


def test_mars_crisis_escalation_example():
    """RB: Phase four – example: one skull raises Mars from level two to three while Titan
    and the Kuiper Belt stay at one."""
    s = fresh(3, 4)
    clear_tiles(s)
    put_tile(s, MARS, "crisis", skull=True)
    put_tile(s, MARS, "crisis", skull=False)
    put_tile(s, TITAN, "crisis", skull=True)
    put_tile(s, KUIPER, "crisis", skull=True)
    s.stack = [TurnMenu(0), CrisisStart(-1)]
    fix_dice(s, 0, 4, 5)
    flow.run(s)
    assert s.crisis_levels[MARS] == 1 and level(s, MARS) == 3
    assert level(s, TITAN) == 1 and level(s, KUIPER) == 1
