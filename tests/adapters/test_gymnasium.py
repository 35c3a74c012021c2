"""The single-seat Gymnasium environment, proven by Gymnasium's env checker."""

import gymnasium as gym  # installed by the test command (extras)
import numpy as np
import pytest
from adapters_helpers import game_or_skip  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402

from cosmodrome.adapters import gymnasium as cg  # noqa: E402
from cosmodrome.core import IllegalActionError, OptionError, PlayerCountError  # noqa: E402


@pytest.mark.filterwarnings("ignore::UserWarning")  # the checker's advice on unbounded Box entries
@pytest.mark.parametrize("name,players", [("pocket-race", 2), ("pocket-race", 4), ("cosmic-run", 1),
                                          ("cosmic-run", 2), ("venus", 3), ("moon", 3), ("mars", 2)])
def test_check_env(name, players):
    game_or_skip(name)
    check_env(cg.make_env(name, players=players, opponents="random"), skip_render_check=False)


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_registered_id_plays_an_episode_against_bots():
    assert "Cosmodrome-pocket-race-v0" in cg.register_envs()
    e = gym.make("Cosmodrome-pocket-race-v0", players=3, seat=1, opponents=["random", "ismcts:iters=10"])
    obs, info = e.reset(seed=4)
    total, steps, done = 0.0, 0, False
    while not done:
        mask = info["action_mask"]
        assert mask.dtype == np.int8 and mask.any()
        obs, reward, done, truncated, info = e.step(e.action_space.sample(mask))
        assert not info["illegal_action"]
        total += reward
        steps += 1
    assert steps == 4  # the seat decides once per round, 4 rounds
    assert total in (0.0, 0.5, 1.0 / 3, 1.0)


def test_same_seed_same_episode():
    def run():
        e = cg.make_env("pocket-race", players=2)
        obs, info = e.reset(seed=9)
        out = [obs.tolist()]
        while True:
            obs, r, done, _, info = e.step(int(np.flatnonzero(info["action_mask"])[-1]))
            out.append((obs.tolist(), r))
            if done:
                return out, e.state.to_json()
    assert run() == run()


def test_illegal_actions():
    e = cg.make_env("pocket-race", players=2)          # raising is the default
    obs, info = e.reset(seed=2)
    assert e.action_masks().dtype == bool and (e.action_masks() == (info["action_mask"] == 1)).all()
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    before = e.state.to_json()
    with pytest.raises(IllegalActionError, match=f"action {illegal} is not legal"):
        e.step(illegal)
    with pytest.raises(IllegalActionError, match="outside the action space"):
        e.step(99)
    assert e.state.to_json() == before
    lenient = cg.make_env("pocket-race", players=2, illegal_action="random")
    obs, info = lenient.reset(seed=2)
    turn = lenient.state.decisions
    obs, r, done, _, info = lenient.step(illegal)
    assert info["illegal_action"] and lenient.state.decisions > turn  # a legal action was played instead


def test_bad_construction():
    with pytest.raises(PlayerCountError, match="not 9"):
        cg.make_env("pocket-race", players=9)
    with pytest.raises(OptionError, match="unknown bot 'zzz'"):
        cg.make_env("pocket-race", opponents="zzz")
    with pytest.raises(OptionError, match="needs 2 opponent specs"):
        cg.make_env("pocket-race", players=3, opponents=["random"])
    with pytest.raises(OptionError, match="seat"):
        cg.make_env("pocket-race", players=2, seat=2)
    with pytest.raises(OptionError, match="illegal_action"):
        cg.make_env("pocket-race", illegal_action="ignore")
