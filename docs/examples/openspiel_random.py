"""A random-policy loop through OpenSpiel: python docs/examples/openspiel_random.py [game] [players]"""

import sys

import numpy as np
import pyspiel

from cosmodrome.adapters.openspiel import load_game


def main(game="venus", players=3, seed=0):
    spiel_game = load_game(game, players=int(players))      # python_cosmodrome_<game>
    rng = np.random.RandomState(seed)
    state = spiel_game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():                           # the deal, a die, a draw...
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probs)))
            continue
        player = state.current_player()
        tensor = state.observation_tensor(player)           # what `player` may see, flattened
        assert len(tensor) == spiel_game.observation_tensor_size()
        state.apply_action(int(rng.choice(state.legal_actions())))
    # pyspiel's C++ test serializes only explicit-chance Python games (see docs/RESEARCH.md)
    explicit = spiel_game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    pyspiel.random_sim_test(spiel_game, num_sims=1, serialize=explicit, verbose=False)
    print("returns:", state.returns())
    return state.returns()


if __name__ == "__main__":
    main(*sys.argv[1:])
