"""Storage of games and their actions through SQLAlchemy 2 (SQLite by default, any URL).

The tables of games (the others: chat and server lines, accounts, sessions, ratings):

- ``games``: one row per game: id, game type, player count, options, seed, seats (a JSON
  list: kind "human"/"bot", bot spec, secret token of a human seat, whether the seat has been
  claimed), status ("running", "finished", "replay"), revision (bumped by every change: an
  action or an undo), timestamps, the version of its game's rules it is played under and
  how many of its first actions no longer replay under them (``replay_base``).
- ``actions``: one row per accepted action: game id, index (0-based position in the game
  record), the action id, the seat that took it, the time, and an optional note (a sentence
  the server added to the log, e.g. a bot that failed and was replaced by a random move).
- ``snapshots``: one row per step of a game (0: its setup; k: after action number k), stored
  with the action: the state as JSON and the step's log events, zlib-compressed
  (:func:`pack`). They restore a game whose actions no longer replay after a rules change,
  and its replay reads them.

The schema is under Alembic's migrations (:mod:`cosmodrome.server.migrations`): opening a
store upgrades its database, and refuses one written by a newer release.

Writes go through one thread, the :class:`Committer`, which commits every write waiting for
it in one transaction (group commit: the actions of many games share one flush to disk). A
write is handed over as a future (``submit_action``...) that is resolved only once its
commit returned, so nothing is acknowledged before it is durable; the plain methods
(``append_action``...) wait for it. Reads never wait for the writer: SQLite files run in
write-ahead-log mode (``journal_mode=WAL``, ``synchronous=FULL``), and PostgreSQL readers never
wait for writers anyway. Errors are :class:`StorageError` sentences of ours (the engine hides
statement values, ``hide_parameters=True``), so no seat token reaches a log or an error body.
A SQLite file is watched by a :class:`~cosmodrome.server.fileguard.FileGuard` (checked before
and after each commit and before each read): its files removed, replaced, cut short or made
immutable under the running server are refused with a :class:`StorageError` rather than
acknowledged into a lost file or crashed on (SIGBUS).

>>> s = Store("sqlite://")
>>> s.create_game(GameRow(id="g1", game="pocket-race", players=2, seed=1, options={},
...     seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}]))
>>> s.append_action("g1", 0, 9, 0, revision=1)
>>> [a.action for a in s.actions("g1")]
[9]
"""

from __future__ import annotations

import asyncio
import json
import logging
import queue
import threading
import time
import zlib
from concurrent.futures import Future
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Optional

import orjson
from sqlalchemy import (
    JSON,
    BigInteger,
    Float,
    ForeignKey,
    Integer,
    LargeBinary,
    String,
    Text,
    bindparam,
    create_engine,
    delete,
    event,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column
from sqlalchemy.pool import NullPool, StaticPool

from cosmodrome.i18n import N_
from cosmodrome.server import migrations
from cosmodrome.server.fileguard import LOST_ADVICE, FileGuard
from cosmodrome.server.seats import Seat, seats_json
from cosmodrome.server.security import text_safe

log = logging.getLogger("cosmodrome.server")


class Base(DeclarativeBase):
    pass


class GameTable(Base):
    __tablename__ = "games"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    players: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)  # any 64-bit seed (PostgreSQL's INTEGER is 32-bit)
    options: Mapped[dict] = mapped_column(JSON)
    seats: Mapped[list] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16), index=True)
    revision: Mapped[int] = mapped_column(Integer, default=0)
    public: Mapped[int] = mapped_column(Integer, default=0)
    meta: Mapped[dict] = mapped_column(JSON, default=dict)
    created: Mapped[float] = mapped_column(Float)
    updated: Mapped[float] = mapped_column(Float)
    #: the version of its game's rules the game is played under (``Game.rules_version``)
    rules_version: Mapped[int] = mapped_column(Integer, default=1, server_default="1")
    #: how many of its first actions no longer replay under ``rules_version`` (their positions
    #: come from the snapshots); 0: every action replays
    replay_base: Mapped[int] = mapped_column(Integer, default=0, server_default="0")


class SnapshotTable(Base):
    """One step of a game: the state after ``idx`` actions (0: the setup) and that step's log
    (its events and the label of its action), each zlib-compressed JSON (:func:`pack`)."""
    __tablename__ = "snapshots"
    game_id: Mapped[str] = mapped_column(String(32), ForeignKey("games.id"), primary_key=True)
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)
    rules_version: Mapped[int] = mapped_column(Integer)
    state: Mapped[bytes] = mapped_column(LargeBinary)
    step: Mapped[bytes] = mapped_column(LargeBinary)


class ActionTable(Base):
    __tablename__ = "actions"
    game_id: Mapped[str] = mapped_column(String(32), ForeignKey("games.id"), primary_key=True)
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)
    action: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    time: Mapped[float] = mapped_column(Float)
    note: Mapped[Optional[str]] = mapped_column(Text, nullable=True)


