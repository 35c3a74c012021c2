"""Every rule of Walking on the Moon's base game as a test (rulebook sections in the names
and docstrings; ../shared/rules/walking-on-the-moon-and-march-on-mars.md)."""

import pytest

from cosmodrome.core import IllegalActionError, RecordError
from cosmodrome.games.lunar.dice import ACCIDENT
from cosmodrome.games.moon import GAME
from cosmodrome.games.moon.components import load_components
from cosmodrome.games.moon.scoring import board_points
from cosmodrome.games.moon.state import (
    A_COUNT,
    A_DONE,
    A_PICK,
    A_PROGRAM,
    A_REROLL,
    A_YES,
    EXTRA,
    GO_ON,
    OVER,
    PICK,
    PROGRAM,
    SWAP_EC,
    SWAP_SPK,
    decode_pick,
    encode_pick,
    lap,
)

C = load_components()
NAMES = [c.name for c in C.cards]
BLUE1, BLUE2, WHITE1, WHITE2, BLACK1, BLACK2 = range(6)


def card(name):
    return NAMES.index(name)


def table(players=3, cards=("Mare", "Hill", "Crater field", "Tunnel mountain", "Mountain"), seed=1):
    """A new game with a chosen lap."""
    s = GAME.new_state(players, seed)
    s.cards = [card(n) for n in cards]
    s.strip, s.icons, s.boxes = lap(s.comp, tuple(s.cards))
    return s


def roll_for(s, a, col, lvl, faces):
    """Astronaut ``a`` at (col, lvl) with the dice ``{die: face}`` rolled on its first jump."""
    s.acting = s.mover = a
    s.order = [a] + [b for b in range(s.n_astro) if b != a]
    s.turn_index = 0
    s.column[a], s.level[a] = col, lvl
    s.die_action = [-1] * 6
    s.faces = [0] * 6
    for d, f in faces.items():
        s.die_action[d] = 0
        s.faces[d] = f
    s.jump = 0
    s.dice_count = len(faces)
    s.phase = PICK
    return s


def pick(d, mask=0):
    return encode_pick(d, mask)


# ----- set up the race ---------------------------------------------------------------------
@pytest.mark.parametrize("max_red", range(6))
def test_setup_lap_of_five_cards_with_at_most_max_red_red_dot_cards(max_red):
    for seed in range(30):
        s = GAME.new_state(4, seed, {"max_red": max_red})
        assert len(set(s.cards)) == 5
        assert sum(C.cards[c].red for c in s.cards) <= max_red
        assert len(s.strip) == 36 and s.boxes == (7, 14, 21, 28)


def test_setup_all_astronauts_in_the_goal_box_first_player_on_top_and_first_to_play():
    for seed in range(10):
        s = GAME.new_state(4, seed)
        assert set(s.column) == {0} and set(s.level) == {1}
        top = max(range(4), key=lambda a: s.stamp[a])
        assert top == s.first_seat == s.acting == s.order[0]


def test_setup_two_players_run_two_astronauts_placed_alternately():
    s = GAME.new_state(2, 5)
    assert s.n_astro == 4 and [s.owner(a) for a in range(4)] == [0, 1, 0, 1]
    stack = sorted(range(4), key=lambda a: -s.stamp[a])       # top first
    assert [s.owner(a) for a in stack] == [s.first_seat, 1 - s.first_seat] * 2


def test_options_refuse_a_bad_red_count():
    with pytest.raises(Exception, match="max_red"):
        GAME.new_state(3, 1, {"max_red": 6})


# ----- the turn: dice and programming ------------------------------------------------------
def test_a_normal_turn_takes_four_dice():
    s = GAME.new_state(3, 1)
    assert s.phase == PROGRAM and s.dice_count == 4


def test_handicap_gives_three_dice_and_is_handed_back():
    s = GAME.new_state(3, 1)
    from cosmodrome.games.moon.turn import start_turn
    s.handicaps[1], s.handicap_supply = 1, 4
    start_turn(s, 1)
    assert s.dice_count == 3 and s.handicaps[1] == 0 and s.handicap_supply == 5


def test_accident_gives_two_dice_and_is_not_cumulative_with_a_handicap():
    s = GAME.new_state(3, 1)
    from cosmodrome.games.moon.turn import start_turn
    s.crashed[2], s.handicaps[2], s.handicap_supply = 1, 1, 4
    start_turn(s, 2)
    assert s.dice_count == 2 and s.crashed[2] == 0 and s.handicaps[2] == 0


