"""Lab scaling: tournament games per second on 1 and on 2 local worker processes, or on Ray.

    .venv/bin/python bench/lab_scaling.py                        # venus, 4 heuristic bots, 96 games
    .venv/bin/python bench/lab_scaling.py --runs local:1,ray:2   # one local worker against two Ray workers
    .venv/bin/python bench/lab_scaling.py venus --bots random,random,random,random -n 2000
    .venv/bin/python bench/lab_scaling.py pocket-race --bots ismcts:iters=200,random -n 200

Runs the same tournament (same seeds) once per worker count into a throw-away database,
checks the results are identical, and prints games/s and the speed-up over the first run
(``--repeat`` rounds in alternating order; the best rate of each run is kept). Ray is
started, and its warm actors created, before any run is timed: its start-up is printed
separately and not counted (runs on Ray reuse those actors, as a long session would). The
machine's load average is printed before each run: other processes competing for the
cores lower the speed-up, so measure on an otherwise idle machine.
"""

from __future__ import annotations

import argparse
import os
import platform
import tempfile
import time

from cosmodrome.lab.executor import ray_actors, warm_ray
from cosmodrome.lab.store import Store
from cosmodrome.lab.tournament import Tournament


def worker_cpu(workers, backend):
    """CPU seconds used so far by the processes that play the games, where they can be read:
    this process when it plays them itself, the warm actors on Ray (None otherwise)."""
    if backend == "local" and workers == 1:
        return time.process_time()
    if backend == "ray":
        import ray

        return sum(ray.get([a.cpu_seconds.remote() for a in ray_actors(workers)]))
    return None


def run(game, bots, n, workers, backend):
    t = Tournament(game, bots, n, seed=1)
    with tempfile.TemporaryDirectory() as d, Store(os.path.join(d, "b.sqlite")) as st:
        c0 = worker_cpu(workers, backend)
        d0 = time.process_time()
        t0 = time.perf_counter()
        res = t.run(st, workers=workers, backend=backend)
        dt = time.perf_counter() - t0
        c1 = worker_cpu(workers, backend)
        driver = time.process_time() - d0
    cpu = None if c0 is None else (c1 - c0) / t.n
    return t.n / dt, dt, {i: r.key() for i, r in res.items()}, cpu, (None if backend == "local" and workers == 1
                                                                       else driver / t.n)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", nargs="?", default="venus")
    ap.add_argument("--bots", default="heuristic,heuristic,heuristic,heuristic")
    ap.add_argument("-n", type=int, default=96)
    ap.add_argument("--workers", default="1,2")
    ap.add_argument("--backend", default="local", help="the backend of every --workers count")
    ap.add_argument("--runs", default="",
                    help="BACKEND:WORKERS,... instead of --workers/--backend, e.g. local:1,ray:2")
    ap.add_argument("--repeat", type=int, default=2,
                    help="rounds over the worker counts (alternating); the best rate of each counts")
    args = ap.parse_args()
    import cosmodrome.testing.toy  # noqa: F401

    bots = [b for b in args.bots.split(",") if b]
    print(f"machine: {platform.machine()} cpus={os.cpu_count()} python {platform.python_version()}")
    if args.runs:
        runs = [(b, int(w)) for b, w in (x.split(":") for x in args.runs.split(","))]
    else:
        runs = [(args.backend, int(x)) for x in args.workers.split(",")]
    print(f"{args.game}: {args.n} games, bots {bots}, runs {', '.join(f'{b}:{w}' for b, w in runs)}")
    ray_workers = max([w for b, w in runs if b == "ray"], default=0)
    if ray_workers:
        load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
        secs = warm_ray(ray_workers, modules=[Tournament(args.game, bots, 1).module])
        print(f"Ray start-up with {ray_workers} warm actors: {secs:.2f} s "
              f"(not counted; load average before: {load:.2f})")
    ref = None
    best: dict = {}
    cpus: dict = {}
    for r in range(args.repeat):
        for backend, w in (runs if r % 2 == 0 else runs[::-1]):
            load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
            rate, dt, keys, cpu, driver = run(args.game, bots, args.n, w, backend)
            if ref is None:
                ref = keys
            same = "identical" if keys == ref else "DIFFERENT RESULTS"
            best[backend, w] = max(best.get((backend, w), 0.0), rate)
            if cpu is not None:
                cpus.setdefault((backend, w), []).append(cpu)
            print(f"round {r + 1} {backend} workers={w}: {rate:8.2f} games/s  ({dt:.2f} s)  results {same}  "
                  f"(load average before: {load:.2f})"
                  + ("" if cpu is None else f"  CPU per game: {1000 * cpu:.1f} ms in the workers")
                  + ("" if driver is None else f", {1000 * driver:.1f} ms in this process"))
    base = best[runs[0]]
    for backend, w in runs:
        print(f"best {backend} workers={w}: {best[backend, w]:8.2f} games/s  speed-up {best[backend, w] / base:.2f}x")
    if ("local", 1) in cpus:
        # what the load of other processes cannot distort: the CPU a game costs on each
        # backend; w workers on w idle cores would reach w x (local CPU / backend CPU)
        local = min(cpus["local", 1])
        for (backend, w), xs in cpus.items():
            if (backend, w) != ("local", 1):
                print(f"CPU per game {backend} workers={w}: {1000 * min(xs):.1f} ms against {1000 * local:.1f} ms "
                      f"locally: at most {w * local / min(xs):.2f}x on {w} idle cores")


if __name__ == "__main__":
    main()
