"""The write path: an action, undo, a seat taken back, chat and server lines (the
module docstring of :mod:`cosmodrome.server.tables` describes the steps)."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any, Optional

from cosmodrome.core import CosmodromeError, GameRecord, OptionError
from cosmodrome.server import clocks
from cosmodrome.server.chat import chat_text
from cosmodrome.server.hall_cluster import forwarded
from cosmodrome.server.steps import snapshot_later
from cosmodrome.server.storage import MessageRow, StorageError
from cosmodrome.server.table import Conflict, Forbidden, Stale, Table, _has_dice, _through_cancel, chat_json

log = logging.getLogger("cosmodrome.server")


class Writing:
    """The :class:`~cosmodrome.server.tables.Hall`'s part for this concern (a mixin: the
    hall's state is set up in its ``__init__``)."""

    @forwarded("act")
    async def act(self, t: Table, seat: Optional[int], action: Any, version: Any,
                  note: Optional[str] = None, as_bot: bool = False) -> dict[str, Any]:
        """The checked write path of one action (see the module docstring). ``as_bot``: the
        move of the bot deciding for ``seat`` (refused if a person took the seat meanwhile)."""
        async with t.lock:
            if t.row.status != "running":
                raise Conflict(f"this game is {t.row.status}: no more actions")
            if seat is None:
                raise Forbidden("a spectator cannot act: open the game with a seat's link")
            if version != t.version:
                raise Stale(f"the game has moved on (version {t.version}, you acted on {version}): "
                            "the table has been refreshed, choose again")
            mover = t.state.to_move()
            if mover != seat:
                raise Forbidden(f"it is not {t.seat_name(seat)}'s turn: {t.seat_name(mover)} is deciding")
            if (t.bot_spec(seat) is not None) != as_bot:
                if as_bot:
                    raise Conflict(f"{t.seat_name(seat)} is back: the bot's move is dropped")
                raise Conflict(f"{t.seat_name(seat)} ran out of time and a bot plays the seat: take your seat "
                               "back first")
            new = t.state.clone()
            try:
                label = t.state.action_label(action)
            except Exception:  # an illegal action: apply() below says so
                label = None
            events = new.apply(action)  # IllegalActionError: nothing changed
            idx = len(t.record.actions)
            snap = snapshot_later(idx + 1, t.game.rules_version, new, events, label)
            status = "finished" if new.is_terminal() else None
            meta = None
            if t.clock is not None and t.clock.get("started"):
                meta = dict(t.row.meta, clock=clocks.pass_turn(t.clock, None if status else new.to_move(),
                                                               t.clocked(), time.time()))
            # the committer thread stores it together with whatever other games have waiting
            # (group commit); the future resolves once that commit returned
            stored = self.store.submit_action(t.id, idx, action, seat, revision=t.version + 1, status=status,
                                              note=note, meta=meta, snapshot=snap, loop=asyncio.get_running_loop())
            cancelled = await _through_cancel(stored)
            try:
                stored.result()
            except StorageError as exc:  # nothing changed; every socket of the game is told
                if exc.conflict and await self._catch_up(t):
                    raise Stale(f"the game has moved on (version {t.version}): the table has been refreshed "
                                "from the database, choose again") from None
                if t.row.seats[seat].kind == "human":  # (a bot's loop tells of its own)
                    await self.notify(t, f"The database could not store a move of {t.seat_name(seat)} ({exc}); "
                                         "nothing was changed. No accepted move is lost.", "error")
                raise
            # committed: now it is accepted
            t.state = new
            t.record.actions.append(action)
            t.events.append(events)
            if _has_dice(events):
                t.dice_at.append(idx)
            t.movers.append(seat)
            t.notes.append(note)
            t.row.revision += 1
            if meta is not None:
                t.row.meta = meta
            if status:
                t.row.status = status
        await self.broadcast(t, idx)
        self.wake_bots(t)
        if status:
            self.finished(t)
        if cancelled:  # the caller went away while the move was stored: it is kept, and told
            raise asyncio.CancelledError()
        return {"ok": True, "version": t.version, "index": idx}

    @forwarded("undo")
    async def undo(self, t: Table, seat: Optional[int], steps: Any = 1) -> dict[str, Any]:
        async with t.lock:
            if seat is None:
                raise Forbidden("a spectator cannot undo")
            if t.row.status != "running":
                raise Conflict(f"this game is {t.row.status}: nothing can be taken back")
            start = t.undo_start(seat)
            if start is None:
                raise Conflict(f"{t.seat_name(seat)} has nothing to take back: the last decision was not "
                               "theirs, or it drew dice, cards or tiles")
            n = len(t.record.actions)
            if steps == "all":
                keep = start
            else:
                if isinstance(steps, bool) or not isinstance(steps, int) or steps < 1:
                    raise OptionError(f"steps must be a positive whole number or 'all', not {steps!r}")
                keep = max(start, n - steps)
            state, events = await asyncio.to_thread(t.replay_to, keep)
            record = GameRecord(game=t.record.game, players=t.record.players, seed=t.record.seed,
                                options=t.record.options, actions=t.record.actions[:keep], meta=t.record.meta)
            meta = None
            if t.clock is not None and t.clock.get("started"):
                meta = dict(t.row.meta, clock=clocks.pass_turn(t.clock, state.to_move(), t.clocked(), time.time()))
            await self.store.submit_truncate(t.id, keep, revision=t.version + 1, meta=meta,
                                             loop=asyncio.get_running_loop())
            t.record, t.state, t.events = record, state, events
            if meta is not None:
                t.row.meta = meta
            t.dice_at = [i for i in t.dice_at if i < keep]
            t.movers, t.notes = t.movers[:keep], t.notes[:keep]
            t.row.revision += 1
        taken = n - keep
        await self.broadcast(t, 0, reset=True,
                             notice=f"{t.seat_name(seat)} took back {taken} decision{'s' if taken != 1 else ''}.")
        self.wake_bots(t)
        return {"ok": True, "version": t.version, "undone": taken}

    async def _catch_up(self, t: Table) -> bool:
        """Under ``t.lock``, after a write of ``t`` broke a key: if the database holds a newer
        revision of the game (a write committed although its connection died before saying
        so, and reported as failed), rebuild the table from it and tell every socket. Returns
        whether it did."""
        try:
            row = await asyncio.to_thread(self.store.get_game, t.id)
            messages = await asyncio.to_thread(self.store.messages, t.id)
            if row is None or (row.revision <= t.row.revision and len(messages) <= len(t.messages)):
                return False
            actions = await asyncio.to_thread(self.store.actions, t.id)
            snaps = await asyncio.to_thread(self.store.snapshots, t.id)
            fresh, _ = await asyncio.to_thread(self._build, row, actions, messages, snaps)
        except (StorageError, CosmodromeError) as exc:
            log.error("game %s: could not catch up with the database: %s", t.id, exc)
            return False
        log.warning("game %s: the database held revision %d and %d messages, the table %d and %d (a write "
                    "committed as its connection was lost): the table caught up", t.id, row.revision, len(messages),
                    t.row.revision, len(t.messages))
        for name in ("row", "record", "state", "events", "movers", "notes", "messages", "dice_at", "setup",
                     "base", "base_state", "early"):
            setattr(t, name, getattr(fresh, name))
        t._memo.clear()
        await self.broadcast(t, 0, reset=True, notice="What the database had stored while its connection was lost "
                                                      "is now on the table.")
        self.wake_bots(t)
        if t.row.status != "running":
            self.finished(t)
        return True

    def finished(self, t: Table) -> None:
        """Tell the listeners (ratings) that ``t`` ended; their faults never reach the players."""
        for fn in self.on_finish:
            try:
                task = asyncio.get_running_loop().create_task(fn(t))
            except Exception:
                log.exception("a listener of finished games failed on %s", t.id)
                continue
            self._background.add(task)
            task.add_done_callback(self._background.discard)

    async def _say(self, t: Table, seat: Optional[int], kind: str, name: str, text: str, *,
                   seats: Optional[list] = None, meta: Optional[dict] = None, status: Optional[str] = None,
                   rules: Optional[tuple[int, int]] = None) -> MessageRow:
        """Store a message (with the game's new seats, meta, status) and then apply it; call
        under ``t.lock``. A StorageError leaves everything as it was."""
        m = MessageRow(idx=len(t.messages), at=len(t.record.actions), seat=seat, kind=kind, name=name, text=text,
                       time=time.time())
        try:
            await self.store.submit_change(t.id, messages=(m,), seats=seats, meta=meta, status=status, rules=rules,
                                           loop=asyncio.get_running_loop())
        except StorageError as exc:
            if exc.conflict and await self._catch_up(t):
                raise Stale("the game has moved on: the table has been refreshed from the database, "
                            "try again") from None
            raise
        t.messages.append(m)
        if seats is not None:
            t.row.seats = seats
        if meta is not None:
            t.row.meta = meta
        if status is not None:
            t.row.status = status
        return m

    @forwarded("chat")
    async def chat(self, t: Table, seat: Optional[int], raw: Any, client: str = "") -> dict[str, Any]:
        """A line of chat from ``seat`` (None: a spectator, from the address ``client``):
        stored with the game, then sent to every socket of it."""
        mode = t.row.meta.get("chat", "players")
        if mode == "off":
            raise Forbidden("chat is off at this table")
        if seat is None and mode != "all":
            raise Forbidden("spectators read this table's chat but may not write in it (the table chose so)")
        text = chat_text(raw)
        self.chat_limit.hit(f"{t.id}/{seat}" if seat is not None else f"{t.id}/spectator/{client}")
        async with t.lock:
            m = await self._say(t, seat, "chat", t.person(seat), text)
        line = chat_json(m)
        for conn in list(t.conns):
            self._post(conn, {"type": "chat", "line": line})
        return {"ok": True, "line": line}

    @forwarded("back")
    async def take_back(self, t: Table, seat: Optional[int]) -> dict[str, Any]:
        """The player of a seat whose clock ran out takes it back from the bot standing in."""
        if seat is None:
            raise Forbidden("a spectator has no seat to take back")
        async with t.lock:
            if t.row.status != "running":
                raise Conflict(f"this game is {t.row.status}")
            if not t.row.seats[seat].stand_in:
                raise Conflict(f"{t.seat_name(seat)} is already played by its person")
            seats = list(t.row.seats)
            seats[seat] = seats[seat].but(stand_in=None)
            meta = None
            if t.clock is not None:
                clock = clocks.back(t.clock, seat)
                clocked = [i for i in range(t.row.players) if seats[i].kind == "human" and
                           not seats[i].stand_in]
                clock = clocks.pass_turn(clock, t.state.to_move(), clocked, time.time())
                meta = dict(t.row.meta, clock=clock)
            text = f"{t.person(seat)} is back and plays {t.seat_name(seat)} again."
            await self._say(t, None, "server", "server", text, seats=seats, meta=meta)
        await self.broadcast(t, 0, reset=True, notice=text)
        return {"ok": True, "seat": seat}
