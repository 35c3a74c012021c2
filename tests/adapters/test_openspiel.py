"""The OpenSpiel adapter, proven by OpenSpiel's own random simulation test."""

import json

import numpy as np
import pyspiel  # installed by the test command (extras)
import pytest
from adapters_helpers import cases, game_or_skip  # noqa: E402

from cosmodrome.adapters import openspiel as osa  # noqa: E402
from cosmodrome.core import IllegalActionError, OptionError, PlayerCountError, UnknownGameError  # noqa: E402
from cosmodrome.testing import toy  # noqa: E402

SIMS = {"pocket-race": 6, "venus": 1, "cosmic-run": 1, "moon": 1, "mars": 1}


def explicit(name):
    return game_or_skip(name).explicit_chance


@pytest.mark.parametrize("name,players", cases())
def test_random_sim_test(name, players):
    """Every game passes OpenSpiel's random simulation test in its default chance mode:
    explicit chance where the game offers it (with pyspiel's own serialization at every
    step), else sampled (pyspiel's C++ test cannot serialize a Python game in that mode:
    the round trip through the adapter's serialize_game_and_state is tested below)."""
    game = osa.load_game(name, players=players)
    assert game.num_players() == players
    mode = game.get_type().chance_mode
    C = pyspiel.GameType.ChanceMode
    assert mode == (C.EXPLICIT_STOCHASTIC if explicit(name) else C.SAMPLED_STOCHASTIC)
    pyspiel.random_sim_test(game, num_sims=SIMS[name], serialize=explicit(name), verbose=False)


@pytest.mark.parametrize("name,players", [("pocket-race", 2), ("pocket-race", 4), ("cosmic-run", 1), ("venus", 2)])
def test_random_sim_test_sampled_chance(name, players):
    game = osa.load_game(name, players=players, sampled_chance=True)
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert game.max_chance_outcomes() == 0
    pyspiel.random_sim_test(game, num_sims=SIMS[name], serialize=False, verbose=False)


@pytest.mark.parametrize("name,players",
                         [("pocket-race", 3), ("venus", 2), ("cosmic-run", 2), ("moon", 2), ("mars", 2)])
def test_serialize_game_and_state_in_the_sampled_mode(name, players):
    game = osa.load_game(name, players=players, sampled_chance=True)
    s = game.new_initial_state()
    rng = np.random.RandomState(1)
    for _ in range(6):
        s.apply_action(int(rng.choice(s.legal_actions())))
    text = pyspiel.serialize_game_and_state(game, s)
    assert osa.RNG_SECTION in text
    game2, back = pyspiel.deserialize_game_and_state(text)
    assert back.core.to_json() == s.core.to_json() and back.history() == s.history()
    # the seed stream travels too: both games deal the same next game
    assert game2.new_initial_state().core.to_json() == game.new_initial_state().core.to_json()
    # and other games still go to pyspiel's own functions
    ttt = pyspiel.load_game("tic_tac_toe")
    st = ttt.new_initial_state()
    st.apply_action(4)
    assert str(pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(ttt, st))[1]) == str(st)


def test_explicit_chance_is_only_for_games_that_offer_it(monkeypatch):
    monkeypatch.setattr(toy.GAME, "explicit_chance", False)
    with pytest.raises(OptionError, match="offers no explicit chance yet"):
        osa.load_game("pocket-race", players=2, sampled_chance=False)


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
    assert game.max_chance_outcomes() == toy.GAME.max_chance_outcomes(3)
    assert game.observation_tensor_size() == len(game.describe_tensor())


