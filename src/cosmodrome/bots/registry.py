"""The bot registry: turn a spec such as ``"ismcts:iters=500"`` into a bot for a game.

A spec is a bot name, optionally followed by ``:`` and comma-separated ``key=value``
parameters. Known bots: ``random``, ``heuristic`` (the game's own, from
``Game.heuristic_bot``, imported lazily), ``ismcts``, ``linear`` (a numpy policy saved as
``.npz``: :mod:`cosmodrome.bots.linear`) and the optional packages' bots.

**A bot of one's own.** Any :class:`~cosmodrome.core.Bot` subclass (a ``name`` and a
``choose(state)``; its ``__init__`` takes ``seed`` and the spec's parameters) joins the
registry with :func:`register_bot`, or is named directly as ``module:Class`` (optionally
``module:Class:key=value,...``) in the lab's and the ladder's ``--bots`` (for example
``--bots mypkg.agents:MyBot,heuristic``): ``make_bot(..., allow_import=True)`` imports the
module. A class may declare ``PARAMS`` (``{"name": type}``) to have its parameters checked
and converted; without it they arrive as strings. A server never imports a module named by
a client: only the lab and the command line allow it.

**It sees only its seat.** Such a bot is played as a :class:`SeatOnly`: its ``choose`` gets
a determinization for the seat to move (``state.resample``: all the seat cannot see
redrawn), never the real state, so that it cannot read another seat's hand or the deck's
order on the ladder (docs/BOTS.md "Information"). ``register_bot(..., sees_all=True)`` hands
it the real state instead, for an oracle or baseline that says it sees everything. The
built-in bots get the real state: their decisions are checked to depend only on the seat's
information (``tests/bots/test_bots_information.py``).

>>> from cosmodrome.testing import toy
>>> make_bot("ismcts:iters=50", "pocket-race", seed=1)
<ISMCTSBot ismcts:iters=50>
>>> parse_spec("ismcts:iters=500,c=1.0")
('ismcts', {'iters': '500', 'c': '1.0'})
"""

from __future__ import annotations

import importlib
from typing import Any, Union

from cosmodrome.bots.ismcts import ISMCTSBot
from cosmodrome.bots.linear import LinearPolicyBot
from cosmodrome.bots.random_bot import RandomBot
from cosmodrome.core import Bot, Game, OptionError, State, get_game
from cosmodrome.core.rng import Rng
from cosmodrome.i18n import _

#: name -> (bot class or None for the game's heuristic, one-line description)
BOTS: dict[str, tuple[Any, str]] = {
    "random": (RandomBot, "uniform over the legal options"),
    "heuristic": (None, "the game's own rule-of-thumb player (Game.heuristic_bot)"),
    "ismcts": (ISMCTSBot, "information-set Monte Carlo tree search "
                          "(iters=, seconds=, c=, prior=, opp=, turns=, paired=, depth=, rollout=)"),
    "linear": (LinearPolicyBot, "a linear policy in numpy, loaded from an .npz file (path=, greedy=)"),
}

#: bots from other packages, loaded on first use so that importing the bots stays light
LAZY_BOTS: dict[str, str] = {
    "openspiel-mcts": "cosmodrome.adapters.openspiel_bots:register_bots",
    "openspiel-ismcts": "cosmodrome.adapters.openspiel_bots:register_bots",
    "policy": "cosmodrome.adapters.sb3_policy:register_bots",
}

#: bots whose parameters name a file to load: the lab may use them, a server never offers them
FILE_BOTS = frozenset({"policy", "linear"})


