"""RB: Detailed explanation of the cards – Action and Free action cards and reactions."""

import pytest
from venus_helpers import (
    at_turn,
    clear_tiles,
    empty_hand,
    fresh,
    give,
    go_on,
    place_building,
    place_units,
    put_tile,
)

from cosmodrome.games.venus.components import EFFECT_ID as E
from cosmodrome.games.venus.flow import (
    A_BUILD,
    A_CARD,
    A_COUNT,
    A_DONE,
    A_MOVE,
    A_ORBIT,
    A_PASS,
    A_PLANET,
    A_SEAT,
    A_SURFACE,
    A_UNITAT,
    A_YES,
    EARTH,
    INF,
    MARS,
    SHIP,
    TANK,
    TITAN,
    VENUS,
    decode_unit_at,
)


def turn_with(*cards, seat=0, players=3, seed=1):
    s = fresh(players, seed)
    for p in range(players):
        empty_hand(s, p)
    give(s, seat, *cards)
    at_turn(s, seat)
    return s


def play(s, name):
    s.apply(A_CARD + E[name])
    go_on(s)   # the 'instead' question, asked of a seat holding cards (ruling 32)


def test_action_card_uses_the_action_free_card_does_not():
    """RB: card types – Action uses your action; Free action does not."""
    s = turn_with("take3", "another_action")
    play(s, "another_action")
    assert s.to_move() == 0 and s.actions_left == 2
    play(s, "take3")
    assert s.to_move() == 0 and s.money[0] == 15
    s.apply(A_PASS)          # the cube's card is drawn: a hand is held, "end the turn" is asked (ruling 33)
    assert s.to_move() == 0 and s.decision_kind() == "free_action"
    s.apply(A_DONE)
    assert s.to_move() == 1


def test_benefit_cards_not_playable_from_the_menu():
    """RB: Benefit cards go with the action they augment."""
    s = turn_with("cp2", "move1", "reroll")
    assert all(a < A_CARD for a in s.legal_actions())


def test_free_build():
    """RB card: Perform Build Military Units action – free, still paid."""
    s = turn_with("free_build")
    play(s, "free_build")
    s.apply(A_UNITAT + EARTH * 3 + TANK)
    s.apply(A_DONE)
    assert s.money[0] == 9 and s.to_move() == 0 and s.decision_kind() == "action"


def test_free_pass():
    """RB card: Perform 'Take one Pass cube' – a cube and a card, free."""
    s = turn_with("free_pass")
    c = s.cubes
    play(s, "free_pass")
    assert s.cubes == c - 1 and len(s.hands[0]) == 1 and s.to_move() == 0


@pytest.mark.parametrize("name,t", [("tank_up", TANK), ("infantry_up", INF)])
def test_unit_back_to_orbit(name, t):
    """RB cards: move one of your tanks / infantry from surface to orbit."""
    s = turn_with(name)
    kw = {"tank": 1} if t == TANK else {"inf": 1}
    place_units(s, 0, MARS, surface=True, **kw)
    play(s, name)
    s.apply(A_PLANET + MARS)
    assert s.orbit[MARS * 3 + t] == 1 and s.surface[MARS * 3 + t] == 0


def test_cycle3():
    """RB card: discard up to three cards and draw as many plus one."""
    s = turn_with("cycle3", "cp1", "cp2", "cp3", "move1")
    play(s, "cycle3")
    for c in ("cp1", "cp2", "cp3"):
        s.apply(A_CARD + E[c])
    assert len(s.hands[0]) == 1 + 4


def test_draw4keep2():
    """RB card: draw four cards, keep two."""
    s = turn_with("draw4keep2")
    play(s, "draw4keep2")
    assert s.decision_kind() == "draw4"
    s.apply(s.legal_actions()[0])
    s.apply(s.legal_actions()[0])
    assert len(s.hands[0]) == 2 and s.decision_kind() in ("action", "free_action")   # a kept free card may follow


def test_buy3cards():
    """RB card: pay £3 to draw three cards."""
    s = turn_with("buy3cards")
    play(s, "buy3cards")
    assert s.money[0] == 9 and len(s.hands[0]) == 3
    s2 = turn_with("buy3cards")
    s2.money[0] = 2
    s2.money_from_bank -= 10
    assert A_CARD + E["buy3cards"] not in s2.legal_actions()


