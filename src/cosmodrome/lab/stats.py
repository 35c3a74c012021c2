"""Small statistics for lab reports: Wilson intervals, means with spread, differences with
95% confidence intervals, and generic tallies of per-game ``summary()`` dicts.

>>> lo, hi = wilson(50, 100)
>>> round(lo, 3), round(hi, 3)
(0.404, 0.596)
>>> tally_summaries([{"end": "normal", "crises": {"Mars:2": 1}, "turns": 3},
...                  {"end": "all-lose:earth", "crises": {"Mars:2": 2, "Moon:1": 1}, "turns": 5}])
... # doctest: +NORMALIZE_WHITESPACE
{'numbers': {'turns': 8.0}, 'strings': {'end': {'all-lose:earth': 1, 'normal': 1}},
 'dicts': {'crises': {'Mars:2': 3.0, 'Moon:1': 1.0}}}
"""

from __future__ import annotations

import math
from typing import Any, Iterable, Sequence

Z95 = 1.959963984540054


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion (``successes`` may be fractional: shared wins)."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    lo = 0.0 if p <= 0 else max(0.0, centre - half)
    hi = 1.0 if p >= 1 else min(1.0, centre + half)
    return (lo, hi)


def mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs) if xs else 0.0


def std(xs: Sequence[float]) -> float:
    """Sample standard deviation (0 for fewer than two values)."""
    if len(xs) < 2:
        return 0.0
    m = mean(xs)
    return math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1))


def mean_ci(xs: Sequence[float], z: float = Z95) -> tuple[float, float]:
    m = mean(xs)
    half = z * std(xs) / math.sqrt(len(xs)) if xs else 0.0
    return (m - half, m + half)


def diff_ci(a: Sequence[float], b: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """Difference of means ``mean(b) - mean(a)`` with a 95% normal (Welch) interval.

    Works for proportions too (pass 0/1 or win shares per game).

    >>> d, lo, hi = diff_ci([0, 1] * 50, [1] * 100)
    >>> round(d, 2), lo > 0
    (0.5, True)
    """
    d = mean(b) - mean(a)
    se = math.sqrt((std(a) ** 2 / len(a) if a else 0.0) + (std(b) ** 2 / len(b) if b else 0.0))
    return (d, d - z * se, d + z * se)


def tally_summaries(summaries: Iterable[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Add up per-game summaries generically: numbers are summed, strings counted per value,
    dicts of numbers summed key by key (e.g. crises by planet and level)."""
    numbers: dict[str, float] = {}
    strings: dict[str, dict[str, int]] = {}
    dicts: dict[str, dict[str, float]] = {}
    for s in summaries:
        for key, val in (s or {}).items():
            if isinstance(val, bool):
                numbers[key] = numbers.get(key, 0.0) + float(val)
            elif isinstance(val, (int, float)):
                numbers[key] = numbers.get(key, 0.0) + float(val)
            elif isinstance(val, str):
                t = strings.setdefault(key, {})
                t[val] = t.get(val, 0) + 1
            elif isinstance(val, dict):
                t2 = dicts.setdefault(key, {})
                for k, v in val.items():
                    if isinstance(v, (int, float)) and not isinstance(v, bool):
                        t2[str(k)] = t2.get(str(k), 0.0) + float(v)
                    elif isinstance(v, bool):
                        t2[str(k)] = t2.get(str(k), 0.0) + float(v)
    return {"numbers": dict(sorted(numbers.items())),
            "strings": {k: dict(sorted(v.items())) for k, v in sorted(strings.items())},
            "dicts": {k: dict(sorted(v.items())) for k, v in sorted(dicts.items())}}


def per_game_values(summaries: Sequence[dict[str, Any]], key: str, sub: str | None = None) -> list[float]:
    """One number per game: ``summary[key]`` (or ``summary[key][sub]``), 0 when absent;
    for a string entry, 1 when it equals ``sub``."""
    out = []
    for s in summaries:
        v = (s or {}).get(key)
        if sub is not None:
            if isinstance(v, dict):
                v = v.get(sub, 0)
            elif isinstance(v, str):
                v = 1.0 if v == sub else 0.0
            else:
                v = 0
        if isinstance(v, (int, float)):
            out.append(float(v))
        else:
            out.append(0.0)
    return out
