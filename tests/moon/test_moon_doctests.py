"""The examples in the docstrings of Walking on the Moon, the shared Moon/Mars movement
package and the core helpers it brought run (and are found: each module has some)."""

import doctest
import importlib
import pkgutil

import pytest

import cosmodrome.games.lunar as lunar
import cosmodrome.games.moon as moon

MODULES = sorted({f"{pkg.__name__}.{m.name}" for pkg in (moon, lunar) for m in pkgutil.iter_modules(pkg.__path__)}
                 | {"cosmodrome.games.moon", "cosmodrome.core.flat", "cosmodrome.testing.golden"})
WITH_EXAMPLES = {"cosmodrome.games.moon", "cosmodrome.games.moon.components", "cosmodrome.games.moon.state",
                 "cosmodrome.games.moon.text", "cosmodrome.games.moon.actions", "cosmodrome.games.moon.scoring",
                 "cosmodrome.games.moon.accidents", "cosmodrome.games.moon.setup", "cosmodrome.games.moon.evaluation",
                 "cosmodrome.games.moon.heuristic", "cosmodrome.games.lunar.dice", "cosmodrome.games.lunar.terrain",
                 "cosmodrome.games.lunar.movement", "cosmodrome.core.flat", "cosmodrome.testing.golden"}


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    res = doctest.testmod(importlib.import_module(name))
    assert res.failed == 0
    if name in WITH_EXAMPLES:
        assert res.attempted > 0
