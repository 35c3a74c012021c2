"""The round (RB: Playing the Game): a new captain each round, Phase I (mine rolls as the
round track shows), Phase II (the captain rolls the eight action dice; starting with the
captain, the players take a die each in turn and use it, put it in the cargo bay or re-roll
it), then the next round or the end after the last square of the round track.
"""

from __future__ import annotations

from cosmodrome.games.cosmic_run import dice, mines, movement, scoring, solo, technologies
from cosmodrome.games.cosmic_run.components import ATTACK, MINE, MOVE, TECH, TECH0, face_kind, face_track
from cosmodrome.games.cosmic_run.grid import ship_ix
from cosmodrome.games.cosmic_run.state import DIE, DRAFT, LETTER, OVER, RESUME_MINE_PHASE, CosmicRunState
from cosmodrome.games.cosmic_run.text import coordinate, face_w, says, says_n, takes_text, who_w
from cosmodrome.i18n import N_


def start_round(s: CosmicRunState) -> None:
    """RB: Setup 2 and End of Phase II: the captain changes every round (seat 1 first)."""
    s.captain = 0 if s.solo else (s.round - 1) % 2
    s.cargo = [0, 0]
    s.owner = [-1] * len(s.comp.dice)
    s.you_first = 1 if (s.solo and s.novice and s.round % 2 == 0) else 0
    s.rolls_left = s.comp.round_track[s.round - 1]
    if s.solo:
        words = says_n(N_("Round {r} begins: {n} mine roll."), N_("Round {r} begins: {n} mine rolls."), s.rolls_left,
                       r=s.round)
    else:
        words = says_n(N_("Round {r} begins; {who} is captain: {n} mine roll."),
                       N_("Round {r} begins; {who} is captain: {n} mine rolls."), s.rolls_left, r=s.round,
                       who=who_w(s, s.captain))
    s.say("round", words, {"round": s.round, "captain": s.captain})
    next_mine_roll(s)


def next_mine_roll(s: CosmicRunState) -> None:
    """RB: Phase I: roll the mine dice as often as the round's icon shows; both sheets are
    marked (solo: only the player's)."""
    if s.phase == OVER:
        return
    if s.rolls_left <= 0:
        start_action_phase(s)
        return
    s.rolls_left -= 1
    col, num = mines.roll_letter(s), mines.roll_number(s)
    s.say("mine-roll", says("The mine dice show {at}.", at=coordinate(s, col, num)),
          {"col": col, "number": num}, chance=True)
    targets = [0] if s.solo else [s.captain, 1 - s.captain]
    mines.start_roll(s, -1, targets, col, num, RESUME_MINE_PHASE)


def resume(s: CosmicRunState) -> None:
    if s.phase == OVER:
        return
    if s.resume == RESUME_MINE_PHASE:
        next_mine_roll(s)
    else:
        next_pick(s)


def start_action_phase(s: CosmicRunState) -> None:
    """RB: Phase II: the captain rolls all the action dice."""
    s.picks = 0
    dice.roll_pool(s)
    next_pick(s)


def next_pick(s: CosmicRunState) -> None:
    """The next die to be taken, or the end of the round when all are taken."""
    if s.phase == OVER:
        return
    if s.picks >= len(s.comp.dice):       # RB: Phase II: until all action dice are taken
        end_round(s)
        return
    if s.solo:
        solo.next_pick(s)
        return
    s.phase = DRAFT
    s.acting = s.captain if s.picks % 2 == 0 else 1 - s.captain


def draft(s: CosmicRunState, die: int) -> None:
    s.owner[die] = s.acting
    s.picks += 1
    s.die = die
    s.phase = DIE
    s.say("take", (takes_text, (s.sheet_name, s.comp, s.acting, die, s.faces[die])),
          {"sheet": s.acting, "die": die, "face": s.faces[die]})


def use_die(s: CosmicRunState) -> None:
    """Perform the taken die's action (RB: Movement Die, Advance and Attack Die, Mine Die,
    Technology Dice; solo special rules)."""
    face, sh = s.faces[s.die], s.acting
    k = face_kind(face)
    if k == MOVE or k == ATTACK:
        colour = face_track(face)
        s.ship = ship_ix(sh, colour)
        s.pips = movement.effective_pips(s, face, s.ship)
        s.steps = s.transformed = 0
        # solo: the player's advance-and-attack die advances but does not attack
        s.attack_colour = colour if (k == ATTACK and not s.solo) else -1
        movement.start(s)
    elif k == TECH:
        technologies.gain(s, sh, face - TECH0)
        next_pick(s)
    elif s.solo:
        s.say("mine-die", says("The mine die has no use for the solo player."), {"sheet": sh})
        next_pick(s)
    elif s.friendly:
        s.immune[sh] = s.round + 1
        s.say("mine-die", says("{who} circles the next round: they will ignore its mine rolls.", who=who_w(s, sh)),
              {"sheet": sh})
        next_pick(s)
    else:
        s.phase = LETTER


def friendly_last_round_mine(s: CosmicRunState) -> bool:
    """Friendly variant in the last round: a mine die may be re-rolled (free) until it shows
    something else."""
    return s.friendly and not s.solo and s.round >= len(s.comp.round_track) and face_kind(s.faces[s.die]) == MINE


def free_reroll(s: CosmicRunState) -> None:
    faces = s.comp.dice[s.die]
    if all(f == faces[0] for f in faces):
        s.say("reroll", says("This die shows nothing but mines: nothing happens."))
        next_pick(s)
        return
    n = 0
    while face_kind(s.faces[s.die]) == MINE:
        s.faces[s.die] = dice.roll(s, s.die)
        n += 1
    s.say("reroll", says("{who} re-rolls the mine die for free ({n}x): {face}.", who=who_w(s, s.acting), n=n,
                         face=face_w(s.comp, s.faces[s.die])),
          {"die": s.die, "face": s.faces[s.die]}, chance=True)


def choose_letter(s: CosmicRunState, col: int) -> None:
    """RB: Mine Die: turn the letter die to a chosen letter, roll the number die; only the
    opponent's sheet is marked."""
    num = mines.roll_number(s)
    s.say("mine-die", says("{who} sets the letter die to {letter} and rolls {num}: {at} for {other}.",
                           who=who_w(s, s.acting), letter=s.comp.columns[col], num=num, at=coordinate(s, col, num),
                           other=who_w(s, 1 - s.acting)), {"col": col, "number": num, "sheet": s.acting}, chance=True)
    mines.start_roll(s, s.acting, [1 - s.acting], col, num, 1)


def end_round(s: CosmicRunState) -> None:
    """RB: End of Phase II and Game End 3: after the last round the game is scored."""
    if s.round >= len(s.comp.round_track):
        scoring.finish(s, "rounds")
        return
    s.round += 1
    start_round(s)
