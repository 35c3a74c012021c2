"""Time controls: none, real-time (minutes per player plus an increment) and turn-based
(hours or days per move), enforced by the server (docs/SERVER.md, "Clocks").

A clock is plain JSON kept in the game's ``meta`` and stored with every action that changes it
(in the same transaction). Durations are seconds; the running deadline is a **wall-clock
instant** (seconds since the epoch), so it means the same after a restart. Only people's
seats run a clock: a bot's seat, or a person's seat while a bot stands in for it, has none.

The clock of a seat runs while that seat is to move. A compound move (several decisions of
one seat in a row) is one turn: the increment (real-time) is added and the allowance
(turn-based) renewed only when the decision passes to another seat.

>>> c = new_clock({"kind": "realtime", "minutes": 1, "increment": 5}, 2)
>>> c = pass_turn(c, 0, {0, 1}, now=100.0)
>>> c["seat"], c["deadline"]
(0, 160.0)
>>> c = pass_turn(c, 1, {0, 1}, now=130.0)     # seat 0 used 30 s and gets 5 s back
>>> c["remaining"], c["seat"], c["deadline"]
([35.0, 60.0], 1, 190.0)
"""

from __future__ import annotations

from typing import Any, Iterable, Optional

from cosmodrome.core import OptionError
from cosmodrome.i18n import N_, _, gettext, number

KINDS = ("none", "realtime", "turn")
ON_TIMEOUT = ("bot", "end")


#: each number of a clock in words, for its error sentence
KEY_WORDS = {"minutes": N_("minutes per player"), "increment": N_("seconds added after each move"),
             "days": N_("days per move"), "hours": N_("hours per move")}


def _number(spec: dict, key: str, low: float, high: float, default: Optional[float] = None) -> float:
    """``spec[key]``, a number from ``low`` to ``high``; else an error naming it in words.

    >>> _number({"minutes": "x"}, "minutes", 0.5, 600)  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    cosmodrome.core.errors.OptionError: the clock's 'minutes' must be a number from 0.5 to 600 (minutes per player),
    not 'x'
    """
    v = spec.get(key, default)
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not low <= v <= high:
        raise OptionError(_("the clock's {key!r} must be a number from {low} to {high} ({what}), not {v!r}").format(
            what=gettext(KEY_WORDS[key]), key=key, low=number(low), high=number(high), v=v))
    return float(v)


def new_clock(spec: Any, players: int, scale: float = 1.0) -> Optional[dict[str, Any]]:
    """The clock of a new game from the creator's ``spec`` (None or kind "none": no clock).

    ``{"kind": "realtime", "minutes": M, "increment": S}`` (M from 0.5 to 600 minutes per
    player, S from 0 to 600 seconds a turn); ``{"kind": "turn", "hours": H}`` or
    ``{"kind": "turn", "days": D}`` (a move within 1 hour to 30 days); ``on_timeout``: "bot"
    (a bot plays the seat until its player returns; the default) or "end" (the game ends and
    the seat that ran out loses). ``scale`` multiplies every duration (tests run clocks fast).

    >>> new_clock({"kind": "turn", "days": 2}, 3)["per_move"]
    172800.0
    >>> new_clock({"kind": "sundial"}, 2)
    Traceback (most recent call last):
    ...
    cosmodrome.core.errors.OptionError: the clock's kind must be none, realtime or turn, not 'sundial'
    """
    if spec is None:
        return None
    if not isinstance(spec, dict):
        raise OptionError(_('the clock must be an object such as {"kind": "turn", "days": 1}'))
    kind = spec.get("kind", "none")
    if kind not in KINDS:
        raise OptionError(_("the clock's kind must be none, realtime or turn, not {kind!r}").format(kind=kind))
    if kind == "none":
        return None
    on_timeout = spec.get("on_timeout", "bot")
    if on_timeout not in ON_TIMEOUT:
        raise OptionError(_("the clock's on_timeout must be 'bot' or 'end', not {on_timeout!r}").format(
            on_timeout=on_timeout))
    if kind == "realtime":
        minutes = _number(spec, "minutes", 0.5, 600)
        increment = _number(spec, "increment", 0, 600, 0)
        shown = {"kind": kind, "minutes": minutes, "increment": increment, "on_timeout": on_timeout}
        base, per_move = minutes * 60 * scale, None
        inc = increment * scale
        grace = max(inc, 60 * scale)
    else:
        if "days" in spec:
            hours = _number(spec, "days", 1 / 24, 30) * 24
        else:
            hours = _number(spec, "hours", 1, 720)
        shown = {"kind": kind, "hours": hours, "on_timeout": on_timeout}
        base, per_move, inc = None, hours * 3600 * scale, 0.0
        grace = per_move
    return {"kind": kind, "spec": shown, "on_timeout": on_timeout, "increment": inc, "per_move": per_move,
            "grace": grace, "remaining": [base if base is not None else per_move] * players,
            "seat": None, "deadline": None}


