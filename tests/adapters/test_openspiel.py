"""The OpenSpiel adapter, proven by OpenSpiel's own random simulation test."""

import numpy as np
import pytest

import pyspiel  # installed by the test command (extras)

from cosmodrome.adapters import openspiel as osa  # noqa: E402
from cosmodrome.core import IllegalActionError, OptionError, PlayerCountError, UnknownGameError  # noqa: E402
from cosmodrome.testing import toy  # noqa: E402

from adapters_helpers import cases, game_or_skip  # noqa: E402

SIMS = {"pocket-race": 6, "venus": 1, "cosmic-run": 1, "moon": 1, "mars": 1}


@pytest.mark.parametrize("name,players", cases())
def test_random_sim_test_with_serialization(name, players):
    game_or_skip(name)
    game = osa.load_game(name, players=players)
    assert game.num_players() == players
    pyspiel.random_sim_test(game, num_sims=SIMS[name], serialize=True, verbose=False)


@pytest.mark.parametrize("name,players", [("pocket-race", 2), ("pocket-race", 4), ("cosmic-run", 1), ("moon", 2), ("mars", 2)])
def test_random_sim_test_sampled_chance(name, players):
    game_or_skip(name)
    game = osa.load_game(name, players=players, sampled_chance=True)
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert game.max_chance_outcomes() == 0
    # pyspiel 2.0.2 gives Python games no hook for the game's RNG state, which its
    # serialize_game_and_state needs in this mode; state serialization is tested below.
    pyspiel.random_sim_test(game, num_sims=SIMS[name], serialize=False, verbose=False)


def test_game_type_and_info():
    game = osa.load_game("pocket-race", players=3)
    t = game.get_type()
    assert t.short_name == "python_cosmodrome_pocket_race"
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert t.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert (t.min_num_players, t.max_num_players) == (2, 4)
    assert "players" in t.parameter_specification and "rounds" in t.parameter_specification
    assert game.num_distinct_actions() == toy.GAME.num_actions
    assert (game.min_utility(), game.max_utility()) == (0.0, 1.0)
    assert game.max_chance_outcomes() == osa.DEFAULT_DEALS
    assert game.observation_tensor_size() == len(game.describe_tensor())


def test_the_deal_is_the_cosmodrome_seed():
    game = osa.load_game("pocket-race", players=2)
    s = game.new_initial_state()
    assert s.is_chance_node() and len(s.chance_outcomes()) == osa.DEFAULT_DEALS
    s.apply_action(17)
    core = toy.GAME.new_state(2, seed=17)
    assert s.core.to_json() == core.to_json()
    for a in (9, 9):
        s.apply_action(a)
        core.apply(a)
    assert s.core.to_json() == core.to_json()
    assert s.history() == [17, 9, 9]


def test_serialization_is_exact_midgame():
    game = osa.load_game("pocket-race", players=3, rounds=3)
    s = game.state_for_seed(5)
    rng = np.random.RandomState(0)
    for _ in range(4):
        s.apply_action(int(rng.choice(s.legal_actions())))
    back = game.deserialize_state(s.serialize())
    assert back.core.to_json() == s.core.to_json()
    assert back.history() == s.history()
    again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, s))[1]
    assert again.core.to_json() == s.core.to_json()
    # and in sampled mode, through the state's own serialize
    sg = osa.load_game("pocket-race", players=3, sampled_chance=True)
    ss = sg.new_initial_state()
    ss.apply_action(ss.legal_actions()[0])
    assert sg.deserialize_state(ss.serialize()).core.to_json() == ss.core.to_json()


def test_strings_and_tensors_come_from_the_view():
    game = osa.load_game("pocket-race", players=2)
    s = game.state_for_seed(3)
    t = s.clone()
    t.core.hands[1] = [1, 1]  # only player 1's hidden hand differs
    assert s.observation_string(0) == t.observation_string(0)
    assert s.information_state_string(0) == t.information_state_string(0)
    assert s.observation_tensor(0) == t.observation_tensor(0)
    assert s.information_state_tensor(0) == t.information_state_tensor(0)
    assert s.observation_string(1) != t.observation_string(1)
    assert s.observation_tensor(1) != t.observation_tensor(1)


def test_resample_from_infostate_keeps_what_the_player_knows():
    game = osa.load_game("pocket-race", players=3)
    s = game.state_for_seed(8)
    s.apply_action(9)
    seat = s.current_player()
    sampler = np.random.RandomState(1).uniform
    seen_other = set()
    for _ in range(10):
        r = s.resample_from_infostate(seat, sampler)
        assert r.information_state_string(seat) == s.information_state_string(seat)
        assert r.legal_actions() == s.legal_actions()
        seen_other.add(tuple(r.core.hands[(seat + 1) % 3]))
    assert len(seen_other) > 1  # the hidden hands were really redrawn
    with pytest.raises(ValueError, match="no player 7"):
        s.resample_from_infostate(7, sampler)


@pytest.mark.parametrize("name", ["pocket-race", "venus", "cosmic-run", "moon", "mars"])
def test_openspiel_ismcts_runs(name):
    game_or_skip(name)
    from open_spiel.python.algorithms import ismcts, mcts
    game = osa.load_game(name, players=2)
    rs = np.random.RandomState(3)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), 0.7, 8, random_state=rs)
    s = game.state_for_seed(2)
    for _ in range(2):
        if s.is_terminal():
            break
        action = bot.step(s)
        assert action in s.legal_actions()
        s.apply_action(action)


def test_bad_input():
    with pytest.raises(UnknownGameError, match="unknown game 'nope'"):
        osa.load_game("nope")
    with pytest.raises(PlayerCountError, match="2 to 4 players, not 9"):
        osa.load_game("pocket-race", players=9)
    with pytest.raises(PlayerCountError, match="not 9"):
        pyspiel.load_game("python_cosmodrome_pocket_race", {"players": 9})
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'colour'"):
        pyspiel.load_game("python_cosmodrome_pocket_race", {"colour": 1})
    with pytest.raises(OptionError, match="deals"):
        osa.load_game("pocket-race", deals=0)
    game = osa.load_game("pocket-race", players=2)
    s = game.state_for_seed(1)
    before = s.serialize()
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in s.legal_actions())
    with pytest.raises(IllegalActionError, match=f"action {illegal} is not legal"):
        s.apply_action(illegal)
    assert s.serialize() == before
    d = game.new_initial_state()
    with pytest.raises(IllegalActionError, match="deal 5000"):
        d.apply_action(5000)


def test_registration_names_every_game():
    names = osa.register_all()
    assert "python_cosmodrome_pocket_race" in names
    assert set(names) <= set(pyspiel.registered_names())
    assert osa.load_game("python_cosmodrome_pocket_race").get_type().short_name == "python_cosmodrome_pocket_race"


def test_random_play_speed_figure():
    stats = osa.random_play_stats("tic_tac_toe", seconds=0.05)
    assert stats["decisions"] > 0 and stats["games"] > 0
    assert stats["decisions_per_second"] == pytest.approx(stats["decisions"] / stats["seconds"])
    assert osa.random_play_speed("python_tic_tac_toe", seconds=0.05) > 0
    assert osa.random_play_speed("pocket-race", seconds=0.05) > 0
