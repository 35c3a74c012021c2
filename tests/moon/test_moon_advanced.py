"""The advanced rules implemented so far: robbery and sabotage, and the seven special box
tokens (../shared/rules/walking-on-the-moon-and-march-on-mars.md, "Advanced rules")."""

import pytest
from moon_helpers import check_invariants, random_game
from test_moon_rules import BLACK1, BLUE1, WHITE1, card, pick, roll_for

from cosmodrome.games.moon import GAME
from cosmodrome.games.moon.components import load_components
from cosmodrome.games.moon.special import circle_box
from cosmodrome.games.moon.state import (
    A_COUNT,
    A_DONE,
    A_PROGRAM,
    A_REROLL,
    A_SEAT,
    A_YES,
    ADVANCE,
    BUY,
    FREE_DIE,
    GO_ON,
    PICK,
    PROGRAM,
    ROB,
    lap,
)

C = load_components()
TOKENS = list(C.tokens)


def table(players=3, tokens=("advance", "back", "ec", "two-sputniks"), seed=1):
    """An advanced game on a chosen lap (Mare first) with chosen tokens on the circled boxes."""
    s = GAME.new_state(players, seed, {"advanced": True})
    s.cards = [card(n) for n in ("Mare", "Hill", "Crater field", "Tunnel mountain", "Mountain")]
    s.strip, s.icons, s.boxes = lap(s.comp, tuple(s.cards))
    s.tokens = [TOKENS.index(t) for t in tokens]
    return s


def test_setup_puts_four_different_tokens_on_the_circled_boxes():
    for seed in range(10):
        s = GAME.new_state(4, seed, {"advanced": True})
        assert len(set(s.tokens)) == 4 and all(0 <= t < 7 for t in s.tokens)
    assert GAME.new_state(4, 1).tokens == [-1] * 4


def test_robbery_takes_a_sputnik_from_an_astronaut_in_the_landing_box():
    s = roll_for(table(), 0, 0, 1, {BLUE1: 2})
    s.column[1], s.level[1], s.sputniks[1], s.sputnik_supply = 2, 1, 2, 28
    s.column[2], s.level[2] = 2, 1
    s.apply(pick(BLUE1))
    assert s.phase == ROB and s.legal_actions() == [A_DONE, A_SEAT + 1, A_SEAT + 2]
    s.apply(A_SEAT + 1)
    assert (s.sputniks[0], s.sputniks[1]) == (1, 1)


def test_sabotage_gives_a_handicap_to_a_victim_without_sputniks():
    s = roll_for(table(), 0, 0, 1, {BLUE1: 2})
    s.die_action[WHITE1] = 1                                 # the turn goes on (the victim's turn would hand it back)
    s.column[1], s.level[1] = 2, 1
    s.apply(pick(BLUE1))
    s.apply(A_SEAT + 1)
    assert s.handicaps[1] == 1 and s.handicap_supply == 4


def test_no_robbery_after_a_crash_or_against_own_or_finished_astronauts():
    s = roll_for(table(), 0, 0, 1, {BLUE1: 2})
    s.column[1], s.level[1], s.finish_place[1], s.arrived = 2, 1, 1, 1
    s.column[1] = s.goal                                   # finished: out of reach
    s.apply(pick(BLUE1))
    assert s.phase != ROB
    s = roll_for(table(), 0, 1, 1, {BLUE1: 2})         # lands on Mare's hazard: an accident
    s.column[1], s.level[1] = 3, 1
    s.apply(pick(BLUE1))
    assert s.phase != ROB and s.crashed[0] == 1


def test_rob_only_in_the_advanced_game():
    s = GAME.new_state(3, 1)
    s.cards = table().cards
    s.strip, s.icons, s.boxes = lap(s.comp, tuple(s.cards))
    roll_for(s, 0, 0, 1, {BLUE1: 2})
    s.column[1], s.level[1] = 2, 1
    s.apply(pick(BLUE1))
    assert s.phase != ROB


def test_advance_token_moves_one_circle_box_ahead_when_taken():
    """RB Special boxes: "You can advance one circle box" (an offer, against the back token's
    "Move one circle box back")."""
    s = roll_for(table(), 0, 5, 1, {BLUE1: 2})          # Mare 5 -> box at 7 (advance) -> Hill's first box
    s.die_action[WHITE1] = 1
    s.apply(pick(BLUE1))
    assert s.phase == ADVANCE and s.to_move() == 0 and s.legal_actions() == [A_DONE, A_YES]
    assert s.decision().prompt and {o.label for o in s.decision().options} == {
        "Advance one circle box", "Stay where you are"}
    s.apply(A_YES)
    assert (s.column[0], s.level[0]) == (8, 1) and s.phase == GO_ON


