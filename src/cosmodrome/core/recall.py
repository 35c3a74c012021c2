# cython: annotation_typing=False
"""Perfect recall: everything one seat has seen since the start, as a fixed-size vector.

A seat's *observation* is its view now (``state.view(seat)``, encoded by the game's
observation layout). Its *information state* with perfect recall is everything it has seen
since the start of the play. :class:`Trace` keeps the history of one play as every seat saw
it, step by step (an immutable chain, shared by copies, so a clone costs nothing), and
:class:`RecallLayout` writes one seat's information state as a vector in [0, 1]:

1. the seat's view **now** (the observation vector, ``view.size`` entries);
2. the seat's view **at the start** of the trace (right after the setup: its opening hand,
   the table dealt), the same ``view.size`` entries (zeros while a set-up dealt item by
   item, ``Game.deal_state``, is not complete; the view now too);
3. the **history**, ``steps`` slots of 2 entries, one slot per step, oldest first (zeros
   past the last step):

   - ``who``: ``1 / (players + 1)`` for chance, ``(seat + 2) / (players + 1)`` for a seat
     (0: no step);
   - ``what``: ``(id + 1) / values`` for the action id (a decision) or the outcome id (a
     chance node) when the seat saw it, 0 when it is hidden from it.

   Both are exact in float32 (``round(who * (players + 1)) - 2`` and
   ``round(what * values) - 1`` give the seat and the id back), so the history is coded
   losslessly, two entries a step.

What a seat sees of a step:

- its own decision: always;
- another seat's decision: when every event the decision caused that is not a chance event
  (a draw, a die, a look at a hand: :attr:`Event.chance`) reads in full for it. A decision
  whose own effect is secret (a card passed face down between two seats) is hidden from the
  others; one whose only secret is the random outcome it met (a draw) is seen, the outcome
  being a step of its own. So a game's secret decision must say so by an event with
  ``visible_to``: a decision that causes no event at all is public. While the decision waits
  for its chance nodes only its actor sees it;
- a chance outcome (the explicit mode only; the sampled mode has no chance steps): when the
  game's call names the seat in ``seen_by`` or names nobody (an outcome every seat sees, a die
  on the table), see :mod:`cosmodrome.core.chance`.

So in the explicit mode the vector determines every action and outcome the seat saw, and
its opening view; in the sampled mode the random outcomes it saw are only in the views (now
and at the start). Neither carries anything the seat may not see: views are built for the
seat, and a step carries an id only when the seat saw it.

>>> from cosmodrome.testing import toy
>>> s = toy.GAME.new_state(2, seed=3, chance="explicit")
>>> t = Trace.begin(s)
>>> _ = t.apply(s, toy.DRAW)              # seat 0 draws: a chance node follows
>>> card = s.chance_outcomes()[0][0]
>>> _ = t.apply(s, card)
>>> [(st.actor, st.value if st.seen & 1 else None) for st in t.steps()]     # seat 0's record
[(0, 9), (-1, 1)]
>>> [(st.actor, st.value if st.seen & 2 else None) for st in t.steps()]     # seat 1's
[(0, 9), (-1, None)]
"""

from __future__ import annotations

from typing import Any, NamedTuple, Optional, Sequence

import numpy as np

from cosmodrome.core.chance import CHANCE

#: bump whenever an index of the perfect-recall vector changes meaning (2: the explicit
#: mode's history starts with the set-up dealt item by item, Game.deal_state)
RECALL_VERSION = 2


class Step(NamedTuple):
    """One step of a play: who acted (a seat, or :data:`CHANCE`), the action or outcome id,
    and ``seen``, the bitmask of the seats that saw it (bit ``p`` for seat ``p``)."""

    actor: int
    value: int
    seen: int


#: a :class:`Step` made without the named tuple's Python ``__new__`` (one call a step)
_step = tuple.__new__


def _mask(seats: Optional[Sequence[int]], players: int) -> int:
    everyone = (1 << players) - 1
    if seats is None:
        return everyone
    m = 0
    for p in seats:
        m |= 1 << p
    return m & everyone


