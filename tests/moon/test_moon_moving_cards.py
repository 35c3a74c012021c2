"""The action cards that move astronauts out of their turn: Slipstream, Extra jump and
Teamwork (../shared/rules/walking-on-the-moon-and-march-on-mars.md, "Action cards";
docs/rulings/moon.md, rulings 24 and 34-41). Each card's outcome, and what its move sets
off (special boxes, robbery, Sanction, Cooperation, Sputniks, accidents, the goal, other
Slipstreams), with every decision of the move asked of the player of the astronaut moving.

The lap of ``table()``: the goal box (column 0), Mare (1-6: circles at 1, 2, 5, 6 on level
1, a hazard at 3, a crater floor at 4 on level 0), the circled box 7, Hill (8-13: circles at
8, 9, 12, 13 on level 1, 10 and 11 on level 2), box 14, ..., box 28, Mountain (29-34), the
goal (35).
"""

import pytest
from moon_helpers import check_invariants, keep_unfitting
from test_moon_action_cards import EFFECTS, empty_hands, give
from test_moon_advanced import table
from test_moon_rules import BLUE1, WHITE1, pick, roll_for

from cosmodrome.core import Rng
from cosmodrome.games.moon import GAME
from cosmodrome.games.moon.heuristic import MoonHeuristic
from cosmodrome.games.moon.rounds import end_round
from cosmodrome.games.moon.state import (
    A_COUNT,
    A_DONE,
    A_PLAY,
    A_PROGRAM,
    A_REROLL,
    A_SEAT,
    A_YES,
    ADVANCE,
    BUY,
    CARD,
    FREE_DIE,
    GO_ON,
    OVER,
    PICK,
    PROGRAM,
    ROB,
    SWAP_SPK,
)

DICE = [A_PROGRAM + 0, A_PROGRAM + 6, A_PROGRAM + 12]      # a blue, a white, a black die


def holding(players=3, cards=(), tokens=("advance", "back", "ec", "two-sputniks")):
    """An advanced table where only the seats of ``cards`` (seat, effect) hold a card."""
    s = table(players, tokens=tokens)
    empty_hands(s)
    for seat, name in cards:
        give(s, seat, name)
    return s


def place(s, **where):
    """Put astronauts on boxes: ``a1=(col, level)``."""
    for key, (col, lvl) in where.items():
        a = int(key[1:])
        s.column[a], s.level[a] = col, lvl


def jump_past(s, faces, start=(1, 1), go_on=True):
    """Astronaut 0 (seat 0) jumps from ``start`` by BLUE1 with ``faces``; with ``go_on`` a
    second jump is programmed, so the turn goes on after the first."""
    roll_for(s, 0, start[0], start[1], {BLUE1: faces})
    if go_on:
        s.die_action[WHITE1] = 1
        s.dice_count += 1
    s.apply(pick(BLUE1))
    return s


def end_of_round_with(s, order, **where):
    """End round 1 with the astronauts on the given boxes (the round's order ``order``)."""
    place(s, **where)
    s.round, s.order, s.turn_index = 1, order, len(order)
    end_round(s)
    keep_unfitting(s)   # the seats asked whose card does not fit the end of the round keep it
    return s


# ----- Slipstream -------------------------------------------------------------------------------
def test_slipstream_moves_the_overtaken_astronaut_to_the_next_circle_box_and_the_turn_goes_on():
    s = holding(cards=[(1, "slipstream")])
    place(s, a1=(3, 1), a2=(9, 1))
    jump_past(s, 3, start=(2, 1))               # 2 -> 5: past astronaut 1 on the hazard at 3
    assert s.phase == CARD and s.to_move() == 1 and s.legal_actions() == [A_DONE, A_PLAY]
    assert "overtook" in s.decision_prompt()
    s.apply(A_PLAY)                             # 3 -> the crater floor at 4, the next circle box
    assert (s.column[1], s.level[1]) == (4, 0) and s.hand[1] == -1 and EFFECTS[s.discard[-1]] == "slipstream"
    assert s.phase == GO_ON and s.to_move() == 0 and s.mover == 0
    check_invariants(s)


