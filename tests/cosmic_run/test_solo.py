"""The solo game against Zorlord (RB The Solo Game, Novice Solo Mode, Expert Modes)."""

from cosmic_run_helpers import (
    BLUE,
    GREEN,
    MINE,
    ORANGE,
    attack_face,
    hold_die,
    move_face,
    new,
    place,
    play_random,
    tech_face,
)

from cosmodrome.games.cosmic_run import mines, scoring, solo
from cosmodrome.games.cosmic_run.actions import A_ACCEPT, A_REROLL, A_STEP, A_USE
from cosmodrome.games.cosmic_run.grid import MINE_BIT
from cosmodrome.games.cosmic_run.state import DRAFT, ZOR_GIVE, ZOR_REROLL

UP = A_STEP


def test_only_the_players_sheet_gets_mines():
    """RB Solo Phase I: only your sheet is affected by the mines."""
    s = play_random(new(1, seed=3), 3, limit=200)
    g = s.comp.nr * 9
    assert any(x & MINE_BIT for x in s.grid[:g])
    assert not any(x & MINE_BIT for x in s.grid[g:])


def test_zorlord_chooses_first_then_you():
    """RB Solo Phase II: roll all dice, Zorlord chooses first (a seeded random pick, ruling), then you."""
    s = new(1, seed=2)
    kinds = [e.kind for e in s.initial_events]
    assert kinds.index("dice") < kinds.index("zorlord-take")
    take = [e for e in s.initial_events if e.kind == "zorlord-take"][0]
    assert take.chance and s.owner.count(1) == 1
    assert s.phase == ZOR_REROLL and s.to_move() == 0
    s.apply(A_ACCEPT)
    assert s.phase in (DRAFT, ZOR_REROLL) or s.is_terminal()


def test_random_pick_differs_by_seed():
    """Ruling: 'the die physically furthest away' is a uniformly random die, drawn from the seed."""
    picks = {new(1, seed=k).die for k in range(30)}
    assert len(picks) > 3


def test_zorlord_marks_shortest_route_straight_up():
    """RB Solo: a movement die moves Zorlord's ship up the shortest route (straight up; his sheet has no mines)."""
    s = new(1)
    s.die = 0
    s.faces[0] = move_face(BLUE, 3)
    solo.mark(s)
    assert divmod(s.circle[3 + BLUE], 3) == (3, s.comp.start_column)


def test_zorlord_technology_and_attack():
    """RB Solo: Zorlord crosses technologies (never uses them) and his advance-and-attack attacks your ship."""
    s = new(1)
    s.die = 0
    s.faces[0] = tech_face(2)
    solo.mark(s)
    assert s.tech_gained[4 + 2] == 1 and scoring.tech_score(s, 1) == s.comp.tech_vp
    s.die = 1
    s.faces[1] = attack_face(GREEN)
    solo.mark(s)
    assert divmod(s.circle[3 + GREEN], 3)[0] == 1 and s.damage[GREEN] == 1


def test_zorlord_mine_die_marks_your_sheet():
    """RB Solo: Zorlord's mine die rolls both mine dice and marks your sheet."""
    s = new(1, seed=4)
    g = s.comp.nr * 9
    before = sum(1 for x in s.grid[:g] if x & MINE_BIT)
    s.die = 0
    s.faces[0] = MINE
    solo.mark(s)
    assert sum(1 for x in s.grid[:g] if x & MINE_BIT) > before or s.phase != DRAFT
    assert not any(x & MINE_BIT for x in s.grid[g:])


def test_zorlord_mine_that_disables_your_ship_is_nobodys_kill():
    """RB Solo: Zorlord's mine die marks your sheet; a ship it disables is a failed mission and
    never a kill of yours (ruling 13: a mine die's kill belongs to its owner, and Zorlord is no
    player), not even with Rapid Fire's two-kill win on."""
    s = new(1, seed=5, rapid_fire=True)
    s.kills = [1, 0]                      # as if you had one kill already: a second would win
    probe = s.clone()
    col, num = mines.roll_letter(probe), mines.roll_number(probe)
    row = s.comp.rows_with(s.side, num)[0]
    place(s, 0, BLUE, [(r, col) for r in range(1, row + 1)])
    s.damage[BLUE] = s.comp.hearts - 1
    s.die = 0
    s.faces[0] = MINE
    solo.mark(s)
    assert s.mined(0, BLUE, row, col) and s.disabled(BLUE)
    assert s.kills == [1, 0]
    assert s.is_terminal() and s.end_cause == "destroyed" and s.returns() == [0.0] and s.winners() == []


def test_your_attack_die_does_not_attack_and_mine_die_does_nothing():
    """RB Solo Special Rules: your advance-and-attack die advances without attacking; the mine die has no function."""
    s = new(1)
    hold_die(s, 0, attack_face(ORANGE))
    s.apply(A_USE)
    s.apply(UP)
    assert divmod(s.circle[ORANGE], 3)[0] == 1 and s.damage[3 + ORANGE] == 0
    s2 = new(1)
    before = s2.to_json()
    hold_die(s2, 0, MINE)
    ev = s2.apply(A_USE)
    assert any(e.kind == "mine-die" for e in ev) and s2.grid == before["grid"]


