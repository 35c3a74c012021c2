"""Shared test set-up: make the small test game available to every test."""

import cosmodrome.testing.toy  # noqa: F401  (registers "pocket-race")
