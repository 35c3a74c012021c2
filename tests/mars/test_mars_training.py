"""Each special training ability of March on Mars (rules, "Special training"; rulings in
docs/rulings/mars.md) as a test of its outcome, and the set-up choices (the ability kept from
the dealt card, the Landing Zone box)."""

import pytest
from mars_helpers import GAME, alien, bare, check_invariants, col_of, rolled

from cosmodrome.games.lunar.dice import ACCIDENT
from cosmodrome.games.mars import turn
from cosmodrome.games.mars.state import (
    A_DONE,
    A_DRONE,
    A_INJECT,
    A_JET,
    A_KAMIKAZE,
    A_LAND,
    A_LEVEL,
    A_MOVE,
    A_NUKE,
    A_ORBITAL,
    A_PRECOG,
    A_PROGRAM,
    A_REROLL,
    A_SEAT,
    A_SHOOT,
    A_STEP,
    A_TELEPORT,
    A_TRAIN,
    ACT,
    COMMS,
    D_RIGHT,
    DEAD,
    DRONE,
    DRONE_AB,
    FAR_RIGHT,
    FUSION,
    GO_ON,
    GONE,
    INJECTOR,
    JET_PACK,
    KAMIKAZE,
    LAND,
    LEVEL,
    LZ,
    MOVED,
    MULTI_SHOT,
    NEAR_RIGHT,
    ORBITAL,
    OVER,
    PRECOG,
    RANGER,
    RIGHT,
    SCOUT,
    SHOT,
    SNIPER,
    STORMTROOPER,
    TELEPORT,
    TRAIN,
    encode_shot,
)

Y, B, R = 0, 1, 2


def shot(back, rng, lvl=1):
    return encode_shot(back, rng, lvl)


def lz_marine(s, m=0, k=0, ability=-1):
    c = col_of(s, LZ, k)
    s.column[m], s.level[m] = c, 1
    s.training[m] = ability
    return c


def dice(monkeypatch, s, faces):
    """The next dice rolled show ``faces``, in order."""
    seq = iter(faces)
    monkeypatch.setattr(s, "roll_die", lambda d: next(seq))


def level_of(s, col):
    """A box of the column, circled if it has one."""
    return max((y for y in range(s.levels) if s.standing(col, y)), key=lambda y: (s.circled(col, y), y))


# ----- set-up -----------------------------------------------------------------------------------
def test_each_marine_keeps_one_ability_of_its_dealt_card_and_chooses_its_lz_box():
    s = GAME.new_state(3, 11)
    assert len(set(s.training_card)) == 3 and all(0 <= c < 7 for c in s.training_card)
    assert s.phase == TRAIN and s.legal_actions() == [A_TRAIN, A_TRAIN + 1]
    s.apply(A_TRAIN + 1)
    assert s.training[0] == s.training_card[0] * 2 + 1 and s.phase == LAND
    assert s.legal_actions() == [A_LAND + k for k in range(4)]
    s.apply(A_LAND + 3)
    assert s.column[0] == col_of(s, LZ, 3) and s.to_move() == 1 and s.phase == TRAIN
    for m in (1, 2):
        s.apply(A_TRAIN)
        s.apply(A_LAND + 0)
    assert [s.training[m] % 2 for m in range(3)] == [1, 0, 0]
    assert s.column[1] == s.column[2] == col_of(s, LZ, 0) and s.decision_kind() == "next-marine"
    v = s.view(None)["marines"][0]
    assert v["training"]["name"] == s.comp.abilities[s.training[0]].name and v["training"]["text"]
    check_invariants(s)


def test_before_the_choice_the_view_shows_no_training():
    s = GAME.new_state(2, 4)
    assert s.view(0)["marines"][0]["training"] is None
    assert len(s.view(0)["marines"][0]["training_card"]) == 2


