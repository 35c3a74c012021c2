"""A random-policy loop through PettingZoo: python docs/examples/pettingzoo_random.py [game] [players]"""

import sys

from cosmodrome.adapters.pettingzoo import env


def main(game="venus", players=4, seed=0):
    e = env(game, players=int(players), render_mode="ansi")
    e.reset(seed=seed)                                       # Cosmodrome deal `seed`
    totals = {agent: 0.0 for agent in e.possible_agents}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        totals[agent] += reward
        if terminated or truncated:
            action = None
        else:
            action = e.action_space(agent).sample(obs["action_mask"])   # a legal action
        e.step(action)
    e.close()
    print("rewards:", totals)
    return totals


if __name__ == "__main__":
    main(*sys.argv[1:])
