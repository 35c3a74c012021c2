"""The write path: an action, undo, a seat taken back, chat and server lines (the
module docstring of :mod:`cosmodrome.server.tables` describes the steps)."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any, Optional

from cosmodrome import i18n
from cosmodrome.core import CosmodromeError, GameRecord, IllegalActionError, OptionError
from cosmodrome.i18n import _, ngettext
from cosmodrome.server import clocks, lines
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
                raise Conflict(_("this game is {status}: no more actions").format(status=t.row.status))
            if seat is None:
                raise Forbidden(_("a spectator cannot act: open the game with a seat's link"))
            if version != t.version:
                raise Stale(_("the game has moved on (version {version}, you acted on {version2}): the table has "
                              "been refreshed, choose again").format(version=t.version, version2=version))
            mover = t.state.to_move()
            if mover != seat:
                raise Forbidden(_("it is not {who}'s turn: {who2} is deciding").format(
                    who=t.seat_name(seat), who2=t.seat_name(mover)))
            if (t.bot_spec(seat) is not None) != as_bot:
                if as_bot:
                    raise Conflict(_("{who} is back: the bot's move is dropped").format(who=t.seat_name(seat)))
                raise Conflict(_("{who} ran out of time and a bot plays the seat: take your seat back first").format(
                    who=t.seat_name(seat)))
            new = t.state.clone()
            try:
                label = i18n.in_source(t.state.action_label, action)  # stored: in English
            except Exception:  # an illegal action: apply() below says so
                label = None
            try:  # the events are every reader's, written in English where the game writes at once
                events = i18n.in_source(new.apply, action)
            except IllegalActionError:  # nothing changed: the refusal again, in the actor's language
                new.apply(action)
                raise
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
                    raise Stale(_("the game has moved on (version {version}): the table has been refreshed from "
                                  "the database, choose again").format(version=t.version)) from None
                if t.row.seats[seat].kind == "human":  # (a bot's loop tells of its own)
                    await self.notify(t, i18n.later(lambda problem=str(exc): _(
                        "The database could not store a move of {who} ({problem}); nothing was changed. No accepted "
                        "move is lost.").format(who=t.seat_name(seat), problem=i18n.gettext(problem))), "error")
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
                raise Forbidden(_("a spectator cannot undo"))
            if t.row.status != "running":
                raise Conflict(_("this game is {status}: nothing can be taken back").format(status=t.row.status))
            start = t.undo_start(seat)
            if start is None:
                raise Conflict(_("{who} has nothing to take back: the last decision was not theirs, or it drew "
                                 "dice, cards or tiles").format(who=t.seat_name(seat)))
            n = len(t.record.actions)
            if steps == "all":
                keep = start
            else:
                if isinstance(steps, bool) or not isinstance(steps, int) or steps < 1:
                    raise OptionError(_("steps must be a positive whole number or 'all', not {steps!r}").format(
                        steps=steps))
                keep = max(start, n - steps)
            state, events = await asyncio.to_thread(i18n.in_source, t.replay_to, keep)
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
        await self.broadcast(t, 0, reset=True, notice=i18n.later(lambda: ngettext(
            "{who} took back {n} decision.", "{who} took back {n} decisions.", taken).format(who=t.seat_name(seat),
                                                                                            n=taken)))
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
            fresh, _ = await asyncio.to_thread(i18n.in_source, self._build, row, actions, messages, snaps)
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
        await self.broadcast(t, 0, reset=True, notice=i18n.later(lambda: _(
            "What the database had stored while its connection was lost is now on the table.")))
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
                raise Stale(_("the game has moved on: the table has been refreshed from the database, "
                              "try again")) from None
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
            raise Forbidden(_("chat is off at this table"))
        if seat is None and mode != "all":
            raise Forbidden(_("spectators read this table's chat but may not write in it (the table chose so)"))
        text = chat_text(raw)
        self.chat_limit.hit(f"{t.id}/{seat}" if seat is not None else f"{t.id}/spectator/{client}")
        async with t.lock:
            m = await self._say(t, seat, "chat", i18n.in_source(t.person, seat), text)
        self.post_chat(t, m)
        return {"ok": True, "line": chat_json(m, t)}

    def post_chat(self, t: Table, m: MessageRow) -> None:
        """Send chat line ``m`` to every socket of ``t``, its writer named in the socket's
        language (the line is stored with the seat and its names in English)."""
        for conn in list(t.conns):
            with i18n.using(conn.lang):
                self._post(conn, {"type": "chat", "line": chat_json(m, t)})

    @forwarded("back")
    async def take_back(self, t: Table, seat: Optional[int]) -> dict[str, Any]:
        """The player of a seat whose clock ran out takes it back from the bot standing in."""
        if seat is None:
            raise Forbidden(_("a spectator has no seat to take back"))
        async with t.lock:
            if t.row.status != "running":
                raise Conflict(_("this game is {status}").format(status=t.row.status))
            if not t.row.seats[seat].stand_in:
                raise Conflict(_("{who} is already played by its person").format(who=t.seat_name(seat)))
            if t.state.to_move() == seat:   # the turn the time ran out on is the bot's to play
                raise Conflict(_("the bot is playing the turn {who}'s time ran out on: take the seat back once the "
                                 "turn has passed to another seat").format(who=t.seat_name(seat)))
            seats = list(t.row.seats)
            seats[seat] = seats[seat].but(stand_in=None)
            meta = None
            if t.clock is not None:
                clock = clocks.back(t.clock, seat)
                clocked = [i for i in range(t.row.players) if seats[i].kind == "human" and
                           not seats[i].stand_in]
                clock = clocks.pass_turn(clock, t.state.to_move(), clocked, time.time())
                meta = dict(t.row.meta, clock=clock)
            line = i18n.later(lambda: _(lines.BACK).format(who=t.person(seat), seat=t.seat_name(seat)))
            await self._say(t, None, "server", "server", in_english(line), seats=seats, meta=meta)
        await self.broadcast(t, 0, reset=True, notice=line)
        return {"ok": True, "seat": seat}


def in_english(text: Any) -> str:
    """A server line as it is stored (in English, as every stored text): ``text`` written in
    English."""
    with i18n.using(None):
        return i18n.written(text)
