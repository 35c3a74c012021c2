"""The action cards of the advanced rules (../shared/rules/walking-on-the-moon-and-march-on-mars.md,
"Action cards"): dealing and refreshing, each timing, the outcome of Planification, No
instructions, Sanction, Miscalculation and Cooperation, the red-card restriction, and the
hidden hands (views and determinizations). The cards that move astronauts out of turn
(Slipstream, Extra jump, Teamwork) are tested in test_moon_moving_cards.py."""

import json

import pytest
from moon_helpers import check_invariants, keep_unfitting
from test_moon_advanced import table
from test_moon_rules import BLUE1, WHITE1, pick, roll_for

from cosmodrome.core import IllegalActionError, RecordError, Rng
from cosmodrome.games.moon import GAME
from cosmodrome.games.moon.cards import deck_of, end_of_round
from cosmodrome.games.moon.heuristic import MoonHeuristic
from cosmodrome.games.moon.jumps import roll
from cosmodrome.games.moon.rounds import end_round
from cosmodrome.games.moon.state import (
    A_DONE,
    A_NEW,
    A_PLAY,
    A_PROGRAM,
    A_REMOVE,
    A_SEAT,
    CARD,
    EXTRA,
    PICK,
    PROGRAM,
    REFRESH,
    decode_program,
)
from cosmodrome.games.moon.turn import start_turn

EFFECTS = [a.effect for a in GAME.new_state(3, 1, {"advanced": True}).comp.actions]


def give(s, seat, effect):
    """Put a card with ``effect`` in ``seat``'s hand (its old card back into the deck)."""
    if s.hand[seat] >= 0:
        s.deck.append(s.hand[seat])
    card = EFFECTS.index(effect)
    if card in s.deck:
        s.deck.remove(card)
    else:
        s.discard.remove(card)
    s.hand[seat] = card


def empty_hands(s):
    for p in range(s.num_players):
        if s.hand[p] >= 0:
            s.deck.append(s.hand[p])
            s.hand[p] = -1


def test_setup_deals_one_hidden_card_to_each_player_from_the_whole_deck():
    s = GAME.new_state(4, 3, {"advanced": True})
    assert all(c >= 0 for c in s.hand)
    assert len(s.deck) == 24 - 4
    deck = [EFFECTS[c] for c in deck_of(s.comp)]
    assert sorted(set(deck)) == sorted(EFFECTS) and len(EFFECTS) == 8
    assert all(deck.count(e) == 3 for e in EFFECTS)
    base = GAME.new_state(4, 3)
    assert base.hand == [-1] * 4 and base.deck == [] and base.view(0)["cards"] is None


def test_a_new_round_draws_for_the_empty_handed_and_offers_a_refresh_to_the_others():
    s = table(3)
    empty_hands(s)
    give(s, 1, "sanction")
    s.round, s.order, s.turn_index = 1, [0, 1, 2], 3
    s.column = [5, 3, 2]
    s.deck = [c for c in s.deck if EFFECTS[c] != "planification"]   # no end-of-round card to play
    s.discard += [EFFECTS.index("planification")] * 3
    end_round(s)
    # seat 1 (behind) may hold an Extra jump or a Teamwork: asked, it keeps its Sanction (ruling 43)
    assert s.phase == CARD and s.to_move() == 1 and s.legal_actions() == [A_DONE]
    keep_unfitting(s)
    assert s.phase == REFRESH and all(c >= 0 for c in s.hand)
    assert s.to_move() == 0 and s.legal_actions() == [A_DONE, A_NEW]
    s.apply(A_DONE)
    assert s.to_move() == 1
    old = s.hand[1]
    s.apply(A_NEW)
    assert s.discard[-1] == old and s.hand[1] >= 0
    s.apply(A_DONE)
    assert s.phase in (PROGRAM, EXTRA, CARD)
    check_invariants(s)


def test_the_card_dealt_at_setup_may_be_swapped_at_the_start_of_round_1():
    """RB Action cards: "At the beginning of each round, if you don't have a card you get one.
    If already have a card you can discard it to get a new one": round 1 too (ruling 25)."""
    s = GAME.new_state(3, 5, {"advanced": True})
    assert s.round == 1 and s.phase == REFRESH and s.to_move() == s.asks[0] and len(s.asks) == 3
    assert s.legal_actions() == [A_DONE, A_NEW]
    first = s.asks[0]
    old = s.hand[first]
    s.apply(A_NEW)
    assert s.discard == [old] and s.hand[first] >= 0 and len(s.deck) == 24 - 4
    s.apply(A_DONE)
    s.apply(A_DONE)
    assert s.phase in (PROGRAM, EXTRA, CARD) and s.round == 1
    check_invariants(s)


