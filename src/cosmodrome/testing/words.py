"""English function words, for tests that read a text in another language: a Hungarian text
holding more than a few of them is untranslated. ("a" is left out: it is Hungarian's own
definite article.)"""

from __future__ import annotations

import re
from typing import Iterable

FUNCTION_WORDS = frozenset("the and your of to is an are on in at for with you it this from or by be not".split())


def english_share(texts: Iterable[str]) -> tuple[float, list[str]]:
    """The share of English function words among the words of ``texts``, and those found.

    >>> english_share(["the end", "a vég"])
    (0.25, ['the'])
    """
    words = [w for t in texts for w in re.findall(r"[^\W\d_]+", t.lower())]
    hits = [w for w in words if w in FUNCTION_WORDS]
    return len(hits) / max(1, len(words)), hits
