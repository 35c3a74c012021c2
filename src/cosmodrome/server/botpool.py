"""Bot decisions in worker processes, so a CPU-heavy search never holds the server's
interpreter (its event loop and the other games' bots).

The pool is ``workers`` *lanes*; each lane is a
:class:`concurrent.futures.ProcessPoolExecutor` with one worker process (start method
"spawn": safe next to uvicorn's threads, nothing of the server is inherited). A decision
takes a free lane, handed out fairly between games (:class:`FairGate`: the waiting game that
used the lanes least lately goes first), so at most ``workers`` bots think at once, a slow bot
holds only its own lane, and a game of slow bots cannot make a quick game's bot wait behind
all of its own decisions. One process per lane lets the server tell which process is
running which decision, so that:

- a decision over the time cap kills exactly that process (:class:`BotTimeout`);
- a process that dies (:class:`~concurrent.futures.process.BrokenProcessPool`) is blamed on
  the decision it was running (:class:`BotCrashed`);

and in both cases the lane is replaced by a fresh one on the next decision. Lanes start
lazily (a server of people only never starts a process).

What crosses to the worker is a :class:`Job`: the game (name and the module that registers
it), the state as ``State.to_json()`` (or, for a game without it, the record's seed, options
and actions to replay), the bot spec and the decision's seed. The worker rebuilds the state
and the bot (``seat_bot(spec, game, seed)``, a fresh bot per decision so that the move depends
only on the state and the seed, never on which worker served it or what it did before) and
answers ``("ok", action)`` or ``("error", "Kind: message")``.

>>> job = Job(game="pocket-race", game_module="cosmodrome.testing.toy", spec="random",
...           seed=5, state=None, players=2, game_seed=1, options={"rounds": 2}, actions=[9])
>>> decide(job)[0]
'ok'
"""

from __future__ import annotations

import asyncio
import importlib
import logging
import multiprocessing
import numbers
import os
import signal
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any, Optional, Sequence

log = logging.getLogger("cosmodrome.server")

_PRESTART = object()  # the gate's key while the lanes are being started


class BotFailure(Exception):
    """A bot decision that produced no usable action (the caller plays a random one)."""


class BotError(BotFailure):
    """The bot raised, or answered something that is not an action."""


class BotTimeout(BotFailure):
    """The bot thought longer than the time cap; its process was stopped."""


class BotCrashed(BotFailure):
    """The worker process running the bot died (or none could be started: :data:`NO_PROCESS`)."""


#: what :class:`BotCrashed` says when no worker process could be started
NO_PROCESS = "no bot worker process could be started"


@dataclass(frozen=True)
class Job:
    """One bot decision, as sent to a worker (plain data, pickled)."""

    game: str
    game_module: str
    spec: str
    seed: int
    #: ``State.to_json()`` of the state to decide on, or None to replay the record below
    state: Optional[dict[str, Any]] = None
    players: int = 0
    game_seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    actions: Sequence[int] = ()


# ----- the worker side --------------------------------------------------------------------
def _watch_parent(parent: int) -> None:  # pragma: no cover - runs in the worker
    while True:
        time.sleep(1.0)
        if os.getppid() != parent:
            os._exit(0)


def init_worker(modules: Sequence[str], parent: int) -> None:
    """Run once in each worker: import the plug-in modules (games, test bots) and quit when
    the server process is gone (so a killed server leaves no thinking bot behind)."""
    for m in modules:
        importlib.import_module(m)
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True, name="cosmodrome-parent-watch").start()


def rebuild(job: Job):
    """The game and the state of ``job``."""
    from cosmodrome.core import GameRecord, get_game

    if job.game_module:
        importlib.import_module(job.game_module)
    game = get_game(job.game)
    if job.state is not None:
        return game, game.state_from_json(job.state)
    record = GameRecord(game=job.game, players=job.players, seed=job.game_seed, options=dict(job.options),
                        actions=list(job.actions))
    return game, record.replay()


def decide(job: Job) -> tuple[str, Any]:
    """The worker's task: ``("ok", action)`` or ``("error", "Kind: message")``."""
    try:
        from cosmodrome.server.seatbots import seat_bot

        game, state = rebuild(job)
        bot = seat_bot(job.spec, game, job.seed)
        action = bot.choose(state)
        if isinstance(action, bool) or not isinstance(action, numbers.Integral):
            return "error", f"BadAnswer: the bot answered {action!r}, which is not an action number"
        return "ok", int(action)
    except Exception as exc:  # everything goes back as a sentence; the server plays for it
        return "error", f"{type(exc).__name__}: {exc}"