def test_slipstream_kept_leaves_the_astronaut_and_the_card():
    s = holding(cards=[(1, "slipstream")])
    place(s, a1=(3, 1), a2=(9, 1))
    jump_past(s, 3, start=(2, 1))
    s.apply(A_DONE)
    assert s.column[1] == 3 and EFFECTS[s.hand[1]] == "slipstream" and s.phase == GO_ON


@pytest.mark.parametrize("col", [2, 5, 6])
def test_slipstream_is_not_asked_unless_the_astronaut_was_overtaken(col):
    """Level with the mover before (column 2), level after (5) or still ahead (6): nobody
    overtook it (position is the column, ruling 8)."""
    s = holding(cards=[(1, "slipstream")])
    place(s, a1=(col, 1), a2=(9, 1))
    jump_past(s, 3, start=(2, 1))
    if col == 5:
        assert s.phase == ROB                   # landing on it: a robbery may be made, no Slipstream
        s.apply(A_DONE)
    assert s.phase == GO_ON and EFFECTS[s.hand[1]] == "slipstream"


def test_slipstream_into_a_special_box_asks_its_decision_of_the_slipstreaming_player():
    """Astronaut 1 slips into the box with the Sputnik-advances token: its player, not the
    player whose turn it is, decides how many Sputniks to spend; then the turn goes on."""
    s = holding(cards=[(1, "slipstream")], tokens=("buy-advances", "back", "ec", "two-sputniks"))
    place(s, a1=(6, 1), a2=(20, 1))
    s.sputniks[1], s.sputnik_supply = 2, 28
    jump_past(s, 3, start=(5, 1))               # 5 -> 8 through the box (astronaut 0 has no Sputnik to spend)
    assert s.phase == CARD and s.to_move() == 1
    s.apply(A_PLAY)
    assert (s.column[1], s.phase, s.to_move(), s.mover) == (7, BUY, 1, 1)
    assert s.legal_actions() == [A_COUNT, A_COUNT + 1, A_COUNT + 2]
    assert s.view(1)["turn"]["out_of_turn"] and s.view(1)["turn"]["mover"] == 1
    assert f"Moving out of turn: {s.comp.nations[1]}." in GAME.render_text(s.view(0), 0)
    check_invariants(s)
    s.apply(A_COUNT + 1)
    assert (s.column[1], s.sputniks[1], s.sputnik_supply) == (8, 1, 29)
    assert s.phase == GO_ON and s.to_move() == 0
    check_invariants(s)


def test_slipstream_into_the_one_die_jump_box_jumps_and_crashes_out_of_turn():
    """The immediate one-die jump of the token is the slipstreaming astronaut's: its player
    picks the die and re-rolls with its own EC; a crash is its accident, and the turn of the
    player who overtook it goes on."""
    s = holding(cards=[(1, "slipstream")], tokens=("one-die-jump", "back", "ec", "two-sputniks"))
    place(s, a1=(6, 1), a2=(20, 1))
    s.ec_counters[1], s.ec_supply = 1, 9
    jump_past(s, 3, start=(5, 1))               # astronaut 0: 5 -> 8 through the box: its own free jump first
    assert s.phase == FREE_DIE and s.to_move() == 0
    s.apply(DICE[0])
    s.faces[BLUE1] = 1
    s.apply(pick(BLUE1))                        # 8 -> 9; astronaut 1 (on 6) was overtaken
    assert s.phase == CARD and s.to_move() == 1
    s.apply(A_PLAY)
    assert s.column[1] == 7 and s.phase == FREE_DIE and s.to_move() == 1
    events = s.apply(DICE[0])
    assert events[-1].chance and s.phase == PICK and s.to_move() == 1
    assert A_REROLL + BLUE1 in s.legal_actions() and s.ec_counters[0] == 0   # astronaut 1's EC pays
    check_invariants(s)
    s.faces[BLUE1] = 3                          # 7 -> 10 on level 1: rock, a crash on 9
    s.sputniks[1], s.sputnik_supply = 3, s.sputnik_supply - 3
    s.apply(pick(BLUE1))
    assert (s.column[1], s.level[1], s.crashed[1], s.sputniks[1]) == (9, 1, 1, 2)
    assert s.phase == GO_ON and s.to_move() == 0 and s.acting == 0   # the turn is still astronaut 0's
    check_invariants(s)


