"""End-of-game statistics kept per account over time: the profile adds up, game type by game
type, the statistics (``Game.statistics``) of the seat the account played in each of its
finished games. Worked out from the games themselves (no table of its own)."""

from __future__ import annotations

from typing import Any, Iterable, Optional


def seat_rows(result: Optional[dict[str, Any]], seat: int) -> list[dict[str, Any]]:
    """The statistics of one seat of a finished game's result: ``[{key, label, value}]``."""
    rows = (result or {}).get("statistics") or []
    return [{"key": r["key"], "label": r["label"], "value": r["values"][seat]}
            for r in rows if seat < len(r.get("values", [])) and r["values"][seat] is not None]


#: how many of an account's last games of a type the profile lists one by one
HISTORY = 10


def per_account(games: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per game type (first played first, ``games`` given newest first): how many games, how
    many won, each statistic's total and average over the games that have it, and the
    ``history``: the last :data:`HISTORY` games one by one (newest first), each with its own
    values, so that the profile shows how a player's games went over time.

    >>> per_account([{"game": "moon", "title": "Moon", "won": True, "game_id": "b", "time": 2,
    ...               "statistics": [{"key": "a", "label": "A", "value": 2}]},
    ...              {"game": "moon", "title": "Moon", "won": False, "game_id": "a", "time": 1,
    ...               "statistics": [{"key": "a", "label": "A", "value": 4}]}])[0]["rows"]
    [{'key': 'a', 'label': 'A', 'games': 2, 'total': 6, 'average': 3.0}]
    >>> [h["values"] for h in per_account([{"game": "moon", "won": True, "game_id": "b", "time": 2,
    ...     "statistics": [{"key": "a", "label": "A", "value": 2}]}, {"game": "moon", "won": False, "game_id": "a",
    ...     "time": 1, "statistics": [{"key": "a", "label": "A", "value": 4}]}])[0]["history"]]
    [{'a': 2}, {'a': 4}]
    """
    out: dict[str, dict[str, Any]] = {}
    for g in games:
        entry = out.setdefault(g["game"], {"game": g["game"], "title": g.get("title") or g["game"], "games": 0,
                                           "won": 0,
                                           "rows": {}, "history": []})
        entry["games"] += 1
        entry["won"] += 1 if g.get("won") else 0
        for r in g.get("statistics") or []:
            row = entry["rows"].setdefault(r["key"], {"key": r["key"], "label": r["label"], "games": 0, "total": 0})
            row["games"] += 1
            row["total"] += r["value"]
        if len(entry["history"]) < HISTORY:
            entry["history"].append({"game_id": g.get("game_id"), "time": g.get("time"), "won": bool(g.get("won")),
                                     "values": {r["key"]: r["value"] for r in g.get("statistics") or []}})
    result = []
    for entry in out.values():
        rows = [dict(r, average=round(r["total"] / r["games"], 2)) for r in entry["rows"].values()]
        result.append(dict(entry, rows=rows))
    return result
