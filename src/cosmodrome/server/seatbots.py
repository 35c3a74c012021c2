"""Bots that fill seats at the browser table.

Everything goes through :func:`seat_bot`: it uses ``cosmodrome.bots.make_bot(spec, game,
seed)`` when the bots package provides it, and otherwise a tiny local uniform-random chooser
(so the table works before the real bots land). :func:`bot_levels` lists the specs the lobby
offers.

>>> from cosmodrome.testing import toy
>>> bot = seat_bot("random", toy.GAME, seed=3)
>>> s = toy.GAME.new_state(2, seed=1)
>>> bot.choose(s) in s.legal_actions()
True
"""

from __future__ import annotations

from cosmodrome.core import Bot, Game, OptionError, State
from cosmodrome.i18n import _

#: what the lobby offers when the bots package does not say
DEFAULT_LEVELS = ["random", "heuristic", "ismcts:seconds=0.25", "ismcts:seconds=1", "ismcts:seconds=3"]


class LocalRandomBot(Bot):
    """Uniform over the legal actions (the stand-in while cosmodrome.bots is missing)."""

    name = "random"

    def choose(self, state: State) -> int:
        return self.rng.choice(state.legal_actions())


#: bots whose parameters name a file (a client never names a file on the server)
FILE_BOTS = frozenset({"policy", "linear"})


def _make_bot():
    try:
        from cosmodrome.bots import make_bot  # type: ignore[attr-defined]
    except ImportError:
        return None
    return make_bot


def seat_bot(spec: str, game: Game, seed: int) -> Bot:
    """A bot for ``spec`` ("random", "heuristic", "ismcts:seconds=0.25"...) playing ``game``.

    Raises :class:`OptionError` naming the problem when the spec is not understood."""
    if not isinstance(spec, str) or not spec.strip():
        raise OptionError(_("a bot seat needs a bot level such as 'random', not {spec!r}").format(spec=spec))
    if spec.strip().partition(":")[0].strip().lower() in FILE_BOTS:
        raise OptionError(_("bot level {level!r} loads a file and is not offered at a table").format(
            level=spec.partition(':')[0]))
    make_bot = _make_bot()
    if make_bot is not None:
        try:
            return make_bot(spec, game, seed)
        except OptionError:
            raise
        except Exception as exc:
            raise OptionError(_("bot level {spec!r} cannot play {name}: {exc}").format(
                spec=spec, name=game.name, exc=exc)) from None
    if spec.split(":")[0] == "random":
        return LocalRandomBot(seed)
    # Before the bots package exists every level plays at random (said in the seat's name).
    return LocalRandomBot(seed)


def bot_levels(game: Game) -> list[str]:
    """The bot levels the lobby offers for ``game`` (those that can be built for it)."""
    out = []
    for spec in DEFAULT_LEVELS:
        try:
            if _make_bot() is None and spec != "random":
                continue
            seat_bot(spec, game, 0)
        except OptionError:
            continue
        except Exception:
            continue
        out.append(spec)
    return out or ["random"]
