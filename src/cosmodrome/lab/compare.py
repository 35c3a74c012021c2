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

from typing import Any, Optional, Sequence

from cosmodrome.core import get_game
from cosmodrome.i18n import N_
from cosmodrome.lab.breakdown import cell
from cosmodrome.lab.runner import GameResult
from cosmodrome.lab.selfplay import compare
from cosmodrome.lab.stats import diff_ci, mean, mean_ci, per_game_values, std, tally_summaries, wilson

#: each game's own breakdown, from its per-game summary: a title and its rows, each a label (None:
#: the game's own words for the counter, ``Game.summary_labels``) and
#: the summary's number (``key``) or a dict's entry (``key``, ``sub``) per game; ``{seat}``
#: stands for each seat in turn (Venus: VP by source, RB Ending the game; Cosmic Run: planets
#: reached, RB Scoring; Walking on the Moon: accidents and arrivals). March on Mars is broken
#: down by its ``balance_by`` option (the threat level): see :func:`own`.
OWN: dict[str, tuple[str, list[tuple[Optional[str], str, Optional[str]]]]] = {
    "venus": (N_("VP by source, per game"), [("Seat {seat}: VP from planets", "vp_planets", "seat {seat}"),
                                          ("Seat {seat}: VP from kept tiles", "vp_tiles", "seat {seat}")]),
    "cosmic-run": (N_("Planets reached, per game"), [(None, "p1_planets", None), (None, "p2_planets", None),
                                                  (None, "zorlord_planets", None), (None, "p1_disabled", None),
                                                  (None, "p2_disabled", None)]),
    "moon": (N_("Accidents and arrivals, per game"), [(None, "accidents", None), (None, "arrived", None),
                                                      (None, "rounds", None), (None, "sputniks_held", None)]),
}
#: the words of the labels above that name a seat ("Seat {seat}: ..."), and of the option
#: breakdowns: the lab page writes them in the reader's language (web/js/lab.js, measureName)
OWN_WORDS = (N_("VP from planets"), N_("VP from kept tiles"), N_("threat"), N_("Seat {n}: {what}"),
             N_("{option} {value}: games won"), N_("Win rate by {option}"))


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


def results(baseline: Sequence[GameResult], variant: Sequence[GameResult], players: int,
            game: str = "") -> dict[str, Any]:
    """The ``results`` of a finished lab run (``own``: :func:`own`, and ``labels``: the words of the
    summary's counters, :func:`labels`, when the game is named)."""
    diffs, seen = [], set()
    for d in differences(baseline, variant, players):  # a summary's "decisions" repeats a measure
        if d["measure"] not in seen:
            seen.add(d["measure"])
            diffs.append(d)
    return {"baseline": part(baseline, players), "variant": part(variant, players), "differences": diffs,
            "significant": [d["measure"] for d in diffs if d["significant"]],
            "own": own(game, baseline, variant, players) if game else [], "labels": labels(game) if game else {}}


def labels(game: str) -> dict[str, str]:
    """The words of ``game``'s summary counters (``Game.summary_labels``), in English as every
    stored result is (the lab page writes each through the reader's catalog); none for a game
    no longer registered.

    >>> labels("moon")["accidents"], labels("no such game")
    ('accidents', {})
    """
    try:
        return dict(get_game(game).summary_labels)
    except Exception:
        return {}


def _row(label: str, xa: list[float], xb: list[float]) -> dict[str, Any]:
    d, lo, hi = diff_ci(xa, xb)
    return {"label": label, "default": mean(xa), "variant": mean(xb), "default_ci": list(mean_ci(xa)),
            "variant_ci": list(mean_ci(xb)), "diff": d, "ci": [lo, hi], "significant": lo > 0 or hi < 0}


def own(game: str, baseline: Sequence[GameResult], variant: Sequence[GameResult], players: int) -> list[dict[str, Any]]:
    """The game's own breakdowns, printed game beside variant: ``[{title, rows: [{label,
    default, variant, default_ci, variant_ci, diff, ci, significant}]}]``; each row's
    difference has its 95% interval (Welch), significant when it leaves out 0. A game's
    ``balance_by`` option (March on Mars: the threat level, as the run chose it) gives the win
    rate (games with a winner) for each of its values the summaries hold."""
    out = []
    sa, sb = [r.summary or {} for r in baseline], [r.summary or {} for r in variant]
    title, spec = OWN.get(game, ("", []))
    words = labels(game)
    rows = []
    for label, key, sub in spec:
        label = label or words.get(key, key)
        for seat in (range(1, players + 1) if "{seat}" in label else [0]):
            k = sub.format(seat=seat) if sub else None
            if not any(key in s for s in sa + sb):
                continue
            rows.append(_row(label.format(seat=seat), per_game_values(sa, key, k) if k else per_game_values(sa, key),
                             per_game_values(sb, key, k) if k else per_game_values(sb, key)))
    if rows:
        out.append({"title": title, "rows": rows})
    try:
        by = get_game(game).balance_by
    except Exception:  # a game no longer registered: no option breakdown
        by = ()
    for opt in by:
        values = sorted({str(s[opt]) for s in sa + sb if opt in s})
        rows = []
        for v in values:
            xa = [1.0 if r.winners else 0.0 for r, s in zip(baseline, sa) if str(s.get(opt)) == v]
            xb = [1.0 if r.winners else 0.0 for r, s in zip(variant, sb) if str(s.get(opt)) == v]
            row = _row(f"{opt} {v}: games won", xa, xb)
            row["default_ci"], row["variant_ci"] = list(wilson(sum(xa), len(xa))), list(wilson(sum(xb), len(xb)))
            rows.append(row)
        if rows:
            out.append({"title": f"Win rate by {opt}", "rows": rows, "share": True})
    return out
