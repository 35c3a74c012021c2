#!/usr/bin/env python3
"""Engine speed: random-play decisions per second for every registered game, against
OpenSpiel's C++ hearts measured in the same run, plus clone costs and sizes.

    .venv/bin/python bench/engine.py                          # every game, 4 players where allowed
    .venv/bin/python bench/engine.py --game venus --rounds 5 --slice 1

How it measures (one process, one core, CPU time of this process):

- *decisions/s*: whole random games, ``legal_actions()`` then the unchecked ``_apply()``
  (what a search does), the choice drawn with a seeded generator. Setting up a game
  (``new_state``) is timed apart and left out: it is not a decision, and it made the old
  figure depend on how long a game lasts. *with apply* is the same with the checked
  ``apply()`` (what the server and the tools call).
- The machine is shared, and a loaded machine slows even CPU time (caches, frequency,
  a neighbour on the other hyper-thread). So every game is measured in ``--rounds`` short
  slices *interleaved* with slices of OpenSpiel's hearts (when open-spiel is installed);
  each figure is the median over the rounds, and the ratio is the median of the
  per-round ratios: both sides of a ratio saw the same load.
- *clones/s* and *quiet clones/s* (``clone(quiet=True)``, the search clone) on positions
  sampled from the games; *quiet clone bytes*: the mean of ``sys.getsizeof`` summed over
  the clone object and every container reachable from its fields (three levels deep) that
  the original does not share (the immutable component tables, options and frames it
  shares are left out; small ints and interned strings are shared by the interpreter).
- The engine is compiled when ``make install`` could build it (:mod:`cosmodrome.compiled`);
  ``COSMODROME_PURE=1`` measures the pure-Python engine. The first line says which ran.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time

from cosmodrome.core import Rng, game_names, get_game

clock = time.process_time


class EnginePlay:
    """Random play of one game, advanced one slice of CPU time at a time."""

    def __init__(self, name: str, players: int, checked: bool = False) -> None:
        self.game = get_game(name)
        self.players = players
        self.checked = checked
        self.chooser = Rng(1)
        self.seed = 0
        self.state = None
        self.samples: list = []

    def run(self, seconds: float) -> tuple[int, int, float, float]:
        """Play for ``seconds`` of CPU time: (decisions, games finished, play time, set-up time)."""
        decisions = games = 0
        setup = 0.0
        below = self.chooser.below
        t0 = clock()
        while True:
            s = self.state
            if s is None or s.is_terminal():
                if s is not None:
                    games += 1
                if clock() - t0 >= seconds:
                    break
                t1 = clock()
                s = self.state = self.game.new_state(self.players, self.seed)
                setup += clock() - t1
                self.seed += 1
            step = s.apply if self.checked else s._apply
            legal_actions, terminal = s.legal_actions, s.is_terminal
            n = 0
            while not terminal() and n < 200:
                legal = legal_actions()
                step(legal[below(len(legal))])
                n += 1
                if len(self.samples) < 300 and (decisions + n) % 97 == 0:
                    self.samples.append(s.clone())
            decisions += n
            if clock() - t0 >= seconds:
                break
        total = clock() - t0
        return decisions, games, total - setup, setup


class HeartsPlay:
    """OpenSpiel's C++ hearts played at random (chance outcomes applied, not counted)."""

    def __init__(self) -> None:
        import pyspiel
        self.game = pyspiel.load_game("hearts")
        self.rnd = random.Random(1)

    def run(self, seconds: float) -> tuple[int, int, float, float]:
        decisions = games = 0
        t0 = clock()
        while clock() - t0 < seconds:
            state = self.game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[self.rnd.randrange(len(outcomes))][0])
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[self.rnd.randrange(len(legal))])
                    decisions += 1
            games += 1
        return decisions, games, clock() - t0, 0.0


def own_bytes(clone, original) -> int:
    """Bytes of the containers ``clone`` holds that ``original`` does not share (see the
    module docstring)."""
    def fields(obj):
        names = list(getattr(obj, "__dict__", {}))
        for klass in type(obj).__mro__:
            slots = klass.__dict__.get("__slots__", ())
            names += [slots] if isinstance(slots, str) else list(slots)
        return [n for n in names if n not in ("__dict__", "__weakref__") and hasattr(obj, n)]

    shared: set[int] = set()

    def mark(o, depth=0):
        if isinstance(o, (list, tuple, dict, set)) and id(o) not in shared:
            shared.add(id(o))
            if depth < 3:
                for x in (o.values() if isinstance(o, dict) else o):
                    mark(x, depth + 1)
        elif hasattr(o, "__dict__") or hasattr(type(o), "__slots__"):
            shared.add(id(o))

    for n in fields(original):
        mark(getattr(original, n))
    seen: set[int] = set()
    total = sys.getsizeof(clone) + (sys.getsizeof(clone.__dict__) if hasattr(clone, "__dict__") else 0)

    def walk(o, depth=0):
        nonlocal total
        if id(o) in shared or id(o) in seen:
            return
        if isinstance(o, (list, tuple, dict, set, bytearray)):
            seen.add(id(o))
            total += sys.getsizeof(o)
            if depth < 3:
                for x in (o.values() if isinstance(o, dict) else o):
                    walk(x, depth + 1)
        elif type(o).__name__ in ("Rng", "ExplicitChance"):
            seen.add(id(o))
            total += sys.getsizeof(o)

    for n in fields(clone):
        walk(getattr(clone, n))
    return total