def test_ec_buys_extra_dice_up_to_six():
    s = GAME.new_state(3, 1)
    from cosmodrome.games.moon.turn import start_turn
    s.ec_counters[0], s.ec_supply = 3, 7
    start_turn(s, 0)
    assert s.phase == EXTRA and s.legal_actions() == [A_DONE, A_YES]
    s.apply(A_YES)
    assert s.dice_count == 5 and s.ec_counters[0] == 2 and s.phase == EXTRA
    s.apply(A_YES)
    assert s.dice_count == 6 and s.ec_counters[0] == 1 and s.phase == PROGRAM      # six dice: no more offered
    assert s.ec_supply == 9


def test_programming_offers_one_die_per_colour_and_only_the_next_empty_jump():
    s = GAME.new_state(3, 1)
    assert s.legal_actions() == [A_PROGRAM + 0, A_PROGRAM + 6, A_PROGRAM + 12]
    s.apply(A_PROGRAM + 0)                      # a blue die on the first jump
    assert s.legal_actions() == sorted([A_PROGRAM + 3, A_PROGRAM + 4, A_PROGRAM + 6, A_PROGRAM + 7,
                                        A_PROGRAM + 12, A_PROGRAM + 13])


def test_the_first_jump_is_rolled_when_the_last_die_is_placed():
    s = GAME.new_state(3, 1)
    for a in (A_PROGRAM + 0, A_PROGRAM + 6, A_PROGRAM + 10):   # blue, white on jump 1; white on jump 2
        s.apply(a)
    events = s.apply(A_PROGRAM + 12 + 2)        # the black die on the third jump
    roll = [e for e in events if e.kind == "roll"]
    assert roll and roll[0].chance and s.phase == PICK
    assert {d for d in range(6) if s.faces[d]} == {0, 2}


# ----- how do I jump? ------------------------------------------------------------------------
def test_blue_moves_straight_only():
    s = roll_for(table(), 0, 0, 1, {BLUE1: 2})
    assert s.legal_actions() == [pick(BLUE1)]
    s.apply(pick(BLUE1))
    assert (s.column[0], s.level[0], s.crashed[0]) == (2, 1, 0)      # Mare column 2: safe


def test_white_must_step_down_at_least_once():
    from cosmodrome.games.lunar.movement import WHITE, masks
    assert masks(WHITE, 2) == (1, 2, 3)
    s = roll_for(table(), 0, 0, 1, {WHITE1: 2})
    # down first (1) and down twice (3) both crash into the rock at once: one choice (ruling 44)
    assert s.preview(0, WHITE1, 1) == s.preview(0, WHITE1, 3)
    assert s.legal_actions() == [pick(WHITE1, 1), pick(WHITE1, 2)]


def test_moves_that_end_alike_are_offered_once():
    """Ruling 44: two dice of a colour showing one face make one choice per distinct move; the
    moves offered all end differently, and every move left out ends like one offered."""
    s = roll_for(table(), 0, 0, 1, {WHITE1: 2, WHITE2: 2, BLUE1: 2})
    offered = s.legal_actions()
    assert not any(pick(WHITE2, m) in offered for m in range(4))    # white die 2 = white die 1

    def end(a):
        d, m = decode_pick(a)
        j = s.preview(0, d, m)
        return (s.faces[d], j.col, j.level, j.outcome, j.path, j.stopped)
    ends = [end(a) for a in offered if a < pick(0) + 24]
    assert len(ends) == len(set(ends))
    for d in (WHITE1, WHITE2):
        for m in (1, 2, 3):
            assert end(pick(d, m)) in ends


def test_black_may_climb_on_any_steps():
    s = roll_for(table(), 0, 0, 1, {BLACK1: 2})
    assert s.legal_actions() == [pick(BLACK1, m) for m in range(4)]


def test_a_step_into_rock_is_a_crash_in_the_box_before():
    s = roll_for(table(), 0, 1, 1, {WHITE1: 1})        # Mare column 1 level 0 is rock
    s.apply(pick(WHITE1, 1))
    assert (s.column[0], s.level[0], s.crashed[0]) == (1, 1, 1)


def test_a_jump_ending_in_the_air_falls_to_the_box_below_with_an_accident():
    s = roll_for(table(), 0, 1, 1, {BLUE1: 3})         # ends above Mare's crater (column 4)
    s.apply(pick(BLUE1))
    assert (s.column[0], s.level[0], s.crashed[0]) == (4, 0, 1)


def test_landing_on_a_box_without_circle_is_an_accident_there():
    s = roll_for(table(), 0, 1, 1, {BLUE1: 2})         # Mare column 3: hazardous
    s.apply(pick(BLUE1))
    assert (s.column[0], s.level[0], s.crashed[0]) == (3, 1, 1)


