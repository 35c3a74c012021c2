"""Errors raised by the engine. Each names the problem in words a user can act on."""


class CosmodromeError(Exception):
    """Base class of every error Cosmodrome raises on purpose."""


class UnknownGameError(CosmodromeError, KeyError):
    """A game name that no registered game has. ``hint``: how to make a game of one's own
    known, for the command line to add (a web client is not told to run commands)."""

    hint = ""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else "unknown game"


class PlayerCountError(CosmodromeError, ValueError):
    """A player count outside the game's range."""


class OptionError(CosmodromeError, ValueError):
    """An unknown option or an option value the game does not accept."""


class IllegalActionError(CosmodromeError, ValueError):
    """An action that is not legal in the current state; the state is left unchanged."""


class GameOverError(IllegalActionError):
    """An action sent to a finished game."""


class RecordError(CosmodromeError, ValueError):
    """A malformed or inconsistent game record or saved state."""


class DataError(CosmodromeError, ValueError):
    """A malformed component data (or variant) file."""
