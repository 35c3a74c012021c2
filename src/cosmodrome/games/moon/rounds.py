"""Turn order and the end of a round (RB: "How do I reach the goal?": player order;
End the round; "How do I win?").

Each round the astronauts play in race order: the furthest first; on the same column the
higher level first; in the same box the one on top first. Astronauts at the goal play no
more. After the round, the astronauts furthest behind (ties included) each take an EC
counter and those in front (ties included) a handicap counter; if an astronaut reached the
goal during the round, the game ends once the round's end-of-round cards are played.
"""

from __future__ import annotations

from cosmodrome.games.lunar.dice import NUM_DICE
from cosmodrome.games.moon.cards import end_of_round_seats, start_of_round
from cosmodrome.games.moon.jumps import proceed
from cosmodrome.games.moon.scoring import end_game
from cosmodrome.games.moon.state import MAX_ROUNDS, P_EOR, P_ROUND, MoonState, encode_step
from cosmodrome.games.moon.text import Word, name_w, says
from cosmodrome.games.moon.turn import start_turn
from cosmodrome.i18n import gettext


def begin_round(s: MoonState) -> None:
    """Set the round's order by race position, deal or refresh the action cards (advanced
    rules) and start its first turn (RB: "How do I reach the goal?": player order)."""
    s.round += 1
    s.order = [a for a in s.race_order() if not s.finish_place[a]]
    s.turn_index = 0
    s.say("round", says("Round {n}: {order}.", n=s.round, order=Word(_names, s.comp.nations, tuple(s.order))),
          {"round": s.round, "order": list(s.order)})
    if not start_of_round(s):
        first_turn(s)


def first_turn(s: MoonState) -> None:
    """The round's first astronaut plays."""
    start_turn(s, s.order[0])


def end_turn(s: MoonState) -> None:
    """The astronaut's turn is over: the next one in the round's order plays, or the round ends."""
    s.die_action = [-1] * NUM_DICE
    s.faces = [0] * NUM_DICE
    s.partner = -1
    s.stack = []
    s.free_die = -1
    s.free_rerolls_left = 0
    s.turn_index += 1
    while s.turn_index < len(s.order) and s.finish_place[s.order[s.turn_index]]:
        s.turn_index += 1
    if s.turn_index < len(s.order):
        start_turn(s, s.order[s.turn_index])
    else:
        end_round(s)


def hand_out(s: MoonState) -> None:
    """EC counters to the last (ties included), handicap counters to the first (ties
    included), while the supply lasts (RB: End the round). Position is the column on the
    lap; astronauts on the same column are tied, so when all stand on one column each is both
    last and first and takes both counters (ruling 8)."""
    cols = [s.column[a] for a in range(s.n_astro)]
    last = [a for a in s.race_order()[::-1] if cols[a] == min(cols)]
    first = [a for a in s.race_order() if cols[a] == max(cols)]
    for a in last:
        if s.ec_supply:
            s.ec_supply -= 1
            s.ec_counters[a] += 1
            s.say("ec", says("{name} is last and takes an EC counter.", name=name_w(s, a)), {"astronaut": a})
    for a in first:
        if s.handicap_supply:
            s.handicap_supply -= 1
            s.handicaps[a] += 1
            s.say("handicap-taken", says("{name} leads and takes a handicap counter.", name=name_w(s, a)),
                  {"astronaut": a})


def end_round(s: MoonState) -> None:
    """The round is over: the end-of-round action cards are played in the round's order
    (RB: Action cards (advanced rules); the turn order summary), the last round too: the goal
    "ends the current round", and a round ends with its cards (RB: "How do I win?",
    ruling 27). Then the game ends if anybody reached the goal, else counters are handed out
    and the next round begins (RB: End the round). The race also ends after round
    :data:`MAX_ROUNDS` (our ruling: a bound on its length), without cards."""
    if s.round >= MAX_ROUNDS:
        end_game(s)
        return
    seats = end_of_round_seats(s)
    if not seats:
        round_on(s)
        return
    s.stack = [encode_step(P_EOR, p) for p in seats] + [P_ROUND]
    proceed(s)


def round_on(s: MoonState) -> None:
    """After the end-of-round action cards: the game ends if one of them took an astronaut
    to the goal; else counters are handed out and the next round begins."""
    s.stack = []
    if s.arrived:
        end_game(s)
        return
    hand_out(s)
    begin_round(s)


def _names(nations: tuple, order: tuple) -> str:
    """The astronauts of a round's order, in the reader's language."""
    return ", ".join(gettext(nations[a]) for a in order)
