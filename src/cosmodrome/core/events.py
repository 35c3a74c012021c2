"""Events: what an action caused, with a sentence for the game log and who may see it.

An event is public unless ``visible_to`` names the seats that may see it in full. Seats
outside that set see ``hidden_text`` instead (for example "Red drew a card" where Red itself
reads "You drew Take £3"), or nothing at all when ``hidden_text`` is None.

``chance`` marks events that drew on randomness or revealed information a seat did not
have before (dice, draws, looking at a hand). The server lets a seat undo its own decisions
only back to the latest such event.

>>> e = Event("draw", "Red drew Take £3.", visible_to=frozenset({0}), hidden_text="Red drew a card.")
>>> e.text_for(0), e.text_for(1), e.text_for(None)
('Red drew Take £3.', 'Red drew a card.', 'Red drew a card.')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional


@dataclass(frozen=True, slots=True)
class Event:
    kind: str
    text: str
    data: dict[str, Any] = field(default_factory=dict)
    visible_to: Optional[frozenset[int]] = None
    hidden_text: Optional[str] = None
    chance: bool = False

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