def test_the_deal_is_dealt_card_by_card():
    game = osa.load_game("pocket-race", players=2)
    s = game.new_initial_state()
    core = toy.GAME.deal_state(2)
    # four cards dealt, one chance node each, over the nine values left (copies merged)
    for k in range(4):
        assert s.is_chance_node() and s.core.is_dealing()
        assert [o for o, _ in s.chance_outcomes()] == list(range(1, 10))
        assert s.chance_outcomes() == core.chance_outcomes()
        assert s.action_to_string(3) == f"Chance: seat {k // 2} is dealt 3"
        s.apply_action(3 + k)
        core.apply(3 + k)
    assert not s.is_chance_node() and s.core.chance_mode == "explicit"
    assert s.core.hands == [[3, 4], [5, 6]] and s.history() == [3, 4, 5, 6]
    assert s.core.to_json() == core.to_json()
    s.apply_action(9)                         # a draw: a chance node over the cards left
    core.apply(9)
    assert s.is_chance_node() and s.current_player() == pyspiel.PlayerId.CHANCE
    assert s.chance_outcomes() == core.chance_outcomes()
    card = s.chance_outcomes()[0][0]
    s.apply_action(card)
    core.apply(card)
    assert s.core.to_json() == core.to_json()
    assert s.history() == [3, 4, 5, 6, 9, card]


def to_chance_node(game, seed):
    s = game.state_for_seed(seed)
    rng = np.random.RandomState(seed)
    while not s.is_chance_node():
        s.apply_action(int(rng.choice(s.legal_actions())))
    return s


@pytest.mark.parametrize("name,players", [("pocket-race", 2), ("venus", 2), ("cosmic-run", 2), ("cosmic-run", 1),
                                          ("moon", 2), ("moon", 3), ("mars", 2), ("mars", 3)])
def test_clones_of_a_chance_node_do_not_share_a_future(name, players):
    game = osa.load_game(name, players=players)
    s = to_chance_node(game, 4)
    outcomes = s.chance_outcomes()
    assert len(outcomes) > 1 and abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
    a, b = s.clone(), s.clone()
    assert a.chance_outcomes() == b.chance_outcomes() == outcomes
    a.apply_action(outcomes[0][0])
    b.apply_action(outcomes[-1][0])
    assert a.serialize() != b.serialize()
    # what follows is chance's choice alone: sampling chance independently on two clones
    # gives different games, the same outcomes give the same game
    futures = set()
    for k in range(4):
        c = s.clone()
        rng = np.random.RandomState(k)
        for _ in range(30):
            if c.is_terminal():
                break
            if c.is_chance_node():
                acts, probs = zip(*c.chance_outcomes())
                c.apply_action(int(rng.choice(acts, p=probs)))
            else:
                c.apply_action(c.legal_actions()[0])
        futures.add(tuple(c.history()))
    assert len(futures) > 1


@pytest.mark.parametrize("name", ["venus", "cosmic-run", "moon", "mars"])
def test_chance_outcomes_read_in_the_games_words(name):
    game = osa.load_game(name, players=2)
    s = to_chance_node(game, 4)
    texts = [s.action_to_string(pyspiel.PlayerId.CHANCE, o) for o, _ in s.chance_outcomes()]
    assert len(set(texts)) == len(texts)
    for (outcome, _), text in zip(s.chance_outcomes(), texts):
        assert text == s.core.action_label(outcome) and text.startswith("Chance: ")
        assert not text.startswith("Chance: outcome") and "uniform pick" not in text and "a draw from" not in text


@pytest.mark.parametrize("name,players", [("pocket-race", 2), ("venus", 2), ("cosmic-run", 2), ("cosmic-run", 1),
                                          ("moon", 2), ("moon", 3), ("mars", 2), ("mars", 3)])
def test_mcts_with_chance_nodes_and_expectimax_run(name, players):
    from open_spiel.python.algorithms import mcts, minimax
    game = osa.load_game(name, players=players)
    rs = np.random.RandomState(2)
    bot = mcts.MCTSBot(game, 1.4, 6, mcts.RandomRolloutEvaluator(1, rs), random_state=rs)
    s = game.state_for_seed(3)
    for _ in range(3):
        while s.is_chance_node():
            s.apply_action(s.chance_outcomes()[0][0])
        action = bot.step(s)
        assert action in s.legal_actions()
        s.apply_action(action)
    # expectimax from a chance node: every outcome weighted by its probability, one
    # decision deep, valued by the seat's current score share
    node = to_chance_node(game, 6)
    me = 0

    def value(st):
        if st.is_terminal():
            return st.returns()[me]
        scores = st.core.scores()
        return (scores[me] + 1.0) / (sum(scores) + len(scores))

    v, _ = minimax.expectiminimax(node, 1, value, me)
    assert 0.0 <= v <= 1.0


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
    assert s.observation_string(1) != t.observation_string(1)
    assert s.observation_tensor(1) != t.observation_tensor(1)