class MessageTable(Base):
    """A game's chat and the server's lines in its log (a clock running out, a player back)."""
    __tablename__ = "messages"
    game_id: Mapped[str] = mapped_column(String(32), ForeignKey("games.id"), primary_key=True)
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)
    at: Mapped[int] = mapped_column(Integer)  # how many actions the game had when it was said
    seat: Mapped[Optional[int]] = mapped_column(Integer, nullable=True)  # None: a spectator or the server
    kind: Mapped[str] = mapped_column(String(16))  # "chat" or "server"
    name: Mapped[str] = mapped_column(String(80))
    text: Mapped[str] = mapped_column(Text)
    time: Mapped[float] = mapped_column(Float)


class MarkTable(Base):
    """Instants the server records about itself (``alive``: the last time it knew it was up)."""
    __tablename__ = "server_marks"
    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    time: Mapped[float] = mapped_column(Float)


class AccountTable(Base):
    """A player's account: a name (unique, compared in lower case) and an argon2 hash of the
    password (never sent anywhere)."""
    __tablename__ = "accounts"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(32))
    key: Mapped[str] = mapped_column(String(32), unique=True)  # the name in lower case
    hash: Mapped[str] = mapped_column(String(256))
    created: Mapped[float] = mapped_column(Float)


class AccountSettingTable(Base):
    """What an account chose for itself: the language its person reads (None: the browser's)."""
    __tablename__ = "account_settings"
    account_id: Mapped[str] = mapped_column(String(32), ForeignKey("accounts.id"), primary_key=True)
    lang: Mapped[Optional[str]] = mapped_column(String(16), nullable=True)
    updated: Mapped[float] = mapped_column(Float)


class SessionTable(Base):
    """A signed-in browser: the SHA-256 of its session id (the id itself lives only in the
    browser's cookie), the account and when it expires."""
    __tablename__ = "sessions"
    digest: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[str] = mapped_column(String(32), ForeignKey("accounts.id"), index=True)
    created: Mapped[float] = mapped_column(Float)
    expires: Mapped[float] = mapped_column(Float)


class RatingTable(Base):
    """A TrueSkill rating of a player (``account:<id>``), a bot level (``bot:<spec>``) or a
    co-operative game itself (``game:<type>``) at one game type."""
    __tablename__ = "ratings"
    who: Mapped[str] = mapped_column(String(160), primary_key=True)
    game: Mapped[str] = mapped_column(String(64), primary_key=True)
    name: Mapped[str] = mapped_column(String(160))
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)
    updated: Mapped[float] = mapped_column(Float)


class RatedTable(Base):
    """One participant of one rated game: the rating before and after, and the outcome."""
    __tablename__ = "rated_games"
    game_id: Mapped[str] = mapped_column(String(32), ForeignKey("games.id"), primary_key=True)
    who: Mapped[str] = mapped_column(String(160), primary_key=True)
    game: Mapped[str] = mapped_column(String(64), index=True)
    seat: Mapped[Optional[int]] = mapped_column(Integer, nullable=True)
    rank: Mapped[int] = mapped_column(Integer)
    mu_before: Mapped[float] = mapped_column(Float)
    sigma_before: Mapped[float] = mapped_column(Float)
    mu_after: Mapped[float] = mapped_column(Float)
    sigma_after: Mapped[float] = mapped_column(Float)
    time: Mapped[float] = mapped_column(Float)


class LeaseTable(Base):
    """Which server process owns a game, until when (several processes on one PostgreSQL
    database: :mod:`cosmodrome.server.cluster`)."""
    __tablename__ = "game_leases"
    game_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    owner: Mapped[str] = mapped_column(String(32), index=True)
    expires: Mapped[float] = mapped_column(Float)  # seconds since the epoch, the database's clock


class RequestTable(Base):
    """A write handed by a process that does not own the game to the one that does, and its
    answer (:mod:`cosmodrome.server.cluster`)."""
    __tablename__ = "game_requests"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game_id: Mapped[str] = mapped_column(String(32))
    origin: Mapped[str] = mapped_column(String(32))
    target: Mapped[str] = mapped_column(String(32), index=True)
    kind: Mapped[str] = mapped_column(String(16))
    body: Mapped[dict] = mapped_column(JSON)
    created: Mapped[float] = mapped_column(Float)
    taken: Mapped[Optional[float]] = mapped_column(Float, nullable=True)
    reply: Mapped[Optional[dict]] = mapped_column(JSON, nullable=True)


@dataclass
class GameRow:
    """A game as stored (without its actions)."""

    id: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    seats: list[Seat]  # stored as JSON (Seat.to_json); a dict given here is read as one
    status: str = "running"
    revision: int = 0
    public: bool = False
    meta: dict[str, Any] = field(default_factory=dict)
    created: float = 0.0
    updated: float = 0.0
    rules_version: int = 1
    replay_base: int = 0

    def __post_init__(self) -> None:
        self.seats = [Seat.from_json(s) for s in self.seats]


@dataclass
class ActionRow:
    idx: int
    action: int
    seat: int
    time: float
    note: Optional[str] = None


