"""A marine's turn (rules, "How do I...", "Don't stop marine!", "How we win?", "Use me as a
team"): the marine programs its dice on up to three actions, rolls them action by action and,
for each roll, moves with one die (forward or backward) or shoots; or, standing beside the MMM
in a box free of aliens, it sets off the nuke as its only action.

A crashed marine stands up at the start of its next turn and plays it with 2 dice (the
conditions of Walking on the Moon). A wave face rolled at any time of the turn, used or not,
sends a wave on the marine's side when the turn ends.
"""

from __future__ import annotations

from cosmodrome.games.lunar.dice import face_text, is_accident
from cosmodrome.games.mars.state import (ACT, D_LEFT, D_RIGHT, END_NUKE, GO_ON, HOOKS, OVER, PROGRAM, MarsState)
from cosmodrome.games.mars.text import die_name

#: the dice of the nuke: both blue and both white (our ruling: the four dice with the best sum)
NUKE_DICE = (0, 1, 2, 3)


def begin_turn(s: MarsState, m: int) -> None:
    """Rules, "How do I...": marine ``m`` takes its dice (2 after a crash) and programs them."""
    s.cur = m
    s.dice_n = s.C.dice["marine"]
    if s.mdown[m]:
        s.mdown[m] = 0
        s.dice_n = s.C.dice["crashed"]
        s.log("stand", f"{s.game.seat_name(m, s.num_players)} gets up and plays with {s.dice_n} dice.", seat=m)
    s.prog = [-1] * 6
    s.faces = [0] * 6
    s.slot = -1
    s.boom = 0
    s.phase = PROGRAM


def programmed(s: MarsState) -> int:
    return sum(1 for a in s.prog if a >= 0)


def nuke_ready(s: MarsState, m: int) -> bool:
    """Rules, "How we win?": beside the MMM (a defender box), free of aliens, before any die
    is programmed."""
    return (s.zone[s.mcol[m]] in (D_LEFT, D_RIGHT) and not s.aliens_at(s.box(s.mcol[m], s.mlvl[m]))
            and programmed(s) == 0)


def program(s: MarsState, d: int, action: int) -> None:
    """Rules, "How do I...": a die goes on one of the three actions (several dice may share one)."""
    s.prog[d] = action
    s.log("program", f"{die_name(d)} on action {action + 1}.", die=d, slot=action)


def next_action(s: MarsState) -> None:
    """Roll the dice of the next programmed action, or end the turn when none is left."""
    later = [a for a in s.prog if a > s.slot]
    if not later:
        HOOKS.end_turn(s)
        return
    s.slot = min(later)
    s.faces = [s.roll_die(d) if s.prog[d] == s.slot else 0 for d in range(6)]
    if any(is_accident(f) for f in s.faces if f):
        s.boom = 1
    rolled = ", ".join(f"{die_name(d)} {face_text(s.faces[d])}" for d in range(6) if s.faces[d])
    s.log("roll", f"{s.game.seat_name(s.cur, s.num_players)} rolls action {s.slot + 1}: {rolled}.", chance=True,
          faces=list(s.faces))
    s.phase = ACT


def after_action(s: MarsState) -> None:
    """Rules, "Don't stop marine!": after an action the marine may stop or roll the next."""
    s.faces = [0] * 6
    if any(a > s.slot for a in s.prog):
        s.phase = GO_ON
    else:
        HOOKS.end_turn(s)


def companions(s: MarsState, m: int) -> list[int]:
    """The other standing marines in marine ``m``'s box."""
    return [o for o in range(s.num_players) if o != m and not s.mdown[o]
            and s.mcol[o] == s.mcol[m] and s.mlvl[o] == s.mlvl[m]]


def move(s: MarsState, m: int, d: int, back: int, mask: int) -> None:
    """Rules, "How do I...": move by one die of the roll, forward or backward, with the
    Moon's jumping rules; "Use me as a team": an accident beside a standing companion is
    ignored, and a safe landing beside a crashed companion stands it up. An accident ends the
    turn."""
    j = s.preview(m, d, back, mask)
    s.mcol[m], s.mlvl[m] = j.col, j.level
    who = s.game.seat_name(m, s.num_players)
    s.log("move", f"{who} moves {'back' if back else 'forward'} with {die_name(d)} to column {j.col + 1}, "
          f"level {j.level} ({j.outcome}).", seat=m, col=j.col, level=j.level, outcome=j.outcome)
    if j.outcome == "safe":
        for o in range(s.num_players):
            if o != m and s.mdown[o] and s.mcol[o] == j.col and s.mlvl[o] == j.level:
                s.mdown[o] = 0
                s.log("pick-up", f"{who} helps {s.game.seat_name(o, s.num_players)} up.", seat=o)
        after_action(s)
        return
    if companions(s, m):
        s.log("accident", f"{who} has an accident, but a companion in the box keeps it going.", seat=m)
        after_action(s)
        return
    s.mdown[m] = 1
    s.log("accident", f"{who} crashes and ends the turn.", seat=m)
    s.faces = [0] * 6
    HOOKS.end_turn(s)


def nuke(s: MarsState, m: int) -> None:
    """Rules, "How we win?": four dice summing to 9 or more destroy the MMM; "Use me as a
    team": a standing companion in the box lets the marine roll its lowest die again."""
    faces = [s.roll_die(d) for d in NUKE_DICE]
    total = sum(f if not is_accident(f) else 2 for f in faces)
    if companions(s, m) and total < s.C.dice["nuke_target"]:
        low = min(range(4), key=lambda i: faces[i])
        faces[low] = s.roll_die(NUKE_DICE[low])
        total = sum(f if not is_accident(f) else 2 for f in faces)
    s.boom = int(any(is_accident(f) for f in faces))
    who = s.game.seat_name(m, s.num_players)
    s.log("nuke", f"{who} sets off the nuke: {' + '.join(face_text(f) for f in faces)} = {total}.",
          chance=True, seat=m, total=total)
    if total >= s.C.dice["nuke_target"]:
        s.won, s.end, s.phase = 1, END_NUKE, OVER
        s.log("won", "The Martian Master Mind is destroyed: the marines win!")
        return
    HOOKS.end_turn(s)
