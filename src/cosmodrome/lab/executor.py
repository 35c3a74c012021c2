"""Run game tasks serially, on local worker processes, or on Ray — same results everywhere.

Tasks are grouped into small chunks (fewer round trips); results come back as each chunk
finishes, through ``on_result`` (used for progress bars and for storing each finished game
at once), and the returned list is in task order whatever the completion order.

Ray is optional: it is imported only for ``backend="ray"``, with a clear error when absent.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from typing import Any, Callable, Iterable, Optional

from cosmodrome.core import OptionError
from cosmodrome.lab.runner import GameResult, GameTask, play_chunk

BACKENDS = ("local", "ray")

OnResult = Callable[[GameResult], None]


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
              ray_address: Optional[str] = None, on_result: Optional[OnResult] = None) -> list[GameResult]:
    """Play every task; call ``on_result`` for each finished game; return results in order."""
    tasks = list(tasks)
    check_backend(backend, workers)
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
        _run_ray(tasks, workers, ray_address, done)
    elif workers == 1:
        for t in tasks:
            done(play_chunk([t]))
    else:
        _run_processes(tasks, workers, done)
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


def _run_processes(tasks: list[GameTask], workers: int, done: Callable[[list[dict]], None]) -> None:
    chunks = chunked(tasks, workers)
    modules = {m for t in tasks for m in t.modules}
    with ProcessPoolExecutor(max_workers=min(workers, len(chunks)) or 1, mp_context=_mp_context(modules)) as pool:
        pending = {pool.submit(play_chunk, c) for c in chunks}
        try:
            while pending:
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for f in finished:
                    done(f.result())
        except BaseException:
            for f in pending:
                f.cancel()
            pool.shutdown(wait=False, cancel_futures=True)
            raise


def _run_ray(tasks: list[GameTask], workers: int, address: Optional[str],
             done: Callable[[list[dict]], None]) -> None:
    ray = _import_ray()
    started_here = False
    if not ray.is_initialized():
        if address:
            ray.init(address=address, ignore_reinit_error=True, log_to_driver=False)
        else:
            ray.init(num_cpus=workers, include_dashboard=False, ignore_reinit_error=True, log_to_driver=False)
        started_here = True
    try:
        remote = ray.remote(num_cpus=1)(play_chunk)
        pending = [remote.remote(c) for c in chunked(tasks, workers)]
        try:
            while pending:
                ready, pending = ray.wait(pending, num_returns=1)
                for ref in ready:
                    try:
                        batch = ray.get(ref)
                    except ray.exceptions.RayTaskError as exc:
                        cause = getattr(exc, "cause", None)
                        raise (cause if isinstance(cause, Exception) else exc) from None
                    done(batch)
        except BaseException:
            for ref in pending:
                ray.cancel(ref, force=True)
            raise
    finally:
        if started_here:
            ray.shutdown()
