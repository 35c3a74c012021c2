"""REINFORCE in numpy: a linear policy for one seat against random bots, no torch.

    python docs/examples/reinforce_numpy.py [game] [players] [episodes] [out.npz]

The policy scores each action as ``W @ x + b`` on the seat's observation vector ``x``
(the game's layout, as the Gymnasium adapter gives it), softmax over the legal actions;
after each game every choice moves along ``(reward - baseline) * grad log p``. The file it
writes is a ``linear`` bot (cosmodrome.bots.linear), so the policy takes its place on the
ladder:

    cosmodrome ladder cosmic-run --bots random,heuristic,linear:path=out.npz
"""

import sys

import numpy as np

from cosmodrome.adapters.tensor import schema_for
from cosmodrome.bots import make_bot
from cosmodrome.bots.linear import LinearPolicyBot, save_policy
from cosmodrome.core import get_game


def episode(game, layout, W, b, players, seed, rng, learn=True):
    """One game: seat 0 plays the policy (sampling), the others random; the seat's steps and reward."""
    state, others = game.new_state(players, seed), make_bot("random", game, seed)
    steps = []
    while not state.is_terminal():
        if state.to_move() != 0:
            state.apply(others.choose(state))
            continue
        x, legal = layout.observe(state, 0).astype(np.float64), state.legal_actions()
        z = W[legal] @ x + b[legal]
        p = np.exp(z - z.max()); p /= p.sum()
        k = rng.choice(len(legal), p=p) if learn else int(np.argmax(z))
        steps.append((x, legal, k, p))
        state.apply(legal[k])
    return steps, state.returns()


def main(game="cosmic-run", players=2, episodes=300, out=None, lr=0.05, seed=0):
    game, players, episodes = get_game(game), int(players), int(episodes)
    layout, rng = schema_for(game, players), np.random.default_rng(seed)
    W, b, baseline = np.zeros((game.num_actions, layout.size)), np.zeros(game.num_actions), 0.0
    for e in range(episodes):
        steps, returns = episode(game, layout, W, b, players, seed * 100_003 + e, rng)
        advantage, baseline = returns[0] - baseline, 0.95 * baseline + 0.05 * returns[0]
        for x, legal, k, p in steps:       # grad log softmax: onehot(k) - p, on the legal rows
            g = -p; g[k] += 1.0
            W[legal] += lr * advantage * np.outer(g, x)
            b[legal] += lr * advantage * g
    if out:
        save_policy(out, game, players, W, b)
    scores = [episode(game, layout, W, b, players, 10**6 + i, rng, learn=False)[1] for i in range(20)]
    mean = [float(np.mean([s[p] for s in scores])) for p in range(players)]
    print(f"{game.name}: after {episodes} games, seat 0's mean win share (greedy, 20 games): {mean[0]:.2f}")
    return mean


if __name__ == "__main__":
    main(*sys.argv[1:3], *(int(a) for a in sys.argv[3:4]), *sys.argv[4:5])
    if len(sys.argv) > 4:
        print("as a bot:", LinearPolicyBot(path=sys.argv[4]).describe())
