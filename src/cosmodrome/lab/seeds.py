"""Seeds for the games of a batch, derived deterministically from one master seed.

>>> game_seed(1, 0) == game_seed(1, 0) != game_seed(1, 1)
True
>>> 0 <= game_seed(-5, 3) < 2**62
True
"""

from __future__ import annotations

_MASK = (1 << 64) - 1


def _mix(z: int) -> int:
    z &= _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def derive_seed(master: int, index: int) -> int:
    """A 62-bit seed for item ``index`` under ``master`` (fits a SQLite integer)."""
    return _mix(_mix(int(master) * 0x9E3779B97F4A7C15 + 0x1234567) ^ (int(index) + 1) * 0xD1B54A32D192ED03) >> 2


def game_seed(master: int, index: int) -> int:
    """The seed of game ``index`` of a batch with master seed ``master``."""
    return derive_seed(master, index)
