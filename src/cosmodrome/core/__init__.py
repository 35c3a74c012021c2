"""The engine core: the protocol every game provides and every tool uses. It knows no game."""

from cosmodrome.core.bot import Bot
from cosmodrome.core.chance import CHANCE
from cosmodrome.core.errors import (
    CosmodromeError,
    DataError,
    GameOverError,
    IllegalActionError,
    OptionError,
    PlayerCountError,
    RecordError,
    UnknownGameError,
)
from cosmodrome.core.events import Event
from cosmodrome.core.game import (
    Choice,
    Decision,
    Game,
    OptionSpec,
    RuleNumberOption,
    State,
    check_state_json,
    team_returns,
)
from cosmodrome.core.record import GameRecord, undo_start
from cosmodrome.core.registry import game_names, games, get_game, register
from cosmodrome.core.rng import Rng

__all__ = [
    "Bot", "CHANCE", "Choice", "CosmodromeError", "DataError", "Decision", "Event", "Game", "GameOverError",
    "GameRecord", "IllegalActionError", "OptionError", "OptionSpec", "PlayerCountError", "RuleNumberOption",
    "RecordError", "Rng", "State", "UnknownGameError", "check_state_json", "game_names", "games",
    "get_game", "register", "team_returns", "undo_start",
]
