"""The examples in the docstrings of the terminal's modules and the core's game protocol run
(and are found: each of these modules has some)."""

import doctest
import importlib

import pytest

MODULES = ["cosmodrome.cli.session", "cosmodrome.cli.app", "cosmodrome.core.game"]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    res = doctest.testmod(importlib.import_module(name))
    assert res.failed == 0 and res.attempted > 0
