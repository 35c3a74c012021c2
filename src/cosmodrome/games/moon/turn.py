"""The start of a turn and programming the jump card (RB: "How do I reach the goal?",
Handicaps, Earth Control).

An astronaut takes four of the six dice; three if it holds a handicap counter (all of which
it hands back now); two if it lies face-down after an accident (it gets up). The worst
condition applies alone. Before programming it may spend EC counters for one more die each,
never beyond six. It then puts each die it takes on one of up to three jumps; the first jump
is rolled as soon as the last die is placed.
"""

from __future__ import annotations

from cosmodrome.games.lunar.dice import DIE_COLOUR, NUM_DICE
from cosmodrome.games.moon.cards import before_programming, started_last
from cosmodrome.games.moon.components import JUMP_SLOTS
from cosmodrome.games.moon.state import EXTRA, HOOKS, PROGRAM, MoonState, decode_program, encode_program
from cosmodrome.games.moon.text import name_w, says


def start_turn(s: MoonState, a: int) -> None:
    """Astronaut ``a`` begins its turn: its condition sets the dice it takes (RB:
    Handicaps: normal 4, handicap 3, accident 2, not cumulative)."""
    s.acting = s.mover = a
    s.acting_started_last = int(started_last(s, a))
    s.removed_dice = 0
    s.die_action = [-1] * NUM_DICE
    s.faces = [0] * NUM_DICE
    s.jump = 0
    n = s.comp.dice
    if s.crashed[a]:
        s.dice_count = n["accident"]
        s.crashed[a] = 0
        s.say("wake", says("{name} gets up after the accident and takes {n} dice.", name=name_w(s, a), n=s.dice_count),
              {"astronaut": a})
    elif s.handicaps[a]:
        s.dice_count = n["handicap"]
        s.say("handicap", says("{name} hands back a handicap counter and takes {n} dice.", name=name_w(s, a),
                               n=s.dice_count), {"astronaut": a})
    else:
        s.dice_count = n["normal"]
    if s.handicaps[a]:
        s.handicap_supply += s.handicaps[a]
        s.handicaps[a] = 0
    if not before_programming(s):
        turn_on(s)


def pool(s: MoonState) -> int:
    """How many dice are in the pool this turn (six, less any taken out by No instructions)."""
    return s.comp.dice["most"] - bin(s.removed_dice).count("1")


def turn_on(s: MoonState) -> None:
    """The dice are known: offer EC for extra dice, or go on to programming."""
    s.phase = EXTRA if s.ec_counters[s.acting] and s.dice_count < pool(s) else PROGRAM


def extra_die(s: MoonState, take: bool) -> None:
    """Spend an EC for one more die (RB: Earth Control), or go on to programming."""
    a = s.acting
    if take:
        s.ec_counters[a] -= 1
        s.ec_supply += 1
        s.dice_count += 1
        s.say("ec-die", says("{name} spends an EC counter for one more die ({n}).", name=name_w(s, a),
                             n=s.dice_count), {"astronaut": a})
        if s.ec_counters[a] and s.dice_count < pool(s):
            return
    s.phase = PROGRAM


def _program_menu(free: int, top: int) -> tuple[int, ...]:
    """The programming choices with the dice of bit mask ``free`` still to place and jumps
    ``0..top`` open: the first free die of each colour on each open jump, ascending."""
    seen = set()
    out = []
    for d in range(NUM_DICE):
        if (free >> d) & 1 and DIE_COLOUR[d] not in seen:
            seen.add(DIE_COLOUR[d])
            out.extend(encode_program(d, j) for j in range(top + 1))
    return tuple(sorted(out))


#: :func:`_program_menu` of every mask of free dice and every last open jump, worked out once
PROGRAM_MENUS = tuple(tuple(_program_menu(free, top) for top in range(JUMP_SLOTS)) for free in range(1 << NUM_DICE))


def program_options(s: MoonState) -> list[int]:
    """Programming choices: the first free die of each colour (dice of a colour are alike) on
    any jump up to the first empty one (so the jumps in use are always the first ones), of the
    rule's ``jumps`` (RB: "How do I reach the goal?": up to three)."""
    free = used = 0
    for d, j in enumerate(s.die_action):
        if j < 0:
            free |= 1 << d
        else:
            used |= 1 << j
    return list(PROGRAM_MENUS[free & ~s.removed_dice][min(bin(used).count("1"), s.comp.last_jump)])


def program(s: MoonState, action: int) -> None:
    """Put a die on a jump; once every die is placed, the first jump is rolled (RB: "How
    do I reach the goal?")."""
    d, j = decode_program(action)
    s.die_action[d] = j
    if NUM_DICE - s.die_action.count(-1) == s.dice_count:
        s.jump = 0
        HOOKS.roll(s)
