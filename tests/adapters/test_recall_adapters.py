"""The perfect-recall information-state tensor through the adapters: OpenSpiel's
``information_state_tensor``, PettingZoo's and Gymnasium's ``observation="perfect_recall"``."""

import numpy as np
import pyspiel  # installed by the test command (extras)
import pytest
from adapters_helpers import game_or_skip
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from cosmodrome.adapters import gymnasium as cg
from cosmodrome.adapters import openspiel as osa
from cosmodrome.adapters.pettingzoo import env, raw_env
from cosmodrome.adapters.recall import recall_layout
from cosmodrome.core import OptionError, get_game
from cosmodrome.testing import toy  # noqa: F401  (registers "pocket-race")


@pytest.mark.parametrize("name,players",
                         [("pocket-race", 3), ("cosmic-run", 2), ("mars", 2), ("venus", 2), ("moon", 2)])
def test_openspiel_information_state_tensor(name, players):
    game_or_skip(name)
    game = osa.load_game(name, players=players)
    assert game.get_type().provides_information_state_tensor
    lay = recall_layout(get_game(name), players)
    assert game.information_state_tensor_shape() == [lay.size]
    assert game.max_game_length() == get_game(name).max_game_length(players)
    s = game.new_initial_state()
    assert not any(s.information_state_tensor(0))             # before the deal: zeros
    rng = np.random.RandomState(3)
    for _ in range(60):
        if s.is_terminal():
            break
        if s.is_chance_node():
            acts, probs = zip(*s.chance_outcomes())
            s.apply_action(int(rng.choice(acts, p=probs)))
        else:
            s.apply_action(int(rng.choice(s.legal_actions())))
    for p in range(players):
        vec = np.array(s.information_state_tensor(p), dtype=np.float32)
        assert vec.shape == (lay.size,)
        assert np.array_equal(vec, lay.encode(s._core.trace, s.core, p))
        # the view now leads, as the observation tensor
        assert np.array_equal(vec[:lay.view.size], np.array(s.observation_tensor(p), dtype=np.float32))
    # serialization and clones keep the history
    t = game.deserialize_state(s.serialize())
    assert t.information_state_tensor(0) == s.information_state_tensor(0)
    assert s.clone().information_state_tensor(1) == s.information_state_tensor(1)


def test_openspiel_sampled_mode_tensor_holds_decisions_only():
    game = osa.load_game("cosmic-run", players=2, sampled_chance=True)
    lay = recall_layout(get_game("cosmic-run"), 2, explicit=False)
    assert game.information_state_tensor_shape() == [lay.size]
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_a_determinization_carries_what_its_seat_saw_only():
    game = osa.load_game("pocket-race", players=3)
    s = game.state_for_seed(8)
    s.apply_action(9)
    s.apply_action(s.chance_outcomes()[0][0])                  # seat 0 drew a card
    r = s.resample_from_infostate(1, np.random.RandomState(2).uniform)
    assert r.information_state_tensor(1) == s.information_state_tensor(1)
    lay = game.recall
    hist = lay.decode_history(r.information_state_tensor(0))
    assert hist == [(0, 9), (-1, None)]                        # seat 1 did not see the card


@pytest.mark.filterwarnings("ignore::UserWarning")  # PettingZoo's advice on Dict spaces
@pytest.mark.parametrize("name,players,cycles", [("pocket-race", 3, 200), ("cosmic-run", 2, 40), ("mars", 2, 40)])
def test_pettingzoo_perfect_recall_passes_api_and_seed_tests(name, players, cycles):
    game_or_skip(name)
    api_test(env(name, players=players, observation="perfect_recall"), num_cycles=cycles)
    seed_test(lambda: env(name, players=players, observation="perfect_recall"), num_cycles=cycles)
    e = raw_env(name, players=players, observation="perfect_recall")
    assert e.metadata["observation_version"].endswith("+recall-v2")
    e.reset(seed=4)
    for _ in range(25):
        if e.terminations[e.agent_selection]:
            break
        obs = e.observe(e.agent_selection)
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    vecs = [e.observe(a)["observation"] for a in e.possible_agents]
    lay = e.recall
    for seat, vec in enumerate(vecs):
        assert vec.shape == (lay.size,)
        assert lay.decode_history(vec) == [(st.actor, st.value if st.seen >> seat & 1 else None)
                                           for st in e.trace.steps()]


@pytest.mark.parametrize("name,players", [("pocket-race", 2), ("cosmic-run", 2), ("mars", 2)])
def test_gymnasium_perfect_recall_passes_check_env(name, players):
    game_or_skip(name)
    e = cg.make_env(name, players=players, opponents="random", observation="perfect_recall")
    check_env(e, skip_render_check=True)
    obs, info = e.reset(seed=2)
    assert obs.shape == e.observation_space.shape == (e.recall.size,)
    assert e.metadata["observation_version"].endswith("+recall-v2")
    again, _ = cg.make_env(name, players=players, opponents="random", observation="perfect_recall").reset(seed=2)
    assert np.array_equal(obs, again)


def test_gymnasium_opponents_with_search_play_on_a_determinization():
    e = cg.make_env("pocket-race", players=3, opponents="ismcts:iters=8", observation="perfect_recall")
    obs, info = e.reset(seed=5)
    done = False
    while not done:
        obs, reward, done, _, info = e.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert reward in (0.0, 1.0, 0.5, 1 / 3)


def test_bad_observation_choices():
    with pytest.raises(OptionError, match="observation must be one of view, seat_relative, perfect_recall"):
        raw_env("pocket-race", players=2, observation="everything")
    with pytest.raises(OptionError, match="observation must be one of"):
        cg.make_env("pocket-race", players=2, observation=7)


def test_options_without_a_chance_bound_refuse_the_tensor_naming_why():
    """Cosmic Run's Friendly variant re-rolls a mine die until it shows something else: no
    bound on its chance nodes, so no tensor in the explicit mode (the string still works)."""
    game = osa.load_game("cosmic-run", players=2, friendly=True)
    s = game.new_initial_state()
    s.apply_action(s.chance_outcomes()[0][0])       # the set-up's first die
    assert s.information_state_string(0).startswith('{"seen"')
    with pytest.raises(ValueError, match="no bound on its chance nodes with these options"):
        s.information_state_tensor(0)
    sampled = osa.load_game("cosmic-run", players=2, friendly=True, sampled_chance=True)
    assert sampled.information_state_tensor_shape() == [recall_layout(get_game("cosmic-run"), 2, {"friendly": True},
                                                                      explicit=False).size]
    with pytest.raises(OptionError, match="no bound on its chance nodes"):
        raw_env("cosmic-run", players=2, options={"friendly": True}, observation="perfect_recall")
    # the game's type says so, so that a generic tool does not ask for it: OpenSpiel's own
    # random simulation (which reads the tensor where the type offers it) passes
    assert not game.get_type().provides_information_state_tensor
    assert sampled.get_type().provides_information_state_tensor
    assert osa.load_game("cosmic-run", players=2).get_type().provides_information_state_tensor
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
