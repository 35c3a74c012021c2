"""The game registry. The core imports no game: games register themselves, either through
the ``cosmodrome.games`` entry-point group (how installed games are found) or by calling
:func:`register` when their package is imported.

>>> "venus" in game_names()      # doctest: +SKIP
True
"""

from __future__ import annotations

from importlib import metadata
from typing import Iterable

from cosmodrome.core.errors import UnknownGameError
from cosmodrome.core.game import Game
from cosmodrome.i18n import _

_GAMES: dict[str, Game] = {}
_ALIASES: dict[str, str] = {}
_BROKEN: dict[str, str] = {}
_loaded_entry_points = False

ENTRY_POINT_GROUP = "cosmodrome.games"


def register(game: Game, aliases: Iterable[str] = ()) -> Game:
    """Make ``game`` available under ``game.name`` (and any aliases). Returns the game."""
    if not game.name:
        raise ValueError("a game needs a name to be registered")
    _GAMES[game.name] = game
    for alias in aliases:
        _ALIASES[alias] = game.name
    return game


def _load_entry_points() -> None:
    global _loaded_entry_points
    if _loaded_entry_points:
        return
    _loaded_entry_points = True
    for ep in metadata.entry_points(group=ENTRY_POINT_GROUP):
        if ep.name in _GAMES:
            continue
        try:
            obj = ep.load()
        except Exception as exc:  # a broken plug-in must not take the others down
            _BROKEN[ep.name] = f"{type(exc).__name__}: {exc}"
            continue
        game = obj() if isinstance(obj, type) else obj
        if isinstance(game, Game) and game.name not in _GAMES:
            register(game)


def get_game(name: str) -> Game:
    """The registered game called ``name``; :class:`UnknownGameError` lists the known ones."""
    _load_entry_points()
    key = _ALIASES.get(name, name)
    try:
        return _GAMES[key]
    except KeyError:
        if key in _BROKEN:
            raise UnknownGameError(_("game {name!r} is installed but failed to load: {reason}").format(
                name=name, reason=_BROKEN[key])) from None
        known = ", ".join(game_names()) or "none"
        raise UnknownGameError(_("unknown game {name!r}; known games: {known}").format(
            name=name, known=known)) from None


def game_names() -> list[str]:
    """The names of all registered games, sorted."""
    _load_entry_points()
    return sorted(_GAMES)


def games() -> list[Game]:
    return [_GAMES[n] for n in game_names()]
