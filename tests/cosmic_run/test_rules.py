"""Every rule of Cosmic Run: Rapid Fire as a test; docstrings cite the rulebook (RB) section."""

import dataclasses

import pytest
from cosmic_run_helpers import (
    BLUE,
    GREEN,
    MINE,
    MISSILE,
    NAV,
    ORANGE,
    TRANSFORMER,
    WARP,
    attack_face,
    give_tech,
    hold_die,
    mine,
    move_face,
    new,
    place,
    play_random,
    tech_face,
)

from cosmodrome.core import IllegalActionError
from cosmodrome.games.cosmic_run import GAME, mines, rounds, scoring
from cosmodrome.games.cosmic_run.actions import (
    A_CARGO,
    A_LETTER,
    A_MISSILE,
    A_REROLL,
    A_STEP,
    A_STOP,
    A_TECH,
    A_TRANSFORM,
    A_USE,
)
from cosmodrome.games.cosmic_run.state import (
    DIE,
    DRAFT,
    LETTER,
    MISSILE_ATTACK,
    MISSILE_MINE,
    MOVE,
    RESUME_PICK,
    TECHPICK,
)

UP, LEFT, RIGHT, DL, DR, WU, WL, WR = (A_STEP + k for k in range(8))


# ----- setup and rounds -------------------------------------------------------------------
def test_setup_ships_below_tracks_captain_takes_first_die():
    """RB Setup: sheets, the first captain (seat 1, ruling) takes the first die; ships start below."""
    s = new(2)
    assert s.round == 1 and s.captain == 0
    assert s.phase == DRAFT and s.to_move() == 0
    assert all(p == s.comp.start_column for p in s.circle)
    assert sorted(s.legal_actions()) == list(range(8))


def test_first_round_one_mine_roll_on_both_sheets():
    """RB Phase I: the first round's icon shows one roll; both players mark the same coordinate."""
    s = new(2, seed=4)
    assert sum(1 for e in s.initial_events if e.kind == "mine-roll") == s.comp.round_track[0] == 1
    g = s.comp.nr * 9
    assert s.grid[:g] == s.grid[g:]
    assert sum(1 for x in s.grid if x & 16) == 6   # one circle per track on each sheet (side A)


def test_captain_rotates_and_drafting_alternates():
    """RB Phase II / End of Phase II: starting with the captain, players alternate; a new captain each round."""
    s = new(2, seed=2)
    takers = []
    while s.round == 1:
        if s.phase == DRAFT:
            takers.append(s.to_move())
            s.apply(s.legal_actions()[0])
        elif s.phase == DIE:
            s.apply(A_CARGO)
        else:
            s.apply(s.legal_actions()[-1] if s.phase == TECHPICK else s.legal_actions()[0])
    assert takers == [0, 1] * 4
    assert s.round == 2 and s.captain == 1
    assert s.phase == DRAFT and s.to_move() == 1 or s.phase == MISSILE_MINE


def test_the_round_ends_when_all_the_action_dice_of_the_data_are_taken():
    """RB: Phase II: players take dice "until all action dice are taken": as many picks as
    the component data has action dice (eight printed; data with six ends the round at six)."""
    s = new(2, seed=2)
    assert len(s.comp.dice) == 8
    s.picks, s.phase = 6, DRAFT
    rounds.next_pick(s)
    assert s.round == 1 and s.phase == DRAFT and s.to_move() == s.captain
    s.comp = dataclasses.replace(s.comp, dice=s.comp.dice[:6])
    rounds.next_pick(s)
    assert s.round == 2


def test_round_track_gives_number_of_mine_rolls():
    """RB Phase I: in each round the mine dice are rolled as often as the round's icon shows."""
    s = new(2, seed=11)
    counts = {1: sum(1 for e in s.initial_events if e.kind == "mine-roll")}
    from cosmodrome.core import Rng
    r = Rng(5)
    while not s.is_terminal():
        la = s.legal_actions()
        for e in s.apply(la[r.below(len(la))]):
            if e.kind == "mine-roll":
                counts[s.round] = counts.get(s.round, 0) + 1
    last = s.round if s.end_cause != "rounds" else 12
    for rnd in range(1, last):
        assert counts.get(rnd, 0) == s.comp.round_track[rnd - 1], rnd


