"""Quick speed check of the Onward to Venus engine (not a test; run by hand):

    .venv/bin/python tests/venus/speed.py [games]

Prints random-play decisions per second (legal_actions + _apply, 2–5 players), games per
second, clones per second and legal_actions calls per second, measured in CPU time of this
process (the machine may be shared)."""

import sys
import time

from cosmodrome.core import Rng
from cosmodrome.games.venus import GAME


def main(games: int = 300) -> None:
    GAME.new_state(2, seed=0)  # warm up imports
    states = []
    t = time.process_time()
    dec = 0
    for g in range(games):
        s = GAME.new_state(2 + g % 4, seed=g)
        r = Rng(g)
        while not s.over:
            la = s.legal_actions()
            s._apply(la[r.below(len(la))])
            dec += 1
            if dec % 97 == 0:
                states.append(s.clone())
    el = time.process_time() - t
    print(f"random play: {dec} decisions in {el:.2f}s CPU = {dec / el:,.0f} decisions/s, {games / el:,.1f} games/s")
    t = time.process_time()
    k = 0
    while time.process_time() - t < 1.0:
        for s in states:
            s.clone()
        k += len(states)
    el = time.process_time() - t
    print(f"clone: {k / el:,.0f} clones/s")
    live = [s for s in states if not s.over]
    t = time.process_time()
    k = 0
    while time.process_time() - t < 1.0:
        for s in live:
            s.legal_actions()
        k += len(live)
    el = time.process_time() - t
    print(f"legal_actions: {k / el:,.0f} calls/s")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