@dataclass
class MessageRow:
    """One line of a game's chat (kind "chat") or a server line of its log (kind "server")."""
    idx: int
    at: int
    seat: Optional[int]
    kind: str
    name: str
    text: str
    time: float


@dataclass
class SnapshotRow:
    """A step of a game as stored: after ``idx`` actions, under rules version ``rules``, the
    packed state and the packed step (``{"events": [...], "label": ...}``)."""
    idx: int
    rules: int
    state: bytes
    step: bytes


def pack(data: Any) -> bytes:
    """JSON data as compact, zlib-compressed bytes (a snapshot's state or step).

    >>> unpack(pack({"a": [1, 2]}))
    {'a': [1, 2]}
    """
    try:  # orjson: JSON equal to the standard encoder's once read back, ~30 times faster
        text = orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS)
    except TypeError:  # what orjson refuses (integers beyond 64 bits)
        text = json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    # level 1: a Venus state packs ~8% larger than at level 6, in a sixth of the time
    return zlib.compress(text, 1)


def unpack(blob: bytes) -> Any:
    return json.loads(zlib.decompress(blob).decode("utf-8"))


class StorageError(RuntimeError):
    """The database refused a write or a read (the change was not made).

    Its text is a sentence of ours naming what failed ("the database is locked", "the disk is
    full"...), never the driver's message, which may carry the statement's values (seat
    tokens among them)."""

    #: what the person refused is told to do (after the sentence)
    advice = N_("Nothing was changed; try again.")
    #: the write broke a key or constraint: the database holds something the caller did not
    #: know of (e.g. a write committed although its connection died before saying so)
    conflict = False
    #: nothing more can be stored until the server is restarted (its SQLite files were lost)
    final = False


_CONFLICT = N_("the database refused the change as conflicting with what is stored")

#: (words of a driver's message, lower case) → what we say; the first match wins
_CAUSES = (
    (("locked", "lock not available", "could not obtain lock", "deadlock"),
     N_("the database is locked (another program is writing to it)")),
    (("readonly", "read-only", "read only"), N_("the database is read-only")),
    (("disk is full", "database or disk is full", "no space left", "disk full", "diskfull"),
     N_("the disk is full (or the database reached its size limit)")),
    (("unable to open", "could not connect", "connection refused", "connection failed", "server closed",
      "no such file", "does not exist", "terminating connection", "connection is closed"),
     N_("the database cannot be reached")),
    (("unique", "foreign key", "constraint", "integrity", "duplicate"), _CONFLICT),
    (("disk i/o error", "input/output error"),
     N_("the database files could not be written (a disk or file system error)")),
)


class RevisionConflict(Exception):
    """A game's new revision was written over a stored one that is not older: the database
    holds a change the writer did not know of (a write committed although its connection died
    before saying so). The write is refused as a conflict (nothing of it stored)."""


def describe(exc: BaseException) -> str:
    """A sentence naming why the database refused, without the driver's text or values.

    >>> describe(RuntimeError("database is locked"))
    'the database is locked (another program is writing to it)'
    >>> describe(RuntimeError("(sqlite3.OperationalError) no such column: secret-token"))
    'the database refused the change (RuntimeError)'
    """
    orig = getattr(exc, "orig", None) or exc
    if isinstance(orig, RevisionConflict):
        return _CONFLICT
    words = f"{type(orig).__name__} {orig}".lower()
    for keys, sentence in _CAUSES:
        if any(k in words for k in keys):
            return sentence
    return f"the database refused the change ({type(orig).__name__})"


def _seat_text(seat: dict[str, Any]) -> Seat:
    """A stored seat with any lone surrogate in its texts replaced (older code stored display
    names holding one; they could not be sent back as UTF-8)."""
    return Seat.from_json({k: text_safe(v) if isinstance(v, str) else v for k, v in seat.items()})


def _row(t: GameTable) -> GameRow:
    return GameRow(id=t.id, game=t.game, players=t.players, seed=t.seed, options=dict(t.options or {}),
                   seats=[_seat_text(s) for s in (t.seats or [])], status=t.status, revision=t.revision,
                   public=bool(t.public), meta=dict(t.meta or {}), created=t.created, updated=t.updated,
                   rules_version=t.rules_version if t.rules_version is not None else 1,
                   replay_base=t.replay_base or 0)


_STOP = object()


