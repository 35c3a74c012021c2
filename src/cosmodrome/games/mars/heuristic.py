"""A heuristic marine for March on Mars, meant to play with others of its kind as a team.

It reads nothing hidden: it looks one decision ahead on a determinization
(``state.resample``) and keeps the option whose position scores best by
:func:`cosmodrome.games.mars.evaluation.progress` (the first marine guards the Landing Zone,
the others strike at the right-hand defender and the MMM); the nuke is always set off when it
can be; programming follows a fixed plan (a striker within range of a living defender puts
all its dice on one action, to roll groups; otherwise one die an action, blue and black
first, so each roll offers a choice of moves).

>>> from cosmodrome.games.mars import GAME
>>> s = GAME.new_state(2, seed=1)
>>> MarsHeuristic(seed=0).choose(s) in s.legal_actions()
True
"""

from __future__ import annotations

from cosmodrome.core import Bot, State
from cosmodrome.games.mars.evaluation import progress
from cosmodrome.games.mars.state import A_DONE, A_NUKE, A_PROGRAM, A_ROLL, RIGHT, SIDE_ZONES, MarsState

#: the dice a marine takes, best first: blue (reaches 3) and black (climbs), alternately, then white
DICE_ORDER = (0, 4, 1, 5, 2, 3)


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
            return A_ROLL
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
        d_col = next(z["first"] for z in v["zones"] if z["zone"] == SIDE_ZONES[RIGHT][0])
        striking = turn["marine"] != 0 or len(v["marines"]) == 1
        near_defender = striking and abs(d_col - me["col"]) <= 3 and v["defenders"][-1]["alive"]
        if len(placed) >= n and A_DONE in legal:
            return A_DONE
        d = next(d for d in DICE_ORDER if d not in placed)
        slot = 0 if near_defender else min(len(placed), 2)
        a = A_PROGRAM + d * 3 + slot
        return a if a in legal else legal[-1]
