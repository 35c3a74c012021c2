"""The examples in the docstrings of the online modules (chat, clocks, accounts, ratings) hold."""

from __future__ import annotations

import doctest
import importlib

import pytest


@pytest.mark.parametrize("name", ["cosmodrome.server.chat", "cosmodrome.server.clocks", "cosmodrome.server.accounts",
                                  "cosmodrome.server.ratings", "cosmodrome.server.seats"])
def test_doctests(name):
    res = doctest.testmod(importlib.import_module(name))
    assert res.attempted > 0 and res.failed == 0
