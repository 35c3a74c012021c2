"""Lab scaling: tournament games per second on 1 and on 2 local worker processes.

    .venv/bin/python bench/lab_scaling.py                        # venus, 4 heuristic bots, 160 games
    .venv/bin/python bench/lab_scaling.py venus --bots random,random,random,random -n 2000
    .venv/bin/python bench/lab_scaling.py pocket-race --bots ismcts:iters=200,random -n 200

Runs the same tournament (same seeds) once per worker count into a throw-away database,
checks the results are identical, and prints games/s and the speed-up over 1 worker
(``--repeat`` rounds in alternating order; the best rate of each worker count is kept). The
machine's load average is printed before each run: other processes competing for the
cores lower the speed-up, so measure on an otherwise idle machine.
"""

from __future__ import annotations

import argparse
import os
import platform
import tempfile
import time

from cosmodrome.lab.store import Store
from cosmodrome.lab.tournament import Tournament


def run(game, bots, n, workers, backend):
    t = Tournament(game, bots, n, seed=1)
    with tempfile.TemporaryDirectory() as d, Store(os.path.join(d, "b.sqlite")) as st:
        t0 = time.perf_counter()
        res = t.run(st, workers=workers, backend=backend)
        dt = time.perf_counter() - t0
    return t.n / dt, dt, {i: r.key() for i, r in res.items()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", nargs="?", default="venus")
    ap.add_argument("--bots", default="heuristic,heuristic,heuristic,heuristic")
    ap.add_argument("-n", type=int, default=160)
    ap.add_argument("--workers", default="1,2")
    ap.add_argument("--backend", default="local")
    ap.add_argument("--repeat", type=int, default=2,
                    help="rounds over the worker counts (alternating); the best rate of each counts")
    args = ap.parse_args()
    import cosmodrome.testing.toy  # noqa: F401

    bots = [b for b in args.bots.split(",") if b]
    print(f"machine: {platform.machine()} cpus={os.cpu_count()} python {platform.python_version()}")
    print(f"{args.game}: {args.n} games, bots {bots}, backend {args.backend}")
    counts = [int(x) for x in args.workers.split(",")]
    ref = None
    best: dict = {}
    for r in range(args.repeat):
        for w in (counts if r % 2 == 0 else counts[::-1]):
            load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
            rate, dt, keys = run(args.game, bots, args.n, w, args.backend)
            if ref is None:
                ref = keys
            same = "identical" if keys == ref else "DIFFERENT RESULTS"
            best[w] = max(best.get(w, 0.0), rate)
            print(f"round {r + 1} workers={w}: {rate:8.2f} games/s  ({dt:.2f} s)  results {same}  "
                  f"(load average before: {load:.2f})")
    base = best[counts[0]]
    for w in counts:
        print(f"best workers={w}: {best[w]:8.2f} games/s  speed-up {best[w] / base:.2f}x")


if __name__ == "__main__":
    main()
