"""Each rule of March on Mars (../shared/rules/walking-on-the-moon-and-march-on-mars.md,
second half) as a test, on positions set up by hand."""

import pytest
from mars_helpers import GAME, alien, bare, check_invariants, col_of, landed, rolled

from cosmodrome.core import IllegalActionError, RecordError
from cosmodrome.games.lunar.dice import ACCIDENT
from cosmodrome.games.mars import combat, rounds, turn, waves
from cosmodrome.games.mars.state import (
    A_BAIT,
    A_DONE,
    A_MISSILE,
    A_MOVE,
    A_NUKE,
    A_PROGRAM,
    A_REROLL,
    A_SEAT,
    A_SHOOT,
    A_SUPPORT,
    ACT,
    CHOOSE,
    D_RIGHT,
    DEAD,
    FAR_RIGHT,
    GONE,
    LEFT,
    LZ,
    NEAR_RIGHT,
    OVER,
    PROGRAM,
    RIGHT,
)

Y, B, R = 0, 1, 2


# ----- prepare landing -------------------------------------------------------------------
def test_setup_full_ring_for_three_or_more():
    s = landed(3, 4)
    assert len(s.cards) == 4 and len(s.strip) == 2 + 4 * 6 + 4
    assert s.sides == (LEFT, RIGHT)
    for side, d in zip((LEFT, RIGHT), s.defenders()):
        assert s.colour(d) == R and s.zone[s.alien_place[d] // s.levels] == (0 if side == LEFT else D_RIGHT)
    assert s.upgrades == [0, 0] and s.round == 1
    assert all(s.zone[c] == LZ for c in s.column)
    for z in (1, 2, 4, 5):
        assert len(waves.aliens_in_zone(s, z)) == 3 + 1
    assert s.phase == CHOOSE and s.legal_actions() == [A_SEAT + m for m in range(3)]


def test_baby_marines_face_smaller_setup_waves():
    # ruling 11 (RB Prepare landing: the set-up groups are waves; Threat level, baby marine)
    s = landed(3, 4, {"threat": "baby"})
    assert all(len(waves.aliens_in_zone(s, z)) == 3 for z in (1, 2, 4, 5))
    s = landed(2, 4, {"threat": "baby"})
    assert len(waves.aliens_in_zone(s, NEAR_RIGHT)) == len(waves.aliens_in_zone(s, FAR_RIGHT)) == 2


def test_setup_half_board_for_two():
    s = landed(2, 4)
    assert len(s.cards) == 2 and s.sides == (RIGHT,) and len(s.strip) == 4 + 12 + 1
    assert s.alien_place[s.defenders()[LEFT]] == GONE and s.defender_alive(RIGHT)
    assert len(waves.aliens_in_zone(s, NEAR_RIGHT)) == 3 and len(waves.aliens_in_zone(s, FAR_RIGHT)) == 3


def test_random_upgrades_come_from_the_six_counters():
    seen = {tuple(GAME.new_state(3, k, {"upgrades": "random"}).upgrades) for k in range(30)}
    assert len(seen) > 2 and all(0 <= u <= 2 for pair in seen for u in pair)


# ----- free order among the marines --------------------------------------------------------
def test_the_first_waiting_marine_chooses_who_acts_and_the_chosen_one_plays():
    s = landed(3, 1)
    assert s.to_move() == 0
    s.apply(A_SEAT + 2)
    assert s.phase == PROGRAM and s.to_move() == 2
    s.apply(A_PROGRAM + 0 * 3 + 0)
    s.apply(A_DONE)
    while s.to_move() == 2 and not s.is_terminal():
        s.apply(s.legal_actions()[0] if s.phase != ACT else s.legal_actions()[-1])
    assert s.acted[2] == 1 and s.phase == CHOOSE and s.to_move() == 0
    assert s.legal_actions() == [A_SEAT + 0, A_SEAT + 1]


# ----- programming ---------------------------------------------------------------------------
def test_four_dice_on_up_to_three_actions():
    s = landed(2, 1)
    s.apply(A_SEAT + 0)
    assert A_DONE not in s.legal_actions()          # at least one die
    for d in range(4):
        s.apply(A_PROGRAM + d * 3 + (d % 3))
    assert all(a < A_PROGRAM for a in s.legal_actions())   # no fifth die
    with pytest.raises(IllegalActionError):
        s.apply(A_PROGRAM + 5 * 3)


def test_a_crashed_marine_gets_up_with_two_dice():
    s = landed(2, 1)
    s.crashed[0] = 1
    s.apply(A_SEAT + 0)
    assert s.crashed[0] == 0 and s.dice_count == 2


def test_a_turn_starts_every_field_marked_turn_scoped_afresh():
    """Every field ``state.FIELDS`` marks turn-scoped (``TURN_START``) is back at its start
    value when a marine's turn begins, whatever the last turn left there (the action being
    played none yet, no die on an action, every face, flag and mask cleared)."""
    from cosmodrome.games.mars.state import TURN_START

    assert {"die_action", "faces", "foreseen", "slot", "wave_dice", "injected", "precog", "rolled_dice",
            "drone_step", "jet_die", "cards_passed"} <= set(TURN_START)
    s = landed(2, 1)
    for f in TURN_START:                              # what a turn may leave behind
        setattr(s, f, [1] * 6 if isinstance(getattr(s, f), list) else 1)
    s.apply(A_SEAT + 0)
    for f in TURN_START:
        want = -1 if f == "slot" else [-1] * 6 if f == "die_action" else [0] * 6 if f in ("faces", "foreseen") else 0
        assert getattr(s, f) == want, f


# ----- moving -----------------------------------------------------------------------------
def test_move_forward_or_backward_on_the_lunar_rules():
    s = bare(3)
    lz = s.zone_cols(LZ)
    s.column[0], s.level[0] = lz[1], 1
    rolled(s, 0, {0: 1})
    legal = s.legal_actions()
    assert A_MOVE + (0 * 2 + 0) * 8 in legal and A_MOVE + (0 * 2 + 1) * 8 in legal
    s.apply(A_MOVE + (0 * 2 + 1) * 8)
    assert s.column[0] == lz[0] and s.level[0] == 1


def test_a_marine_may_land_on_a_living_defender_but_its_barrier_stops_anything_beyond():
    # ruling 3 (RB The red defenders): the box can be entered, not passed across
    s = bare(2)
    d_col = col_of(s, D_RIGHT)
    s.column[0], s.level[0] = d_col - 2, 1
    s.strip = s.strip[:d_col - 2] + (s.strip[d_col],) * 2 + s.strip[d_col:]   # flat ground before the box
    rolled(s, 0, {0: 2})
    j = s.preview(0, 0, 0, 0)
    assert (j.col, j.level, j.outcome) == (d_col, 1, "safe")
    s.apply(A_MOVE)                                       # one die on the action: the turn ends there
    assert (s.column[0], s.crashed[0]) == (d_col, 0) and combat.engaged(s, 0)
    s.column[0] = d_col - 2
    rolled(s, 0, {0: 3})
    j = s.preview(0, 0, 0, 0)
    assert (j.col, j.outcome) == (d_col, "barrier")       # past the box: a crash in it


def test_the_barrier_falls_with_its_defender():
    """RB The red defenders: "a force barrier behind them will make you crash": the barrier
    is the living defender's; once it is dead, a move that would go on into the MMM ends in
    the box, without an accident (ruling 3)."""
    s = bare(2)
    d_col = col_of(s, D_RIGHT)
    s.strip = s.strip[:d_col - 2] + (s.strip[d_col],) * 2 + s.strip[d_col:]   # flat ground before the box
    s.column[0], s.level[0] = d_col - 2, 1
    s.alien_place[s.defenders()[RIGHT]] = GONE
    rolled(s, 0, {0: 3})
    j = s.preview(0, 0, 0, 0)
    assert (j.col, j.level, j.outcome) == (d_col, 1, "safe")
    s.apply(A_MOVE)
    assert (s.column[0], s.crashed[0]) == (d_col, 0)


def test_the_half_boards_edge_has_no_barrier():
    # ruling 3: the barrier is a living defender's; the LZ's far edge on the half board has none
    s = bare(2)
    s.column[0], s.level[0] = 1, 1
    rolled(s, 0, {0: 3})
    j = s.preview(0, 0, 1, 0)
    assert (j.col, j.level, j.outcome) == (0, 1, "safe")


def test_a_defender_fought_in_its_box_leaves_the_marine_beside_the_mmm():
    s = bare(2)
    d_col = col_of(s, D_RIGHT)
    s.column[0], s.level[0] = d_col, 1
    rolled(s, 0, {2: 1, 3: 1, 4: 2})
    assert s.legal_actions() == [A_SHOOT + 1]              # engaged: its own box with the 1s only
    s.apply(A_SHOOT + 1)
    assert s.defender_alive(RIGHT)                         # two hits: a red alien needs three
    rolled(s, 0, {2: 1, 3: 1, 4: 1})
    s.apply(A_SHOOT + 1)                                   # three 1s in close combat
    assert not s.defender_alive(RIGHT)
    s.acting, s.phase, s.die_action, s.rolled_dice = 0, PROGRAM, [-1] * 6, 0
    assert A_NUKE in s.legal_actions()


def test_an_accident_crashes_the_marine_and_ends_its_turn():
    s = bare(2)
    s.column[0], s.level[0] = col_of(s, LZ, 3), 1
    s.strip = s.strip[:4] + ((3, 2, 3, 3),) + s.strip[5:]     # a box without a circle next
    rolled(s, 0, {0: 1})
    s.apply(A_MOVE)
    assert s.crashed[0] == 1 and s.acted[0] == 1


def test_moving_with_the_accident_face_ends_in_an_accident():
    """RB Threat level: March on Mars "uses the same movement rules" as the Moon, where with
    the 2! face "you'll have an accident at the end of the jump" (RB How do I jump?; the
    Ranger's "you will not crash" says as much)."""
    s = bare(2)
    s.column[0], s.level[0] = col_of(s, LZ, 0), 1
    rolled(s, 0, {4: ACCIDENT})
    j = s.preview(0, 4, 0, 0)
    assert j.outcome == "safe"                              # the landing itself is safe
    s.apply(A_MOVE + (4 * 2 + 0) * 8)
    assert (s.column[0], s.crashed[0], s.acted[0]) == (col_of(s, LZ, 2), 1, 1)
    rolled(s, 0, {4: ACCIDENT})
    assert s.action_json(A_MOVE + (4 * 2 + 0) * 8)["outcome"] == "2! face"


def test_the_accident_face_is_ignored_by_a_standing_companion_and_the_ranger():
    from cosmodrome.games.mars.state import RANGER
    s = bare(2)
    c = col_of(s, LZ, 0)
    s.column, s.level = [c, c + 2], [1, 1]
    rolled(s, 0, {4: ACCIDENT})
    s.apply(A_MOVE + (4 * 2 + 0) * 8)                      # onto the companion's box: kept going
    assert s.column[0] == c + 2 and s.crashed[0] == 0
    s = bare(2)
    s.column[0], s.level[0] = c, 1
    s.training[0] = RANGER
    rolled(s, 0, {4: ACCIDENT})
    s.apply(A_MOVE + (4 * 2 + 0) * 8)
    assert s.column[0] == c + 2 and s.crashed[0] == 0


def test_a_standing_companion_cancels_an_accident_and_a_safe_landing_picks_up_a_mate():
    s = bare(2)
    s.strip = s.strip[:4] + ((3, 2, 3, 3),) + s.strip[5:]
    s.column[0], s.level[0] = 3, 1
    s.column[1], s.level[1] = 4, 1
    rolled(s, 0, {0: 1})
    s.apply(A_MOVE)
    assert s.crashed[0] == 0 and s.phase != CHOOSE     # kept going
    t = bare(2)
    t.column[1], t.level[1], t.crashed[1] = 1, 1, 1
    t.column[0], t.level[0] = 0, 1
    rolled(t, 0, {0: 1})
    t.apply(A_MOVE)
    assert t.crashed[1] == 0


# ----- shooting ---------------------------------------------------------------------------------
def test_groups_of_equal_values_shoot_at_their_exact_range():
    s = bare(3)
    c = col_of(s, LZ, 0)
    s.column[0], s.level[0] = c, 1
    target = alien(s, B, c + 2)
    rolled(s, 0, {0: 2, 1: 2, 2: 1})       # two 2s and a 1
    assert A_SHOOT + (0 * 4 + 2) * 4 + 1 in s.legal_actions()
    assert A_SHOOT + (0 * 4 + 1) * 4 + 1 not in s.legal_actions()   # nobody at range 1
    s.apply(A_SHOOT + (0 * 4 + 2) * 4 + 1)
    assert s.alien_place[target] == DEAD and s.kills[0] == 1


def test_hits_needed_by_colour_and_no_damage_carried_over():
    s = bare(3)
    c = col_of(s, LZ, 0)
    s.column[0], s.level[0] = c, 1
    red = alien(s, R, c + 1)
    for _ in range(2):
        rolled(s, 0, {0: 1, 1: 1})           # two hits: a red alien needs three
        s.die_action = [0, 0, 1, -1, -1, -1]
        s.apply(A_SHOOT + (0 * 4 + 1) * 4 + 1)
        assert s.alien_place[red] == s.box(c + 1, 1)
    rolled(s, 0, {0: 1, 2: 1, 4: 1})
    s.apply(A_SHOOT + (0 * 4 + 1) * 4 + 1)
    assert s.alien_place[red] == DEAD


def test_hits_are_spread_to_kill_most():
    assert combat.best_kills([1, 2, 3], 3) == [2]
    assert combat.best_kills([1, 1, 2], 3) in ([0, 2], [1, 2])
    assert combat.best_kills([3], 2) == []


def test_engaged_marines_fight_with_ones_only_or_lose_the_dice():
    s = bare(3)
    c = col_of(s, LZ, 1)
    s.column[0], s.level[0] = c, 1
    y = alien(s, Y, c)
    alien(s, Y, c + 2)
    s.column[1] = s.column[2] = c + 1                        # no companion: no re-roll
    rolled(s, 0, {0: 2, 1: 2})
    assert s.legal_actions() == [A_DONE]                 # no move, no other target
    rolled(s, 0, {0: 1, 1: 2})
    assert s.legal_actions() == [A_SHOOT + 1]            # own box, level 1
    s.apply(A_SHOOT + 1)
    assert s.alien_place[y] == DEAD


def test_dont_stop_marine_a_roll_must_be_used():
    s = landed(2, 3)
    s.apply(A_SEAT + 0)
    s.apply(A_PROGRAM)
    s.apply(A_DONE)
    assert s.phase == ACT and A_DONE not in s.legal_actions()


def test_a_wave_face_rolled_again_sends_no_wave():
    # ruling 9 (RB Martian waves: "ends with" the face in his dice)
    s = bare(2)
    s.column[0], s.level[0] = col_of(s, LZ, 0), 1
    s.column[1], s.level[1] = s.column[0], 1                    # a companion: one re-roll
    before = len(waves.aliens_in_zone(s, FAR_RIGHT))
    rolled(s, 0, {4: ACCIDENT})
    turn.note_face(s, 4, ACCIDENT)
    faces = iter([1])
    s.roll_die = lambda d: next(faces)
    s.apply(A_REROLL + 4)
    assert s.faces[4] == 1 and s.wave_dice == 0
    s.apply(A_MOVE + (4 * 2 + 0) * 8 + 1)                  # the black 1, the last action
    assert s.acted[0] == 1 and len(waves.aliens_in_zone(s, FAR_RIGHT)) == before


def test_a_wave_face_sends_a_wave_on_the_marines_side_at_the_end_of_its_turn():
    s = bare(2)
    s.column[0], s.level[0] = 2, 1
    before = len(waves.aliens_in_zone(s, FAR_RIGHT))
    rolled(s, 0, {4: ACCIDENT, 0: 1})
    s.wave_dice = 1
    s.apply(A_MOVE + (0 * 2 + 1) * 8)               # the last action: the turn ends
    assert s.acted[0] == 1 and len(waves.aliens_in_zone(s, FAR_RIGHT)) > before


# ----- waves and the base -------------------------------------------------------------------
def test_wave_size_by_threat_level():
    s = bare(3)
    lz = s.zone_cols(LZ)
    s.column = [col_of(s, NEAR_RIGHT), col_of(s, NEAR_RIGHT, 1), lz[3]]
    assert waves.wave_size(s, RIGHT) == 3                # two on the card; the LZ is on no side
    assert waves.wave_size(s, LEFT) == 2                 # the LZ's marine counts on neither side
    s.options["threat"] = "baby"
    assert waves.wave_size(s, RIGHT) == 2
    s.options["threat"] = "sergeant"
    assert waves.wave_size(s, RIGHT) == 4 and waves.wave_size(s, LEFT) == 2
    s.options["threat"] = "normal"
    s.column = [lz[3]] * 3
    assert waves.wave_size(s, LEFT) == 2                 # at least two


def test_deployment_order_by_colour_and_level():
    s = bare(2)
    boxes = waves.boxes(s, NEAR_RIGHT, RIGHT)
    assert all(s.circled(c, y) for c, y in boxes)
    assert boxes[0][0] >= boxes[-1][0]                    # closest to the MMM first
    ys = [i for i in range(len(s.alien_place)) if s.colour(i) == Y][:1]
    red = [len(s.alien_place) - 3]
    blue = [i for i in range(len(s.alien_place)) if s.colour(i) == B][:1]
    waves.deploy(s, ys + blue + red, NEAR_RIGHT, RIGHT)
    assert s.alien_place[red[0]] == s.box(*boxes[0]) and s.alien_place[blue[0]] == s.box(*boxes[1])
    far = boxes[-1][0]                                    # the column farthest from the MMM
    assert s.alien_place[ys[0]] == s.box(far, max(y for c, y in boxes if c == far))


def test_yellow_aliens_take_the_higher_box_of_a_column_first():
    """RB Martian waves: "In the case of several levels occupy higher levels first", yellow
    aliens too (they were put on the lower box first: the Tunnel ridge card)."""
    s = bare(2)
    near = s.zone_cols(NEAR_RIGHT)
    far = near[0]                                         # the column next to the LZ: farthest from the MMM
    s.strip = s.strip[:far] + ((3, 4, 1, 2),) + s.strip[far + 1:]   # a tunnel box below a surface box
    s.on_board()[3].clear()
    ys = [i for i in range(len(s.alien_place)) if s.colour(i) == Y][:2]
    waves.deploy(s, ys, NEAR_RIGHT, RIGHT)
    assert s.alien_place[ys[0]] == s.box(far, 2) and s.alien_place[ys[1]] == s.box(far, 1)


def test_a_wave_moves_a_card_towards_the_lz_with_a_bunker_killing_one():
    s = bare(2)
    near, far = col_of(s, NEAR_RIGHT, 0), col_of(s, FAR_RIGHT, 0)
    lvl = next(y for y in range(4) if s.standing(near, y))
    a1, a2 = alien(s, Y, near, lvl), alien(s, B, near, lvl)
    flvl = next(y for y in range(4) if s.standing(far, y))
    f = alien(s, Y, far, flvl)
    s.upgrades = [0, 1]
    waves.wave(s, RIGHT, "test")
    assert s.alien_place[a2] == DEAD and s.alien_place[a1] == waves.incoming(RIGHT)    # the bunker kills the toughest
    assert s.zone[s.alien_place[f] // s.levels] == NEAR_RIGHT
    assert len(waves.aliens_in_zone(s, FAR_RIGHT)) == waves.wave_size(s, RIGHT)
    check_invariants(s)


def test_each_bunker_guarding_a_side_kills_one_alien_of_each_wave():
    """RB Base upgrades: a bunker eliminates "any one alien of each wave passing through this
    defence": on the half board both counters guard the side in play, so two bunkers kill two
    (rulings 12 and 14)."""
    s = bare(2)
    near = col_of(s, NEAR_RIGHT, 0)
    lvl = next(y for y in range(4) if s.standing(near, y))
    a1, a2, a3 = alien(s, Y, near, lvl), alien(s, B, near, lvl), alien(s, Y, near, lvl)
    s.upgrades = [0, 0]
    waves.wave(s, RIGHT, "test")
    assert s.alien_place[a2] == DEAD and sorted([s.alien_place[a1], s.alien_place[a3]]).count(DEAD) == 1
    s = bare(2)
    a1, a2 = alien(s, Y, near, lvl), alien(s, B, near, lvl)
    s.upgrades = [0, 1]                                        # one bunker, sentinels
    waves.wave(s, RIGHT, "test")
    assert s.alien_place[a2] == DEAD and s.alien_place[a1] == waves.incoming(RIGHT)


def test_a_wave_to_the_unused_half_is_ignored():
    s = bare(2)
    before = list(s.alien_place)
    waves.wave(s, LEFT, "test")
    assert s.alien_place == before


def test_incoming_aliens_storm_the_lz_at_the_start_of_the_round():
    s = bare(2)
    a = alien(s, Y, 0)
    s.alien_place[a] = waves.incoming(RIGHT)
    waves.land_incoming(s)
    assert s.zone[s.alien_place[a] // s.levels] == LZ


def test_aliens_left_in_the_lz_hit_the_base_and_the_third_time_it_falls():
    s = bare(2)
    for k in range(3):
        a = alien(s, Y, 1)
        waves.base_attack(s)
        assert s.alien_place[a] == DEAD and s.base_hits == k + 1
    assert s.upgrades == [-1, -1] and s.phase == OVER and not s.winners()
    assert s.returns() == [0.0, 0.0] and s.summary()["end"] == "base"


def test_sentinels_shoot_into_the_lz():
    s = bare(2)
    s.upgrades = [1, 1]
    lz = s.zone_cols(LZ)
    ys = [alien(s, Y, c) for c in lz for _ in range(2)]
    waves.sentinels(s)
    assert any(s.alien_place[y] == DEAD for y in ys)


def test_eight_rounds_then_the_mmm_wins():
    s = bare(2)
    s.round = 8
    s.acted = [1, 1]
    rounds.end_round(s)
    assert s.phase == OVER and s.summary()["end"] == "rounds" and s.returns() == [0.0, 0.0]


# ----- the nuke --------------------------------------------------------------------------------
def nuke_position(players=2):
    s = bare(players)
    s.alien_place[s.defenders()[RIGHT]] = GONE
    d = col_of(s, D_RIGHT)
    s.column[0], s.level[0] = d, 1
    s.acting, s.phase, s.die_action = 0, PROGRAM, [-1] * 6
    return s


def test_the_nuke_only_beside_the_mmm_free_of_aliens():
    s = nuke_position()
    assert A_NUKE in s.legal_actions()
    alien(s, Y, s.column[0])
    assert A_NUKE not in s.legal_actions()
    s.column[0] = col_of(s, LZ)
    assert not turn.nuke_ready(s, 0)


@pytest.mark.parametrize("faces, won", [((3, 3, 2, 1), True), ((3, 2, 2, 1), False)])
def test_the_nuke_needs_nine_or_more(faces, won, monkeypatch):
    s = nuke_position()
    seq = iter(faces)
    monkeypatch.setattr(s, "roll_die", lambda d: next(seq))
    s.apply(A_NUKE)
    assert bool(s.winners()) is won
    if won:
        assert s.returns() == [1.0, 1.0] and s.summary()["end"] == "nuke"
    else:
        assert s.phase != OVER and s.acted[0] == 1


def test_a_companion_lets_the_nuke_reroll_its_lowest_die(monkeypatch):
    s = nuke_position()
    s.column[1], s.level[1] = s.column[0], 1
    seq = iter((3, 2, 2, 1, 2))
    monkeypatch.setattr(s, "roll_die", lambda d: next(seq))
    s.apply(A_NUKE)
    assert s.winners() == [0, 1]


def test_an_antenna_lets_a_first_roll_nuke_reroll_its_lowest_die(monkeypatch):
    # ruling 15 (RB Base upgrades: the antenna re-rolls a die of the first roll on its side)
    s = nuke_position()
    s.upgrades = [2, 2]
    seq = iter((3, 2, 2, 1, 2))
    monkeypatch.setattr(s, "roll_die", lambda d: next(seq))
    s.apply(A_NUKE)
    assert s.winners() == [0, 1]
    s = nuke_position()
    seq = iter((3, 2, 2, 1, 2))
    monkeypatch.setattr(s, "roll_die", lambda d: next(seq))
    s.apply(A_NUKE)
    assert s.winners() == []                               # without it, 8 is short


def test_the_companion_and_the_antenna_each_reroll_a_short_nuke(monkeypatch):
    # ruling 18 (RB Use me as a team, Base upgrades): two re-rolls, each its own
    s = nuke_position()
    s.column[1], s.level[1] = s.column[0], 1
    s.upgrades = [2, 2]
    seq = iter((3, 2, 2, 1, 1, 3))
    monkeypatch.setattr(s, "roll_die", lambda d: next(seq))
    s.apply(A_NUKE)
    assert s.winners() == [0, 1]


# ----- records -----------------------------------------------------------------------------------
def test_malformed_saved_states_are_refused_with_a_reason():
    s = landed(3, 1)
    d = s.to_json()
    with pytest.raises(RecordError, match="martian card"):
        GAME.state_from_json({**d, "cards": [0, 0, 1, 2]})
    with pytest.raises(RecordError, match="inconsistent"):
        GAME.state_from_json({**d, "aloc": [999] * len(d["aloc"])})
    with pytest.raises(RecordError, match="lacks"):
        GAME.state_from_json({k: v for k, v in d.items() if k != "upg"})


# ----- team play and support from the base -------------------------------------------------------
def test_one_reroll_a_roll_beside_a_companion(monkeypatch):
    s = bare(2)
    c = col_of(s, NEAR_RIGHT, 0)
    s.column = [c, c]
    s.level = [next(y for y in range(4) if s.standing(c, y))] * 2
    rolled(s, 0, {0: 1, 1: 2})
    s.first_slot = -1                        # not the first roll: only the companion counts
    assert turn.reroll_sources(s) == [turn.RR_COMPANION]
    assert A_REROLL + 1 in s.legal_actions()
    monkeypatch.setattr(s, "roll_die", lambda d: 3)
    s.apply(A_REROLL + 1)
    assert s.faces[1] == 3 and not any(a >= A_REROLL for a in s.legal_actions())   # once a roll


def test_the_lz_and_the_antenna_give_a_reroll_on_the_first_roll_only():
    s = bare(3)
    lz = s.zone_cols(LZ)
    s.column = [lz[0], col_of(s, NEAR_RIGHT, 3), col_of(s, FAR_RIGHT, 3)]
    s.level = [1] + [next(y for y in range(4) if s.standing(c, y)) for c in s.column[1:]]
    rolled(s, 0, {0: 1})
    s.first_slot = 0
    assert turn.reroll_sources(s) == [turn.RR_LZ]
    s.slot = 1
    assert turn.reroll_sources(s) == []
    s.upgrades = [2, 2]                            # antennas on both sides
    rolled(s, 1, {0: 1})
    s.first_slot = 0
    assert turn.reroll_sources(s) == [turn.RR_ANTENNA]


def test_the_companion_lz_and_antenna_rerolls_add_up(monkeypatch):
    """RB Use me as a team ("re-roll one dice of any roll"), Supporting from base ("re-roll one
    dice from his first roll") and Base upgrades ("repeat 1 dice from the first roll"): three
    benefits, each its own (ruling 18)."""
    s = bare(2)
    lz = s.zone_cols(LZ)
    s.column, s.level = [lz[3], lz[3]], [1, 1]
    s.upgrades = [2, 2]
    rolled(s, 0, {0: 1, 1: 1, 2: 1})
    s.first_slot = 0
    assert turn.reroll_sources(s) == [turn.RR_COMPANION, turn.RR_LZ, turn.RR_ANTENNA]
    monkeypatch.setattr(s, "roll_die", lambda d: 3)
    for d in (0, 1, 2):
        assert A_REROLL + d in s.legal_actions()
        s.apply(A_REROLL + d)
    assert s.faces[:3] == [3, 3, 3] and not any(a >= A_REROLL for a in s.legal_actions())


def test_a_crashed_companion_in_the_box_still_gives_the_reroll():
    """RB Use me as a team: "If you are with other marines in the same box, you can re-roll one
    dice": no standing needed (only the accident asks for a "stand-up companion")."""
    s = bare(2)
    c = col_of(s, NEAR_RIGHT, 0)
    s.column = [c, c]
    s.level = [next(y for y in range(4) if s.standing(c, y))] * 2
    s.crashed[1] = 1
    rolled(s, 0, {0: 1, 1: 2})
    assert turn.reroll_sources(s) == [turn.RR_COMPANION] and A_REROLL + 1 in s.legal_actions()


def test_tactical_support_from_the_lz_stands_a_crashed_marine_up():
    s = bare(2)
    s.column[0], s.level[0] = 0, 1
    s.crashed[1] = 1
    s.acting, s.phase, s.die_action = 0, PROGRAM, [-1] * 6
    assert A_SUPPORT + 1 in s.legal_actions()
    s.apply(A_SUPPORT + 1)
    assert s.crashed[1] == 0 and s.acted[0] == 1
    t = bare(2)
    t.column[0], t.level[0], t.crashed[1] = 0, 1, 1
    alien(t, Y, 0)
    t.acting, t.phase, t.die_action = 0, PROGRAM, [-1] * 6
    assert A_SUPPORT + 1 not in t.legal_actions()      # not with aliens in the box


def base_turn(players=2):
    s = bare(players)
    s.column[0], s.level[0] = 0, 1
    s.acting, s.phase, s.die_action = 0, PROGRAM, [-1] * 6
    return s


@pytest.mark.parametrize("kind, killed", [(0, 1), (1, 3)])
def test_the_missile_battery_pierces_one_box_or_fragments_three_columns(kind, killed, monkeypatch):
    s = base_turn()
    s.column[1], s.level[1] = 1, 1
    target = 1 + 3                                        # white dice 1 + 2 from the beacon
    boxes = [(c, next(y for y in range(4) if s.standing(c, y) and s.circled(c, y)))
             for c in (target - 1, target, target + 1)]
    blues = [alien(s, B, c, y) for c, y in boxes]
    red = alien(s, R, *boxes[1])
    seq = iter((1, 2))
    monkeypatch.setattr(s, "roll_die", lambda d: next(seq))
    s.apply(A_MISSILE + (kind * 2 + 0) * 5 + 1)
    dead = [a for a in blues + [red] if s.alien_place[a] == DEAD]
    if kind == 0:
        assert dead == [red]                              # 3 hits: the red one of the crowded box
    else:
        assert dead == [] and s.acted[0] == 1             # 1 hit each: blue and red survive
    assert s.acted[0] == 1


def test_the_bait_rolls_the_white_die_again():
    s = base_turn()
    s.apply(A_BAIT)
    assert s.bait == 1 and s.acted[0] == 1
    s.white_die = 2
    assert rounds.bait_fooled(s)                          # half board: the side in play
    s.white_die = 1
    assert not rounds.bait_fooled(s)


def test_the_first_game_hint_of_an_accident_face_move_names_the_accident():
    """F1 of the rules review: an ``act`` option moving with the 2! face (RB How do I jump?,
    ruling 49) is hinted as an accident, not grouped with the shots."""
    s = bare(2)
    s.column[0], s.level[0] = col_of(s, LZ, 0), 1
    rolled(s, 0, {4: ACCIDENT})
    a = A_MOVE + (4 * 2 + 0) * 8
    d = s.decision()
    assert a in [o.action for o in d.options]
    h = GAME.hint(d)
    text = next(o["text"] for o in h["options"] if a in o["actions"])
    assert "accident" in text and "Shoots" not in text
