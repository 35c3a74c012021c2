"""SQLite storage of finished games, so an interrupted lab run resumes where it stopped.

A *batch* (a tournament, one arm of a balance run) has an id derived from its parameters;
each finished game is written (and committed) the moment it comes back from a worker, keyed
by (batch, game index). Re-running the same command finds the finished games and plays only
the others.

>>> import tempfile, os
>>> from cosmodrome.lab.runner import GameResult
>>> with tempfile.TemporaryDirectory() as d:
...     st = Store(os.path.join(d, "lab.sqlite"))
...     st.begin("b1", "tournament", {"n": 2})
...     st.add("b1", GameResult(0, 11, ["random"], [0], [1.0], [3.0], 8))
...     sorted(st.finished("b1")), st.count("b1")
([0], 1)
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import time
from pathlib import Path
from typing import Any

from cosmodrome.core import DataError
from cosmodrome.lab.runner import GameResult

DEFAULT_DB = Path("runs") / "lab.sqlite"

SCHEMA = """
CREATE TABLE IF NOT EXISTS batches (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    params TEXT NOT NULL,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
    batch TEXT NOT NULL REFERENCES batches(id),
    idx INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    result TEXT NOT NULL,
    PRIMARY KEY (batch, idx)
);
"""


def batch_id(kind: str, params: dict[str, Any]) -> str:
    """A short stable id from the parameters that determine a batch's games.

    >>> batch_id("t", {"a": 1, "b": 2}) == batch_id("t", {"b": 2, "a": 1})
    True
    """
    text = json.dumps({"kind": kind, **params}, sort_keys=True, separators=(",", ":"))
    return f"{kind[:1]}{hashlib.sha256(text.encode()).hexdigest()[:15]}"


class Store:
    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.db = sqlite3.connect(str(self.path))
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")
            self.db.executescript(SCHEMA)
        except (sqlite3.Error, OSError) as exc:
            raise DataError(f"cannot use {self.path} as the results database: {exc}") from None

    def begin(self, bid: str, kind: str, params: dict[str, Any]) -> None:
        self.db.execute("INSERT OR IGNORE INTO batches (id, kind, params, created) VALUES (?, ?, ?, ?)",
                        (bid, kind, json.dumps(params, sort_keys=True), time.time()))
        self.db.commit()

    def params(self, bid: str) -> dict[str, Any] | None:
        row = self.db.execute("SELECT params FROM batches WHERE id = ?", (bid,)).fetchone()
        return json.loads(row[0]) if row else None

    def add(self, bid: str, result: GameResult) -> None:
        """Store one finished game and commit at once (an interruption loses nothing finished)."""
        self.db.execute("INSERT OR REPLACE INTO games (batch, idx, seed, result) VALUES (?, ?, ?, ?)",
                        (bid, result.index, result.seed, json.dumps(result.to_json())))
        self.db.commit()

    def finished(self, bid: str) -> dict[int, GameResult]:
        rows = self.db.execute("SELECT idx, result FROM games WHERE batch = ? ORDER BY idx", (bid,))
        return {idx: GameResult.from_json(json.loads(text)) for idx, text in rows}

    def count(self, bid: str) -> int:
        return self.db.execute("SELECT COUNT(*) FROM games WHERE batch = ?", (bid,)).fetchone()[0]

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()
