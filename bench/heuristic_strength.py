"""How strong is a game's heuristic bot? N games of the heuristic against (players - 1)
random bots, the heuristic's seat rotated game by game; prints its win share with a 95%
confidence interval (Wilson), mean points, and time per decision. Works for any registered
game with a heuristic (bench/venus_heuristic_strength.py adds Venus's all-lose causes).

    .venv/bin/python bench/heuristic_strength.py moon -n 200 --players 4

The issues' target: >= 90% of 4-player games against three random bots.
"""

from __future__ import annotations

import argparse
import time

from venus_heuristic_strength import wilson

from cosmodrome.bots import RandomBot, make_bot
from cosmodrome.core import get_game


def play(name: str, players: int, seed: int, hseat: int) -> tuple:
    """One game; the heuristic's share, the scores, its thinking time and decisions."""
    s = get_game(name).new_state(players, seed)
    bots = [RandomBot(seed=seed * 10 + i) for i in range(players)]
    bots[hseat] = make_bot("heuristic", name, seed)
    spent, decisions = 0.0, 0
    while not s.is_terminal():
        p = s.to_move()
        t0 = time.perf_counter()
        a = bots[p].choose(s)
        if p == hseat:
            spent += time.perf_counter() - t0
            decisions += 1
        s.apply(a)
    return s.returns()[hseat], s.scores(), spent, decisions


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("game")
    ap.add_argument("-n", type=int, default=200, help="games")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1000, help="first seed")
    args = ap.parse_args()
    wins = pts_h = pts_r = spent = 0.0
    decisions = 0
    t0 = time.time()
    for g in range(args.n):
        hseat = g % args.players
        r, sc, t, k = play(args.game, args.players, args.seed + g, hseat)
        wins += r
        pts_h += sc[hseat]
        pts_r += (sum(sc) - sc[hseat]) / (args.players - 1)
        spent += t
        decisions += k
    lo, hi = wilson(wins, args.n)
    print(f"{args.game}: heuristic vs {args.players - 1} random, {args.n} games ({args.players} players, seeds "
          f"{args.seed}..{args.seed + args.n - 1}, seats rotated)")
    print(f"win share {wins / args.n:.3f}  95% CI [{lo:.3f}, {hi:.3f}]  (fair share {1 / args.players:.3f})")
    print(f"mean points heuristic {pts_h / args.n:.1f}, random {pts_r / args.n:.1f}")
    print(f"heuristic: {decisions} decisions, {1000 * spent / max(1, decisions):.3f} ms per decision; "
          f"wall {time.time() - t0:.1f} s")


if __name__ == "__main__":
    main()
