"""A lab run's worker processes stop when the run is cancelled or the server stops, mid-game,
and never outlive the process that started them (docs/LAB.md, docs/SERVER.md "Security")."""

from __future__ import annotations

import ctypes
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from server_helpers import wait_for
from test_lab_api import body, make_client

from cosmodrome.lab import executor
from cosmodrome.lab.executor import Stopped, run_tasks, worker_pool
from cosmodrome.lab.runner import make_task


def alive(pid: int) -> bool:
    """Whether process ``pid`` exists and is not a zombie."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return True


def _pid_of(path: Path) -> int:
    wait_for(lambda: path.exists() and path.read_text().strip() != "", timeout=120)
    return int(path.read_text())


@pytest.mark.parametrize("nice", [None, 3])
def test_stop_kills_the_worker_in_the_middle_of_a_game(tmp_path, nice):
    probe = tmp_path / "pid.txt"
    task = make_task("pocket-race", 2, 1, [f"spin_probe:SpinBot:path={probe}", "random"])
    with pytest.raises(Stopped):
        run_tasks([task], workers=2, nice=nice, stop=probe.exists)
    pid = int(probe.read_text())
    assert pid != os.getpid()
    assert not alive(pid)


def test_stop_is_asked_between_games_when_they_are_played_here():
    tasks = [make_task("pocket-race", 2, i, ["random", "random"], index=i) for i in range(3)]
    played = []
    with pytest.raises(Stopped):
        run_tasks(tasks, on_result=played.append, stop=lambda: len(played) >= 1)
    assert len(played) == 1


def _pdeathsig() -> int:
    out = ctypes.c_int(-1)
    ctypes.CDLL(None, use_errno=True).prctl(2, ctypes.byref(out), 0, 0, 0)  # PR_GET_PDEATHSIG
    return out.value


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
def test_a_lab_worker_dies_with_its_parent():
    with worker_pool(1, (), nice=2) as pool:
        assert pool.submit(_pdeathsig).result() == signal.SIGKILL
        assert pool.submit(os.nice, 0).result() == min(19, os.nice(0) + 2)


OWNER = """
import os, sys, time
from cosmodrome.lab.executor import worker_pool
pool = worker_pool(1, (), nice=1)
print(pool.submit(os.getpid).result(), flush=True)
time.sleep(300)
"""


def _parent_of(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_lab_workers_and_their_forkserver_end_when_the_process_that_made_them_is_killed():
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    owner = subprocess.Popen([sys.executable, "-c", OWNER], stdout=subprocess.PIPE, text=True, env=env)
    try:
        worker = int(owner.stdout.readline())
        forkserver = _parent_of(worker)
        assert alive(worker) and forkserver != owner.pid
        owner.kill()  # SIGKILL: no clean-up of its own runs
        owner.wait()
        wait_for(lambda: not alive(worker) and not alive(forkserver), timeout=60)
    finally:
        owner.kill()
        owner.wait()
        for pid in (worker, forkserver) if "forkserver" in locals() else ():
            if alive(pid):  # left behind by a failure: not by this test's next run
                os.kill(pid, signal.SIGKILL)


def test_die_with_parent_does_nothing_off_linux(monkeypatch):
    monkeypatch.setattr(executor.sys, "platform", "darwin")
    assert executor.die_with_parent() is False


def _watch_pools(monkeypatch) -> list:
    pools = []
    real = executor.worker_pool

    def recorded(*args, **kw):
        pools.append(real(*args, **kw))
        return pools[-1]

    monkeypatch.setattr(executor, "worker_pool", recorded)
    return pools


def _workers(pools) -> list[int]:
    out: list[int] = []

    def started():
        out[:] = [p.pid for pool in pools for p in (getattr(pool, "_processes", None) or {}).values()]
        return bool(out)

    wait_for(started, timeout=120)
    return out


@pytest.mark.parametrize("how", ["cancel", "stop the server"])
def test_a_cancelled_run_or_a_stopping_server_ends_the_game_being_played(db_url, tmp_path, monkeypatch, how):
    """A game of ismcts:iters=2000 bots takes minutes; the worker is gone well before."""
    pools = _watch_pools(monkeypatch)
    c = make_client(db_url, tmp_path)
    with c:
        run = c.post("/api/lab/runs", json=body(games=1, bots=["ismcts:iters=2000", "ismcts:iters=2000"])).json()
        pids = _workers(pools)
        assert all(alive(p) for p in pids)
        if how == "cancel":
            assert c.delete(f"/api/lab/runs/{run['id']}").json()["status"] == "cancelled"
            wait_for(lambda: not any(alive(p) for p in pids), timeout=60)
            assert c.get(f"/api/lab/runs/{run['id']}").json()["status"] == "cancelled"
    assert not any(alive(p) for p in pids)
