"""A throwaway PostgreSQL cluster, for the tests and the benchmarks: Debian's server binaries
(``make postgres`` installs them), a cluster in a new temporary directory, reachable only
through a unix socket there, stopped and removed when the ``with`` block ends, even on failure.

PostgreSQL refuses to run as root: as root (CI), initdb and pg_ctl run as the ``postgres``
system user (``runuser -u postgres --``), which then owns the cluster's directory.

``durable=False`` (the tests) turns off the flushes to disk (``fsync``, ``synchronous_commit``,
``full_page_writes``): fast, and nothing survives a crash of the machine. ``durable=True`` (the
server benchmarks) keeps PostgreSQL's defaults, as a host runs it.

    with throwaway_cluster(durable=True) as pg:
        url = pg.create_database("bench")     # postgresql+psycopg://postgres@/bench?host=...
"""

from __future__ import annotations

import glob
import os
import shutil
import signal
import subprocess
import tempfile
from contextlib import contextmanager
from typing import Iterator, Optional

#: only names the socket file: the cluster listens on no TCP port at all
PG_PORT = 5432


class ClusterError(RuntimeError):
    """The cluster cannot be made here; the message names what is missing and how to get it."""


def server_binaries() -> str:
    """The directory of PostgreSQL's server binaries (version 15 preferred)."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                   key=lambda p: int(p.split("/")[4]) if p.split("/")[4].isdigit() else 0)
    preferred = [p for p in found if "/15/" in p]
    if not (preferred or found):
        raise ClusterError("PostgreSQL's server binaries (initdb, pg_ctl) are missing: no "
                           "/usr/lib/postgresql/*/bin/initdb. Install them with `make postgres` "
                           "(or `sudo apt-get install -y postgresql`).")
    return os.path.dirname((preferred or found)[-1])


def need_driver() -> None:
    """Raise :class:`ClusterError` when psycopg, the driver, is not installed."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        raise ClusterError("the PostgreSQL driver is missing: `.venv/bin/pip install -e '.[postgres]'` "
                           "(psycopg[binary])") from None


class Cluster:
    """A PostgreSQL cluster in ``root`` (data in ``root/data``, socket in ``root``)."""

    def __init__(self, bindir: str, root: str) -> None:
        self.bindir, self.root, self.data = bindir, root, os.path.join(root, "data")
        self.as_root = os.geteuid() == 0

    def run(self, tool: str, *args: str, timeout: float = 60) -> None:
        cmd = [os.path.join(self.bindir, tool), *args]
        if self.as_root:  # PostgreSQL will not run as root
            cmd = ["runuser", "-u", "postgres", "--", *cmd]
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        if p.returncode != 0:
            log = os.path.join(self.root, "server.log")
            tail = open(log).read()[-2000:] if os.path.exists(log) else ""
            raise ClusterError(f"{' '.join(cmd)} failed ({p.returncode}):\n{p.stdout}\n{p.stderr}\n{tail}")

    def url(self, dbname: str) -> str:
        return f"postgresql+psycopg://postgres@/{dbname}?host={self.root}&port={PG_PORT}"

    def create_database(self, dbname: str) -> str:
        """A new, empty database of the cluster; its SQLAlchemy URL."""
        import psycopg
        with psycopg.connect(host=self.root, port=PG_PORT, user="postgres", dbname="postgres",
                             autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{dbname}"')
        return self.url(dbname)

    def postmaster_pid(self) -> Optional[int]:
        try:
            with open(os.path.join(self.data, "postmaster.pid")) as f:
                return int(f.readline())
        except (OSError, ValueError):
            return None


#: the settings of a cluster whose durability does not matter (the tests)
FAST = "-c fsync=off -c synchronous_commit=off -c full_page_writes=off"


@contextmanager
def throwaway_cluster(durable: bool = False) -> Iterator[Cluster]:
    """A running cluster in a new directory under /tmp (reachable by the ``postgres`` user),
    always stopped and removed afterwards. Raises :class:`ClusterError` with a sentence when
    the binaries, the driver or the ``postgres`` user are missing."""
    need_driver()
    bindir = server_binaries()
    root = tempfile.mkdtemp(prefix="cosmo-pg-", dir="/tmp")
    cluster = Cluster(bindir, root)
    started = False
    try:
        if cluster.as_root:
            try:
                shutil.chown(root, "postgres", "postgres")
            except LookupError:
                raise ClusterError("running as root, PostgreSQL needs the 'postgres' system user (it "
                                   "comes with Debian's package: `apt-get install -y postgresql`)") from None
        cluster.run("initdb", "-D", cluster.data, "-U", "postgres", "--auth=trust", "-E", "UTF8",
                    "--no-sync", "--no-instructions")
        started = True  # from here on, stop it whatever happens
        cluster.run("pg_ctl", "-D", cluster.data, "-l", os.path.join(root, "server.log"), "-w", "-t", "30",
                    "-o", f"-c listen_addresses='' -c unix_socket_directories='{root}' -p {PG_PORT}"
                          + ("" if durable else " " + FAST),
                    "start")
        yield cluster
    finally:
        if started:
            try:
                cluster.run("pg_ctl", "-D", cluster.data, "-m", "immediate", "-w", "-t", "20", "stop")
            except Exception:
                pid = cluster.postmaster_pid()  # the postmaster we started: stop it by its id
                if pid:
                    try:
                        os.kill(pid, signal.SIGKILL)
                    except ProcessLookupError:
                        pass
        shutil.rmtree(root, ignore_errors=True)