def decision_seen(actor: int, events: Sequence[Any], players: int) -> int:
    """The seats that see a decision of ``actor`` that caused ``events``: the actor, and every
    seat that reads in full each of its events that is not a chance event.

    >>> from cosmodrome.core.events import Event
    >>> swap = Event("swap", "Red gives Take 3 to Blue.", {}, frozenset({0, 1}), "Red gives Blue a card.")
    >>> bin(decision_seen(0, [swap], 3)), bin(decision_seen(0, [], 3))
    ('0b11', '0b111')
    """
    m = 1 << actor
    secret = [e.visible_to for e in events if not e.chance and e.visible_to is not None]
    if not secret:              # every event public (the common case): every seat saw it
        return (1 << players) - 1
    for p in range(players):
        if all(p in seen for seen in secret):
            m |= 1 << p
    return m


class Trace:
    """The history of one play from a position on, as every seat saw it.

    ``Trace.begin(state)`` starts it (the position is kept, as a clone, for the view at the
    start); ``trace.apply(state, action)`` applies an action (or a chance outcome) to
    ``state`` and records it; ``trace.copy()`` is a trace of a clone (the chain is shared).
    ``known`` is the bitmask of the seats whose view at the start is ``start``'s (all of
    them, except in a determinization: :meth:`as_seen_by`)."""

    __slots__ = ("start", "players", "chain", "length", "pending", "known")

    def __init__(self, start: Any, players: int, chain: Optional[tuple] = None, length: int = 0,
                 pending: int = -1, known: Optional[int] = None) -> None:
        self.start = start
        self.players = players
        self.chain = chain          # (earlier chain, Step), newest last; None: no step
        self.length = length
        self.pending = pending      # steps since a decision still waiting for chance (-1: none)
        self.known = (1 << players) - 1 if known is None else known

    @classmethod
    def begin(cls, state: Any) -> "Trace":
        return cls(state.clone(), state.num_players)

    def copy(self) -> "Trace":
        return Trace(self.start, self.players, self.chain, self.length, self.pending, self.known)

    def as_seen_by(self, seat: int) -> "Trace":
        """The trace of a determinization for ``seat``: every step as ``seat`` saw it (seen by
        all when it saw it, by none otherwise), the view at the start known for ``seat`` alone
        (the others' start views are zeros: the real ones would carry what ``seat`` cannot see)."""
        bit, everyone = 1 << seat, (1 << self.players) - 1
        t = Trace(self.start, self.players, pending=self.pending, known=bit)
        for step in self.steps():
            t.record(step.actor, step.value, everyone if step.seen & bit else 0)
        return t

    def apply(self, state: Any, action: int) -> list:
        """Apply ``action`` to ``state`` (checked: an illegal one raises and records nothing)
        and record the step; returns the events. (The step's actor is then
        ``self.chain[1].actor``.)"""
        n = self.players
        if state.is_chance_node():
            seats = state.chance_seen_by()
            seen = (1 << n) - 1 if seats is None else _mask(seats, n)
            dealing = state.is_dealing()
            events = state.apply(action)
            self.chain = (self.chain, _step(Step, (CHANCE, action, seen)))
            self.length += 1
            if dealing and not state.is_dealing():      # the table is dealt: the view at the start
                self.start = state.clone()
            if self.pending >= 0:
                if state.is_chance_node():
                    self.pending += 1
                else:       # the decision waiting for chance is complete: who saw it is known now
                    self._settle(self.pending + 1, events)
                    self.pending = -1
            return events
        actor = state.to_move()
        events = state.apply(action)
        if state.is_chance_node():      # only its actor knows it until its events come
            self.chain = (self.chain, _step(Step, (actor, action, 1 << actor)))
            self.pending = 0
        else:
            self.chain = (self.chain, _step(Step, (actor, action, decision_seen(actor, events, n))))
        self.length += 1
        return events

    def record(self, actor: int, value: int, seen: int) -> None:
        self.chain = (self.chain, Step(actor, value, seen))
        self.length += 1

    def _settle(self, back: int, events: list) -> None:
        """Set who saw the decision ``back`` steps before the newest, now that its events are known."""
        later = []
        node = self.chain
        for _ in range(back):
            node, step = node
            later.append(step)
        node, step = node
        step = step._replace(seen=decision_seen(step.actor, events, self.players))
        node = (node, step)
        for s in reversed(later):
            node = (node, s)
        self.chain = node

    def steps(self) -> list[Step]:
        """The steps, oldest first."""
        return unchain(self.chain)



def unchain(node: Any) -> list:
    """The items of a chain of ``(earlier, item)`` pairs (None ends it), oldest first.

    >>> unchain(((None, "a"), "b"))
    ['a', 'b']
    """
    out = []
    while node is not None:
        node, item = node
        out.append(item)
    out.reverse()
    return out