def test_two_overtaken_holders_are_asked_in_the_rounds_order_even_after_an_accident():
    s = holding(cards=[(1, "slipstream"), (2, "slipstream")])
    place(s, a1=(1, 1), a2=(2, 1))
    jump_past(s, 3, start=(0, 1))               # 0 -> 3 (the hazard): past 1 and 2, an accident
    assert s.crashed[0] == 1 and s.phase == CARD and s.to_move() == 1
    s.apply(A_PLAY)                             # 1 -> 2
    assert s.column[1] == 2 and s.phase == CARD and s.to_move() == 2
    s.apply(A_PLAY)                             # 2 -> 4 (the crater floor)
    assert (s.column[2], s.level[2]) == (4, 0)
    assert s.phase == PROGRAM and s.acting == 1    # astronaut 0's turn ended with its accident
    check_invariants(s)


def test_slipstream_sets_off_slipstream():
    """Astronaut 1's Slipstream move overtakes astronaut 2, which astronaut 0 did not."""
    s = holding(cards=[(1, "slipstream"), (2, "slipstream")])
    place(s, a1=(2, 1), a2=(3, 1))
    jump_past(s, 3, start=(0, 1))               # 0 -> 3 (the hazard, level with 2): past 1 only
    assert s.phase == CARD and s.asks == [1]
    s.apply(A_PLAY)                             # 1 -> 4, past 2
    assert (s.column[1], s.phase, s.to_move()) == (4, CARD, 2)
    s.apply(A_PLAY)
    assert (s.column[2], s.level[2]) == (4, 0) and s.phase == PROGRAM and s.acting == 1
    check_invariants(s)


def test_crossing_the_goal_overtakes_and_a_slipstream_may_follow_it_home():
    s = holding(cards=[(1, "slipstream")])
    place(s, a1=(34, 1), a2=(9, 1))
    jump_past(s, 2, start=(33, 1))              # 33 -> the goal
    assert s.finish_place[0] == 1 and s.phase == CARD and s.to_move() == 1
    s.apply(A_PLAY)                             # 34 -> the goal, second
    assert s.finish_place[1] == 2 and s.column[1] == s.goal and s.arrived == 2
    assert s.phase == PROGRAM and s.acting == 2    # astronaut 0's turn is over; 1 plays no more
    check_invariants(s)
    while s.phase != OVER:
        check_invariants(s)
        s.apply(s.legal_actions()[0])
    assert s.round == 1 and s.scores()[1] >= 10


def test_two_players_one_question_for_the_rearmost_overtaken_astronaut():
    s = holding(players=2, cards=[(1, "slipstream"), (0, "slipstream")])
    place(s, a1=(3, 1), a2=(3, 1), a3=(4, 0))
    jump_past(s, 3, start=(2, 1))               # seat 0's astronaut 0: 2 -> 5, past 1, 2 and 3
    assert s.phase == CARD and s.asks == [1]    # seat 0's own astronaut 2 is not asked: it is seat 0's turn
    assert s.action_json(A_PLAY)["target"] == 1   # seat 1's rearmost overtaken astronaut
    s.apply(A_PLAY)                             # 1: 3 -> 4, level with 3
    assert (s.column[1], s.column[3]) == (4, 4) and s.phase == GO_ON and s.to_move() == 0
    check_invariants(s)


def test_the_player_whose_turn_it_is_never_slips():
    s = holding(cards=[(0, "slipstream")])
    s2 = holding(cards=[(1, "slipstream")])
    for t in (s, s2):
        place(t, a1=(3, 1), a2=(9, 1))
        jump_past(t, 3, start=(2, 1))
    assert s.phase == GO_ON and s2.phase == CARD       # astronaut 0's own card stays in hand


