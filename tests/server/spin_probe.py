"""A bot for the lab's tests that writes the pid of the process it plays in to a file at its
first decision and then thinks on (``spin_probe:SpinBot:path=FILE``): a game that does not
end by itself while the test runs (at most ``SPIN`` seconds, then the first legal action)."""

from __future__ import annotations

import os
import time
from pathlib import Path

SPIN = 300.0


class SpinBot:
    def __init__(self, seed: int = 0, path: str = "") -> None:
        self.path = path

    def choose(self, state) -> int:
        Path(self.path).write_text(str(os.getpid()))
        end = time.monotonic() + SPIN
        while time.monotonic() < end:
            pass
        return state.legal_actions()[0]
