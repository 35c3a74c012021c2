"""What the snapshot stored with every accepted move costs (docs/SERVER.md, "Rules versions"):
per game, the microseconds of ``steps.snapshot`` (the state's JSON, the step's events and
label, both zlib-compressed) and the bytes stored, averaged over a seeded random game.

    .venv/bin/python bench/snapshots.py
"""

from __future__ import annotations

import random
import time

import cosmodrome.testing.toy  # noqa: F401  (registers pocket-race, the server load's game)
from cosmodrome.core import get_game
from cosmodrome.server.steps import snapshot

GAMES = (("pocket-race", 4), ("venus", 4), ("cosmic-run", 2), ("moon", 4), ("mars", 3))


def main(moves: int = 300) -> None:
    print(f"{'game':<12} {'moves':>5} {'µs/move':>8} {'bytes/move':>10}")
    for name, players in GAMES:
        game = get_game(name)
        state, rng = game.new_state(players, 3), random.Random(2)
        spent, size, k = 0.0, 0, 0
        while not state.is_terminal() and k < moves:
            action = rng.choice(state.legal_actions())
            label = state.action_label(action)
            events = state.apply(action)
            k += 1
            t = time.perf_counter()
            snap = snapshot(k, game.rules_version, state, events, label)
            spent += time.perf_counter() - t
            size += len(snap.state) + len(snap.step)
        print(f"{name:<12} {k:>5} {1e6 * spent / k:>8.0f} {size // k:>10}")


if __name__ == "__main__":
    main()
