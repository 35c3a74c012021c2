"""A game's steps as the server keeps them beside its actions: after each action, a snapshot
of the state and that step's log (docs/SERVER.md, "Rules versions").

A game's actions replay to its position only under the rules they were taken under. When a
game's rules version changes (``Game.rules_version``, bumped by a change that alters what a
recorded action means), the server no longer replays its old actions: a running game goes
on from the snapshot of its last position, under the new rules, and every earlier step (a
replay's views, the log) is read from the snapshots. :class:`Rebuilt` is what loading a game
found; :func:`rebuild` makes it.

>>> from cosmodrome.testing.toy import GAME
>>> from cosmodrome.core import GameRecord
>>> rec = GameRecord(game="pocket-race", players=2, seed=3, options={"rounds": 2}, actions=[9, 9])
>>> b = rebuild(GAME, rec, rules=GAME.rules_version, base=0, snaps=[])
>>> (b.base, len(b.events), [s.idx for s in b.missing])
(0, 2, [0, 1, 2])
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from cosmodrome import i18n
from cosmodrome.core import CosmodromeError, Event, Game, GameRecord, IllegalActionError, RecordError, State
from cosmodrome.i18n import _
from cosmodrome.server.storage import SnapshotRow, pack, unpack

log = logging.getLogger("cosmodrome.server")


def event_from_json(d: dict[str, Any]) -> Event:
    """An event back from :meth:`Event.to_json` (its sentences already written)."""
    seen = d.get("visible_to")
    return Event(d.get("kind", ""), d.get("text", ""), dict(d.get("data") or {}),
                 visible_to=frozenset(seen) if seen is not None else None, hidden_text=d.get("hidden_text"),
                 chance=bool(d.get("chance")))


def snapshot(idx: int, rules: int, state: State, events: list[Event], label: Optional[str]) -> SnapshotRow:
    """The stored form of step ``idx``: the state after it, its events and its action's label,
    their sentences in English whoever acted (the store is language-free)."""
    with i18n.using(i18n.SOURCE):
        return SnapshotRow(idx, rules, pack(state.to_json()),
                           pack({"events": [e.to_json() for e in events], "label": label}))


def snapshot_later(idx: int, rules: int, state: State, events: list[Event],
                   label: Optional[str]) -> Callable[[], SnapshotRow]:
    """:func:`snapshot` in two halves: the JSON of the state and events is taken now (so the
    snapshot is of this position), the encoding and compression when the result is called,
    which the store does in its committer thread, off the event loop. Its sentences are in
    English whoever acted (the store is language-free)."""
    with i18n.using(i18n.SOURCE):
        state_json = state.to_json()
        step = {"events": [e.to_json() for e in events], "label": label}
    return lambda: SnapshotRow(idx, rules, pack(state_json), pack(step))


def step_events(row: SnapshotRow) -> list[Event]:
    return [event_from_json(e) for e in unpack(row.step).get("events", [])]


def step_label(row: SnapshotRow) -> Optional[str]:
    return unpack(row.step).get("label")


def state_of(game: Game, row: SnapshotRow) -> State:
    """The state a snapshot holds, read by the installed code of ``game`` (RecordError when
    it cannot read it)."""
    try:
        return game.state_from_json(unpack(row.state))
    except RecordError:
        raise
    except Exception as exc:
        raise RecordError(_("the stored position after action {idx} cannot be read by this version of {game} "
                            "({type})").format(
            idx=row.idx, game=i18n.gettext(game.title or game.name), type=type(exc).__name__)) from None


@dataclass
class Rebuilt:
    """A stored game as loading found it.

    ``state`` the position now; ``events`` the events of each action; ``setup`` the setting-up
    events; ``base`` how many first actions are read from snapshots rather than replayed, with
    ``early`` the snapshots of steps 0..base and ``base_state`` the position at ``base``;
    ``missing`` the snapshots a game stored before them lacks (to store now); ``changed``
    (from, to) when this load found the game's rules changed; ``replayed_anew`` when such a
    game had no snapshots, so its actions were replayed under the new rules as far as they are
    legal, and ``dropped`` the actions after that."""

    state: State
    events: list[list[Event]]
    setup: list[Event]
    base: int = 0
    base_state: Optional[State] = None
    early: list[SnapshotRow] = field(default_factory=list)
    missing: list[SnapshotRow] = field(default_factory=list)
    changed: Optional[tuple[int, int]] = None
    dropped: list[int] = field(default_factory=list)
    why: str = ""
    #: the game had no snapshots to go on from: its actions were replayed under the new rules
    replayed_anew: bool = False


def replay_steps(record: GameRecord, rules: int, start: Optional[State] = None, first: int = 0,
                 snaps: bool = True) -> tuple[State, list[list[Event]], list[SnapshotRow]]:
    """Replay ``record.actions[first:]`` from ``start`` (None: the game's setup), with the
    snapshots of each step when ``snaps`` (the setup's too when starting from it). An action
    that is illegal raises :class:`RecordError` naming its position."""
    state = record.new_state() if start is None else start.clone()
    out: list[SnapshotRow] = []
    if snaps and start is None:
        out.append(snapshot(0, rules, state, list(state.initial_events), None))
    events: list[list[Event]] = []
    for i, a in enumerate(record.actions[first:], start=first):
        try:
            label = state.action_label(a) if snaps else None
            evs = state.apply(a)
        except IllegalActionError as exc:
            raise RecordError(_("record action #{n} ({a}) is illegal on replay: {exc}").format(
                n=i + 1, a=a, exc=exc)) from None
        events.append(evs)
        if snaps:
            out.append(snapshot(i + 1, rules, state, evs, label))
    return state, events, out


def rebuild(game: Game, record: GameRecord, *, rules: int, base: int, snaps: list[SnapshotRow]) -> Rebuilt:
    """The position of a stored game (see :class:`Rebuilt`): its actions replayed when they
    were taken under the installed rules, else its last snapshot."""
    n = len(record.actions)
    if rules == game.rules_version:
        try:
            return _replayed(game, record, base, snaps)
        except CosmodromeError as exc:  # a fault: the snapshots still hold the game
            log.error("game %s does not replay under its own rules version: %s", record.meta.get("id"), exc)
            why = str(exc)
    else:
        why = f"its rules changed from version {rules} to {game.rules_version}"
    by_idx = {s.idx: s for s in snaps}
    last = by_idx.get(n)
    if last is not None and all(i in by_idx for i in range(n + 1)):
        try:
            state = state_of(game, last)
        except RecordError as exc:
            why = f"{why}; {exc}"
        else:
            early = [by_idx[i] for i in range(n + 1)]
            return Rebuilt(state=state, events=[step_events(early[i]) for i in range(1, n + 1)],
                           setup=step_events(early[0]), base=n, base_state=state.clone(), early=early,
                           changed=(rules, game.rules_version), why=why)
    return _longest_prefix(game, record, rules, why)


def _replayed(game: Game, record: GameRecord, base: int, snaps: list[SnapshotRow]) -> Rebuilt:
    """The game replayed under its own rules: from the setup, or from the snapshot at ``base``
    (the position it went on from after an earlier rules change)."""
    n = len(record.actions)
    if base == 0:
        complete = len(snaps) == n + 1 and snaps[-1].idx == n
        state, events, made = replay_steps(record, game.rules_version, snaps=not complete)
        return Rebuilt(state=state, events=events, setup=list(record.new_state().initial_events),
                       missing=[] if complete else made)
    by_idx = {s.idx: s for s in snaps}
    if any(i not in by_idx for i in range(base + 1)):
        raise RecordError(_("the stored positions before action {base} are missing").format(base=base + 1))
    early = [by_idx[i] for i in range(base + 1)]
    start = state_of(game, early[base])
    state, later, _pos = replay_steps(record, game.rules_version, start=start, first=base, snaps=False)
    events = [step_events(early[i]) for i in range(1, base + 1)] + later
    return Rebuilt(state=state, events=events, setup=step_events(early[0]), base=base, base_state=start,
                   early=early)


def _longest_prefix(game: Game, record: GameRecord, rules: int, why: str) -> Rebuilt:
    """A game without snapshots whose rules changed (stored before 0.2.0): the position its
    actions reach under the new rules, as far as they are legal; the rest are dropped."""
    state = record.new_state()
    events: list[list[Event]] = []
    k = 0
    for k, a in enumerate(record.actions):
        if state.is_terminal() or a not in state.legal_actions():
            break
        events.append(state.apply(a))
    else:
        k = len(record.actions)
    record_part = GameRecord(game=record.game, players=record.players, seed=record.seed, options=record.options,
                             actions=record.actions[:k], meta=record.meta)
    state, events, made = replay_steps(record_part, game.rules_version)
    return Rebuilt(state=state, events=events, setup=list(record_part.new_state().initial_events), missing=made,
                   changed=(rules, game.rules_version), dropped=list(record.actions[k:]), why=why,
                   replayed_anew=True)
