"""A game's presentation keys (``Game.presentation_keys``: the table's tooltips, words for
people) are left out of what a seat observes (``observed_view``, information state strings).
That is safe only if they carry nothing about the position: the same value for every seat, a
spectator and every position of a game. One test for every game that declares such keys."""

import json
import random

import pytest

from cosmodrome import i18n
from cosmodrome.core.game import observed_view
from cosmodrome.core.registry import games

PRESENTING = [g for g in games() if g.presentation_keys]


def test_the_four_games_declare_their_tooltips_as_presentation():
    assert {g.name for g in PRESENTING} >= {"venus", "cosmic-run", "moon", "mars"}


def _positions(game, seed, steps=120):
    players = game.max_players if game.min_players <= 3 <= game.max_players else game.min_players
    state = game.new_state(players, seed=seed, options={})
    rng = random.Random(seed)
    for _ in range(steps):
        yield state
        if state.is_terminal():
            return
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("game", PRESENTING, ids=lambda g: g.name)
def test_presentation_keys_are_not_observed_and_carry_nothing_of_the_position(game):
    keys = game.presentation_keys
    for lang in ("en", "hu"):
        with i18n.using(lang):
            first = None
            for state in _positions(game, seed=3):
                seats = [None, *range(state.num_players)]
                for seat in seats:
                    view = state.view(seat)
                    shown = {k: view[k] for k in keys if k in view}
                    assert shown, f"{game.name}: the view of seat {seat} has no {keys}"
                    observed = observed_view(state, seat)
                    assert not set(keys) & set(observed)
                    assert observed == {k: v for k, v in view.items() if k not in keys}
                    if seat is not None:
                        assert not set(keys) & set(json.loads(state.information_state_string(seat)))
                    # not observed, so it must not tell one position or seat from another
                    first = shown if first is None else first
                    assert shown == first, f"{game.name}: {keys} differ for seat {seat}"
