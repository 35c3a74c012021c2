#!/usr/bin/env python3
"""Paired before/after engine speed: two checkouts' engines, played in turns.

    .venv/bin/python bench/ab_engine.py OLD NEW --game venus --players 4
    COSMODROME_PURE=1 .venv/bin/python bench/ab_engine.py OLD NEW --game venus --rollout 20

``OLD`` and ``NEW`` are checkouts (e.g. ``git worktree add /tmp/old main``), each with its
own build of the compiled engine or none. One worker process per checkout imports that
checkout's ``src``; the two are asked in turns (old first, then new first) to play
``--decisions`` random decisions, ``--pairs`` times. Each pair gives the ratio of their CPU
times; the median ratio is the figure (above 1: the new engine is faster). Short turns
taken in alternation see the same load, so the ratio holds on a busy machine where two
separate runs of ``bench/engine.py`` differ by 10% or more.

Play is what ``bench/engine.py`` times (``legal_actions()`` then ``_apply()``, the action
drawn with a seeded generator); ``--rollout D`` plays instead rollouts of at most ``D``
decisions from quiet clones of 8 mid-game positions (every 40th decision of seeded games),
what ``bench/rollouts.py`` times.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys

WORKER = r'''
import random, sys, time
from cosmodrome.core import get_game
game, players, roll = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
G = get_game(game)
r = random.Random(0)
s, seed = G.new_state(players, 0), 0
starts = []
sd = 0
while roll and len(starts) < 8:
    g, k = G.new_state(players, sd), 0
    sd += 1
    while not g.is_terminal() and len(starts) < 8:
        la = g.legal_actions()
        g._apply(la[r.randrange(len(la))])
        k += 1
        if k % 40 == 0:
            starts.append(g.clone(quiet=True))
for line in sys.stdin:
    n, k, j = int(line), 0, 0
    t = time.process_time()
    while k < n:
        if roll:
            c, d = starts[j % 8].clone(quiet=True), 0
            j += 1
            while d < roll and not c.is_terminal():
                la = c.legal_actions()
                c._apply(la[r.randrange(len(la))])
                d += 1
                k += 1
        else:
            if s.is_terminal():
                seed += 1
                s = G.new_state(players, seed)
            la = s.legal_actions()
            s._apply(la[r.randrange(len(la))])
            k += 1
    print(time.process_time() - t, flush=True)
'''


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("old", help="the checkout measured before")
    ap.add_argument("new", help="the checkout measured after")
    ap.add_argument("--game", default="venus")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--decisions", type=int, default=2000, help="decisions a turn")
    ap.add_argument("--pairs", type=int, default=40)
    ap.add_argument("--rollout", type=int, default=0, help="rollouts of at most this many decisions (0: whole games)")
    a = ap.parse_args()
    procs = {}
    for side, root in (("old", a.old), ("new", a.new)):
        env = dict(os.environ, PYTHONPATH=os.path.join(root, "src"))
        procs[side] = subprocess.Popen([sys.executable, "-c", WORKER, a.game, str(a.players), str(a.rollout)],
                                       cwd=root, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def turn(side: str) -> float:
        p = procs[side]
        p.stdin.write(f"{a.decisions}\n")
        p.stdin.flush()
        return float(p.stdout.readline())

    turn("old")
    turn("new")   # warm-up
    ratios, old, new = [], [], []
    for i in range(a.pairs):
        t = {side: turn(side) for side in (("old", "new") if i % 2 == 0 else ("new", "old"))}
        ratios.append(t["old"] / t["new"])
        old.append(a.decisions / t["old"])
        new.append(a.decisions / t["new"])
    for p in procs.values():
        p.stdin.close()
        p.wait()
    print(json.dumps({"game": a.game, "players": a.players, "rollout": a.rollout or None,
                      "engine": "pure" if os.environ.get("COSMODROME_PURE") else "as built",
                      "pairs": a.pairs, "decisions": a.decisions,
                      "old_per_cpu_s": round(statistics.median(old)), "new_per_cpu_s": round(statistics.median(new)),
                      "new_over_old": round(statistics.median(ratios), 3),
                      "quartiles": [round(q, 3) for q in statistics.quantiles(ratios, n=4)],
                      "load_average": os.getloadavg()[0]}))


if __name__ == "__main__":
    main()
