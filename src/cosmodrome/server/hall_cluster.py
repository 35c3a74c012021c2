"""The hall on several processes sharing one PostgreSQL database (docs/SERVER.md, "Many
processes"; the leases and notices are :mod:`cosmodrome.server.cluster`).

- **Writes go to the owner.** A write method marked :func:`forwarded` runs here when this
  process owns the game's lease, or takes the lease when nobody holds it (or it expired);
  otherwise the write is handed to the owner as a row of ``game_requests`` and its answer
  (or its error, the same sentence) comes back. Nothing is done twice: the owner marks a
  request taken before it starts, and a sender that gives up calls back only a request not
  taken yet (503, nothing changed).
- **Copies follow the owner.** A process holding a game it does not own (for its sockets)
  reads the game's new actions, lines and seats when the owner's commit announces them, and
  sends its sockets what the owner sends its own (each seat its own view).
- **Failover.** Every process looks for running games without a live owner twice a second
  and takes them: loaded from the database, their clocks given back the time nobody owned
  them, their bots woken. Clocks and bots run only at the owner.
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import logging
import time
from types import SimpleNamespace
from typing import Any, Optional

from cosmodrome import i18n
from cosmodrome.core import CosmodromeError
from cosmodrome.server import clocks
from cosmodrome.server.cluster import Cluster
from cosmodrome.server.storage import StorageError, describe
from cosmodrome.server.table import Table, new_id

log = logging.getLogger("cosmodrome.server")

#: what :meth:`Clustering.elsewhere` answers when the write is to be done in this process
HERE = object()


class OwnerAway(StorageError):
    """The process that owns a game did not answer a write handed to it (HTTP 503)."""

    def __init__(self, text: str, advice: str = StorageError.advice) -> None:
        super().__init__(text)
        self.advice = advice


def forwarded(kind: str):
    """Mark a hall write method ``(self, t, ...)``: run by the game's owner (here, or handed
    to it as request ``kind``: its arguments, by name, travel as JSON)."""

    def deco(fn):
        sig = inspect.signature(fn)

        @functools.wraps(fn)
        async def wrapper(self, t: Table, *args: Any, **kwargs: Any):
            if self.cluster is None or self.owns(t):
                return await fn(self, t, *args, **kwargs)
            if kwargs.get("as_bot"):  # a bot's move of a game this process no longer owns
                from cosmodrome.server.table import Conflict
                raise Conflict("this process no longer runs this game: the bot's move is dropped")
            body = dict(sig.bind(self, t, *args, **kwargs).arguments)
            body.pop("self"), body.pop("t")
            body["reader_language"] = i18n.current()  # the owner answers in the asker's language
            out = await self.elsewhere(t, kind, **body)
            return await fn(self, t, *args, **kwargs) if out is HERE else out

        wrapper.forward_kind = kind  # type: ignore[attr-defined]
        return wrapper

    return deco


def _jsonable(v: Any) -> Any:
    if hasattr(v, "id") and hasattr(v, "name") and not isinstance(v, (str, dict)):  # an account
        return {"id": v.id, "name": v.name}
    return v


def _error_of(reply: dict[str, Any]) -> Exception:
    """The exception an owner's error answer stands for (its class by name, its sentence)."""
    from cosmodrome.server.routers.errors import STATUS
    kinds = {cls.__name__: cls for cls, _ in STATUS}
    kinds.update({"StorageError": StorageError, "OwnerAway": OwnerAway, "CosmodromeError": CosmodromeError})
    cls = kinds.get(reply.get("kind"), CosmodromeError)
    try:
        return cls(reply.get("error", ""))
    except TypeError:  # pragma: no cover - every class above takes a sentence
        return CosmodromeError(reply.get("error", ""))


