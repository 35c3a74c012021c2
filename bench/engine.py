#!/usr/bin/env python3
"""Engine speed: random-play decisions per second, games per second, clone and
legal-action costs, for every registered game — and, when open-spiel is installed, the same
random-play figure for OpenSpiel's C++ hearts and its Python tic-tac-toe, measured in the same
run so the ratios compare like with like on this machine.

    .venv/bin/python bench/engine.py                 # all games, 4 players where possible
    .venv/bin/python bench/engine.py --game venus --players 4 --seconds 10

Runs on one core (one process) and counts the CPU time of this process, so a busy machine
slows the wall clock but not the figures much. Results go to stdout; docs/BENCHMARKS.md
records them.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import time

from cosmodrome.core import Rng, game_names, get_game


def bench_game(name: str, players: int, seconds: float) -> dict:
    game = get_game(name)
    chooser = Rng(1)
    decisions = games = 0
    seed = 0
    sample_states = []
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        state = game.new_state(players, seed)
        seed += 1
        while not state.is_terminal():
            legal = state.legal_actions()
            state._apply(legal[chooser.below(len(legal))])
            decisions += 1
            if decisions % 97 == 0 and len(sample_states) < 400:
                sample_states.append(state.clone())
        games += 1
    elapsed = time.process_time() - t0
    # clone and legal-action costs on positions from real games
    reps = 0
    t1 = time.process_time()
    while time.process_time() - t1 < min(2.0, seconds / 2):
        for s in sample_states:
            s.clone()
        reps += len(sample_states)
    clone_rate = reps / (time.process_time() - t1)
    reps = 0
    t2 = time.process_time()
    while time.process_time() - t2 < min(2.0, seconds / 2):
        for s in sample_states:
            if not s.is_terminal():
                s.legal_actions()
        reps += len(sample_states)
    legal_rate = reps / (time.process_time() - t2)
    return {"game": name, "players": players, "decisions_per_s": decisions / elapsed,
            "games_per_s": games / elapsed, "decisions_per_game": decisions / max(games, 1),
            "clones_per_s": clone_rate, "legal_actions_per_s": legal_rate}


def bench_openspiel(short_name: str, seconds: float) -> dict | None:
    try:
        import pyspiel
        import open_spiel.python.games  # noqa: F401  (registers the Python games, tic-tac-toe among them)
    except ImportError:
        return None
    game = pyspiel.load_game(short_name)
    rnd = random.Random(1)
    decisions = games = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rnd.randrange(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rnd.randrange(len(legal))])
                decisions += 1
        games += 1
    elapsed = time.process_time() - t0
    return {"game": f"open_spiel {short_name}", "decisions_per_s": decisions / elapsed, "games_per_s": games / elapsed}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", action="append", help="game name (repeatable); default: every registered game")
    ap.add_argument("--players", type=int, default=None, help="table size (default 4 where allowed)")
    ap.add_argument("--seconds", type=float, default=8.0, help="measuring time per figure")
    ap.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = ap.parse_args()

    rows = []
    for name in args.game or game_names():
        g = get_game(name)
        p = args.players or max(g.min_players, min(4, g.max_players))
        rows.append(bench_game(name, p, args.seconds))
    refs = [r for r in (bench_openspiel("hearts", args.seconds), bench_openspiel("python_tic_tac_toe", args.seconds)) if r]
    machine = {"python": platform.python_version(), "machine": platform.machine(), "cpus": os.cpu_count(),
               "processor": platform.processor() or platform.machine()}
    if args.json:
        print(json.dumps({"machine": machine, "games": rows, "openspiel": refs}, indent=1))
        return
    print(f"machine: {machine}")
    print(f"{'game':<22}{'players':>8}{'decisions/s':>14}{'games/s':>10}{'dec/game':>10}{'clones/s':>12}{'legal/s':>12}")
    for r in rows:
        print(f"{r['game']:<22}{r['players']:>8}{r['decisions_per_s']:>14,.0f}{r['games_per_s']:>10.2f}"
              f"{r['decisions_per_game']:>10.0f}{r['clones_per_s']:>12,.0f}{r['legal_actions_per_s']:>12,.0f}")
    for ref in refs:
        print(f"{ref['game']:<30}{ref['decisions_per_s']:>14,.0f} decisions/s {ref['games_per_s']:>10.1f} games/s")
        for r in rows:
            print(f"   {r['game']} / {ref['game']}: {r['decisions_per_s'] / ref['decisions_per_s']:.2f}x decisions/s")
    if not refs:
        print("open-spiel is not installed: no OpenSpiel reference figures (pip install -e '.[openspiel]').")


if __name__ == "__main__":
    main()
