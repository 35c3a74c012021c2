"""A watch on a SQLite database's files under the running server (docs/SERVER.md, "Storage").

SQLite keeps a database in three files: the database, its write-ahead log (``-wal``) and the
log's index (``-shm``), which every connection maps into memory. Three things done to them
from outside break a running server without SQLite noticing:

- a file **removed or replaced** (``rm``, a copy or a ``mv`` onto its name): the server's open
  handles keep writing to the old, nameless file, so every move is acknowledged and everything
  is gone at the next start;
- the index **made unwritable** (``chattr +i``) or **cut short** (``truncate``): the next
  touch of its memory map kills the process with SIGBUS, a signal Python cannot survive;
- the log **cut short** (frames that the index says are there are missing): committed moves
  not yet copied into the database are gone.

:class:`FileGuard` checks for these before and after each group commit and before each read
(a few ``stat`` calls, one ``ioctl`` and one 48-byte read of the index: microseconds). It
holds one connection of its own open for the store's life, so that SQLite never removes the
log and its index itself (it does when its last connection closes): any change of their
identity is then foreign. A lost file is final (the server must be restarted); an
unwritable one refuses writes only while it lasts.

When the files are lost, the guard copies what its own connection still sees (the old
files, through their open handles) into ``<database>.rescued-<UTC time>`` beside the
database: everything acknowledged so far.

What it cannot close: a ``chattr +i`` made in the microseconds between a check and SQLite's
touch of the index still ends the process with SIGBUS (and loses nothing acknowledged).
"""

from __future__ import annotations

import logging
import os
import sqlite3
import struct
import threading
import time
from typing import Callable, Optional

from cosmodrome.i18n import N_

try:
    import fcntl
except ImportError:  # not a POSIX system: no guard (see FileGuard.of)
    fcntl = None  # type: ignore[assignment]

log = logging.getLogger("cosmodrome.server")

_FS_IOC_GETFLAGS = 0x80086601  # _IOR('f', 1, long) on 64-bit Linux
_IMMUTABLE = 0x10  # FS_IMMUTABLE_FL
_WAL_HEADER, _FRAME_HEADER = 32, 24

#: what a write or a read is told once the files are lost (final) or while they are unwritable
LOST = N_("the database file was removed, replaced or cut short under the running server; nothing more "
        "can be stored")
LOST_ADVICE = N_("Nothing was changed. The server must be restarted (its operator was told).")
UNWRITABLE = N_("the database files were made unwritable (immutable) under the running server")


