r"""ISMCTS strength: one ISMCTS spec against copies of another bot (the heuristic by default),
played with the lab's tournament machinery (seats rotated over every deal, games stored so
an interrupted run resumes).

    .venv/bin/python bench/ismcts_strength.py --players 2 -n 40 --workers 2
    .venv/bin/python bench/ismcts_strength.py --ismcts ismcts:seconds=0.25,clock=cpu --players 4 -n 80 --workers 2
    .venv/bin/python bench/ismcts_strength.py --ismcts ismcts:seconds=0.25 \
        --opponent openspiel-ismcts:seconds=0.25 -n 20

Prints the ISMCTS win share with a Wilson 95% confidence interval (fair share 1/players),
by seat, mean VP, all-lose endings, and the wall time. The issue's targets against the Venus
heuristic at 0.25 s per decision: >= 65% of 2-player games, >= 40% of 4-player games.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import tempfile
import time

from cosmodrome.lab.store import Store
from cosmodrome.lab.tournament import Tournament


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", nargs="?", default="venus")
    ap.add_argument("--ismcts", default="ismcts:seconds=0.25", help="the ISMCTS spec under test")
    ap.add_argument("--opponent", default="heuristic", help="the spec filling every other seat")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("-n", type=int, default=40, help="games (rounded up to a multiple of players)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1, help="master seed of the deals")
    ap.add_argument("--db", default=None, help="SQLite file (default: a throw-away one)")
    args = ap.parse_args()

    bots = [args.ismcts] + [args.opponent] * (args.players - 1)
    t = Tournament(args.game, bots, args.n, players=args.players, seed=args.seed)
    print(f"machine: {platform.machine()} cpus={os.cpu_count()} python {platform.python_version()}")
    print(f"{args.game}, {args.players} players, {t.n} games (seed {args.seed}), workers {args.workers}: "
          f"{args.ismcts} vs {args.players - 1} x {args.opponent}")
    t0 = time.perf_counter()
    finished: dict = {}

    def progress(r) -> None:  # one line per finished game: the running win share so far
        finished[r.index] = r
        so_far = t.analyse(finished)["bots"][0]
        print(f"  {len(finished)}/{t.n} games, ISMCTS win share so far {so_far['win_share']:.3f}"
              f"  ({time.perf_counter() - t0:.0f} s)", file=sys.stderr, flush=True)

    with tempfile.TemporaryDirectory() as d:
        with Store(args.db or os.path.join(d, "strength.sqlite")) as st:
            res = t.run(st, workers=args.workers, on_result=progress)
    dt = time.perf_counter() - t0
    a = t.analyse(res)
    me = a["bots"][0]
    lo, hi = me["ci"]
    print(f"ISMCTS win share {me['win_share']:.3f}  95% CI [{lo:.3f}, {hi:.3f}]  over {me['games']} games "
          f"(fair share {1 / args.players:.3f})")
    print("ISMCTS by seat: " + ", ".join(f"seat {s}: {x:.2f}" for s, x in enumerate(me["by_seat"]) if x is not None))
    others = a["bots"][1:]
    print(f"mean VP: ISMCTS {me['mean_vp']:.1f}, opponents " + ", ".join(f"{o['mean_vp']:.1f}" for o in others))
    print(f"all-lose endings {a['all_lose']} of {a['finished']}; mean decisions per game "
          f"{a['mean_decisions']:.0f}; wall {dt:.0f} s")


if __name__ == "__main__":
    main()