def test_information_state_is_perfect_recall_and_observation_the_view():
    """Pocket Race: the tracks show sums, so playing 1 then 2 looks like playing 2 then 1
    now; the observation (the current view) cannot tell the two apart, the information
    state (everything seen since the deal) can, and a later one extends an earlier one."""
    game = osa.load_game("pocket-race", players=2, rounds=3)
    s = game.state_for_seed(0)
    s.core.hands[0] = [1, 2]
    s.core.hands[1] = [1, 2]
    a, b = s.clone(), s.clone()
    for act in (0, 0, 1, 1):                   # seat 0 plays a 1 then a 2, seat 1 the same
        a.apply_action(act)
    for act in (1, 0, 0, 1):                   # seat 0 plays a 2 then a 1
        b.apply_action(act)
    assert a.observation_string(0) == b.observation_string(0)
    assert a.information_state_string(0) != b.information_state_string(0)
    assert a.information_state_string(1) != b.information_state_string(1)
    earlier = json.loads(s.information_state_string(0))["seen"]
    later = json.loads(a.information_state_string(0))["seen"]
    assert later[:len(earlier)] == earlier and len(later) == len(earlier) + 4
    # it survives serialization
    assert game.deserialize_state(a.serialize()).information_state_string(0) == a.information_state_string(0)
    # the perfect-recall tensor tells them apart too (tests/adapters/test_recall_adapters.py)
    assert game.get_type().provides_information_state_tensor
    assert game.get_type().provides_information_state_string
    assert a.information_state_tensor(0) != b.information_state_tensor(0)
    assert a.observation_tensor(0) == b.observation_tensor(0)


@pytest.mark.parametrize("name,players", [("pocket-race", 3), ("venus", 3)])
def test_perfect_recall_leaks_nothing_hidden(name, players):
    """Twin games that differ only in a card another seat drew in secret: every seat that
    did not see the card has the same information state in both, the drawer does not."""
    game = osa.load_game(name, players=players)
    s = game.state_for_seed(2)
    rng = np.random.RandomState(5)
    for _ in range(3000):
        if s.is_chance_node():
            twins = []
            for outcome, _ in s.chance_outcomes()[:2]:
                t = s.clone()
                t.apply_action(outcome)
                while t.is_chance_node():
                    t.apply_action(t.chance_outcomes()[0][0])
                twins.append(t)
            a, b = twins
            unseen = [p for p in range(players) if a.observation_string(p) == b.observation_string(p)]
            if 0 < len(unseen) < players:   # a secret draw: only some seats' views tell the twins apart
                for p in unseen:
                    assert a.information_state_string(p) == b.information_state_string(p)
                    assert a.observation_tensor(p) == b.observation_tensor(p)
                seers = [p for p in range(players) if p not in unseen]
                assert all(a.information_state_string(p) != b.information_state_string(p) for p in seers)
                return
            acts, probs = zip(*s.chance_outcomes())
            s.apply_action(int(rng.choice(acts, p=probs)))
        else:
            s.apply_action(int(rng.choice(s.legal_actions())))
        assert not s.is_terminal()
    pytest.fail("no secret draw met")


def test_resample_from_infostate_keeps_what_the_player_knows():
    game = osa.load_game("pocket-race", players=3)
    s = game.state_for_seed(8)
    s.apply_action(9)
    s.apply_action(s.chance_outcomes()[0][0])   # the card drawn
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
        while s.is_chance_node():           # a die or a draw (explicit chance): chance's move
            s.apply_action(s.chance_outcomes()[-1][0])
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
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'deals'"):
        osa.load_game("pocket-race", deals=10)      # the deal of seeds is gone: chance deals
    game = osa.load_game("pocket-race", players=2)
    s = game.state_for_seed(1)
    before = s.serialize()
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in s.legal_actions())
    with pytest.raises(IllegalActionError, match=f"action {illegal} is not legal"):
        s.apply_action(illegal)
    assert s.serialize() == before
    d = game.new_initial_state()
    with pytest.raises(IllegalActionError, match="5000 is not an outcome of this chance node"):
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
