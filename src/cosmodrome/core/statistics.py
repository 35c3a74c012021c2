"""End-of-game statistics, BGA style: each game declares beside its scoring what mattered in a
game (``Game.statistics``); the table shows them at the end and in the replay, and the profile
adds them up per account.

A statistic is a row ``{"key", "label", "help", "values"}`` with one number per seat. The
game computes them from the final state and the public events of the whole game (those every
seat saw), never from hidden information.
"""

from __future__ import annotations

from typing import Any, Iterable, Optional, Sequence


def row(key: str, label: str, help: str, values: Iterable[Any]) -> dict[str, Any]:
    """One statistic: ``key`` names it across games (the profile adds up rows by key)."""
    return {"key": key, "label": label, "help": help, "values": [v if v is None else int(v) for v in values]}


def count(events: Sequence[Any], kinds: Iterable[str], players: int, key: str = "seat",
          seat_of: Optional[Any] = None) -> list[int]:
    """How many events of ``kinds`` each seat caused (the seat read from ``data[key]``,
    mapped through ``seat_of`` when given).

    >>> from cosmodrome.core.events import Event
    >>> count([Event("play", "x", {"seat": 1}), Event("play", "y", {"seat": 1})], ["play"], 3)
    [0, 2, 0]
    """
    kinds = set(kinds)
    out = [0] * players
    for e in events:
        if e.kind not in kinds:
            continue
        who = e.data.get(key)
        if seat_of is not None and who is not None:
            who = seat_of(who)
        if isinstance(who, int) and 0 <= who < players:
            out[who] += 1
    return out


def public(events: Iterable[Any]) -> list[Any]:
    """The events every seat saw (no private draw, no hidden card)."""
    return [e for e in events if e.visible_to is None]