def clone_rates(samples: list, seconds: float) -> dict:
    out = {}
    for label, kw in (("clones_per_s", {}), ("quiet_clones_per_s", {"quiet": True})):
        try:
            samples[0].clone(**kw)
        except TypeError:          # a state without quiet clones (an older engine)
            out[label] = None
            continue
        reps = 0
        t = clock()
        while clock() - t < seconds:
            for s in samples:
                s.clone(**kw)
            reps += len(samples)
        out[label] = reps / (clock() - t)
    quiet = out["quiet_clones_per_s"] is not None
    out["clone_bytes"] = statistics.mean(own_bytes(s.clone(quiet=True) if quiet else s.clone(), s) for s in samples)
    return out


def bench_game(name: str, players: int, rounds: int, slice_s: float, hearts) -> dict:
    play, checked = EnginePlay(name, players), EnginePlay(name, players, checked=True)
    rates, checked_rates, ratios, ref_rates, incl = [], [], [], [], []
    for _ in range(rounds):
        d, g, t, setup = play.run(slice_s)
        rates.append(d / t)
        incl.append(d / (t + setup))
        d2, _, t2, _ = checked.run(slice_s / 2)
        checked_rates.append(d2 / t2)
        if hearts is not None:
            hd, _, ht, _ = hearts.run(slice_s)
            ref_rates.append(hd / ht)
            ratios.append(rates[-1] / ref_rates[-1])
    row = {"game": name, "players": players, "decisions_per_s": statistics.median(rates),
           "with_setup_per_s": statistics.median(incl), "with_apply_per_s": statistics.median(checked_rates),
           "rounds": [round(r) for r in rates]}
    if hearts is not None:
        row["hearts_per_s"] = statistics.median(ref_rates)
        row["ratio_to_hearts"] = statistics.median(ratios)
    row.update(clone_rates(play.samples, min(1.0, slice_s)))
    return row


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", action="append", help="game name (repeatable); default: every registered game")
    ap.add_argument("--players", type=int, default=None, help="table size (default 4 where allowed)")
    ap.add_argument("--rounds", type=int, default=5, help="interleaved rounds per game")
    ap.add_argument("--slice", type=float, default=1.0, help="CPU seconds per slice")
    ap.add_argument("--seconds", type=float, default=None,
                    help="CPU seconds of play per game, spread over the rounds (sets --slice)")
    ap.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = ap.parse_args()
    if args.seconds is not None:
        args.slice = args.seconds / max(1, args.rounds)

    try:
        hearts = HeartsPlay()
    except ImportError:
        hearts = None
    rows = []
    for name in args.game or game_names():
        g = get_game(name)
        p = args.players or max(g.min_players, min(4, g.max_players))
        rows.append(bench_game(name, p, args.rounds, args.slice, hearts))
    try:
        from cosmodrome.compiled import engine
    except ImportError:            # an engine older than the optional compiled build
        def engine() -> str:
            return "pure Python"
    machine = {"python": platform.python_version(), "machine": platform.machine(), "cpus": os.cpu_count(),
               "load_average": os.getloadavg(), "engine": engine()}
    if args.json:
        print(json.dumps({"machine": machine, "games": rows}, indent=1))
        return
    print(f"machine: {machine}")
    print(f"{'game':<12}{'p':>3}{'decisions/s':>13}{'+setup':>10}{'apply()':>10}{'hearts':>10}{'ratio':>7}"
          f"{'clones/s':>11}{'quiet/s':>11}{'bytes':>7}")
    for r in rows:
        q = r["quiet_clones_per_s"]
        print(f"{r['game']:<12}{r['players']:>3}{r['decisions_per_s']:>13,.0f}{r['with_setup_per_s']:>10,.0f}"
              f"{r['with_apply_per_s']:>10,.0f}{r.get('hearts_per_s', 0):>10,.0f}{r.get('ratio_to_hearts', 0):>7.2f}"
              f"{r['clones_per_s']:>11,.0f}{(q or 0):>11,.0f}{r['clone_bytes']:>7,.0f}")
    if hearts is None:
        print("open-spiel is not installed: no hearts reference (pip install -e '.[openspiel]').")


if __name__ == "__main__":
    main()