@pytest.mark.parametrize("name,t", [("kill_infantry", INF), ("kill_ship", SHIP), ("kill_unit", TANK)])
def test_eliminate_cards(name, t):
    """RB cards: eliminate one infantry / spaceship / military unit of your choice."""
    s = turn_with(name)
    place_units(s, 1, MARS, tank=1)
    play(s, name)
    s.apply(A_SEAT + 1)
    stock = s.stock[5 + t]
    s.apply(A_UNITAT + (MARS if t == TANK else EARTH) * 3 + t)
    assert s.stock[5 + t] == stock + 1


def test_ignore_skull_stops_an_elimination():
    """RB card: Ignore one skull – also an interrupt against another player's elimination."""
    s = turn_with("kill_infantry")
    give(s, 1, "ignore_skull")
    play(s, "kill_infantry")
    s.apply(A_SEAT + 1)
    s.apply(A_UNITAT + EARTH * 3 + INF)
    assert s.to_move() == 1 and s.decision_kind() == "reaction"
    s.apply(A_YES)
    assert s.orbit[24 + EARTH * 3 + INF] == 4 and not s.hands[1]
    assert s.to_move() == 1 and s.decision_kind() == "action"   # seat 0's action is over


def test_return_eliminated_unit_to_earth():
    """RB card: Return one eliminated military unit to Earth orbit."""
    s = turn_with("kill_unit")
    give(s, 1, "return_unit")
    place_units(s, 1, MARS, tank=1)
    play(s, "kill_unit")
    s.apply(A_SEAT + 1)
    s.apply(A_UNITAT + MARS * 3 + TANK)
    # first 'ignore a skull', asked as seat 1 holds cards (ruling 32): it holds none, it goes on
    assert s.to_move() == 1 and s.decision_kind() == "reaction" and s.legal_actions() == [A_DONE]
    s.apply(A_DONE)
    assert s.to_move() == 1 and s.decision_kind() == "reaction" and s.legal_actions() == [A_DONE, A_YES]
    s.apply(A_YES)
    assert s.orbit[24 + MARS * 3 + TANK] == 0 and s.orbit[24 + EARTH * 3 + TANK] == 1


def test_gunrunner():
    """RB card: Gunrunner – on a planet with a crisis tile, £3."""
    s = turn_with("gunrunner")
    clear_tiles(s)
    assert A_CARD + E["gunrunner"] not in s.legal_actions()
    put_tile(s, VENUS, "crisis")
    play(s, "gunrunner")
    assert s.legal_actions() == [A_PLANET + VENUS]
    s.apply(A_PLANET + VENUS)
    assert s.money[0] == 15 and len(s.gunrunners) == 1 and s.gunrunners[0] // 1000 == VENUS


def test_place_and_remove_tension():
    """RB cards: place a discarded tension tile on a planet; remove one from a planet."""
    s = turn_with("place_tension", "remove_tension", "another_action")
    clear_tiles(s)
    assert A_CARD + E["place_tension"] not in s.legal_actions()
    assert A_CARD + E["remove_tension"] not in s.legal_actions()
    t = next(t for t in s.bag if s.comp.tile_kind[t] == 6)
    s.bag.remove(t)
    s.tile_discard += (t,)
    play(s, "another_action")
    play(s, "place_tension")
    s.apply(A_PLANET + MARS)
    go_on(s)
    assert s.planet_tiles[MARS] == (t,)
    play(s, "remove_tension")
    s.apply(A_PLANET + MARS)
    go_on(s)
    assert s.planet_tiles[MARS] == () and t in s.tile_discard


def test_force_discard():
    """RB card: another player discards two cards at random."""
    s = turn_with("force_discard2")
    give(s, 1, "cp1", "cp2", "cp3")
    play(s, "force_discard2")
    assert s.legal_actions() == [A_SEAT + 1]
    s.apply(A_SEAT + 1)
    assert len(s.hands[1]) == 1


def test_look_and_swap():
    """RB card: look at a hand, take one card and give one back."""
    s = turn_with("look_swap", "cp1")
    give(s, 2, "cp3", "take3")
    play(s, "look_swap")
    s.apply(A_SEAT + 2)
    assert set(s.legal_actions()) == {A_DONE, A_CARD + E["cp3"], A_CARD + E["take3"]}
    s.apply(A_CARD + E["cp3"])
    assert s.legal_actions() == [A_CARD + E["cp1"]]
    s.apply(A_CARD + E["cp1"])
    assert s.hand_effects(0) == {E["cp3"]} and s.hand_effects(2) == {E["cp1"], E["take3"]}
    # the look is seen only by the two players
    ev = [e for e in s.log if e.kind == "look"][-1]
    assert ev.visible(0) and ev.visible(2) and not ev.visible(1)


