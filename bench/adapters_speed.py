#!/usr/bin/env python3
"""The adapters' speed against the engine's, in the same process and interleaved (so the
ratio holds on a loaded machine): uniformly random play counted in decisions per second
(chance outcomes not counted) of

- ``engine``: the engine's checked ``apply`` (sampled mode, ``legal_actions`` + ``apply``);
- ``engine_explicit``: the same in the explicit chance mode, the set-up dealt item by item;
- ``pyspiel``: the OpenSpiel adapter in the explicit mode (``apply_action``, chance outcomes
  sampled by their probabilities);
- ``pettingzoo``: the AEC loop (``last()`` = observation + mask, ``step``) per agent step;
- ``vector``: the vector environment's agent steps per second (64 games).

    .venv/bin/python bench/adapters_speed.py --game venus --rounds 3 --seconds 2

Counts this process's CPU time (one core). Prints one JSON line per round and game, with
the load average; docs/BENCHMARKS.md records the results.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time

import numpy as np


def _sample(outcomes: list, rng: random.Random) -> int:
    """An outcome drawn with its probability (one uniform number, the cumulative sum)."""
    x, acc = rng.random(), 0.0
    for o, p in outcomes:
        acc += p
        if x < acc:
            return o
    return o


def play_engine(game, players: int, seed: int, rng: random.Random, explicit: bool = False) -> int:
    """One uniformly random game through the engine's checked ``apply`` (``explicit``: the
    explicit chance mode, the set-up dealt item by item); returns its decisions."""
    s = game.deal_state(players) if explicit else game.new_state(players, seed)
    decisions = 0
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply(_sample(s.chance_outcomes(), rng))
            continue
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
        decisions += 1
    return decisions


def play_pyspiel(game, rng: random.Random) -> int:
    """One game through the OpenSpiel adapter (``apply_action``), chance outcomes sampled as
    :func:`play_engine` samples them; returns its decisions."""
    s = game.new_initial_state()
    decisions = 0
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_action(_sample(s.chance_outcomes(), rng))
            continue
        legal = s.legal_actions()
        s.apply_action(legal[rng.randrange(len(legal))])
        decisions += 1
    return decisions


def play_pettingzoo(env, seed: int, rng: np.random.Generator) -> int:
    """One game through the AEC loop (``last()`` = observation + mask, ``step``); returns
    its agent steps. The action: a uniform pick among the mask's legal ids with numpy's
    ``Generator`` (``RandomState.randint`` and ``np.flatnonzero`` cost about 2 µs more a
    step, a tenth of the loop's own overhead)."""
    env.reset(seed=seed)
    steps = 0
    while True:
        obs, reward, term, trunc, info = env.last()
        if term or trunc:
            return steps
        legal = obs["action_mask"].nonzero()[0]
        env.step(int(legal[rng.integers(len(legal))]))
        steps += 1


def per_cpu_second(play, seconds: float) -> float:
    """``play(k)`` for k = 0, 1, ... until ``seconds`` of this process's CPU time have
    passed; what the calls returned, summed, per CPU-second."""
    count, k = 0, 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        count += play(k)
        k += 1
    return count / (time.process_time() - t0)


def _engine(name: str, players: int, seconds: float, chance: str) -> float:
    from cosmodrome.core import get_game
    game, rng = get_game(name), random.Random(1)
    return per_cpu_second(lambda k: play_engine(game, players, k, rng, chance == "explicit"), seconds)


def _pyspiel(name: str, players: int, seconds: float) -> float:
    from cosmodrome.adapters.openspiel import load_game
    game, rng = load_game(name, players=players), random.Random(1)
    return per_cpu_second(lambda k: play_pyspiel(game, rng), seconds)


def _pettingzoo(name: str, players: int, seconds: float) -> float:
    from cosmodrome.adapters.pettingzoo import raw_env
    env, rng = raw_env(name, players=players), np.random.default_rng(1)
    return per_cpu_second(lambda k: play_pettingzoo(env, k, rng), seconds)


def _vector(name: str, players: int, seconds: float, envs: int = 64) -> float:
    """Agent steps a second of the vector environment: bench/observations.py's measure."""
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from observations import _vector as vector_steps
    return vector_steps(name, players, seconds, envs)


def main() -> None:
    import cosmodrome.games  # noqa: F401
    from cosmodrome.compiled import engine
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", action="append", help="a game (default: the four)")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--only", action="append", help="engine, engine_explicit, pyspiel, pettingzoo, vector")
    a = ap.parse_args()
    wanted = a.only or ["engine", "engine_explicit", "pyspiel", "pettingzoo", "vector"]
    for r in range(a.rounds):
        for name in a.game or ["venus", "cosmic-run", "moon", "mars"]:
            row = {"round": r, "game": name, "players": a.players, "load": os.getloadavg()[0]}
            for what in wanted:     # interleaved: the same load for each figure of a row
                if what == "engine":
                    row[what] = round(_engine(name, a.players, a.seconds, "sampled"))
                elif what == "engine_explicit":
                    row[what] = round(_engine(name, a.players, a.seconds, "explicit"))
                elif what == "pyspiel":
                    row[what] = round(_pyspiel(name, a.players, a.seconds))
                elif what == "pettingzoo":
                    row[what] = round(_pettingzoo(name, a.players, a.seconds))
                elif what == "vector":
                    row[what] = round(_vector(name, a.players, a.seconds))
            if "engine" in row:
                for k in ("pyspiel", "pettingzoo"):
                    if k in row:
                        row[f"{k}_ratio"] = round(row[k] / row["engine"], 3)
            row["build"] = engine()
            print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
