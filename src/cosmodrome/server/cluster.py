"""Several server processes on one PostgreSQL database (docs/SERVER.md, "Many processes").

Each process is a **node** (a random id made at start). Each game is owned by one node at a
time through its row in ``game_leases`` (owner, expiry by the database's clock): only the
owner applies the game's moves, undos, chat lines and seat changes, runs its clock and its
bots. The owner renews its leases every :attr:`Cluster.renew_every` seconds, in a thread of
its own (a busy event loop does not lose them); a lease past its expiry may be taken by any
node (:meth:`Cluster.acquire`, atomic under the row's lock).

A node trusts its own lease only until ``ttl`` seconds after the moment it *sent* the
renewal that the database stamped (minus a margin): the database's expiry is later than
that, so another node can take the game only once the old owner has stopped writing it. A
write of two owners at once is still impossible to store: every action and chat line has
its key in the game, and a game's revision is written only over an older one.

Messages between nodes go through PostgreSQL's LISTEN/NOTIFY on one channel
(:data:`CHANNEL`), sent inside the transaction they announce (delivered at its commit).
A payload names ids only, never a token or a move:

- ``g <node> <game> [<revision>]``: the commit of ``node`` changed ``game`` (every write that
  touches a game's row, action or messages: :attr:`~cosmodrome.server.storage.Committer.notify`),
  to ``revision`` when it stored actions (a copy already there need not read anything);
- ``q <target> <request>``: a write for a game that ``target`` owns waits in ``game_requests``;
- ``r <origin> <request>``: its answer is in the row.

This module is the database side and the listening thread; the hall's side (forwarding,
refreshing copies, taking games over) is :mod:`cosmodrome.server.hall_cluster`.
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
from typing import Any, Callable, Optional

from sqlalchemy import and_, create_engine, delete, func, insert, or_, select, text, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session
from sqlalchemy.pool import NullPool

from cosmodrome.server.storage import (
    ActionRow,
    ActionTable,
    GameTable,
    LeaseTable,
    MessageRow,
    MessageTable,
    RequestTable,
    StorageError,
    Store,
    _row,
    describe,
)

log = logging.getLogger("cosmodrome.server")

#: the NOTIFY channel of every node of one database
CHANNEL = "cosmodrome"


def clustered(store: Store) -> bool:
    """Whether the store's database can be shared by several processes (PostgreSQL); a
    SQLite file is served by one process, without leases."""
    return store.engine.dialect.name == "postgresql"


class Cluster:
    """This node's leases, its requests to other nodes and its listening connection."""

    def __init__(self, store: Store, ttl: float = 2.5, renew_every: Optional[float] = None) -> None:
        self.store, self.engine = store, store.engine
        self.node = secrets.token_hex(8)
        self.ttl = ttl
        self.renew_every = renew_every if renew_every is not None else ttl / 5
        #: game id -> the monotonic instant until which this node may write it
        self.owned: dict[str, float] = {}
        #: game id -> (the node met owning it, the monotonic instant its lease ran out then)
        self._seen: dict[str, tuple[str, float]] = {}
        #: called (from the listening thread) with ("g", game), ("q", request) or ("r", request)
        self.on_message: Callable[[str, str], None] = lambda kind, what: None
        #: called (from the listening thread) each time it (re)connects: notices may have been missed
        self.on_connect: Callable[[], None] = lambda: None
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []
        self._listen_engine = None
        self.margin = min(0.5, ttl / 5)

    # ----- start and stop -------------------------------------------------------------
    def start(self) -> None:
        """Announce every commit's games, listen, and renew the leases."""
        self.store.committer.notify = self._notify_games
        self._listen_engine = create_engine(self.engine.url, poolclass=NullPool, hide_parameters=True)
        for target, name in ((self._listen, "cosmodrome-listen"), (self._renewing, "cosmodrome-leases")):
            th = threading.Thread(target=target, daemon=True, name=name)
            th.start()
            self._threads.append(th)

    def stop(self) -> None:
        """Stop the threads and give up every lease (another node takes the games at once)."""
        self._stop.set()
        for th in self._threads:
            th.join(5)
        self.store.committer.notify = None
        try:
            self._lapse(LeaseTable.owner == self.node)
        except Exception as exc:  # they expire by themselves
            log.warning("could not give up this process's game leases: %s", describe(exc))
        self.owned.clear()
        if self._listen_engine is not None:
            self._listen_engine.dispose()

    # ----- leases ---------------------------------------------------------------------
    def owns(self, game_id: str) -> bool:
        return self.owned.get(game_id, 0.0) > time.monotonic()

    @staticmethod
    def _now(s: Session) -> float:
        """The database's clock (every node compares expiries with the same clock), in a
        transaction that commits locally (:func:`_local`)."""
        _local(s)
        return float(s.execute(select(func.extract("epoch", func.clock_timestamp()))).scalar())

    def acquire(self, game_id: str) -> tuple[bool, Any]:
        """Take the lease of ``game_id`` if it is free, expired or ours: (True, (the expiry of
        the previous owner's lease or None, the database's time now)); else (False, the owner)."""
        sent = time.monotonic()
        try:
            with Session(self.engine) as s, s.begin():
                now = self._now(s)
                row = s.get(LeaseTable, game_id, with_for_update=True)
                prev = None
                if row is None:
                    s.add(LeaseTable(game_id=game_id, owner=self.node, expires=now + self.ttl))
                elif row.owner == self.node or row.expires < now:
                    prev = row.expires if row.owner != self.node else None
                    row.owner, row.expires = self.node, now + self.ttl
                else:
                    self._seen[game_id] = (row.owner, sent + (row.expires - now) - self.margin)
                    return False, row.owner
        except IntegrityError:  # another node inserted it first
            return False, None
        except Exception as exc:
            raise StorageError(describe(exc)) from None
        self.owned[game_id] = sent + self.ttl - self.margin
        self._seen.pop(game_id, None)
        return True, (prev, now)

    def seen_owner(self, game_id: str) -> Optional[str]:
        """The node whose live lease of ``game_id`` :meth:`acquire` last met, while that
        lease has not run out by this node's clock (None: ask the database)."""
        owner, until = self._seen.get(game_id, (None, 0.0))
        if owner is not None and until > time.monotonic():
            return owner
        self._seen.pop(game_id, None)
        return None

    def forget_owner(self, game_id: str) -> None:
        """The owner met last no longer holds ``game_id`` (it answered so): ask anew."""
        self._seen.pop(game_id, None)

    def release(self, game_id: str) -> None:
        """Give up the lease of ``game_id`` (a game that ended: the next write takes it anew)."""
        self.owned.pop(game_id, None)
        self._lapse(LeaseTable.game_id == game_id, LeaseTable.owner == self.node)

    def _lapse(self, *where: Any) -> None:
        """End leases now: their expiry becomes ``ttl`` ago, so that whoever takes the game
        next counts the time since (its clock) as it would after a crash."""
        with Session(self.engine) as s, s.begin():
            now = self._now(s)
            s.execute(update(LeaseTable).where(*where).values(expires=now - self.ttl))

    def renew(self) -> None:
        """Move every live lease of this node on by ``ttl``; forget the games it no longer
        holds (taken by another node, or lapsed while this one stalled)."""
        sent = time.monotonic()
        with Session(self.engine) as s, s.begin():
            now = self._now(s)
            # a lease given up (expiry in the past: :meth:`release`) stays given up
            s.execute(update(LeaseTable).where(LeaseTable.owner == self.node, LeaseTable.expires > now)
                      .values(expires=now + self.ttl))
            held = set(s.scalars(select(LeaseTable.game_id).where(LeaseTable.owner == self.node,
                                                                  LeaseTable.expires > now)))
        until = sent + self.ttl - self.margin
        for gid in held:
            if gid in self.owned:
                self.owned[gid] = until
        for gid, valid in list(self.owned.items()):
            if gid not in held and valid < sent:  # taken by another node after this one stalled
                self.owned.pop(gid, None)
                log.warning("game %s: this process no longer holds its lease", gid)

    def _renewing(self) -> None:
        while not self._stop.wait(self.renew_every):
            try:
                self.renew()
            except Exception as exc:  # the leases lapse by themselves; tried again
                log.error("could not renew this process's game leases: %s", describe(exc))

    def orphans(self, limit: int = 200) -> list[str]:
        """Running games without a live owner (no lease, or one past its expiry)."""
        with Session(self.engine) as s:
            now = self._now(s)
            q = (select(GameTable.id).outerjoin(LeaseTable, LeaseTable.game_id == GameTable.id)
                 .where(GameTable.status == "running", or_(LeaseTable.game_id.is_(None), LeaseTable.expires < now))
                 .limit(limit))
            return list(s.scalars(q))

    def since(self, game_id: str, actions: int, messages: int) -> tuple[Any, list, list]:
        """(the game's row, its actions from index ``actions`` on, its lines from index
        ``messages`` on), read in one snapshot of the database (a commit between the reads
        would show a revision without its action)."""
        return self.since_many({game_id: (actions, messages)}).get(game_id, (None, [], []))

    def since_many(self, wants: dict[str, tuple[int, int]]) -> dict[str, tuple[Any, list, list]]:
        """:meth:`since` of every game of ``wants`` ({game: (actions, lines) already held}),
        in one transaction of three statements whatever their number; a game not stored is
        left out."""
        ids = list(wants)
        with Session(self.engine) as s:
            s.connection(execution_options={"isolation_level": "REPEATABLE READ"})
            rows = {t.id: _row(t) for t in s.scalars(select(GameTable).where(GameTable.id.in_(ids)))}
            acts: dict[str, list] = {g: [] for g in rows}
            msgs: dict[str, list] = {g: [] for g in rows}
            a, m = ActionTable, MessageTable
            for r in s.execute(select(a.game_id, a.idx, a.action, a.seat, a.time, a.note).where(
                    or_(*[and_(a.game_id == g, a.idx >= n) for g, (n, _) in wants.items()]))
                    .order_by(a.game_id, a.idx)):
                if r.game_id in acts:
                    acts[r.game_id].append(ActionRow(r.idx, r.action, r.seat, r.time, r.note))
            for r in s.execute(select(m.game_id, m.idx, m.at, m.seat, m.kind, m.name, m.text, m.time).where(
                    or_(*[and_(m.game_id == g, m.idx >= k) for g, (_, k) in wants.items()]))
                    .order_by(m.game_id, m.idx)):
                if r.game_id in msgs:
                    msgs[r.game_id].append(MessageRow(r.idx, r.at, r.seat, r.kind, r.name, r.text, r.time))
            return {g: (row, acts[g], msgs[g]) for g, row in rows.items()}

    # ----- requests -------------------------------------------------------------------
    def send(self, rid: str, game_id: str, target: str, kind: str, body: dict[str, Any]) -> None:
        with Session(self.engine) as s, s.begin():
            _local(s)
            s.execute(insert(RequestTable).values(id=rid, game_id=game_id, origin=self.node, target=target, kind=kind,
                                                  body=body, created=time.time()))
            _notify(s, [f"q {target} {rid}"])

    def take(self, rid: str) -> Optional[Any]:
        """The request ``rid`` for this node (``game_id``, ``origin``, ``kind``, ``body``),
        marked taken (None: gone, or taken already)."""
        with Session(self.engine) as s, s.begin():
            _local(s)
            return s.execute(update(RequestTable).where(RequestTable.id == rid, RequestTable.target == self.node,
                                                        RequestTable.taken.is_(None)).values(taken=time.time())
                             .returning(RequestTable.game_id, RequestTable.origin, RequestTable.kind,
                                        RequestTable.body)).first()

    def answer(self, rid: str, origin: str, reply: dict[str, Any]) -> None:
        with Session(self.engine) as s, s.begin():
            _local(s)
            s.execute(update(RequestTable).where(RequestTable.id == rid).values(reply=reply))
            _notify(s, [f"r {origin} {rid}"])

    def answered(self, rid: str) -> Optional[dict[str, Any]]:
        """The answer to request ``rid``, removing its row (None: not answered yet)."""
        with Session(self.engine) as s, s.begin():
            got = s.execute(delete(RequestTable).where(RequestTable.id == rid, RequestTable.reply.is_not(None))
                            .returning(RequestTable.reply)).first()
            return got[0] if got is not None else None

    def request_state(self, rid: str, game_id: str) -> tuple[bool, Optional[dict[str, Any]], Optional[str], float]:
        """(whether the owner took request ``rid``, its answer or None, the node owning
        ``game_id`` or None, the seconds its lease has left), in one transaction."""
        with Session(self.engine) as s:
            now = self._now(s)
            row = s.get(RequestTable, rid)
            lease = s.get(LeaseTable, game_id)
            taken, reply = (False, None) if row is None else (row.taken is not None, row.reply)
            return taken, reply, *((None, 0.0) if lease is None else (lease.owner, lease.expires - now))

    def cancel(self, rid: str) -> bool:
        """Call back a request its owner has not taken (True), or leave it (False: taken)."""
        with Session(self.engine) as s, s.begin():
            return s.execute(delete(RequestTable).where(RequestTable.id == rid,
                                                        RequestTable.taken.is_(None))).rowcount == 1

    def drop(self, rid: str) -> None:
        with Session(self.engine) as s, s.begin():
            s.execute(delete(RequestTable).where(RequestTable.id == rid))

    def waiting(self) -> list[str]:
        """Requests for this node not yet taken (their notice may have been missed); rows of
        every node older than a minute are removed."""
        with Session(self.engine) as s, s.begin():
            s.execute(delete(RequestTable).where(RequestTable.created < time.time() - 60))
            return list(s.scalars(select(RequestTable.id).where(RequestTable.target == self.node,
                                                                RequestTable.taken.is_(None))))

    # ----- notices --------------------------------------------------------------------
    def _notify_games(self, s: Session, games: dict) -> None:
        _notify(s, [f"g {self.node} {g}" if rev is None else f"g {self.node} {g} {rev}"
                    for g, rev in sorted(games.items())])

    def _listen(self) -> None:
        while not self._stop.is_set():
            raw = None
            try:
                raw = self._listen_engine.raw_connection()
                pg = raw.driver_connection
                pg.autocommit = True
                pg.execute(f"LISTEN {CHANNEL}")
                self.on_connect()
                while not self._stop.is_set():
                    for n in pg.notifies(timeout=0.5):
                        self._dispatch(n.payload)
            except Exception as exc:
                if not self._stop.is_set():
                    log.error("lost the database's notices (%s); listening again", describe(exc))
                    self._stop.wait(0.5)
            finally:
                if raw is not None:
                    try:
                        raw.close()
                    except Exception:
                        pass

    def _dispatch(self, payload: str) -> None:
        kind, node, what, *rev = payload.split(" ") + ["", ""]
        if kind == "g" and node != self.node:
            self.on_message("g", f"{what} {rev[0]}" if rev[0] else what)
        elif kind in ("q", "r") and node == self.node:
            self.on_message(kind, what)


def _local(s: Session) -> None:
    """This transaction's commit waits for the local disk only, not a synchronous standby: a
    lease or a request is worth nothing after a failover of the database itself (the
    revisions keep two writers apart then)."""
    s.execute(text("SET LOCAL synchronous_commit = local"))


def _notify(s: Session, payloads: list[str]) -> None:
    """NOTIFY every payload on :data:`CHANNEL` at the commit of ``s``'s transaction."""
    if payloads:
        s.execute(text("SELECT pg_notify(:ch, p) FROM unnest(CAST(:ps AS text[])) AS p"),
                  {"ch": CHANNEL, "ps": payloads})