def test_money_cards():
    """RB cards: take £1 per mine; take £3."""
    s = turn_with("income_mines", "take3", "another_action")
    place_building(s, 0, MARS, mines=2)
    play(s, "another_action")
    play(s, "income_mines")
    assert s.money[0] == 14
    play(s, "take3")
    assert s.money[0] == 17


def test_take_biggame():
    """RB card: take one Big Game tile from any planet."""
    s = turn_with("take_biggame")
    clear_tiles(s)
    put_tile(s, TITAN, "biggame")
    play(s, "take_biggame")
    s.apply(A_PLANET + TITAN)
    assert len(s.kept[0]) == 1 and not s.planet_tiles[TITAN]


def test_pass_card_emptied_extra_action():
    """RB card: one more action when the pass card is empty."""
    s = turn_with("take3", players=2)
    give(s, 1, "pass_empty_action")
    s.cubes = 1
    s.apply(A_PASS)          # seat 0 takes the last cube
    assert s.to_move() == 1 and s.decision_kind() == "reaction"
    s.apply(A_YES)
    assert s.to_move() == 1 and s.decision_kind() == "action"
    assert A_PASS not in s.legal_actions() and A_DONE in s.legal_actions()
    s.apply(A_BUILD)
    s.apply(A_UNITAT + EARTH * 3 + INF)
    s.apply(A_DONE)
    go_on(s)                 # seat 0 holds cards: asked too, holding no such card it goes on
    assert s.period == 2 and s.orbit[24 + EARTH * 3 + INF] == 5


def test_instead_returns_action_card():
    """RB card: discard this card instead of the one just played (after its effect)."""
    s = turn_with("take3", "instead")
    play(s, "take3")
    assert s.decision_kind() == "reaction" and s.money[0] == 15
    s.apply(A_YES)
    assert s.hand_effects(0) == {E["take3"]}


def test_movement_cards():
    """RB cards: +1 / +2 movement (see test_rules for tank transport)."""
    s = turn_with("move1")
    s.apply(A_MOVE)
    s.apply(A_PLANET + EARTH)
    s.apply(A_COUNT + 1)
    s.apply(A_COUNT + 0)
    assert A_PLANET + 6 not in s.legal_actions()
    play(s, "move1")
    assert A_PLANET + 6 in s.legal_actions()


def test_hand_limit():
    """RB: hand limit nine – discard at once after drawing."""
    s = turn_with(*(["cp1"] * 9))
    s.apply(A_PASS)
    assert s.to_move() == 0 and s.decision_kind() == "hand_limit"
    s.apply(s.legal_actions()[0])
    assert len(s.hands[0]) == 9 and s.to_move() == 0 and s.decision_kind() == "free_action"
    s.apply(A_DONE)
    assert s.to_move() == 1


def test_reshuffle_when_deck_runs_out():
    """RB: when the deck runs out, the discards are shuffled into a new deck."""
    s = turn_with()
    s.discard += tuple(s.deck)
    s.deck = bytearray()
    s.apply(A_PASS)
    assert len(s.hands[0]) == 1 and not s.discard and s.deck


def _only_stock(s, p, t):
    """Leave ``p`` only units of type ``t`` in stock (the others are set aside on Mars)."""
    for u in (INF, SHIP, TANK):
        if u != t:
            k = s.stock[p * 5 + u]
            place_units(s, p, MARS, **{("inf", "ship", "tank")[u]: k})


@pytest.mark.parametrize("t", [INF, SHIP, TANK])
def test_building_reads_each_unit_types_own_stock_and_cost(t):
    """RB: Action: Buy military units – what can be built depends on the stock and the cost
    of that unit type alone: with only this type in stock, exactly its cost opens the build
    action (and the free building card) and one pound less closes it."""
    s = turn_with("free_build")
    _only_stock(s, 0, t)
    cost = s.comp.unit_cost[t]
    s.money_from_bank += cost - s.money[0]
    s.money[0] = cost
    la = s.legal_actions()
    assert A_BUILD in la and A_CARD + E["free_build"] in la
    s.apply(A_BUILD)
    assert s.legal_actions() == [A_UNITAT + EARTH * 3 + t]
    s2 = turn_with("free_build")
    _only_stock(s2, 0, t)
    s2.money_from_bank += cost - 1 - s2.money[0]
    s2.money[0] = cost - 1
    la = s2.legal_actions()
    assert A_BUILD not in la and A_CARD + E["free_build"] not in la


