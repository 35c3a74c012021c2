"""The move advisor's budget on a busy machine: playouts per option with a CPU-time budget
(the default) and with a wall-clock one, at the same positions.

    .venv/bin/python bench/advisor_budget.py                      # venus, 4 players, 1 s, 4 positions
    .venv/bin/python bench/advisor_budget.py --players 2 --seconds 0.5

Positions come from seeded heuristic self-play (every 25th decision). For each clock the
script prints the playouts of the whole search, the fewest any option got, and the wall
time it took, with the machine's load average: on a machine other processes load, a
wall-clock second holds a fraction of a second of search, while a CPU second holds the same
search as on an idle machine (it just takes longer).
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))

from bots_ismcts import positions  # noqa: E402

from cosmodrome.bots import advise  # noqa: E402
from cosmodrome.core import get_game  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", nargs="?", default="venus")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seconds", type=float, default=1.0)
    ap.add_argument("--positions", type=int, default=4)
    args = ap.parse_args()
    game = get_game(args.game)
    states = positions(game, args.players, args.positions, policy="heuristic")
    print(f"{args.game}, {args.players} players, {args.seconds} s per advice, {len(states)} positions")
    for clock in ("cpu", "wall"):
        load = os.getloadavg()[0]
        for i, s in enumerate(states):
            t0 = time.perf_counter()
            rows = advise(s, seconds=args.seconds, clock=clock, seed=i)
            dt = time.perf_counter() - t0
            print(f"clock={clock:<4} position {i}: {len(rows):2d} options, {sum(r.visits for r in rows):5d} playouts, "
                  f"fewest per option {min(r.visits for r in rows):4d}, wall {dt:5.2f} s  (load average {load:.2f})")


if __name__ == "__main__":
    main()