def register_bot(name: str, cls: Any, description: str = "", params: Any = None, loads_file: bool = False,
                 sees_all: bool = False) -> None:
    """Add a bot kind to :func:`make_bot` (and so to ``--bots``, the lab and the ladder).

    ``cls`` is a :class:`~cosmodrome.core.Bot` subclass (or any callable taking ``seed=``
    and the spec's parameters and returning a bot); ``params`` (``{"name": type}``) checks
    and converts the spec's parameters (default: ``cls.PARAMS`` if it has one, else they
    are passed as strings); ``loads_file``: its parameters name a file (a server never
    offers it). The bot is played as a :class:`SeatOnly` (it is handed a determinization
    for its seat, never the real state) unless ``sees_all``. Registering a name again
    replaces it.

    >>> from cosmodrome.core import Bot
    >>> class First(Bot):
    ...     name = "first"
    ...     def choose(self, state):
    ...         return state.legal_actions()[0]
    >>> register_bot("first", First, "the first legal action")
    >>> make_bot("first", "pocket-race")
    <SeatOnly <First first>>
    """
    if not isinstance(name, str) or not name.strip() or ":" in name or "," in name:
        raise OptionError(f"a bot name is a word without ':' or ',', not {name!r}")
    if not callable(cls):
        raise OptionError(f"bot {name!r}: register a Bot class (or a callable making one), not {cls!r}")
    key = name.strip().lower()
    BOTS[key] = (cls, description or (cls.__doc__ or "").strip().split("\n")[0])
    if sees_all:
        _OWN.discard(key)
    else:
        _OWN.add(key)
    if params is not None:
        _PARAMS[key] = dict(params)
    if loads_file:
        global FILE_BOTS
        FILE_BOTS = FILE_BOTS | {key}


#: parameter types given to :func:`register_bot` (over a class's own ``PARAMS``)
_PARAMS: dict[str, dict[str, type]] = {}

#: names given to :func:`register_bot` without ``sees_all``: played as :class:`SeatOnly`
_OWN: set[str] = set()

#: mixed into a :class:`SeatOnly`'s seed: its determinizations' stream differs from its bot's
_DETERMINIZATIONS = 0x5EA7_0B17


class SeatOnly(Bot):
    """A bot of one's own as Cosmodrome plays it: :meth:`choose` hands the bot (``inner``) a
    determinization for the seat to move, ``state.resample(seat, rng)``, in which all the seat
    cannot see (other hands, the deck's and the bag's order, the random state) is redrawn.
    Its legal actions and the seat's view are the real ones, so a bot that keeps to its
    seat's information decides as it would on the real state, and one that reads more reads
    a guess. The determinizations draw from a stream of their own, seeded from the bot's
    seed: a run is reproducible.

    >>> from cosmodrome.core import Bot, get_game
    >>> from cosmodrome.testing import toy
    >>> class Peek(Bot):
    ...     name = "peek"
    ...     def choose(self, state):
    ...         self.deck = list(state.deck)     # the real deck's order, were it the real state
    ...         return state.legal_actions()[0]
    >>> s = toy.GAME.new_state(2, seed=4)
    >>> bot = SeatOnly(Peek(seed=1), seed=1)
    >>> bot.choose(s) == s.legal_actions()[0], bot.inner.deck == list(s.deck)
    (True, False)
    """

    def __init__(self, inner: Bot, seed: int = 0) -> None:
        self.inner = inner
        self.name = getattr(inner, "name", "bot")
        self.params = getattr(inner, "params", {})
        self.seed = seed
        self.rng = Rng(seed ^ _DETERMINIZATIONS)

    def choose(self, state: State) -> int:
        return self.inner.choose(state.resample(state.to_move(), self.rng))

    def reseed(self, seed: int) -> None:
        if hasattr(self.inner, "reseed"):
            self.inner.reseed(seed)
        self.seed = seed
        self.rng = Rng(seed ^ _DETERMINIZATIONS)

    def describe(self) -> str:
        describe = getattr(self.inner, "describe", None)
        return describe() if callable(describe) else self.name

    def __repr__(self) -> str:
        return f"<SeatOnly {self.inner!r}>"