# ----- Extra jump -----------------------------------------------------------------------------
def test_extra_jump_at_the_end_of_the_round_a_free_jump_with_a_chosen_die():
    s = end_of_round_with(holding(cards=[(0, "extra-jump")]), [1, 2, 0], a0=(1, 1), a1=(5, 1), a2=(6, 1))
    assert s.phase == CARD and s.to_move() == 0 and s.legal_actions() == [A_DONE] + DICE
    events = s.apply(DICE[0])
    assert [e.kind for e in events][-2:] == ["extra-jump", "roll"] and events[-1].chance
    assert s.phase == PICK and s.to_move() == 0 and s.mover == 0 and not s.in_turn()
    check_invariants(s)
    s.faces[BLUE1] = 1
    events = s.apply(pick(BLUE1))
    assert s.column[0] == 2 and s.round == 2 and EFFECTS[s.discard[-1]] == "extra-jump"
    kinds = [e.kind for e in events]
    assert kinds.index("move") < kinds.index("round")       # the counters and the new round come after it
    check_invariants(s)


def test_extra_jump_kept_and_not_asked_of_a_leader():
    s = end_of_round_with(holding(cards=[(0, "extra-jump")]), [1, 2, 0], a0=(1, 1), a1=(5, 1), a2=(6, 1))
    s.apply(A_DONE)
    assert s.round == 2 and s.column[0] == 1 and EFFECTS[s.hand[0]] == "extra-jump"
    s = end_of_round_with(holding(cards=[(0, "extra-jump")]), [0, 1, 2], a0=(6, 1), a1=(5, 1), a2=(6, 1))
    assert s.round == 2 and s.phase != CARD     # tied for first: not asked


def test_extra_jump_to_the_goal_ends_the_game_with_the_round():
    """The goal "ends the current round": the round's other end-of-round cards are still asked
    (ruling 27), then the game ends, with no counters handed out."""
    s = holding(cards=[(0, "extra-jump"), (2, "planification")])
    s = end_of_round_with(s, [0, 2, 1], a0=(33, 1), a1=(34, 1), a2=(12, 1))
    s.apply(DICE[0])
    s.faces[BLUE1] = 2
    s.apply(pick(BLUE1))
    assert s.finish_place[0] == 1 and s.phase == CARD and s.to_move() == 2 and s.round == 1
    s.apply(A_PLAY)
    assert s.phase == OVER and s.round == 1 and s.ec_counters[2] == 1 and s.handicaps == [0, 0, 0]
    assert s.scores()[0] == 11 and s.winners() == [0]


def test_the_last_rounds_end_of_round_cards_are_played():
    """RB How do I win?: reaching the goal makes the players "end the current round", and the
    round's summary plays end-of-round cards at its end (ruling 27): an Extra jump after an
    arrival may still take its astronaut home and change the final order."""
    s = holding(cards=[(1, "extra-jump")])
    place(s, a0=(35, 1), a1=(34, 1), a2=(20, 1))
    s.finish_place[0], s.arrived = 1, 1
    s.round, s.order, s.turn_index = 3, [0, 1, 2], 3
    end_round(s)
    assert s.phase == CARD and s.to_move() == 1 and s.legal_actions() == [A_DONE] + DICE
    s.apply(DICE[0])
    s.faces[BLUE1] = 1
    s.apply(pick(BLUE1))
    assert s.finish_place[1] == 2 and s.phase == OVER and s.round == 3
    assert s.scores()[1] == 10 and s.handicaps == [0, 0, 0] and s.ec_counters == [0, 0, 0]


def test_teamwork_in_the_last_round_moves_both_astronauts():
    s = holding(cards=[(2, "teamwork")])
    place(s, a0=(35, 1), a1=(30, 1), a2=(34, 1))
    s.finish_place[0], s.arrived = 1, 1
    s.round, s.order, s.turn_index = 4, [0, 2, 1], 3
    end_round(s)
    assert s.phase == CARD and s.to_move() == 2
    s.apply(A_SEAT + 1)
    assert s.finish_place[2] == 2 and s.column[1] > 30 and s.phase == OVER


def test_extra_jump_picks_up_sputniks_and_cooperation_answers_it():
    s = holding(cards=[(0, "extra-jump"), (2, "cooperation")])
    s = end_of_round_with(s, [1, 2, 0], a0=(1, 1), a1=(5, 1), a2=(6, 1))
    s.icons = frozenset({(2, 1)})
    s.apply(DICE[0])
    s.faces[BLUE1] = 1
    s.apply(pick(BLUE1))
    assert s.sputniks[0] == 1 and s.phase == CARD and s.to_move() == 2
    s.apply(A_PLAY)
    assert s.sputniks[2] == 1 and s.round == 2
    check_invariants(s)


