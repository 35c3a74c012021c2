"""A variant-capable copy of the toy game for balance tests: option ``components`` names a
JSON file ``{"copies": K}`` (copies of each card value in the deck, 1..8)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cosmodrome.core import DataError, OptionSpec, Rng, register
from cosmodrome.testing.toy import PocketRace, PocketState


class VariantRace(PocketRace):
    name = "pocket-race-v"
    title = "Pocket Race (variants)"
    options = PocketRace.options + (OptionSpec("components", "path", "", "component file (JSON)"),)

    def _new_state(self, players: int, seed: int, options: dict[str, Any]) -> PocketState:
        copies = 4
        if options.get("components"):
            path = Path(options["components"])
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
                copies = data["copies"]
            except (OSError, ValueError, KeyError, TypeError) as exc:
                raise DataError(f"bad component file {path}: {type(exc).__name__}: {exc}") from None
            if not isinstance(copies, int) or not 1 <= copies <= 8:
                raise DataError(f"bad component file {path}: copies must be 1 to 8, not {copies!r}")
        s = PocketState(self, players, options, Rng(seed))
        s.deck = [v for v in range(1, 10) for _ in range(copies)]
        s.rng.shuffle(s.deck)
        s.hands = [sorted([s.deck.pop(), s.deck.pop()]) for _ in range(players)]
        return s


GAME = register(VariantRace())