class Committer:
    """The one thread that writes: it takes every write waiting in its queue and commits them
    in **one** transaction (group commit), so many games' actions share one disk flush. Each
    write's :class:`~concurrent.futures.Future` is resolved only after that commit returned
    (nothing is acknowledged before it is durable), or fails with a :class:`StorageError`.

    A write that raises inside a batch (a broken constraint) does not sink the others: the
    batch is rolled back and its writes are committed one by one, so exactly the bad one
    fails."""

    def __init__(self, engine, max_batch: int = 512, guard: Optional[FileGuard] = None) -> None:
        self.engine = engine
        self.guard = guard  # a SQLite file's watch: checked before and after each commit
        self.max_batch = max_batch
        self.queue: "queue.SimpleQueue[Any]" = queue.SimpleQueue()
        self.thread: Optional[threading.Thread] = None
        self._start_lock = threading.Lock()
        self.commits = 0
        self.writes = 0
        #: called inside each commit's transaction with the games it writes, each with its new
        #: revision when an action wrote it (else None) (several processes on PostgreSQL: a
        #: NOTIFY per game, sent by the commit itself)
        self.notify: Optional[Callable[[Session, dict], None]] = None

    def submit(self, fn: Callable[[Session], Any], loop: Optional[asyncio.AbstractEventLoop] = None) -> Any:
        """Queue ``fn`` (run in the transaction of the next commit). Returns a
        :class:`concurrent.futures.Future`, or with ``loop`` (the caller's running event loop)
        an :class:`asyncio.Future` of that loop: the futures of one batch are then settled by
        a single wake-up of the loop rather than one each."""
        fut: Any = Future() if loop is None else (loop, loop.create_future())
        if self.thread is None:
            with self._start_lock:
                if self.thread is None:
                    self.thread = threading.Thread(target=self._run, daemon=True, name="cosmodrome-committer")
                    self.thread.start()
        self.queue.put((fn, fut))
        return fut if loop is None else fut[1]

    def close(self) -> None:
        if self.thread is not None:
            self.queue.put(_STOP)
            self.thread.join(30)

    def _run(self) -> None:
        while True:
            item = self.queue.get()
            if item is _STOP:
                return
            batch = [item]
            stop = False
            while len(batch) < self.max_batch:
                try:
                    item = self.queue.get_nowait()
                except queue.Empty:
                    break
                if item is _STOP:
                    stop = True
                    break
                batch.append(item)
            try:
                self._commit(batch)
            except Exception:  # a fault of ours: fail the batch's writes rather than leave them waiting
                log.exception("the committer failed on a batch of %d writes", len(batch))
                err = StorageError(N_("the database write failed (a fault of the server)"))
                for _, fut in batch:
                    if isinstance(fut, tuple):
                        try:
                            fut[0].call_soon_threadsafe(_settle, [(fut[1], None, err)])
                        except RuntimeError:  # that loop is closed
                            pass
                    elif not fut.done():
                        fut.set_exception(err)
            if stop:
                return

    def _commit(self, batch: list) -> None:
        live = [(fn, fut) for fn, fut in batch if isinstance(fut, tuple) or fut.set_running_or_notify_cancel()]
        if not live:
            return
        outcomes: list[tuple[Any, Any, Optional[BaseException]]] = []
        refused = _guard_error(self.guard)
        if refused is not None:  # the files were lost or made unwritable: SQLite is not touched
            log.error("a write was refused: %s", refused)
            outcomes = [(fut, None, refused) for _, fut in live]
            self._settle(outcomes)
            return
        try:
            with _transaction(self.engine, [fn for fn, _ in live]) as s:
                results = _apply(s, [fn for fn, _ in live])
                self._notify(s, [fn for fn, _ in live])
            lost = _guard_error(self.guard)
            if lost is not None and lost.final:
                raise lost  # committed to files no longer the database's: not acknowledged
        except Exception as exc:
            if len(live) == 1 or not isinstance(exc, (IntegrityError, RevisionConflict)):  # locked, full: all fail
                err = _error(exc)
                outcomes = [(fut, None, err) for _, fut in live]
            else:
                for fn, fut in live:  # which write broke a constraint? each alone (rare)
                    try:
                        with _transaction(self.engine, [fn]) as s:
                            (r,) = _apply(s, [fn])
                            self._notify(s, [fn])
                    except Exception as one:
                        outcomes.append((fut, None, _error(one)))
                    else:
                        self.commits += 1
                        outcomes.append((fut, r, None))
        else:
            self.commits += 1
            self.writes += len(live)
            outcomes = [(fut, r, None) for (_, fut), r in zip(live, results)]
        self._settle(outcomes)

    def _notify(self, s: Session, writes: list) -> None:
        if self.notify is not None:
            games: dict[str, Optional[int]] = {}
            for w in writes:
                g = getattr(w, "game_id", None)
                if g is None:
                    continue
                rev = w.revision if isinstance(w, ActionWrite) else None
                if g in games and (games[g] is None or rev is None):
                    games[g] = None  # a change besides actions: whoever holds the game reads it
                else:
                    games[g] = rev if g not in games else max(rev, games[g])
            if games:
                self.notify(s, games)

    @staticmethod
    def _settle(outcomes: list) -> None:
        """Resolve each write's future (those of an event loop with one wake-up of it)."""
        by_loop: dict[Any, list] = {}
        for fut, r, err in outcomes:
            if isinstance(fut, tuple):
                by_loop.setdefault(fut[0], []).append((fut[1], r, err))
            elif err is not None:
                fut.set_exception(err)
            else:
                fut.set_result(r)
        for loop, settled in by_loop.items():
            try:
                loop.call_soon_threadsafe(_settle, settled)
            except RuntimeError:  # that loop is closed: nobody waits any more
                pass


