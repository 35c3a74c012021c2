"""A bot for the lab's tests that writes the niceness of the process it plays in to a file
(``nice_probe:NiceBot:path=FILE``), then plays the first legal action."""

from __future__ import annotations

import os
from pathlib import Path


class NiceBot:
    def __init__(self, seed: int = 0, path: str = "") -> None:
        Path(path).write_text(str(os.nice(0)))

    def choose(self, state) -> int:
        return state.legal_actions()[0]
