"""The examples in the engine's docstrings run."""

import doctest

import pytest

from cosmodrome.games.venus import actions, components, evaluation, scoring, setup, state, text


@pytest.mark.parametrize("mod", [actions, components, evaluation, scoring, setup, state, text])
def test_doctests(mod):
    res = doctest.testmod(mod)
    assert res.failed == 0
