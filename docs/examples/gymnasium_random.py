"""A random-policy episode through Gymnasium: python docs/examples/gymnasium_random.py [game] [players]"""

import sys

import gymnasium as gym

import cosmodrome.adapters.gymnasium  # noqa: F401  (registers Cosmodrome-<game>-v0)


def main(game="venus", players=3, seed=0):
    e = gym.make(f"Cosmodrome-{game}-v0", players=int(players), seat=0, opponents="random")
    obs, info = e.reset(seed=seed)
    done, total = False, 0.0
    while not done:
        action = e.action_space.sample(info["action_mask"])  # masked: only legal actions
        obs, reward, terminated, truncated, info = e.step(action)
        total += reward
        done = terminated or truncated
    e.close()
    print("seat 0 won a share of", total)
    return total


if __name__ == "__main__":
    main(*sys.argv[1:])
