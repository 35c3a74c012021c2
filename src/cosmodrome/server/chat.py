"""A game's chat: plain text lines, capped in size and rate, stored with the game.

A line is text only: 1 to :data:`CHAT_MAX` characters, no control characters and no
direction controls (:data:`DIRECTION_CONTROLS`: a right-to-left override could make a line
read as another writer's or reorder what follows it), except that runs of spaces and line
breaks fold to one space. Other invisible characters stay (the zero-width joiner of an
emoji sequence). Pages show it with ``textContent``, never as
markup, so ``<script>`` is shown as those characters. Who may write is the table's choice at
creation (``chat``): ``"all"`` (spectators too), ``"players"`` (the seats only; spectators
read), or ``"off"``.

>>> chat_text("  hello   <b>there</b> ")
'hello <b>there</b>'
>>> chat_text("")
Traceback (most recent call last):
...
cosmodrome.server.security.BadRequest: a chat message has 1 to 500 characters, not 0
"""

from __future__ import annotations

from typing import Any

from cosmodrome.core import OptionError
from cosmodrome.i18n import N_, _
from cosmodrome.server.security import BadRequest, RateLimit

CHAT_MAX = 500
#: who may write in a game's chat (spectators always read)
CHAT_MODES = ("players", "all", "off")
#: lines one writer (a seat, or a spectator's address) may send per window of seconds
CHAT_RATE = (8, 10.0)
#: Unicode's direction marks, embeddings, overrides and isolates (a chat line holds none)
DIRECTION_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def chat_text(raw: Any) -> str:
    """A chat line as stored: text of 1 to :data:`CHAT_MAX` characters, white space folded."""
    if not isinstance(raw, str):
        raise BadRequest(_("'text' must be text, not {type}").format(type=type(raw).__name__))
    if any((ord(c) < 32 and c not in "\t\r\n") or 127 <= ord(c) < 160 for c in raw):
        raise BadRequest(_("a chat message may not hold control characters"))
    if not DIRECTION_CONTROLS.isdisjoint(raw):
        raise BadRequest(_("a chat message may not hold direction controls (such as a right-to-left override)"))
    text = " ".join(raw.split())
    if not 1 <= len(text) <= CHAT_MAX:
        raise BadRequest(_("a chat message has 1 to {most} characters, not {n}").format(most=CHAT_MAX, n=len(text)))
    return text


def chat_mode(raw: Any) -> str:
    """The table's chat setting at creation (default ``"players"``).

    >>> chat_mode(None), chat_mode("all")
    ('players', 'all')
    """
    if raw is None:
        return "players"
    if raw not in CHAT_MODES:
        raise OptionError(_("chat must be one of {names}, not {raw!r}").format(names=', '.join(CHAT_MODES), raw=raw))
    return raw


def chat_limit() -> RateLimit:
    """The rate limit of chat lines per writer."""
    return RateLimit(*CHAT_RATE, what=N_("sent {n} chat messages"))