def test_tunnels_have_a_ceiling():
    # Tunnel mountain in the first slot: columns 1..6 are o T t t t o at level 1
    s = roll_for(table(cards=("Tunnel mountain", "Hill", "Mare", "Crater field", "Mountain")), 0, 3, 1, {BLACK1: 1})
    s.apply(pick(BLACK1, 1))                              # climbing inside the tunnel
    assert (s.column[0], s.level[0], s.crashed[0]) == (3, 1, 1)
    s = roll_for(table(cards=("Tunnel mountain", "Hill", "Mare", "Crater field", "Mountain")), 0, 3, 1, {BLUE1: 2})
    s.apply(pick(BLUE1))                                  # straight through is fine
    assert (s.column[0], s.level[0], s.crashed[0]) == (5, 1, 0)


def test_the_chosen_accident_face_moves_then_causes_an_accident():
    s = roll_for(table(), 0, 0, 1, {BLACK1: ACCIDENT, BLUE1: 1})
    s.apply(pick(BLACK1, 0))
    assert (s.column[0], s.level[0], s.crashed[0]) == (2, 1, 1)


def test_an_accident_face_not_chosen_does_nothing():
    s = roll_for(table(), 0, 0, 1, {BLACK1: ACCIDENT, BLUE1: 2})
    s.die_action[WHITE1] = 1
    s.apply(pick(BLUE1))
    assert (s.column[0], s.crashed[0], s.phase) == (2, 0, GO_ON)


def test_sputniks_are_collected_on_the_path_without_landing_there():
    s = roll_for(table(), 0, 2, 1, {BLACK1: 2})          # Mare's icon is at column 4, level 2
    s.apply(pick(BLACK1, 0b10))                           # straight to 3, up to (4, 2): in the air
    assert s.sputniks[0] == 1 and s.sputnik_supply == 29 and s.crashed[0] == 1    # and then fell into the crater


def test_no_sputnik_when_the_supply_is_empty():
    s = roll_for(table(), 0, 2, 1, {BLACK1: 2})
    s.sputniks[1], s.sputnik_supply = 30, 0
    s.apply(pick(BLACK1, 0b10))
    assert s.sputniks[0] == 0


def test_ec_rerolls_one_die_of_the_jump():
    s = roll_for(table(), 0, 0, 1, {BLUE1: 2, WHITE1: 1})
    s.ec_counters[0], s.ec_supply = 1, 9
    assert A_REROLL + BLUE1 in s.legal_actions() and A_REROLL + WHITE1 in s.legal_actions()
    events = s.apply(A_REROLL + BLUE1)
    assert events[0].chance and s.ec_counters[0] == 0 and s.ec_supply == 10 and s.phase == PICK
    assert A_REROLL + BLUE1 not in s.legal_actions()


def test_after_a_good_jump_go_on_or_stop():
    s = roll_for(table(), 0, 0, 1, {BLUE1: 2})
    s.die_action[WHITE1] = 2                                    # nothing on jump two: jump three is next
    s.apply(pick(BLUE1))
    assert s.phase == GO_ON
    events = s.apply(A_YES)
    assert s.jump == 2 and s.faces[WHITE1] and events[-1].kind == "roll"
    s2 = roll_for(table(), 0, 0, 1, {BLUE1: 2})
    s2.die_action[WHITE1] = 1
    s2.apply(pick(BLUE1))
    s2.apply(A_DONE)
    assert s2.acting != 0


# ----- accidents -----------------------------------------------------------------------------
def test_accident_ends_the_turn_and_costs_half_the_sputniks_rounded_down():
    s = roll_for(table(), 0, 0, 1, {BLUE1: 3})
    s.die_action[WHITE1] = 1
    s.sputniks[0], s.sputnik_supply = 7, 23
    s.apply(pick(BLUE1))
    assert s.sputniks[0] == 4 and s.sputnik_supply == 26 and s.crashed[0] == 1 and s.acting != 0


# ----- the goal and the end --------------------------------------------------------------------
def test_crossing_the_goal_ends_the_turn_and_the_game_at_the_end_of_the_round():
    s = roll_for(table(), 0, 34, 1, {BLUE1: 3})           # two steps more than needed
    s.die_action[WHITE1] = 1
    s.apply(pick(BLUE1))
    assert s.column[0] == 35 and s.finish_place[0] == 1 and s.acting == 1 and s.phase == PROGRAM
    while s.phase != OVER:                               # the others still play the round
        s.apply(s.legal_actions()[0])
    assert s.round == 1


def test_scoring_goal_points_last_card_points_and_sputniks():
    s = GAME.new_state(3, 1)
    s.finish_place = [1, 2, 0]
    s.column = [35, 35, 31]
    s.arrived = 2
    assert [board_points(s, a) for a in range(3)] == [11, 10, 6]
    s.column[2] = 20
    assert board_points(s, 2) == 0
    s.sputniks = [0, 3, 0]
    s.sputnik_supply = 27
    assert s.scores() == [11.0, 13.0, 0.0]


