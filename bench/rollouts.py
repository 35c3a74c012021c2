#!/usr/bin/env python3
"""Search rollouts: random play from quiet clones of mid-game positions, clone included —
what an ISMCTS iteration does below its tree, without the tree.

    .venv/bin/python bench/rollouts.py                         # Venus, 4 players, depths 20 and 200
    .venv/bin/python bench/rollouts.py --game moon --depth 50

Positions are taken from seeded random games (every ``--every``-th decision, up to
``--positions``). From each, ``--per`` rollouts are played: ``clone(quiet=True)``, then
``legal_actions()`` and the unchecked ``_apply()`` with a seeded choice until the game ends
or ``--depth`` decisions were made. The figure is decisions per CPU-second of this process
(the clones' cost counted in), so a layout that makes clones cheaper but rules slower
shows here as what a search gets from it. The same arguments play the same rollouts.
"""

from __future__ import annotations

import argparse
import platform
import random
import time

from cosmodrome.compiled import engine
from cosmodrome.core import get_game

clock = time.process_time


def positions(game: str, players: int, count: int, every: int) -> list:
    """Mid-game positions of seeded random games (the games' seeds are 0, 1, 2, ...)."""
    g = get_game(game)
    out: list = []
    seed = 0
    while len(out) < count:
        s = g.new_state(players, seed)
        r = random.Random(seed)
        k = 0
        while not s.is_terminal() and len(out) < count:
            k += 1
            if k % every == 0:
                out.append(s.clone())
            s.apply(r.choice(s.legal_actions()))
        seed += 1
    return out


def rollouts(starts: list, per: int, depth: int) -> tuple[int, float]:
    """Play ``per`` rollouts of at most ``depth`` decisions from each start: (decisions, CPU s)."""
    r = random.Random(1)
    choice = r.choice
    n = 0
    t = clock()
    for s0 in starts:
        for _ in range(per):
            s = s0.clone(quiet=True)
            for _ in range(depth):
                if s.is_terminal():
                    break
                s._apply(choice(s.legal_actions()))
                n += 1
    return n, clock() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="venus")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--positions", type=int, default=8)
    ap.add_argument("--every", type=int, default=40, help="take a position every this many decisions")
    ap.add_argument("--per", type=int, default=150, help="rollouts from each position")
    ap.add_argument("--depth", type=int, action="append",
                    help="decisions per rollout at most (repeatable; default 20 and 200)")
    ap.add_argument("--rounds", type=int, default=3, help="repeat each depth; the best round is reported")
    a = ap.parse_args()
    starts = positions(a.game, a.players, a.positions, a.every)
    # after the games were played, so that the count covers the game's compiled modules
    print(f"machine: {platform.machine()}  python {platform.python_version()}  engine: {engine()}")
    print(f"{'game':10}{'players':>8}{'depth':>7}{'decisions':>11}{'decisions/CPU-s':>17}")
    for depth in a.depth or [20, 200]:
        best = 0.0
        for _ in range(a.rounds):
            n, sec = rollouts(starts, a.per, depth)
            best = max(best, n / sec)
        print(f"{a.game:10}{a.players:>8}{depth:>7}{n:>11,}{best:>17,.0f}")


if __name__ == "__main__":
    main()
