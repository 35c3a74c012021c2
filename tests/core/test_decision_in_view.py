"""A view that shows its seat to move the decision with its options shows exactly
``State.decision()``: the server reads the mover's decision there (Table._shared) instead of
building its options a second time, so the two must never differ."""

import random

import pytest

from cosmodrome import i18n
from cosmodrome.core.registry import games


@pytest.mark.parametrize("game", games(), ids=lambda g: g.name)
def test_the_decision_read_from_the_movers_view_is_the_decision(game):
    found = 0
    for seed in (1, 2):
        players = game.max_players if game.min_players <= 4 <= game.max_players else game.min_players
        state = game.new_state(players, seed=seed, options={})
        rng = random.Random(seed)
        for _ in range(150):
            if state.is_terminal():
                break
            mover = state.to_move()
            for lang in ("en", "hu"):
                with i18n.using(lang):
                    got = state.decision_in_view(state.view(mover))
                    if got is not None:
                        found += 1
                        assert got == state.decision()
            state.apply(rng.choice(state.legal_actions()))
    if game.name == "venus":  # the game whose view carries the options: the server reads them there
        assert found > 100


def test_a_view_without_options_gives_none():
    game = next(g for g in games() if g.name == "venus")
    state = game.new_state(4, seed=1, options={})
    other = (state.to_move() + 1) % 4
    assert state.decision_in_view(state.view(other)) is None
    assert state.decision_in_view({"decision": {"seat": 0, "kind": "k", "prompt": "p"}}) is None
    assert state.decision_in_view([]) is None
