"""A small, fast, seedable random generator whose whole state is one integer.

Games keep their randomness inside the state (dice, shuffles, draws), so a state must be
cheap to clone and exactly reproducible. Python's :class:`random.Random` carries 625 words of
state; SplitMix64 carries one, which makes cloning a state nearly free and its JSON form a
single number.

>>> a, b = Rng(7), Rng(7)
>>> [a.below(100) for _ in range(3)] == [b.below(100) for _ in range(3)]
True
>>> c = a.copy(); c.randint(1, 6) == a.randint(1, 6)
True
"""

from __future__ import annotations

from typing import Any, MutableSequence, Optional, Sequence, TypeVar

T = TypeVar("T")

#: what a game may say about a random event (``what``) and its outcomes (``name``): only the
#: explicit chance mode shows them (:mod:`cosmodrome.core.chance`); this generator ignores them.
#: Either may be given unwritten as a ``(fn, args)`` pair, written only where it is read.
_Namer = Optional[Any]
#: the seats that see a random event's outcome (None: every seat); the explicit chance mode
#: records it for the perfect-recall information state (:mod:`cosmodrome.core.recall`)
_Seers = Optional[Sequence[int]]

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


#: from this length on a shuffle computes its draws at once (:func:`_swaps`)
_AT_ONCE = 24


def _swaps(state: int, n: int) -> list:
    """The swap partners ``j`` of a Fisher–Yates shuffle of ``n`` items from ``state``, for
    ``i = n - 1`` down to 1: draw ``k`` (1, 2, ...) of SplitMix64 modulo ``i + 1``, computed
    for every ``k`` at once on unsigned 64-bit integers (which wrap as ``& _MASK`` does)."""
    import numpy as np

    k = np.arange(1, n, dtype=np.uint64)
    s = k * np.uint64(_GOLDEN) + np.uint64(state)
    s = (s ^ (s >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    s = (s ^ (s >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    s ^= s >> np.uint64(31)
    return (s % np.arange(n, 1, -1, dtype=np.uint64)).tolist()


class Rng:
    """SplitMix64. ``Rng(seed)`` for any integer seed; ``copy()`` clones; ``state`` is an int."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        # Mix the seed once so that small neighbouring seeds give unrelated streams.
        self.state = _mix((int(seed) * _GOLDEN + 0x632BE59BD9B4E019) & _MASK)

    @classmethod
    def from_state(cls, state: int) -> "Rng":
        r = cls.__new__(cls)
        r.state = int(state) & _MASK
        return r

    def copy(self) -> "Rng":
        r = Rng.__new__(Rng)
        r.state = self.state
        return r

    def next64(self) -> int:
        s = (self.state + _GOLDEN) & _MASK
        self.state = s
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
        return s ^ (s >> 31)

    def below(self, n: int, what: Any = None, name: _Namer = None,
              seen_by: _Seers = None, same: Optional[Sequence[Any]] = None) -> int:
        """A uniform integer in ``[0, n)`` (the modulo bias is below 2**-50 for game sizes).
        ``what``, ``name`` and ``seen_by`` describe the event in the explicit chance mode
        (ignored here); so does ``same``, the faces of a die rolled as ``same[below(n)]``
        (in the explicit mode equal faces are one outcome with their share)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        # next64() written out: the hottest call of random play
        s = (self.state + _GOLDEN) & _MASK
        self.state = s
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
        return (s ^ (s >> 31)) % n

    def randint(self, a: int, b: int, what: Any = None, name: _Namer = None,
                seen_by: _Seers = None) -> int:
        """A uniform integer in ``[a, b]``, both ends included."""
        return a + self.below(b - a + 1)

    def random(self) -> float:
        """A float in ``[0, 1)``."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq: Sequence[T], what: Any = None, name: _Namer = None,
               seen_by: _Seers = None) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, seq: MutableSequence) -> None:
        """Fisher–Yates shuffle in place (each swap draws as ``below(i + 1)`` does). A long
        pile (a deck, a bag) has its draws computed at once in numpy's 64-bit arithmetic
        (the same numbers: every step is modulo 2**64), only the swaps one by one."""
        n = len(seq)
        if n >= _AT_ONCE:
            js = _swaps(self.state, n)
            for i, j in zip(range(n - 1, 0, -1), js):
                seq[i], seq[j] = seq[j], seq[i]
            self.state = (self.state + (n - 1) * _GOLDEN) & _MASK
            return
        s = self.state
        for i in range(n - 1, 0, -1):
            s = (s + _GOLDEN) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = (z ^ (z >> 31)) % (i + 1)
            seq[i], seq[j] = seq[j], seq[i]
        self.state = s

    def draw(self, pile: MutableSequence[T], what: Any = None, name: _Namer = None,
             seen_by: _Seers = None, kind: Any = None) -> T:
        """The top card of a pile this generator shuffled (its last element). In the
        explicit chance mode (:mod:`cosmodrome.core.chance`) a draw is a chance node over
        the pile's distinct cards instead, so a game draws through this method. ``kind``
        (a sequence indexed by card, or a function of a card) says which cards are identical
        copies: the explicit mode offers one outcome per kind (ignored here).

        >>> r = Rng(1); pile = [1, 2, 3]; r.draw(pile), pile
        (3, [1, 2])
        """
        return pile.pop()

    def take(self, seq: MutableSequence[T], what: Any = None, name: _Namer = None,
             seen_by: _Seers = None, kind: Any = None) -> T:
        """Remove and return a uniformly random element of ``seq`` (a card taken blind
        from a hand).

        >>> r = Rng(1); hand = [4, 5, 6]; c = r.take(hand); c in (4, 5, 6) and c not in hand
        True
        """
        return seq.pop(self.below(len(seq)))

    def deal(self, pool: Sequence[T], k: int, what: Any = None, name: _Namer = None,
             seen_by: _Seers = None, kind: Any = None) -> list[T]:
        """The first ``k`` items of ``pool`` shuffled (``pool`` itself is left as it is): a
        set-up dealt face up or to one seat. In the explicit chance mode each item is a
        chance node of its own (``what``, ``name``, ``seen_by``, ``kind`` as for
        :meth:`draw`).

        >>> r = Rng(4); p = list(range(6)); r.shuffle(p); Rng(4).deal(range(6), 2) == p[:2]
        True
        """
        out = list(pool)
        self.shuffle(out)
        return out[:k]

    def alike(self, items: Sequence[T], kinds: Sequence[Any]) -> list[T]:
        """``items`` as this generator keeps them: unchanged. The explicit chance mode
        replaces each item by the first item of its kind (``kinds[item]``), so identical
        copies are one value that no id tells apart (see :mod:`cosmodrome.core.chance`).

        >>> Rng(1).alike([3, 4], (7, 7, 8, 8, 7))
        [3, 4]
        """
        return list(items)

    def sample(self, seq: Sequence[T], k: int) -> list[T]:
        pool = list(seq)
        self.shuffle(pool)
        return pool[:k]

    def spawn(self) -> "Rng":
        """An independent generator seeded from this one (advances this one by one draw)."""
        return Rng(self.next64())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __repr__(self) -> str:
        return f"Rng.from_state({self.state})"


def as_rng(seed: Any) -> Any:
    """A game's set-up generator: ``Rng(seed)`` for a seed, the generator itself when given
    one (the explicit chance mode deals a set-up item by item through its own generator).

    >>> as_rng(3) == Rng(3), as_rng(Rng(3)) == Rng(3)
    (True, True)
    """
    if isinstance(seed, int):
        return Rng(seed)
    if hasattr(seed, "below"):
        return seed
    return Rng(int(seed))


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)