def pass_turn(clock: dict[str, Any], mover: Optional[int], clocked: Iterable[int], now: float) -> dict[str, Any]:
    """The clock once the decision is ``mover``'s (None: nobody's, the game is over or
    paused): the seat whose clock ran is charged the time it used (real-time: its remaining
    time, plus the increment), and ``mover``'s clock starts if it is one of the ``clocked``
    seats (people at their seats). The same seat deciding again goes on with its clock."""
    c = dict(clock, remaining=list(clock["remaining"]))
    old = c["seat"]
    if old is not None and old == mover and c["deadline"] is not None:
        return c
    if old is not None and c["deadline"] is not None:
        left = max(0.0, c["deadline"] - now)
        c["remaining"][old] = left + c["increment"] if c["kind"] == "realtime" else c["per_move"]
    c["seat"] = c["deadline"] = None
    if mover is not None and mover in set(clocked):
        allowance = c["remaining"][mover] if c["kind"] == "realtime" else c["per_move"]
        c["seat"], c["deadline"] = mover, now + allowance
    return c


def ran_out(clock: dict[str, Any], seat: int) -> dict[str, Any]:
    """The clock once ``seat`` ran out of time: no time left, and no clock running.

    >>> ran_out({"kind": "turn", "remaining": [5.0, 5.0], "seat": 1, "deadline": 9.0}, 1)["remaining"]
    [5.0, 0.0]
    """
    c = dict(clock, remaining=list(clock["remaining"]), seat=None, deadline=None)
    c["remaining"][seat] = 0.0
    return c


def back(clock: dict[str, Any], seat: int) -> dict[str, Any]:
    """The clock of a player back at their seat after a bot stood in: a turn-based seat gets a
    full allowance, a real-time seat a minute (or its increment if larger), so that it does
    not run out again at once."""
    c = dict(clock, remaining=list(clock["remaining"]))
    c["remaining"][seat] = max(c["remaining"][seat], c["grace"])
    return c


def shifted(clock: dict[str, Any], by: float) -> dict[str, Any]:
    """The clock with its running deadline ``by`` seconds later (the time the server was down).

    >>> shifted({"seat": 0, "deadline": 100.0}, 30.0)["deadline"]
    130.0
    """
    if clock.get("deadline") is None:
        return clock
    return dict(clock, deadline=clock["deadline"] + by)


def public(clock: Optional[dict[str, Any]], now: float) -> Optional[dict[str, Any]]:
    """What every seat sees of the clock: the setting, each seat's time left (the running
    seat's counted down to ``now``) and which seat's clock runs.

    >>> public({"kind": "turn", "spec": {}, "on_timeout": "bot", "remaining": [60.0, 60.0], "seat": 1,
    ...         "deadline": 130.0}, 100.0)["remaining"]
    [60.0, 30.0]
    """
    if not clock:
        return None
    left = list(clock["remaining"])
    if clock["seat"] is not None and clock["deadline"] is not None:
        left[clock["seat"]] = max(0.0, clock["deadline"] - now)
    return {"kind": clock["kind"], "spec": clock["spec"], "on_timeout": clock["on_timeout"],
            "remaining": [round(x, 3) for x in left], "running": clock["seat"]}
