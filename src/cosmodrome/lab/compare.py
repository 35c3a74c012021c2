"""The design lab's results: one part per arm (the printed game, the variant) and the
differences between them, from the two arms' game results played with the same seeds.

Each part holds the win share per seat and per bot with 95% Wilson intervals, the share of
games nobody won, the game length, the score distribution per seat (five-number summary), the
game's own breakdown (:func:`cosmodrome.lab.breakdown.cell`: games with a winner and how games
ended) and the per-game means of the game's own summary (e.g. crises by planet in Onward to
Venus). :func:`differences` is :func:`cosmodrome.lab.selfplay.compare`: every measure with the
difference variant − printed and its 95% interval, marked significant when that interval
leaves out 0.

>>> from cosmodrome.lab.runner import GameResult
>>> rs = [GameResult(i, i, ["random", "random"], [i % 2], [1.0 - i % 2, float(i % 2)], [3.0, 1.0], 10)
...       for i in range(4)]
>>> p = part(rs, 2)
>>> [s["share"] for s in p["seats"]], p["bots"][0]["bot"], p["length"]["mean"]
([0.5, 0.5], 'random', 10.0)
"""

from __future__ import annotations

from typing import Any, Sequence

from cosmodrome.lab.breakdown import cell
from cosmodrome.lab.runner import GameResult
from cosmodrome.lab.selfplay import compare
from cosmodrome.lab.stats import mean, mean_ci, std, tally_summaries, wilson


def five(xs: Sequence[float]) -> dict[str, float]:
    """Minimum, quartiles and maximum (linear interpolation), with mean and spread.

    >>> five([1, 2, 3, 4])["median"]
    2.5
    """
    s = sorted(float(x) for x in xs)
    if not s:
        return {"min": 0.0, "q1": 0.0, "median": 0.0, "q3": 0.0, "max": 0.0, "mean": 0.0, "sd": 0.0}

    def q(p: float) -> float:
        k = (len(s) - 1) * p
        lo = int(k)
        hi = min(lo + 1, len(s) - 1)
        return s[lo] + (s[hi] - s[lo]) * (k - lo)

    return {"min": s[0], "q1": q(0.25), "median": q(0.5), "q3": q(0.75), "max": s[-1], "mean": mean(s), "sd": std(s)}


def histogram(xs: Sequence[float], bins: int = 12) -> dict[str, list[float]]:
    """Counts of ``xs`` in ``bins`` equal bins (edges has one more item than counts)."""
    if not xs:
        return {"edges": [], "counts": []}
    lo, hi = float(min(xs)), float(max(xs))
    if hi == lo:
        return {"edges": [lo, lo + 1], "counts": [float(len(xs))]}
    width = (hi - lo) / bins
    counts = [0.0] * bins
    for x in xs:
        counts[min(bins - 1, int((x - lo) / width))] += 1
    return {"edges": [lo + i * width for i in range(bins + 1)], "counts": counts}


def part(results: Sequence[GameResult], players: int) -> dict[str, Any]:
    """Everything the lab shows of one arm."""
    n = len(results)
    seats = []
    for s in range(players):
        share = [r.returns[s] if s < len(r.returns) else 0.0 for r in results]
        lo, hi = wilson(sum(share), n)
        seats.append({"seat": s, "bot": results[0].bots[s] if results else "", "share": mean(share),
                      "wins": sum(share), "ci": [lo, hi]})
    bots: dict[str, list[int]] = {}
    for s in range(players):
        bots.setdefault(seats[s]["bot"], []).append(s)
    by_bot = []
    for bot, ss in bots.items():
        wins = sum(seats[s]["wins"] for s in ss)
        lo, hi = wilson(wins, n * len(ss))
        by_bot.append({"bot": bot, "seats": ss, "share": wins / max(1, n * len(ss)), "ci": [lo, hi]})
    nobody = sum(1 for r in results if not r.winners)
    lengths = [float(r.decisions) for r in results]
    tallies = tally_summaries(r.summary for r in results)
    return {
        "games": n, "seats": seats, "bots": by_bot,
        "no_winner": {"share": nobody / max(1, n), "ci": list(wilson(nobody, n))},
        "length": dict(five(lengths), ci=list(mean_ci(lengths)), histogram=histogram(lengths)),
        "scores": [dict(five([r.scores[s] for r in results]), seat=s) for s in range(players)],
        "breakdown": cell(results, players),
        "summary": {"numbers": {k: v / max(1, n) for k, v in tallies["numbers"].items()},
                    "strings": {k: {x: c / max(1, n) for x, c in d.items()} for k, d in tallies["strings"].items()},
                    "dicts": {k: {x: c / max(1, n) for x, c in d.items()} for k, d in tallies["dicts"].items()}},
    }


def differences(baseline: Sequence[GameResult], variant: Sequence[GameResult], players: int) -> list[dict[str, Any]]:
    """Each measure of the variant against the printed game (same seeds): ``default`` (the
    printed game's mean), ``variant``, ``diff`` and its 95% ``ci``, ``significant``."""
    return compare(list(baseline), list(variant), players)


def results(baseline: Sequence[GameResult], variant: Sequence[GameResult], players: int) -> dict[str, Any]:
    """The ``results`` of a finished lab run."""
    diffs, seen = [], set()
    for d in differences(baseline, variant, players):  # a summary's "decisions" repeats a measure
        if d["measure"] not in seen:
            seen.add(d["measure"])
            diffs.append(d)
    return {"baseline": part(baseline, players), "variant": part(variant, players), "differences": diffs,
            "significant": [d["measure"] for d in diffs if d["significant"]]}
