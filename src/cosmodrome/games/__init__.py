"""One package per game. Each registers itself with :mod:`cosmodrome.core.registry`
(installed games through the ``cosmodrome.games`` entry-point group in pyproject.toml)."""
