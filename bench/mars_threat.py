#!/usr/bin/env python3
"""March on Mars: the team's win rate at each threat level, for a team of random bots, a
team of heuristic marines, and ISMCTS playing the first seat with heuristic companions
(a co-operative game: one result for the whole team). Wilson 95% intervals.

    .venv/bin/python bench/mars_threat.py --players 2 -n 100 --ismcts-n 10
    .venv/bin/python bench/mars_threat.py --players 3 -n 60 --threats baby --ismcts-n 0

Runs in one process (times are this process's CPU time); results go to stdout and
docs/BENCHMARKS.md records them.
"""

from __future__ import annotations

import argparse
import time

from cosmodrome.bots import make_bot
from cosmodrome.core import get_game
from cosmodrome.lab.stats import wilson

THREATS = ("baby", "normal", "sergeant", "exterminator")


def team_rate(players: int, threat: str, n: int, specs: list[str], seed0: int) -> tuple[int, int, float]:
    game = get_game("mars")
    wins = 0
    t0 = time.process_time()
    for k in range(n):
        seed = seed0 + k
        bots = [make_bot(spec, game, seed * 10 + i) for i, spec in enumerate(specs)]
        s = game.new_state(players, seed, {"threat": threat})
        while not s.is_terminal():
            s.apply(bots[s.to_move()].choose(s))
        wins += bool(s.winners())
    return wins, n, time.process_time() - t0


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("-n", type=int, default=100)
    ap.add_argument("--ismcts-n", type=int, default=10)
    ap.add_argument("--ismcts", default="ismcts:iters=30")
    ap.add_argument("--threats", default=",".join(THREATS), help="threat levels to run, comma-separated")
    ap.add_argument("--random-n", type=int, default=None, help="games of the random team (default: -n)")
    args = ap.parse_args()
    p = args.players
    teams = {"random": ["random"] * p, "heuristic": ["heuristic"] * p,
             args.ismcts: [args.ismcts] + ["heuristic"] * (p - 1)}
    print(f"mars, {p} marines; team win rate (95% CI); seeds 5000..")
    for threat in args.threats.split(","):
        if threat not in THREATS:
            ap.error(f"unknown threat level {threat!r}; choose among {', '.join(THREATS)}")
        for label, specs in teams.items():
            n = (args.ismcts_n if label == args.ismcts else
                 args.random_n if label == "random" and args.random_n is not None else args.n)
            if n <= 0:
                continue
            w, n, secs = team_rate(p, threat, n, specs, 5000)
            lo, hi = wilson(w, n)
            print(f"{threat:13s} {label:18s} {w:4d}/{n:<4d} {100 * w / n:5.1f}%  "
                  f"[{100 * lo:.1f}, {100 * hi:.1f}]  {secs:.0f} s CPU",
                  flush=True)


if __name__ == "__main__":
    main()
