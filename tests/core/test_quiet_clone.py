"""A quiet clone (``clone(quiet=True)``, the search clone) plays exactly like an ordinary
clone but records no events and carries no log."""

import pytest

from cosmodrome.core import Rng, game_names, get_game


def _without_log(state):
    d = state.to_json()
    d.pop("log", None)
    return d


@pytest.mark.parametrize("name", sorted(game_names()))
def test_a_quiet_clone_plays_the_same_game_and_says_nothing(name):
    game = get_game(name)
    players = max(game.min_players, min(3, game.max_players))
    state = game.new_state(players, seed=11)
    chooser = Rng(3)
    for _ in range(6):                        # a position some way into the game
        legal = state.legal_actions()
        state.apply(legal[chooser.below(len(legal))])
    loud, quiet = state.clone(), state.clone(quiet=True)
    view = quiet.view(None)
    assert view.get("log", []) == [] and loud.view(None).get("log", []) == state.view(None).get("log", [])
    said = 0
    while not loud.is_terminal():
        legal = loud.legal_actions()
        assert quiet.legal_actions() == legal
        action = legal[chooser.below(len(legal))]
        said += len(loud.apply(action))
        assert quiet.apply(action) == []
        assert _without_log(quiet) == _without_log(loud)
    assert said > 0
    assert quiet.is_terminal() and quiet.returns() == loud.returns()
    assert quiet.clone().quiet is True and loud.clone().quiet is False
