"""Helpers shared by the games' text modules: a count of the rules in words
(:func:`number_word`), the memo of a table of words made from a component set in the
reader's language (:func:`per_components`) and a table of words made when it is read
(:class:`WhenRead`).

>>> from cosmodrome.i18n import using
>>> with using("hu"):
...     number_word(2), number_word(0, least=0)
('két', 'nulla')
"""

from __future__ import annotations

import functools
from typing import Any, Callable, Mapping

from cosmodrome.i18n import current, pgettext


def number_word(n: int, least: int = 1, most: int = 12) -> str:
    """``n`` in words in the reader's language, as a count stands before its noun ("two
    cards", "three enemy ships"), for ``least`` <= n <= ``most`` (zero to twelve at most);
    other counts in digits.

    >>> number_word(3), number_word(12), number_word(0), number_word(0, least=0), number_word(11, most=10)
    ('three', 'twelve', '0', 'zero', '11')
    """
    if not least <= n <= most or not 0 <= n <= 12:
        return str(n)
    return (pgettext("a count before its noun", "zero"), pgettext("a count before its noun", "one"),
            pgettext("a count before its noun", "two"), pgettext("a count before its noun", "three"),
            pgettext("a count before its noun", "four"), pgettext("a count before its noun", "five"),
            pgettext("a count before its noun", "six"), pgettext("a count before its noun", "seven"),
            pgettext("a count before its noun", "eight"), pgettext("a count before its noun", "nine"),
            pgettext("a count before its noun", "ten"), pgettext("a count before its noun", "eleven"),
            pgettext("a count before its noun", "twelve"))[n]


#: the component sets and languages a text table is kept for at most (variants come and go:
#: the few in use stay)
MEMO_SIZE = 64


def per_components(make: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """``make(comp)`` made once per component set and language (the reader's, when called),
    for a text module's tables of words filled in with a component set's numbers: a view
    hands out the same object every move. An entry keeps its component set, so that the id
    keying it is not reused while it lives; the oldest entry goes past :data:`MEMO_SIZE`.

    >>> made = []
    >>> @per_components
    ... def words(comp):
    ...     made.append(comp)
    ...     return {"n": len(comp)}
    >>> comp = (1, 2)
    >>> words(comp) is words(comp), len(made)
    (True, 1)
    """
    memo: dict = {}

    @functools.wraps(make)
    def made(comp: Any) -> Any:
        key = (id(comp), current())
        got = memo.get(key)
        if got is None or got[0] is not comp:
            got = memo[key] = (comp, make(comp))
            if len(memo) > MEMO_SIZE:
                memo.pop(next(iter(memo)))
        return got[1]
    made.memo = memo   # type: ignore[attr-defined]
    return made


class WhenRead(Mapping):
    """A table of words made by ``make()`` when it is read, in the reader's language (for the
    tables a game hands the core as class attributes: ``Game.help_items``,
    ``Game.component_names``); the core's ``gettext`` of a word already written leaves it be."""

    def __init__(self, make) -> None:
        self._make = make

    def __getitem__(self, key):
        return self._make()[key]

    def __iter__(self):
        return iter(self._make())

    def __len__(self) -> int:
        return len(self._make())
