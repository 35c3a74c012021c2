"""Helpers for games whose state is flat fields of small ints (fast to clone and to step):
a registry of hooks through which a game's low layers call its higher ones, and the
plumbing of a state driven through them (:class:`FlatState`; its fields are declared once,
in a table from which :mod:`cosmodrome.core.fields` writes its constructor, clone and saved
form).

>>> hooks = Hooks("demo", ("legal",))
>>> hooks.register(legal=len)
>>> hooks.legal([1, 2])
2
"""

from __future__ import annotations

from typing import Any, Iterable, Optional


class Hooks:
    """Named entry points that a game's face registers once, so that its data and rules
    layers can call the layers above them without importing them: the one way every game
    plugs its upper modules into its state (docs/ARCHITECTURE.md, "Hooks"). A hook is a
    plain attribute, so a call through it costs one attribute lookup; one called before it
    is registered raises, naming it.

    >>> h = Hooks("demo", ("legal", "view"))
    >>> h.register(legal=len)
    >>> h.unregistered()
    ('view',)
    """

    def __init__(self, game: str, names: Iterable[str]) -> None:
        self._game = game
        self._names = tuple(names)
        for name in self._names:
            setattr(self, name, self._missing(name))

    def _missing(self, name: str):
        game = self._game

        def missing(*args: Any) -> Any:
            raise RuntimeError(f"{game}: the hook {name!r} is not registered")
        missing._missing_hook = True
        return missing

    def register(self, **fns: Any) -> None:
        """Set the named hooks; an unknown name is refused (before any is set)."""
        for name in fns:
            if name not in self._names:
                raise ValueError(f"{self._game}: unknown hook {name!r}")
        for name, fn in fns.items():
            setattr(self, name, fn)

    @property
    def names(self) -> tuple:
        """Every hook's name, in the order declared."""
        return self._names

    def unregistered(self) -> tuple:
        """The hooks not registered yet (a game's face registers them all)."""
        return tuple(n for n in self._names if getattr(getattr(self, n), "_missing_hook", False))


def range_kind(a: int, kinds: Iterable[tuple[str, int]], below: str) -> str:
    """The name of the range of a packed action space that id ``a`` falls in: ``kinds`` lists
    each range's name and first id, in order; ``below`` names the ids before the first range
    (docs/ARCHITECTURE.md, "Packed action ids").

    >>> kinds = (("move", 10), ("shoot", 20))
    >>> range_kind(3, kinds, "done"), range_kind(10, kinds, "done"), range_kind(25, kinds, "done")
    ('done', 'move', 'shoot')
    """
    name = below
    for kind, first in kinds:
        if a < first:
            break
        name = kind
    return name


class FlatState:
    """The plumbing of a state kept in flat fields and driven through :class:`Hooks` (mixed
    into a :class:`~cosmodrome.core.game.State` subclass): the protocol calls go to the hooks
    ``legal``, ``action_json``, ``prompt``, ``perform``, ``view``; events are gathered in
    ``ev`` (except on a quiet clone, ``clone(quiet=True)``, made for search: the game's
    ``say`` then records nothing). The subclass declares its saved fields once, in its
    ``FIELDS`` table, and takes its ``clone`` and ``to_json`` (and the ``_init_fields`` its
    constructor calls) from :func:`cosmodrome.core.fields.flat_methods`. A state whose only
    hidden thing is the future resamples to a clone with a fresh random generator."""

    HOOKS: Hooks
    #: a search clone: records no events (set on the instance by ``clone(quiet=True)``)
    quiet = False
    #: the saved fields, ``(name, kind, initial)`` (see :mod:`cosmodrome.core.fields`)
    FIELDS: tuple = ()
    #: the codecs of the table's kinds with a saved form of their own, by kind
    #: (:class:`cosmodrome.core.fields.Codec`)
    CODECS: dict = {}
    PHASE_KIND: dict = {}

    #: the phase of a finished game (set by the game): no legal action
    OVER_PHASE: int = -1
    #: the legal actions last computed, kept until the next action (see :meth:`apply`)
    _menu = None

    def legal_actions(self) -> list:
        """The legal actions, ascending. The list is kept until the next action, so that
        :meth:`apply` checks an action against it instead of computing it again."""
        if self.phase == self.OVER_PHASE:
            return []
        menu = self._menu = self.HOOKS.legal(self)
        return menu

    def kept_legal_actions(self) -> Optional[list]:
        """The menu kept by :meth:`legal_actions` until the next action (a position changed
        by hand, as tests do, is asked again before :meth:`apply` refuses an action)."""
        return None if self.phase == self.OVER_PHASE else self._menu

    def action_label(self, action: int) -> str:
        return self.HOOKS.action_json(self, action)["label"]

    def action_json(self, action: int) -> dict:
        return self.HOOKS.action_json(self, action)

    def decision_kind(self) -> str:
        return self.PHASE_KIND.get(self.phase, "choose")

    def decision_prompt(self) -> str:
        return self.HOOKS.prompt(self)

    def _apply(self, action: int) -> list:
        self._menu = None
        self.ev = []
        self.decisions += 1
        self.HOOKS.perform(self, action)
        ev, self.ev = self.ev, []
        return ev

    def view(self, seat) -> dict:
        return self.HOOKS.view(self, seat)

    def resample(self, seat: int, rng):
        s = self.clone()
        s.rng = rng.spawn()
        return s
