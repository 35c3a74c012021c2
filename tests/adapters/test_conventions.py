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
