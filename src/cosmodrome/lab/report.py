"""Markdown reports with PNG plots (matplotlib, Agg backend) for tournaments and balance runs.

Files are first written to a temporary folder beside the destination and moved in only when
every file is complete, so a failed run leaves no half-written report.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any, Iterator, Optional

from cosmodrome.core import DataError


def _plt():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


@contextlib.contextmanager
def staged_dir(dest: str | Path) -> Iterator[Path]:
    """Yield a temporary folder; on success move its files into ``dest``."""
    dest = Path(dest)
    try:
        dest.parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=f".{dest.name}.", dir=dest.parent))
    except OSError as exc:
        raise DataError(f"cannot write a report to {dest}: {exc.strerror or exc}") from None
    try:
        yield tmp
        dest.mkdir(parents=True, exist_ok=True)
        for f in sorted(tmp.iterdir()):
            os.replace(f, dest / f.name)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def pct(x: Optional[float]) -> str:
    return "–" if x is None else f"{100 * x:.1f}%"


def ci_text(ci: list[float]) -> str:
    return f"{100 * ci[0]:.1f}–{100 * ci[1]:.1f}%"


# ----- plots -------------------------------------------------------------------------------
def bar_with_ci(path: Path, labels: list[str], values: list[float], cis: list[list[float]], title: str,
                xlabel: str, fair: Optional[float] = None, ylabel: str = "win share") -> None:
    plt = _plt()
    fig, ax = plt.subplots(figsize=(max(6.5, 1.1 * len(labels) + 2), 4.2))
    lo = [v - c[0] for v, c in zip(values, cis)]
    hi = [c[1] - v for v, c in zip(values, cis)]
    bars = ax.bar(range(len(labels)), values, yerr=[lo, hi], capsize=5, color="#4C72B0", alpha=0.9)
    for b, v in zip(bars, values):
        if v > 0.04:
            ax.text(b.get_x() + b.get_width() / 2, 0.01, f"{100 * v:.0f}%", ha="center", va="bottom",
                    color="white", fontweight="bold", fontsize=10)
    if fair is not None:
        ax.axhline(fair, color="#C44E52", linestyle="--", linewidth=1, label=f"fair share {100 * fair:.0f}%")
        ax.legend(loc="upper right")
    wide = max(map(len, labels)) > 10
    ax.set_xticks(range(len(labels)), labels, rotation=20 if wide else 0, ha="right" if wide else "center")
    ax.set_ylim(0, min(1.0, max([c[1] for c in cis] + [fair or 0]) * 1.25 + 0.02))
    ax.yaxis.set_major_formatter(plt.FuncFormatter(lambda y, _: f"{100 * y:.0f}%"))
    ax.set_title(_wrap(title + " (error bars: 95% CI)"), fontsize=11)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def grouped_bars(path: Path, labels: list[str], series: dict[str, list[float]], title: str, xlabel: str,
                 ylabel: str, errors: Optional[dict[str, list[list[float]]]] = None, percent: bool = False,
                 horizontal: bool = False) -> None:
    plt = _plt()
    k = len(series)
    width = 0.8 / max(1, k)
    long = horizontal or len(labels) > 8
    if long:
        fig, ax = plt.subplots(figsize=(8, max(3.0, 0.35 * len(labels) * max(1, k) + 1.5)))
    else:
        fig, ax = plt.subplots(figsize=(max(6.5, 0.9 * len(labels) * k + 2), 4.2))
    colours = ["#4C72B0", "#DD8452", "#55A868", "#C44E52"]
    for j, (name, vals) in enumerate(series.items()):
        pos = [i + (j - (k - 1) / 2) * width for i in range(len(labels))]
        err = None
        if errors and name in errors:
            err = [[v - c[0] for v, c in zip(vals, errors[name])], [c[1] - v for v, c in zip(vals, errors[name])]]
        if long:
            ax.barh(pos, vals, height=width, xerr=err, capsize=3, label=name, color=colours[j % 4])
        else:
            ax.bar(pos, vals, width=width, yerr=err, capsize=4, label=name, color=colours[j % 4])
    fmt = plt.FuncFormatter(lambda y, _: f"{100 * y:.0f}%") if percent else None
    if long:
        ax.set_yticks(range(len(labels)), labels)
        ax.invert_yaxis()
        ax.set_xlabel(ylabel)
        ax.set_ylabel(xlabel)
        if fmt:
            ax.xaxis.set_major_formatter(fmt)
    else:
        ax.set_xticks(range(len(labels)), labels)
        ax.set_xlabel(xlabel)
        ax.set_ylabel(ylabel)
        if fmt:
            ax.yaxis.set_major_formatter(fmt)
    if k > 1:
        ax.legend()
    ax.set_title(_wrap(title), fontsize=11)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def boxplot(path: Path, labels: list[str], data: list[list[float]], title: str, xlabel: str,
            ylabel: str = "victory points") -> None:
    plt = _plt()
    fig, ax = plt.subplots(figsize=(max(6.5, 1.1 * len(labels) + 2), 4.2))
    ax.boxplot([d if d else [0.0] for d in data], showmeans=True)
    ax.set_xticks(range(1, len(labels) + 1), labels)
    ax.set_title(_wrap(title + " (box: quartiles, triangle: mean)"), fontsize=11)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def tally_plots(tmp: Path, tallies: dict[str, Any], n: int, prefix: str = "",
                variant: Optional[tuple[dict[str, Any], int]] = None) -> list[tuple[str, str]]:
    """One bar chart per dict-valued summary entry (e.g. crises by planet and level), as mean
    count per game; with ``variant`` the variant's bars beside the default's."""
    out = []
    keys = sorted(set(tallies.get("dicts", {})) | set((variant[0] if variant else {}).get("dicts", {})))
    for key in keys:
        a = tallies.get("dicts", {}).get(key, {})
        b = variant[0].get("dicts", {}).get(key, {}) if variant else {}
        subs = sorted(set(a) | set(b))
        if not subs:
            continue
        series = {"default": [a.get(s, 0.0) / max(1, n) for s in subs]}
        if variant:
            series["variant"] = [b.get(s, 0.0) / max(1, variant[1]) for s in subs]
        fname = f"{prefix}{_slug(key)}.png"
        grouped_bars(tmp / fname, subs, series, f"{key}: mean per game", key, "mean per game", horizontal=len(subs) > 6)
        out.append((key, fname))
    return out


def _wrap(title: str, width: int = 60) -> str:
    import textwrap

    return "\n".join(textwrap.wrap(title, width))


def _slug(s: str) -> str:
    return "".join(ch if ch.isalnum() else "_" for ch in s.lower()).strip("_") or "tally"


def tally_markdown(tallies: dict[str, Any], n: int) -> list[str]:
    lines: list[str] = []
    for key, t in tallies.get("strings", {}).items():
        lines += ["", f"### {key}", "", "| value | games | share |", "|---|---:|---:|"]
        for k, v in sorted(t.items(), key=lambda kv: -kv[1]):
            lines.append(f"| {k} | {v} | {pct(v / max(1, n))} |")
    for key, t in tallies.get("dicts", {}).items():
        lines += ["", f"### {key} (mean per game)", "", "| entry | total | per game |", "|---|---:|---:|"]
        for k, v in t.items():
            lines.append(f"| {k} | {v:g} | {v / max(1, n):.3f} |")
    if tallies.get("numbers"):
        lines += ["", "### other counters (mean per game)", "", "| counter | per game |", "|---|---:|"]
        for k, v in tallies["numbers"].items():
            lines.append(f"| {k} | {v / max(1, n):.3f} |")
    return lines


# ----- tournament --------------------------------------------------------------------------
def write_tournament_report(a: dict[str, Any], dest: str | Path, command: str = "") -> Path:
    """``report.md`` and plots for :meth:`Tournament.analyse` output; returns the Markdown path."""
    dest = Path(dest)
    p = a["players"]
    with staged_dir(dest) as tmp:
        labels = [b["bot"] for b in a["bots"]]
        bar_with_ci(tmp / "win_share_by_bot.png", labels, [b["win_share"] for b in a["bots"]],
                    [b["ci"] for b in a["bots"]], f"{a['game']}: win share per bot, {a['finished']} games",
                    "bot", fair=1 / p)
        bar_with_ci(tmp / "win_share_by_seat.png", [f"seat {s['seat'] + 1}" for s in a["seats"]],
                    [s["win_share"] for s in a["seats"]], [s["ci"] for s in a["seats"]],
                    f"{a['game']}: win share per seat (all bots)", "seat", fair=1 / p)
        boxplot(tmp / "vp_by_bot.png", labels, [b["vp"] for b in a["bots"]],
                f"{a['game']}: victory points per bot", "bot")
        extra = tally_plots(tmp, a["tallies"], a["finished"])
        lines = [f"# Tournament {a['id']}: {a['game']}", ""]
        if command:
            lines += ["```", command, "```", ""]
        lines += [f"{a['finished']} of {a['n']} games, {p} players, seats rotated so every bot plays every seat "
                  f"equally. Fair share {pct(1 / p)}. All-lose games: {a['all_lose']}. "
                  f"Mean decisions per game: {a['mean_decisions']:.1f}.", ""]
        if a.get("team"):
            t = a["team"]
            lines += [f"A co-operative game: the seats win or lose together. Team win rate "
                      f"{pct(t['win_rate'])} ({t['wins']} of {t['games']} games, 95% CI {ci_text(t['ci'])}).", ""]
        lines += ["## Bots", "",
                  "| bot | games | win share | 95% CI | mean VP | TrueSkill μ | σ | μ−3σ |",
                  "|---|---:|---:|---:|---:|---:|---:|---:|"]
        for b in sorted(a["bots"], key=lambda b: -b["win_share"]):
            lines.append(f"| {b['bot']} | {b['games']} | {pct(b['win_share'])} | {ci_text(b['ci'])} | "
                         f"{b['mean_vp']:.2f} | {b['mu']:.2f} | {b['sigma']:.2f} | {b['mu'] - 3 * b['sigma']:.2f} |")
        lines += ["", "![win share per bot](win_share_by_bot.png)", "",
                  "## Seats", "", "| seat | games | win share | 95% CI |", "|---|---:|---:|---:|"]
        for s in a["seats"]:
            lines.append(f"| {s['seat'] + 1} | {s['games']} | {pct(s['win_share'])} | {ci_text(s['ci'])} |")
        lines += ["", "Win share of each bot by seat:", "",
                  "| bot | " + " | ".join(f"seat {i + 1}" for i in range(p)) + " |",
                  "|---|" + "---:|" * p]
        for b in a["bots"]:
            lines.append(f"| {b['bot']} | " + " | ".join(pct(x) for x in b["by_seat"]) + " |")
        lines += ["", "![win share per seat](win_share_by_seat.png)", "",
                  "## Victory points", "", "![victory points per bot](vp_by_bot.png)"]
        if a["tallies"]["strings"] or a["tallies"]["dicts"] or a["tallies"]["numbers"]:
            lines += ["", "## Game statistics"] + tally_markdown(a["tallies"], a["finished"])
            for key, fname in extra:
                lines += ["", f"![{key}]({fname})"]
        (tmp / "report.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return dest / "report.md"


# ----- balance -----------------------------------------------------------------------------
def write_balance_report(base: dict[str, Any], dest: str | Path, variant: Optional[dict[str, Any]] = None,
                         comparison: Optional[list[dict[str, Any]]] = None, title: str = "",
                         command: str = "", sections: Optional[list[str]] = None) -> Path:
    dest = Path(dest)
    p = base["players"]
    arms = [base] + ([variant] if variant else [])
    with staged_dir(dest) as tmp:
        seats = [f"seat {i + 1}" for i in range(p)]
        series = {arm["label"]: [s["win_share"] for s in arm["seats"]] for arm in arms}
        errs = {arm["label"]: [s["ci"] for s in arm["seats"]] for arm in arms}
        if variant:
            grouped_bars(tmp / "win_share_by_seat.png", seats, series, f"{title}: win share per seat (95% CI)",
                         "seat", "win share", errors=errs, percent=True)
        else:
            bar_with_ci(tmp / "win_share_by_seat.png", seats, series[base["label"]], errs[base["label"]],
                        f"{title}: win share per seat", "seat", fair=1 / p)
        box_labels, box_data = [], []
        for arm in arms:
            for i in range(p):
                box_labels.append(f"{i + 1}" if not variant else f"{arm['label'][:1].upper()}{i + 1}")
                box_data.append(arm["vp_by_seat"][i])
        boxplot(tmp / "vp_by_seat.png", box_labels, box_data, f"{title}: victory points per seat",
                "seat" if not variant else "arm (D default, V variant) and seat")
        causes = sorted(set().union(*[set(arm["end_causes"]) for arm in arms]))
        grouped_bars(tmp / "end_causes.png", causes,
                     {arm["label"]: [arm["end_causes"].get(c, 0) / arm["n"] for c in causes] for arm in arms},
                     f"{title}: how games end", "end", "share of games", percent=True)
        extra = tally_plots(tmp, base["tallies"], base["n"],
                            variant=(variant["tallies"], variant["n"]) if variant else None)
        lines = [f"# Balance: {title}", ""]
        if command:
            lines += ["```", command, "```", ""]
        for arm in arms:
            lines += [f"## {arm['label'].capitalize()}", "",
                      f"{arm['n']} games, {p} players. Mean VP {arm['mean_vp']:.2f} (sd {arm['sd_vp']:.2f}); "
                      f"spread between best and worst seat {arm['mean_spread']:.2f} VP (sd {arm['sd_spread']:.2f}); "
                      f"{arm['mean_decisions']:.1f} decisions per game (sd {arm['sd_decisions']:.1f}); "
                      f"all-lose games {arm['all_lose_total']} ({pct(arm['all_lose_total'] / max(1, arm['n']))}).", "",
                      "| seat | wins | win share | 95% CI | mean VP | sd VP |", "|---|---:|---:|---:|---:|---:|"]
            for s in arm["seats"]:
                lines.append(f"| {s['seat'] + 1} | {s['wins']} | {pct(s['win_share'])} | {ci_text(s['ci'])} | "
                             f"{s['mean_vp']:.2f} | {s['sd_vp']:.2f} |")
            if arm["all_lose"]:
                lines += ["", "All-lose games by cause:", "", "| cause | games | rate |", "|---|---:|---:|"]
                for c, k in arm["all_lose"].items():
                    lines.append(f"| {c} | {k} | {pct(k / arm['n'])} |")
            lines += tally_markdown(arm["tallies"], arm["n"])
            lines.append("")
        if comparison:
            lines += ["## Variant against default", "",
                      "Difference = variant − default, with its 95% confidence interval (normal approximation); "
                      "**bold** where the interval excludes 0.", "",
                      "| measure | default | variant | difference | 95% CI |", "|---|---:|---:|---:|---:|"]
            for row in comparison:
                d = f"{row['diff']:+.3f}"
                if row["significant"]:
                    d = f"**{d}**"
                lines.append(f"| {row['measure']} | {row['default']:.3f} | {row['variant']:.3f} | {d} | "
                             f"{row['ci'][0]:+.3f} … {row['ci'][1]:+.3f} |")
            lines.append("")
        if sections:
            lines += sections + [""]
        lines += ["## Plots", "", "![win share per seat](win_share_by_seat.png)", "",
                  "![victory points per seat](vp_by_seat.png)", "", "![how games end](end_causes.png)"]
        for key, fname in extra:
            lines += ["", f"![{key}]({fname})"]
        (tmp / "report.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return dest / "report.md"