def test_an_empty_deck_is_made_again_from_the_shuffled_discard_pile():
    s = table(3)
    empty_hands(s)
    s.discard, s.deck = s.deck, []
    give(s, 0, "sanction")
    give(s, 1, "sanction")
    before = sorted(s.discard)
    s.round, s.order, s.turn_index, s.column = 1, [0, 1, 2], 3, [1, 1, 1]
    end_round(s)
    assert s.hand[2] >= 0 and sorted(s.deck + [s.hand[2]]) == before and s.discard == []
    assert any(e.kind == "card-shuffle" and e.chance for e in s.ev)


def test_planification_gives_an_ec_at_the_end_of_the_round_unless_first():
    s = table(3)
    empty_hands(s)
    give(s, 1, "planification")
    give(s, 2, "planification")
    s.round, s.order, s.turn_index = 1, [2, 1, 0], 3
    s.column = [3, 4, 6]                    # astronaut 2 leads: its Planification stays in hand
    end_round(s)
    assert s.phase == CARD and s.asks == [1] and s.legal_actions() == [A_DONE, A_PLAY]
    ec = s.ec_counters[1]
    kinds = [e.kind for e in s.apply(A_PLAY)]
    assert s.ec_counters[1] == ec + 1 and EFFECTS.index("planification") in s.discard
    assert kinds.index("card-play") < kinds.index("round") < kinds.index("card-draw")   # a new card next round
    assert EFFECTS[s.hand[2]] == "planification"


def round_ends_holding(seat, effect, order, cols):
    """A 3-player advanced table where only ``seat`` holds a card, ``effect``, at the end of
    round 1 with the astronauts on the columns ``cols``."""
    s = table(3)
    empty_hands(s)
    give(s, seat, effect)
    s.round, s.order, s.turn_index, s.column = 1, order, 3, cols
    end_round(s)
    return s


def test_planification_kept_gives_nothing():
    s = round_ends_holding(0, "planification", [1, 2, 0], [2, 4, 4])
    assert s.phase == CARD and s.to_move() == 0
    s.apply(A_DONE)
    assert s.ec_counters[0] == 1 and EFFECTS[s.hand[0]] == "planification"   # only the last-position EC


def test_no_end_of_round_card_is_asked_of_a_leader():
    s = table(3)
    empty_hands(s)
    give(s, 0, "planification")
    s.column = [6, 2, 6]
    assert not end_of_round(s, 0)


def turn_starts_against(seat):
    """A 3-player advanced table where only ``seat`` holds No instructions as astronaut 0,
    not last, begins its turn."""
    s = table(3)
    empty_hands(s)
    give(s, seat, "no-instructions")
    s.column, s.order, s.turn_index = [5, 3, 2], [0, 1, 2], 0
    start_turn(s, 0)
    return s


def test_no_instructions_takes_a_die_out_of_the_pool_before_programming():
    s = table(3)
    empty_hands(s)
    give(s, 1, "no-instructions")
    s.column = [5, 3, 2]
    s.order, s.turn_index = [0, 1, 2], 0
    start_turn(s, 0)
    assert s.phase == CARD and s.to_move() == 1
    assert s.legal_actions() == [A_DONE, A_REMOVE + 1, A_REMOVE + 3, A_REMOVE + 5]
    s.apply(A_REMOVE + 1)                # the second blue die
    assert s.phase == PROGRAM and s.to_move() == 0 and s.hand[1] == -1
    blues = [a for a in s.legal_actions() if a >= A_PROGRAM and decode_program(a)[0] in (0, 1)]
    assert blues == [A_PROGRAM + 0]      # one blue die left to program
    s.apply(A_PROGRAM)
    assert [a for a in s.legal_actions() if a >= A_PROGRAM and decode_program(a)[0] in (0, 1)] == []


def test_no_instructions_kept_leaves_the_six_dice():
    s = turn_starts_against(2)
    s.apply(A_DONE)
    assert s.phase == PROGRAM and s.removed_dice == 0 and EFFECTS[s.hand[2]] == "no-instructions"


def test_red_cards_spare_a_player_who_began_the_turn_last():
    s = table(3)
    empty_hands(s)
    give(s, 1, "no-instructions")
    s.column, s.order, s.turn_index = [2, 5, 3], [1, 2, 0], 2
    start_turn(s, 0)                     # astronaut 0 is last: nobody is asked
    assert s.phase == PROGRAM and s.acting_started_last == 1
    give(s, 1, "sanction")               # nor is its robbery sanctioned
    s2 = _robbery(s, robber=0)
    assert s2.handicaps[0] == 0 and s2.phase != CARD


