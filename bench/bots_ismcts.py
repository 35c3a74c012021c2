"""ISMCTS speed: iterations per second on one core, per game, at positions spread over games.

    .venv/bin/python bench/bots_ismcts.py                 # every registered game
    .venv/bin/python bench/bots_ismcts.py venus --iters 500 --players 4 --positions 8
    .venv/bin/python bench/bots_ismcts.py venus --players 2 --from heuristic --positions 12

One process, one core. Positions come from seeded random play; each is searched with a
fresh seeded bot (iteration budget), and the figure is total iterations / total CPU seconds
of this process (so other processes on a shared machine do not distort it; the wall-clock
rate is printed too). Configurations: the default spec (the heuristic bot models the other
seats, a look-ahead to the searching seat's next turn, paired worlds at the root, the model
trying every option of the searching seat's later steps of the turn in the tree), the same
with the model playing those steps (``widen=0``), the same
looking two turns ahead (``turns=2``), and plain ISMCTS (``opp=search``: every seat searched,
leaves valued at once by the game's ``evaluation()`` hook, pool of 64 determinizations) with
resampling every iteration (``dets=0``), random rollouts cut after 20 decisions, and random
rollouts to the end (``depth=200``).
"""

from __future__ import annotations

import argparse
import platform
import time

from cosmodrome.bots import ISMCTSBot, load_heuristic
from cosmodrome.core import CosmodromeError, Rng, game_names, get_game


def positions(game, players, count, seed=1, policy="random"):
    """``count`` positions with a choice to make, every 25th decision of seeded games played
    by ``policy`` (``random``, or ``heuristic``: the game's heuristic bot in every seat)."""
    rng = Rng(seed)
    out = []
    g = 0
    while len(out) < count:
        s = game.new_state(players, seed + g)
        bots = [load_heuristic(game, seed=seed + g + i) for i in range(players)] if policy == "heuristic" else None
        g += 1
        steps = 0
        while not s.is_terminal() and len(out) < count:
            if steps % 25 == 5 and len(s.legal_actions()) > 1:
                out.append(s.clone())
            acts = s.legal_actions()
            s.apply(bots[s.to_move()].choose(s) if bots else acts[rng.below(len(acts))])
            steps += 1
    return out


PLAIN = {"opp": "search", "paired": 0}
CONFIGS = [("default", {}), ("widen=0", {"widen": 0}), ("turns=2", {"turns": 2}), ("opp=search", PLAIN),
           ("search,dets=0", dict(PLAIN, dets=0)), ("search,depth=20", dict(PLAIN, depth=20)),
           ("search,depth=200", dict(PLAIN, depth=200))]


def measure(game, players, iters, count, params, policy="random"):
    states = positions(game, players, count, policy=policy)
    total_iters = 0
    t0 = time.perf_counter()
    c0 = time.process_time()
    for i, s in enumerate(states):
        bot = ISMCTSBot(seed=i, iters=iters, **params)
        bot.search(s)
        total_iters += bot.last_iterations
    dt = time.perf_counter() - t0
    ct = time.process_time() - c0
    return total_iters / ct, total_iters / dt, ct


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*")
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--iters", type=int, default=300)
    ap.add_argument("--positions", type=int, default=6)
    ap.add_argument("--from", dest="policy", choices=("random", "heuristic"), default="random",
                    help="who plays the games the positions come from")
    args = ap.parse_args()
    import cosmodrome.testing.toy  # noqa: F401  (pocket-race, for comparison)

    names = args.games or game_names()
    print(f"machine: {platform.machine()} {platform.processor() or ''} python {platform.python_version()}")
    print(f"{'game':<14} {'players':>7} {'config':>16} {'iters/CPU-s':>12} {'iters/wall-s':>13} {'CPU s':>7}")
    for name in names:
        try:
            game = get_game(name)
        except CosmodromeError as exc:
            print(f"{name:<14} unavailable: {exc}")
            continue
        players = args.players or max(game.min_players, min(4, game.max_players))
        for label, params in CONFIGS:
            rate, wall, ct = measure(game, players, args.iters, args.positions, params, args.policy)
            print(f"{name:<14} {players:>7} {label:>16} {rate:>12.0f} {wall:>13.0f} {ct:>7.2f}")


if __name__ == "__main__":
    main()
