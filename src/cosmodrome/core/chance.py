# cython: annotation_typing=False
"""Explicit chance: a state that stops at every random event and lets the caller choose it.

By default a game keeps its randomness inside the state (a seeded :class:`~cosmodrome.core.rng.Rng`
rolls the dice and a shuffled pile gives its top card): fast, and a record replays exactly. A
search on clones of such a state sees the future, though: a clone rolls the same dice as the
original. A game that sets ``Game.explicit_chance`` also offers the *explicit* mode,
``game.new_state(players, seed, chance="explicit")``:

- the setup (opening hands, first player...) is drawn from ``seed``; then the order of
  every pile is forgotten (``State.forget_order``: a pile is kept sorted). Or, with
  ``game.deal_state(players, options)`` (:func:`deal_state`), the setup itself is dealt
  item by item: the game's setup runs through this module's generator, so every card,
  tile or die it deals is a chance node of its own, seen by the seats its call names (a
  card dealt to a hand: its holder), and two deals that differ only in one seat's hand
  give the other seats the same information. Until the setup is complete the state has
  no table (``is_dealing()``; its view is the game, the player count and the seat);
- every later random event (a die, a draw, a random pick) stops the state at a *chance
  node*: ``is_chance_node()`` is true, ``to_move()`` is :data:`CHANCE`,
  ``chance_outcomes()`` lists ``(outcome, probability)`` and ``apply(outcome)`` takes one.
  A draw's outcomes are the distinct unseen cards, each with its share of the pile (the
  multiset of what is left, never a stored order); identical copies are one outcome, the
  first of their kind, with their share (``kind=`` on a draw, ``same=`` on a die whose
  faces repeat, and ``alike`` giving every copy of a card one id, so that no id tells
  copies apart);
- the state holds no random generator at all, so no clone can predict another's future.

The game's rules need no change beyond calling the generator for every random event
(``s.rng.below``, ``s.rng.draw(pile)``, ``s.rng.take(hand)``, ``s.rng.shuffle``...): in the
explicit mode ``s.rng`` is an :class:`ExplicitChance` that answers those calls from the
outcomes chosen so far, and asks for the next one by interrupting the action. A chance
node's state (its view, its JSON) is the position before the action that caused the event;
``apply`` returns the action's events when the action completes (an empty list while
chance nodes are still pending). An action interrupted by a chance event goes on once its
outcome is known: with ``greenlet`` installed it runs, on a copy of the position, in a
worker greenlet that waits at each event (:class:`_Suspending`) and continues from there,
so an action with k events (or the set-up, with one event per item dealt) runs once
instead of k times; a clone of a chance node, a state loaded from JSON, or an engine
without ``greenlet`` replays the action from the position before it with the outcomes
chosen so far.

A game may name an event in its own words: every call but ``shuffle`` takes ``what`` (the
event, e.g. ``"the roll of the blue die"``) and ``name`` (a function of the value the call
returns: ``lambda face: f"the blue die shows {face}"``), which become the chance node's
prompt and its outcome labels (otherwise generic: "outcome 3 of a uniform pick of 1 to 6").
A label says what the outcome is and nothing more (no other seat's cards, no pile order);
the sampled generator ignores both. Since it ignores them, a game passes them unwritten:
``what`` may be a ``(fn, args)`` pair (the words are ``fn(*args)``) and ``name`` a
``(fn, args)`` pair (the label of value ``v`` is ``fn(*args, v)``), so that a roll in the
sampled mode formats no sentence and makes no closure; only this module writes them, when
an explicit state stops at the event. ``seen_by`` names the seats that see the outcome (a
card only its drawer reads: ``seen_by=(seat,)``); the default, None, is an outcome every seat
sees (a die on the table). The perfect-recall information state
(:mod:`cosmodrome.core.recall`) records an outcome for the seats that see it and "hidden"
for the others.

>>> from cosmodrome.testing import toy
>>> s = toy.GAME.new_state(2, seed=1, chance="explicit")
>>> s.apply(toy.DRAW)                 # the draw stops at a chance node
[]
>>> s.is_chance_node(), s.to_move()
(True, -1)
>>> sum(p for _, p in s.chance_outcomes())
1.0
>>> card = s.chance_outcomes()[0][0]
>>> len(s.apply(card)), s.is_chance_node()
(1, False)
>>> try:                              # an event named in a game's words
...     ExplicitChance().below(6, "the roll of a die", lambda i: f"the die shows {i + 1}")
... except ChanceNeeded as need:
...     need.what, need.name(2)
('the roll of a die', 'the die shows 3')
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter, _count_elements  # the second in C where CPython has it
from itertools import repeat
from typing import Any, Callable, MutableSequence, Optional, Sequence

from cosmodrome.core.errors import IllegalActionError, RecordError

try:            # suspends an action at its chance event instead of replaying it (optional)
    from greenlet import GreenletExit as _GreenletExit
    from greenlet import getcurrent as _current
    from greenlet import greenlet as _greenlet
except ImportError:         # pragma: no cover - then every outcome replays the action
    _greenlet = None

#: ``to_move()`` of a state at a chance node (OpenSpiel's ``PlayerId.CHANCE``)
CHANCE = -1
#: the chance modes of ``Game.new_state``
MODES = ("sampled", "explicit")
#: a game's words for a chance event's outcome: the value the generator's call returns -> label
Namer = Callable[[Any], str]


class ChanceNeeded(BaseException):
    """Raised inside an action when the next random event has no outcome yet. A control-flow
    signal (a BaseException, so no ``except Exception`` in a game's rules can swallow it)."""

    def __init__(self, outcomes: list[tuple[int, float]], what: Any, name: Any = None,
                 seen_by: Optional[frozenset] = None) -> None:
        super().__init__()
        self.outcomes = outcomes
        #: the event and its labeller as the game gave them (maybe unwritten ``(fn, args)``
        #: pairs: :func:`words`, :func:`namer`), written only when read
        self.raw_what, self.raw_name = what, name
        self.seen_by = seen_by

    @property
    def what(self) -> Optional[str]:
        return words(self.raw_what)

    @property
    def name(self) -> Optional[Namer]:
        return namer(self.raw_name)


def words(what: Any) -> Optional[str]:
    """The words of an event given as a string or as an unwritten ``(fn, args)`` pair.

    >>> words("a die"), words(("the card {} draws".format, ("Red",)))
    ('a die', 'the card Red draws')
    """
    if what is None or isinstance(what, str):
        return what
    fn, args = what
    return fn(*args)


def namer(name: Any) -> Optional[Namer]:
    """The labeller of an event's outcomes given as a function or as an unwritten
    ``(fn, args)`` pair (the label of ``v`` is ``fn(*args, v)``).

    >>> namer(("{} shows {}".format, ("the die",)))(6)
    'the die shows 6'
    """
    if name is None or callable(name):
        return name
    fn, args = name
    return lambda v: fn(*args, v)


_UNIFORM: dict[int, list] = {}


def _uniform(n: int) -> list[tuple[int, float]]:
    """Outcomes 0..n-1, each 1/n (one list per n, shared: never changed in place)."""
    out = _UNIFORM.get(n)
    if out is None:
        p = 1.0 / n
        out = _UNIFORM[n] = [(i, p) for i in range(n)]
    return out


def _multiset(pile: Sequence[int], kind: Any = None) -> list[tuple[int, float]]:
    """A draw's outcomes: each distinct item with its share of ``pile``; with ``kind`` (a
    sequence indexed by item or a function of an item) identical copies (items of one kind)
    are one outcome, the smallest such item, with their share.

    >>> _multiset([5, 3, 5, 9], kind=lambda x: x % 2)
    [(3, 1.0)]
    >>> _multiset([4, 1, 2, 2], kind=(0, 0, 1, 1, 1))
    [(1, 0.25), (2, 0.75)]
    """
    n = len(pile)
    if kind is not None and pile.__class__ in (bytearray, bytes) and not callable(kind):
        table = _kind_bytes(kind)
        if table is not None:
            return _multiset_bytes(pile, n, table)
    if kind is None and pile.__class__ in (bytearray, bytes):
        items = sorted(set(pile))
        if len(items) == n:             # every item once (a deck of distinct cards): each 1 / n
            return list(zip(items, repeat(1 / n, n)))
    counts: dict = {}
    _count_elements(counts, pile)       # counted in C; copies of a kind mostly share one id
    if kind is None:
        return [(v, counts[v] / n) for v in sorted(counts)]
    of = kind if callable(kind) else kind.__getitem__
    first: dict[Any, int] = {}
    count: dict[Any, int] = {}
    for v in sorted(counts):            # ascending: a kind's first item met is its smallest
        k = of(v)
        if k in count:
            count[k] += counts[v]
        else:
            count[k], first[k] = counts[v], v
    # kinds in the order of their first items: ascending by outcome
    return [(first[k], c / n) for k, c in count.items()]


#: per kinds table (a sequence indexed by item): a 256-byte table item -> the number of its
#: kind and, per kind number, its items ascending (None: more than 256 items or kinds), for
#: :func:`_multiset_bytes`
_KIND_BYTES: dict[int, tuple] = {}


def _kind_bytes(kinds: Sequence[Any]) -> Optional[tuple]:
    """The translation table and the members of each kind of a kinds table (cached per
    table), or None if it has none."""
    cached = _KIND_BYTES.get(id(kinds))
    if cached is None or cached[0] is not kinds:
        number: dict[Any, int] = {}
        ids = [number.setdefault(k, len(number)) for k in kinds]
        found = None
        if len(ids) <= 256 and len(number) <= 256:
            members: list[list[int]] = [[] for _ in number]
            for item, k in enumerate(ids):
                members[k].append(item)
            found = (bytes(ids + [0] * (256 - len(ids))), members)
        cached = _KIND_BYTES[id(kinds)] = (kinds, found)
    return cached[1]


def _kind_firsts(pile: Any, table: tuple) -> list[tuple[int, int, int]]:
    """``(item, count, kind)`` for each kind in a pile of bytes, ascending by item, counted in
    C: the pile translated to kind numbers by the kinds ``table`` (:func:`_kind_bytes`), each
    kind counted there and its smallest item in the pile found among its members."""
    to_kind, members = table
    kinds = pile.translate(to_kind)
    firsts = []
    for k, items in enumerate(members):
        c = kinds.count(k)
        if c:
            for item in items:
                if item in pile:
                    firsts.append((item, c, k))
                    break
    firsts.sort()
    return firsts


def _multiset_bytes(pile: Any, n: int, table: tuple) -> list[tuple[int, float]]:
    """:func:`_multiset` with a kinds table of a pile of bytes (:func:`_kind_firsts`: the same
    outcomes and probabilities, in the same order)."""
    return [(item, c / n) for item, c, _k in _kind_firsts(pile, table)]


class _Pile:
    """The outcomes of a draw from a pile of bytes, kept by its contents (:data:`_PILES`) so
    that the next draw from the same pile, one item fewer, updates them instead of counting
    the pile again: the outcome ids ascending (with a kinds table, each kind's smallest
    item), their counts and, with a kinds table, their kind numbers; the ``(outcome,
    probability)`` list is written when first asked for (exactly :func:`_multiset`'s)."""

    __slots__ = ("key", "kind", "items", "counts", "knums", "n", "_out")

    def __init__(self, key: bytes, kind: Any, items: list, counts: list, knums: Optional[list], n: int) -> None:
        self.key, self.kind, self.items, self.counts, self.knums, self.n = key, kind, items, counts, knums, n
        self._out: Optional[list] = None

    def outcomes(self) -> list[tuple[int, float]]:
        out = self._out
        if out is None:
            n = self.n
            out = self._out = [(v, c / n) for v, c in zip(self.items, self.counts)]
        return out

    def drawn(self, pile: Any, v: int) -> None:
        """Keep the outcomes of ``pile`` once ``v`` (one of these outcomes) is drawn from it,
        instead of those of the pile before (few are kept, so that they die young: a cache
        of many would keep the garbage collector busy)."""
        if _PILES.get(self.key) is self:
            _PILES.pop(self.key, None)
        n = len(pile)
        if n < 2:
            return
        key = bytes(pile)
        if key in _PILES:
            return
        items, counts, knums = self.items[:], self.counts[:], self.knums
        if knums is None:
            i = bisect_left(items, v)
        else:
            to_kind, members = _kind_bytes(self.kind)
            knums = knums[:]
            i = knums.index(to_kind[v])
        if i >= len(items) or items[i] != v:
            return
        c = counts[i] - 1
        if not c:
            del items[i], counts[i]
            if knums is not None:
                del knums[i]
        elif knums is None:
            counts[i] = c
        else:               # the kind's next smallest item in the pile takes its place, in order
            k = knums.pop(i)
            del items[i], counts[i]
            first = next(x for x in members[k] if x in pile)
            j = bisect_left(items, first)
            items.insert(j, first)
            counts.insert(j, c)
            knums.insert(j, k)
        if len(_PILES) >= _PILES_KEPT:
            _PILES.clear()
        _PILES[key] = _Pile(key, self.kind, items, counts, knums, n)


#: draws' outcomes by the contents of their pile of bytes (:class:`_Pile`); cleared when full
_PILES: dict[bytes, _Pile] = {}
_PILES_KEPT = 16


def _pile(pile: Any, kind: Any) -> Optional[_Pile]:
    """The outcomes of a draw from ``pile`` as a :class:`_Pile` (found by its contents or
    counted now), or None for a pile that is not of bytes or a ``kind`` that is a function or
    not a kinds table of bytes."""
    if pile.__class__ not in (bytearray, bytes) or callable(kind) or len(pile) < 2:
        return None
    key = bytes(pile)
    found = _PILES.get(key)
    if found is not None and found.kind is kind:
        return found
    n = len(pile)
    if kind is None:                    # as _multiset counts: each distinct item
        knums = None
        items = sorted(set(pile))
        if len(items) == n:
            counts = [1] * n
        else:
            counted: dict = {}
            _count_elements(counted, pile)
            counts = [counted[v] for v in items]
    else:                               # as _multiset_bytes counts: each kind's smallest item
        table = _kind_bytes(kind)
        if table is None:
            return None
        items, counts, knums = (list(x) for x in zip(*_kind_firsts(pile, table)))
    found = _Pile(key, kind, items, counts, knums, n)
    if len(_PILES) >= _PILES_KEPT:
        _PILES.clear()
    _PILES[key] = found
    return found


def _faces(faces: Sequence[Any]) -> list[tuple[int, float]]:
    """A die's outcomes: the index of the first face of each distinct value, with its share.

    >>> _faces("AABCDE")[:2]
    [(0, 0.3333333333333333), (2, 0.16666666666666666)]
    """
    n = len(faces)
    first: dict[Any, int] = {}
    count: Counter = Counter()
    for i, f in enumerate(faces):
        first.setdefault(f, i)
        count[f] += 1
    return [(first[f], count[f] / n) for f in first]


#: the ``pending`` marker of a state whose set-up is still being dealt (see :func:`deal_state`)
SETUP = "setup"
#: a die's outcomes by its faces; each kinds table's first item of every kind (``alike``)
_FACES: dict[tuple, list] = {}
_ALIKE: dict[int, tuple] = {}


def first_of_kind(kinds: Sequence[Any]) -> list:
    """For each item ``i`` of a kinds table (``kinds[i]``), the first item of its kind: the
    one id every identical copy takes in the explicit mode (cached per table).

    >>> first_of_kind((7, 7, 8, 8, 7))
    [0, 0, 2, 2, 0]
    """
    cached = _ALIKE.get(id(kinds))
    if cached is None or cached[0] is not kinds:
        first: dict[Any, int] = {}
        for i, k in enumerate(kinds):
            first.setdefault(k, i)
        cached = _ALIKE[id(kinds)] = (kinds, [first[k] for k in kinds])
    return cached[1]


def _one_kind(seq: Sequence[int], kind: Any) -> bool:
    """Whether every item of ``seq`` is of one kind (a draw from it is no chance node)."""
    if not seq:
        raise IndexError("a draw from an empty pile")
    if kind is None:
        return seq.count(seq[0]) == len(seq)
    of = kind if callable(kind) else kind.__getitem__
    k0 = of(seq[0])
    for x in seq:
        if of(x) != k0:
            return False
    return True


class ExplicitChance:
    """The random generator of an explicit-chance state: it holds no randomness, only the
    outcomes chosen so far for the action in progress (``given``) and, at a chance node, the
    action waiting for them (``pending``) with the outcomes of the next event, what it is and
    the game's words for its outcomes (``name``, outcome id -> label; None: generic) and the
    seats that see the outcome (``seen_by``, a frozenset; None: every seat)."""

    __slots__ = ("pending", "given", "outcomes", "_what", "_name", "seen_by", "_used", "_labels", "table", "cont")

    #: the JSON form of a random generator's state that an explicit state stores (none)
    state = 0

    def __init__(self, given: Sequence[int] = (), pending: Optional[int] = None,
                 outcomes: Sequence[tuple[int, float]] = (), what: Any = "",
                 name: Any = None, seen_by: Optional[frozenset] = None,
                 table: Optional[tuple] = None) -> None:
        self.pending = pending
        #: while the set-up is dealt (``pending`` is :data:`SETUP`): ``(game, players, options)``
        self.table = table
        self.given = given if given.__class__ is tuple else tuple(given)
        #: the pending event's ``(outcome, probability)`` pairs: shared, never changed in place
        self.outcomes = outcomes
        # the event's words and labeller as the game gave them (see :func:`words`,
        # :func:`namer`): written when first read (most plays never read them)
        self._what = what
        self._name = name
        self.seen_by = seen_by
        self._used = 0
        self._labels: Optional[dict[int, str]] = None
        #: at a chance node, the action suspended at its event (:class:`_Suspended`), to be
        #: resumed with the outcome instead of replayed; never copied (a copy replays)
        self.cont: Optional[_Suspended] = None

    def copy(self) -> "ExplicitChance":
        return ExplicitChance(self.given, self.pending, self.outcomes, self._what, self._name, self.seen_by,
                              self.table)

    @property
    def what(self) -> str:
        """The pending event in words (e.g. "the roll of the blue die")."""
        w = self._what
        if w is not None and w.__class__ is not str:
            w = self._what = words(w)
        return w

    @property
    def name(self) -> Optional[Namer]:
        """The game's labeller of the pending event's outcomes (None: generic labels)."""
        n = self._name
        if n is not None and not callable(n):
            n = self._name = namer(n)
        return n

    def __deepcopy__(self, memo: dict) -> "ExplicitChance":
        return self.copy()      # never the suspended action: a copy replays it

    def label(self, outcome: int) -> str:
        """The words for ``outcome`` of the pending event: the game's own if it named the
        event, else generic. The labels of one node are distinct (OpenSpiel requires it):
        outcomes the game's words do not tell apart (two cards of one kind) get their
        outcome id added.

        >>> ch = ExplicitChance(pending=0, outcomes=[(3, 0.5), (4, 0.25), (7, 0.25)],
        ...                     what="a draw", name=lambda c: "a bomb" if c > 3 else "a dud")
        >>> [ch.label(o) for o in (3, 4, 7)]
        ['a dud', 'a bomb (outcome 4)', 'a bomb (outcome 7)']
        """
        if self.name is None:
            return f"outcome {outcome} of {self.what}"
        if self._labels is None:
            words = {o: self.name(o) for o, _ in self.outcomes}
            count = Counter(words.values())
            self._labels = {o: w if count[w] == 1 else f"{w} (outcome {o})" for o, w in words.items()}
        return self._labels.get(outcome) or f"outcome {outcome} of {self.what}"

    # ----- the generator's interface, answered from the chosen outcomes ------------------
    def _next(self, outcomes: list[tuple[int, float]], what: Any, name: Any = None,
              seen_by: Optional[Sequence[int]] = None) -> int:
        i = self._used
        if i < len(self.given):
            self._used = i + 1
            return self.given[i]
        raise ChanceNeeded(outcomes, what, name, None if seen_by is None else frozenset(seen_by))

    def below(self, n: int, what: Any = None, name: Any = None,
              seen_by: Optional[Sequence[int]] = None, same: Optional[Sequence[Any]] = None) -> int:
        """A uniform integer in ``[0, n)``: outcomes 0..n-1, each 1/n; with ``same`` (the
        faces of a die rolled as ``same[below(n)]``) equal faces are one outcome, the index
        of the first, with their share."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        if n == 1:
            return 0
        if same is None:
            i = self._used
            if i < len(self.given):         # replaying: the outcome is known
                self._used = i + 1
                return self.given[i]
            return self._next(_uniform(n), what or f"a uniform pick of 1 to {n}", name, seen_by)
        outcomes = _FACES.get(tuple(same))
        if outcomes is None:
            outcomes = _FACES[tuple(same)] = _faces(same)
        if len(outcomes) == 1:
            return outcomes[0][0]
        return self._next(outcomes, what or f"a uniform pick of 1 to {n}", name, seen_by)

    def randint(self, a: int, b: int, what: Any = None, name: Any = None,
                seen_by: Optional[Sequence[int]] = None) -> int:
        name = namer(name)
        return a + self.below(b - a + 1, what, name and (lambda i: name(a + i)), seen_by)

    def choice(self, seq: Sequence[Any], what: Any = None, name: Any = None,
               seen_by: Optional[Sequence[int]] = None) -> Any:
        name = namer(name)
        return seq[self.below(len(seq), what, name and (lambda i: name(seq[i])), seen_by)]

    def shuffle(self, seq: MutableSequence) -> None:
        """A shuffled pile is a multiset: its order is forgotten (sorted), and each draw from
        it is a chance event of its own."""
        seq[:] = sorted(seq)   # a list or a bytearray (which has no sort())

    def draw(self, pile: MutableSequence[int], what: Any = None, name: Any = None,
             seen_by: Optional[Sequence[int]] = None, kind: Any = None) -> int:
        """Draw from a face-down pile: outcomes are its distinct cards (its kinds), each
        with its share."""
        return self.take(pile, what, name, seen_by, kind)

    def take(self, seq: MutableSequence[int], what: Any = None, name: Any = None,
             seen_by: Optional[Sequence[int]] = None, kind: Any = None) -> int:
        """Remove a uniformly random element: outcomes are the distinct values, each with
        its share of ``seq``; with ``kind``, one outcome per kind (its smallest item)."""
        i = self._used
        if i < len(self.given):             # replaying: the outcome is known (unless one kind)
            if _one_kind(seq, kind):
                v = min(seq)
            else:
                self._used = i + 1
                v = self.given[i]
            seq.remove(v)
            return v
        pile = _pile(seq, kind)             # a pile of bytes: its outcomes kept by its contents
        if pile is None:
            if _one_kind(seq, kind):
                v = min(seq)
            else:
                v = self._next(_multiset(seq, kind), what or f"a draw from {len(seq)}", name, seen_by)
            seq.remove(v)
            return v
        items = pile.items
        if len(items) == 1:                 # one kind (its smallest item): no chance node
            v = items[0]
        else:
            v = self._next(pile.outcomes(), what or f"a draw from {len(seq)}", name, seen_by)
        seq.remove(v)
        pile.drawn(seq, v)
        return v

    def deal(self, pool: Sequence[int], k: int, what: Any = None, name: Any = None,
             seen_by: Optional[Sequence[int]] = None, kind: Any = None) -> list:
        """``k`` items dealt from ``pool`` (left as it is), each a chance node of its own
        (item i's event reads ``what`` and "(i of k)")."""
        rest = sorted(pool)
        out = []
        for i in range(min(k, len(rest))):
            said = words(what) or "a deal"
            out.append(self.take(rest, ("{} ({} of {})".format, (said, i + 1, k)), name, seen_by, kind))
        return out

    def alike(self, items: Sequence[int], kinds: Sequence[Any]) -> list:
        """Each item replaced by the first item of its kind (``kinds[item]``): identical
        copies become one value, so no id tells them apart and a draw merges them.

        >>> ExplicitChance().alike([3, 4, 0], (7, 7, 8, 8, 7))
        [2, 0, 0]
        """
        canon = first_of_kind(kinds)
        return [canon[x] for x in items]

    def sample(self, seq: Sequence[Any], k: int) -> list:
        pool = list(seq)
        return [pool.pop(self.below(len(pool))) for _ in range(min(k, len(pool)))]

    def random(self) -> float:
        raise NotImplementedError("explicit chance has no continuous draws: use below()")

    def spawn(self) -> "ExplicitChance":
        raise NotImplementedError("an explicit-chance state has no generator to spawn from")

    def to_json(self) -> dict[str, Any]:
        return {"pending": self.pending, "given": list(self.given)}


# ----- the state class of the explicit mode ------------------------------------------------------
_CLASSES: dict[type, type] = {}


_SLOTS: dict[type, tuple] = {}


def _slot_names(cls: type) -> tuple:
    names = _SLOTS.get(cls)
    if names is None:
        out = []
        for klass in cls.__mro__:
            slots = klass.__dict__.get("__slots__", ())
            for name in (slots,) if isinstance(slots, str) else slots:
                if name not in ("__dict__", "__weakref__") and name not in out:
                    out.append(name)
        names = _SLOTS[cls] = tuple(out)
    return names


_COPIERS: dict[type, Callable[[Any, Any], None]] = {}


def _copier(cls: type) -> Callable[[Any, Any], None]:
    """A function copying every slot of ``cls`` from one object to another, written out
    (one assignment a slot: several times faster than a loop of getattr and setattr)."""
    fn = _COPIERS.get(cls)
    if fn is None:
        lines = ["def copy(dst, src):"]
        for n in _slot_names(cls):
            if not n.isidentifier() or n.startswith("__"):
                raise TypeError(f"slot {n!r} cannot be copied by name")
            lines += ["    try:", f"        dst.{n} = src.{n}", "    except AttributeError:",
                      f"        if hasattr(dst, {n!r}):", f"            del dst.{n}"]
        lines.append("    pass")
        scope: dict[str, Any] = {}
        exec("\n".join(lines), scope)
        fn = _COPIERS[cls] = scope["copy"]
    return fn


def _copy_into(dst: Any, src: Any) -> None:
    """Make ``dst`` hold exactly the fields of ``src`` (slots and ``__dict__``)."""
    _copier(type(src))(dst, src)
    d = getattr(src, "__dict__", None)
    if d is not None:
        dst.__dict__.clear()
        dst.__dict__.update(d)


def explicit_class(base: type) -> type:
    """The explicit-chance version of a game's state class (made once, cached): the same
    fields and rules, with the chance protocol on top (an explicit class is its own)."""
    if "_chance_base" in vars(base):
        return base
    cls = _CLASSES.get(base)
    if cls is None:
        body = {k: v for k, v in vars(ExplicitChanceState).items()
                if k not in ("__slots__", "__dict__", "__weakref__", "__module__", "__qualname__")}
        # the same memory layout as ``base`` (a running state changes class in place), so
        # the protocol is copied in rather than inherited from a second base
        body.update({"__slots__": (), "_chance_base": base, "__module__": base.__module__})
        cls = type(f"Explicit{base.__name__}", (base,), body)
        _CLASSES[base] = cls
    return cls


def make_explicit(state: Any) -> Any:
    """Turn a freshly set-up state into its explicit-chance form (in place; returned)."""
    state.__class__ = explicit_class(type(state))
    state.rng = ExplicitChance()
    state.forget_order()
    return state


def future_as_chance(state: Any) -> Any:
    """A copy of ``state`` whose future random events are chance nodes: in the sampled mode
    its generator and the order of its face-down piles are dropped (``make_explicit``: a
    pile becomes the multiset of what is left), so every later die, draw and random pick
    stops at a chance node with its odds, and the copy foresees nothing; a state already
    in the explicit mode (or over) is simply cloned. The position itself, hidden parts
    included, is the same.

    >>> from cosmodrome.testing import toy
    >>> s = toy.GAME.new_state(2, seed=4)
    >>> c = future_as_chance(s)
    >>> c.chance_mode, c.view(0) == s.view(0)
    ('explicit', True)
    """
    copy = state.clone()
    if state.chance_mode == "sampled" and not state.is_terminal():
        copy = make_explicit(copy)
    return copy


_STATE_CLASS: dict[tuple, type] = {}


def _state_class(game: Any, players: int, options: dict) -> type:
    """The class of ``game``'s states (found once by setting up a sampled game)."""
    key = (game.name, id(game), players)
    cls = _STATE_CLASS.get(key)
    if cls is None:
        cls = _STATE_CLASS[key] = type(game._new_state(players, 0, dict(options)))
    return cls


def deal_state(game: Any, players: int, options: dict, given: Sequence[int] = ()) -> Any:
    """The explicit-chance state before the set-up (``Game.deal_state``): the game's set-up
    runs through an :class:`ExplicitChance`, so every card, tile or die of it is a chance
    node of its own, seen by the seats its call names. ``given``: outcomes already chosen."""
    blank = explicit_class(_state_class(game, players, options)).__new__(
        explicit_class(_state_class(game, players, options)))
    blank.rng = ExplicitChance(table=(game, players, dict(options)))
    blank._deal(tuple(given))
    return blank


def load_state(game: Any, data: Any) -> Any:
    """A state back from its JSON (``Game.load_state``): a set-up still being dealt (its
    ``chance`` names the pending ``"setup"``) is dealt again from its outcomes; any other
    state is the game's ``state_from_json``."""
    chance = data.get("chance") if hasattr(data, "get") else None
    if not (isinstance(chance, dict) and chance.get("pending") == SETUP):
        return game.state_from_json(data)
    if data.get("game") != game.name:
        raise RecordError(f"this saved state is of game {data.get('game')!r}, not {game.name!r}")
    given, players = chance.get("given", []), data.get("players")
    if not isinstance(given, list) or any(isinstance(x, bool) or not isinstance(x, int) for x in given):
        raise RecordError("a saved state's 'chance' needs a list 'given' of whole numbers")
    game.check_players(players)
    options = game.resolve_options(data.get("options") or {})
    try:
        state = deal_state(game, players, options, ())
        for outcome in given:
            state.apply(outcome)
    except (IllegalActionError, ValueError, IndexError, KeyError, TypeError) as exc:
        raise RecordError(f"a saved state's deal does not replay: {exc}") from None
    if not state.is_dealing():
        raise RecordError("a saved state's deal is already complete")
    return state


def restore(state: Any, data: Any) -> Any:
    """After a game rebuilt ``state`` from JSON: if the JSON is of an explicit-chance state
    (its ``chance`` entry), give the state that form back, pending action included."""
    chance = data.get("chance") if hasattr(data, "get") else None
    if chance is None:
        return state
    if not isinstance(chance, dict):
        raise RecordError("a saved state's 'chance' must be an object")
    pending, given = chance.get("pending"), chance.get("given", [])
    if (pending is not None and (isinstance(pending, bool) or not isinstance(pending, int))) or \
            not isinstance(given, list) or any(isinstance(x, bool) or not isinstance(x, int) for x in given):
        raise RecordError("a saved state's 'chance' needs a whole-number 'pending' (or null) and a list 'given'")
    state.__class__ = explicit_class(type(state))
    state.rng = ExplicitChance()
    if pending is not None:
        try:
            state._resume(pending, tuple(given))
        except (IllegalActionError, ValueError, IndexError, KeyError, TypeError) as exc:
            raise RecordError(f"a saved state's pending chance does not replay: {exc}") from None
        if not state.is_chance_node():
            raise RecordError("a saved state's pending chance is already complete")
    return state


def sampled_determinization(state: Any, seat: int, rng: Any) -> Any:
    """A determinization for ``seat`` (``State.resample``) of an explicit-chance state at a
    decision, in the game's sampled form with its own generator spawned from ``rng``: what a
    bot that knows nothing of chance nodes may search on."""
    s = state._plain()
    s = type(s).resample(s, seat, rng)
    s.rng = rng.spawn()
    return s


class _Suspending(ExplicitChance):
    """The generator of an action run in a greenlet of its own: at an event without an
    outcome it hands the event (a :class:`ChanceNeeded`, not raised) to the caller and waits
    there for the outcome, so that the action goes on where it stopped instead of being
    replayed from its start for every outcome."""

    __slots__ = ()

    def _next(self, outcomes: list[tuple[int, float]], what: Any, name: Any = None,
              seen_by: Optional[Sequence[int]] = None) -> int:
        i = self._used
        if i < len(self.given):
            self._used = i + 1
            return self.given[i]
        need = ChanceNeeded(outcomes, what, name, None if seen_by is None else frozenset(seen_by))
        outcome = _current().parent.switch(need)
        self.given += (outcome,)
        self._used = i + 1
        return outcome


#: idle worker greenlets (making one costs far more than switching to it)
_IDLE: list = []
_MAX_IDLE = 8


def _worker(job: tuple) -> None:
    """The body of a worker greenlet: it runs jobs ``(fn, args)`` one after another, handing
    back ``(True, result)`` or ``(False, error)``; between, the job's chance events
    (:class:`_Suspending`) hand a ChanceNeeded back and wait for the outcome."""
    while True:
        fn, args = job
        try:
            out = (True, fn(*args))
        except _GreenletExit:       # dropped while suspended at an event
            raise
        except BaseException as exc:    # noqa: BLE001 - handed to the caller, who raises it
            out = (False, exc)
        job = _current().parent.switch(out)


def _switch(glet: Any, value: Any) -> Any:
    """Switch into a worker from here: a ChanceNeeded (it waits at an event) or the job's
    result (the worker then goes back to the idle ones; an error is raised here)."""
    glet.parent = _current()
    out = glet.switch(value)
    if out.__class__ is ChanceNeeded:
        return out
    if len(_IDLE) < _MAX_IDLE:
        _IDLE.append(glet)
    ok, value = out
    if not ok:
        raise value
    return value


class _Suspended:
    """An action (or the set-up) run by a worker greenlet and stopped at a chance event: the
    worker, the copy of the position it runs on (None for the set-up) and its generator."""

    __slots__ = ("glet", "work", "gen")

    def __init__(self, work: Any, gen: _Suspending) -> None:
        self.glet, self.work, self.gen = (_IDLE.pop() if _IDLE else _greenlet(_worker)), work, gen

    def start(self, fn: Any, *args: Any) -> Any:
        """Run ``fn(*args)`` in the worker: the first event (a ChanceNeeded) or the result."""
        return _switch(self.glet, (fn, args))

    def resume(self, outcome: int) -> Any:
        """Go on with ``outcome``: the next event (a ChanceNeeded) or the action's result."""
        return _switch(self.glet, outcome)


def _name_table(state: Any, table: tuple) -> None:
    """Give a state whose set-up is being dealt its game and player count (if its class has
    those fields)."""
    try:
        state.game = table[0]
    except AttributeError:
        pass
    try:
        state.num_players = table[1]
    except AttributeError:
        pass


class ExplicitChanceState:
    """The chance protocol of an explicit-chance state, copied over a game's state class by
    :func:`explicit_class` (no fields of its own: everything lives in ``rng``; the game's own
    methods are reached through ``_chance_base``)."""

    __slots__ = ()
    #: the game's own state class (set on each class :func:`explicit_class` makes)
    _chance_base: type = object

    # ----- the chance node ---------------------------------------------------------------
    def is_chance_node(self) -> bool:
        return self.rng.pending is not None

    def is_dealing(self) -> bool:
        """Whether the set-up is still being dealt (the state has no table yet: its view is
        only the game's name and the seat; see :func:`deal_state`)."""
        return self.rng.pending is SETUP

    def chance_outcomes(self) -> list[tuple[int, float]]:
        ch = self.rng
        return list(ch.outcomes) if ch.pending is not None else []

    def chance_seen_by(self) -> Optional[frozenset]:
        """At a chance node, the seats that will see its outcome (None: every seat)."""
        return self.rng.seen_by

    @property
    def chance_mode(self) -> str:
        return "explicit"

    def to_move(self) -> Optional[int]:
        if self.rng.pending is not None:
            return CHANCE
        return self._chance_base.to_move(self)

    def legal_actions(self) -> list[int]:
        if self.rng.pending is not None:
            return [o for o, _ in self.rng.outcomes]
        return self._chance_base.legal_actions(self)

    def action_label(self, action: int) -> str:
        if self.rng.pending is not None:
            return f"Chance: {self.rng.label(action)}"
        return self._chance_base.action_label(self, action)

    def action_json(self, action: int) -> dict[str, Any]:
        if self.rng.pending is not None:
            p = dict(self.rng.outcomes).get(action, 0.0)
            return {"action": action, "label": self.action_label(action), "probability": p}
        return self._chance_base.action_json(self, action)

    def decision_kind(self) -> str:
        return "chance" if self.rng.pending is not None else self._chance_base.decision_kind(self)

    def decision_prompt(self) -> str:
        if self.rng.pending is not None:
            return f"Chance decides {self.rng.what}."
        return self._chance_base.decision_prompt(self)

    def is_terminal(self) -> bool:
        return False if self.rng.pending is SETUP else self._chance_base.is_terminal(self)

    def returns(self) -> list[float]:
        if self.rng.pending is SETUP:
            return [0.0] * self.rng.table[1]
        return self._chance_base.returns(self)

    def view(self, seat: Optional[int]) -> dict[str, Any]:
        if self.rng.pending is SETUP:
            game, players, _ = self.rng.table
            return {"game": game.name, "players": players, "seat": seat, "dealing": True}
        return self._chance_base.view(self, seat)

    def view_common(self) -> Any:
        return None  # each view built whole (a dealing table has its own)

    def view_for(self, seat: Optional[int], common: Any) -> dict[str, Any]:
        return self.view(seat)

    def apply(self, action: int) -> list:
        ch = self.rng
        pending = ch.pending
        if pending is not None:
            outcomes = ch.outcomes
            # an outcome is an int of the event's list, found by bisection (every event's list
            # is ascending), and only while the game goes on
            if action.__class__ is int:
                i = bisect_left(outcomes, (action,))
                if i < len(outcomes) and outcomes[i][0] == action and \
                        (pending is SETUP or not self._chance_base.is_terminal(self)):
                    return self._apply(action)
            shown = ", ".join(str(o) for o, _ in outcomes[:12])
            raise IllegalActionError(f"{action!r} is not an outcome of this chance node "
                                     f"({ch.what}); outcomes: {shown}")
        return self._chance_base.apply(self, action)

    # ----- advancing: an action runs on a plain copy and is replayed on each outcome ------------
    def _plain(self, quiet: bool = False) -> Any:
        """A copy of this position as a state of the game's own class (sampled code path)."""
        base = self._chance_base
        work = base.clone(self, quiet) if quiet else base.clone(self)
        work.__class__ = base
        return work

    def _run(self, action: int, given: tuple) -> Optional[list]:
        """Run ``action`` from this position with the outcomes ``given``: its events if it
        completes (this state then becomes the result), None if it needs another outcome
        (this state then becomes that chance node)."""
        # run in place, as the game's own class (its code, unchecked and fast), with a copy
        # of the position before to come back to when chance interrupts (or an error)
        cls, base = type(self), self._chance_base
        backup = base.clone(self)
        self.__class__ = base
        rest = self.rng
        if given or rest.given or rest.pending is not None:
            self.rng = ExplicitChance(given)
        # else the generator at rest serves: with no outcome given it answers nothing and
        # stays as it is unless an event interrupts (then it is replaced below)
        try:
            events = base._apply(self, action)
        except ChanceNeeded as need:
            _copy_into(self, backup)
            self.__class__ = cls
            self.rng = ExplicitChance(given, action, need.outcomes, need.raw_what, need.raw_name, need.seen_by)
            return None
        except BaseException:
            _copy_into(self, backup)
            self.__class__ = cls
            self.rng = ExplicitChance()
            raise
        self.__class__ = cls
        if given:
            self.rng = ExplicitChance()
        return events

    def _start(self, action: int, given: tuple) -> Optional[list]:
        """``_run`` with the action suspended at its chance events: it runs, as the game's
        own class, on a copy of this position in a greenlet; this state stays the position
        before until the action completes (then it takes the copy's fields)."""
        base = self._chance_base
        try:
            work = base.clone(self)
            work.__class__ = base
            cont = _Suspended(work, _Suspending(given))
            work.rng = cont.gen
            out = cont.start(base._apply, work, action)
        except BaseException:
            self.rng = ExplicitChance()
            raise
        return self._settle(out, cont, action)

    def _settle(self, out: Any, cont: _Suspended, action: int) -> Optional[list]:
        """After the suspended action ran on: wait at its next event, or take its result."""
        if isinstance(out, ChanceNeeded):
            ch = self.rng = ExplicitChance(cont.gen.given, action, out.outcomes, out.raw_what, out.raw_name,
                                           out.seen_by)
            ch.cont = cont
            return None
        cls = type(self)
        _copy_into(self, cont.work)
        self.__class__ = cls
        self.rng = ExplicitChance()
        return out

    def _go_on(self, cont: _Suspended, outcome: int) -> Any:
        """Resume a suspended action or set-up with ``outcome`` (an error in it clears the
        chance node, as a replay's would)."""
        try:
            return cont.resume(outcome)
        except BaseException:
            table = self.rng.table
            self.rng = ExplicitChance(table=table) if self.rng.pending is SETUP else ExplicitChance()
            raise

    def _resume(self, pending: int, given: tuple) -> None:
        if not given:
            self._run(pending, ())
            return
        self.rng = ExplicitChance(given[:-1], pending, [(given[-1], 1.0)])
        self._apply(given[-1])

    def _deal(self, given: tuple) -> list:
        """Run the game's set-up with the outcomes ``given``: its events once complete (this
        state then becomes the table dealt), else an empty list (this state then waits at
        the set-up's next chance node)."""
        table = self.rng.table
        game, players, options = table
        if _greenlet is not None:
            cont = _Suspended(None, _Suspending(given))
            return self._dealt(cont.start(game._new_state, players, cont.gen, dict(options)), cont, table)
        try:
            work = game._new_state(players, ExplicitChance(given), dict(options))
        except ChanceNeeded as need:
            self.rng = ExplicitChance(given, SETUP, need.outcomes, need.raw_what, need.raw_name, need.seen_by, table)
            _name_table(self, table)
            return []
        _copy_into(self, work)
        self.rng = ExplicitChance()
        self.forget_order()
        return list(getattr(work, "initial_events", ()) or ())

    def _dealt(self, out: Any, cont: _Suspended, table: tuple) -> list:
        """After the suspended set-up ran on: wait at its next item, or take the table."""
        if isinstance(out, ChanceNeeded):
            ch = self.rng = ExplicitChance(cont.gen.given, SETUP, out.outcomes, out.raw_what, out.raw_name, out.seen_by,
                                           table)
            ch.cont = cont
            _name_table(self, table)
            return []
        _copy_into(self, out)
        self.rng = ExplicitChance()
        self.forget_order()
        return list(getattr(out, "initial_events", ()) or ())

    def _apply(self, action: int) -> list:
        ch = self.rng
        cont = ch.cont
        if cont is not None:            # an action (or the set-up) suspended at this event
            ch.cont = None
            out = self._go_on(cont, action)
            if ch.pending is SETUP:
                return self._dealt(out, cont, ch.table)
            events = self._settle(out, cont, ch.pending)
            return [] if events is None else events
        if ch.pending is SETUP:
            return self._deal(ch.given + (action,))
        if ch.pending is None:
            events = self._run(action, ())
        else:
            pending, given = ch.pending, ch.given + (action,)
            # the action goes on from its start with the outcomes chosen: in a worker that
            # then waits at its next event (no replay for each of its later events)
            if _greenlet is None:
                self.rng = ExplicitChance()
                events = self._run(pending, given)
            else:
                events = self._start(pending, given)
        return [] if events is None else events

    # ----- copies, files, determinizations -------------------------------------------------------
    def clone(self, quiet: bool = False) -> Any:
        if self.rng.pending is SETUP:
            s = type(self).__new__(type(self))
            s.rng = self.rng.copy()
            for attr in ("game", "num_players"):
                try:
                    setattr(s, attr, getattr(self, attr))
                except AttributeError:
                    pass
            return s
        s = self._plain(quiet)
        s.__class__ = type(self)
        s.rng = self.rng.copy()
        return s

    def to_json(self) -> dict[str, Any]:
        if self.rng.pending is SETUP:
            game, players, options = self.rng.table
            return {"game": game.name, "players": players, "options": dict(options),
                    "chance": {"pending": SETUP, "given": list(self.rng.given)}}
        d = self._chance_base.to_json(self)
        d["chance"] = self.rng.to_json()
        return d

    def resample(self, seat: int, rng: Any) -> Any:
        """A determinization for ``seat`` (see ``State.resample``), kept in the explicit mode:
        piles stay multisets and future events stay chance nodes."""
        if self.rng.pending is not None:
            raise ValueError("a chance node has no seat to determinize for: resample at a decision")
        if self.rng.pending is SETUP:
            raise ValueError("the set-up is still being dealt: resample at a decision")
        s = self._plain()
        return make_explicit(type(s).resample(s, seat, rng))
