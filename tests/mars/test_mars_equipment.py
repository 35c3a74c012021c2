"""The equipment of March on Mars (rules, "Equipment" and "Threat level"; rulings in
docs/rulings/mars.md): when cards are drawn, the hidden tunnel box, each of the eight cards as
a test of its outcome, sharing in a box, the reshuffle, and what the view shows."""

import pytest
from mars_helpers import GAME, alien, bare, check_invariants, col_of, landed, rolled

from cosmodrome.games.mars import equipment, rounds, turn
from cosmodrome.games.mars.combat import hit_box
from cosmodrome.games.mars.state import (
    A_GIVE,
    A_MOVE,
    A_NUKE,
    A_REROLL,
    A_ROLL,
    A_STEP,
    A_USE,
    ACT,
    AMMO,
    CHARM,
    CHARM_CARD,
    D_RIGHT,
    DEAD,
    DECK,
    DISCARD,
    GONE,
    JET_BOOTS,
    LASER_KNIFE,
    LZ,
    MOUNT,
    NEURAL_CHIP,
    PROGRAM,
    RAIL_GUN,
    RIGHT,
    ROPE,
    encode_shot,
)

Y, B, R = 0, 1, 2


def shot(back, rng, lvl=1):
    return encode_shot(back, rng, lvl)


def holding(s, m, card):
    s.equipment_place[card] = m
    return card


def in_lz(s, m=0, k=0):
    c = col_of(s, LZ, k)
    s.column[m], s.level[m] = c, 1
    return c


# ----- when equipment comes -------------------------------------------------------------------
def test_the_drop_comes_at_round_five_only_if_no_defender_is_dead():
    s = bare(3)
    assert not s.equipment_in_play
    s.round = 5
    equipment.drop(s)
    assert s.equipment_in_play
    t = bare(3)
    t.alien_place[t.defenders()[RIGHT]] = GONE
    t.round = 5
    equipment.drop(t)
    assert not t.equipment_in_play


def test_baby_marines_have_equipment_from_the_start_sergeants_never():
    assert landed(2, 3, {"threat": "baby"}).equipment_in_play == 1
    s = bare(2, threat="sergeant")
    s.round = 5
    equipment.drop(s)
    assert not s.equipment_in_play and s.view(0)["equipment"]["in_play"] is False


def test_a_red_or_blue_kill_draws_a_card_a_yellow_one_or_the_base_does_not():
    s = bare(3)
    s.equipment_in_play = 1
    c = in_lz(s)
    y, b = alien(s, Y, c + 1), alien(s, B, c + 2)
    rolled(s, 0, {0: 1})
    s.apply(shot(0, 1))
    assert s.alien_place[y] == DEAD and s.hand(0) == []
    rolled(s, 0, {0: 2, 2: 2})
    s.apply(shot(0, 2))
    assert s.alien_place[b] == DEAD and len(s.hand(0)) == 1
    r = alien(s, R, c + 1)
    hit_box(s, c + 1, 1, 3, -1, "The sentinels")
    assert s.alien_place[r] == DEAD and sum(1 for w in s.equipment_place if w >= 0) == 1
    check_invariants(s)


def test_no_draw_before_the_drop():
    s = bare(3)
    c = in_lz(s)
    b = alien(s, B, c + 2)
    rolled(s, 0, {0: 2, 2: 2})
    s.apply(shot(0, 2))
    assert s.alien_place[b] == DEAD and s.hand(0) == []


def test_the_first_marine_landing_on_the_hidden_tunnel_box_gets_a_card():
    s = bare(2, seed=8)
    col, lvl = s.hidden_box()
    hidden = [b for z in s.view(0)["zones"] for b in z["boxes"] if b.get("hidden_equipment")]
    assert [(b["col"], b["level"]) for b in hidden] == [(col, lvl)]
    s.column[0], s.level[0] = col - 1, lvl
    rolled(s, 0, {0: 1})
    s.apply(s.legal_actions()[0])
    assert (s.column[0], s.level[0]) == (col, lvl)
    assert len(s.hand(0)) == 1 and s.hidden_taken                  # before the drop, too
    assert not any(b.get("hidden_equipment") for z in s.view(0)["zones"] for b in z["boxes"])
    s.column[1], s.level[1] = col - 1, lvl
    rolled(s, 1, {0: 1})
    s.apply(s.legal_actions()[0])
    assert s.hand(1) == []                                          # only the first one


def test_a_marine_moving_through_the_hidden_box_enters_it_and_gets_the_card():
    """RB Equipment: "First marine entering this space will get an equipment card": a move
    that goes through the box enters it (ruling 40)."""
    s = bare(2, seed=8)
    col, lvl = s.hidden_box()
    s.column[0], s.level[0] = col - 1, lvl
    rolled(s, 0, {0: 2})
    j = s.preview(0, 0, 0, 0)
    assert (col, lvl) in j.path and (j.col, j.level) != (col, lvl)
    s.apply(A_MOVE)
    assert len(s.hand(0)) == 1 and s.hidden_taken


# ----- the eight cards ------------------------------------------------------------------------------
def test_lucky_charm_rolls_chosen_dice_again(monkeypatch):
    s = bare(3)
    in_lz(s)
    holding(s, 0, CHARM_CARD)
    rolled(s, 0, {0: 1, 1: 1, 2: 2})
    s.apply(A_USE + CHARM_CARD)
    assert s.phase == CHARM and s.equipment_place[CHARM_CARD] == DISCARD
    s.apply(A_REROLL + 0)
    s.apply(A_REROLL + 1)
    monkeypatch.setattr(s, "roll_die", lambda d: 3)
    s.apply(A_ROLL)
    assert s.phase == ACT and s.faces[:3] == [3, 3, 2]