def test_twelve_rounds_end_the_game():
    """RB Game End 3: after twelve rounds the game ends and is scored."""
    for seed in range(12):
        s = play_random(new(2, seed=seed), seed)
        if s.end_cause == "rounds":
            assert s.round == 12 and s.is_terminal()
            assert s.winners() == scoring.winners_by_score(s)
            return
    pytest.fail("no game reached the twelve-round end")


# ----- mines ------------------------------------------------------------------------------
def test_mine_hit_pushes_back_to_prior_location():
    """RB Movement Die example: the mine dice show B4, the ship there is hit, fills a heart and
    goes back to A3, the circle it came from (diagonally) — so the printed 3 and 4 are
    neighbouring rows."""
    s = new(2)
    place(s, 0, ORANGE, [(1, 0), (2, 0), (3, 0), (4, 1)])
    mines.start_roll(s, -1, [0], 1, 4, RESUME_PICK)      # the dice show B4
    assert s.mined(0, ORANGE, 4, 1) and s.mined(0, BLUE, 4, 1) and s.mined(0, GREEN, 4, 1)
    assert s.damage[0] == 1
    assert divmod(s.circle[0], 3) == (3, 0)
    hit = next(e.text for e in s.ev if e.kind == "hit")
    assert hit.endswith("pushed back to A3.")
    assert not s.mined(1, ORANGE, 4, 1)          # only the target sheet


def test_side_a_numbers_every_row_once_and_the_number_die_matches():
    """RB Minefield Variant implies one circle per coordinate on side A; the RB example (B4 back
    to A3) puts 3 and 4 on neighbouring rows: every row is numbered, row r carries r, and the
    number die has a face for every row, so each of the 36 circles of a track can be mined."""
    C = new(2).comp
    assert [C.labels[0][r] for r in range(1, C.rows + 1)] == list(range(1, C.rows + 1))
    assert sorted(C.numbers) == list(range(1, C.rows + 1))
    minable = {(r, c) for c in C.letters for n in C.numbers for r in C.rows_with(0, n)}
    assert minable == {(r, c) for r in range(1, C.rows + 1) for c in range(3)}


def test_side_b_white_numbers_twice_yellow_once_every_row_numbered():
    """RB Minefield Variant: white numbers occur twice, yellow ones once (ruling 31: every row
    carries a number, the two rows of a white number lie six apart, and each circle is as
    likely to be mined by a roll as on side A)."""
    C = new(2, side="B").comp
    counts = {n: len(C.rows_with(1, n)) for n in C.numbers}
    assert set(counts.values()) == {0, 1, 2}
    for n, k in counts.items():
        if k == 2:
            lo, hi = C.rows_with(1, n)
            assert hi == lo + 6
    assert all(C.labels[1][r] for r in range(1, C.rows + 1))


def test_push_back_skips_mined_prior_circles():
    """RB Phase I: pushed back to the nearest prior location a ship can stand on (ruling: not a mine)."""
    s = new(2)
    place(s, 0, BLUE, [(1, 1), (2, 1), (3, 1), (4, 1)])
    mine(s, 0, BLUE, 3, 1)                       # warped through earlier
    mines.start_roll(s, -1, [0], 1, 4, RESUME_PICK)
    assert divmod(s.circle[BLUE], 3) == (2, 1)


def test_mines_placed_behind_ship_but_not_on_reached_track():
    """RB Phase I: mines are placed even if the ship passed them, unless the ship reached the planet."""
    s = new(2)
    place(s, 0, ORANGE, [(r, 1) for r in range(1, 14)])
    place(s, 0, BLUE, [(r, 1) for r in range(1, 7)])
    mines.start_roll(s, -1, [0], 2, s.comp.labels[0][2], RESUME_PICK)
    assert not s.mined(0, ORANGE, 2, 2)
    assert s.mined(0, BLUE, 2, 2) and s.damage[BLUE] == 0


def test_already_mined_circle_ignores_roll():
    """RB Phase I: a roll on a circle that already holds a mine is ignored on that track: no new
    mark, no hit; a roll that finds every matching circle mined changes nothing at all (and asks
    for no missile)."""
    s = new(2)
    mine(s, 0, ORANGE, 2, 0)
    before = s.grid[:]
    mines.start_roll(s, -1, [0], 0, s.comp.labels[0][2], RESUME_PICK)
    changed = [i for i, (a, b) in enumerate(zip(before, s.grid)) if a != b]
    assert sorted(changed) == sorted([s.cell(0, BLUE, 2, 0), s.cell(0, GREEN, 2, 0)])
    placed = [e.text for e in s.ev if e.kind == "mines"]
    assert len(placed) == 1 and "orange" not in placed[0] and "blue A2" in placed[0]

    s = new(2)
    give_tech(s, 0, MISSILE)
    for t in range(3):
        mine(s, 0, t, 2, 0)
    assert not mines.affects(s, 0, 0, s.comp.labels[0][2])
    before, ev = s.grid[:], len(s.ev)
    mines.start_roll(s, -1, [0], 0, s.comp.labels[0][2], RESUME_PICK)
    assert s.grid == before and s.phase == DRAFT and s.avail(0, MISSILE) == 1
    assert not [e for e in s.ev[ev:] if e.kind in ("mines", "hit")]