def _robbery(s, robber):
    s = roll_for(s, robber, 0, 1, {BLUE1: 2})
    s.column[1], s.level[1], s.sputniks[1], s.sputnik_supply = 2, 1, 1, s.sputnik_supply - 1
    s.column[2], s.level[2] = 9, 1
    s.apply(pick(BLUE1))
    s.apply(A_SEAT + 1)
    return s


def test_sanction_gives_the_robber_a_handicap_counter():
    s = table(3)
    empty_hands(s)
    give(s, 1, "sanction")
    s.acting_started_last = 0
    s = _robbery(s, robber=0)
    assert s.phase == CARD and s.to_move() == 1 and s.legal_actions() == [A_DONE, A_PLAY]
    supply = s.handicap_supply
    s.apply(A_PLAY)
    assert s.handicaps[0] == 1 and s.handicap_supply == supply - 1 and s.sputniks[0] == 1 and s.hand[1] == -1
    assert s.to_move() == 0 or s.is_terminal() or s.phase != CARD
    check_invariants(s)


def rolled_with(holder, effect, dice, last=0):
    """Astronaut 0 (its turn begun last or not) rolls its first jump with ``dice``; only
    ``holder`` holds a card, ``effect``."""
    s = table(3)
    empty_hands(s)
    give(s, holder, effect)
    s = roll_for(s, 0, 0, 1, {d: 1 for d in dice})
    s.faces = [0] * 6
    s.acting_started_last = last
    roll(s)
    return s


def test_miscalculation_makes_a_roll_of_two_dice_be_rolled_again():
    s = rolled_with(2, "miscalculation", (BLUE1, WHITE1))
    assert s.phase == CARD and s.to_move() == 2 and s.legal_actions() == [A_DONE, A_PLAY]
    events = s.apply(A_PLAY)
    again = [e for e in events if e.kind == "roll"]
    assert len(again) == 1 and again[0].chance and set(again[0].data["faces"]) == {str(BLUE1), str(WHITE1)}
    assert s.phase == PICK and s.to_move() == 0 and s.faces[BLUE1] and s.faces[WHITE1]
    assert [s.faces[BLUE1], s.faces[WHITE1]] == [again[0].data["faces"][str(BLUE1)],
                                                 again[0].data["faces"][str(WHITE1)]]


def test_miscalculation_is_not_asked_for_one_die_nor_against_the_last():
    assert rolled_with(2, "miscalculation", (BLUE1,)).phase == PICK
    assert rolled_with(2, "miscalculation", (BLUE1, WHITE1), last=1).phase == PICK


def test_miscalculation_kept_leaves_the_dice():
    s = rolled_with(1, "miscalculation", (BLUE1, WHITE1))
    faces = list(s.faces)
    s.apply(A_DONE)
    assert s.phase == PICK and s.faces == faces and EFFECTS[s.hand[1]] == "miscalculation"


def test_cooperation_gives_a_sputnik_when_another_player_picks_one_up():
    s = table(3)
    empty_hands(s)
    give(s, 1, "cooperation")
    s = roll_for(s, 0, 0, 1, {BLUE1: 2})
    s.icons = frozenset({(1, 1)})        # an icon on the way
    s.column[1], s.level[1] = 9, 1
    s.apply(pick(BLUE1))
    assert s.sputniks[0] == 1 and s.phase == CARD and s.to_move() == 1
    supply = s.sputnik_supply
    s.apply(A_PLAY)
    assert s.sputniks[1] == 1 and s.sputnik_supply == supply - 1 and s.hand[1] == -1
    check_invariants(s)


def test_cooperation_is_not_asked_without_a_sputnik_picked_up():
    s = table(3)
    empty_hands(s)
    give(s, 1, "cooperation")
    s = roll_for(s, 0, 0, 1, {BLUE1: 2})
    s.icons = frozenset()
    s.apply(pick(BLUE1))
    assert s.phase != CARD and s.sputniks[1] == 0


def test_an_illegal_card_answer_changes_nothing():
    s = round_ends_holding(1, "planification", [0, 1, 2], [5, 3, 2])
    before = json.dumps(s.to_json())
    with pytest.raises(IllegalActionError):
        s.apply(A_REMOVE + 1)
    assert json.dumps(s.to_json()) == before


