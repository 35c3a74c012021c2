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
from cosmodrome.games.mars.state import (ACT, D_LEFT, D_RIGHT, END_NUKE, GO_ON, HOOKS, LZ, OVER, PROGRAM, MarsState)
from cosmodrome.games.mars.combat import hit_box
from cosmodrome.games.mars.text import die_name

#: the antenna upgrade's number (components.UPGRADES order)
ANTENNA = 2
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
    if s.slot < 0:
        s.first_slot = min(later)
    s.slot = min(later)
    s.rerolled = 0
    s.faces = [s.roll_die(d) if s.prog[d] == s.slot else 0 for d in range(6)]
    if any(is_accident(f) for f in s.faces if f):
        s.boom = 1
    rolled = ", ".join(f"{die_name(d)} {face_text(s.faces[d])}" for d in range(6) if s.faces[d])
    s.log("roll", f"{s.game.seat_name(s.cur, s.num_players)} rolls action {s.slot + 1}: {rolled}.", chance=True,
          faces=list(s.faces))
    s.phase = ACT


def reroll_sources(s: MarsState) -> list[str]:
    """Why marine ``cur`` may roll one die of this roll again (rules, "Use me as a team": a
    standing companion in its box; "Supporting from base": in the LZ, on the first roll; "Base
    upgrades": an antenna on its side, on the first roll). One re-roll a roll, whatever the
    number of reasons (our ruling)."""
    m = s.cur
    out = []
    if companions(s, m):
        out.append("a companion")
    if s.slot == s.first_slot:
        if s.zone[s.mcol[m]] == LZ:
            out.append("the Landing Zone")
        side = s.side_of(s.mcol[m])
        if any(s.upg[k] == ANTENNA and s.sides[k % len(s.sides)] == side for k in (0, 1)):
            out.append("the antenna")
    return out


def can_reroll(s: MarsState) -> bool:
    return not s.rerolled and bool(reroll_sources(s))


def reroll(s: MarsState, d: int) -> None:
    """Roll die ``d`` of the current roll again (see :func:`reroll_sources`)."""
    why = reroll_sources(s)[0]
    s.faces[d] = s.roll_die(d)
    s.rerolled = 1
    if is_accident(s.faces[d]):
        s.boom = 1
    s.log("reroll", f"{s.game.seat_name(s.cur, s.num_players)} rolls {die_name(d)} again thanks to {why}: "
          f"{face_text(s.faces[d])}.", chance=True, die=d, face=s.faces[d])


def support_targets(s: MarsState) -> list[int]:
    """Rules, "Supporting from base": a marine in the LZ, in a box free of aliens, with no die
    programmed, may stand a crashed marine up instead of acting (tactical support)."""
    if not from_base(s):
        return []
    return [o for o in range(s.num_players) if o != s.cur and s.mdown[o]]


def from_base(s: MarsState) -> bool:
    """Rules, "Supporting from base": in the LZ, in a box free of aliens, no die programmed."""
    m = s.cur
    return s.zone[s.mcol[m]] == LZ and not s.aliens_at(s.box(s.mcol[m], s.mlvl[m])) and not programmed(s)


def missile(s: MarsState, fragmentation: int, back: int, beacon: int) -> None:
    """Rules, "Supporting from base", missile battery: two white dice give the exact distance
    from the beacon marine (forward or backward, as chosen); a piercing missile puts 3 hits on
    the most crowded box of that column, a fragmentation missile 1 hit on every box of that
    column and of the columns either side (our reading of "zone": a column of the ring)."""
    dist = s.roll_die(2) + s.roll_die(3)
    col = s.mcol[beacon] + (-dist if back else dist)
    who = s.game.seat_name(s.cur, s.num_players)
    s.log("missile", f"{who} fires a {'fragmentation' if fragmentation else 'piercing'} missile on "
          f"{s.game.seat_name(beacon, s.num_players)}'s beacon: it lands {dist} columns "
          f"{'back' if back else 'ahead'}.", chance=True, col=col)
    if not 0 <= col < len(s.strip):
        s.log("missile", "The missile falls beyond the ring.")
    elif fragmentation:
        for c in (col - 1, col, col + 1):
            for y in range(s.levels):
                if 0 <= c < len(s.strip) and s.aliens_at(s.box(c, y)):
                    hit_box(s, c, y, 1, s.cur, "The fragmentation missile")
    else:
        y = max(range(s.levels), key=lambda y: len(s.aliens_at(s.box(col, y))))
        if s.aliens_at(s.box(col, y)):
            hit_box(s, col, y, 3, s.cur, "The piercing missile")
    HOOKS.end_turn(s)


def bait(s: MarsState) -> None:
    """Rules, "Supporting from base", bait: the white die of this round will be rolled again."""
    s.bait = 1
    s.log("bait", f"{s.game.seat_name(s.cur, s.num_players)} lays a bait for the MMM.")
    HOOKS.end_turn(s)


def support(s: MarsState, o: int) -> None:
    s.mdown[o] = 0
    s.log("support", f"{s.game.seat_name(s.cur, s.num_players)} calls the satellites' tractor beam: "
          f"{s.game.seat_name(o, s.num_players)} is up again.", seat=o)
    HOOKS.end_turn(s)


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
