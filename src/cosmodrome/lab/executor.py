"""Run game tasks serially, on local worker processes, or on Ray — same results everywhere.

Tasks are grouped into small chunks (fewer round trips); results come back as each chunk
finishes, through ``on_result`` (used for progress bars and for storing each finished game
at once), and the returned list is in task order whatever the completion order.

Ray is optional: it is imported only for ``backend="ray"``, with a clear error when absent.
On Ray the games are played by warm actors (:class:`_RayWorker`: the games imported once per
actor, like the forkserver's preload), kept for the Ray session and reused by every later
run, each fed chunks so that one is always queued behind the one it plays.
"""

from __future__ import annotations

import ctypes
import importlib
import multiprocessing
import os
import select
import signal
import sys
import threading
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import replace
from typing import Any, Callable, Iterable, Optional

from cosmodrome.core import OptionError
from cosmodrome.core.registry import imported_modules
from cosmodrome.lab.runner import GameResult, GameTask, play_chunk

BACKENDS = ("local", "ray")

OnResult = Callable[[GameResult], None]

#: how often (seconds) a run with a ``stop`` test checks it while its games play
STOP_POLL = 0.2


class Stopped(Exception):
    """``run_tasks``' ``stop`` said to stop: the games being played were ended, their worker
    processes killed."""


def check_backend(backend: str, workers: int) -> None:
    if backend not in BACKENDS:
        raise OptionError(f"unknown backend {backend!r}; use one of: {', '.join(BACKENDS)}")
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise OptionError(f"--workers must be a whole number of at least 1, not {workers!r}")
    if backend == "ray":
        _import_ray()


def _import_ray():
    try:
        import ray  # noqa: F401
    except ImportError:
        raise OptionError("the ray backend needs Ray: pip install 'cosmodrome[ray]'") from None
    return ray