@pytest.mark.parametrize("t", [INF, SHIP, TANK])
def test_building_needs_that_type_in_stock(t):
    """Plenty of money but none of this type left: the others are built, never this one."""
    s = turn_with()
    place_units(s, 0, MARS, **{("inf", "ship", "tank")[t]: s.stock[t]})
    place_building(s, 0, MARS, factories=1)
    s.apply(A_BUILD)
    assert s.legal_actions() and all(decode_unit_at(a)[1] != t for a in s.legal_actions())


@pytest.mark.parametrize("name,t", [("kill_infantry", INF), ("kill_ship", SHIP), ("kill_unit", None)])
def test_eliminate_card_playable_only_with_a_target_on_the_board(name, t):
    """An elimination card is offered only while a unit of its kind is on the board (in
    orbit or on a surface, anybody's); once offered, its decisions have options."""
    s = turn_with(name)
    for i in range(len(s.orbit)):
        if t is None or i % 3 == t:
            p, u = i // 24, i % 3
            s.stock[p * 5 + u] += s.orbit[i] + s.surface[i]
            s.orbit[i] = s.surface[i] = 0
    assert A_CARD + E[name] not in s.legal_actions()
    place_units(s, 2, VENUS, **{("inf", "ship", "tank")[t if t is not None else TANK]: 1}, surface=True)
    assert A_CARD + E[name] in s.legal_actions()
    play(s, name)
    assert s.legal_actions() == [A_SEAT + 2]
    s.apply(A_SEAT + 2)
    assert s.legal_actions() == [A_UNITAT + VENUS * 3 + (t if t is not None else TANK)]


# ----- free actions after the last action --------------------------------------------------
def _on_top_of_deck(s, name):
    """Move a card with this effect to the top of the deck (the next one drawn)."""
    c = next(c for c in [*s.deck, *s.discard, *(x for h in s.hands for x in h)] if s.comp.card_effect(c) == E[name])
    for pile in [s.deck, s.discard] + s.hands:
        if c in pile:
            pile.remove(c)
    s.deck.append(c)


def test_free_action_card_drawn_by_the_last_action_is_offered():
    """RB: card types – a free-action card may be played at any point in your turn: one
    drawn by the pass cube that used the turn's action is offered, with 'end the turn'."""
    s = turn_with()
    _on_top_of_deck(s, "another_action")
    s.apply(A_PASS)
    assert s.to_move() == 0 and s.decision_kind() == "free_action" and s.actions_left == 0
    assert s.legal_actions() == [A_DONE, A_CARD + E["another_action"]]
    assert "used up" in s.decision_prompt()
    play(s, "another_action")
    assert s.to_move() == 0 and s.actions_left == 1 and A_MOVE in s.legal_actions()
    s.apply(A_PASS)
    s.apply(A_DONE)          # the cube's card is held: "end the turn"
    assert s.to_move() == 1


def test_free_cards_after_the_last_action_then_end_the_turn():
    """After the action, several free cards one after the other; 'end the turn' passes on."""
    s = turn_with("take3", "tank_up", "free_build")
    place_units(s, 0, MARS, tank=1, surface=True)
    play(s, "take3")                                  # the turn's one action
    assert s.legal_actions() == [A_DONE, A_CARD + E["free_build"], A_CARD + E["tank_up"]]
    play(s, "tank_up")
    s.apply(A_PLANET + MARS)
    go_on(s)
    assert s.orbit[MARS * 3 + TANK] == 1 and s.to_move() == 0
    assert s.legal_actions() == [A_DONE, A_CARD + E["free_build"]]
    s.apply(A_DONE)
    assert s.to_move() == 1 and s.hands[0] and s.comp.card_effect(s.hands[0][0]) == E["free_build"]


def test_end_of_turn_is_asked_of_a_hand_without_a_playable_free_card_and_not_of_an_empty_hand():
    """Ruling 33: with cards in hand, "end the turn" is asked whether a free-action card is
    playable or not (so the question tells nothing); with an empty hand the turn ends at once."""
    s = turn_with("take3", "tank_up")                 # no tank on a surface: tank_up cannot be played
    play(s, "take3")
    assert s.to_move() == 0 and s.decision_kind() == "free_action" and s.legal_actions() == [A_DONE]
    s.apply(A_DONE)
    assert s.to_move() == 1
    s = turn_with("take3")
    play(s, "take3")                                  # the hand is empty now
    assert s.to_move() == 1 and s.decision_kind() == "action"


