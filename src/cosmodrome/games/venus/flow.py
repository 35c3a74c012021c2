"""The engine's plumbing: the fixed action space and the frame stack.

The game is driven by a stack of small frames (tuples of ints). The top frame is either an
automatic step (run at once by :func:`run`) or a decision asked of exactly one seat
(``frame[1]``). Rule modules register their frames here: ``AUTO[op] = fn(s, frame)`` and
``DECIDE[op] = Decider(kind, legal(s, f), apply(s, f, a), prompt(s, f))``. Decision frames
are popped before their ``apply`` runs; automatic frames pop themselves when done.

Action space (fixed, :data:`NUM_ACTIONS` ids):

=========  ==========================================================
0          done / no / decline / end the turn
1          yes
2..5       MOVE, CLAIM, BUILD, PASS (take a pass cube)
8..10      unit type: infantry, spaceship, tank
12..19     planet: Mercury .. Kuiper Belt
20..49     tile slot on the planet in question (0..29)
50..59     count 0..9
60..99     card, by effect id (see components.EFFECTS)
100..104   seat 0..4
105..120   building: 105 + planet*2 + kind (0 mine, 1 factory)
121..144   unit at a planet: 121 + planet*3 + unit type
145..147   die 0..2
148..154   re-roll dice set: 148 + mask - 1 (bit i = die i)
=========  ==========================================================
"""

from __future__ import annotations

from typing import Callable, NamedTuple

A_DONE, A_YES, A_MOVE, A_CLAIM, A_BUILD, A_PASS = 0, 1, 2, 3, 4, 5
A_UNIT = 8
A_PLANET = 12
A_TILE = 20
MAX_SLOTS = 30
A_COUNT = 50
A_CARD = 60
A_SEAT = 100
A_BLD = 105
A_UNITAT = 121
A_DIE = 145
A_REROLL = 148
NUM_ACTIONS = 155

INF, SHIP, TANK = 0, 1, 2
MINE, FACTORY = 0, 1
MERCURY, VENUS, EARTH, MOON, MARS, GANYMEDE, TITAN, KUIPER = range(8)
# tile kinds
T_FACTORY, T_DRAW2, T_BIGGAME, T_WINDFALL, T_MINE, T_CRISIS, T_TENSION, T_ALIEN = range(8)


class Decider(NamedTuple):
    kind: str
    legal: Callable
    apply: Callable
    prompt: Callable


AUTO: dict = {}
DECIDE: dict = {}
_next_op = [1]


def op(name: str) -> int:
    """Allocate a frame op code (stable as long as modules load in the same order)."""
    code = _next_op[0]
    _next_op[0] += 1
    OP_NAMES[code] = name
    return code


OP_NAMES: dict = {}


def auto(code: int):
    def deco(fn):
        AUTO[code] = fn
        return fn
    return deco


def decide(code: int, kind: str, legal: Callable, prompt: Callable):
    def deco(fn):
        DECIDE[code] = Decider(kind, legal, fn, prompt)
        return fn
    return deco


def run(s) -> None:
    """Run automatic frames until a decision is on top or the game is over."""
    stack = s.stack
    A = AUTO
    while stack and not s.over:
        f = stack[-1]
        fn = A.get(f[0])
        if fn is None:
            return
        fn(s, f)
