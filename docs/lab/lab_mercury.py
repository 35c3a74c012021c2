#!/usr/bin/env python3
"""The design lab's worked example (docs/LAB.md): what if Mercury scored 10 for first place in
Onward to Venus? Asks the lab's API (the server's app, in this process: no network) for the
variant, runs it beside the printed game with the same seeds, prints the results as Markdown
tables and draws them as PNG plots.

    PYTHONPATH=src .venv/bin/python docs/lab/lab_mercury.py --games 200 --players 3 --workers 2

Writes docs/lab-mercury-win-share.png, docs/lab-mercury-scores.png and
docs/lab-mercury-crises.png (with --out, elsewhere).
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from fastapi.testclient import TestClient

from cosmodrome.lab.report import _plt
from cosmodrome.server import create_app
from cosmodrome.server.labruns import LabConfig

#: planets[0] is Mercury; vp[0] the points of the first income rank (8 printed: "VP assumed")
MERCURY_FIRST = ["planets", 0, "vp", 0]
ARMS = (("baseline", "printed (Mercury 8)", "#5c9bd6"), ("variant", "variant (Mercury 10)", "#f29a1f"))


def run(args: argparse.Namespace) -> dict:
    tmp = Path(tempfile.mkdtemp(prefix="lab-example-"))
    lab = LabConfig(data_dir=tmp / "lab", workers=args.workers, max_games=args.games)
    with TestClient(create_app(f"sqlite:///{tmp / 'example.sqlite'}", lab=lab)) as c:
        form = c.get("/api/lab/games/venus").json()
        mercury = next(e for s in form["form"] if s["section"] == "planets" for e in s["entries"]
                       if e["label"] == "Mercury")
        print(f"Mercury: {mercury['status']} ({mercury['source']})")
        toml = c.post("/api/lab/variant", json={"game": "venus", "edits": [
            {"path": MERCURY_FIRST, "value": args.vp}]}).json()["toml"]
        r = c.post("/api/lab/runs", json={"game": "venus", "players": args.players, "games": args.games,
                                          "bots": args.bots, "seed": args.seed,
                                          "variant": {"toml": toml, "name": f"Mercury {args.vp}"}})
        r.raise_for_status()
        run_id = r.json()["id"]
        t0 = time.time()
        while True:
            out = c.get(f"/api/lab/runs/{run_id}").json()
            p = out["progress"]
            print(f"\r{out['status']}: {p['done']}/{p['total']} games", end="", flush=True)
            if out["status"] not in ("queued", "running"):
                break
            time.sleep(2)
        print(f"\n{time.time() - t0:.0f} s")
        if out["status"] != "done":
            raise SystemExit(f"the run is {out['status']}: {out.get('error')}")
        return out


def markdown(out: dict) -> None:
    res = out["results"]
    b, v = res["baseline"], res["variant"]
    print("\n| measure | printed game | variant | difference (95% CI) | |\n|---|---:|---:|---:|---|")
    for d in res["differences"]:
        if d["measure"].startswith(("periods", "all-lose")):
            continue
        pctish = d["measure"].startswith("win share")
        f = (lambda x: f"{100 * x:.1f}%") if pctish else (lambda x: f"{x:.2f}")
        lo, hi = d["ci"]
        print(f"| {d['measure']} | {f(d['default'])} | {f(d['variant'])} | {f(d['diff'])} ({f(lo)} to {f(hi)}) | "
              f"{'**significant**' if d['significant'] else ''} |")
    print(f"\nGames with a winner: {100 * b['breakdown']['win_rate']:.1f}% / {100 * v['breakdown']['win_rate']:.1f}%; "
          f"decisions per game: {b['length']['mean']:.0f} / {v['length']['mean']:.0f}")


def plots(out: dict, dest: Path) -> list[Path]:
    plt = _plt()
    res = out["results"]
    n = out["players"]
    files = []
    # win share by seat with 95% intervals
    fig, ax = plt.subplots(figsize=(7, 4))
    w = 0.38
    for j, (k, label, colour) in enumerate(ARMS):
        seats = res[k]["seats"]
        xs = [i + (j - 0.5) * w for i in range(n)]
        ys = [s["share"] for s in seats]
        err = [[s["share"] - s["ci"][0] for s in seats], [s["ci"][1] - s["share"] for s in seats]]
        ax.bar(xs, ys, w, yerr=err, capsize=4, color=colour, label=label)
    ax.axhline(1 / n, color="grey", lw=0.8, ls="--", label="fair share")
    ax.set_xticks(range(n), [f"seat {i + 1}" for i in range(n)])
    ax.set_ylabel("win share")
    ax.set_title(f"Onward to Venus, {n} players, {out['games']} games a side: win share (95% CI)")
    ax.legend(fontsize=8)
    files.append(_save(fig, dest / "lab-mercury-win-share.png", plt))
    # scores by seat
    fig, ax = plt.subplots(figsize=(7, 4))
    for j, (k, label, colour) in enumerate(ARMS):
        stats = [{"med": s["median"], "q1": s["q1"], "q3": s["q3"], "whislo": s["min"], "whishi": s["max"],
                  "mean": s["mean"], "label": f"seat {s['seat'] + 1}"} for s in res[k]["scores"]]
        ax.bxp(stats, positions=[i + (j - 0.5) * w for i in range(n)], widths=w * 0.9, showfliers=False,
               showmeans=True, boxprops={"color": colour}, medianprops={"color": colour}, manage_ticks=False)
        ax.plot([], [], color=colour, label=label)
    ax.set_xticks(range(n), [f"seat {i + 1}" for i in range(n)])
    ax.set_ylabel("victory points")
    ax.set_title("Final VP by seat (box: quartiles, whiskers: range, triangle: mean)")
    ax.legend(fontsize=8)
    files.append(_save(fig, dest / "lab-mercury-scores.png", plt))
    # the game's own breakdown: crises per game by planet
    crises = sorted({k.split(":")[0] for arm, _, _ in ARMS for k in res[arm]["summary"]["dicts"].get("crises", {})})
    fig, ax = plt.subplots(figsize=(7, 4))
    for j, (k, label, colour) in enumerate(ARMS):
        per = res[k]["summary"]["dicts"].get("crises", {})
        ys = [sum(v for key, v in per.items() if key.split(":")[0] == p) for p in crises]
        ax.bar([i + (j - 0.5) * w for i in range(len(crises))], ys, w, color=colour, label=label)
    ax.set_xticks(range(len(crises)), crises)
    ax.set_ylabel("crisis steps per game")
    ax.set_title("Crises per game by planet (the game's own summary)")
    ax.legend(fontsize=8)
    files.append(_save(fig, dest / "lab-mercury-crises.png", plt))
    return files


def _save(fig, path: Path, plt) -> Path:
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=200, help="games a side")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--bots", default="easy", help="a bot level for every seat (random, easy, medium...)")
    ap.add_argument("--vp", type=int, default=10, help="Mercury's points for first place (8 printed)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", type=Path, default=Path(__file__).resolve().parents[1])
    args = ap.parse_args()
    out = run(args)
    markdown(out)
    for f in plots(out, args.out):
        print(f"wrote {f.name}")


if __name__ == "__main__":
    main()