def _settle(settled: list) -> None:
    for fut, r, err in settled:
        if fut.done():
            continue
        if err is not None:
            fut.set_exception(err)
        else:
            fut.set_result(r)


@dataclass(frozen=True)
class ActionWrite:
    """One stored action and its game's new revision (and status): the write the committer
    sees most, so that runs of them go to the database as one statement each
    (``executemany``) rather than one per action."""

    game_id: str
    idx: int
    action: int
    seat: int
    revision: int
    status: Optional[str]
    note: Optional[str]
    time: float
    #: the game's new ``meta`` (its clock) when it changes with this action
    meta: Optional[dict] = None
    #: the snapshot of the position this action made (stored at step ``idx + 1``), or a
    #: function making it (called in the committer thread: the packing is done off the loop)
    snapshot: Optional[SnapshotRow | Callable[[], SnapshotRow]] = None

    def __call__(self, s: Session) -> None:
        _apply(s, [self])


@contextmanager
def _transaction(engine, writes: list) -> Iterator[Any]:
    """A transaction for ``writes``: a plain connection when they are all actions (their
    statements are SQLAlchemy Core's; an ORM session costs about as much CPU again a commit,
    which is what a commit of one move pays), else a session (the other writes use the ORM)."""
    if all(w.__class__ is ActionWrite for w in writes):
        with engine.begin() as conn:
            yield conn
    else:
        with Session(engine) as s, s.begin():
            yield s


def _apply(s: Session, writes: list) -> list:
    """Run ``writes`` in order inside the transaction of ``s``; each run of ActionWrites is
    sent as one INSERT and one or two UPDATEs with many parameter sets."""
    out: list = []
    i = 0
    while i < len(writes):
        w = writes[i]
        if not isinstance(w, ActionWrite):
            out.append(w(s))
            i += 1
            continue
        j = i
        while j < len(writes) and isinstance(writes[j], ActionWrite):
            j += 1
        run = writes[i:j]
        s.execute(insert(_ACTIONS), [{"game_id": a.game_id, "idx": a.idx, "action": a.action, "seat": a.seat,
                                      "time": a.time, "note": a.note} for a in run])
        snaps = [_snapshot_params(a.game_id, a.snapshot() if callable(a.snapshot) else a.snapshot)
                 for a in run if a.snapshot is not None]
        if snaps:
            s.execute(insert(_SNAPSHOTS), snaps)
        groups: dict[tuple[bool, bool], list] = {}
        for a in run:
            params = {"gid": a.game_id, "rev": a.revision, "upd": a.time}
            if a.status is not None:
                params["st"] = a.status
            if a.meta is not None:
                params["meta"] = a.meta
            groups.setdefault((a.status is not None, a.meta is not None), []).append(params)
        for key, params in groups.items():
            if s.execute(_SET_REVISION[key], params).rowcount != len(params):
                raise RevisionConflict("a game's stored revision is not older than the one written")
        out.extend([None] * len(run))
        i = j
    return out


_ACTIONS = ActionTable.__table__
_GAMES = GameTable.__table__
_SNAPSHOTS = SnapshotTable.__table__


def _snapshot_params(game_id: str, snap: SnapshotRow) -> dict[str, Any]:
    return {"game_id": game_id, "idx": snap.idx, "rules_version": snap.rules, "state": snap.state, "step": snap.step}


def _set_revision(status: bool, meta: bool):
    values = {"revision": bindparam("rev"), "updated": bindparam("upd")}
    if status:
        values["status"] = bindparam("st")
    if meta:
        values["meta"] = bindparam("meta", type_=JSON)
    # only over an older revision: one already as new means a change this writer did not know of
    return update(_GAMES).where(_GAMES.c.id == bindparam("gid"), _GAMES.c.revision < bindparam("rev")).values(**values)


#: (status changes, meta changes) -> the UPDATE of a game's revision that goes with its actions
_SET_REVISION = {(st, mt): _set_revision(st, mt) for st in (False, True) for mt in (False, True)}


def _guard_error(guard: Optional[FileGuard]) -> Optional[StorageError]:
    """The refusal a SQLite file's guard calls for now (None: the files are fine)."""
    found = guard.check() if guard is not None else None
    if found is None:
        return None
    err = StorageError(found[0])
    if found[1]:
        err.advice, err.final = LOST_ADVICE, True
    return err


def _error(exc: BaseException) -> StorageError:
    if isinstance(exc, StorageError):
        return exc
    log.error("database write failed: %s (%s)", describe(exc), type(exc).__name__)
    err = StorageError(describe(exc))
    err.conflict = isinstance(exc, (IntegrityError, RevisionConflict))
    err.__suppress_context__ = True  # the driver's error (with its values) stays out of tracebacks
    return err