def test_extra_jump_accident_lays_the_astronaut_down_and_costs_half_its_sputniks():
    s = end_of_round_with(holding(cards=[(0, "extra-jump")]), [1, 2, 0], a0=(1, 1), a1=(5, 1), a2=(6, 1))
    s.sputniks[0], s.sputnik_supply = 3, 27
    s.apply(DICE[0])
    s.faces[BLUE1] = 2                          # onto the hazard at 3
    s.apply(pick(BLUE1))
    assert (s.column[0], s.crashed[0], s.sputniks[0]) == (3, 1, 2) and s.round == 2
    while s.decision_kind() == "refresh-card":
        s.apply(A_DONE)
    while s.acting != 0:
        s.apply(s.legal_actions()[0])
    assert s.dice_count == 2                        # it gets up with two dice


def test_extra_jump_of_a_face_down_astronaut_leaves_it_face_down():
    s = holding(cards=[(0, "extra-jump")])
    s.crashed[0] = 1
    s = end_of_round_with(s, [1, 2, 0], a0=(1, 1), a1=(5, 1), a2=(6, 1))
    s.apply(DICE[0])
    s.faces[BLUE1] = 1
    s.apply(pick(BLUE1))
    assert s.column[0] == 2 and s.crashed[0] == 1


@pytest.mark.parametrize("rear", [True, False])
def test_extra_jump_robs_and_sanction_spares_a_jumper_that_was_last(rear):
    s = holding(cards=[(0, "extra-jump"), (1, "sanction")])
    s = end_of_round_with(s, [1, 2, 0], a0=(1, 1), a1=(2, 1), a2=(6, 1) if rear else (0, 1))
    s.sputniks[1], s.sputnik_supply = 1, 29
    s.apply(DICE[0])
    s.faces[BLUE1] = 1
    s.apply(pick(BLUE1))
    assert s.phase == ROB and s.to_move() == 0 and s.legal_actions() == [A_DONE, A_SEAT + 1]
    s.apply(A_SEAT + 1)
    assert s.sputniks[0] == 1
    if rear:                                    # astronaut 0 stood last when its jump began
        assert s.phase != CARD and s.handicaps[0] == 0
    else:
        assert s.phase == CARD and s.to_move() == 1
        events = s.apply(A_PLAY)
        assert [e.data["astronaut"] for e in events if e.kind == "handicap-taken" and "Sanction" in e.text] == [0]
    check_invariants(s)


def test_extra_jump_overtakes_a_slipstream_holder():
    s = holding(cards=[(0, "extra-jump"), (1, "slipstream")])
    s = end_of_round_with(s, [2, 1, 0], a0=(1, 1), a1=(2, 1), a2=(9, 1))
    s.apply(DICE[0])
    s.faces[BLUE1] = 3                          # 1 -> 4, past astronaut 1
    s.apply(pick(BLUE1))
    assert s.phase == CARD and s.to_move() == 1
    s.apply(A_PLAY)
    assert (s.column[1], s.level[1]) == (4, 0) and s.round == 2


def test_two_players_extra_jump_moves_the_rearmost_astronaut_and_offers_the_exchange():
    s = holding(players=2, cards=[(0, "extra-jump")])
    s.acting = 1                                   # the round's last turn was astronaut 1's
    s = end_of_round_with(s, [0, 2, 3, 1], a0=(1, 1), a2=(2, 1), a1=(5, 1), a3=(6, 1))
    s.sputniks[2], s.sputniks[1], s.sputnik_supply = 2, 3, 25
    s.apply(DICE[0])
    assert s.mover == 0
    s.faces[BLUE1] = 1
    s.apply(pick(BLUE1))                        # onto astronaut 2, its own
    assert s.phase == SWAP_SPK and s.to_move() == 0
    assert s.legal_actions() == [A_COUNT + n for n in range(3)]     # the pair's two Sputniks
    s.apply(A_COUNT + 1)
    assert (s.sputniks[0], s.sputniks[2]) == (1, 1) and s.round == 2


