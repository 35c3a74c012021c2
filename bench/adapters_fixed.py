#!/usr/bin/env python3
"""The adapters' speed on a fixed workload, for comparing two checkouts on a busy machine:
the same seeded random games each time (no clock in the loop), each path timed as the best
of ``--repeat`` runs of the process's CPU time, so that two checkouts started at the same
moment (one process each) meet the same load and their ratios can be compared.

    .venv/bin/python bench/adapters_fixed.py venus --games 5 --repeat 3
    (cd ../other-checkout && PYTHONPATH=src python bench/adapters_fixed.py venus) &  # at once

Paths as in bench/adapters_speed.py: ``engine`` (sampled, checked ``apply``),
``explicit`` (the engine's explicit mode), ``pyspiel`` (explicit mode), ``pz`` (the AEC loop:
observation + mask, step), ``vector`` (64 games; ``4 × games`` steps). Prints one JSON line:
decisions (or agent steps) per CPU-second, and each path's ratio to ``engine``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from adapters_speed import play_engine, play_pettingzoo, play_pyspiel  # noqa: E402


def _engine(g, games: int) -> int:
    rng = random.Random(1)
    return sum(play_engine(g, 2, k, rng) for k in range(games))


def _explicit(g, games: int) -> int:
    rng = random.Random(1)
    return sum(play_engine(g, 2, k, rng, explicit=True) for k in range(games))


def _pyspiel(g, games: int) -> int:
    from cosmodrome.adapters.openspiel import load_game
    game, rng = load_game(g.name, players=2), random.Random(1)
    return sum(play_pyspiel(game, rng) for _ in range(games))


def _pz(g, games: int) -> int:
    from cosmodrome.adapters.pettingzoo import raw_env
    env, rng = raw_env(g.name, players=2), np.random.default_rng(1)
    return sum(play_pettingzoo(env, k, rng) for k in range(games))


def _vector(g, games: int) -> int:
    from cosmodrome.adapters.vector import VectorEnv
    venv = VectorEnv(g.name, num_envs=64, players=2)
    obs, info = venv.reset(seed=0)
    rng, d = np.random.default_rng(0), 0
    for _ in range(4 * games):
        scores = rng.random(info["action_mask"].shape) * info["action_mask"]
        obs, rewards, done, truncated, info = venv.step(scores.argmax(axis=1))
        d += 64
    return d


PATHS = {"engine": _engine, "explicit": _explicit, "pyspiel": _pyspiel, "pz": _pz, "vector": _vector}


def main() -> None:
    import cosmodrome.games  # noqa: F401
    from cosmodrome.core import get_game
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game")
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--paths", default="engine,pyspiel,pz")
    a = ap.parse_args()
    g, paths = get_game(a.game), a.paths.split(",")
    for p in paths:         # warm-up: imports and first-use costs left out
        PATHS[p](g, 1)
    best: dict[str, float] = {}
    count: dict[str, int] = {}
    for _ in range(a.repeat):
        for p in paths:
            t = time.process_time()
            count[p] = PATHS[p](g, a.games)
            best[p] = min(best.get(p, float("inf")), time.process_time() - t)
    out: dict = {"game": a.game, **{p: round(count[p] / best[p]) for p in paths}}
    if "engine" in paths:
        out.update({f"{p}/engine": round(out[p] / out["engine"], 3) for p in paths if p != "engine"})
    print(json.dumps(out))


if __name__ == "__main__":
    main()
