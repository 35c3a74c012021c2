"""Robbery and sabotage (RB: Robbery and sabotage (advanced rules)).

An astronaut that ends a jump safely in a box with astronauts of other players who are still
racing may rob one of them of a Sputnik counter, or, if that one has none, give it a handicap
counter (while the supply lasts). Not after a crash, nor after a move that was not a jump.
"""

from __future__ import annotations

from cosmodrome.games.moon.cards import after_robbery
from cosmodrome.games.moon.state import A_DONE, A_SEAT, MoonState
from cosmodrome.games.moon.text import name_w, says


def targets(s: MoonState, a: int) -> list[int]:
    """The astronauts ``a`` may rob where it stands: other players', still racing."""
    return [b for b in range(s.n_astro) if s.owner(b) != s.owner(a) and not s.finish_place[b]
            and (s.column[b], s.level[b]) == (s.column[a], s.level[a])]


def rob_options(s: MoonState) -> list[int]:
    return [A_DONE] + [A_SEAT + b for b in targets(s, s.mover)]


def rob(s: MoonState, action: int) -> bool:
    """Take a Sputnik from the chosen astronaut, or give it a handicap counter if it has none
    (RB: Robbery and sabotage (advanced rules)). True when the victim's player is then asked
    about a Sanction card."""
    a = s.mover
    if action == A_DONE:
        return False
    b = action - A_SEAT
    if s.sputniks[b]:
        s.sputniks[b] -= 1
        s.sputniks[a] += 1
        s.say("rob", says("{name} takes a Sputnik from {other}.", name=name_w(s, a), other=name_w(s, b)),
              {"astronaut": a, "target": b})
    elif s.handicap_supply:
        s.handicap_supply -= 1
        s.handicaps[b] += 1
        s.say("sabotage", says("{name} sabotages {other}: a handicap counter.", name=name_w(s, a),
                               other=name_w(s, b)),
              {"astronaut": a, "target": b})
    else:
        s.say("sabotage", says("{name} finds nothing to take from {other}.", name=name_w(s, a),
                               other=name_w(s, b)),
              {"astronaut": a, "target": b})
        return False
    return after_robbery(s, b)