# ----- Fusion cannon ------------------------------------------------------------------------------
def test_fusion_cannon_ones_hit_twice_and_threes_not_at_all():
    s = bare(3)
    c = lz_marine(s, ability=FUSION)
    red = alien(s, R, c + 1)
    rolled(s, 0, {0: 1, 2: 1})
    s.apply(shot(0, 1))
    assert s.alien_place[red] == DEAD                  # 2 ones = 4 hits
    s = bare(3)
    c = lz_marine(s, ability=FUSION)
    y = alien(s, Y, c + 3)
    rolled(s, 0, {0: 3})
    s.apply(shot(0, 3))
    assert s.alien_place[y] == s.box(c + 3, 1)          # a 3 makes no hit


# ----- Jet pack -------------------------------------------------------------------------------------
def test_jet_pack_joins_two_dice_into_one_jump_and_lands_after_the_second():
    s = bare(3)
    c = lz_marine(s, ability=JET_PACK)
    rolled(s, 0, {0: 1, 1: 1})
    assert A_JET + (0 * 2 + 0) * 8 in s.legal_actions()
    s.apply(A_JET + (0 * 2 + 0) * 8)
    assert s.column[0] == c and s.jet_die                      # in the air: not landed yet
    assert s.legal_actions() == [A_MOVE + (1 * 2 + 0) * 8]   # only the other die, the same way
    s.apply(A_MOVE + (1 * 2 + 0) * 8)
    assert s.column[0] == c + 2 and s.crashed[0] == 0 and not s.jet_die


def test_jet_pack_jump_with_the_accident_face_crashes_at_its_landing():
    """RB How do I jump? (the 2! face: "an accident at the end of the jump") and Jet pack
    ("you only have to land after the movement of the second dice"): a 2! on the first die
    of the joined jump is an accident where it lands (ruling 49)."""
    s = bare(3)
    c = lz_marine(s, ability=JET_PACK)
    rolled(s, 0, {4: ACCIDENT, 0: 1})
    s.apply(A_JET + (4 * 2 + 0) * 8)
    assert s.jet_die and s.crashed[0] == 0
    s.apply(A_MOVE + (0 * 2 + 0) * 8)
    assert s.column[0] == c + 3 and s.crashed[0] == 1


def test_an_engaged_marine_cannot_teleport():
    """RB They are all over me! ("you can't move … until you have get rid of"), The red
    defenders (Teleport counts as a move): only the Jet pack, Kamikaze and the Drone say
    "even if engaged"."""
    s = bare(2)
    c = lz_marine(s, ability=TELEPORT)
    rolled(s, 0, {0: 2})
    assert any(A_TELEPORT <= a < A_LEVEL for a in s.legal_actions())
    alien(s, Y, c)
    assert not any(A_TELEPORT <= a < A_LEVEL for a in s.legal_actions())
    text = next(a.text for a in s.comp.abilities if a.name == "Teleportation")
    assert "never while aliens share your box" in text       # the card says why (ruling 28)


def test_jet_pack_moves_even_while_engaged():
    s = bare(3)
    c = lz_marine(s, ability=JET_PACK)
    alien(s, Y, c)
    rolled(s, 0, {0: 1})
    assert A_MOVE in s.legal_actions()
    s.training[0] = -1
    assert A_MOVE not in s.legal_actions()


# ----- Power-up injector --------------------------------------------------------------------------
def test_injector_gives_six_dice_then_three_and_not_twice_running():
    s = bare(2)
    lz_marine(s, ability=INJECTOR)
    s.apply(A_SEAT + 0)
    assert A_INJECT in s.legal_actions()
    s.apply(A_INJECT)
    assert s.dice_count == 6
    for d in range(6):
        s.apply(A_PROGRAM + d * 3 + 0)
    assert s.die_action == [0] * 6
    turn.finish_turn(s)
    assert s.tired[0] == 1
    turn.begin_turn(s, 0)
    assert s.dice_count == 3 and A_INJECT not in s.legal_actions()
    turn.finish_turn(s)
    turn.begin_turn(s, 0)
    assert s.dice_count == 4 and A_INJECT in s.legal_actions()


