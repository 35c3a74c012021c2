"""The decisions of March on Mars as actions of the fixed action space (ids in
:mod:`cosmodrome.games.mars.state`): what is legal, what an action does, and its JSON form.

A move is ``A_MOVE + (die * 2 + backward) * 8 + mask`` (``mask``: which steps are diagonal,
as in :mod:`cosmodrome.games.lunar.movement`); a shot is
``A_SHOOT + (backward * 4 + range) * 4 + level``.
"""

from __future__ import annotations

from typing import Any

from cosmodrome.games.lunar.dice import DIE_COLOUR, steps_of
from cosmodrome.games.lunar.movement import masks
from cosmodrome.games.mars.combat import engaged, shoot, targets
from cosmodrome.games.mars.rounds import waiting
from cosmodrome.games.mars.state import (A_BAIT, A_DONE, A_MISSILE, A_MOVE, A_NUKE, A_PROGRAM, A_REROLL, A_ROLL, A_SEAT,
                                         A_SHOOT, A_SUPPORT, ACT, CHOOSE, GO_ON, PROGRAM, MarsState)
from cosmodrome.games.mars.text import die_name
from cosmodrome.games.mars.turn import (after_action, bait, begin_turn, can_reroll, from_base, missile, move, next_action, nuke,
                                        nuke_ready, program, programmed, reroll, support, support_targets)


def moves(s: MarsState) -> list[int]:
    """The moves of the current roll, one for each distinct landing of a colour and face
    (none while engaged: rules, "They are all over me!")."""
    if engaged(s, s.cur):
        return []
    out, seen = [], set()
    for d in range(6):
        if s.faces[d]:
            for back in (0, 1):
                for mk in masks(DIE_COLOUR[d], steps_of(s.faces[d])):
                    j = s.preview(s.cur, d, back, mk)
                    key = (DIE_COLOUR[d], s.faces[d], back, j.col, j.level, j.outcome)
                    if key not in seen:       # one option per distinct landing
                        seen.add(key)
                        out.append(A_MOVE + (d * 2 + back) * 8 + mk)
    return out


def legal(s: MarsState) -> list[int]:
    if s.phase == CHOOSE:
        return [A_SEAT + m for m in waiting(s)]
    if s.phase == PROGRAM:
        out = [A_DONE] if programmed(s) else []
        if nuke_ready(s, s.cur):
            out.append(A_NUKE)
        if programmed(s) < s.dice_n:
            out += [A_PROGRAM + d * 3 + a for d in range(6) if s.prog[d] < 0 for a in range(3)]
        out += [A_SUPPORT + o for o in support_targets(s)]
        if from_base(s):
            out += [A_MISSILE + k * 5 + b for k in range(4) for b in range(s.num_players)] + [A_BAIT]
        return out
    if s.phase == GO_ON:
        return [A_DONE, A_ROLL]
    shots = [A_SHOOT + (b * 4 + r) * 4 + y for b, r, y in targets(s, s.cur)]
    out = moves(s) + shots
    out = sorted(out) if out else [A_DONE]      # engaged without a 1: the dice are lost
    if can_reroll(s):
        out += [A_REROLL + d for d in range(6) if s.faces[d]]
    return out


def perform(s: MarsState, a: int) -> None:
    m = s.cur
    if s.phase == CHOOSE:
        begin_turn(s, a - A_SEAT)
    elif a == A_BAIT:
        bait(s)
    elif a >= A_MISSILE:
        k, b = divmod(a - A_MISSILE, 5)
        missile(s, k // 2, k % 2, b)
    elif a >= A_SUPPORT:
        support(s, a - A_SUPPORT)
    elif a >= A_REROLL:
        reroll(s, a - A_REROLL)
    elif s.phase == PROGRAM:
        if a == A_NUKE:
            nuke(s, m)
        elif a == A_DONE:
            next_action(s)
        else:
            program(s, (a - A_PROGRAM) // 3, (a - A_PROGRAM) % 3)
    elif s.phase == GO_ON:
        if a == A_ROLL:
            next_action(s)
        else:
            s.log("stop", f"{s.game.seat_name(m, s.num_players)} stops here.", seat=m)
            s.prog = [-1] * 6
            after_action(s)
    elif a == A_DONE:
        s.log("no-effect", f"{s.game.seat_name(m, s.num_players)} is engaged and rolled no 1: the dice are lost.")
        after_action(s)
    elif a >= A_SHOOT:
        k = a - A_SHOOT
        shoot(s, m, k // 16, (k // 4) % 4, k % 4)
        after_action(s)
    else:
        k = a - A_MOVE
        move(s, m, k // 16, (k // 8) % 2, k % 8)


def to_json(s: MarsState, a: int) -> dict[str, Any]:
    """The label and the places an action names (for the table to highlight)."""
    if a == A_DONE:
        label = {PROGRAM: "done: roll the first action", GO_ON: "stop the turn here"}.get(s.phase, "no effect")
        return {"action": a, "label": label}
    if a == A_ROLL:
        return {"action": a, "label": "roll the next action"}
    if a == A_NUKE:
        return {"action": a, "label": "set off the nuke (4 dice, 9 or more)"}
    if a == A_BAIT:
        return {"action": a, "label": "bait: make the MMM roll its white die again this round"}
    if a >= A_MISSILE:
        k, b = divmod(a - A_MISSILE, 5)
        kind = "fragmentation" if k // 2 else "piercing"
        return {"action": a, "label": f"{kind} missile, {'backward' if k % 2 else 'forward'} of "
                f"{s.game.seat_name(b, s.num_players)}'s beacon", "seat": b}
    if a >= A_SUPPORT:
        o = a - A_SUPPORT
        return {"action": a, "label": f"tactical support: stand {s.game.seat_name(o, s.num_players)} up", "seat": o}
    if a >= A_REROLL:
        return {"action": a, "label": f"roll {die_name(a - A_REROLL)} again", "die": a - A_REROLL}
    if A_SEAT <= a < A_PROGRAM:
        return {"action": a, "label": f"{s.game.seat_name(a - A_SEAT, s.num_players)} acts next", "seat": a - A_SEAT}
    if A_PROGRAM <= a < A_MOVE:
        d, slot = divmod(a - A_PROGRAM, 3)
        return {"action": a, "label": f"{die_name(d)} on action {slot + 1}", "die": d, "slot": slot}
    if A_MOVE <= a < A_SHOOT:
        k = a - A_MOVE
        d, back, mk = k // 16, (k // 8) % 2, k % 8
        if s.phase == ACT and s.faces[d]:
            j = s.preview(s.cur, d, back, mk)
            where = f"column {j.col + 1}, level {j.level}" + ("" if j.outcome == "safe" else f" ({j.outcome})")
            return {"action": a, "label": f"move {'back' if back else 'forward'} with {die_name(d)} to {where}",
                    "die": d, "col": j.col, "level": j.level, "outcome": j.outcome}
        return {"action": a, "label": f"move {'back' if back else 'forward'} with {die_name(d)}", "die": d}
    k = a - A_SHOOT
    back, rng_, lvl = k // 16, (k // 4) % 4, k % 4
    col = s.mcol[s.cur] + (-rng_ if back else rng_)
    return {"action": a, "label": f"shoot column {col + 1}, level {lvl} (range {rng_})", "col": col, "level": lvl}