# ----- Teamwork -------------------------------------------------------------------------------
def test_teamwork_moves_the_holder_and_a_chosen_rival_one_circle_box_ahead():
    s = end_of_round_with(holding(cards=[(0, "teamwork")]), [1, 2, 0], a0=(1, 1), a1=(5, 1), a2=(8, 1))
    assert s.phase == CARD and s.legal_actions() == [A_DONE, A_SEAT + 1, A_SEAT + 2]
    events = s.apply(A_SEAT + 1)
    moves = [e.data["astronaut"] for e in events if e.kind == "free-move"]
    assert moves == [0, 1] and (s.column[0], s.column[1]) == (2, 6) and s.round == 2
    check_invariants(s)


def test_teamwork_not_asked_of_a_leader_and_kept_moves_nobody():
    s = end_of_round_with(holding(cards=[(0, "teamwork")]), [0, 1, 2], a0=(8, 1), a1=(5, 1), a2=(6, 1))
    assert s.round == 2 and s.column[0] == 8
    s = end_of_round_with(holding(cards=[(0, "teamwork")]), [1, 2, 0], a0=(1, 1), a1=(5, 1), a2=(8, 1))
    s.apply(A_DONE)
    assert (s.column[0], s.column[1]) == (1, 5) and EFFECTS[s.hand[0]] == "teamwork"


def test_teamwork_into_a_special_box_asks_the_rivals_player():
    s = holding(cards=[(0, "teamwork")], tokens=("buy-advances", "back", "ec", "two-sputniks"))
    s.sputniks[1], s.sputnik_supply = 1, 29
    s = end_of_round_with(s, [2, 1, 0], a0=(1, 1), a1=(6, 1), a2=(12, 1))
    s.apply(A_SEAT + 1)
    assert s.column[1] == 7 and s.phase == BUY and s.to_move() == 1
    check_invariants(s)
    s.apply(A_COUNT + 1)
    assert s.column[1] == 8 and s.sputniks[1] == 0 and s.round == 2


def test_teamwork_sets_off_the_back_and_advance_tokens_and_a_slipstream():
    s = holding(cards=[(0, "teamwork"), (2, "slipstream")], tokens=("back", "advance", "ec", "two-sputniks"))
    s = end_of_round_with(s, [2, 1, 0], a0=(6, 1), a1=(13, 1), a2=(14, 1))
    s.apply(A_SEAT + 1)                         # 0: 6 -> 7, back to 6; 1: 13 -> 14, offered to go on
    assert (s.column[0], s.column[1]) == (6, 14) and s.phase == ADVANCE and s.to_move() == 1
    s.apply(A_YES)                              # on to 15, past 2
    assert s.column[1] == 15 and s.phase == CARD and s.to_move() == 2
    s.apply(A_PLAY)
    assert s.column[2] == 15 and s.round == 2
    check_invariants(s)


def test_teamwork_may_take_a_rival_home_and_the_game_ends_with_the_round():
    s = holding(cards=[(0, "teamwork")])
    s = end_of_round_with(s, [1, 2, 0], a0=(20, 1), a1=(34, 1), a2=(30, 1))
    s.apply(A_SEAT + 1)
    assert s.column[0] == 21 and s.finish_place[1] == 1 and s.phase == OVER and s.winners() == [1]


def test_teamwork_and_slipstream_in_the_two_player_game():
    s = holding(players=2, cards=[(0, "teamwork"), (1, "slipstream")])
    s = end_of_round_with(s, [3, 2, 1, 0], a0=(2, 1), a2=(5, 1), a1=(3, 1), a3=(9, 1))
    assert s.legal_actions() == [A_DONE, A_SEAT + 1, A_SEAT + 3]    # the other player's astronauts
    s.apply(A_SEAT + 3)                         # 0: 2 -> 4, past astronaut 1
    assert (s.column[0], s.level[0]) == (4, 0) and s.phase == CARD and s.to_move() == 1
    s.apply(A_PLAY)                             # 1: 3 -> 4; then 3: 9 -> 10 (level 2)
    assert (s.column[1], s.column[3], s.level[3]) == (4, 10, 2) and s.round == 2
    check_invariants(s)