# ----- the server side --------------------------------------------------------------------
class FairGate:
    """``slots`` places shared fairly between games (or any keys): when a place frees, it goes
    to the waiting game that has used the lanes least lately, not to whoever asked first.

    Use is the lane time a game's decisions took, decaying by half every ``half_life``
    seconds. So a game whose bots search for seconds at every move cannot hold up a game
    whose bots answer at once: the quick game waits at most until the first lane frees (one
    decision of the slow game, which the time cap bounds), whatever the number of slow
    games waiting. Among games of equal use the earlier request goes first, and a game with
    a decision already running goes after those with none. Waiting is in the event loop (no
    thread); a waiter that is cancelled leaves its place.

    A bot's turn is often several decisions in a row, with the move played (and the bot
    delay) between them. So that the quick game does not queue again behind a slow decision
    at each of them, a game that releases its place with ``keep=True`` while no waiting game
    comes before it keeps the place for up to ``hold`` seconds: its next decision takes it at
    once. A game that comes before the holder takes a kept place at once, and
    :meth:`unhold` gives it back early (the game's bots have nothing more to decide). The time
    a place was kept counts as the holder's use, so a game of quick bots that keeps a lane idle
    between its moves pays for it like any other lane time.

    >>> import asyncio
    >>> async def demo():
    ...     gate, order = FairGate(1), []
    ...     gate.charge("slow", 10.0)             # the slow game has used a lane for 10 s
    ...     await gate.acquire("busy")            # the only place is taken...
    ...     async def ask(key):
    ...         await gate.acquire(key); order.append(key); gate.release(key, 0.0)
    ...     tasks = [asyncio.create_task(ask(k)) for k in ("slow", "quick")]
    ...     await asyncio.sleep(0)                # ...both wait, the slow game first
    ...     gate.release("busy", 0.0)
    ...     await asyncio.gather(*tasks)
    ...     return order
    >>> asyncio.run(demo())
    ['quick', 'slow']
    """

    def __init__(self, slots: int, half_life: float = 60.0, hold: float = 0.0) -> None:
        self.free = slots
        self.half_life = half_life
        self.hold = hold
        self._use: dict[Any, tuple[float, float]] = {}  # key → (use in seconds, when measured)
        self._running: dict[Any, int] = {}
        self._waiting: list[tuple[Any, int, asyncio.Future]] = []
        self._held: dict[Any, tuple[asyncio.TimerHandle, float]] = {}  # key → (its lapse, since when)
        self._seq = 0

    def _rank(self, key: Any, now: float) -> tuple[int, float]:
        """Who comes first for a place: fewer decisions running, then less use."""
        return self._running.get(key, 0), self.use(key, now)

    def use(self, key: Any, now: Optional[float] = None) -> float:
        """The decayed lane time of ``key`` (seconds)."""
        u, when = self._use.get(key, (0.0, 0.0))
        if not u:
            return 0.0
        now = time.monotonic() if now is None else now
        return u * 0.5 ** ((now - when) / self.half_life)

    def charge(self, key: Any, seconds: float) -> None:
        now = time.monotonic()
        u = self.use(key, now) + max(0.0, seconds)
        if u < 1e-3:
            self._use.pop(key, None)
        else:
            self._use[key] = (u, now)
        if len(self._use) > 4096:  # forget the games whose use has faded
            for k in [k for k in self._use if self.use(k, now) < 1e-3]:
                del self._use[k]

    async def acquire(self, key: Any) -> None:
        if self._end_hold(key):  # the place kept for this game since its last decision
            self._running[key] = self._running.get(key, 0) + 1
            return
        if self.free > 0 and not self._waiting:
            self._grant(key)
            return
        now = time.monotonic()
        for other in list(self._held):  # a place kept for a game that this one comes before
            if self._rank(key, now) < self._rank(other, now):
                self._end_hold(other)
                self._running[key] = self._running.get(key, 0) + 1
                return
        fut = asyncio.get_running_loop().create_future()
        self._seq += 1
        entry = (key, self._seq, fut)
        self._waiting.append(entry)
        try:
            await fut
        except BaseException:
            if entry in self._waiting:
                self._waiting.remove(entry)
            elif fut.done() and not fut.cancelled():  # granted just as it was cancelled: pass it on
                self.release(key, 0.0)
            raise

    def _grant(self, key: Any) -> None:
        self.free -= 1
        self._running[key] = self._running.get(key, 0) + 1

    def release(self, key: Any, seconds: float, keep: bool = False) -> None:
        """Give back the place of ``key``, whose decision took ``seconds`` of lane time; with
        ``keep`` it stays kept for ``key``'s next decision (see the class docstring)."""
        n = self._running.get(key, 0) - 1
        if n > 0:
            self._running[key] = n
        else:
            self._running.pop(key, None)
        self.charge(key, seconds)
        if keep and self.hold > 0 and key not in self._held:
            now = time.monotonic()
            mine = self._rank(key, now)
            if all(mine <= self._rank(k, now) for k, _, f in self._waiting if not f.done()):
                loop = asyncio.get_running_loop()
                self._held[key] = (loop.call_later(self.hold, self.unhold, key), now)
                return
        self.free += 1
        self._dispatch()

    def _end_hold(self, key: Any) -> bool:
        """End the hold of ``key``'s kept place, if any (True), charging it the time it was
        kept: an idle lane kept for a game is lane time that game used."""
        kept = self._held.pop(key, None)
        if kept is None:
            return False
        timer, since = kept
        timer.cancel()
        self.charge(key, time.monotonic() - since)
        return True

    def unhold(self, key: Any) -> None:
        """Give back the place kept for ``key``, if any."""
        if self._end_hold(key):
            self.free += 1
            self._dispatch()

    def _dispatch(self) -> None:
        now = time.monotonic()
        while self.free > 0 and self._waiting:
            best = min(self._waiting, key=lambda e: (self._running.get(e[0], 0), self.use(e[0], now), e[1]))
            self._waiting.remove(best)
            key, _, fut = best
            if fut.done():
                continue
            self._grant(key)
            fut.set_result(None)


