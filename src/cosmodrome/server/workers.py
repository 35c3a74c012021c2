"""``cosmodrome serve --workers N``: N server processes on one machine behind one port
(docs/SERVER.md, "Many processes").

The command's own process is a small supervisor: it starts N copies of ``cosmodrome serve``
(the same options, plus ``--worker``), each of which listens on the same address and port
with ``SO_REUSEPORT`` (the kernel spreads new connections over them), and starts a new copy
when one stops unexpectedly. Each copy is a whole server on the shared PostgreSQL database;
the games are divided between them by their leases (:mod:`cosmodrome.server.cluster`). A
copy stops when the supervisor stops, even when it is killed (``PR_SET_PDEATHSIG``).
"""

from __future__ import annotations

import ctypes
import logging
import signal
import socket
import subprocess
import sys
import time
from typing import Optional

log = logging.getLogger("cosmodrome.server")

#: said when ``--workers`` above 1 is asked of a SQLite database
SQLITE_ONE_PROCESS = ("--workers {n} needs a PostgreSQL database (--db postgresql+psycopg://...): a SQLite file is "
                      "served by one process, which keeps its games in memory, so a second process would accept moves "
                      "the first never sees. Leave out --workers, or move the games to PostgreSQL (docs/HOSTING.md)")


def listening_socket(host: str, port: int) -> socket.socket:
    """A TCP socket bound to ``host``:``port`` with ``SO_REUSEPORT``, so that every worker
    listens on the same port."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


def worker_argv(argv: list[str]) -> list[str]:
    """The command line of one worker: the supervisor's own, without ``--workers``, with
    ``--worker``.

    >>> worker_argv(["serve", "--workers", "3", "--port=9", "--workers=2"])[-3:]
    ['serve', '--port=9', '--worker']
    """
    out: list[str] = []
    skip = False
    for a in argv:
        if skip:
            skip = False
            continue
        if a == "--workers":
            skip = True
            continue
        if a.startswith("--workers="):
            continue
        out.append(a)
    return [sys.executable, "-m", "cosmodrome.cli.main", *out, "--worker"]


def _die_with_parent() -> None:  # pragma: no cover - runs in the child before exec
    try:
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except OSError:
        pass


def supervise(n: int, argv: list[str], restart_after: float = 1.0) -> int:
    """Run ``n`` workers until the supervisor is told to stop (SIGINT, SIGTERM); a worker
    that stops on its own is started again, unless it could not start (status 1 or 2 within
    10 s: the options or the database; it said why), which stops them all. Returns the exit
    status."""
    cmd = worker_argv(argv)
    procs: list[Optional[subprocess.Popen]] = [None] * n
    stopping = False

    def stop(_sig, _frame) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    started = [0.0] * n
    status = 0
    while not stopping:
        for i, p in enumerate(procs):
            if p is not None and p.poll() is None:
                continue
            if p is not None:
                if p.returncode in (1, 2) and time.monotonic() - started[i] < 10:  # it cannot start: said why
                    stopping, status = True, p.returncode
                    break
                if time.monotonic() - started[i] < restart_after:  # not at once: one failing at start
                    continue
                print(f"worker {i + 1} (process {p.pid}) stopped with status {p.returncode}; starting another",
                      file=sys.stderr, flush=True)
            procs[i] = subprocess.Popen(cmd, preexec_fn=_die_with_parent)
            started[i] = time.monotonic()
        time.sleep(0.2)
    for p in procs:
        if p is not None and p.poll() is None:
            p.terminate()
    for p in procs:
        if p is not None:
            try:
                p.wait(20)
            except subprocess.TimeoutExpired:
                p.kill()
    return status