# ----- hidden hands -------------------------------------------------------------------------
def _played(seed, players, steps):
    s = GAME.new_state(players, seed, {"advanced": True})
    r = Rng(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        legal = s.legal_actions()
        s.apply(legal[r.below(len(legal))])
    return s


def test_views_show_a_seat_its_own_card_and_the_others_face_down():
    s = _played(4, 4, 30)
    for seat in range(4):
        hands = s.view(seat)["cards"]["hands"]
        for h in hands:
            assert h["holds"] == (s.hand[h["seat"]] >= 0)
            if h["seat"] == seat and h["holds"]:
                assert h["card"]["effect"] == EFFECTS[s.hand[seat]]
            else:
                assert h["card"] is None
    assert all(h["card"] is None for h in s.view(None)["cards"]["hands"])


def test_views_and_logs_do_not_change_when_hidden_cards_are_redrawn():
    """The view of a seat, as the JSON sent to it (key order included), is the same in
    every determinization for that seat, at many points of many games."""
    checked = 0
    for seed in range(12):
        s = GAME.new_state(2 + seed % 4, seed, {"advanced": True})
        r = Rng(seed)
        while not s.is_terminal():
            if r.below(4) == 0:
                for seat in range(s.num_players):
                    mine = json.dumps(s.view(seat))
                    for k in range(2):
                        twin = s.resample(seat, Rng(seed * 100 + k))
                        assert json.dumps(twin.view(seat)) == mine
                        assert twin.hand[seat] == s.hand[seat]
                        assert sorted(twin.deck + [c for c in twin.hand if c >= 0]) == \
                            sorted(s.deck + [c for c in s.hand if c >= 0])
                        if twin.to_move() == s.to_move():
                            twin.legal_actions()
                    checked += 1
            legal = s.legal_actions()
            s.apply(legal[r.below(len(legal))])
    assert checked > 100


def test_a_determinization_redraws_the_others_cards():
    s = GAME.new_state(5, 2, {"advanced": True})
    others = {tuple(s.resample(0, Rng(k)).hand[1:]) for k in range(20)}
    assert len(others) > 1


def test_a_card_draw_is_read_in_full_by_its_drawer_alone():
    s = GAME.new_state(3, 5, {"advanced": True})
    draws = [e for e in s.initial_events if e.kind == "card-draw"]
    assert len(draws) == 3
    for p, e in enumerate(draws):
        assert e.visible_to == frozenset({p})
        assert e.text_for((p + 1) % 3) == e.hidden_text and "draws an action card." in e.hidden_text


def test_state_json_round_trip_keeps_the_cards_and_refuses_a_lost_card():
    s = _played(7, 3, 40)
    d = s.to_json()
    t = GAME.state_from_json(d)
    assert (t.hand, t.deck, t.discard) == (s.hand, s.deck, s.discard)
    bad = dict(d, deck=d["deck"][:-1] if d["deck"] else [],
               discard=d["discard"][:-1] if not d["deck"] else d["discard"])
    with pytest.raises(RecordError, match="action cards"):
        GAME.state_from_json(bad)


def test_the_heuristic_plays_its_card_and_keeps_it_at_a_refresh():
    s = turn_starts_against(1)
    assert MoonHeuristic().choose(s) == A_REMOVE + 1
    s2 = table(3)
    s2.round, s2.order, s2.turn_index, s2.column = 1, [0, 1, 2], 3, [4, 4, 4]
    for p in range(3):
        if EFFECTS[s2.hand[p]] == "planification":
            give(s2, p, "sanction")
    end_round(s2)
    assert s2.phase == REFRESH and MoonHeuristic().choose(s2) == A_DONE


def test_the_heuristic_plays_miscalculation_against_good_dice_only():
    s = rolled_with(1, "miscalculation", (BLUE1, WHITE1))
    s.faces[BLUE1], s.faces[WHITE1] = 3, 1        # both end in an accident from the goal box: let them be
    assert MoonHeuristic().choose(s) == A_DONE
    s.faces[BLUE1], s.faces[WHITE1] = 2, 2        # a safe blue 2: make them roll again
    assert MoonHeuristic().choose(s) == A_PLAY


def test_the_terminal_shows_a_seat_its_own_card_only():
    s = table(3)
    empty_hands(s)
    give(s, 1, "sanction")
    give(s, 2, "cooperation")
    mine = GAME.render_text(s.view(1), 1)
    assert "Sanction" in mine and "Cooperation" not in mine and "1: none" in mine and "3: a card" in mine
    assert "Sanction" not in GAME.render_text(s.view(None), None)
