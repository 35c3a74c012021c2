"""A heuristic marine for March on Mars, meant to play with others of its kind as a team.

It reads nothing hidden: it looks one decision ahead on a determinization
(``state.resample``) and keeps the option whose position scores best by
:func:`cosmodrome.games.mars.evaluation.progress` (with three or more marines the first guards
the Landing Zone; the others strike at the right-hand defender and the MMM); the nuke is always set off when it
can be; programming follows a fixed plan (a striker within range of a living defender puts
all its dice on one action, to roll groups; otherwise a blue die, a black die and both others
on the three actions, for three moves; the guard one die an action); a striker that has reached
the box beside the MMM stops there to set off the nuke next turn; the guard fires a piercing
missile on a striker's beacon when the right-hand defender is 2 to 4 columns ahead of it.

>>> from cosmodrome.games.mars import GAME
>>> s = GAME.new_state(2, seed=1)
>>> MarsHeuristic(seed=0).choose(s) in s.legal_actions()
True
"""

from __future__ import annotations

from cosmodrome.core import Bot, State
from cosmodrome.games.mars.evaluation import is_guard, progress
from cosmodrome.games.mars.state import (A_DONE, A_MISSILE, A_NUKE, A_PROGRAM, A_ROLL, D_LEFT, D_RIGHT, RIGHT, SIDE_ZONES,
                                         MarsState)

#: (die, action) in the order a striker programs them to move: a blue die, a black die, then
#: both others on the third action (three moves a turn, with a choice of reach or climb last)
MOVING_PLAN = ((0, 0), (4, 1), (1, 2), (5, 2), (2, 2), (3, 2))
#: to shoot a defender: all on one action, whites and blacks first (each shows 1 or 2 half the
#: time, so three of a kind is likelier)
SHOOTING_PLAN = ((2, 0), (3, 0), (4, 0), (5, 0), (0, 0), (1, 0))
#: how likely two white dice (1 or 2 each) sum to a distance
MISSILE_ODDS = {2: 0.25, 3: 0.5, 4: 0.25}
#: the guard: one die an action, to shoot at several boxes a turn
GUARD_PLAN = ((0, 0), (4, 1), (1, 2), (5, 2), (2, 2), (3, 2))


def beside_the_mmm(state: MarsState) -> bool:
    """Whether the marine to move stands in a defender box free of aliens (where its next turn
    can set off the nuke)."""
    v = state.view(state.to_move())
    me = v["marines"][v["turn"]["marine"]]
    for z in v["zones"]:
        if z["zone"] in (D_LEFT, D_RIGHT) and z["first"] == me["col"]:
            return not any(b["aliens"] for b in z["boxes"])
    return False


class MarsHeuristic(Bot):
    name = "heuristic"

    def choose(self, state: State) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if A_NUKE in legal:
            return A_NUKE
        kind = state.decision_kind()
        if kind == "program":
            return self._program(state, legal)
        if kind == "go-on":
            return A_DONE if beside_the_mmm(state) or A_ROLL not in legal else A_ROLL
        seat = state.to_move()
        best, best_v = legal[0], None
        for a in legal:
            s = state.resample(seat, self.rng)
            s._apply(a)
            v = progress(s) + (100.0 if s.is_terminal() and s.returns()[seat] > 0 else 0.0)
            if best_v is None or v > best_v:
                best, best_v = a, v
        return best

    def _program(self, state: MarsState, legal: list[int]) -> int:
        v = state.view(state.to_move())
        turn = v["turn"]
        placed = [d["die"] for d in turn["dice"] if d["action"] >= 0]
        n = turn["dice_n"]
        me = v["marines"][turn["marine"]]
        if len(placed) >= n and A_DONE in legal:
            return A_DONE
        d_col = next(z["first"] for z in v["zones"] if z["zone"] == SIDE_ZONES[RIGHT][0])
        striking = not is_guard(turn["marine"], len(v["marines"]))
        if not placed and not striking and v["defenders"][-1]["alive"]:
            # a piercing missile on a striker's beacon: two white dice land 2-4 columns ahead
            shots = [(MISSILE_ODDS.get(d_col - mk["col"], 0.0), mk["seat"]) for mk in v["marines"]]
            odds, beacon = max(shots)
            if odds and A_MISSILE + beacon in legal:
                return A_MISSILE + beacon
        if striking and 1 <= abs(d_col - me["col"]) <= 2 and v["defenders"][-1]["alive"]:
            plan = SHOOTING_PLAN
        elif striking:
            plan = MOVING_PLAN
        else:
            plan = GUARD_PLAN
        d, slot = next((d, slot) for d, slot in plan if d not in placed)
        a = A_PROGRAM + d * 3 + slot
        return a if a in legal else legal[-1]
