"""The game registry. The core imports no game: games register themselves, either through
the ``cosmodrome.games`` entry-point group (how installed games are found) or by calling
:func:`register` when their package is imported. A game of one's own that is not installed
is found once its module is imported: :func:`import_modules` (the command line's
``cosmodrome --import MODULE`` and the ``COSMODROME_IMPORT`` environment variable).

>>> "venus" in game_names()      # doctest: +SKIP
True
"""

from __future__ import annotations

import importlib
import os
import sys
from importlib import metadata
from typing import Iterable, Optional

from cosmodrome.core.errors import OptionError, UnknownGameError
from cosmodrome.core.game import Game
from cosmodrome.i18n import _

_GAMES: dict[str, Game] = {}
_ALIASES: dict[str, str] = {}
_BROKEN: dict[str, str] = {}
_loaded_entry_points = False

ENTRY_POINT_GROUP = "cosmodrome.games"

#: the environment variable naming modules to import before a command runs (comma-separated)
IMPORT_ENV = "COSMODROME_IMPORT"

#: the modules :func:`import_modules` imported, in order (worker processes import them too)
_IMPORTED: list[str] = []


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
        err = UnknownGameError(_("unknown game {name!r}; known games: {known}").format(name=name, known=known))
        err.hint = _("A game of your own is found through its entry point in the cosmodrome.games group once its "
                     "package is installed again (pip install -e .), or by importing its module: cosmodrome "
                     "--import MODULE ...")
        raise err from None


def game_names() -> list[str]:
    """The names of all registered games, sorted."""
    _load_entry_points()
    return sorted(_GAMES)


def module_names(names: Iterable[str] = (), env: Optional[str] = None) -> list[str]:
    """The modules named by ``names`` (each may list several, comma-separated) after those of
    the environment variable :data:`IMPORT_ENV` (``env``; default: read from ``os.environ``),
    each once, in order.

    >>> module_names(["b, c", "a"], env="a,d")
    ['a', 'd', 'b', 'c']
    """
    env = os.environ.get(IMPORT_ENV, "") if env is None else env
    out: list[str] = []
    for item in [env, *names]:
        for name in item.replace(" ", ",").split(","):
            if name and name not in out:
                out.append(name)
    return out


def import_modules(names: Iterable[str]) -> list[str]:
    """Import each module of ``names`` (a module of one's own registers its games and bots
    when imported); returns them. All or nothing: when one fails to import, the games the
    others registered are taken out again, and so are the modules the batch imported (with
    their packages and submodules imported with them), so that importing them again runs
    them again; :class:`OptionError` names the module that failed."""
    names = list(names)
    games_before, aliases_before = dict(_GAMES), dict(_ALIASES)
    modules_before = set(sys.modules)
    for name in names:
        try:
            importlib.import_module(name)
        except (Exception, SystemExit) as exc:
            _GAMES.clear()
            _GAMES.update(games_before)
            _ALIASES.clear()
            _ALIASES.update(aliases_before)
            for module in set(sys.modules) - modules_before:
                if any(module == n or module.startswith(n + ".") or n.startswith(module + ".") for n in names):
                    del sys.modules[module]
            raise OptionError(_("cannot import the module {module!r} (--import or {env}): {reason}").format(
                module=name, env=IMPORT_ENV, reason=f"{type(exc).__name__}: {exc}")) from None
    for name in names:
        if name not in _IMPORTED:
            _IMPORTED.append(name)
    return names


def imported_modules() -> tuple[str, ...]:
    """The modules :func:`import_modules` imported: worker processes (the lab's, a server's
    bots') import them too before they look a game up."""
    return tuple(_IMPORTED)


def games() -> list[Game]:
    return [_GAMES[n] for n in game_names()]
