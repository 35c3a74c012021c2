"""The round (RB: the turn order on the summary card): the aliens of the incoming-wave
boxes storm the LZ; the marines play in any order they choose (the seat that has not played
with the lowest number chooses who goes next); the sentinels shoot and aliens left in the LZ
attack the base; the white die sends a wave to the left or right side (its faces for each
side: the component data's ``waves.white_die``, 1 and 2). After the last round the MMM has
won.
"""

from __future__ import annotations

from cosmodrome.games.lunar.dice import NUM_DICE
from cosmodrome.games.mars.equipment import drop
from cosmodrome.games.mars.state import CHOOSE, END_ROUNDS, LEFT, OVER, RIGHT, MarsState
from cosmodrome.games.mars.text import says, side_name
from cosmodrome.games.mars.turn import begin_turn
from cosmodrome.games.mars.waves import base_attack, land_incoming, sentinels, wave


def waiting(s: MarsState) -> list[int]:
    """The marines still in the game that have not played this round."""
    return [m for m in s.active() if not s.acted[m]]


def choose_next(s: MarsState) -> None:
    """RB: "How do I...": no turn order between the marines. The first marine still waiting
    decides who plays next; with one left, it plays."""
    left = waiting(s)
    if len(left) == 1:
        begin_turn(s, left[0])
    else:
        s.acting = left[0]
        s.phase = CHOOSE


def start_round(s: MarsState) -> None:
    """Turn order step 1, then the marine phase; the equipment drop of round 5 (RB:
    Equipment) and the Scout's step once a round."""
    s.acted = [0] * s.num_players
    s.scouted = [0] * s.num_players
    drop(s)
    land_incoming(s)
    choose_next(s)


def end_turn(s: MarsState) -> None:
    """After a marine's turn: a wave face rolled during it sends a wave on its side (RB:
    Martian waves); then the next marine, or the end of the round."""
    m = s.acting
    s.acted[m] = 1
    s.tired[m] = max(0, s.tired[m] - 1)      # the injector's side effect lasts the next turn
    s.foresaw[m] = s.precog                  # Precog is not used two turns running
    s.faces = [0] * NUM_DICE
    s.die_action = [-1] * NUM_DICE
    if s.wave_dice:
        s.wave_dice = 0
        wave(s, s.side_of(s.column[m]), says("unleashed by {who}", who=s.names[m]))
    if waiting(s):
        choose_next(s)
    else:
        end_round(s)


def bait_fooled(s: MarsState) -> bool:
    """RB: Supporting from base, bait: the white die is rolled again when its first result
    sends the wave where it hurts (the side in play on half the board; otherwise the side with
    more marines) - our reading of deceiving the MMM."""
    side = wave_side(s)
    if side not in s.sides:
        return False
    if len(s.sides) == 1:
        return True
    count = [sum(1 for m in s.active() if s.side_of(s.column[m]) == k) for k in (LEFT, RIGHT)]
    return count[side] > count[1 - side]


def roll_white(s: MarsState) -> int:
    """The white die (a chance event): the face it shows, one of the two of
    ``comp.white_faces``, the left side's (1) or the right side's (2)."""
    faces = s.comp.white_faces
    v = s.rng.randint(1, 2, "the white die of the round",
                      lambda v: f"the white die shows {faces[v - 1]}: a wave on the {side_name((LEFT, RIGHT)[v - 1])}")
    return faces[v - 1]


def wave_side(s: MarsState) -> int:
    """The side the white die's face (``white_die``) sends the round's wave to (RB: Martian
    waves)."""
    return LEFT if s.white_die == s.comp.white_faces[LEFT] else RIGHT


def end_round(s: MarsState) -> None:
    """Turn order steps 3 and 4, and the round track (RB: "How we win?": 8 rounds)."""
    sentinels(s)
    base_attack(s)
    if s.phase == OVER:
        return
    s.white_die = roll_white(s)
    s.say("white-die", says("The white die shows {n}.", n=s.white_die), {"white": s.white_die}, chance=True)
    if s.bait and bait_fooled(s):
        s.white_die = roll_white(s)
        s.say("white-die", says("The bait works: the white die is rolled again and shows {n}.", n=s.white_die),
              {"white": s.white_die}, chance=True)
    s.bait = 0
    wave(s, wave_side(s), says("from the MMM"))
    if s.round >= s.comp.rounds:
        s.won, s.end_cause, s.phase = 0, END_ROUNDS, OVER
        s.say("lost", says("{n} rounds have passed and the MMM still stands: the marines lose.", n=s.comp.rounds))
        return
    s.round += 1
    s.say("round", says("Round {n} begins.", n=s.round), {"round": s.round})
    start_round(s)
