"""The bot registry: turn a spec such as ``"ismcts:iters=500"`` into a bot for a game.

A spec is a bot name, optionally followed by ``:`` and comma-separated ``key=value``
parameters. Known bots: ``random``, ``heuristic`` (the game's own, from
``Game.heuristic_bot``, imported lazily) and ``ismcts``.

>>> from cosmodrome.testing import toy
>>> make_bot("ismcts:iters=50", "pocket-race", seed=1)
<ISMCTSBot ismcts:iters=50>
>>> parse_spec("ismcts:iters=500,c=1.0")
('ismcts', {'iters': '500', 'c': '1.0'})
"""

from __future__ import annotations

import importlib
from typing import Any, Callable, Union

from cosmodrome.bots.ismcts import ISMCTSBot
from cosmodrome.bots.random_bot import RandomBot
from cosmodrome.core import Bot, Game, OptionError, get_game

#: name -> (bot class or None for the game's heuristic, one-line description)
BOTS: dict[str, tuple[Any, str]] = {
    "random": (RandomBot, "uniform over the legal options"),
    "heuristic": (None, "the game's own rule-of-thumb player (Game.heuristic_bot)"),
    "ismcts": (ISMCTSBot, "information-set Monte Carlo tree search (iters=, seconds=, c=, prior=, opp=, turns=, paired=, depth=, rollout=)"),
}

#: bots from other packages, loaded on first use so that importing the bots stays light
LAZY_BOTS: dict[str, str] = {
    "openspiel-mcts": "cosmodrome.adapters.openspiel_bots:register_bots",
    "openspiel-ismcts": "cosmodrome.adapters.openspiel_bots:register_bots",
    "policy": "cosmodrome.adapters.sb3_policy:register_bots",
}

#: bots whose parameters name a file to load: the lab may use them, a server never offers them
FILE_BOTS = frozenset({"policy"})


def _load_lazy(name: str) -> None:
    """Register the bots that ``name`` comes with (e.g. OpenSpiel's, from the adapters)."""
    target = LAZY_BOTS.get(name)
    if target is None or name in BOTS:
        return
    module, _, func = target.partition(":")
    try:
        getattr(importlib.import_module(module), func)()
    except ImportError as exc:
        extra = "rl" if name in FILE_BOTS else "openspiel"
        raise OptionError(f"bot {name!r} needs an optional package ({exc.name or exc}); "
                          f"install it with: pip install 'cosmodrome[{extra}]'") from None


def bot_names() -> list[str]:
    return sorted(set(BOTS) | set(LAZY_BOTS))


def _known() -> str:
    return ", ".join(bot_names())


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split ``"name:k=v,k=v"`` into the name and a dict of raw string values."""
    if not isinstance(spec, str) or not spec.strip():
        raise OptionError(f"a bot is named by a spec such as 'random' or 'ismcts:iters=500', not {spec!r}; known bots: {_known()}")
    name, _, rest = spec.strip().partition(":")
    name = name.strip().lower()
    params: dict[str, str] = {}
    for part in rest.split(","):
        part = part.strip()
        if not part:
            continue
        key, sep, value = part.partition("=")
        if not sep or not key.strip():
            raise OptionError(f"bot {spec!r}: parameters are written key=value, not {part!r}")
        params[key.strip()] = value.strip()
    return name, params


def _coerce(bot: str, params: dict[str, str], types: dict[str, type]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, raw in params.items():
        if key not in types:
            allowed = ", ".join(sorted(types)) or "none"
            raise OptionError(f"bot {bot!r} has no parameter {key!r} (parameters: {allowed})")
        typ = types[key]
        try:
            out[key] = typ(raw)
        except ValueError:
            raise OptionError(f"bot {bot!r}: parameter {key!r} expects a {typ.__name__}, not {raw!r}") from None
    return out


def _game(game: Union[Game, str]) -> Game:
    return get_game(game) if isinstance(game, str) else game


def load_heuristic(game: Union[Game, str], seed: int = 0, **params: Any) -> Bot:
    """The game's heuristic bot, imported from ``Game.heuristic_bot`` ("module:Class")."""
    g = _game(game)
    target = getattr(g, "heuristic_bot", "") or ""
    if not target:
        raise OptionError(f"game {g.name!r} has no heuristic bot; use one of: random, ismcts")
    module, _, cls_name = target.partition(":")
    try:
        cls = getattr(importlib.import_module(module), cls_name)
    except (ImportError, AttributeError) as exc:
        raise OptionError(f"the heuristic bot of {g.name!r} ({target}) cannot be loaded: {exc}") from None
    try:
        return cls(seed=seed, **params)
    except TypeError as exc:
        raise OptionError(f"the heuristic bot of {g.name!r}: {exc}") from None


def make_bot(spec: str, game: Union[Game, str], seed: int = 0) -> Bot:
    """A bot for ``game`` built from ``spec`` and seeded with ``seed``.

    Unknown names or parameters raise :class:`OptionError` naming the known bots."""
    name, raw = parse_spec(spec)
    _load_lazy(name)
    if name not in BOTS:
        raise OptionError(f"unknown bot {name!r}; known bots: {_known()}")
    cls, _ = BOTS[name]
    g = _game(game)
    if cls is None:
        # A heuristic bot's parameters are its own; pass them as strings.
        return load_heuristic(g, seed, **raw)
    params = _coerce(name, raw, cls.PARAMS)
    bot = cls(seed=seed, **params)
    if name == "ismcts" and params.get("rollout") == "heuristic":
        load_heuristic(g)  # fail now, not in the middle of a search
    return bot


def check_bot_specs(specs: list[str], game: Union[Game, str]) -> None:
    """Raise the error :func:`make_bot` would, for each spec, before any work starts."""
    for spec in specs:
        make_bot(spec, game, 0)
