"""Accidents (RB: "What's an accident?"): the turn ends, the astronaut loses half its
Sputnik counters (rounded down; ``[rules] accident_sputnik_divisor`` of the component data)
and lies face-down where it came to rest; next turn it gets up and takes only two dice.
"""

from __future__ import annotations

from cosmodrome.games.moon.state import MoonState
from cosmodrome.games.moon.text import accident_losing_text, name_w, place_w, says, word
from cosmodrome.i18n import N_

WHY = {"hazard": N_("landed on a box without a circle"), "fall": N_("ended in the air and fell"),
       "crash": N_("ran into rock"), "ceiling": N_("hit a tunnel's ceiling"), "face": N_("rolled the accident face")}


def accident(s: MoonState, a: int, why: object) -> None:
    """Astronaut ``a`` has an accident at the box it now occupies (RB: "What's an
    accident?"). Half its Sputniks (rounded down: those held divided by ``[rules]
    accident_sputnik_divisor``) go back to the supply.

    >>> from cosmodrome.games.moon import GAME
    >>> s = GAME.new_state(3, seed=1)
    >>> s.sputniks[0] = 5; s.sputnik_supply -= 5
    >>> accident(s, 0, "crash")
    >>> s.sputniks[0], s.crashed[0], s.sputnik_supply
    (3, 1, 27)
    """
    lost = s.sputniks[a] // s.comp.rules["accident_sputnik_divisor"]
    s.sputniks[a] -= lost
    s.sputnik_supply += lost
    s.crashed[a] = 1
    s.accidents += 1
    values = dict(name=name_w(s, a), why=word(WHY[why]), place=place_w(s, s.column[a], s.level[a]))
    s.say("accident", (accident_losing_text, (lost, values)) if lost
          else says("{name} {why}: an accident at {place}.", **values),
          {"astronaut": a, "why": why, "lost": lost, "col": s.column[a], "level": s.level[a]})