def test_defensive_missile_before_marking_ignores_roll_on_all_tracks():
    """RB Points of Emphasis / Defensive Missile: after seeing a roll, a missile ignores it on all tracks."""
    s = new(2)
    give_tech(s, 0, MISSILE)
    mines.start_roll(s, -1, [0, 1], 1, 3, RESUME_PICK)
    assert s.phase == MISSILE_MINE and s.to_move() == 0
    s.apply(A_MISSILE)
    row = s.comp.rows_with(0, 3)[0]
    assert not any(s.mined(0, t, row, 1) for t in range(3))
    assert all(s.mined(1, t, row, 1) for t in range(3))
    assert s.tech_used[MISSILE] == 1 and s.avail(0, MISSILE) == 0


def test_no_missile_question_when_roll_changes_nothing():
    """RB Defensive Missile: the question is only asked when the roll would fill a circle (ruling)."""
    s = new(2)
    give_tech(s, 0, MISSILE)
    row = s.comp.rows_with(0, 3)[0]
    for t in range(3):
        mine(s, 0, t, row, 1)
    mines.start_roll(s, -1, [0], 1, 3, RESUME_PICK)
    assert s.phase == DRAFT and s.avail(0, MISSILE) == 1


def test_minefield_side_b_fills_all_matching_circles():
    """RB Minefield Variant: on side B every matching coordinate is filled (white numbers twice)."""
    s = new(2, side="B")
    twice = [n for n in s.comp.numbers if len(s.comp.rows_with(1, n)) == 2][0]
    rows = s.comp.rows_with(1, twice)
    mines.start_roll(s, -1, [0], 0, twice, RESUME_PICK)
    assert all(s.mined(0, ORANGE, r, 0) for r in rows) and len(rows) == 2


# ----- movement ---------------------------------------------------------------------------
def test_movement_starts_in_circle_closest_and_goes_up_or_sideways():
    """RB Movement Die: from below the track the first step enters the closest circle; then up or sideways."""
    s = new(2)
    hold_die(s, 0, move_face(BLUE, 3))
    s.apply(A_USE)
    assert s.phase == MOVE and s.legal_actions() == [A_STOP, UP]
    s.apply(UP)
    assert divmod(s.circle[BLUE], 3) == (1, s.comp.start_column)
    assert {UP, LEFT, RIGHT} <= set(s.legal_actions()) and DL not in s.legal_actions()


def test_may_move_fewer_pips():
    """RB Movement Die: the ship may move up to the number, not required to use all."""
    s = new(2)
    hold_die(s, 0, move_face(GREEN, 3))
    s.apply(A_USE)
    s.apply(UP)
    s.apply(A_STOP)
    assert divmod(s.circle[GREEN], 3)[0] == 1 and s.phase == DRAFT and s.to_move() == 1


def test_mine_blocks_and_warp_drive_passes_through():
    """RB Warp Drive: a mine blocks; with a warp drive the mine counts as a space (a pip) to an open circle beyond."""
    s = new(2)
    place(s, 0, BLUE, [(1, 1)])
    mine(s, 0, BLUE, 2, 1)
    hold_die(s, 0, move_face(BLUE, 2))
    s.apply(A_USE)
    assert UP not in s.legal_actions() and WU not in s.legal_actions()
    s2 = new(2)
    place(s2, 0, BLUE, [(1, 1)])
    mine(s2, 0, BLUE, 2, 1)
    give_tech(s2, 0, WARP)
    hold_die(s2, 0, move_face(BLUE, 2))
    s2.apply(A_USE)
    j = s2.action_json(WU)
    assert j["to"] == [3, 1] and j["cost"] == 2
    s2.apply(WU)
    assert divmod(s2.circle[BLUE], 3) == (3, 1) and s2.tech_used[WARP] == 1 and s2.phase == DRAFT


