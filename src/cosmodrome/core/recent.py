"""A bounded memo for the views of recent positions (``Recent``): the server's diffs of a
move's views (``server/updates.py``) and a game's view parts that the next position may hand
out again (``games/venus/view.py``)."""

from __future__ import annotations

from typing import Any, Hashable


class Recent:
    """A map that keeps each entry for at least ``size`` later ones: when its newer generation
    is full, that becomes the older one and the oldest is dropped (no order to keep, no
    sweep). Callers keep in an entry the objects whose ids key it, so that an id is not
    reused while the entry lives.

    >>> r = Recent(2)
    >>> for k in "abc":
    ...     r.put(k, k.upper())
    >>> r.get("a"), r.get("b"), r.get("c")
    ('A', 'B', 'C')
    >>> r.put("d", "D"); r.put("e", "E")
    >>> r.get("a"), r.get("c"), r.get("e")
    (None, 'C', 'E')
    """

    __slots__ = ("size", "new", "old")

    def __init__(self, size: int) -> None:
        self.size = size
        self.new: dict = {}
        self.old: dict = {}

    def get(self, key: Hashable) -> Any:
        got = self.new.get(key)
        return self.old.get(key) if got is None else got

    def put(self, key: Hashable, value: Any) -> None:
        if len(self.new) >= self.size:
            self.old, self.new = self.new, {}
        self.new[key] = value
