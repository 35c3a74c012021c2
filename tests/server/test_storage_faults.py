"""Real database faults on SQLite and what the server guarantees through them: a locked
database, a read-only one, a full disk, secrets kept out of error bodies and logs, and a
group commit that stores exactly what it acknowledged.

The faults are real, not stand-ins: another connection holding SQLite's write lock; a file
opened read-only (``mode=ro``: SQLite itself refuses every write, as for a file on a read-only
mount; as root, file permissions would not stop us); and a full database, made with SQLite's
``PRAGMA max_page_count`` (the same SQLITE_FULL a full disk gives) and, where this process may
mount file systems (root), a real 1 MiB tmpfs running out of space."""

from __future__ import annotations

import logging
import os
import secrets
import sqlite3
import subprocess
import sys
import threading
from contextlib import contextmanager

import pytest
from fastapi.testclient import TestClient
from server_helpers import actions_of, new_game, socket, token, view, wait_for
from sqlalchemy import event

from cosmodrome.server import create_app
from cosmodrome.server.storage import StorageError, Store


@contextmanager
def write_lock(path):
    """Another program holding the write lock of the SQLite file at ``path``."""
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        yield other
    finally:
        other.execute("ROLLBACK")
        other.close()


def recorded_tokens(monkeypatch):
    """Every token the server draws from now on (seat tokens and ids), to look for later."""
    drawn = []
    real = secrets.token_urlsafe

    def draw(n=None):
        t = real(n)
        drawn.append(t)
        return t

    monkeypatch.setattr(secrets, "token_urlsafe", draw)
    return drawn


def act(client, g, seat, version=None, which=0):
    v = view(client, g, seat)
    a = v["decision"]["options"][which]["action"]
    r = client.post(f"/api/games/{g['id']}/act", json={"token": token(g, seat), "action": a,
                                                        "version": v["version"] if version is None else version})
    return r, a


def test_a_locked_database_is_a_clear_503_that_changes_nothing_and_leaks_no_token(tmp_path, monkeypatch, caplog):
    path = tmp_path / "locked.sqlite"
    store = Store(f"sqlite:///{path}", busy_timeout=0.2)
    drawn = recorded_tokens(monkeypatch)
    caplog.set_level(logging.DEBUG)
    with TestClient(create_app(store=store)) as c:
        g = new_game(c)
        r, a = act(c, g, 0)
        assert r.status_code == 200
        v1 = view(c, g, 1)
        with write_lock(path):
            # an action: refused with a sentence, the game unchanged (reads still answer)
            r, _ = act(c, g, 1)
            assert r.status_code == 503
            assert r.json() == {"error": "the database is locked (another program is writing to it). "
                                         "Nothing was changed; try again.", "kind": "StorageError"}
            assert view(c, g, 1) == v1
            # a new game (its seats and their tokens are the write's values): refused alike
            r = c.post("/api/games", json={"game": "pocket-race", "players": 2, "seats": [{"kind": "human"}] * 2})
            assert r.status_code == 503 and "locked" in r.json()["error"]
            bodies = [r.text]
            # a seat's socket opened now cannot mark its seat taken (its write holds every token)
            with socket(c, g['id'], token(g, 1)) as w:
                assert w.receive_json()["type"] == "table"
                w.send_json({"type": "act", "action": v1["decision"]["options"][0]["action"], "version": 1})
                seen = []
                while (m := w.receive_json())["type"] != "error":
                    seen.append(m)
                assert m["status"] == 503 and m["error"].startswith("the database is locked")
                # and the game's sockets get a notice saying so
                notices = [n for n in seen if n["type"] == "notice"]
                assert notices and notices[-1]["level"] == "error" and "locked" in notices[-1]["text"]
                bodies += [str(n) for n in notices]
                bodies.append(str(m))
        # the lock is gone: the same move goes through, nothing was lost or doubled
        r, _ = act(c, g, 1)
        assert r.status_code == 200 and r.json()["version"] == 2
        assert actions_of(c, g)[0] == a
    secrets_seen = [t for t in drawn if len(t) >= 16] + [token(g, 0), token(g, 1)]
    # the server's log (httpx's lines are the test client's own requests)
    logged = "\n".join(rec.getMessage() + (str(rec.exc_info[1]) if rec.exc_info else "")
                       for rec in caplog.records if not rec.name.startswith("httpx"))
    assert "locked" in logged  # the failure was logged...
    for t in secrets_seen:  # ...without any token, nor in any error body
        assert t not in logged and all(t not in b for b in bodies)
    assert "INSERT" not in logged and "UPDATE" not in logged  # no statement text either


def test_a_bot_move_refused_by_a_locked_database_is_retried_and_the_players_are_told(tmp_path):
    path = tmp_path / "bots.sqlite"
    # the bot takes 1 s a move, time enough to lock the database before it stores its move
    with TestClient(create_app(store=Store(f"sqlite:///{path}", busy_timeout=0.1), bot_delay=1.0)) as c:
        g = new_game(c, seats=("human", "random"), rounds=3)
        with socket(c, g['id'], token(g, 0)) as w:
            m = w.receive_json()
            a = m["decision"]["options"][0]["action"]
            with write_lock(path):
                w.send_json({"type": "act", "action": a, "version": 0})
                while (m := w.receive_json())["type"] != "error":
                    pass
                assert m["status"] == 503 and "locked" in m["error"]
            w.send_json({"type": "act", "action": a, "version": 0})
            while (m := w.receive_json())["type"] != "ack":
                pass
            # seat 1 is a bot: lock the database while it moves, and a notice comes
            with write_lock(path):
                while not ((m := w.receive_json())["type"] == "notice" and "bot" in m["text"]):
                    pass
                assert m["level"] == "error" and "No accepted move is lost" in m["text"]
        # once the lock is gone the bot's move is stored and the game goes on
        assert wait_for(lambda: view(c, g, 0)["version"] >= 2)