def test_two_mines_need_three_pips_and_two_warps():
    """RB Warp Drive: passing through 2 mines needs a 3-pip die and 2 warp drives."""
    def setup(pips, warps):
        s = new(2)
        place(s, 0, ORANGE, [(1, 1)])
        mine(s, 0, ORANGE, 2, 1)
        mine(s, 0, ORANGE, 3, 1)
        give_tech(s, 0, WARP, warps)
        hold_die(s, 0, move_face(ORANGE, pips))
        s.apply(A_USE)
        return s
    assert WU not in setup(3, 1).legal_actions()
    assert WU not in setup(2, 2).legal_actions()
    s = setup(3, 2)
    s.apply(WU)
    assert divmod(s.circle[ORANGE], 3) == (4, 1) and s.tech_used[WARP] == 2


def test_faq_no_warp_and_navigation_together_diagonally():
    """RB FAQ: warp drive and navigational control cannot be combined to move diagonally through a mine."""
    s = new(2)
    place(s, 0, ORANGE, [(1, 1)])
    mine(s, 0, ORANGE, 2, 2)
    give_tech(s, 0, WARP)
    give_tech(s, 0, NAV)
    hold_die(s, 0, move_face(ORANGE, 3))
    s.apply(A_USE)
    la = s.legal_actions()
    assert DR not in la and DL in la
    assert all(s.action_json(a).get("to") != [3, 3] for a in la)


def test_navigational_control_moves_diagonally_once_per_control():
    """RB Navigational Control example: one diagonal step, then straight up with the rest of the die."""
    s = new(2)
    place(s, 0, BLUE, [(1, 1)])
    give_tech(s, 0, NAV)
    hold_die(s, 0, move_face(BLUE, 2))
    s.apply(A_USE)
    s.apply(DR)
    assert divmod(s.circle[BLUE], 3) == (2, 2) and s.tech_used[NAV] == 1
    assert DL not in s.legal_actions() and UP in s.legal_actions()
    s.apply(UP)
    assert divmod(s.circle[BLUE], 3) == (3, 2)
    assert s.grid[s.cell(0, BLUE, 2, 2)] & 4 and s.grid[s.cell(0, BLUE, 3, 2)] & 1


def test_faq_backtracking_marks_circle_again():
    """RB FAQ: a ship may move back through circles it occupied, entering them again."""
    s = new(2)
    place(s, 0, GREEN, [(1, 1)])
    hold_die(s, 0, move_face(GREEN, 3))
    s.apply(A_USE)
    s.apply(RIGHT)
    s.apply(LEFT)
    assert divmod(s.circle[GREEN], 3) == (1, 1)
    assert s.paths[GREEN][-3:] == [4, 5, 4]
    assert s.grid[s.cell(0, GREEN, 1, 1)] & 2


def test_armada_rule_and_rapid_fire_ignores_it():
    """RB The Armada Rule: no ship more than 5 rows above the other non-disabled ships; Rapid Fire ignores it."""
    for rapid, disabled, expect_up in ((False, False, False), (True, False, True), (False, True, True)):
        s = new(2, rapid_fire=rapid)
        place(s, 0, ORANGE, [(r, 1) for r in range(1, 7)])      # row 6
        place(s, 0, BLUE, [(1, 1)])
        place(s, 0, GREEN, [(1, 1)])
        if disabled:
            s.damage[BLUE] = s.damage[GREEN] = 3
        hold_die(s, 0, move_face(ORANGE, 2))
        s.apply(A_USE)
        assert (UP in s.legal_actions()) == expect_up
        if not expect_up:
            assert LEFT in s.legal_actions()                    # sideways is fine
    s = new(2)
    place(s, 0, ORANGE, [(r, 1) for r in range(1, 6)])           # row 5 -> 6 is exactly 5 above
    place(s, 0, BLUE, [(1, 1)])
    place(s, 0, GREEN, [(1, 1)])
    hold_die(s, 0, move_face(ORANGE, 2))
    s.apply(A_USE)
    s.apply(UP)
    assert UP not in s.legal_actions()


def test_reaching_the_planet():
    """RB Movement Die: a circle at the top of the track, above the letters, reaches the planet."""
    s = new(2, rapid_fire=True)
    place(s, 0, ORANGE, [(r, 1) for r in range(1, 13)])
    hold_die(s, 0, move_face(ORANGE, 3))
    s.apply(A_USE)
    s.apply(UP)
    assert s.reached(ORANGE) and s.phase == DRAFT


