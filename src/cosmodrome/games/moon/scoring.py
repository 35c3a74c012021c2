"""End of the game and scoring (RB: "How do I win?" and 2 players games).

Each astronaut scores its place in the race (11 for the first at the goal, 10 for the others
there, else the points printed under its box on the last lunar card, else nothing) and one
point per Sputnik counter; in the 2-player game a player adds up both astronauts. Ties go to
the higher race (board) score, then to whoever reached the goal first; a tie beyond that is
shared.
"""

from __future__ import annotations

from typing import Any

from cosmodrome.core.statistics import count, row
from cosmodrome.games.moon.state import OVER, MoonState
from cosmodrome.games.moon.text import Word, says, seat_w
from cosmodrome.i18n import N_, _


def board_points(s: MoonState, a: int) -> int:
    """Race points of astronaut ``a`` (RB: "How do I win?": goal 11/10, last card's box).

    >>> from cosmodrome.games.moon import GAME
    >>> s = GAME.new_state(3, seed=1)
    >>> s.column[0] = s.goal - 1          # the last column of the last card
    >>> board_points(s, 0)
    9
    """
    if s.finish_place[a]:
        return s.comp.goal_points[0] if s.finish_place[a] == 1 else s.comp.goal_points[1]
    first_col = s.goal - s.comp.layout["card_columns"]
    if first_col <= s.column[a] < s.goal:
        return s.comp.last_card_points[s.column[a] - first_col]
    return 0


def seat_astronauts(s: MoonState, seat: int) -> list[int]:
    return [a for a in range(s.n_astro) if s.owner(a) == seat]


def scores(s: MoonState) -> list[float]:
    """Points per seat now (race points plus Sputniks)."""
    return [float(sum(board_points(s, a) + s.comp.sputnik_points * s.sputniks[a] for a in seat_astronauts(s, p)))
            for p in range(s.num_players)]


def tie_key(s: MoonState, seat: int) -> tuple:
    """What ranks a seat at the end: points, then race points, then the earliest arrival."""
    mine = seat_astronauts(s, seat)
    arrivals = [s.finish_place[a] for a in mine if s.finish_place[a]]
    return (scores(s)[seat], sum(board_points(s, a) for a in mine), -min(arrivals) if arrivals else -99)


def end_game(s: MoonState) -> None:
    """The round in which an astronaut reached the goal is over: the game ends (RB: "How do
    I win?")."""
    keys = [tie_key(s, p) for p in range(s.num_players)]
    best = max(keys)
    s.winning_seats = [p for p in range(s.num_players) if keys[p] == best]
    s.phase = OVER
    pts = scores(s)
    names = [seat_w(s, p) for p in s.winning_seats]
    s.say("end", says(N_("The race is over. {names} wins with {n} points.") if len(names) == 1 else
                      N_("The race is over. {names} win with {n} points."), names=Word(_and_list, tuple(names)),
                      n=int(pts[s.winning_seats[0]])),
          {"scores": [int(x) for x in pts], "winners": list(s.winning_seats)})


#: the words of :func:`summary`'s counters (``Game.summary_labels``)
SUMMARY_LABELS = {"rounds": N_("rounds"), "accidents": N_("accidents"), "arrived": N_("astronauts arrived"),
                  "sputniks_held": N_("Sputniks held"),
                  "winner_astronaut_first": N_("a winner's astronaut arrived first")}


def summary(s: MoonState) -> dict[str, Any]:
    """Statistics of a game for the lab."""
    return {"rounds": s.round, "accidents": s.accidents, "arrived": s.arrived,
            "sputniks_held": sum(s.sputniks), "winner_astronaut_first": int(any(
                s.finish_place[a] == 1 for p in s.winners() for a in seat_astronauts(s, p)))}



def statistics(s: MoonState, events: list) -> list:
    """End-of-game statistics (core.statistics) beside the scoring ("How do I win?"): race
    points, Sputniks, accidents, EC counters, rounds; a seat adds up its astronauts."""
    n = s.num_players
    owner = s.owner
    mine = [seat_astronauts(s, p) for p in range(n)]
    return [
        row("points", _("Points"), _("the final score: race points and Sputniks"), scores(s)),
        row("race_points", _("Race points"), _("points for the place reached on the track"),
            [sum(board_points(s, a) for a in m) for m in mine]),
        row("sputniks", _("Sputniks"), _("Sputnik counters held at the end (a point each)"),
            [sum(s.sputniks[a] for a in m) for m in mine]),
        row("accidents", _("Accidents"), _("times an astronaut fell"),
            count(events, ["accident"], n, "astronaut", owner)),
        row("ec_taken", _("Extra-chance counters taken"), _("counters taken for being last"),
            count(events, ["ec"], n, "astronaut", owner)),
        row("rounds", _("Rounds"), _("rounds the race lasted"), [s.round] * n),
    ]


def _and_list(names: tuple) -> str:
    """Names joined by "and" in the reader's language."""
    return (" " + _("and") + " ").join(format(n, "") for n in names)
