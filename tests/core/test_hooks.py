"""Every game plugs its upper modules into its state one way: a ``core.flat.Hooks`` in its
``state`` module, filled once by the package's face (docs/ARCHITECTURE.md, "Hooks")."""

import importlib

import pytest

from cosmodrome.core import get_game
from cosmodrome.core.flat import Hooks

PACKAGES = {"venus": "venus", "cosmic-run": "cosmic_run", "moon": "moon", "mars": "mars"}


@pytest.mark.parametrize("game", sorted(PACKAGES))
def test_each_game_has_one_hooks_table_all_registered(game):
    get_game(game)   # the face registers the hooks
    state = importlib.import_module(f"cosmodrome.games.{PACKAGES[game]}.state")
    assert type(state.HOOKS) is Hooks
    assert state.HOOKS.unregistered() == ()
    assert "view" in state.HOOKS.names


def test_a_hook_not_registered_says_so_and_an_unknown_one_is_refused():
    h = Hooks("demo", ("legal", "view"))
    with pytest.raises(RuntimeError, match="the hook 'view' is not registered"):
        h.view(None)
    with pytest.raises(ValueError, match="unknown hook 'lgeal'"):
        h.register(legal=len, lgeal=len)
    assert h.unregistered() == ("legal", "view")   # nothing was set