def test_transformer_changes_die_colour_before_moving_only():
    """RB Transformer / FAQ: a die's colour can change; the die cannot be split between ships."""
    s = new(2)
    give_tech(s, 0, TRANSFORMER)
    hold_die(s, 0, move_face(ORANGE, 2))
    s.apply(A_USE)
    assert {A_TRANSFORM + BLUE, A_TRANSFORM + GREEN} <= set(s.legal_actions())
    s.apply(A_TRANSFORM + GREEN)
    s.apply(UP)
    assert divmod(s.circle[GREEN], 3)[0] == 1 and s.circle[ORANGE] == s.comp.start_column
    assert not any(A_TRANSFORM <= a < A_TECH for a in s.legal_actions())
    s2 = new(2)
    give_tech(s2, 0, TRANSFORMER, 2)
    hold_die(s2, 0, move_face(ORANGE, 2))
    s2.apply(A_USE)
    s2.apply(UP)
    assert not any(A_TRANSFORM <= a < A_TECH for a in s2.legal_actions())


def test_faq_transformer_on_attack_die_keeps_attack_colour():
    """RB FAQ: the transformer may change the pip of an advance-and-attack die, not the attack colour."""
    s = new(2)
    give_tech(s, 0, TRANSFORMER)
    hold_die(s, 0, attack_face(ORANGE))
    s.apply(A_USE)
    s.apply(A_TRANSFORM + BLUE)
    s.apply(UP)
    assert divmod(s.circle[BLUE], 3)[0] == 1
    assert s.damage[3 + ORANGE] == 1 and s.damage[3 + BLUE] == 0


# ----- advance and attack, mines die, technologies ----------------------------------------
def test_advance_and_attack():
    """RB Advance and Attack Die: move the matching ship one space, then attack the opponent's matching ship."""
    s = new(2)
    hold_die(s, 0, attack_face(GREEN))
    s.apply(A_USE)
    assert s.phase == MOVE and s.pips == 1
    s.apply(UP)
    assert divmod(s.circle[GREEN], 3)[0] == 1 and s.damage[3 + GREEN] == 1
    assert s.phase == DRAFT and s.to_move() == 1


def test_missile_stops_attack():
    """RB Defensive Missile: a missile may be used to ignore an attack."""
    s = new(2)
    give_tech(s, 1, MISSILE)
    hold_die(s, 0, attack_face(BLUE))
    s.apply(A_USE)
    s.apply(A_STOP)
    assert s.phase == MISSILE_ATTACK and s.to_move() == 1
    s.apply(A_MISSILE)
    assert s.damage[3 + BLUE] == 0 and s.tech_used[4 + MISSILE] == 1


def test_faq_attack_on_reached_ship_still_moves():
    """RB FAQ / Advance and Attack: a ship at its planet ignores attacks; the attacker still gets its 1 movement."""
    s = new(2)
    place(s, 1, BLUE, [(r, 1) for r in range(1, 14)])
    hold_die(s, 0, attack_face(BLUE))
    s.apply(A_USE)
    assert UP in s.legal_actions()
    s.apply(UP)
    assert s.damage[3 + BLUE] == 0 and divmod(s.circle[BLUE], 3)[0] == 1


def test_three_hits_disable_a_ship():
    """RB Advance and Attack: a ship that suffers 3 attacks is disabled and can no longer move."""
    s = new(2)
    s.damage[3 + ORANGE] = 2
    hold_die(s, 0, attack_face(ORANGE))
    s.apply(A_USE)
    s.apply(A_STOP)
    assert s.disabled(3 + ORANGE)
    hold_die(s, 1, move_face(ORANGE, 3))
    s.apply(A_USE)
    assert s.phase != MOVE and s.circle[3 + ORANGE] == s.comp.start_column


def test_mine_die_marks_only_the_opponent():
    """RB Mine Die: choose the letter, roll the number; only the opponent marks the mines."""
    s = new(2)
    before0 = s.grid[: s.comp.nr * 9]
    before1 = s.grid[s.comp.nr * 9:]
    hold_die(s, 0, MINE)
    s.apply(A_USE)
    assert s.phase == LETTER and s.legal_actions() == [A_LETTER, A_LETTER + 1, A_LETTER + 2]
    ev = s.apply(A_LETTER + 2)
    roll = [e for e in ev if e.kind == "mine-die"][0]
    assert roll.chance and roll.data["col"] == 2
    assert s.grid[: s.comp.nr * 9] == before0
    after1 = s.grid[s.comp.nr * 9:]
    new_cells = [i for i in range(len(after1)) if after1[i] != before1[i]]
    assert new_cells and all(i % 3 == 2 for i in new_cells)