class FileGuard:
    """The watch on the files of the SQLite database at ``path`` (absolute).

    :meth:`check` returns None (all is well) or ``(sentence, final)``; ``on_lost`` functions
    are called once, from the thread that found the loss, with the sentence."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.files = (path, path + "-wal", path + "-shm")
        self._lock = threading.Lock()
        self.on_lost: list[Callable[[str], None]] = []
        self.lost: Optional[str] = None
        self.safe = True  # the files may still be touched through SQLite (False: SIGBUS)
        self.rescued: Optional[str] = None
        # our own connection: keeps the log and its index in place while the store is open
        self.anchor = sqlite3.connect(path, check_same_thread=False, isolation_level=None, timeout=5.0)
        self.anchor.execute("PRAGMA journal_mode=WAL").fetchall()
        self.anchor.execute("PRAGMA mmap_size=0").fetchall()
        self.anchor.execute("SELECT count(*) FROM sqlite_master").fetchall()  # creates -wal and -shm
        self.ids = {}
        #: read-only handles, open for the guard's life (for the flags and the index's header;
        #: see close() for why they are never reopened)
        self.fds = {}
        for f in self.files:
            st = os.stat(f)
            self.ids[f] = (st.st_dev, st.st_ino)
            self.fds[f] = os.open(f, os.O_RDONLY)
        self.shm_size = os.fstat(self.fds[self.files[2]]).st_size

    @classmethod
    def of(cls, engine) -> Optional["FileGuard"]:
        """The guard of a SQLAlchemy engine's SQLite file (None: not a file in WAL mode)."""
        if engine.dialect.name != "sqlite" or fcntl is None:
            return None
        with engine.connect() as c:
            rows = c.exec_driver_sql("PRAGMA database_list").fetchall()
            mode = c.exec_driver_sql("PRAGMA journal_mode").scalar()
        path = next((r[2] for r in rows if r[1] == "main"), "")
        if not path or str(mode).lower() != "wal":
            return None
        return cls(os.path.abspath(path))

    def close(self) -> None:
        """Close the guard's connection, then its read-only handles: last, since closing any
        handle of a file drops every POSIX lock this process holds on it (SQLite's among
        them). With the index cut short or immutable the connection is left open: closing it
        would touch the index (its checkpoint) and end the process."""
        if self.safe and self.fds and not self._immutable():
            try:
                self.anchor.close()
            except sqlite3.Error:
                pass
        for fd in self.fds.values():
            os.close(fd)
        self.fds = {}

    # ----- checks ---------------------------------------------------------------------
    def check(self) -> Optional[tuple[str, bool]]:
        """None when the files are as opened; else (what is wrong, whether it is final)."""
        if self.lost is not None:
            return self.lost, True
        if not self.fds:  # closed with its store
            return None
        with self._lock:
            if self.lost is None:
                why = self._why_lost()
                if why is not None:
                    self._lose(*why)
                    return self.lost, True
        if self._immutable():
            return UNWRITABLE, False
        return None

    def _why_lost(self) -> Optional[tuple[str, bool]]:
        """(what changed, for the log; whether the old files can still be read safely), or
        None: each file still the one opened, the index not cut short, the log as long as the
        index says."""
        for f in self.files:
            try:
                st = os.stat(f)
            except FileNotFoundError:
                return f"{os.path.basename(f)} was removed", True
            except OSError as exc:
                return f"{os.path.basename(f)} cannot be looked at ({exc.strerror})", True
            if (st.st_dev, st.st_ino) != self.ids[f]:
                return f"{os.path.basename(f)} was replaced by another file", True
        shm = os.fstat(self.fds[self.files[2]]).st_size
        if shm < self.shm_size:  # its memory map now reaches past its end: touching it is SIGBUS
            return f"{os.path.basename(self.files[2])} was cut short", False
        self.shm_size = shm
        need = self._wal_needs()
        if need is not None and os.fstat(self.fds[self.files[1]]).st_size < need:
            return f"{os.path.basename(self.files[1])} was cut short (committed frames are missing)", False
        return None

    def _wal_needs(self) -> Optional[int]:
        """The length the log must have for the frames the index lists (None: not known now,
        e.g. the index being written by another connection this instant)."""
        head = os.pread(self.fds[self.files[2]], 96, 0)
        if len(head) < 96 or head[:48] != head[48:96] or not head[12]:
            return None
        size, frames = struct.unpack_from("=HI", head, 14)
        page = 65536 if size == 1 else size
        return _WAL_HEADER + frames * (_FRAME_HEADER + page) if frames else None

    def _immutable(self) -> bool:
        for fd in self.fds.values():
            try:
                flags = struct.unpack("l", fcntl.ioctl(fd, _FS_IOC_GETFLAGS, b"\0" * 8))[0]
            except OSError:  # a file system without these flags
                return False
            if flags & _IMMUTABLE:
                return True
        return False

    # ----- once lost ------------------------------------------------------------------
    def _lose(self, why: str, readable: bool) -> None:
        self.lost, self.safe = LOST, readable
        self.rescued = self._rescue() if readable and not self._immutable() else None
        where = f"; everything stored until then was copied to {self.rescued}" if self.rescued else ""
        log.error("the database files changed under the running server (%s): every write is refused "
                  "from now on; restart the server%s", why, where)
        for fn in self.on_lost:
            try:
                fn(self.lost)
            except Exception:
                log.exception("a listener of the lost database failed")

    def _rescue(self) -> Optional[str]:
        """Copy what the guard's connection still sees (the old files, through their open
        handles) to a new file beside the database."""
        target = f"{self.path}.rescued-{time.strftime('%Y%m%dT%H%M%SZ', time.gmtime())}"
        try:
            self.anchor.execute("VACUUM INTO ?", (target,))
        except sqlite3.Error as exc:
            log.error("could not copy the lost database to %s (%s)", target, type(exc).__name__)
            return None
        return target