def test_ties_go_to_the_higher_race_score_then_the_first_to_arrive():
    from cosmodrome.games.moon.scoring import end_game
    s = GAME.new_state(3, 1)
    s.finish_place, s.column, s.arrived = [2, 1, 0], [35, 35, 34], 2
    s.sputniks, s.sputnik_supply = [1, 0, 2], 27              # 11 / 11 / 11: 0 and 1 have 10 and 11 race points
    end_game(s)
    assert s.winners() == [1]
    s = GAME.new_state(2, 1)                          # 2 players: both seats reach the goal
    s.finish_place, s.column, s.arrived = [2, 1, 0, 0], [35, 35, 30, 30], 2
    end_game(s)
    assert s.scores() == [15.0, 16.0] and s.winners() == [1]


# ----- end of the round ----------------------------------------------------------------------
def test_end_of_round_ec_to_the_last_and_handicap_to_the_first_ties_included():
    from cosmodrome.games.moon.rounds import hand_out
    s = GAME.new_state(4, 1)
    s.column = [10, 10, 3, 3]
    hand_out(s)
    assert s.handicaps == [1, 1, 0, 0] and s.ec_counters == [0, 0, 1, 1]
    assert s.handicap_supply == 3 and s.ec_supply == 8


def test_astronauts_all_on_one_column_are_each_last_and_first():
    """RB End the round: "Players in last position (or tied) take a EC counter" and "Players
    in first position (or tied) get a Handicap counter": all level, each is both (ruling 8)."""
    from cosmodrome.games.moon.rounds import hand_out
    s = GAME.new_state(3, 1)
    s.column, s.level = [10, 10, 10], [1, 2, 1]             # a level difference is no lead
    hand_out(s)
    assert s.ec_counters == [1, 1, 1] and s.handicaps == [1, 1, 1] and s.ec_supply == 7 and s.handicap_supply == 2


# ----- 2 players ---------------------------------------------------------------------------
def test_two_players_exchange_counters_when_landing_on_their_own_astronaut():
    s = GAME.new_state(2, 3, {"max_red": 0})
    s.cards = [card(n) for n in ("Mare", "Hill", "Crater field", "Tunnel mountain", "Mountain")]
    s.strip, s.icons, s.boxes = lap(s.comp, tuple(s.cards))
    roll_for(s, 0, 0, 1, {BLUE1: 2})
    s.die_action[WHITE1] = 1
    s.column[2], s.level[2] = 2, 1                          # astronaut 2 is seat 0's other one
    s.sputniks[0], s.sputniks[2], s.ec_counters[2], s.sputnik_supply, s.ec_supply = 1, 3, 2, 26, 8
    s.apply(pick(BLUE1))
    assert s.phase == SWAP_SPK and s.legal_actions() == [A_COUNT + n for n in range(5)]
    s.apply(A_COUNT + 4)
    assert (s.sputniks[0], s.sputniks[2]) == (4, 0) and s.phase == SWAP_EC
    s.apply(A_COUNT + 1)
    assert (s.ec_counters[0], s.ec_counters[2]) == (1, 1) and s.phase == GO_ON


def test_seat_scores_add_both_astronauts_in_the_two_player_game():
    s = GAME.new_state(2, 1)
    s.sputniks, s.sputnik_supply = [1, 2, 3, 4], 20
    assert s.scores() == [4.0, 6.0]


# ----- bad input ---------------------------------------------------------------------------
def test_an_illegal_action_is_refused_and_changes_nothing():
    s = GAME.new_state(3, 1)
    before = s.to_json()
    with pytest.raises(IllegalActionError, match="not legal"):
        s.apply(A_PICK)
    assert s.to_json() == before


@pytest.mark.parametrize("field, value", [("spk", [1, 0, 0]), ("cards", [0, 0, 1, 2, 3]), ("phase", 99),
                                          ("col", [0, 0]), ("rng", "x")])
def test_a_malformed_saved_state_is_refused_with_a_reason(field, value):
    d = GAME.new_state(3, 1).to_json()
    d[field] = value
    with pytest.raises(RecordError):
        GAME.state_from_json(d)


def test_a_move_that_runs_into_rock_at_once_is_named_as_such():
    """A move whose first step is into rock leaves no box: its label says so, rather than
    naming its own box as a place to go to (issue 27: labels a new player can read)."""
    s = roll_for(table(), 0, 0, 1, {WHITE1: 2, BLUE1: 2})
    d, m = WHITE1, 1                                   # down first: rock under the goal box
    assert not s.preview(0, d, m).path
    label = s.action_label(pick(d, m))
    assert label.endswith(": no step possible, an accident in the goal box") and " to " not in label
    assert s.action_label(pick(BLUE1)).endswith("to card 1 (Mare), column 2, level 1")