def test_lucky_charm_saves_a_short_nuke(monkeypatch):
    s = bare(2)
    s.alien_place[s.defenders()[RIGHT]] = GONE
    s.column[0], s.level[0] = col_of(s, D_RIGHT), 1
    s.acting, s.phase, s.die_action = 0, PROGRAM, [-1] * 6
    holding(s, 0, CHARM_CARD)
    seq = iter([1, 1, 1, 1] + [3] * 4)
    monkeypatch.setattr(s, "roll_die", lambda d: next(seq))
    s.apply(A_NUKE)
    assert s.winners() == [0, 1] and s.equipment_place[CHARM_CARD] == DISCARD


def test_badass_ammo_adds_a_hit():
    s = bare(3)
    c = in_lz(s)
    red = alien(s, R, c + 1)
    holding(s, 0, AMMO)
    rolled(s, 0, {0: 1, 1: 1})
    s.apply(A_USE + AMMO)
    s.apply(shot(0, 1))
    assert s.alien_place[red] == DEAD and s.equipment_place[AMMO] == DISCARD


@pytest.mark.parametrize("card, kind, column, end", [
    (JET_BOOTS, 0, (3, 3, 1, 0), 2),        # a box one level up
    (ROPE, 1, (1, 0, 0, 0), 0),             # a box one level down
    (MOUNT, 2, (3, 1, 0, 0), 1),            # the next box on the level
])
def test_free_steps_up_down_and_straight(card, kind, column, end):
    s = bare(3)
    c = in_lz(s, k=3)
    s.strip = s.strip[:c + 1] + (column,) + s.strip[c + 2:]
    holding(s, 0, card)
    turn.begin_turn(s, 0)
    s.apply(A_STEP + kind * 2 + 0)
    assert (s.column[0], s.level[0]) == (c + 1, end) and s.crashed[0] == 0
    assert s.equipment_place[card] == DISCARD and s.phase == PROGRAM


def test_neural_chip_turns_the_training_card_over():
    s = bare(2)
    s.training[0] = s.training_card[0] * 2
    holding(s, 0, NEURAL_CHIP)
    turn.begin_turn(s, 0)
    s.apply(A_USE + NEURAL_CHIP)
    assert s.training[0] == s.training_card[0] * 2 + 1 and s.equipment_place[NEURAL_CHIP] == DISCARD


def test_laser_knife_kills_the_toughest_alien_in_the_box():
    s = bare(3)
    c = in_lz(s)
    y, r = alien(s, Y, c), alien(s, R, c)
    holding(s, 0, LASER_KNIFE)
    turn.begin_turn(s, 0)
    s.apply(A_USE + LASER_KNIFE)
    assert s.alien_place[r] == DEAD and s.alien_place[y] == s.box(c, 1)


def test_rail_gun_makes_the_twos_hit_twice():
    s = bare(3)
    c = in_lz(s)
    b = alien(s, B, c + 2)
    holding(s, 0, RAIL_GUN)
    rolled(s, 0, {0: 2})
    s.apply(A_USE + RAIL_GUN)
    s.apply(shot(0, 2))
    assert s.alien_place[b] == DEAD


# ----- sharing, the deck -----------------------------------------------------------------------------
def test_cards_pass_freely_between_marines_in_one_box_once_a_turn_each():
    s = bare(2)
    c = in_lz(s)
    s.column[1], s.level[1] = c, 1
    holding(s, 1, AMMO)
    turn.begin_turn(s, 0)
    assert A_GIVE + AMMO * 5 + 1 in s.legal_actions()
    assert s.action_json(A_GIVE + AMMO * 5 + 1)["label"].startswith("take")
    s.apply(A_GIVE + AMMO * 5 + 1)
    assert s.equipment_place[AMMO] == 0 and A_GIVE + AMMO * 5 + 1 not in s.legal_actions()
    s.column[1] = c + 1
    holding(s, 0, MOUNT)
    assert not any(A_GIVE <= a < A_GIVE + 40 for a in s.legal_actions())     # not across boxes


def test_an_empty_deck_is_made_again_from_the_discard():
    s = bare(2)
    s.equipment_place = [DISCARD] * 7 + [1]
    assert equipment.draw(s, 0, "a test")
    assert len(s.hand(0)) == 1 and sum(1 for w in s.equipment_place if w == DECK) == 6
    s.equipment_place = [1] * 8
    assert not equipment.draw(s, 0, "a test") and s.hand(0) == []


def test_the_view_shows_every_hand_the_deck_size_and_the_discard_names():
    s = bare(3)
    holding(s, 2, RAIL_GUN)
    s.equipment_place[AMMO] = DISCARD
    for seat in (0, 1, 2, None):
        v = s.view(seat)
        assert v["marines"][2]["equipment"] == [{"name": "Rail-gun", "text": s.comp.equipment[RAIL_GUN].text}]
        assert v["equipment"]["deck"] == 6 and v["equipment"]["discard"] == ["Badass ammo"]
    assert "Rail-gun" in GAME.render_text(s.view(0), 0)


def test_the_deck_order_is_not_in_the_state_and_draws_follow_the_seed():
    a, b = bare(2, seed=5), bare(2, seed=5)
    for s in (a, b):
        s.equipment_in_play = 1
        equipment.draw(s, 0, "a test")
    assert a.hand(0) == b.hand(0)
    v = a.view(1)["equipment"]
    assert set(v) == {"deck", "discard", "in_play"} and v["deck"] == 7      # a count, never an order


def test_round_five_drop_through_the_round_flow():
    s = bare(2)
    s.round = 4
    s.acted = [1, 1]
    rounds.end_round(s)
    assert s.round == 5 and s.equipment_in_play