def _imported(spec: str, name: str, rest: str) -> tuple[Any, str, dict[str, str]]:
    """``module:Class[:k=v,...]``: the class, a name for messages and the raw parameters."""
    cls_name, _sep, params = rest.partition(":")
    cls_name = cls_name.strip()
    try:
        cls = getattr(importlib.import_module(name), cls_name)
    except ImportError as exc:
        raise OptionError(_("bot {spec}: cannot import module {module} ({reason})").format(
            spec=repr(spec), module=repr(name), reason=exc)) from None
    except AttributeError:
        raise OptionError(_("bot {spec}: module {module} has no {name}").format(
            spec=repr(spec), module=repr(name), name=repr(cls_name))) from None
    if not callable(cls):
        raise OptionError(_("bot {spec}: {name} is not a bot class").format(spec=repr(spec), name=f"{name}:{cls_name}"))
    return cls, f"{name}:{cls_name}", parse_spec("x:" + params)[1]


def _is_import(name: str, rest: str) -> bool:
    """Whether a spec names ``module:Class`` (its first parameter has no ``=``)."""
    first = rest.split(":")[0].split(",")[0].strip()
    return bool(first) and "=" not in first and first.isidentifier()


def _load_lazy(name: str) -> None:
    """Register the bots that ``name`` comes with (e.g. OpenSpiel's, from the adapters)."""
    target = LAZY_BOTS.get(name)
    if target is None or name in BOTS:
        return
    module, _sep, func = target.partition(":")
    try:
        getattr(importlib.import_module(module), func)()
    except ImportError as exc:
        extra = "rl" if name in FILE_BOTS else "openspiel"
        raise OptionError(_("bot {name} needs an optional package ({package}); install it with: {command}").format(
            name=repr(name), package=exc.name or exc, command=f"pip install 'cosmodrome[{extra}]'")) from None


def bot_names() -> list[str]:
    return sorted(set(BOTS) | set(LAZY_BOTS))


def _known() -> str:
    return ", ".join(bot_names())


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split ``"name:k=v,k=v"`` into the name and a dict of raw string values."""
    if not isinstance(spec, str) or not spec.strip():
        raise OptionError(_("a bot is named by a spec such as {example} or {example2}, not {spec}; "
                            "known bots: {known}").format(
            example="'random'", example2="'ismcts:iters=500'", spec=repr(spec), known=_known()))
    name, _sep, rest = spec.strip().partition(":")
    name = name.strip().lower()
    params: dict[str, str] = {}
    for part in rest.split(","):
        part = part.strip()
        if not part:
            continue
        key, sep, value = part.partition("=")
        if not sep or not key.strip():
            raise OptionError(_("bot {spec}: parameters are written key=value, not {part}").format(
                spec=repr(spec), part=repr(part)))
        params[key.strip()] = value.strip()
    return name, params


def _coerce(bot: str, params: dict[str, str], types: dict[str, type]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, raw in params.items():
        if key not in types:
            allowed = ", ".join(sorted(types)) or _("none")
            raise OptionError(_("bot {bot} has no parameter {key} (parameters: {allowed})").format(
                bot=repr(bot), key=repr(key), allowed=allowed))
        typ = types[key]
        try:
            out[key] = typ(raw)
        except ValueError:
            raise OptionError(_("bot {bot}: parameter {key} expects {kind}, not {value}").format(
                bot=repr(bot), key=repr(key), kind=_type_words(typ), value=repr(raw))) from None
    return out


def _type_words(typ: type) -> str:
    """A parameter's type in words ("a whole number"), in the reader's language."""
    return {int: _("a whole number"), float: _("a number"), bool: _("true or false"), str: _("a text")}.get(
        typ, typ.__name__)


def _game(game: Union[Game, str]) -> Game:
    return get_game(game) if isinstance(game, str) else game


def _heuristic_class(g: Game) -> Any:
    """The class of ``g``'s heuristic bot, imported from ``Game.heuristic_bot`` ("module:Class")."""
    target = getattr(g, "heuristic_bot", "") or ""
    if not target:
        raise OptionError(_("game {game} has no heuristic bot; use one of: {bots}").format(
            game=repr(g.name), bots="random, ismcts"))
    module, _sep, cls_name = target.partition(":")
    try:
        return getattr(importlib.import_module(module), cls_name)
    except (ImportError, AttributeError) as exc:
        raise OptionError(_("the heuristic bot of {game} ({target}) cannot be loaded: {reason}").format(
            game=repr(g.name), target=target, reason=exc)) from None