def _sqlite_pragmas(dbapi_conn, _record) -> None:
    """Write-ahead log (readers never wait for the writer, and a commit appends to the log
    instead of rewriting pages) with a flush of the log at every commit (``synchronous=FULL``:
    a committed transaction survives a crash of the machine, not only of the process). The
    database file is read with ``read()``, never memory-mapped (``mmap_size=0``, whatever the
    build's default): a file cut short or unreadable is then an error, not a SIGBUS."""
    cur = dbapi_conn.cursor()
    try:
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA synchronous=FULL")
        cur.execute("PRAGMA mmap_size=0")
    finally:
        cur.close()


class Store:
    """The database behind the server. ``url`` is any SQLAlchemy URL.

    ``busy_timeout`` is how long a write waits for another program's lock on a SQLite file
    before it is refused. On opening, the store checks that it can write (a database it cannot
    write is reported now, not at the first move)."""

    def __init__(self, url: str = "sqlite:///./cosmodrome.sqlite", *, busy_timeout: float = 5.0) -> None:
        self.url = url
        kwargs: dict[str, Any] = {"hide_parameters": True}
        sqlite = url.startswith("sqlite")
        memory = url in ("sqlite://", "sqlite:///:memory:")
        if sqlite:
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": busy_timeout}
            if memory:
                kwargs["poolclass"] = StaticPool
        else:  # a server database: a connection dropped by a restart of it is replaced, not reported
            kwargs["pool_pre_ping"] = True
        try:
            if sqlite and not memory:  # a newer database is refused before the pragmas touch its file
                probe = create_engine(url, hide_parameters=True, poolclass=NullPool,
                                      connect_args=kwargs["connect_args"])
                try:
                    migrations.check(probe)
                finally:
                    probe.dispose()
            self.engine = create_engine(url, **kwargs)
            if sqlite and not memory:
                event.listen(self.engine, "connect", _sqlite_pragmas)
            #: where the schema stood and stands (a newer database is refused before any write)
            self.schema = migrations.upgrade(self.engine)
            self._check_writable()
            self.guard = FileGuard.of(self.engine) if sqlite and not memory else None
        except migrations.NewerDatabase as exc:
            if hasattr(self, "engine"):
                self.engine.dispose()
            raise StorageError(str(exc)) from None
        except Exception as exc:
            raise StorageError(f"cannot use the database: {describe(exc)}") from None
        if self.guard is not None:  # once lost, no new connection may create a new file there
            event.listen(self.engine, "connect", self._refuse_if_lost)
        self.committer = Committer(self.engine, guard=self.guard)

    def _refuse_if_lost(self, _dbapi_conn, _record) -> None:
        if self.guard is not None and self.guard.lost:
            raise StorageError(self.guard.lost)

    def watch(self, fn: Callable[[str], None]) -> None:
        """Call ``fn(sentence)`` (from the thread that found it) once the database's files are
        lost under the running server (a SQLite file removed or replaced: see
        :mod:`cosmodrome.server.fileguard`)."""
        if self.guard is not None:
            self.guard.on_lost.append(fn)

    def _check_writable(self) -> None:
        """A write that changes nothing, rolled back: refused by a read-only or locked database."""
        with Session(self.engine) as s:
            s.execute(update(GameTable).where(GameTable.id == "").values(updated=0.0))
            s.rollback()

    def close(self) -> None:
        self.committer.close()
        self.engine.dispose()
        if self.guard is not None:
            self.guard.close()

    def _submit(self, fn: Callable[[Session], Any], loop: Optional[asyncio.AbstractEventLoop] = None,
                game: Optional[str] = None) -> Any:
        if game is not None:  # the game it changes: other processes holding it are told at commit
            fn.game_id = game  # type: ignore[attr-defined]
        return self.committer.submit(fn, loop)

    def submit(self, fn: Callable[[Session], Any], loop: Optional[asyncio.AbstractEventLoop] = None) -> Any:
        """Run ``fn(session)`` in the next group commit (accounts, ratings): a future settled
        once committed (an asyncio future of ``loop`` when given)."""
        return self._submit(fn, loop)

    def read(self, fn: Callable[[Session], Any]) -> Any:
        """``fn(session)`` in a read-only session (errors become :class:`StorageError`)."""
        return self._read(fn)

    def _write(self, fn: Callable[[Session], Any]) -> Any:
        return self._submit(fn).result()

    def _read(self, fn) -> Any:
        refused = _guard_error(self.guard)  # a read touches the log's index too
        if refused is not None:
            log.error("a read was refused: %s", refused)
            raise refused
        try:
            with Session(self.engine) as s:
                return fn(s)
        except Exception as exc:
            log.error("database read failed: %s (%s)", describe(exc), type(exc).__name__)
            raise StorageError(f"the database could not be read: {describe(exc)}") from None

    # ----- games ---------------------------------------------------------------------
    def create_game(self, row: GameRow, actions: Optional[list[ActionRow]] = None,
                    snapshots: Optional[list[SnapshotRow]] = None) -> None:
        """Store a new game (and, for an imported record, its actions) and its snapshots in one
        transaction."""
        now = time.time()

        def fn(s: Session) -> None:
            s.add(GameTable(id=row.id, game=row.game, players=row.players, seed=row.seed, options=row.options,
                            seats=seats_json(row.seats), status=row.status, revision=row.revision,
                            public=int(row.public), meta=row.meta, created=row.created or now, updated=now,
                            rules_version=row.rules_version, replay_base=row.replay_base))
            s.flush()
            for a in actions or []:
                s.add(ActionTable(game_id=row.id, idx=a.idx, action=a.action, seat=a.seat, time=a.time or now,
                                  note=a.note))
            if snapshots:
                s.flush()
                s.execute(insert(_SNAPSHOTS), [_snapshot_params(row.id, x) for x in snapshots])
        self._write(fn)

    def get_game(self, game_id: str) -> Optional[GameRow]:
        def fn(s: Session) -> Optional[GameRow]:
            t = s.get(GameTable, game_id)
            return _row(t) if t is not None else None
        return self._read(fn)

    def list_games(self, status: Optional[str] = None, public_only: bool = False,
                   limit: Optional[int] = None) -> list[GameRow]:
        """The stored games, newest first: of ``status`` (None: any), only the public ones
        (``public_only``), at most ``limit`` (the database filters and counts: a private
        game's row is never read for a public list)."""
        def fn(s: Session) -> list[GameRow]:
            q = select(GameTable).order_by(GameTable.created.desc())
            if status is not None:
                q = q.where(GameTable.status == status)
            if public_only:
                q = q.where(GameTable.public != 0)
            if limit is not None:
                q = q.limit(limit)
            return [_row(t) for t in s.scalars(q)]
        return self._read(fn)

    def set_seats(self, game_id: str, seats: list[Seat]) -> None:
        self.submit_seats(game_id, seats).result()

    def submit_seats(self, game_id: str, seats: list[Seat], loop: Optional[asyncio.AbstractEventLoop] = None):
        """:meth:`set_seats` handed to the committer: a future resolved once it is committed
        (an asyncio future of ``loop`` when given, see :meth:`Committer.submit`)."""
        def fn(s: Session) -> None:
            s.execute(update(GameTable).where(GameTable.id == game_id)
                      .values(seats=seats_json(seats), updated=time.time()))
        return self._submit(fn, loop, game_id)

    # ----- actions -------------------------------------------------------------------
    def actions(self, game_id: str, start: int = 0) -> list[ActionRow]:
        """The stored actions of a game from index ``start`` on, in order."""
        def fn(s: Session) -> list[ActionRow]:
            q = (select(ActionTable).where(ActionTable.game_id == game_id, ActionTable.idx >= start)
                 .order_by(ActionTable.idx))
            return [ActionRow(a.idx, a.action, a.seat, a.time, a.note) for a in s.scalars(q)]
        return self._read(fn)

    def append_action(self, game_id: str, idx: int, action: int, seat: int, *, revision: int,
                      status: Optional[str] = None, note: Optional[str] = None) -> None:
        """Store action number ``idx`` and the game's new revision (and status) atomically."""
        self.submit_action(game_id, idx, action, seat, revision=revision, status=status, note=note).result()

    def submit_action(self, game_id: str, idx: int, action: int, seat: int, *, revision: int,
                      status: Optional[str] = None, note: Optional[str] = None, meta: Optional[dict] = None,
                      snapshot: Optional[SnapshotRow | Callable[[], SnapshotRow]] = None,
                      loop: Optional[asyncio.AbstractEventLoop] = None):
        """:meth:`append_action` handed to the committer: a future resolved once the commit
        that holds it returned (or failed with a :class:`StorageError`). ``meta``: the game's
        new meta (its clock), ``snapshot``: the position the action made, both stored in the
        same transaction."""
        return self._submit(ActionWrite(game_id, idx, action, seat, revision, status, note, time.time(), meta,
                                        snapshot), loop)

    def truncate(self, game_id: str, keep: int, *, revision: int, status: Optional[str] = None) -> None:
        """Delete every action from index ``keep`` on (an undo) and bump the revision."""
        self.submit_truncate(game_id, keep, revision=revision, status=status).result()

    def submit_truncate(self, game_id: str, keep: int, *, revision: int, status: Optional[str] = None,
                        meta: Optional[dict] = None, loop: Optional[asyncio.AbstractEventLoop] = None):
        """:meth:`truncate` handed to the committer (see :meth:`submit_action`)."""
        def fn(s: Session) -> None:
            s.execute(delete(ActionTable).where(ActionTable.game_id == game_id, ActionTable.idx >= keep))
            s.execute(delete(SnapshotTable).where(SnapshotTable.game_id == game_id, SnapshotTable.idx > keep))
            values: dict[str, Any] = {"revision": revision, "updated": time.time()}
            if status is not None:
                values["status"] = status
            if meta is not None:
                values["meta"] = meta
            changed = s.execute(update(GameTable).where(GameTable.id == game_id, GameTable.revision < revision)
                                .values(**values)).rowcount
            if changed != 1:
                raise RevisionConflict("the game's stored revision is not older than the one written")
        return self._submit(fn, loop, game_id)

    # ----- snapshots ------------------------------------------------------------------
    def snapshots(self, game_id: str, start: int = 0, stop: Optional[int] = None) -> list[SnapshotRow]:
        """The stored steps ``start`` to ``stop`` (inclusive; None: the last) of a game, in order."""
        def fn(s: Session) -> list[SnapshotRow]:
            q = select(SnapshotTable).where(SnapshotTable.game_id == game_id, SnapshotTable.idx >= start)
            if stop is not None:
                q = q.where(SnapshotTable.idx <= stop)
            return [SnapshotRow(x.idx, x.rules_version, x.state, x.step)
                    for x in s.scalars(q.order_by(SnapshotTable.idx))]
        return self._read(fn)

    def step_counts(self) -> dict[str, tuple[int, int]]:
        """Per game: (its stored actions, its stored snapshots). A game whose snapshots are
        not one more than its actions was stored (in part) before snapshots."""
        def fn(s: Session) -> dict[str, tuple[int, int]]:
            acts = dict(s.execute(select(ActionTable.game_id, func.count()).group_by(ActionTable.game_id)).all())
            snaps = dict(s.execute(select(SnapshotTable.game_id, func.count()).group_by(SnapshotTable.game_id)).all())
            return {gid: (acts.get(gid, 0), snaps.get(gid, 0)) for gid in s.scalars(select(GameTable.id))}
        return self._read(fn)

    def submit_snapshots(self, game_id: str, rows: list[SnapshotRow], loop: Optional[asyncio.AbstractEventLoop] = None):
        """Store the steps ``rows`` of a game that lacks them (a game stored before snapshots:
        its steps as its actions replay now), replacing any stored at the same indexes."""
        def fn(s: Session) -> None:
            s.execute(delete(SnapshotTable).where(SnapshotTable.game_id == game_id,
                                                  SnapshotTable.idx.in_([r.idx for r in rows])))
            if rows:
                s.execute(insert(_SNAPSHOTS), [_snapshot_params(game_id, r) for r in rows])
        return self._submit(fn, loop)

    # ----- the game's chat and server lines, the game's state beside its actions ------------
    def messages(self, game_id: str, start: int = 0) -> list[MessageRow]:
        """The chat and server lines of a game from index ``start`` on, in order."""
        def fn(s: Session) -> list[MessageRow]:
            q = (select(MessageTable).where(MessageTable.game_id == game_id, MessageTable.idx >= start)
                 .order_by(MessageTable.idx))
            return [MessageRow(m.idx, m.at, m.seat, m.kind, m.name, m.text, m.time) for m in s.scalars(q)]
        return self._read(fn)

    def submit_change(self, game_id: str, *, messages: tuple[MessageRow, ...] = (), seats: Optional[list] = None,
                      meta: Optional[dict] = None, status: Optional[str] = None,
                      rules: Optional[tuple[int, int]] = None, loop: Optional[asyncio.AbstractEventLoop] = None):
        """Store, in one transaction, new messages of a game and its new seats, meta (its
        clock), status and ``rules`` (its rules version and replay base) (each left alone when
        None): a chat line, a clock running out and the bot that takes the seat, a player back
        at their seat, a game going on under new rules."""
        def fn(s: Session) -> None:
            if messages:
                s.execute(insert(MessageTable.__table__), [
                    {"game_id": game_id, "idx": m.idx, "at": m.at, "seat": m.seat, "kind": m.kind, "name": m.name,
                     "text": m.text, "time": m.time} for m in messages])
            values: dict[str, Any] = {}
            if seats is not None:
                values["seats"] = seats_json(seats)
            if meta is not None:
                values["meta"] = meta
            if status is not None:
                values["status"] = status
            if rules is not None:
                values["rules_version"], values["replay_base"] = rules
            if values:
                values["updated"] = time.time()
                s.execute(update(GameTable).where(GameTable.id == game_id).values(**values))
        return self._submit(fn, loop, game_id)

    def submit_meta(self, game_id: str, keys: dict[str, Any], loop: Optional[asyncio.AbstractEventLoop] = None):
        """Set ``keys`` in a game's stored ``meta``, keeping its other keys as stored (one that
        another write set meanwhile, such as a rating's ``rated_done``, is not lost)."""
        def fn(s: Session) -> None:
            g = s.get(GameTable, game_id)
            if g is not None:
                g.meta = dict(g.meta or {}, **keys)
                g.updated = time.time()
        return self._submit(fn, loop, game_id)

    def mark(self, name: str) -> Optional[float]:
        """The instant recorded under ``name`` (None: never)."""
        return self._read(lambda s: (lambda m: m.time if m is not None else None)(s.get(MarkTable, name)))

    def submit_mark(self, name: str, at: float, loop: Optional[asyncio.AbstractEventLoop] = None):
        """Record the instant ``at`` under ``name`` (e.g. ``alive``)."""
        def fn(s: Session) -> None:
            row = s.get(MarkTable, name)
            if row is None:
                s.add(MarkTable(name=name, time=at))
            else:
                row.time = at
        return self._submit(fn, loop)
