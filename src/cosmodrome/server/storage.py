"""Storage of games and their actions through SQLAlchemy 2 (SQLite by default, any URL).

Two tables:

- ``games``: one row per game: id, game type, player count, options, seed, seats (a JSON
  list: kind "human"/"bot", bot spec, secret token of a human seat, whether the seat has been
  claimed), status ("running", "finished", "replay"), revision (bumped by every change: an
  action or an undo), timestamps.
- ``actions``: one row per accepted action: game id, index (0-based position in the game
  record), the action id, the seat that took it, the time, and an optional note (a sentence
  the server added to the log, e.g. a bot that failed and was replaced by a random move).

Every write is one transaction, committed before the caller acknowledges anything. The store
is synchronous; the web app calls it from a worker thread. A process-wide lock serialises
writes, so SQLite never reports "database is locked" between our own threads.

>>> s = Store("sqlite://")
>>> s.create_game(GameRow(id="g1", game="pocket-race", players=2, seed=1, options={},
...     seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}]))
>>> s.append_action("g1", 0, 9, 0, revision=1)
>>> [a.action for a in s.actions("g1")]
[9]
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from typing import Any, Optional

from sqlalchemy import JSON, BigInteger, Float, ForeignKey, Integer, String, Text, create_engine, delete, select, update
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, Session
from sqlalchemy.pool import StaticPool


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


class ActionTable(Base):
    __tablename__ = "actions"
    game_id: Mapped[str] = mapped_column(String(32), ForeignKey("games.id"), primary_key=True)
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)
    action: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    time: Mapped[float] = mapped_column(Float)
    note: Mapped[Optional[str]] = mapped_column(Text, nullable=True)


@dataclass
class GameRow:
    """A game as stored (without its actions)."""

    id: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    status: str = "running"
    revision: int = 0
    public: bool = False
    meta: dict[str, Any] = field(default_factory=dict)
    created: float = 0.0
    updated: float = 0.0


@dataclass
class ActionRow:
    idx: int
    action: int
    seat: int
    time: float
    note: Optional[str] = None


class StorageError(RuntimeError):
    """The database refused a write or a read (the change was not made)."""


def _row(t: GameTable) -> GameRow:
    return GameRow(id=t.id, game=t.game, players=t.players, seed=t.seed, options=dict(t.options or {}),
                   seats=[dict(s) for s in (t.seats or [])], status=t.status, revision=t.revision,
                   public=bool(t.public), meta=dict(t.meta or {}), created=t.created, updated=t.updated)


class Store:
    """The database behind the server. ``url`` is any SQLAlchemy URL."""

    def __init__(self, url: str = "sqlite:///./cosmodrome.sqlite") -> None:
        self.url = url
        kwargs: dict[str, Any] = {}
        if url.startswith("sqlite"):
            kwargs["connect_args"] = {"check_same_thread": False}
            if url in ("sqlite://", "sqlite:///:memory:"):
                kwargs["poolclass"] = StaticPool
        else:  # a server database: a connection dropped by a restart of it is replaced, not reported
            kwargs["pool_pre_ping"] = True
        self.engine = create_engine(url, **kwargs)
        self._lock = threading.RLock()
        Base.metadata.create_all(self.engine)

    def close(self) -> None:
        self.engine.dispose()

    def _write(self, fn) -> Any:
        with self._lock:
            try:
                with Session(self.engine) as s, s.begin():
                    return fn(s)
            except StorageError:
                raise
            except Exception as exc:  # any driver error: nothing was committed
                raise StorageError(f"the database refused the change: {type(exc).__name__}: {exc}") from exc

    def _read(self, fn) -> Any:
        try:
            with Session(self.engine) as s:
                return fn(s)
        except Exception as exc:
            raise StorageError(f"the database could not be read: {type(exc).__name__}: {exc}") from exc

    # ----- games ---------------------------------------------------------------------
    def create_game(self, row: GameRow, actions: Optional[list[ActionRow]] = None) -> None:
        """Store a new game (and, for an imported record, its actions) in one transaction."""
        now = time.time()

        def fn(s: Session) -> None:
            s.add(GameTable(id=row.id, game=row.game, players=row.players, seed=row.seed, options=row.options,
                            seats=row.seats, status=row.status, revision=row.revision, public=int(row.public),
                            meta=row.meta, created=row.created or now, updated=now))
            s.flush()
            for a in actions or []:
                s.add(ActionTable(game_id=row.id, idx=a.idx, action=a.action, seat=a.seat, time=a.time or now,
                                  note=a.note))
        self._write(fn)

    def get_game(self, game_id: str) -> Optional[GameRow]:
        def fn(s: Session) -> Optional[GameRow]:
            t = s.get(GameTable, game_id)
            return _row(t) if t is not None else None
        return self._read(fn)

    def list_games(self, status: Optional[str] = None) -> list[GameRow]:
        def fn(s: Session) -> list[GameRow]:
            q = select(GameTable).order_by(GameTable.created.desc())
            if status is not None:
                q = q.where(GameTable.status == status)
            return [_row(t) for t in s.scalars(q)]
        return self._read(fn)

    def set_seats(self, game_id: str, seats: list[dict[str, Any]]) -> None:
        def fn(s: Session) -> None:
            s.execute(update(GameTable).where(GameTable.id == game_id).values(seats=seats, updated=time.time()))
        self._write(fn)

    # ----- actions -------------------------------------------------------------------
    def actions(self, game_id: str) -> list[ActionRow]:
        def fn(s: Session) -> list[ActionRow]:
            q = select(ActionTable).where(ActionTable.game_id == game_id).order_by(ActionTable.idx)
            return [ActionRow(a.idx, a.action, a.seat, a.time, a.note) for a in s.scalars(q)]
        return self._read(fn)

    def append_action(self, game_id: str, idx: int, action: int, seat: int, *, revision: int,
                      status: Optional[str] = None, note: Optional[str] = None) -> None:
        """Store action number ``idx`` and the game's new revision (and status) atomically."""
        def fn(s: Session) -> None:
            s.add(ActionTable(game_id=game_id, idx=idx, action=action, seat=seat, time=time.time(), note=note))
            values: dict[str, Any] = {"revision": revision, "updated": time.time()}
            if status is not None:
                values["status"] = status
            s.execute(update(GameTable).where(GameTable.id == game_id).values(**values))
        self._write(fn)

    def truncate(self, game_id: str, keep: int, *, revision: int, status: Optional[str] = None) -> None:
        """Delete every action from index ``keep`` on (an undo) and bump the revision."""
        def fn(s: Session) -> None:
            s.execute(delete(ActionTable).where(ActionTable.game_id == game_id, ActionTable.idx >= keep))
            values: dict[str, Any] = {"revision": revision, "updated": time.time()}
            if status is not None:
                values["status"] = status
            s.execute(update(GameTable).where(GameTable.id == game_id).values(**values))
        self._write(fn)