def load_heuristic(game: Union[Game, str], seed: int = 0, **params: Any) -> Bot:
    """The game's heuristic bot, imported from ``Game.heuristic_bot`` ("module:Class")."""
    g = _game(game)
    cls = _heuristic_class(g)
    try:
        return cls(seed=seed, **params)
    except TypeError as exc:
        raise OptionError(_("the heuristic bot of {game}: {reason}").format(game=repr(g.name), reason=exc)) from None


def _build(name: str, cls: Any, raw: dict[str, str], seed: int) -> Bot:
    types = _PARAMS.get(name, getattr(cls, "PARAMS", None))
    params = dict(raw) if types is None else _coerce(name, raw, types)
    try:
        bot = cls(seed=seed, **params)
    except TypeError as exc:
        raise OptionError(_("bot {name} cannot be made with {params}: {reason}").format(
            name=repr(name), params=params or _("no parameters"), reason=exc)) from None
    if not hasattr(bot, "choose"):
        raise OptionError(f"bot {name!r} made a {type(bot).__name__}, which has no choose(state)")
    return bot


def make_bot(spec: str, game: Union[Game, str], seed: int = 0, allow_import: bool = False) -> Bot:
    """A bot for ``game`` built from ``spec`` and seeded with ``seed``.

    ``allow_import``: a spec may name ``module:Class`` (the lab and the command line allow
    it; a server never does). Unknown names or parameters raise :class:`OptionError` naming
    the known bots."""
    if isinstance(spec, str):
        head, _sep, rest = spec.strip().partition(":")
        if head.strip().lower() not in BOTS and head.strip().lower() not in LAZY_BOTS and _is_import(head, rest):
            if not allow_import:
                raise OptionError(_("bot {spec} names a class of its own (module:Class): only the lab and the command "
                                    "line load one; known bots: {known}").format(spec=repr(spec), known=_known()))
            cls, label, raw = _imported(spec, head.strip(), rest)
            return SeatOnly(_build(label, cls, raw, seed), seed)
    name, raw = parse_spec(spec)
    _load_lazy(name)
    if name not in BOTS:
        if allow_import:    # the lab and the command line: a bot of one's own may be meant
            raise OptionError(_("unknown bot {name}; known bots: {known}. A bot that a module of your own registers "
                                "is known once that module is imported (cosmodrome --import MODULE ...), or name "
                                "its class as MODULE:Class").format(name=repr(name), known=_known()))
        raise OptionError(_("unknown bot {name}; known bots: {known}").format(name=repr(name), known=_known()))
    cls, _about = BOTS[name]
    g = _game(game)
    if cls is None:
        # A heuristic bot's parameters are its own (its class's PARAMS, none if it declares
        # none): an unknown one is refused, the others passed as strings.
        allowed = getattr(_heuristic_class(g), "PARAMS", None) or {}
        unknown = sorted(set(raw) - set(allowed))
        if unknown:
            raise OptionError(_("bot {bot} has no parameter {key} (parameters: {allowed})").format(
                bot=repr(name), key=repr(unknown[0]), allowed=", ".join(sorted(allowed)) or _("none")))
        return load_heuristic(g, seed, **raw)
    bot = _build(name, cls, raw, seed)
    if name in _OWN:
        bot = SeatOnly(bot, seed)
    if name == "ismcts" and raw.get("rollout") == "heuristic":
        load_heuristic(g)  # fail now, not in the middle of a search
    return bot


def check_bot_specs(specs: list[str], game: Union[Game, str], allow_import: bool = False) -> None:
    """Raise the error :func:`make_bot` would, for each spec, before any work starts."""
    for spec in specs:
        make_bot(spec, game, 0, allow_import)