def test_technology_die_crosses_topmost_circle():
    """RB Technology Dice: an X in the topmost open circle of the matching technology; a full column gains nothing."""
    s = new(2)
    hold_die(s, 0, tech_face(NAV))
    s.apply(A_USE)
    assert s.tech_gained[NAV] == 1
    s.tech_gained[WARP] = s.comp.circles
    hold_die(s, 1, tech_face(WARP), die=1)
    s.acting = 0
    s.apply(A_USE)
    assert s.tech_gained[WARP] == s.comp.circles


def test_cargo_bay_two_dice_give_any_technology():
    """RB Cargo Bay Option: the second die in the bay gives any one technology and empties the bay."""
    s = new(2)
    hold_die(s, 0, move_face(ORANGE, 1))
    s.apply(A_CARGO)
    assert s.cargo[0] == 1 and s.phase == DRAFT
    hold_die(s, 0, move_face(BLUE, 1), die=1)
    s.apply(A_CARGO)
    assert s.phase == TECHPICK and s.legal_actions() == [A_TECH + k for k in range(4)]
    s.apply(A_TECH + WARP)
    assert s.tech_gained[WARP] == 1 and s.cargo[0] == 0
    s.cargo[0] = 1
    rounds.start_round(s)
    assert s.cargo == [0, 0]                      # not carried over


def test_control_panel_four_rerolls_same_die_many_times():
    """RB Control Panel Option: re-roll a taken die, 4 times a game, the same die several times."""
    s = new(2, seed=3)
    hold_die(s, 0, move_face(ORANGE, 1))
    for k in range(4):
        ev = s.apply(A_REROLL)
        assert ev[0].chance and s.rerolls_used[0] == k + 1
        assert s.phase == DIE
    assert A_REROLL not in s.legal_actions()
    with pytest.raises(IllegalActionError):
        s.apply(A_REROLL)


# ----- game end and scoring ---------------------------------------------------------------
def test_planets_reached_wins_immediately():
    """RB Game End 1: a player whose ships reach all 3 planets wins at once."""
    s = new(2, rapid_fire=True)
    for t in (ORANGE, BLUE):
        place(s, 0, t, [(r, 1) for r in range(1, 14)])
    place(s, 0, GREEN, [(r, 1) for r in range(1, 13)])
    hold_die(s, 0, move_face(GREEN, 1))
    s.apply(A_USE)
    s.apply(UP)
    assert s.is_terminal() and s.end_cause == "planets" and s.returns() == [1.0, 0.0]


def test_no_possible_movement_ends_the_game():
    """RB Game End 2: all 3 ships of a player blocked by mines beyond any warp drive: the game ends, scores count."""
    s = new(2)
    for t in range(3):
        for r in (1, 2, 3):
            for c in range(3):
                mine(s, 1, t, r, c)
    assert scoring.stuck(s, 1) and not scoring.stuck(s, 0)
    assert scoring.check(s)
    assert s.end_cause == "stuck" and s.is_terminal()
    assert s.winners() == scoring.winners_by_score(s)


def spent_last_warp_position(players=2):
    """Player 1 (seat 0): orange and blue disabled; green at B1 below a full mine row 2 and a
    full row 4, holding the last warp drive of the sheet (every warp circle crossed)."""
    s = new(players)
    s.damage[ORANGE] = s.damage[BLUE] = s.comp.hearts
    for row in (2, 4):
        for c in range(3):
            mine(s, 0, GREEN, row, c)
    place(s, 0, GREEN, [(1, 1)])
    s.tech_gained[WARP] = s.comp.circles
    s.tech_used[WARP] = s.comp.circles - 1
    hold_die(s, 0, move_face(GREEN, 3))
    return s


def test_spending_the_last_warp_drive_can_end_the_game():
    """RB Game End 2: the ending is checked when warp drives are spent. The green ship warps
    through row 2 with the sheet's last warp drive; the full row 4 above can never be crossed
    now, and the other ships are disabled: the game ends at once and is scored."""
    s = spent_last_warp_position()
    assert not scoring.stuck(s, 0)
    s.apply(A_USE)
    s.apply(WU)
    assert divmod(s.circle[GREEN], 3) == (3, 1) and s.tech_used[WARP] == s.comp.circles
    assert scoring.stuck(s, 0)
    assert s.is_terminal() and s.end_cause == "stuck"
    assert s.winners() == scoring.winners_by_score(s)