# ----- the view, determinizations, the heuristic --------------------------------------------
def test_a_slipstream_question_tells_nothing_of_the_card_and_hides_it_from_others():
    """Ruling 43: the question is asked whatever the card, so a determinization deals the
    asked seat any card the others have not seen (it may not fit: then it can only keep it)."""
    s = holding(cards=[(1, "slipstream"), (2, "teamwork")])
    place(s, a1=(3, 1), a2=(9, 1))
    jump_past(s, 3, start=(2, 1))
    dealt = set()
    for k in range(12):
        twin = s.resample(0, Rng(k))
        assert twin.phase == CARD and twin.to_move() == 1 and twin.hand[1] >= 0
        dealt.add(EFFECTS[twin.hand[1]])
        if EFFECTS[twin.hand[1]] != "slipstream":
            assert twin.legal_actions() == [A_DONE]
    assert len(dealt) > 1
    assert s.view(0)["cards"]["hands"][1]["card"] is None and s.view(0)["cards"]["hands"][2]["card"] is None
    assert s.view(1)["cards"]["hands"][1]["card"]["effect"] == "slipstream"


def test_the_heuristic_plays_the_moving_cards():
    s = end_of_round_with(holding(cards=[(0, "teamwork")]), [1, 2, 0], a0=(1, 1), a1=(5, 1), a2=(8, 1))
    assert MoonHeuristic().choose(s) == A_SEAT + 1          # the rival furthest behind
    s = end_of_round_with(holding(cards=[(0, "extra-jump")]), [1, 2, 0], a0=(5, 1), a1=(6, 1), a2=(8, 1))
    assert MoonHeuristic().choose(s) in DICE                  # every blue face lands safely from 5
    s = end_of_round_with(holding(cards=[(0, "extra-jump")]), [1, 2, 0], a0=(2, 1), a1=(6, 1), a2=(8, 1))
    assert MoonHeuristic().choose(s) == A_DONE                # every die risks the hazard or the crater
    s = holding(cards=[(1, "slipstream")])
    place(s, a1=(3, 1), a2=(9, 1))
    jump_past(s, 3, start=(2, 1))
    assert MoonHeuristic().choose(s) == A_PLAY
    s = holding(cards=[(1, "slipstream")], tokens=("buy-advances", "back", "ec", "two-sputniks"))
    place(s, a1=(6, 1), a2=(20, 1))
    s.sputniks[1], s.sputnik_supply = 2, 28
    jump_past(s, 3, start=(5, 1))
    s.apply(A_PLAY)
    assert s.phase == BUY and MoonHeuristic().choose(s) in s.legal_actions()


def test_random_games_play_every_card_and_keep_the_invariants():
    played = set()
    for g in range(24):
        s = GAME.new_state(2 + g % 4, 300 + g, {"advanced": True})
        r = Rng(g)
        while not s.is_terminal():
            check_invariants(s)
            legal = s.legal_actions()
            for e in s.apply(legal[r.below(len(legal))]):
                if e.kind == "card-play":
                    played.add(e.data["card"])
        check_invariants(s)
    assert played >= {"slipstream", "extra-jump", "teamwork"}


@pytest.mark.parametrize("down", [0, 1])
def test_teamwork_into_the_one_die_jump_box_the_rival_jumps_even_face_down(down):
    """Rulings 19 and 38: out of its turn, a face-down astronaut moved into the box gets its
    jump ("even if you end up in the box crashed") and stays face-down."""
    s = holding(cards=[(0, "teamwork")], tokens=("one-die-jump", "back", "ec", "two-sputniks"))
    s.crashed[1] = down
    s = end_of_round_with(s, [2, 1, 0], a0=(1, 1), a1=(6, 1), a2=(12, 1))
    s.apply(A_SEAT + 1)
    assert s.column[1] == 7
    assert s.phase == FREE_DIE and s.to_move() == 1 and s.legal_actions() == [A_DONE] + DICE
    check_invariants(s)
    s.apply(DICE[0])
    s.faces[BLUE1] = 1
    s.apply(pick(BLUE1))
    assert s.column[1] == 8 and s.crashed[1] == down