class RecallLayout:
    """The perfect-recall vector of one game for one player count (see the module's text).

    ``view`` is the game's observation layout (anything with ``size``, ``describe()`` and
    ``observe(state, seat, out)``), ``steps`` the number of history slots (the game's bound
    on decisions, plus on chance nodes in the explicit mode), ``values`` a bound on action
    and outcome ids (every id is below it)."""

    def __init__(self, view: Any, players: int, steps: int, values: int, version: str = "") -> None:
        if steps < 1 or values < 1:
            raise ValueError(f"a recall layout needs steps and values of at least 1, not {steps}, {values}")
        self.view, self.players, self.steps, self.values = view, players, steps, values
        self.per_step = 2
        self.history_at = 2 * view.size
        self.size = self.history_at + steps * self.per_step
        self.version = f"{version}+recall-v{RECALL_VERSION}" if version else f"recall-v{RECALL_VERSION}"

    def step_names(self) -> list[str]:
        """The meaning of each entry of one history slot."""
        n = self.players
        return [f"who: 1/{n + 1} chance, (seat + 2)/{n + 1} a seat, 0 no step",
                f"what: (action or outcome id + 1)/{self.values} when seen, 0 when hidden"]

    def encode(self, trace: Trace, state: Any, seat: int, out: Optional[np.ndarray] = None) -> np.ndarray:
        """``seat``'s perfect-recall vector after ``trace`` (``state`` is the position now).
        Raises ValueError if the trace is longer than the layout's ``steps``."""
        if out is None:
            out = np.zeros(self.size, dtype=np.float32)
        else:
            out.fill(0.0)
        v = self.view.size
        if not state.is_dealing():          # a set-up still being dealt has no view yet: zeros
            self.view.observe(state, seat, out[:v])
        if trace.known >> seat & 1 and not trace.start.is_dealing():
            self.view.observe(trace.start, seat, out[v:2 * v])
        if trace.length > self.steps:
            raise ValueError(f"the play has {trace.length} steps, more than the {self.steps} "
                             "slots of the perfect-recall vector (the game's length bound)")
        bit, who, what = 1 << seat, 1.0 / (self.players + 1), 1.0 / self.values
        hist = out[self.history_at:]
        i = 0
        for step in trace.steps():
            hist[i] = (step.actor + 2) * who            # CHANCE (-1) is 1 / (players + 1)
            if step.seen & bit:
                hist[i + 1] = (step.value + 1) * what
            i += 2
        return out

    def bounds(self) -> tuple[np.ndarray, np.ndarray]:
        """The low and high bound of each entry (the view's twice, then 0 and 1)."""
        lo, hi = self.view.bounds()
        n = self.size - self.history_at
        return (np.concatenate([lo, lo, np.zeros(n, dtype=np.float32)]).astype(np.float32),
                np.concatenate([hi, hi, np.ones(n, dtype=np.float32)]).astype(np.float32))

    def decode_history(self, vec: Sequence[float]) -> list[tuple[int, Optional[int]]]:
        """The history back from a vector: ``(actor, id or None when hidden)`` per step."""
        hist = np.asarray(vec, dtype=np.float64)[self.history_at:]
        out = []
        for i in range(self.steps):
            who, what = hist[2 * i], hist[2 * i + 1]
            if who == 0:
                break
            out.append((int(round(who * (self.players + 1))) - 2,
                        int(round(what * self.values)) - 1 if what > 0 else None))
        return out

    def table(self) -> str:
        """Markdown: the three blocks and the entries of one history slot."""
        v, k = self.view.size, self.per_step
        rows = ["| indices | what |", "|---|---|",
                f"| 0 … {v - 1} | the view now: the observation vector above, index for index |",
                f"| {v} … {2 * v - 1} | the view at the start (right after the setup), index for index |",
                f"| {self.history_at} … {self.size - 1} | the history: {self.steps} slots of {k} entries, "
                "slot `i` (the i-th step, oldest first) at "
                f"`{self.history_at} + {k}·i`; zeros past the last step |",
                "", "| entry of a slot | meaning |", "|---:|---|"]
        rows += [f"| {j} | {name} |" for j, name in enumerate(self.step_names())]
        return "\n".join(rows)

    def __repr__(self) -> str:
        return f"<RecallLayout {self.version} players={self.players} steps={self.steps} size={self.size}>"