def chunked(tasks: list[GameTask], workers: int) -> list[list[GameTask]]:
    """Chunks of consecutive tasks, shrinking as the work runs out (guided scheduling):
    each chunk is about 1/(4·workers) of the tasks still to hand out, at most 16 and at
    least 1 game, so round trips stay few while no worker is left idle behind a big last
    chunk at the end of a run (the tail is handed out one game at a time).

    >>> [len(c) for c in chunked(list(range(100)), 2)]
    [12, 11, 9, 8, 7, 6, 5, 5, 4, 4, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]
    """
    if not tasks:
        return []
    out = []
    i = 0
    n = len(tasks)
    while i < n:
        size = max(1, min(16, (n - i) // (4 * workers)))
        out.append(tasks[i:i + size])
        i += size
    return out


def default_workers() -> int:
    return max(1, (os.cpu_count() or 1))


def run_tasks(tasks: Iterable[GameTask], workers: int = 1, backend: str = "local",
              ray_address: Optional[str] = None, on_result: Optional[OnResult] = None,
              nice: Optional[int] = None, stop: Optional[Callable[[], bool]] = None) -> list[GameResult]:
    """Play every task; call ``on_result`` for each finished game; return results in order.

    ``nice``: play the local games in worker processes (even with one worker) that lower their
    priority by this much first (``os.nice``), so that a server's own work never waits for them
    (the design lab). An exception raised by ``on_result`` stops the run: games not started
    are dropped. ``stop``: asked every :data:`STOP_POLL` seconds while local worker processes
    play (between games when played here, between chunks on Ray); once it answers true the
    worker processes are killed, mid-game, and :class:`Stopped` is raised (a cancelled lab run
    frees its worker at once)."""
    tasks = list(tasks)
    check_backend(backend, workers)
    extra = imported_modules()   # ``cosmodrome --import``: the workers import them too
    if extra:
        tasks = [replace(t, modules=tuple(dict.fromkeys(t.modules + extra))) for t in tasks]
    results: dict[int, GameResult] = {}

    def done(batch: list[dict[str, Any]]) -> None:
        for d in batch:
            r = GameResult.from_json(d)
            results[r.index] = r
            if on_result is not None:
                on_result(r)

    if not tasks:
        return []
    if backend == "ray":
        def done_or_stop(batch: list[dict[str, Any]]) -> None:
            done(batch)
            if stop is not None and stop():
                raise Stopped()

        _run_ray(tasks, workers, ray_address, done_or_stop)
    elif workers == 1 and nice is None:
        for t in tasks:
            if stop is not None and stop():
                raise Stopped()
            done(play_chunk([t]))
    else:
        _run_processes(tasks, workers, done, nice, stop)
    return [results[t.index] for t in tasks]


#: modules the forkserver imports once, so that every worker forks with them loaded
PRELOAD = ["cosmodrome.lab.runner", "cosmodrome.bots", "cosmodrome.lab.warm"]


def _mp_context(modules: Iterable[str] = ()):
    # forkserver: workers do not inherit the parent's threads (progress bars) — fork with
    # threads can deadlock; spawn elsewhere. The forkserver preloads the lab, the bots and
    # the games' modules, so a worker starts in milliseconds instead of re-importing them.
    if sys.platform.startswith("linux"):
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(PRELOAD + sorted(set(modules)))
        return ctx
    return multiprocessing.get_context("spawn")


PR_SET_PDEATHSIG = 1


def die_with_parent(sig: int = signal.SIGKILL) -> bool:
    """Have the kernel send ``sig`` to this process when its parent ends (Linux'
    ``prctl(PR_SET_PDEATHSIG)``), so that a worker never outlives what started it, even a
    parent killed with SIGKILL; exit now if the parent is already gone. Whether it was set
    (False elsewhere than on Linux, where it does nothing).

    A lab worker's parent is the forkserver (spawn: the process that made the pool): a worker
    ends with a forkserver that is killed; :func:`watch_process` ends it with its pool's maker."""
    if not sys.platform.startswith("linux"):
        return False
    parent = os.getppid()
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(PR_SET_PDEATHSIG, int(sig), 0, 0, 0) != 0:
            return False
    except (OSError, AttributeError):
        return False
    if os.getppid() != parent:  # the parent ended before the request was in place
        os._exit(1)
    return True


def _watch(pid: int) -> None:  # pragma: no cover - runs in a worker until the process ends
    """Exit this process as soon as process ``pid`` has ended."""
    if hasattr(os, "pidfd_open"):
        try:
            fd = os.pidfd_open(pid)
        except ProcessLookupError:
            os._exit(1)
        except OSError:
            fd = -1
        if fd >= 0:
            select.select([fd], [], [])  # readable once the process has ended
            os._exit(1)
    while True:
        time.sleep(1.0)
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            os._exit(1)
        except PermissionError:
            pass


def watch_process(pid: int) -> bool:
    """End this process when process ``pid`` ends, from a daemon thread (on POSIX; False
    elsewhere, where it does nothing).

    A lab worker watches the process that made its pool: its parent is the forkserver, which
    waits for its workers before it ends (each holds the forkserver's "alive" pipe), so the
    parent's death alone would never come."""
    if os.name != "posix":
        return False
    threading.Thread(target=_watch, args=(pid,), daemon=True, name="cosmodrome-watch").start()
    return True


def init_worker(nice: Optional[int] = None, owner: Optional[int] = None) -> None:
    """Run first in every lab worker process: end with the parent (:func:`die_with_parent`)
    and with ``owner``, the process that made the pool (:func:`watch_process`), then lower
    the priority by ``nice``."""
    die_with_parent()
    if owner is not None:
        watch_process(owner)
    if nice:
        os.nice(nice)


def worker_pool(workers: int, modules: Iterable[str] = (), nice: Optional[int] = None) -> ProcessPoolExecutor:
    """A pool of lab worker processes (:func:`init_worker`: they end with this process)."""
    return ProcessPoolExecutor(max_workers=workers, mp_context=_mp_context(modules), initializer=init_worker,
                               initargs=(nice, os.getpid()))


def kill_workers(pool: ProcessPoolExecutor) -> list[int]:
    """Kill every worker process of ``pool`` (mid-game) and wait for them; their pids."""
    procs = list((getattr(pool, "_processes", None) or {}).values())
    for p in procs:
        try:
            p.kill()
        except (OSError, ValueError):
            pass
    for p in procs:
        try:
            p.join(5)
        except (OSError, ValueError, AssertionError):
            pass
    return [p.pid for p in procs]


def _run_processes(tasks: list[GameTask], workers: int, done: Callable[[list[dict]], None],
                   nice: Optional[int] = None, stop: Optional[Callable[[], bool]] = None) -> None:
    chunks = chunked(tasks, workers)
    modules = {m for t in tasks for m in t.modules}
    with worker_pool(min(workers, len(chunks)) or 1, modules, nice) as pool:
        pending = {pool.submit(play_chunk, c) for c in chunks}
        try:
            while pending:
                if stop is not None and stop():
                    raise Stopped()
                finished, pending = wait(pending, timeout=None if stop is None else STOP_POLL,
                                         return_when=FIRST_COMPLETED)
                for f in finished:
                    done(f.result())
        except BaseException:
            for f in pending:
                f.cancel()
            kill_workers(pool)  # a game being played stops now, not when it ends
            pool.shutdown(wait=False, cancel_futures=True)
            raise


class _RayWorker:
    """A warm Ray actor: it imports the lab, the bots and the installed games once (like the
    forkserver's preload) and then plays chunk after chunk in the same process."""

    def __init__(self, modules: tuple[str, ...] = ()) -> None:
        for mod in PRELOAD + list(modules):
            importlib.import_module(mod)

    def ready(self) -> bool:
        return True

    def cpu_seconds(self) -> float:
        """The CPU time this actor has used (benchmarks compare it with a local worker's)."""
        return time.process_time()

    def play(self, chunk: list[GameTask]) -> list[dict[str, Any]]:
        return play_chunk(chunk)


#: the warm actors of the current Ray session: (session key, actors); reused by every run
_ray_pool: dict[str, Any] = {"key": None, "actors": []}


def _ray_session_key(ray: Any) -> tuple[str, str]:
    ctx = ray.get_runtime_context()
    return (ctx.get_node_id(), ctx.get_job_id())


def _ray_start(ray: Any, workers: int, address: Optional[str]) -> bool:
    """Connect to ``address`` or start a local Ray of ``workers`` CPUs unless Ray is up
    already; True when this call started it."""
    if ray.is_initialized():
        return False
    if address:
        ray.init(address=address, ignore_reinit_error=True, log_to_driver=False)
    else:
        # Ray runs its workers at niceness 15 by default: on a machine other processes load,
        # they would get a small share of the cores. A local Ray started for a run plays
        # the games at the priority a local worker process has.
        ray.init(num_cpus=workers, include_dashboard=False, ignore_reinit_error=True, log_to_driver=False,
                 _system_config={"worker_niceness": 0})
    return True


def ray_actors(workers: int, modules: Iterable[str] = ()) -> list[Any]:
    """``workers`` warm actors on the running Ray (as many as it has CPUs at most), started
    once per Ray session and reused by every later run; waits until they are ready."""
    ray = _import_ray()
    key = _ray_session_key(ray)
    if _ray_pool["key"] != key:
        _ray_pool["key"], _ray_pool["actors"] = key, []
    cpus = int(ray.cluster_resources().get("CPU", 1)) or 1
    want = max(1, min(workers, cpus))
    actors = _ray_pool["actors"]
    if len(actors) < want:
        cls = ray.remote(num_cpus=1)(_RayWorker)
        mods = tuple(sorted(set(modules)))
        new = [cls.remote(mods) for _ in range(want - len(actors))]
        ray.get([a.ready.remote() for a in new])
        actors.extend(new)
    return actors[:want]


def _drop_ray_actors(ray: Any) -> None:
    for a in _ray_pool["actors"]:
        try:
            ray.kill(a)
        except Exception:  # already gone with its session
            pass
    _ray_pool["key"], _ray_pool["actors"] = None, []


def warm_ray(workers: int, address: Optional[str] = None, modules: Iterable[str] = ()) -> float:
    """Start (or join) Ray and its warm actors ahead of a run; the seconds it took. Later
    runs on this Ray reuse the actors, so their time holds no start-up."""
    check_backend("ray", workers)
    ray = _import_ray()
    t0 = time.perf_counter()
    _ray_start(ray, workers, address)
    ray_actors(workers, modules)
    return time.perf_counter() - t0


#: chunks in flight per Ray actor: the next one is queued while the current one plays
RAY_IN_FLIGHT = 2


def _run_ray(tasks: list[GameTask], workers: int, address: Optional[str],
             done: Callable[[list[dict]], None]) -> None:
    ray = _import_ray()
    started_here = _ray_start(ray, workers, address)
    try:
        actors = ray_actors(workers, {m for t in tasks for m in t.modules})
        queue = list(reversed(chunked(tasks, len(actors))))
        owner: dict[Any, Any] = {}

        def feed(actor: Any) -> None:
            if queue:
                owner[actor.play.remote(queue.pop())] = actor

        for _ in range(RAY_IN_FLIGHT):
            for a in actors:
                feed(a)
        try:
            while owner:
                ready, _ = ray.wait(list(owner), num_returns=1)
                for ref in ready:
                    actor = owner.pop(ref)
                    try:
                        batch = ray.get(ref)
                    except ray.exceptions.RayTaskError as exc:
                        cause = getattr(exc, "cause", None)
                        raise (cause if isinstance(cause, Exception) else exc) from None
                    feed(actor)
                    done(batch)
        except BaseException:
            _drop_ray_actors(ray)  # they may be mid-game: the next run starts fresh ones
            raise
    finally:
        if started_here:
            _drop_ray_actors(ray)
            ray.shutdown()