def test_spending_the_last_warp_drive_ends_the_solo_mission():
    """RB Solo Game End with RB Game End 2: a solo player whose ships can no longer advance
    after the last warp drive has failed the mission."""
    s = spent_last_warp_position(players=1)
    s.damage[ORANGE] = s.damage[BLUE] = 0
    s.circle[ORANGE] = s.circle[BLUE] = s.comp.planet * 3 + 1          # the other two at their planets
    s.apply(A_USE)
    s.apply(WU)
    assert s.is_terminal() and s.end_cause == "stuck" and s.returns() == [0.0]


def test_single_mine_row_is_not_stuck_while_warp_drives_can_be_gained():
    """RB Game End 2: blocked only if the ship cannot possibly acquire the warp drives it needs."""
    s = new(2)
    for t in range(3):
        for c in range(3):
            mine(s, 1, t, 2, c)
    place(s, 1, ORANGE, [(1, 1)])
    assert scoring.can_advance(s, 3 + ORANGE)
    s.tech_gained[4 + WARP] = s.tech_used[4 + WARP] = s.comp.circles
    assert not scoring.can_advance(s, 3 + ORANGE)


def test_rapid_fire_two_disabled_ships_win():
    """RB Rapid Fire Variant: disabling two opponent ships wins at once."""
    s = new(2, rapid_fire=True)
    _disable_a_second_ship(s)
    assert s.end_cause == "rapid-fire" and s.winners() == [0]


def _disable_a_second_ship(s):
    """Seat 0, one opponent's ship disabled already, disables a second with an attack die."""
    s.damage[3 + BLUE] = 3
    s.kills[0] = 1
    s.damage[3 + GREEN] = 2
    hold_die(s, 0, attack_face(GREEN))
    s.apply(A_USE)
    s.apply(A_STOP)


def test_rapid_fire_wins_with_the_kills_of_the_component_data():
    """RB Rapid Fire Variant: the kills that win are the component data's (a variant's three:
    the second disabled ship does not end the game, the third does)."""
    s = new(2, rapid_fire=True)
    s.comp = dataclasses.replace(s.comp, rapid_fire_kills=3)
    _disable_a_second_ship(s)
    assert s.kills[0] == 2 and s.end_cause == "" and not s.is_terminal()
    s.damage[3 + ORANGE], s.kills[0] = 3, 3               # a third ship disabled
    assert scoring.check(s) and s.end_cause == "rapid-fire" and s.winners() == [0]


def test_scoring_ladder_penalties_and_tech():
    """RB Scoring: VP of the highest level per track, -5 below the marker, -7 per disabled ship
    (-12 never past -5), tech VP."""
    s = new(2)
    s.best_row[0:3] = [s.comp.rows + 1, 5, 2]
    s.tech_gained[0:4] = [1, 1, 1, 0]
    assert scoring.total(s, 0) == 12 + 0 - 5 + 3 * s.comp.tech_vp
    s.damage[GREEN] = 3
    assert scoring.track_vp(s, GREEN) + scoring.disabled_vp(s, GREEN) == -12
    s.damage[BLUE] = 3
    assert scoring.track_vp(s, BLUE) + scoring.disabled_vp(s, BLUE) == -7


def test_tie_break_by_technology_then_shared():
    """RB Scoring: equal VP — the higher technology score wins; still equal, both win (ruling)."""
    s = new(2)
    s.best_row[3:6] = [4, 4, 4]          # 0 VP on the tracks
    s.tech_gained[4 + MISSILE] = 3            # + 6 technology VP
    s.best_row[0:3] = [9, 4, 4]          # 6 VP on the tracks, no technology
    assert scoring.total(s, 0) == scoring.total(s, 1) == 6
    assert scoring.winners_by_score(s) == [1]
    s.tech_gained[MISSILE] = 3
    s.best_row[0:3] = [4, 4, 4]
    assert scoring.winners_by_score(s) == [0, 1]
    scoring.finish(s, "rounds")
    assert s.returns() == [0.5, 0.5]


