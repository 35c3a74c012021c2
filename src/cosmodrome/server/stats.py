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


def per_account(games: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per game type (first played first): how many games, how many won, and each statistic's
    total and average over the games that have it.

    >>> per_account([{"game": "moon", "title": "Moon", "won": True, "statistics": [{"key": "a", "label": "A", "value": 2}]},
    ...              {"game": "moon", "title": "Moon", "won": False, "statistics": [{"key": "a", "label": "A", "value": 4}]}])
    [{'game': 'moon', 'title': 'Moon', 'games': 2, 'won': 1, 'rows': [{'key': 'a', 'label': 'A', 'games': 2, 'total': 6, 'average': 3.0}]}]
    """
    out: dict[str, dict[str, Any]] = {}
    for g in games:
        entry = out.setdefault(g["game"], {"game": g["game"], "title": g.get("title") or g["game"], "games": 0, "won": 0,
                                           "rows": {}})
        entry["games"] += 1
        entry["won"] += 1 if g.get("won") else 0
        for r in g.get("statistics") or []:
            row = entry["rows"].setdefault(r["key"], {"key": r["key"], "label": r["label"], "games": 0, "total": 0})
            row["games"] += 1
            row["total"] += r["value"]
    result = []
    for entry in out.values():
        rows = [dict(r, average=round(r["total"] / r["games"], 2)) for r in entry["rows"].values()]
        result.append(dict(entry, rows=rows))
    return result