class Clustering:
    """The :class:`~cosmodrome.server.tables.Hall`'s part for this concern (a mixin: the
    hall's state is set up in its ``__init__``; ``self.cluster`` is None on SQLite)."""

    def owns(self, t: Table) -> bool:
        """Whether this process may write ``t`` (always, with one process on SQLite)."""
        return self.cluster is None or self.cluster.owns(t.id)

    # ----- starting and stopping ----------------------------------------------------------
    def start_cluster(self) -> None:
        if self.cluster is None:
            return
        loop = asyncio.get_running_loop()
        self.cluster.on_message = lambda kind, what: loop.call_soon_threadsafe(self._message, kind, what)
        self.cluster.on_connect = lambda: loop.call_soon_threadsafe(self._pull_all)
        self.cluster.start()

    def start_takeovers(self) -> None:
        if self.cluster is not None:
            self.cluster_task = asyncio.get_running_loop().create_task(self._cluster_loop())

    async def stop_cluster(self) -> None:
        if self.cluster is None:
            return
        task = getattr(self, "cluster_task", None)
        if task is not None:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
        await asyncio.to_thread(self.cluster.stop)

    def _spawn(self, coro) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    def _message(self, kind: str, what: str) -> None:
        if kind == "g":
            gid, _, rev = what.partition(" ")
            t = self.tables.get(gid)
            if t is not None and not (rev.isdigit() and t.version >= int(rev)):  # else: this copy has it
                self._pull_soon(t)
        elif kind == "q":
            self._spawn(self._serve_request(what))
        elif kind == "r":
            fut = self._replies.get(what)
            if fut is not None and not fut.done():
                fut.set_result(None)

    def _pull_all(self) -> None:
        for t in list(self.tables.values()):
            self._pull_soon(t)
        self._spawn(self._sweep())

    # ----- ownership ---------------------------------------------------------------------
    async def _cluster_loop(self) -> None:
        every = min(0.5, self.cluster.ttl / 5)
        while not self.closing:
            try:
                await self.takeover()
                await self._sweep()
                for t in list(self.tables.values()):  # bots that stopped while a lease was in doubt
                    self.wake_bots(t)
                self.evict_copies()
            except (StorageError, CosmodromeError) as exc:
                log.error("could not look for games without a live owner: %s", exc)
            except Exception:
                log.exception("looking for games without a live owner")
            await asyncio.sleep(every)

    async def takeover(self) -> int:
        """Take every running game without a live owner (none yet, or its owner stopped
        renewing): load it, give its clock back the time nobody ran it, wake its bots."""
        n = 0
        for gid in await asyncio.to_thread(self.cluster.orphans):
            if self.closing:
                break
            ok, got = await asyncio.to_thread(self.cluster.acquire, gid)
            if not ok:
                continue
            try:
                t = await self.table(gid)
            except CosmodromeError as exc:
                log.error("cannot take over game %s: %s", gid, exc)
                await asyncio.to_thread(self.cluster.release, gid)
                continue
            await self._adopt(t, *got)
            n += 1
        if n:
            log.info("took over %d game(s) without a live owner", n)
        return n

    async def _adopt(self, t: Table, prev: Optional[float], now: float) -> None:
        """This process now owns ``t``: bring the copy up to date, give a running clock back
        the time since the previous owner last renewed its lease, wake the bots."""
        self.tables.setdefault(t.id, t)  # (a copy forgotten while a request held it: kept again)
        await self.pull(t)
        clock = t.clock
        if prev is None and t.row.status == "running":
            self._unleased.add(t.id)  # no owner before: the clocks' start-up shift is for it (start_clocks)
        if prev is not None and t.row.status == "running" and clock is not None and clock.get("deadline") is not None:
            down = max(0.0, now - (prev - self.cluster.ttl))
            meta = dict(t.row.meta, clock=clocks.shifted(clock, down))
            async with t.lock:
                try:
                    await self.store.submit_change(t.id, meta=meta, loop=asyncio.get_running_loop())
                    t.row.meta = meta
                except StorageError as exc:
                    log.error("game %s: could not give its clock back the failover's time: %s", t.id, exc)
        self.wake_bots(t)

    async def _release_finished(self, t: Table) -> None:
        """A game that ended gives up its lease (a later write, a chat line, takes it anew)."""
        if self.cluster is not None and self.owns(t):
            try:
                await asyncio.to_thread(self.cluster.release, t.id)
            except Exception as exc:  # it expires by itself
                log.warning("game %s: could not give up its lease: %s", t.id, exc)

    async def _route(self, t: Table) -> Optional[str]:
        """None when this process writes ``t`` (owning it, or taking its free lease now);
        else the node that owns it."""
        for _ in range(3):
            if self.owns(t):
                return None
            seen = self.cluster.seen_owner(t.id)  # its lease runs yet: no need to ask the database
            if seen is not None:
                return seen
            ok, got = await asyncio.to_thread(self.cluster.acquire, t.id)
            if ok:
                await self._adopt(t, *got)
                return None
            if got is not None:
                return got
        raise OwnerAway("the game's owner changed several times while this request looked for it")

    # ----- handing writes to the owner ------------------------------------------------------
    async def elsewhere(self, t: Table, kind: str, **body: Any) -> Any:
        """:data:`HERE` when this process is to do the write ``kind`` on ``t``; else hand it
        to the owner and return its answer (or raise its error)."""
        if self.cluster is None or self.owns(t):
            return HERE
        body = {k: _jsonable(v) for k, v in body.items()}
        for _ in range(3):
            target = await self._route(t)
            if target is None:
                return HERE
            reply = await self._ask(t, target, kind, body)
            if reply.get("moved"):
                self.cluster.forget_owner(t.id)
                continue
            out = reply.get("ok")
            if "error" not in reply and isinstance(out, dict) and isinstance(out.get("version"), int):
                await self._read_back(t, out["version"])  # a move: its notice came first
            else:
                await self.pull(t)  # the owner's commit is on this process's copy before it answers
            if "error" in reply:
                raise _error_of(reply)
            if kind == "rematch":  # (the pull above offered it to this process's sockets)
                return await self.table(out)
            if kind == "join":
                return tuple(out)
            return out
        raise OwnerAway("the game's owner changed several times while this request looked for it")

    async def _ask(self, t: Table, target: str, kind: str, body: dict[str, Any]) -> dict[str, Any]:
        """Send the request, wait for its answer. A request the owner did not take within
        ``forward_timeout`` is called back (503, nothing changed), or re-routed when the
        owner's lease lapsed meanwhile (the owner is gone: ``{"moved": true}``)."""
        rid = new_id(12)
        removed = False
        fut = asyncio.get_running_loop().create_future()
        self._replies[rid] = fut
        start = time.monotonic()
        try:
            await asyncio.to_thread(self.cluster.send, rid, t.id, target, kind, body)
            while True:
                if fut.done():  # the notice came, yet no answer was there: look again in a moment
                    await asyncio.sleep(0.25)
                else:
                    try:  # (the answer's notice wakes it; the database is looked at every ASK_LOOK s)
                        await asyncio.wait_for(asyncio.shield(fut), ASK_LOOK)
                        reply = await asyncio.to_thread(self.cluster.answered, rid)  # read and removed at once
                        if reply is not None:
                            removed = True
                            return reply
                    except TimeoutError:
                        pass
                taken, reply, owner, left = await asyncio.to_thread(self.cluster.request_state, rid, t.id)
                if reply is not None:
                    return reply
                waited = time.monotonic() - start
                gone = owner != target or left < 0
                if taken and (gone or waited > self.forward_timeout + 10.0):
                    # its owner stopped (or stalls) after it started on it: whatever it stored is
                    # final (a lapsed lease writes nothing more) and shows on the table
                    await self.pull(t)
                    raise OwnerAway("the server process that ran this game stopped while it handled this "
                                    "request", "The table now shows whether it was applied; look before trying "
                                    "again.")
                if taken:
                    continue
                if (gone or waited > self.forward_timeout) and await asyncio.to_thread(self.cluster.cancel, rid):
                    if gone:
                        return {"moved": True}
                    raise OwnerAway(f"the server process that runs this game did not answer within "
                                    f"{self.forward_timeout:g} s")
        finally:
            self._replies.pop(rid, None)
            if not removed:  # (an answer read by ``answered`` removed its row already)
                self._spawn(self._drop(rid))

    async def _drop(self, rid: str) -> None:
        try:
            await asyncio.to_thread(self.cluster.drop, rid)
        except Exception:  # rows older than a minute are removed anyway (Cluster.waiting)
            pass

    async def _serve_request(self, rid: str) -> None:
        """Do a write another process handed to this one, and answer it."""
        try:
            req = await asyncio.to_thread(self.cluster.take, rid)
        except Exception as exc:
            log.error("could not read a request of another process: %s", exc)
            return
        if req is None:
            return
        reply: dict[str, Any]
        try:
            t = await self.table(req.game_id)
            if not self.owns(t):
                reply = {"moved": True}
            else:
                reply = {"ok": await self._do(t, req.kind, dict(req.body or {}))}
        except (CosmodromeError, StorageError) as exc:
            reply = {"error": str(exc), "kind": type(exc).__name__}
        except Exception as exc:  # a fault of ours: said, nothing more
            log.exception("request %s of another process", req.kind)
            reply = {"error": f"the server failed on this request ({type(exc).__name__}); nothing was changed",
                     "kind": "CosmodromeError"}
        try:
            await asyncio.to_thread(self.cluster.answer, rid, req.origin, reply)
        except Exception as exc:  # the sender times out and says so
            log.error("could not answer a request of another process: %s", exc)

    async def _do(self, t: Table, kind: str, body: dict[str, Any]) -> Any:
        with i18n.using(body.pop("reader_language", None)):
            return await self._do_in_language(t, kind, body)

    async def _do_in_language(self, t: Table, kind: str, body: dict[str, Any]) -> Any:
        if kind == "use":
            return await self.use(t, body.get("token"), body.get("address"))
        method = next((getattr(self, n) for n in FORWARDED if getattr(getattr(self, n), "forward_kind", "") == kind),
                      None)
        if method is None:
            raise CosmodromeError(f"unknown request {kind!r}")
        if isinstance(body.get("account"), dict):
            body["account"] = SimpleNamespace(**body["account"])
        out = await method(t, **body)
        if isinstance(out, Table):
            return out.id
        return list(out) if isinstance(out, tuple) else out

    async def _sweep(self) -> None:
        """Serve requests whose notice this process missed."""
        for rid in await asyncio.to_thread(self.cluster.waiting):
            self._spawn(self._serve_request(rid))

    # ----- copies of games owned elsewhere ----------------------------------------------------
    def evict_copies(self) -> int:
        """Forget every copy of a game this process does not own (another process does, or
        nobody: a finished game gave its lease up) that no socket holds and no request asked
        for in ``copy_seconds``: the next request loads it anew. Returns how many."""
        if self.cluster is None:
            return 0
        now = time.monotonic()
        gone = []
        for gid, t in list(self.tables.items()):
            if t.conns:
                t.used = now
            elif not (gid in self.cluster.owned or now - t.used < self.copy_seconds or gid in self._pulling
                      or gid in self._to_pull
                      or t.lock.locked() or (t.bot_task is not None and not t.bot_task.done())):
                del self.tables[gid]
                gone.append(gid)
        for gid in gone:
            self._unleased.discard(gid)
            self.cluster.forget_owner(gid)
        return len(gone)

    def _pull_soon(self, t: Table) -> None:
        """Bring ``t`` up to date with the database soon: the copies whose notices came in
        while the loop was busy are read together, in one transaction (:meth:`_pull_batches`)."""
        self._to_pull[t.id] = None
        if self._pull_round is None:
            self._pull_round = asyncio.get_running_loop().create_future()
            self._spawn(self._pull_batches())

    async def _pull_batches(self) -> None:
        """Read the copies waiting in ``_to_pull``, at most :data:`PULL_BATCH` a transaction,
        until none waits."""
        try:
            while self._to_pull and not self.closing:
                ids = list(self._to_pull)[:PULL_BATCH]
                for gid in ids:
                    del self._to_pull[gid]
                tables = [t for gid in ids if (t := self.tables.get(gid)) is not None]
                try:
                    await self.pull_many(tables)
                except (StorageError, CosmodromeError) as exc:
                    log.error("could not read what other processes stored of %d game(s): %s", len(tables), exc)
                except Exception:  # a fault of ours: the next notice tries again
                    log.exception("reading what other processes stored")
        finally:
            done, self._pull_round = self._pull_round, None
            if done is not None and not done.done():
                done.set_result(None)

    async def _read_back(self, t: Table, version: int) -> None:
        """``t`` at ``version`` at least (a write the owner did for this process): its notice
        came before the answer, so the batch reading it is usually under way; else read it."""
        while t.version < version and (t.id in self._to_pull or t.id in self._pulling) and self._pull_round:
            await asyncio.shield(self._pull_round)
        if t.version < version:
            await self.pull(t)

    async def pull_many(self, tables: list[Table]) -> None:
        """:meth:`pull` every table of ``tables``, reading them in one transaction."""
        if not tables:
            return
        wants = {t.id: (len(t.record.actions), len(t.messages)) for t in tables}
        self._pulling.update(wants)
        try:
            got = await asyncio.to_thread(self.cluster.since_many, wants)
        except StorageError:
            raise
        except Exception as exc:
            raise StorageError(f"the database could not be read: {describe(exc)}") from None
        finally:
            self._pulling.difference_update(wants)
        for t in tables:  # (one copy that cannot be brought up to date does not hold the others back)
            try:
                await self.pull(t, (wants[t.id], *got.get(t.id, (None, [], []))))
            except (StorageError, CosmodromeError) as exc:
                log.error("game %s: could not read what another process stored: %s", t.id, exc)

    async def pull(self, t: Table, got: Optional[tuple] = None) -> None:
        """Read what the database holds of ``t`` beyond this copy and tell the sockets (a
        rematch started by another process: each socket its seat's token in it). ``got``:
        ((actions, lines) of the copy when read, row, actions, lines) read already with other
        games (:meth:`pull_many`); read anew when the copy changed since."""
        async with t.lock:
            had = t.rematch
            if got is not None and got[0] != (len(t.record.actions), len(t.messages)):
                got = None
            what, start, lines = await self._pull_locked(t, None if got is None else got[1:])
            rematch = t.rematch if t.rematch != had else None
        if rematch is not None:
            try:
                self.offer_rematch(t, await self.table(rematch))
            except (CosmodromeError, StorageError) as exc:
                log.error("game %s: could not read its rematch: %s", t.id, exc)
        for m in lines:
            self.post_chat(t, m)
        if what == "reset":
            await self.broadcast(t, 0, reset=True)
        elif what == "moves":
            await self.broadcast(t, start)

    async def _pull_locked(self, t: Table, got: Optional[tuple] = None) -> tuple[str, int, list]:
        n = len(t.record.actions)
        if got is None:
            try:
                got = await asyncio.to_thread(self.cluster.since, t.id, n, len(t.messages))
            except StorageError:
                raise
            except Exception as exc:
                raise StorageError(f"the database could not be read: {describe(exc)}") from None
        row, acts, msgs = got
        if row is None:
            return "none", 0, []
        if (row.revision == t.row.revision and not msgs and row.seats == t.row.seats and row.status == t.row.status
                and row.meta == t.row.meta):
            return "none", 0, []
        steady = (row.revision - t.row.revision == len(acts) and (row.rules_version, row.replay_base) ==
                  (t.row.rules_version, t.row.replay_base) and all(a.idx == n + i for i, a in enumerate(acts)))
        if steady:
            try:
                self._advance(t, acts)
            except Exception:  # this copy went astray: read it whole
                steady = False
        if not steady:
            await self._reload(t)
            return "reset", 0, []
        changed = _seats_shown_changed(t.row.seats, row.seats) or (row.status != t.row.status and not acts) or \
            any(m.kind == "server" for m in msgs) or (not acts and row.meta.get("clock") != t.row.meta.get("clock"))
        t.messages.extend(msgs)
        t.row = row
        lines = [m for m in msgs if m.kind == "chat"]
        if changed:
            return "reset", 0, lines
        return ("moves" if acts else "none"), n, lines

    @staticmethod
    def _advance(t: Table, acts: list) -> None:
        """Apply stored actions to the copy ``t`` (as the owner applied them)."""
        from cosmodrome.server.table import _has_dice
        state = t.state
        done = []
        for a in acts:
            state = state.clone()
            done.append((a, i18n.in_source(state.apply, a.action)))  # as the owner: in English
        for a, events in done:
            if _has_dice(events):
                t.dice_at.append(len(t.record.actions))
            t.record.actions.append(a.action)
            t.events.append(events)
            t.movers.append(a.seat)
            t.notes.append(a.note)
        t.state = state

    async def _reload(self, t: Table) -> None:
        """Read ``t`` whole from the database (an undo, a rules change, a copy astray)."""
        row = await asyncio.to_thread(self.store.get_game, t.id)
        actions = await asyncio.to_thread(self.store.actions, t.id)
        messages = await asyncio.to_thread(self.store.messages, t.id)
        snaps = await asyncio.to_thread(self.store.snapshots, t.id)
        fresh, _ = await asyncio.to_thread(i18n.in_source, self._build, row, actions, messages, snaps)
        for name in ("row", "record", "state", "events", "movers", "notes", "messages", "dice_at", "setup",
                     "base", "base_state", "early"):
            setattr(t, name, getattr(fresh, name))
        t._memo.clear()


def _seats_shown_changed(old: list, new: list) -> bool:
    """Whether seats changed beyond a seat marked taken (which the owner does not announce
    either: the next move shows it)."""
    return len(old) != len(new) or any(o.but(claimed=n.claimed) != n for o, n in zip(old, new))


def _cluster_of(store: Any, ttl: Optional[float]) -> Optional[Cluster]:
    """A :class:`Cluster` for a PostgreSQL store (None on SQLite: one process, no leases)."""
    from cosmodrome.server.cluster import clustered
    return Cluster(store, ttl=ttl or 2.5) if clustered(store) else None


#: how often (seconds) a process waiting for a write it handed over looks at the database
#: (its answer's notice may be lost; its owner may have stopped)
ASK_LOOK = 0.5

#: the most copies read in one transaction (:meth:`Clustering._pull_batches`)
PULL_BATCH = 100

#: the hall's write methods marked :func:`forwarded` (``use`` hands itself over when it writes)
FORWARDED = ("act", "undo", "chat", "take_back", "set_name", "seat_account", "join", "rematch")