def test_control_panel_forces_zorlord_reroll_and_expert_forbids_it():
    """RB Solo Special Rules / Expert Modes: the control panel may re-roll Zorlord's die, unless forbidden."""
    s = new(1, seed=6)
    assert s.phase == ZOR_REROLL
    ev = s.apply(A_REROLL)
    assert s.rerolls_used[0] == 1 and any(e.chance for e in ev)
    s2 = new(1, seed=6, no_zorlord_reroll=True)
    assert s2.phase == DRAFT
    while s2.round == 1:
        assert s2.phase != ZOR_REROLL
        s2.apply(s2.legal_actions()[0])


def _to_last_two(seed, faces):
    s = new(1, seed=seed, no_zorlord_reroll=True)
    s.owner = [0, 1, 0, 1, 0, 1, -1, -1]
    s.picks = 6
    s.faces[6], s.faces[7] = faces
    return s


def test_last_two_dice_attack_die_goes_to_zorlord():
    """RB Solo Phase II: after rolling the last two dice an advance-and-attack die goes to Zorlord at once."""
    s = _to_last_two(1, (move_face(ORANGE, 1), move_face(BLUE, 1)))
    solo.next_pick(s)
    # the two dice were re-rolled: check the rule on what they show now
    shows = [s.faces[6], s.faces[7]]
    aas = [i for i, f in zip((6, 7), shows) if 18 <= f <= 20]
    if aas:
        assert s.owner[6] == 1 or s.owner[7] == 1
        assert any(s.owner[i] == 1 for i in aas)
    else:
        assert s.phase == ZOR_GIVE and s.to_move() == 0


def test_last_two_dice_you_choose_for_zorlord():
    """RB Solo Phase II: with no attack die among the last two, you choose Zorlord's die, then take the last."""
    for seed in range(40):
        s = _to_last_two(seed, (0, 0))
        solo.next_pick(s)
        if s.phase == ZOR_GIVE:
            a = s.legal_actions()[0]
            s.apply(a)
            assert s.owner[a] == 1
            assert s.phase == DRAFT and s.legal_actions() == [i for i in (6, 7) if i != a]
            return
    raise AssertionError("no seed gave two non-attack dice")


def test_novice_mode_you_choose_first_every_second_round():
    """RB Novice Solo Mode: players alternate being first to take dice; in round 2 you choose first (ruling)."""
    s = new(1, seed=5, novice=True, no_zorlord_reroll=True)
    assert s.owner.count(1) == 1                  # round 1: Zorlord first
    while s.round == 1 and not s.is_terminal():
        s.apply(s.legal_actions()[0])
    while s.phase != DRAFT and not s.is_terminal():
        s.apply(s.legal_actions()[0])
    if not s.is_terminal():
        assert s.round == 2 and s.owner.count(1) == 0 and s.to_move() == 0


def test_expert_premines():
    """RB Expert Modes: mine rolls before the first round mark your tracks."""
    g = new(1, seed=7).comp.nr * 9
    plain = sum(1 for x in new(1, seed=7).grid[:g] if x & MINE_BIT)
    expert = sum(1 for x in new(1, seed=7, expert_mines=6).grid[:g] if x & MINE_BIT)
    assert expert > plain


def test_mission_fails_when_a_ship_is_destroyed():
    """RB Solo Game End: none of your ships may be destroyed."""
    s = new(1)
    s.damage[BLUE] = 3
    assert scoring.check(s) and s.end_cause == "destroyed" and s.returns() == [0.0]


def test_mission_fails_when_zorlord_reaches_a_planet():
    """RB Solo Game End: your ships must reach the planets before any Zorlord ship does."""
    s = new(1)
    place(s, 1, ORANGE, [(r, 1) for r in range(1, 12)])
    s.die = 0
    s.faces[0] = move_face(ORANGE, 3)
    solo.mark(s)
    assert s.end_cause == "zorlord" and s.returns() == [0.0]


def test_mission_needs_higher_technology_score():
    """RB Solo Game End: on reaching the last planet your technology score must be higher than Zorlord's."""
    for mine_tx, zor_tx, win in ((2, 1, True), (1, 1, False)):
        s = new(1, rapid_fire=True)
        for t in (ORANGE, BLUE):
            place(s, 0, t, [(r, 1) for r in range(1, 14)])
        place(s, 0, GREEN, [(r, 1) for r in range(1, 13)])
        s.tech_gained[0] = mine_tx
        s.tech_gained[4] = zor_tx
        hold_die(s, 0, move_face(GREEN, 1))
        s.apply(A_USE)
        s.apply(UP)
        assert s.is_terminal()
        assert (s.end_cause, s.returns()) == (("mission", [1.0]) if win else ("technology", [0.0]))


def test_mission_fails_after_twelve_rounds():
    """RB Solo Game End: the mission must succeed within 12 rounds."""
    for seed in range(30):
        s = play_random(new(1, seed=seed, no_zorlord_reroll=True), seed)
        if s.end_cause == "rounds":
            assert s.round == 12 and s.returns() == [0.0]
            return
    # random play almost never survives: accept another failure cause but require failure
    assert s.returns() == [0.0]
