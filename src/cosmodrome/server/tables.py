"""Live tables: the games the server is running, their connected sockets and their bots.

A :class:`~cosmodrome.server.table.Table` holds one game: its
:class:`~cosmodrome.core.GameRecord`, the current state, the events each action caused (for the
log), and the seats. The :class:`Hall` owns all tables, the store and the bot pool
(:mod:`cosmodrome.server.botpool`: bots think in worker processes, never in the server's
interpreter). This module holds the hall's loading and broadcasting; its other parts are
mixins, one module per concern: creating games and rematches (:mod:`.hall_making`), seats
(:mod:`.hall_seats`), the write path (:mod:`.hall_writes`), clocks (:mod:`.hall_clocks`) and
bots (:mod:`.hall_bots`).

The write path of an action (:meth:`Hall.act`), under the table's lock:

1. check the version the client saw (stale → :class:`Stale`), the seat (→ :class:`Forbidden`);
2. apply the action to a *clone* of the state (illegal → the engine's IllegalActionError);
3. store the action and the new revision in one committed transaction, shared with the
   other games' actions waiting at that moment (the store's group commit; a database error →
   :class:`~cosmodrome.server.storage.StorageError`, nothing changed);
4. only then swap in the new state, broadcast each socket its own view and wake the bots.

On start the hall rebuilds every running game by replaying its stored actions, and resumes
its bots. Undo truncates the stored actions and replays the rest.

Each action is stored with a snapshot of the position it made and its log
(:mod:`cosmodrome.server.steps`). A game whose rules version changed under it (an upgrade)
is not replayed: it goes on from the snapshot of its last position under the new rules, its
players are told so in its log, and its earlier steps (log, replay) come from the snapshots.
"""

from __future__ import annotations

import asyncio
import importlib
import logging
import time
from typing import Any, Optional

from cosmodrome import i18n
from cosmodrome.core import CosmodromeError, GameRecord, get_game
from cosmodrome.i18n import _
from cosmodrome.server import lines
from cosmodrome.server.botpool import BotPool
from cosmodrome.server.chat import chat_limit
from cosmodrome.server.hall_bots import BotCaps, Botting, decision_seed, new_seed  # noqa: F401
from cosmodrome.server.hall_clocks import Clocking
from cosmodrome.server.hall_cluster import Clustering, _cluster_of
from cosmodrome.server.hall_making import Making
from cosmodrome.server.hall_seats import Seating
from cosmodrome.server.hall_writes import Writing
from cosmodrome.server.steps import Rebuilt, rebuild
from cosmodrome.server.storage import ActionRow, GameRow, MessageRow, SnapshotRow, StorageError, Store
from cosmodrome.server.table import (  # noqa: F401 (the names this module always offered)
    Conflict,
    Conn,
    Forbidden,
    NotFound,
    Stale,
    Table,
    chat_json,
    display_name,
    new_id,
    options_summary,
)
from cosmodrome.server.variants import Variants

log = logging.getLogger("cosmodrome.server")


