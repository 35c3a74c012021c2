"""Cosmic Run solo missions: how often the heuristic bot completes the mission against Zorlord,
per difficulty, and why it fails.

    .venv/bin/python bench/cosmic_run_solo.py                  # 1000 missions per difficulty
    .venv/bin/python bench/cosmic_run_solo.py -n 200 --seed 1 --only novice

Each mission is a seeded game (seeds ``seed .. seed + n - 1``) with a seeded heuristic bot;
the same seeds give the same figures. Failure causes are the game's end codes: ``zorlord``
(a Zorlord ship reached its planet first), ``technology`` (every planet reached, but the
technology score not above Zorlord's), ``destroyed`` (a ship disabled), ``stuck`` (no possible
movement) and ``rounds`` (twelve rounds over).
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from collections import Counter

from cosmodrome.games.cosmic_run import GAME
from cosmodrome.games.cosmic_run.heuristic import CosmicRunHeuristic

DIFFICULTIES = {
    "novice": {"novice": True},
    "standard": {},
    "expert": {"expert_mines": 5, "no_zorlord_reroll": True},
    "expert-b": {"side": "B", "expert_mines": 5, "no_zorlord_reroll": True},
}


def mission(seed: int, options: dict) -> str:
    """Play one solo mission with the heuristic; its end code (``mission`` on success)."""
    s = GAME.new_state(1, seed, options)
    bot = CosmicRunHeuristic(seed=seed)
    while not s.is_terminal():
        s.apply(bot.choose(s))
    return s.end_cause


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", type=int, default=1000, help="missions per difficulty")
    ap.add_argument("--seed", type=int, default=1, help="first seed")
    ap.add_argument("--only", choices=sorted(DIFFICULTIES), action="append", help="difficulties to run")
    a = ap.parse_args(argv)
    print(f"# {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"{a.n} missions per difficulty, "
          f"seeds {a.seed}..{a.seed + a.n - 1}")
    print("| difficulty | options | completed | failures: zorlord / technology / destroyed / stuck / rounds | s |")
    print("|---|---|---|---|---|")
    for name in a.only or list(DIFFICULTIES):
        opts = DIFFICULTIES[name]
        t0 = time.process_time()
        ends = Counter(mission(a.seed + i, opts) for i in range(a.n))
        dt = time.process_time() - t0
        fails = " / ".join(str(ends.get(k, 0)) for k in ("zorlord", "technology", "destroyed", "stuck", "rounds"))
        shown = ", ".join(f"{k}={v}" for k, v in opts.items()) or "—"
        print(f"| {name} | {shown} | {ends.get('mission', 0)}/{a.n} ({100 * ends.get('mission', 0) / a.n:.1f}%) "
              f"| {fails} | {dt:.0f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