def test_advance_token_may_be_declined():
    """RB Special boxes: "You can advance one circle box": staying is allowed (first place at
    the round's end takes a handicap counter, so staying may matter)."""
    s = roll_for(table(), 0, 5, 1, {BLUE1: 2})
    s.die_action[WHITE1] = 1
    s.apply(pick(BLUE1))
    s.apply(A_DONE)
    assert (s.column[0], s.level[0]) == (7, 1) and s.phase == GO_ON


def test_back_token_moves_one_circle_box_back():
    s = table(tokens=("ec", "back", "advance", "two-sputniks"))
    s.column[0], s.level[0] = 13, 1                          # Hill's last column; box 2 is at 14
    roll_for(s, 0, 13, 1, {BLUE1: 1})
    s.die_action[WHITE1] = 1
    s.apply(pick(BLUE1))
    assert (s.column[0], s.level[0]) == (13, 1)


def test_ec_and_sputnik_tokens():
    s = roll_for(table(tokens=("ec", "two-sputniks", "advance", "back")), 0, 6, 1, {BLUE1: 1})
    s.die_action[WHITE1] = 1
    s.apply(pick(BLUE1))
    assert s.ec_counters[0] == 1 and s.ec_supply == 9
    s = roll_for(table(tokens=("two-sputniks", "ec", "advance", "back")), 0, 6, 1, {BLUE1: 1})
    s.die_action[WHITE1] = 1
    s.apply(pick(BLUE1))
    assert s.sputniks[0] == 2 and s.sputnik_supply == 28


def test_a_token_works_even_when_the_jump_ends_in_an_accident():
    s = roll_for(table(tokens=("ec", "back", "advance", "two-sputniks")), 0, 5, 1, {BLACK1: 4})   # the accident face
    s.apply(pick(BLACK1, 0))
    assert s.ec_counters[0] == 1 and s.crashed[0] == 1


def test_no_one_die_jump_after_an_accident_in_the_astronauts_own_turn():
    """Ruling 19: a jump of its own turn that ends in an accident in the one-die jump box
    ends the turn ("What's an accident?"), the box's jump with it; out of its turn a
    face-down astronaut does get that jump (test_moon_moving_cards, Teamwork)."""
    s = roll_for(table(tokens=("one-die-jump", "back", "advance", "two-sputniks")), 0, 5, 1, {BLACK1: 4})
    s.die_action[WHITE1] = 1
    s.apply(pick(BLACK1, 0))                           # the accident face, through the box at 7
    assert s.crashed[0] == 1 and s.phase != FREE_DIE and s.acting != 0


def test_buy_advances_spends_sputniks_for_circle_boxes():
    s = roll_for(table(tokens=("buy-advances", "ec", "advance", "back")), 0, 6, 1, {BLUE1: 1})
    s.die_action[WHITE1] = 1
    s.sputniks[0], s.sputnik_supply = 3, 27
    s.apply(pick(BLUE1))
    assert s.phase == BUY and s.legal_actions() == [A_COUNT + n for n in range(4)]
    s.apply(A_COUNT + 2)
    assert s.sputniks[0] == 1 and s.sputnik_supply == 29 and s.column[0] == 9 and s.phase == GO_ON


def test_one_die_jump_rolls_one_chosen_die_and_then_the_turn_goes_on():
    s = roll_for(table(tokens=("one-die-jump", "ec", "advance", "back")), 0, 6, 1, {BLUE1: 1})
    s.die_action[WHITE1] = 1
    s.apply(pick(BLUE1))
    assert s.phase == FREE_DIE and s.legal_actions() == [A_DONE, A_PROGRAM + 0, A_PROGRAM + 6, A_PROGRAM + 12]
    events = s.apply(A_PROGRAM + 0)
    assert events[-1].chance and s.phase == PICK and s.free_die == 0
    s.faces[0] = 1
    s.apply(pick(BLUE1))
    assert s.column[0] == 8 and s.phase == GO_ON and s.free_die == -1


def test_one_die_jump_may_be_declined():
    """RB Special boxes: "You can make a jump with 1 dice immediately": an offer, so a jump
    that could crash need not be made."""
    s = roll_for(table(tokens=("one-die-jump", "ec", "advance", "back")), 0, 6, 1, {BLUE1: 1})
    s.die_action[WHITE1] = 1
    s.apply(pick(BLUE1))
    events = s.apply(A_DONE)
    assert not any(e.chance for e in events) and s.phase == GO_ON and s.column[0] == 7 and s.free_die == -1
    assert s.decision().options[-1].label.startswith("Make the")


def test_reroll_token_makes_the_next_jumps_rerolls_free():
    s = roll_for(table(tokens=("reroll-next", "ec", "advance", "back")), 0, 6, 1, {BLUE1: 1})
    s.die_action[WHITE1] = 1
    s.apply(pick(BLUE1))
    assert s.free_reroll_token[0] == 1
    s.apply(1)                                          # go on: the white die is rolled
    assert s.free_rerolls_left == 1 and A_REROLL + WHITE1 in s.legal_actions() and s.ec_counters[0] == 0
    s.apply(A_REROLL + WHITE1)
    assert s.free_rerolls_left == 0 and s.ec_supply == 10


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_advanced_games_keep_the_invariants(players):
    for seed in range(12):
        s, _ = random_game(players, 900 + seed, check_invariants, {"advanced": True})
        assert s.is_terminal() and s.winners()
    assert PROGRAM


