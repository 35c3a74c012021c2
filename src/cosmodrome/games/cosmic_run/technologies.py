"""Technologies, the cargo bay and the control panel (RB Technology Dice, Cargo Bay Option,
Control Panel Option, Using Technologies).

A technology die crosses the topmost open circle of its column; two dice in the cargo bay in
one round give any one technology and empty the bay; the control panel re-rolls a taken die,
four times a game.
"""

from __future__ import annotations

from cosmodrome.games.cosmic_run.dice import roll
from cosmodrome.games.cosmic_run.state import HOOKS, TECHPICK, CosmicRunState
from cosmodrome.games.cosmic_run.text import cargo_text, gains_text


def room(s: CosmicRunState, sheet: int, tech: int) -> bool:
    return s.tx[sheet * 4 + tech] < s.C.circles


def gain(s: CosmicRunState, sheet: int, tech: int) -> None:
    name = s.C.tech_names[tech]
    if not room(s, sheet, tech):
        s.log("technology", f"{s.sheet_name(sheet)} has no open {name} circle left: nothing gained.", sheet=sheet)
        return
    s.tx[sheet * 4 + tech] += 1
    s.log("technology", (gains_text, (s.sheet_name, sheet, name)), sheet=sheet, tech=tech)


def to_cargo(s: CosmicRunState) -> None:
    """RB Cargo Bay Option."""
    sh = s.seat
    s.cargo[sh] += 1
    s.log("cargo", (cargo_text, (s.sheet_name, s.C, sh, s.cargo[sh])), sheet=sh, die=s.die)
    if s.cargo[sh] >= s.C.cargo_slots:
        s.cargo[sh] = 0
        if any(room(s, sh, t) for t in range(4)):
            s.stage = TECHPICK
            return
        s.log("technology", f"{s.sheet_name(sh)}'s cargo bay is full but every technology column is full.", sheet=sh)
    HOOKS.next_pick(s)


def reroll(s: CosmicRunState, sheet: int) -> None:
    """RB Control Panel Option: cross a re-roll icon and roll the taken die again."""
    s.rr[sheet] += 1
    s.faces[s.die] = roll(s, s.die)
    s.log("reroll", f"{s.sheet_name(sheet)} re-rolls die {s.die + 1} with the control panel "
          f"({s.C.rerolls - s.rr[sheet]} left): {s.C.face_text(s.faces[s.die])}.", chance=True,
          sheet=sheet, die=s.die, face=s.faces[s.die])
