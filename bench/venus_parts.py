#!/usr/bin/env python3
"""Onward to Venus, piece by piece: the cost of the small operations the engine work of
issue 16 changed, on positions from seeded random games.

    .venv/bin/python bench/venus_parts.py                  # the engine as installed
    COSMODROME_PURE=1 .venv/bin/python bench/venus_parts.py

- *Event()*: making one event (kind, a sentence left unwritten, a data dict);
- *say*: recording one on a state that logs (the event, the decision's list, the log);
- *free_cards*: the free-action cards a seat may play now (the turn menu asks it);
- *evaluation*: the position's estimated win shares (a search asks it at every leaf);
- *quiet clone*: ``clone(quiet=True)``.

Each figure is the best of ``--rounds`` timings of ``--number`` calls over the sampled
positions, in nanoseconds of this process's CPU time per call (so that a busy machine
disturbs it less; the load average is printed beside it). Run at an older commit to get the
figure before a change.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import time
import timeit

from cosmodrome.compiled import engine
from cosmodrome.core import Event, get_game
from cosmodrome.games.venus.cards import free_cards


def positions(count: int) -> list:
    """Positions of seeded 4-player random games, every 25th decision."""
    g = get_game("venus")
    out: list = []
    seed = 0
    while len(out) < count:
        s = g.new_state(4, seed)
        r = random.Random(seed)
        k = 0
        while not s.is_terminal() and len(out) < count:
            k += 1
            if k % 25 == 0:
                out.append(s.clone())
            s.apply(r.choice(s.legal_actions()))
        seed += 1
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--number", type=int, default=200, help="calls per position and round")
    ap.add_argument("--rounds", type=int, default=5)
    a = ap.parse_args()
    states = positions(a.positions)
    print(f"machine: {platform.machine()}  python {platform.python_version()}  engine: {engine()}  "
          f"load average {os.getloadavg()[0]:.1f}")
    fmt = ("{} draws {}.".format, ("Red", "a card"))
    data = {"seat": 0}

    def make_events() -> None:
        for _ in states:
            Event("draw", fmt, data, None, None, False)

    def say() -> None:
        for s in states:
            s.say("draw", fmt, data)
            s.ev.clear()

    def free() -> None:
        for s in states:
            free_cards(s, s.to_move() or 0)

    def evaluation() -> None:
        for s in states:
            s.evaluation()

    def quiet_clone() -> None:
        for s in states:
            s.clone(quiet=True)

    live = [s for s in states if not s.is_terminal()]
    states[:] = live
    print(f"{'operation':14}{'CPU ns a call':>14}")
    for name, fn in (("Event()", make_events), ("say", say), ("free_cards", free),
                     ("evaluation", evaluation), ("quiet clone", quiet_clone)):
        best = min(timeit.Timer(fn, timer=time.process_time).repeat(number=a.number, repeat=a.rounds))
        print(f"{name:14}{best / (a.number * len(states)) * 1e9:>14,.0f}")


if __name__ == "__main__":
    main()
