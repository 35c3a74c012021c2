#!/usr/bin/env python3
"""Observation speed: the raw engine's random-play decisions per second against the same
random play with, at every decision, the observation of the seat to move and its action mask
(what an agent needs to act), and a vector environment stepping many games at once.

    .venv/bin/python bench/observations.py                      # every game, 2 players
    .venv/bin/python bench/observations.py --game venus --seconds 5 --envs 64

Counts the CPU time of this process (one core), so a busy machine slows the wall clock but
not the figures much. docs/BENCHMARKS.md records the results.
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np

from cosmodrome.adapters.tensor import schema_for
from cosmodrome.core import Rng, game_names, get_game


def _play(name: str, players: int, seconds: float, observe: bool) -> float:
    game = get_game(name)
    lay = schema_for(game, players)
    out = np.zeros(lay.size, dtype=np.float32)
    ob = lay.observer()   # incremental along the game
    # the mask: an int8 numpy view of a bytearray, written entry by entry through the bytearray
    # (cheaper than numpy's item or fancy writes for a few legal actions)
    buf = bytearray(game.num_actions)
    _mask = np.frombuffer(buf, dtype=np.int8)   # what an agent reads
    rng = Rng(1)
    decisions, seed, last = 0, 0, []
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        s = game.new_state(players, seed)
        seed += 1
        while not s.is_terminal():
            legal = s.legal_actions()
            if observe:
                ob.observe(s, s.to_move(), out)
                for a in last:   # clear the last mask's ones, set the new ones
                    buf[a] = 0
                for a in legal:
                    buf[a] = 1
                last = legal
            s._apply(legal[rng.below(len(legal))])
            decisions += 1
    return decisions / (time.process_time() - t0)


def _vector(name: str, players: int, seconds: float, envs: int) -> float:
    from cosmodrome.adapters.vector import VectorEnv

    venv = VectorEnv(name, num_envs=envs, players=players)
    obs, info = venv.reset(seed=0)
    rng = np.random.default_rng(0)
    steps = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        # a random legal action per game, drawn from the batched masks
        scores = rng.random(info["action_mask"].shape) * info["action_mask"]
        obs, rewards, done, truncated, info = venv.step(scores.argmax(axis=1))
        steps += envs
    return steps / (time.process_time() - t0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", action="append", help="a game (default: every game)")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--envs", type=int, default=64, help="games in the vector environment")
    a = ap.parse_args()
    for name in a.game or [g for g in game_names() if g != "pocket-race"]:
        game = get_game(name)
        players = min(max(a.players, game.min_players), game.max_players)
        raw = _play(name, players, a.seconds, False)
        obs = _play(name, players, a.seconds, True)
        vec = _vector(name, players, a.seconds, a.envs)
        print(json.dumps({"game": name, "players": players, "size": schema_for(game, players).size,
                          "raw_decisions_per_s": round(raw), "with_observation_per_s": round(obs),
                          "share": round(obs / raw, 3), "vector_env_agent_steps_per_s": round(vec),
                          "envs": a.envs}))


if __name__ == "__main__":
    main()
