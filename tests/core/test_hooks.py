"""Every game plugs its upper modules into its state one way: a ``core.flat.Hooks`` in its
``state`` module, filled once by the package's face (docs/ARCHITECTURE.md, "Hooks"); so does
the worked example, the test game Pocket Race (``testing/toy.py``), in its one module."""

import importlib

import pytest

from cosmodrome.core import get_game
from cosmodrome.core.flat import Hooks

PACKAGES = {"venus": "venus", "cosmic-run": "cosmic_run", "moon": "moon", "mars": "mars"}
#: the module that holds each game's hooks table (a game's ``state``; the example's one module)
STATE_MODULES = {**{g: f"cosmodrome.games.{p}.state" for g, p in PACKAGES.items()},
                 "pocket-race": "cosmodrome.testing.toy"}


@pytest.mark.parametrize("game", sorted(STATE_MODULES))
def test_each_game_has_one_hooks_table_all_registered(game):
    get_game(game)   # the face registers the hooks
    state = importlib.import_module(STATE_MODULES[game])
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


def test_the_hooks_are_named_as_docs_architecture_lists_them():
    """A hook's name means the same in every game (docs/ARCHITECTURE.md, "Hooks"): the names
    several games share are those of the table of shared names, each game's own names are in
    its row of the next table, and no game names a shared meaning its own way (Venus's
    option label and details are one ``action_json``, its final scores ``scores``). The
    worked example has only shared names, so it has no row."""
    import re
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "ARCHITECTURE.md").read_text()
    part = doc[doc.index("### Hooks"):doc.index("### Packed action ids")]
    shared_table, own_table = part.split("The names of one game only")
    shared = set(re.findall(r"^\| `(\w+)` \|", shared_table, re.M))
    names = {}
    for game, module in STATE_MODULES.items():
        get_game(game)
        names[game] = set(importlib.import_module(module).HOOKS.names)
    for game, own in names.items():
        others = set().union(*(n for g, n in names.items() if g != game))
        assert own & others <= shared, game
        if game == "pocket-race":
            assert own <= shared and "| Pocket Race |" not in own_table
            continue
        title = {"venus": "Onward to Venus", "cosmic-run": "Cosmic Run", "moon": "Walking on the Moon",
                 "mars": "March on Mars"}[game]
        row = next(line for line in own_table.splitlines() if line.startswith(f"| {title} |"))
        assert own - shared == set(re.findall(r"`(\w+)`", row.split("|")[2])), game
    assert {"action_json", "scores"} <= names["venus"] and not {"label", "details", "final_scores"} & names["venus"]