class Lane:
    """One worker process (a one-process ProcessPoolExecutor) and its pid."""

    def __init__(self, ctx, modules: Sequence[str]) -> None:
        self.executor = ProcessPoolExecutor(max_workers=1, mp_context=ctx, initializer=init_worker,
                                            initargs=(tuple(modules), os.getpid()))
        self.pid: Optional[int] = None
        self.busy = False

    async def start(self) -> None:
        self.pid = await asyncio.wrap_future(self.executor.submit(os.getpid))

    def kill(self) -> None:
        if self.pid is not None:
            try:
                os.kill(self.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass

    def shutdown(self, wait: bool = True) -> None:
        self.executor.shutdown(wait=wait, cancel_futures=True)


class BotPool:
    """``workers`` lanes of one worker process each; see the module docstring.

    ``time_limit`` (seconds, None for none) caps one decision. ``modules`` are imported in
    every worker before its first decision (the modules registering the games and bots the
    server was given beyond the installed ones)."""

    def __init__(self, workers: int = 2, time_limit: Optional[float] = 30.0, modules: Sequence[str] = (),
                 start_method: str = "spawn", hold: float = 0.0) -> None:
        if workers < 1:
            raise ValueError("the bot pool needs at least one worker")
        self.workers = workers
        self.hold = hold
        self.time_limit = time_limit
        self.modules = tuple(modules)
        self.ctx = multiprocessing.get_context(start_method)
        self._idle: list[Lane] = []
        self._lanes: set[Lane] = set()
        self._gate: Optional[FairGate] = None
        self.closed = False
        #: pids of every worker process ever started (tests check they are gone after close)
        self.pids: list[int] = []
        self.replaced = 0
        #: set when no worker process could be started: bots then think in threads
        self.in_process = False

    def gate(self) -> FairGate:
        """Who gets the next free lane (:class:`FairGate`)."""
        if self._gate is None:
            self._gate = FairGate(self.workers, hold=self.hold)
        return self._gate

    def unhold(self, key: Any) -> None:
        """``key``'s bots have nothing more to decide now: give back a lane kept for it."""
        if self._gate is not None:
            self._gate.unhold(key)

    async def _new_lane(self) -> Lane:
        lane = Lane(self.ctx, self.modules)
        self._lanes.add(lane)
        try:
            await lane.start()
        except BaseException:
            self._retire(lane)
            raise
        self.pids.append(lane.pid)
        return lane

    def _retire(self, lane: Lane) -> None:
        """Stop a lane whose process died, hung or was abandoned; a new one replaces it."""
        self._lanes.discard(lane)
        lane.kill()
        lane.shutdown(wait=False)
        self.replaced += 1

    async def prestart(self) -> None:
        """Start the worker processes now rather than on the first bot decision (so the first
        bot move of a fresh server is not held up by starting an interpreter)."""
        gate = self.gate()
        for _ in range(self.workers):
            await gate.acquire(_PRESTART)
            try:
                if self.closed or self.in_process or len(self._lanes) >= self.workers:
                    return
                try:
                    lane = await self._new_lane()
                except (BrokenProcessPool, OSError) as exc:
                    log.error("no bot worker process can be started (%s); bots will think in threads of "
                              "the server, sharing its interpreter", exc)
                    self.in_process = True
                    return
                if self.closed:
                    self._retire(lane)
                    return
                self._idle.append(lane)
            finally:
                gate.release(_PRESTART, 0.0)

    async def decide(self, job: Job, key: Any = None, keep: bool = False) -> int:
        """The action the bot of ``job`` chooses; raises a :class:`BotFailure` otherwise.

        ``key`` names the game asking (the lanes are shared fairly between keys, see
        :class:`FairGate`); None puts the job with the other anonymous ones. ``keep``: the
        game may well ask again soon (its lane is kept for it a moment, see
        :class:`FairGate`; :meth:`unhold` when it does not)."""
        if self.closed:
            raise BotFailure("the server is shutting down")
        gate = self.gate()
        await gate.acquire(key)
        started = time.monotonic()
        try:
            return await self._decide(job)
        finally:
            gate.release(key, time.monotonic() - started, keep=keep)

    async def _decide(self, job: Job) -> int:
        for attempt in range(2):
            lane = self._idle.pop() if self._idle else None
            if lane is None and self.in_process:
                return await self._decide_in_thread(job)
            if lane is None:
                try:
                    lane = await self._new_lane()
                except (BrokenProcessPool, OSError) as exc:
                    log.error("no bot worker process can be started (%s); bots now think in threads of "
                              "the server, sharing its interpreter", exc)
                    self.in_process = True
                    return await self._decide_in_thread(job)
            try:
                fut = lane.executor.submit(decide, job)
            except (BrokenProcessPool, RuntimeError):
                # the idle process died since its last decision: not this bot's fault
                self._retire(lane)
                continue
            lane.busy = True
            try:
                kind, value = await asyncio.wait_for(asyncio.wrap_future(fut), self.time_limit)
            except TimeoutError:
                self._retire(lane)
                raise BotTimeout(f"it thought longer than the {self.time_limit:g} s limit") from None
            except BrokenProcessPool:
                self._retire(lane)
                raise BotCrashed("its worker process died") from None
            except BaseException:  # cancelled (the server stops): never leave a process thinking
                self._retire(lane)
                raise
            lane.busy = False
            if self.closed:
                self._retire(lane)
            else:
                self._idle.append(lane)
            if kind != "ok":
                raise BotError(value)
            return value
        raise BotCrashed(NO_PROCESS)

    async def _decide_in_thread(self, job: Job) -> int:
        """The stand-in when worker processes cannot be started (e.g. a ``__main__`` that a
        spawned interpreter cannot import): think in a thread of the server. A thread cannot be
        stopped, so past the time cap its answer is merely ignored."""
        try:
            kind, value = await asyncio.wait_for(asyncio.to_thread(decide, job), self.time_limit)
        except TimeoutError:
            raise BotTimeout(f"it thought longer than the {self.time_limit:g} s limit") from None
        if kind != "ok":
            raise BotError(value)
        return value

    def close(self) -> None:
        """Stop every worker process (waiting for the idle ones to exit)."""
        self.closed = True
        lanes = list(self._lanes)
        self._idle.clear()
        self._lanes.clear()
        for lane in lanes:
            if lane.busy:
                lane.kill()
        for lane in lanes:
            lane.shutdown(wait=True)
