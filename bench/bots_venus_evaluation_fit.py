"""How the weights of the Venus evaluation hook were fitted (src/cosmodrome/games/venus/evaluation.py).

    .venv/bin/python bench/bots_venus_evaluation_fit.py --games 250,120,200   # 2, 3, 4 players

Plays heuristic self-play games (one process), records every sixth position with each
seat's VP now, income, money, units by type, hand size; then

1. least squares for the VP still to come (final VP - VP now) on those features times the
   time left L (and L²) — the weights of ``projected_vp``;
2. the softmax temperature by L band, by the likelihood of the actual winners.

Games ending with everybody losing are left out of both fits (the evaluation handles that
danger separately). Prints the weights, R² and the temperatures; the module's constants
are these numbers rounded.
"""

from __future__ import annotations

import argparse
import math

import numpy as np

from cosmodrome.bots import load_heuristic
from cosmodrome.core import get_game
from cosmodrome.games.venus.evaluation import time_left
from cosmodrome.games.venus.scoring import scores

NAMES = ["L", "L*inc", "L*money", "L*inf", "L*ship", "L*tank", "L*cards", "L*vp",
         "L2", "L2*inc", "L2*money", "L2*cp"]


def seat_rows(s):
    vp = scores(s)
    rows = []
    for p in range(s.num_players):
        o, su = s.orbit[p * 24:(p + 1) * 24], s.surface[p * 24:(p + 1) * 24]
        inf = sum(o[i] + su[i] for i in range(0, 24, 3))
        sh = sum(o[i] + su[i] for i in range(1, 24, 3))
        tk = sum(o[i] + su[i] for i in range(2, 24, 3))
        inc = sum(s.income_on(p, pl) for pl in range(8))
        rows.append((vp[p], inc, s.money[p], inf, sh, tk, len(s.hands[p])))
    return rows


def features(row, L):
    vp, inc, money, inf, sh, tk, cards = row
    return [L, L * inc, L * money, L * inf, L * sh, L * tk, L * cards, L * vp,
            L * L, L * L * inc, L * L * money, L * L * (inf + sh + 2 * tk)]


def play(players, seed):
    g = get_game("venus")
    s = g.new_state(players, seed)
    bots = [load_heuristic(g, seed=seed * 7 + i) for i in range(players)]
    pos = []
    k = 0
    while not s.is_terminal():
        if k % 6 == 0:
            pos.append((time_left(s), seat_rows(s)))
        s._apply(bots[s.to_move()].choose(s))
        k += 1
    return s.end_cause, s.returns(), scores(s), pos


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default="250,120,200", help="games with 2,3,4 players")
    ap.add_argument("--seed", type=int, default=5000)
    args = ap.parse_args()
    games = []
    for players, n in zip((2, 3, 4), (int(x) for x in args.games.split(","))):
        for i in range(n):
            games.append((players, play(players, args.seed + 1000 * players + i)))
    X, Y, data = [], [], []
    for players, (end, ret, fin, pos) in games:
        if end != "normal":
            continue
        for L, rows in pos:
            for p, row in enumerate(rows):
                X.append(features(row, L))
                Y.append(fin[p] - row[0])
    X, Y = np.array(X, float), np.array(Y, float)
    b, *_ = np.linalg.lstsq(X, Y, rcond=None)
    pred = X @ b
    print(f"{len(games)} games, {sum(1 for _, g in games if g[0] != 'normal')} all-lose; {len(Y)} seat-positions")
    for name, v in zip(NAMES, b):
        print(f"  {name:10s} {v:+.3f}")
    print(f"R2 {1 - ((Y - pred) ** 2).mean() / Y.var():.3f}  rmse {math.sqrt(((Y - pred) ** 2).mean()):.2f} VP")
    for players, (end, ret, fin, pos) in games:
        if end == "normal":
            for L, rows in pos:
                proj = np.array([row[0] + np.array(features(row, L)) @ b for row in rows])
                data.append((proj, L, np.array(ret)))
    for lo, hi in [(0, 0.01), (0.01, 0.5), (0.5, 1.0), (1, 1.5), (1.5, 2), (2, 2.5), (2.5, 3.1)]:
        best = None
        for T in [0.5, 1, 1.5, 2, 3, 4, 5, 6, 8, 10, 12, 15]:
            ll = 0.0
            k = 0
            for proj, L, ret in data:
                if lo <= L < hi:
                    z = np.exp((proj - proj.max()) / T)
                    z /= z.sum()
                    ll -= float((ret * np.log(z + 1e-9)).sum())
                    k += 1
            if best is None or ll < best[0]:
                best = (ll, T, k)
        print(f"  L in [{lo}, {hi}): best temperature {best[1]} VP ({best[2]} positions)")


if __name__ == "__main__":
    main()