def test_injected_marine_may_nuke_with_the_four_dice_left(monkeypatch):
    s = bare(2)
    s.alien_place[s.defenders()[RIGHT]] = GONE
    d = col_of(s, D_RIGHT)
    s.column[0], s.level[0], s.training[0] = d, 1, INJECTOR
    y = alien(s, Y, d - 1, level_of(s, d - 1))
    turn.begin_turn(s, 0)
    s.apply(A_INJECT)
    s.apply(A_PROGRAM + 4 * 3 + 0)
    s.apply(A_PROGRAM + 5 * 3 + 0)
    dice(monkeypatch, s, [1, 1, 3, 3, 2, 1])
    s.apply(A_DONE)                                     # the two black dice: 1 and 1
    s.apply(shot(1, 1, level_of(s, d - 1)))
    assert s.alien_place[y] == DEAD and s.phase == GO_ON and A_NUKE in s.legal_actions()
    s.apply(A_NUKE)                                     # blue 3 3, white 2 1 = 9
    assert s.winners() == [0, 1]


# ----- Teleportation ----------------------------------------------------------------------------
def test_teleport_after_programming_onto_a_card_the_blue_die_gives_the_column(monkeypatch):
    s = bare(2)
    lz_marine(s, ability=TELEPORT)
    turn.begin_turn(s, 0)
    assert not any(A_TELEPORT <= a < A_LEVEL for a in s.legal_actions())    # program first
    rolled(s, 0, {0: 1})
    tele = [a for a in s.legal_actions() if A_TELEPORT <= a < A_LEVEL]
    assert tele == [A_TELEPORT + 0]             # the far card waits for its defender's death
    dice(monkeypatch, s, [2])
    s.apply(A_TELEPORT + 0)
    col = col_of(s, NEAR_RIGHT, 1)
    levels = [y for y in range(s.levels) if s.standing(col, y)]
    if len(levels) > 1:
        assert s.phase == LEVEL
        s.apply(A_LEVEL + levels[-1])
    assert s.column[0] == col and s.level[0] in levels and s.teleported
    assert not any(A_TELEPORT <= a < A_LEVEL for a in s.legal_actions())    # once a turn
    t = bare(2)
    lz_marine(t, ability=TELEPORT)
    t.alien_place[t.defenders()[RIGHT]] = GONE
    rolled(t, 0, {0: 1})
    assert [a for a in t.legal_actions() if A_TELEPORT <= a < A_LEVEL] == [A_TELEPORT, A_TELEPORT + 1]


# ----- Orbital bombing ------------------------------------------------------------------------------
def test_orbital_bombing_kills_every_alien_on_a_card_once_a_game():
    s = bare(2)
    lz_marine(s, ability=ORBITAL)
    near = col_of(s, NEAR_RIGHT, 0)
    aliens = [alien(s, Y, near, level_of(s, near)), alien(s, R, near + 2, level_of(s, near + 2))]
    far = alien(s, B, col_of(s, FAR_RIGHT, 0), level_of(s, col_of(s, FAR_RIGHT, 0)))
    turn.begin_turn(s, 0)
    assert A_ORBITAL + 0 in s.legal_actions()
    s.apply(A_ORBITAL + 0)
    assert all(s.alien_place[a] == DEAD for a in aliens) and s.alien_place[far] >= 0 and s.kills[0] == 2
    assert not any(A_ORBITAL <= a < A_TELEPORT for a in s.legal_actions())


