"""How strong is the Onward to Venus heuristic bot? N games of the heuristic against
(players - 1) random bots, the heuristic's seat rotated game by game; prints its win share
with a 95% confidence interval (Wilson), the all-lose rate, mean VP, and time per decision.

    .venv/bin/python bench/venus_heuristic_strength.py -n 200 --players 4

The issue's target: >= 90% of 4-player games against three random bots.
"""

from __future__ import annotations

import argparse
import time

from cosmodrome.bots import RandomBot
from cosmodrome.core import get_game
from cosmodrome.games.venus.heuristic import VenusHeuristic
from cosmodrome.lab.stats import wilson


def play(players: int, seed: int, hseat: int) -> tuple:
    game = get_game("venus")
    s = game.new_state(players, seed)
    bots = [RandomBot(seed=seed * 10 + i) for i in range(players)]
    bots[hseat] = VenusHeuristic(seed=seed)
    ht, hn = 0.0, 0
    while not s.is_terminal():
        p = s.to_move()
        if p == hseat:
            t0 = time.perf_counter()
            a = bots[p].choose(s)
            ht += time.perf_counter() - t0
            hn += 1
        else:
            a = bots[p].choose(s)
        s.apply(a)
    return s.returns()[hseat], s.scores(), s.summary().get("end", ""), ht, hn


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-n", type=int, default=200, help="games")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1000, help="first seed")
    args = ap.parse_args()
    wins = 0.0
    all_lose = 0
    causes: dict = {}
    vp_h, vp_r = 0.0, 0.0
    ht, hn = 0.0, 0
    t0 = time.time()
    for g in range(args.n):
        hseat = g % args.players
        r, sc, end, t, k = play(args.players, args.seed + g, hseat)
        wins += r
        all_lose += end.startswith("all-lose")
        if r < 1.0:
            key = end if end.startswith("all-lose") else ("shared win" if r > 0 else "lost on VP")
            causes[key] = causes.get(key, 0) + 1
        vp_h += sc[hseat]
        vp_r += (sum(sc) - sc[hseat]) / (args.players - 1)
        ht += t
        hn += k
    lo, hi = wilson(wins, args.n)
    print(f"heuristic vs {args.players - 1} random, {args.n} games ({args.players} players, seeds "
          f"{args.seed}..{args.seed + args.n - 1}, seats rotated)")
    print(f"win share {wins / args.n:.3f}  95% CI [{lo:.3f}, {hi:.3f}]  (fair share {1 / args.players:.3f})")
    print(f"all-lose endings {all_lose} ({all_lose / args.n:.1%}); mean VP heuristic {vp_h / args.n:.1f}, "
          f"random {vp_r / args.n:.1f}")
    print("games not won outright: " + (", ".join(f"{k} {v}" for k, v in sorted(causes.items())) or "none"))
    print(f"heuristic: {hn} decisions, {1000 * ht / max(1, hn):.3f} ms per decision; wall {time.time() - t0:.1f} s")


if __name__ == "__main__":
    main()
