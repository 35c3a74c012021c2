"""A short match: OpenSpiel's ISMCTS against Cosmodrome's ISMCTS at the same budget.

python docs/examples/ismcts_match.py [game] [games] [iters]

Two Venus games at 50 iterations a decision take about two minutes (a line after each game).
"""

import sys

from cosmodrome.adapters.openspiel_bots import register_bots
from cosmodrome.bots import make_bot
from cosmodrome.core import get_game


def main(game="venus", games=2, iters=50):
    register_bots()                                          # adds openspiel-mcts / openspiel-ismcts
    g = get_game(game)
    specs = [f"openspiel-ismcts:iters={iters}", f"ismcts:iters={iters}"]
    wins = {spec: 0.0 for spec in specs}
    for k in range(int(games)):
        seats = specs if k % 2 == 0 else specs[::-1]        # swap seats every other game
        bots = [make_bot(spec, g, seed=k * 10 + i) for i, spec in enumerate(seats)]
        state = g.new_state(2, seed=k)
        while not state.is_terminal():
            state.apply(bots[state.to_move()].choose(state))
        for seat, share in enumerate(state.returns()):
            wins[seats[seat]] += share
        print(f"game {k + 1} of {games}: {dict(zip(seats, state.returns()))}", flush=True)
    print(wins)
    return wins


if __name__ == "__main__":
    main(*sys.argv[1:])