# ----- Kamikaze -----------------------------------------------------------------------------------
@pytest.mark.parametrize("faces, won", [((2, 2, 2, 2, 1), True), ((1, 1, 1, 1, 1), False)])
def test_kamikaze_sets_off_the_nuke_with_five_dice_even_engaged_and_dies(faces, won, monkeypatch):
    s = bare(2)
    s.alien_place[s.defenders()[RIGHT]] = GONE
    d = col_of(s, D_RIGHT)
    s.column[0], s.level[0], s.training[0] = d, 1, KAMIKAZE
    s.column[1] = col_of(s, LZ, 0)
    alien(s, Y, d)
    turn.begin_turn(s, 0)
    assert A_KAMIKAZE in s.legal_actions() and A_NUKE not in s.legal_actions()
    rolls = []
    seq = iter(faces)
    monkeypatch.setattr(s, "roll_die", lambda die: rolls.append(die) or next(seq))
    s.apply(A_KAMIKAZE)
    assert len(rolls) == 5
    assert bool(s.winners()) is won
    if not won:
        assert s.out[0] == 1 and s.phase != OVER and s.to_move() == 1
        check_invariants(s)


def test_kamikaze_may_jump_from_a_living_defenders_box():
    # rulings 3 and 30: the defender's box is beside the MMM, and Kamikaze works engaged
    s = bare(2)
    d = col_of(s, D_RIGHT)
    s.column[0], s.level[0], s.training[0] = d, 1, KAMIKAZE
    turn.begin_turn(s, 0)
    assert s.defender_alive(RIGHT) and A_KAMIKAZE in s.legal_actions() and A_NUKE not in s.legal_actions()


# ----- Ranger -----------------------------------------------------------------------------------
def test_ranger_lands_safely_without_a_circle_and_sends_no_wave():
    s = bare(2)
    s.strip = s.strip[:4] + ((3, 2, 0, 0),) + s.strip[5:]     # a box without a circle next
    s.column[0], s.level[0], s.training[0] = 3, 1, RANGER
    rolled(s, 0, {0: 1, 4: ACCIDENT})
    turn.note_face(s, 4, ACCIDENT)
    assert s.wave_dice == 0
    s.apply(A_MOVE)
    assert s.crashed[0] == 0 and s.column[0] == 4


# ----- Multi-shot -------------------------------------------------------------------------------
def test_multi_shot_fires_every_group_of_the_roll():
    s = bare(3)
    c = lz_marine(s, ability=MULTI_SHOT)
    a1, a2 = alien(s, Y, c + 1), alien(s, Y, c + 2)
    rolled(s, 0, {0: 1, 1: 2})
    s.apply(shot(0, 1))
    assert s.phase == ACT and shot(0, 2) in s.legal_actions() and A_MOVE not in s.legal_actions()
    s.apply(shot(0, 2))
    assert s.alien_place[a1] == DEAD and s.alien_place[a2] == DEAD
    t = bare(3)
    c = lz_marine(t)
    alien(t, Y, c + 1), alien(t, Y, c + 2)
    rolled(t, 0, {0: 1, 1: 2})
    t.apply(shot(0, 1))
    assert t.phase != ACT                       # without it: one group a roll


# ----- Communications -----------------------------------------------------------------------------
def test_communications_extends_the_companion_reroll_to_the_whole_card():
    s = bare(2)
    c = col_of(s, NEAR_RIGHT, 0)
    c2 = col_of(s, NEAR_RIGHT, 5)
    s.column, s.level = [c, c2], [level_of(s, c), level_of(s, c2)]
    rolled(s, 0, {0: 1})
    assert turn.reroll_sources(s) == []
    s.training[1] = COMMS                           # the companion's Communications works for the roller too
    assert turn.reroll_sources(s) == [turn.RR_COMPANION] and A_REROLL in s.legal_actions()


