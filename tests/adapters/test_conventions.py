"""The conventions researchers expect of the adapters (issue: research-grade, round two)."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import cosmodrome.games  # noqa: F401,E402
from cosmodrome.adapters import openspiel as osa  # noqa: E402
from cosmodrome.core.errors import RecordError  # noqa: E402
from cosmodrome.testing import toy  # noqa: E402,F401

GAMES = [("venus", 2, {}), ("cosmic-run", 2, {}), ("moon", 3, {"advanced": True}), ("mars", 2, {}),
         ("venus", 3, {"sampled_chance": True}), ("pocket-race", 2, {})]


def _play(state, steps, seed):
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("name,players,params", GAMES)
def test_a_state_serialises_to_json_and_back_byte_for_byte(name, players, params):
    game = osa.load_game(name, players=players, **params)
    for steps in (0, 3, 70):
        s = _play(game.new_initial_state(), steps, steps)
        text = s.serialize()
        data = json.loads(text)                          # JSON, not a pickle
        assert data["format"] == osa.STATE_FORMAT and data["core"]["game"] == game.core_game.name
        back = game.deserialize_state(text)
        assert back.serialize() == text
        assert [(p.player, p.action) for p in back.full_history()] == [(p.player, p.action) for p in s.full_history()]
        for p in range(players):
            assert back.information_state_string(p) == s.information_state_string(p)
        g2, b2 = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, s))
        assert b2.serialize() == text and str(g2) == str(game)
        # the copy plays on exactly as the original
        assert _play(back, 20, 9).serialize() == _play(s, 20, 9).serialize()


def test_pickled_or_foreign_text_is_refused():
    game = osa.load_game("pocket-race", players=2)
    s = _play(game.new_initial_state(), 6, 1)
    with pytest.raises(RecordError, match="not JSON"):
        game.deserialize_state("history=1,2\n__dict__=gASVAAAA")
    with pytest.raises(RecordError, match="not a serialized"):
        game.deserialize_state(json.dumps({"format": "something else"}))
    data = json.loads(s.serialize())
    data["history"] = [[0, "x"]]
    with pytest.raises(RecordError, match="history"):
        game.deserialize_state(json.dumps(data))
    data = json.loads(s.serialize())
    data["core"]["game"] = "venus"           # a state of another game
    with pytest.raises(RecordError):
        game.deserialize_state(json.dumps(data))


def _next_after(state, steps=8):
    """The serialized state ``steps`` random decisions on, the decisions fixed (seed 3)."""
    rng = random.Random(3)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state.core.to_json()


@pytest.mark.parametrize("name", ["venus", "cosmic-run", "moon", "mars"])
def test_a_sampled_clone_foresees_the_future_and_a_search_clone_does_not(name):
    """Documented: in the sampled mode a clone rolls the same dice as its original; with
    reseed_clones a clone (what MCTSBot searches on) is a determinization re-seeded."""
    exact = osa.load_game(name, players=2, sampled_chance=True)
    s = exact.new_initial_state()
    assert all(_next_after(s.clone()) == _next_after(s.clone()) for _ in range(3))
    search = osa.load_game(name, players=2, sampled_chance=True, reseed_clones=True)
    t = search.new_initial_state()
    futures = {json.dumps(_next_after(t.clone()), sort_keys=True) for _ in range(6)}
    assert len(futures) > 1
    assert "reseed_clones" in osa.__doc__ and "foresees every die" in osa.__doc__


def test_rollouts_on_search_clones():
    """OpenSpiel's rollout evaluator clones the position and plays it out: on search clones
    the rollouts meet fresh dice and draws (MCTSBot's tree itself needs the explicit mode)."""
    from open_spiel.python.algorithms import mcts
    game = osa.load_game("venus", players=2, sampled_chance=True, reseed_clones=True)
    s = game.new_initial_state()
    ev = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    values = {tuple(ev.evaluate(s)) for _ in range(4)}
    assert all(len(v) == 2 for v in values)


def _until_chance_resolved(real, search, rng):
    """Play the same random decisions on ``real`` (sampled) and ``search`` (its search clone)
    until the clone meets a chance node; draw its outcomes with their odds. True when both
    came out the same."""
    for _ in range(400):
        if real.is_terminal():
            return True
        a = rng.choice(real.legal_actions())
        real.apply_action(a)
        search.apply_action(a)
        if search.is_chance_node():
            while search.is_chance_node():
                outs, probs = zip(*search.chance_outcomes())
                search.apply_action(rng.choices(outs, probs)[0])
            return _seen(search) == _seen(real)
    return True


def _seen(state):
    """What the seats see of a state (their observation tensors: copies of a card count as one)."""
    return [state.observation_tensor(p) for p in range(state.num_players())]


@pytest.mark.parametrize("name", ["venus", "cosmic-run", "moon", "mars"])
def test_a_search_clone_does_not_foresee_the_next_chance_outcome(name):
    """clone_for_search() keeps the position but turns the future into chance nodes: drawn
    with their odds, its next random event does not always come out as the real one (a plain
    clone's always does: the test above)."""
    game = osa.load_game(name, players=2, sampled_chance=True)
    same = []
    for k in range(8):
        real = game.state_for_seed(k)
        search = real.clone_for_search()
        assert _seen(search) == _seen(real) and search.legal_actions() == real.legal_actions()
        same.append(_until_chance_resolved(real, search, random.Random(k)))
    assert not all(same)
    # the parameter makes every clone one
    g = osa.load_game(name, players=2, sampled_chance=True, chance_clones=True)
    assert g.new_initial_state().clone().core.chance_mode == "explicit"
    assert game.new_initial_state().clone().core.chance_mode == "sampled"


def test_chance_clones_refuses_a_second_kind_of_search_clone():
    with pytest.raises(ValueError, match="choose one"):
        osa.load_game("venus", players=2, sampled_chance=True, chance_clones=True, reseed_clones=True)
    doc = " ".join(osa.__doc__.split())
    assert "chance_clones" in doc and "clone_for_search" in doc


def test_mcts_bot_plays_a_sampled_game_on_search_clones():
    """OpenSpiel's MCTSBot on a sampled game with chance_clones: its tree meets the dice and
    draws as chance nodes (it samples them) and the game is played to its end."""
    from open_spiel.python.algorithms import mcts
    game = osa.load_game("pocket-race", players=2, sampled_chance=True, chance_clones=True)
    ev = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = mcts.MCTSBot(game, 2.0, 8, ev, random_state=np.random.RandomState(1))
    state = game.new_initial_state()
    while not state.is_terminal():
        assert not state.is_chance_node()           # the real game rolls its own dice
        state.apply_action(bot.step(state))
    assert sum(state.returns()) == pytest.approx(1.0)
    # a few moves of a real game, where chance nodes come up inside the search
    game = osa.load_game("mars", players=2, sampled_chance=True, chance_clones=True)
    state = game.new_initial_state()
    bot = mcts.MCTSBot(game, 2.0, 3, ev, random_state=np.random.RandomState(2))
    for _ in range(3):
        state.apply_action(bot.step(state))
