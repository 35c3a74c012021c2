"""Technologies, the cargo bay and the control panel (RB: Technology Dice, Cargo Bay Option,
Control Panel Option, Using Technologies).

A technology die crosses the topmost open circle of its column; two dice in the cargo bay in
one round give any one technology and empty the bay; the control panel re-rolls a taken die,
four times a game.
"""

from __future__ import annotations

from cosmodrome.games.cosmic_run.dice import roll
from cosmodrome.games.cosmic_run.grid import tech_ix
from cosmodrome.games.cosmic_run.state import HOOKS, TECHPICK, CosmicRunState
from cosmodrome.games.cosmic_run.text import cargo_text, face_w, gains_text, says, tech_w, who_w


def room(s: CosmicRunState, sheet: int, tech: int) -> bool:
    return s.tech_gained[tech_ix(sheet, tech)] < s.comp.circles


def gain(s: CosmicRunState, sheet: int, tech: int) -> None:
    name = s.comp.tech_names[tech]
    if not room(s, sheet, tech):
        s.say("technology", says("{who} has no open {tech} circle left: nothing gained.", who=who_w(s, sheet),
                                 tech=tech_w(s.comp, tech)), {"sheet": sheet})
        return
    s.tech_gained[tech_ix(sheet, tech)] += 1
    s.say("technology", (gains_text, (s.sheet_name, sheet, name)), {"sheet": sheet, "tech": tech})


def to_cargo(s: CosmicRunState) -> None:
    """RB: Cargo Bay Option."""
    sh = s.acting
    s.cargo[sh] += 1
    s.say("cargo", (cargo_text, (s.sheet_name, s.comp, sh, s.cargo[sh])), {"sheet": sh, "die": s.die})
    if s.cargo[sh] >= s.comp.cargo_slots:
        s.cargo[sh] = 0
        if any(room(s, sh, t) for t in range(4)):
            s.phase = TECHPICK
            return
        s.say("technology", says("{who}'s cargo bay is full but every technology column is full.", who=who_w(s, sh)),
              {"sheet": sh})
    HOOKS.next_pick(s)


def reroll(s: CosmicRunState, sheet: int) -> None:
    """RB: Control Panel Option: cross a re-roll icon and roll the taken die again."""
    s.rerolls_used[sheet] += 1
    s.faces[s.die] = roll(s, s.die)
    s.say("reroll", says("{who} re-rolls die {n} with the control panel ({left} left): {face}.", who=who_w(s, sheet),
                         n=s.die + 1, left=s.comp.rerolls - s.rerolls_used[sheet], face=face_w(s.comp, s.faces[s.die])),
          {"sheet": sheet, "die": s.die, "face": s.faces[s.die]}, chance=True)
