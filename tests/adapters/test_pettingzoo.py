"""The PettingZoo adapter, proven by PettingZoo's own API and seed tests."""

import numpy as np
import pettingzoo  # noqa: F401  (installed by the test command)
import pytest
from adapters_helpers import game_or_skip  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from cosmodrome.adapters.pettingzoo import env, raw_env  # noqa: E402
from cosmodrome.core import IllegalActionError, OptionError, PlayerCountError, UnknownGameError  # noqa: E402
from cosmodrome.testing import toy  # noqa: E402

CASES = [("pocket-race", 2), ("pocket-race", 4), ("cosmic-run", 1), ("cosmic-run", 2), ("venus", 2), ("venus", 5),
         ("moon", 2), ("moon", 4), ("mars", 2), ("mars", 3)]
CYCLES = {"pocket-race": 200, "cosmic-run": 60, "venus": 40, "moon": 60, "mars": 60}


@pytest.mark.filterwarnings("ignore::UserWarning")  # PettingZoo's advice on Dict spaces
@pytest.mark.parametrize("name,players", CASES)
def test_api_and_seed_tests(name, players):
    game_or_skip(name)
    api_test(env(name, players=players), num_cycles=CYCLES[name])
    seed_test(lambda: env(name, players=players), num_cycles=CYCLES[name])


def test_reset_seed_is_the_cosmodrome_seed_and_masks_are_legal():
    e = raw_env("pocket-race", players=3)
    e.reset(seed=11)
    core = toy.GAME.new_state(3, seed=11)
    assert e.state.to_json() == core.to_json()
    for agent in e.agent_iter(max_iter=200):
        obs, reward, term, trunc, info = e.last()
        if term or trunc:
            e.step(None)
            continue
        seat = int(agent.split("_")[1])
        assert seat == core.to_move()
        assert list(np.flatnonzero(obs["action_mask"])) == core.legal_actions()
        a = core.legal_actions()[-1]
        core.apply(a)
        e.step(a)
    assert core.is_terminal()
    assert not e.agents  # everybody left after the end


def test_the_end_pays_win_shares():
    e = raw_env("pocket-race", players=2)
    e.reset(seed=3)
    total = {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        total[agent] += reward
        e.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[0]))
    assert sorted(total.values()) in ([0.0, 1.0], [0.5, 0.5])


def test_render_and_bad_input():
    e = env("pocket-race", players=2, render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert isinstance(text, str) and "pocket-race" in text
    assert '"hand": null' in text.replace("\n", "").replace("  ", " ") or "hand" in text
    agent = e.agent_selection
    obs = e.observe(agent)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = e.unwrapped.state.to_json()
    with pytest.raises(IllegalActionError, match=f"action {illegal} is not legal"):
        e.step(illegal)
    with pytest.raises(IllegalActionError, match="whole number"):
        e.step("draw")
    assert e.unwrapped.state.to_json() == before and e.agent_selection == agent
    with pytest.raises(UnknownGameError):
        env("no-such-game")
    with pytest.raises(PlayerCountError, match="not 9"):
        env("pocket-race", players=9)
    with pytest.raises(ValueError, match="render_mode"):
        env("pocket-race", render_mode="video")


def test_max_cycles_truncates_as_pettingzoo_environments_do():
    api_test(env("pocket-race", players=3, max_cycles=2), num_cycles=20)
    e = env("venus", players=2, max_cycles=3)
    e.reset(seed=4)
    steps = 0
    for agent in e.agent_iter(200):
        obs, reward, terminated, truncated, info = e.last()
        if terminated or truncated:
            assert truncated and not terminated and reward == 0.0
            e.step(None)
            continue
        e.step(int(obs["action_mask"].nonzero()[0][0]))
        steps += 1
    assert steps == 3 * 2 and not e.agents
    with pytest.raises(OptionError, match="max_cycles"):
        env("pocket-race", max_cycles=0)