def test_every_decision_of_advanced_games_has_a_prompt_and_labels():
    kinds = set()
    for seed in range(8):
        s = GAME.new_state(3, 40 + seed, {"advanced": True})
        r = 0
        while not s.is_terminal():
            d = s.decision()
            assert d.prompt and all(o.label for o in d.options)
            kinds.add(d.kind)
            r = (r * 7 + 3) % 101
            s.apply(s.legal_actions()[r % len(s.legal_actions())])
    assert {"program", "pick", "go-on"} <= kinds


def test_the_heuristic_plays_the_advanced_rules_and_beats_random():
    from cosmodrome.bots import RandomBot
    from cosmodrome.games.moon.heuristic import MoonHeuristic
    wins = 0.0
    for g in range(6):
        s = GAME.new_state(3, 60 + g, {"advanced": True})
        bots = [RandomBot(seed=g * 10 + i) for i in range(3)]
        bots[g % 3] = MoonHeuristic(seed=g)
        while not s.is_terminal():
            a = bots[s.to_move()].choose(s)
            assert a in s.legal_actions()
            s.apply(a)
        wins += s.returns()[g % 3]
    assert wins >= 5


def test_a_back_token_does_not_set_itself_off_again():
    """A "back" token passed on the way sends the astronaut back onto that very box, where
    it stays: it is already in that box, whose effect it is carrying out (docs/rulings/moon.md
    20)."""
    s = roll_for(table(tokens=("ec", "back", "advance", "two-sputniks")), 0, 13, 1, {BLUE1: 2})
    s.die_action[WHITE1] = 1
    s.apply(pick(BLUE1))                       # through box 2 (back) onto Crater field's first box
    assert (s.column[0], s.level[0]) == (14, 1) and s.phase == GO_ON


def circle_boxes_between(s, start, end):
    """How many circle boxes a free advance goes through from ``start`` to reach ``end``."""
    n, col = 0, start
    while col < end:
        col = circle_box(s, col, 1)[0]
        n += 1
    assert col == end
    return n


def test_a_move_caused_by_a_special_box_sets_off_the_special_box_it_steps_into():
    """RB Special boxes: "If you step into a special box an effect will activate": the free
    advances a special box gives step into the next one, which sets off too (ruling 20)."""
    s = roll_for(table(tokens=("buy-advances", "ec", "advance", "back")), 0, 6, 1, {BLUE1: 1})
    s.die_action[WHITE1] = 1
    s.sputniks[0], s.sputnik_supply = 10, 20
    s.apply(pick(BLUE1))                       # onto box 1 (col 7): buy advances
    n = circle_boxes_between(s, 7, 14)         # up to box 2 (col 14): an EC
    assert s.phase == BUY
    s.apply(A_COUNT + n)
    assert s.column[0] == 14 and s.ec_counters[0] == 1 and s.ec_supply == 9 and s.phase == GO_ON
    s = roll_for(table(tokens=("buy-advances", "ec", "advance", "back")), 0, 6, 1, {BLUE1: 1})
    s.die_action[WHITE1] = 1
    s.sputniks[0], s.sputnik_supply = 10, 20
    s.apply(pick(BLUE1))
    s.apply(A_COUNT + n + 1)                   # through box 2 and one box beyond: the EC all the same
    assert s.column[0] > 14 and s.ec_counters[0] == 1



def test_a_face_down_astronauts_extra_jump_into_the_one_die_jump_box_gets_its_jump():
    """Rulings 19 and 38: out of its turn (here its own Extra jump card at the round's end) a
    face-down astronaut stepping into the box is offered the box's jump ("even if you end up
    in the box crashed") and stays face-down after it."""
    from test_moon_moving_cards import DICE, end_of_round_with, holding
    s = holding(cards=[(0, "extra-jump")], tokens=("one-die-jump", "back", "ec", "two-sputniks"))
    s.crashed[0] = 1
    s = end_of_round_with(s, [1, 2, 0], a0=(6, 1), a1=(12, 1), a2=(13, 1))
    s.apply(DICE[0])
    s.faces[BLUE1] = 1
    s.apply(pick(BLUE1))                               # 6 -> 7, the one-die jump box
    assert s.column[0] == 7 and s.phase == FREE_DIE and s.to_move() == 0
    assert s.legal_actions() == [A_DONE] + DICE
    s.apply(DICE[0])
    s.faces[BLUE1] = 1
    s.apply(pick(BLUE1))
    assert s.column[0] == 8 and s.crashed[0] == 1
    check_invariants(s)