def test_no_free_actions_once_the_last_cube_is_taken():
    """RB: Take one Pass cube – the last cube ends the player actions at once."""
    s = turn_with("another_action")
    s.cubes = 1
    period = s.period
    s.apply(A_PASS)
    go_on(s)                 # the extra action of the emptied pass card, asked of a hand (ruling 32)
    # no menu of free cards: the crises, income and the next period's first turn follow
    assert s.period == period + 1 and s.first_seat == 0
    assert s.to_move() == 0 and s.actions_left == 1 and A_PASS in s.legal_actions()


# ----- eliminations in orbit or on the surface ---------------------------------------------
def _aim(card, t, pl=EARTH, victim_cards=()):
    """Seat 0 plays an elimination card at seat 1's unit of type ``t`` at ``pl``, where seat 1
    has one on the surface besides those in orbit."""
    s = turn_with(card)
    give(s, 1, *victim_cards)
    place_units(s, 1, pl, **{("inf", "ship", "tank")[t]: 1}, surface=True)
    play(s, card)
    s.apply(A_SEAT + 1)
    s.apply(A_UNITAT + pl * 3 + t)
    return s


def test_eliminate_card_chooser_takes_the_unit_on_the_surface():
    """RB card: the unit to eliminate may be in orbit or on the surface: the player says
    which when both are there."""
    s = _aim("kill_infantry", INF)
    assert s.to_move() == 0 and s.decision_kind() == "kill_where"
    assert s.legal_actions() == [A_ORBIT, A_SURFACE]
    assert s.action_json(A_SURFACE)["from"] == "surface" and s.action_json(A_SURFACE)["owner"] == 1
    s.apply(A_SURFACE)
    assert s.surface[24 + EARTH * 3 + INF] == 0 and s.orbit[24 + EARTH * 3 + INF] == 4


def test_eliminate_card_chooser_takes_the_unit_in_orbit():
    s = _aim("kill_infantry", INF)
    s.apply(A_ORBIT)
    assert s.surface[24 + EARTH * 3 + INF] == 1 and s.orbit[24 + EARTH * 3 + INF] == 3


def test_surface_choice_survives_the_ignore_interrupt_refused():
    """The victim declines its 'ignore a skull' interrupt: the unit the chooser picked goes."""
    s = _aim("kill_ship", SHIP, victim_cards=("ignore_skull",))
    s.apply(A_SURFACE)
    assert s.to_move() == 1 and s.decision_kind() == "reaction"
    s.apply(A_DONE)
    assert s.surface[24 + EARTH * 3 + SHIP] == 0 and s.orbit[24 + EARTH * 3 + SHIP] == 2


def test_a_save_of_an_older_version_with_a_five_item_ignore_frame_plays_on_the_same():
    """Saves written before the 'ignore a skull' interrupt's frame held the surface item keep
    loading: its five items load as an elimination in orbit, and the game goes on as from the
    save of today."""
    from cosmodrome.core import get_game

    s = _aim("kill_ship", SHIP, victim_cards=("ignore_skull",))
    s.apply(A_ORBIT)
    assert s.to_move() == 1 and s.decision_kind() == "reaction"
    data = s.to_json()
    assert data["stack"][-1] == ["ignore_elimination", 1, EARTH, SHIP, 0, 0]
    old = s.to_json()
    old["stack"][-1] = old["stack"][-1][:5]
    game = get_game("venus")
    for a in (A_YES, A_DONE):
        now, then = game.load_state(data), game.load_state(old)
        assert then.stack == now.stack and then.to_json() == data
        assert then.legal_actions() == now.legal_actions() and then.decision_prompt() == now.decision_prompt()
        assert then.apply(a) == now.apply(a)
        for _i in range(40):
            if now.over:
                break
            b = now.legal_actions()[0]
            assert then.legal_actions() == now.legal_actions()
            now.apply(b)
            then.apply(b)
        assert then.to_json() == now.to_json()


def test_no_place_question_when_only_one_place_holds_the_unit():
    s = _aim("kill_infantry", INF, pl=MARS)
    assert s.surface[24 + MARS * 3 + INF] == 0 and s.to_move() == 1