# ----- variants ---------------------------------------------------------------------------
def test_friendly_attack_becomes_engine_upgrade():
    """RB Friendly Variant: the advance-and-attack die fills a heart of your own ship (an upgrade)."""
    s = new(2, friendly=True)
    hold_die(s, 0, attack_face(GREEN))
    s.apply(A_USE)
    s.apply(A_STOP)
    assert s.engine_upgrades[GREEN] == 1 and s.damage[3 + GREEN] == 0 and s.damage[GREEN] == 0


def test_friendly_engine_upgrades_boost_one_pip_dice():
    """RB Friendly Variant: with 2 (3) upgrade hearts a 1-pip die of that colour counts 2 (3) pips."""
    for upg, pips in ((1, 1), (2, 2), (3, 3)):
        s = new(2, friendly=True)
        s.engine_upgrades[BLUE] = upg
        hold_die(s, 0, move_face(BLUE, 1))
        s.apply(A_USE)
        assert s.pips == pips
    s = new(2, friendly=True)
    s.engine_upgrades[BLUE] = 3
    hold_die(s, 0, move_face(BLUE, 2))
    s.apply(A_USE)
    assert s.pips == 2


def test_friendly_missile_prevents_upgrade():
    """RB Friendly Variant: a defensive missile may stop the opponent's upgrade."""
    s = new(2, friendly=True)
    give_tech(s, 1, MISSILE)
    hold_die(s, 0, attack_face(ORANGE))
    s.apply(A_USE)
    s.apply(A_STOP)
    assert s.phase == MISSILE_ATTACK and s.to_move() == 1
    s.apply(A_MISSILE)
    assert s.engine_upgrades[ORANGE] == 0


def test_friendly_mine_die_gives_immunity_next_round():
    """RB Friendly Variant: the mine die circles the next round; its mine rolls are ignored by that player."""
    s = new(2, seed=8, friendly=True)
    hold_die(s, 0, MINE)
    s.apply(A_USE)
    assert s.immune[0] == 2 and s.phase == DRAFT
    g = s.comp.nr * 9
    mines0 = sum(1 for x in s.grid[:g] if x & 16)
    s.round = 2
    s.rolls_left = 0
    s.mine_roll_target_ix = 0
    mines.start_roll(s, -1, [0, 1], 0, s.comp.labels[0][2], RESUME_PICK)
    assert sum(1 for x in s.grid[:g] if x & 16) == mines0
    assert s.mined(1, ORANGE, 2, 0)


def test_friendly_last_round_mine_die_rerolled_free():
    """RB Friendly Variant: in the twelfth round the mine die may be re-rolled until it shows something else."""
    s = new(2, seed=9, friendly=True)
    s.round = 12
    hold_die(s, 0, MINE, die=6)
    assert "free" in s.action_label(A_USE)
    s.apply(A_USE)
    assert s.phase == DIE and s.faces[6] != MINE and s.rerolls_used[0] == 0


# ----- names ------------------------------------------------------------------------------
def test_a_circle_has_one_name_the_printed_coordinate():
    """RB Phase I / Movement Die: the circle a ship moves to and the mine roll that hits it carry
    the same name (column letter + printed number) in the option, the log and the view; on
    side B a number printed twice is told apart as lower and upper."""
    for side, row, name in (("A", 6, "A6"), ("B", 2, "lower A2"), ("B", 8, "upper A2")):
        s = new(2, side=side, rapid_fire=True)          # no Armada rule in the way
        place(s, 0, ORANGE, [(r, 0) for r in range(1, row)])
        hold_die(s, 0, move_face(ORANGE, 1))
        s.apply(A_USE)
        assert s.action_label(UP) == f"Orange ship: up to {name}"
        moved = [e.text for e in s.apply(UP) if e.kind == "move"]
        assert moved == [f"Player 1's orange ship moves up to {name}."]
        assert s.view(0)["sheet"]["circle_names"][row][0] == name
        number = s.comp.labels[s.side][row]
        mines.start_roll(s, -1, [0], 0, number, RESUME_PICK)
        texts = [e.text for e in s.ev]
        assert any(f"orange A{number}" in x for x in texts if x.startswith("Mines on Player 1"))
        assert s.damage[ORANGE] == 1
    sheet = GAME.render_text(new(2, side="B").view(0), 0)
    numbers = [ln.split()[0] for ln in sheet.splitlines() if ln.startswith(("  ", " 1")) and "VP" not in ln
               and ln.split() and ln.split()[0].isdigit()][:12]
    assert numbers == ["8", "7", "4", "3", "2", "1", "6", "5", "4", "3", "2", "1"]