class Hall(Making, Seating, Writing, Clocking, Botting, Clustering):
    """All live tables of one server (of one process, with several on PostgreSQL: see
    :mod:`cosmodrome.server.hall_cluster`)."""

    def __init__(self, store: Store, *, bot_delay: float = 0.0, bot_workers: int = 2,
                 bot_time_limit: Optional[float] = 30.0, bot_modules: tuple[str, ...] = (),
                 variants: Optional[Variants] = None, bot_caps: Optional["BotCaps"] = None,
                 clock_scale: float = 1.0, clock_scan: float = 1.0, alive_every: float = 10.0,
                 lease_seconds: Optional[float] = None, forward_timeout: float = 5.0,
                 copy_seconds: float = 60.0) -> None:
        self.store = store
        #: several processes on one PostgreSQL database: this one's leases (None on SQLite)
        self.cluster = _cluster_of(store, lease_seconds)
        #: how long a write handed to a game's owner waits for it to be taken (then 503)
        self.forward_timeout = forward_timeout
        #: how long a copy of a game another process owns stays loaded unused (:meth:`evict_copies`)
        self.copy_seconds = copy_seconds
        self._replies: dict = {}
        #: copies to read from the database (game id -> None, in notice order), the ids of
        #: the batch being read, and the future of that batch's end (hall_cluster.py)
        self._to_pull: dict = {}
        self._pulling: set = set()
        self._pull_round: Optional["asyncio.Future[None]"] = None
        self._unleased: set = set()
        #: clocks: durations are multiplied by ``clock_scale`` (tests run them fast); deadlines are
        #: checked every ``clock_scan`` seconds; the server records that it is up every ``alive_every``
        self.clock_scale, self.clock_scan, self.alive_every = clock_scale, clock_scan, alive_every
        self.clock_task: Optional["asyncio.Task[None]"] = None
        #: :meth:`keep_steps` running after start
        self.steps_task: Optional["asyncio.Task[int]"] = None
        self.chat_limit = chat_limit()
        #: called with a table whose game just ended (ratings listen here)
        self.on_finish: list = [self._release_finished]
        self.bot_delay = bot_delay
        self.variants = variants or Variants()
        self.bot_caps = bot_caps or BotCaps()
        for m in bot_modules:  # the server checks bot levels too, so it needs the same plug-ins
            importlib.import_module(m)
        # a game's lane is kept between the decisions of one bot turn: the move and the bot
        # delay go between them (docs/SERVER.md, "Bots")
        self.pool = BotPool(workers=bot_workers, time_limit=bot_time_limit, modules=bot_modules,
                            hold=bot_delay + 1.0)
        self.tables: dict[str, Table] = {}
        self._load_lock = asyncio.Lock()
        self._background: set = set()  # tasks nobody awaits (kept referenced until done)
        self.closing = False

    # ----- loading ------------------------------------------------------------------
    def _build(self, row: GameRow, actions: list[ActionRow], messages: list[MessageRow],
               snaps: list[SnapshotRow]) -> tuple[Table, Rebuilt]:
        game = get_game(row.game)
        record = GameRecord(game=game.name, players=row.players, seed=row.seed, options=dict(row.options),
                            actions=[a.action for a in actions], meta={"id": row.id})
        b = rebuild(game, record, rules=row.rules_version, base=row.replay_base, snaps=snaps)
        if b.dropped:
            record.actions = record.actions[:len(record.actions) - len(b.dropped)]
            actions = actions[:len(record.actions)]
        t = Table(row=row, game=game, record=record, state=b.state, events=b.events, movers=[a.seat for a in actions],
                  notes=[a.note for a in actions], messages=messages, setup=b.setup, base=b.base,
                  base_state=b.base_state, early=b.early)
        return t, b

    async def _settle(self, t: Table, b: Rebuilt) -> None:
        """Store what loading ``t`` found: the snapshots a game stored before them lacks, and a
        running game's move to new rules (its rules version, the step it goes on from, a line
        in its log for its players). A refused write leaves the table as loaded (tried again
        at the next load)."""
        loop = asyncio.get_running_loop()
        if b.missing and not b.replayed_anew:
            try:
                await self.store.submit_snapshots(t.id, b.missing, loop=loop)
            except StorageError as exc:
                log.warning("could not store the steps of game %s: %s", t.id, exc)
        if b.changed is None or t.row.status != "running":
            if b.changed is not None:
                log.info("game %s (%s) was played under rules version %s: its replay reads its stored steps",
                         t.id, t.row.status, b.changed[0])
            return
        old, new = b.changed
        n = len(t.record.actions)
        title = t.game.title or t.game.name
        if b.dropped:
            text = lines.write(lines.RULES_CHANGED_DROPPED, title=title, old=old, new=new, n=n, dropped=len(b.dropped))
        elif b.replayed_anew:
            text = lines.write(lines.RULES_CHANGED_REPLAYED, title=title, old=old, new=new)
        elif old != new:
            text = lines.write(lines.RULES_CHANGED, title=title, old=old, new=new)
        else:  # a fault of ours: its actions did not replay under their own rules
            text = lines.write(lines.NOT_REPLAYED, title=title)
        change = {"at": n, "from": old, "to": new, "time": time.time(), "text": text}
        if b.dropped:
            change["dropped"] = b.dropped
        meta = dict(t.row.meta, rules_changed=list(t.row.meta.get("rules_changed") or []) + [change])
        try:
            if b.dropped:
                await self.store.submit_truncate(t.id, n, revision=t.version + 1, loop=loop)
                t.row.revision += 1
            if b.replayed_anew:
                await self.store.submit_snapshots(t.id, b.missing, loop=loop)
            await self._say(t, None, "server", "server", text, meta=meta, rules=(new, b.base))
        except StorageError as exc:
            log.error("could not store the rules change of game %s: %s", t.id, exc)
            return
        t.row.rules_version, t.row.replay_base = new, b.base
        log.warning("game %s: %s (%s); it goes on from move %d under rules version %d", t.id, title, b.why, n, new)

    async def table(self, game_id: str) -> Table:
        t = self.tables.get(game_id)
        if t is not None:
            t.used = time.monotonic()
            return t
        async with self._load_lock:
            t = self.tables.get(game_id)
            if t is not None:
                return t
            row = await asyncio.to_thread(self.store.get_game, game_id)
            if row is None:
                raise NotFound(_("no game {game_id!r} on this server").format(game_id=game_id))
            actions = await asyncio.to_thread(self.store.actions, game_id)
            messages = await asyncio.to_thread(self.store.messages, game_id)
            snaps = await asyncio.to_thread(self.store.snapshots, game_id)
            t, rebuilt = await asyncio.to_thread(i18n.in_source, self._build, row, actions, messages, snaps)
            self.tables[game_id] = t
            if row.status != "running" or self.owns(t):  # the owner stores what loading found
                await self._settle(t, rebuilt)
            return t

    async def resume_all(self) -> int:
        """Rebuild every running game from its stored actions and wake its bots (with several
        processes: every running game without a live owner, which this process then owns)."""
        if self.cluster is not None:
            return await self.takeover()
        rows = await asyncio.to_thread(self.store.list_games, "running")
        n = 0
        for row in rows:
            try:
                t = await self.table(row.id)
            except CosmodromeError as exc:
                log.error("cannot resume game %s: %s", row.id, exc)
                continue
            n += 1
            self.wake_bots(t)
        return n

    async def keep_steps(self) -> int:
        """Store the snapshots of every game stored without them (by a release before 0.2.0),
        one game at a time, as its actions replay now: after start, in the background, so
        that a later rules change finds every game's positions. Returns how many games."""
        try:
            counts = await asyncio.to_thread(self.store.step_counts)
        except StorageError as exc:  # tried again at the next start
            log.error("cannot look for games stored without their positions: %s", exc)
            return 0
        n = 0
        for gid, (actions, snaps) in counts.items():
            if self.closing:
                break
            if snaps == actions + 1:
                continue
            loaded = gid in self.tables
            try:
                t = await self.table(gid)
            except Exception as exc:  # that game stays as it is; the others go on
                log.error("cannot keep the steps of game %s: %s", gid, exc)
                continue
            if not loaded and t.row.status != "running" and not t.conns:
                self.tables.pop(gid, None)  # a finished game is loaded again when someone opens it
            n += 1
        if n:
            log.info("stored the positions of %d game(s) kept from before snapshots", n)
        return n

    # ----- sockets ------------------------------------------------------------------
    def _post(self, conn: Conn, msg: dict[str, Any]) -> None:
        try:
            conn.queue.put_nowait(msg)
        except asyncio.QueueFull:  # a socket that stopped reading: drop its backlog, resend all
            while not conn.queue.empty():
                conn.queue.get_nowait()
            conn.queue.put_nowait({"type": "resync"})

    async def broadcast(self, t: Table, log_start: int, reset: bool = False, notice: Optional[str] = None) -> None:
        cache: dict[tuple, dict[str, Any]] = {}
        for conn in list(t.conns):
            key = (conn.seat, conn.lang)
            if key not in cache:
                with i18n.using(conn.lang):  # each socket reads the table in its own language
                    cache[key] = t.table_message(conn.seat, log_start, reset, i18n.written(notice))
            self._post(conn, cache[key])

    def notify_everyone(self, text: Any, level: str = "error") -> None:
        """A notice to every socket of every game (the database's files lost: nothing more
        can be stored); ``text`` as for :meth:`notify`."""
        for t in list(self.tables.values()):
            self._notify(t, text, level)

    async def notify(self, t: Table, text: Any, level: str = "warning") -> None:
        """A notice to every socket of ``t``; ``text`` a sentence, or one written in each
        socket's language (``i18n.later``)."""
        self._notify(t, text, level)

    def _notify(self, t: Table, text: Any, level: str) -> None:
        for conn in list(t.conns):
            with i18n.using(conn.lang):
                self._post(conn, {"type": "notice", "level": level, "text": i18n.written(text)})

    async def close(self) -> None:
        """Stop the bots: cancel their loops and stop every worker process; give up the leases."""
        self.closing = True
        await self.stop_cluster()
        tasks = [t.bot_task for t in self.tables.values() if t.bot_task is not None and not t.bot_task.done()]
        if self.steps_task is not None and not self.steps_task.done():
            tasks.append(self.steps_task)
        if self.clock_task is not None:
            tasks.append(self.clock_task)
            try:  # a clean stop counts as up until now
                await self.store.submit_mark("alive", time.time(), loop=asyncio.get_running_loop())
            except StorageError:
                pass
        for task in tasks:
            task.cancel()
        if tasks:
            await asyncio.gather(*tasks, return_exceptions=True)
        await asyncio.to_thread(self.pool.close)

