"""Events: what an action caused, with a sentence for the game log and who may see it.

An event is public unless ``visible_to`` names the seats that may see it in full. Seats
outside that set see ``hidden_text`` instead (for example "Red drew a card" where Red itself
reads "You drew Take £3"), or nothing at all when ``hidden_text`` is None.

A sentence is written when it is first read, not when the event happens: a search that
plays thousands of moves and reads none of its log pays for no text (see ``Event``).

``chance`` marks events that drew on randomness or revealed information a seat did not
have before (dice, draws, looking at a hand). The server lets a seat undo its own decisions
only back to the latest such event.

>>> e = Event("draw", "Red drew Take £3.", visible_to=frozenset({0}), hidden_text="Red drew a card.")
>>> e.text_for(0), e.text_for(1), e.text_for(None)
('Red drew Take £3.', 'Red drew a card.', 'Red drew a card.')
"""

from __future__ import annotations

from typing import Any, Optional, Union

from cosmodrome.i18n import _current

#: a sentence, or a sentence to be written when it is first read: ``(fn, args)`` is
#: ``fn(*args)``, e.g. ``("{} drew {}.".format, ("Red", "Take £3"))``
Text = Union[str, tuple]


def _written(text: Text) -> Optional[str]:
    if text is None:
        return text
    if text.__class__ is str:  # a fixed sentence: its translation, if the catalog has one
        lang, tr = _current.get()
        return text if lang == "en" or not text else tr.gettext(text)
    fn, args = text
    return fn(*args)


class Event:
    """One thing an action caused. ``text`` and ``hidden_text`` are sentences, or
    ``(fn, args)`` pairs written the first time they are read (the rules pass the values
    a sentence needs, never the state, so a later change cannot alter it); every reader
    sees a plain string.

    >>> e = Event("roll", ("{} rolls {}.".format, ("Red", 6)))
    >>> e.text, e == Event("roll", "Red rolls 6.")
    ('Red rolls 6.', True)
    """

    __slots__ = ("kind", "_text", "data", "visible_to", "_hidden", "chance", "_lang", "_written", "_hwritten")

    def __init__(self, kind: str, text: Text, data: Optional[dict[str, Any]] = None,
                 visible_to: Optional[frozenset[int]] = None, hidden_text: Optional[Text] = None,
                 chance: bool = False) -> None:
        self.kind = kind
        self._text = text
        self.data = {} if data is None else data
        self.visible_to = visible_to
        self._hidden = hidden_text
        self.chance = chance
        self._lang = None

    # The sentences are kept unwritten and written in the reader's language (the language of
    # the context, cosmodrome.i18n.using): the last language's sentences are kept, so a
    # table read in one language writes each sentence once.
    def _in_language(self) -> None:
        lang = _current.get()[0]
        if self._lang != lang:
            self._written = _written(self._text)
            self._hwritten = _written(self._hidden)
            self._lang = lang

    @property
    def text(self) -> str:
        if self._lang != _current.get()[0]:
            self._in_language()
        return self._written

    @property
    def hidden_text(self) -> Optional[str]:
        if self._hidden is None:
            return None
        if self._lang != _current.get()[0]:
            self._in_language()
        return self._hwritten

    def _key(self) -> tuple:
        return (self.kind, self.text, self.data, self.visible_to, self.hidden_text, self.chance)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Event:
            return NotImplemented
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]  (like the dataclass it replaces: data is a dict)

    def __reduce__(self) -> tuple:
        # pickled (to a worker process, a cache) with its sentences written
        return (Event, (self.kind, self.text, self.data, self.visible_to, self.hidden_text, self.chance))

    def __repr__(self) -> str:
        return (f"Event(kind={self.kind!r}, text={self.text!r}, data={self.data!r}, "
                f"visible_to={self.visible_to!r}, hidden_text={self.hidden_text!r}, chance={self.chance!r})")

    def visible(self, seat: Optional[int]) -> bool:
        """True when ``seat`` (None for a spectator) sees this event in full."""
        return self.visible_to is None or (seat is not None and seat in self.visible_to)

    def text_for(self, seat: Optional[int]) -> Optional[str]:
        """The log sentence ``seat`` reads, or None when the event is hidden from it."""
        return self.text if self.visible(seat) else self.hidden_text

    def for_seat(self, seat: Optional[int]) -> Optional[dict[str, Any]]:
        """The JSON form of this event as ``seat`` may see it (None when hidden)."""
        if self.visible(seat):
            return {"kind": self.kind, "text": self.text, "data": self.data, "chance": self.chance}
        if self.hidden_text is None:
            return None
        return {"kind": self.kind, "text": self.hidden_text, "data": {}, "chance": self.chance}

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind, "text": self.text, "data": self.data, "chance": self.chance}
        if self.visible_to is not None:
            d["visible_to"] = sorted(self.visible_to)
            d["hidden_text"] = self.hidden_text
        return d


def log_texts(events, seat: Optional[int]) -> list[str]:
    """The sentences ``seat`` (None: a spectator) reads of ``events``, in order: each event's
    :meth:`Event.text_for`, the ones hidden from it without a hidden text left out. The same
    as asking each event, in one loop (a view reads its log for every seat after every move).

    >>> evs = [Event("a", "A."), Event("b", "B sees.", visible_to=frozenset({1}), hidden_text="B."),
    ...        Event("c", "C sees.", visible_to=frozenset({1}))]
    >>> log_texts(evs, 1), log_texts(evs, 0), log_texts(evs, None)
    (['A.', 'B sees.', 'C sees.'], ['A.', 'B.'], ['A.', 'B.'])
    """
    lang = _current.get()[0]
    out = []
    for e in events:
        if e._lang != lang:
            e._in_language()
        seen = e.visible_to
        if seen is None or (seat is not None and seat in seen):
            out.append(e._written)
        elif e._hidden is not None:
            out.append(e._hwritten)
    return out
