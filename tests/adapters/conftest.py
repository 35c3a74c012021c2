"""The adapters' tests share adapters_helpers (games and player counts)."""

import cosmodrome.testing.toy  # noqa: F401  (registers "pocket-race")
