"""The examples in the engine's docstrings run."""

import doctest

import pytest

from cosmodrome.games.venus import actions, components, scoring, setup, state


@pytest.mark.parametrize("mod", [actions, components, scoring, setup, state])
def test_doctests(mod):
    res = doctest.testmod(mod)
    assert res.failed == 0