def test_a_read_only_database_is_reported_at_start(tmp_path):
    path = tmp_path / "ro.sqlite"
    Store(f"sqlite:///{path}").close()  # a good database, with its tables
    url = f"sqlite:///file:{path}?mode=ro&uri=true"
    with pytest.raises(StorageError, match="^cannot use the database: the database is read-only$"):
        Store(url)
    # the command says so at once and stops, rather than failing at the first move
    p = subprocess.run([sys.executable, "-m", "cosmodrome.cli.main", "serve", "--db", url, "--port", "1"],
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 1
    assert "Cosmodrome cannot start: cannot use the database: the database is read-only." in p.stderr


def test_a_database_that_cannot_be_opened_is_reported_at_start(tmp_path):
    with pytest.raises(StorageError, match="^cannot use the database: the database cannot be reached$"):
        Store(f"sqlite:///{tmp_path / 'no-such-folder' / 'x.sqlite'}")


def _play_until_refused(c, g, limit=3000):
    """Play seats 0 and 1 in turn until a move is refused; returns (the refusal, the moves
    acknowledged)."""
    acked = []
    first = view(c, g)["version"]  # the seats alternate: whose turn it is follows from the moves made
    for _ in range(limit):
        seat = (first + len(acked)) % 2
        v = view(c, g, seat)
        a = v["decision"]["options"][-1]["action"]
        r = c.post(f"/api/games/{g['id']}/act", json={"token": token(g, seat), "action": a,
                                                      "version": v["version"]})
        if r.status_code != 200:
            return r, acked
        acked.append(a)
    return None, acked


def _check_full_then_freed(c, g, free_space):
    r, acked = _play_until_refused(c, g)
    assert r is not None, "the database never filled up"
    assert r.status_code == 503
    assert r.json()["error"] == ("the disk is full (or the database reached its size limit). "
                                 "Nothing was changed; try again.")
    # nothing of the refused move is anywhere; every acknowledged one is stored
    assert view(c, g, 0)["version"] == len(acked)
    assert actions_of(c, g) == acked
    free_space()
    r, more = _play_until_refused(c, g, limit=3)  # room again: the game goes on
    assert r is None and len(more) == 3
    assert actions_of(c, g) == acked + more


def test_a_full_database_is_a_clear_503_that_changes_nothing(tmp_path):
    path = tmp_path / "full.sqlite"
    store = Store(f"sqlite:///{path}")
    limit = {"pages": None}

    @event.listens_for(store.engine, "connect")
    def cap(dbapi_conn, _):
        if limit["pages"] is not None:
            dbapi_conn.execute(f"PRAGMA max_page_count={limit['pages']}")

    with TestClient(create_app(store=store)) as c:
        g = new_game(c, rounds=5000)
        with sqlite3.connect(path) as probe:
            pages = probe.execute("PRAGMA page_count").fetchone()[0]
        limit["pages"] = pages + 1
        store.engine.dispose()  # new connections, with the cap

        def free_space():
            limit["pages"] = None
            store.engine.dispose()

        _check_full_then_freed(c, g, free_space)


@pytest.fixture
def tiny_tmpfs(tmp_path):
    """A 1 MiB tmpfs mounted in ``tmp_path`` (needs the right to mount: root)."""
    mnt = tmp_path / "mnt"
    mnt.mkdir()
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root; the full database is covered by max_page_count above")
    p = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(mnt)], capture_output=True, text=True)
    if p.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here ({p.stderr.strip()}); the full database is covered by "
                    "max_page_count above")
    try:
        yield mnt
    finally:
        subprocess.run(["umount", "-l", str(mnt)], capture_output=True)


def test_a_full_disk_is_a_clear_503_that_changes_nothing(tiny_tmpfs):
    store = Store(f"sqlite:///{tiny_tmpfs / 'full.sqlite'}")
    with TestClient(create_app(store=store)) as c:
        g = new_game(c, rounds=20000)

        def free_space():
            subprocess.run(["mount", "-o", "remount,size=64m", str(tiny_tmpfs)], check=True)

        _check_full_then_freed(c, g, free_space)


def test_a_group_commit_stores_exactly_what_it_acknowledged(tmp_path):
    """Many threads append actions of many games at once: they share commits (fewer commits
    than writes), every one is stored, and a write that breaks the key fails alone."""
    store = Store(f"sqlite:///{tmp_path / 'group.sqlite'}")
    from cosmodrome.server.storage import GameRow
    games = [f"g{i}" for i in range(20)]
    for gid in games:
        store.create_game(GameRow(id=gid, game="pocket-race", players=2, seed=1, options={}, seats=[]))
    commits0 = store.committer.commits
    barrier = threading.Barrier(len(games))
    failures = []

    def play(gid):
        barrier.wait()
        for i in range(30):
            store.append_action(gid, i, i % 10, i % 2, revision=i + 1)
        try:  # the same index again: refused, and only this write
            store.append_action(gid, 29, 0, 0, revision=31)
        except StorageError as exc:
            failures.append(str(exc))

    threads = [threading.Thread(target=play, args=(gid,)) for gid in games]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert failures == ["the database refused the change as conflicting with what is stored"] * len(games)
    for gid in games:
        assert [(a.idx, a.action) for a in store.actions(gid)] == [(i, i % 10) for i in range(30)]
        assert store.get_game(gid).revision == 30
    assert store.committer.commits - commits0 < 20 * 31  # writes shared commits
    store.close()