# ----- Precog -----------------------------------------------------------------------------------
def test_precog_rolls_first_then_places_without_rerolls_and_not_twice_running(monkeypatch):
    s = bare(2)
    c = lz_marine(s, ability=PRECOG)
    s.column[1], s.level[1] = c, 1                  # a companion: a re-roll, but not with Precog
    turn.begin_turn(s, 0)
    assert A_PRECOG not in s.legal_actions()     # the dice are chosen first
    s.apply(A_PROGRAM + 0 * 3 + 0)
    s.apply(A_PROGRAM + 1 * 3 + 0)
    dice(monkeypatch, s, [3, 1])
    s.apply(A_PRECOG)
    assert s.foreseen[:2] == [3, 1] and s.die_action[:2] == [-1, -1]
    s.apply(A_PROGRAM + 1 * 3 + 0)               # the 1 first
    s.apply(A_PROGRAM + 0 * 3 + 1)               # the 3 on the second action
    assert s.legal_actions()[0] == A_DONE
    s.apply(A_DONE)
    assert s.phase == ACT and s.faces[1] == 1 and s.faces[0] == 0
    assert not any(A_REROLL <= a < A_REROLL + 6 for a in s.legal_actions())
    turn.finish_turn(s)
    turn.begin_turn(s, 0)
    s.apply(A_PROGRAM)
    assert A_PRECOG not in s.legal_actions()     # not two turns running


# ----- Drone ------------------------------------------------------------------------------------
def test_drone_shoots_two_dice_at_the_end_of_the_turn_even_engaged(monkeypatch):
    s = bare(3)
    c = lz_marine(s, ability=DRONE_AB)
    alien(s, Y, c)
    y2 = alien(s, Y, c + 2)
    rolled(s, 0, {0: 2})
    s.rolled_dice = 1
    s.apply(A_DONE)                              # engaged, no 1: the dice are lost, the turn ends
    assert s.phase == DRONE and A_DONE in s.legal_actions()
    dice(monkeypatch, s, [2, 2])
    s.apply(A_DRONE + 0)
    assert s.phase == ACT and shot(0, 2) in s.legal_actions()
    s.apply(shot(0, 2))
    assert s.alien_place[y2] == DEAD and s.acted[0] == 1


# ----- Sniper ---------------------------------------------------------------------------------------
def test_sniper_twos_and_threes_kill_outright_and_no_move_and_shot_in_one_turn():
    s = bare(3)
    c = lz_marine(s, ability=SNIPER)
    red = alien(s, R, c + 3)
    rolled(s, 0, {0: 3})
    s.apply(shot(0, 3))
    assert s.alien_place[red] == DEAD                   # one 3: one alien, whatever its colour
    blue = alien(s, B, c + 2)
    rolled(s, 0, {2: 2})                         # "Z" is the 2 (our ruling)
    s.last_act = SHOT
    assert A_MOVE + (2 * 2) * 8 not in s.legal_actions()     # it has shot: no move this turn
    s.apply(shot(0, 2))
    assert s.alien_place[blue] == DEAD
    rolled(s, 0, {0: 1})
    alien(s, Y, c + 1)
    s.last_act = MOVED                                  # it has moved: no shot this turn
    assert not any(A_SHOOT <= a < A_REROLL for a in s.legal_actions())


# ----- Scout ---------------------------------------------------------------------------------------
def test_scout_takes_one_free_climb_a_round():
    s = bare(3)
    c = lz_marine(s, k=3, ability=SCOUT)
    s.strip = s.strip[:c + 1] + ((3, 3, 1, 0),) + s.strip[c + 2:]    # a safe box a level up
    turn.begin_turn(s, 0)
    up = A_STEP + 3 * 2 + 0
    assert up in s.legal_actions()
    s.apply(up)
    assert (s.column[0], s.level[0]) == (c + 1, 2) and s.crashed[0] == 0
    assert not any(A_STEP + 6 <= a < A_STEP + 10 for a in s.legal_actions())


# ----- Stormtrooper --------------------------------------------------------------------------------
def test_stormtrooper_adds_a_hit_in_close_combat_even_without_a_one():
    s = bare(3)
    c = lz_marine(s, ability=STORMTROOPER)
    y = alien(s, Y, c)
    rolled(s, 0, {0: 2})
    assert s.legal_actions() == [shot(0, 0)]
    s.apply(shot(0, 0))
    assert s.alien_place[y] == DEAD
    b = alien(s, B, c)
    rolled(s, 0, {0: 1})
    s.apply(shot(0, 0))                         # one 1 and the extra hit: a blue alien
    assert s.alien_place[b] == DEAD
