"""The SQLite database's files changed under a running server (docs/SERVER.md, "Storage"):
removed or replaced (the server kept acknowledging into a nameless file: everything gone at
the next start), made immutable with ``chattr +i`` (the next move killed the process with
SIGBUS through the memory-mapped ``-shm`` index), or cut short.

The server must stop acknowledging at once, answer 503 with a sentence, stay up, tell the
games' sockets and its log, and lose nothing it acknowledged. The faults are real: files
removed, replaced, truncated, made immutable. ``chattr`` needs root and a file system with
the immutable flag (ext4, xfs, btrfs...; not tmpfs): without them those tests fail saying so
(never skip). The SIGBUS cases run the server as a separate process, so that a crash is the
test's failure, not the test runner's death."""

from __future__ import annotations

import logging
import os
import shutil
import signal
import subprocess

import pytest
from fastapi.testclient import TestClient
from server_helpers import new_game, socket, token, view, wait_for
from test_restart import call, free_port, start, stored_actions

from cosmodrome.server import create_app
from cosmodrome.server.app import STORE_LOST_NOTICE
from cosmodrome.server.fileguard import UNWRITABLE
from cosmodrome.server.storage import Store

LOST_503 = ("the database file was removed, replaced or cut short under the running server; nothing more can be "
            "stored. "
            "Nothing was changed. The server must be restarted (its operator was told).")


def play(c, g, seat):
    """Seat ``seat`` plays its last option; returns (the response, the action)."""
    v = view(c, g, seat)
    a = v["decision"]["options"][-1]["action"]
    return c.post(f"/api/games/{g['id']}/act", json={"token": token(g, seat), "action": a,
                                                      "version": v["version"]}), a


def _remove(path, which):
    if which == "replaced":  # a copy moved onto its name (a restore from a backup, say)
        shutil.copy(path, f"{path}.other")
        os.replace(f"{path}.other", path)
    else:
        os.remove(f"{path}{which}")


@pytest.mark.parametrize("which", ["", "-wal", "-shm", "replaced"])
def test_database_files_removed_under_the_running_server_stop_every_acknowledgement(tmp_path, caplog, which):
    path = tmp_path / "game.sqlite"
    caplog.set_level(logging.INFO, logger="cosmodrome.server")
    with TestClient(create_app(store=Store(f"sqlite:///{path}"), bot_delay=0.02)) as c:
        g = new_game(c, rounds=20)
        bots = new_game(c, seats=("random", "random"), rounds=1000)  # bots playing all along
        wait_for(lambda: view(c, bots)["version"] >= 2)
        r, a0 = play(c, g, 0)
        assert r.status_code == 200
        r = c.post("/api/account/signup", json={"name": "Ada", "password": "lost files!"})
        assert r.status_code == 201, r.text
        with socket(c, g["id"], token(g, 1)) as w:
            assert w.receive_json()["type"] == "table"
            v1 = view(c, g, 1)
            _remove(path, which)
            # a move: refused with the sentence, nothing changed (the old code acknowledged it)
            r, _ = play(c, g, 1)
            assert (r.status_code, r.json()) == (503, {"error": LOST_503, "kind": "StorageError"})
            after = view(c, g, 1)
            assert (after["version"], after["view"], after["decision"]) == (1, v1["view"], v1["decision"])
            # every socket of every game is told once
            seen = []
            while not ((m := w.receive_json())["type"] == "notice" and m["text"] == STORE_LOST_NOTICE):
                seen.append(m)
            assert m["level"] == "error"
            # a move over the socket, a new game, a sign-up: all refused alike
            w.send_json({"type": "act", "action": v1["decision"]["options"][0]["action"], "version": 1})
            while (m := w.receive_json())["type"] != "error":
                pass
            assert (m["status"], m["error"]) == (503, LOST_503)
        r = c.post("/api/games", json={"game": "pocket-race", "players": 2, "seats": [{"kind": "human"}] * 2})
        assert r.status_code == 503 and r.json()["error"] == LOST_503
        r = c.post("/api/account/signup", json={"name": "Bob", "password": "lost files!"})
        assert r.status_code == 503
        assert view(c, g, 0)["version"] == 1  # the server stays up and shows the games as they were
        # the bots stop rather than retry for ever, and their game stays as it was stored
        table = c.app.state.hall.tables[bots["id"]]
        wait_for(lambda: table.bot_task.done())
        stopped = view(c, bots)["version"]
    lines = [rec.getMessage() for rec in caplog.records if "changed under the running server" in rec.getMessage()]
    assert len(lines) == 1, lines  # one line, saying what changed and where the copy is
    name = {"": "game.sqlite was removed", "-wal": "game.sqlite-wal was removed",
            "-shm": "game.sqlite-shm was removed", "replaced": "game.sqlite was replaced"}[which]
    assert name in lines[0] and token(g, 0) not in lines[0]
    # everything acknowledged was copied out of the old files before they were let go
    rescued = [p for p in os.listdir(tmp_path) if p.startswith("game.sqlite.rescued-")]
    assert len(rescued) == 1 and str(tmp_path / rescued[0]) in lines[0]
    copy = Store(f"sqlite:///{tmp_path / rescued[0]}")
    try:
        assert [x.action for x in copy.actions(g["id"])] == [a0]
        assert copy.get_game(bots["id"]).revision in (stopped, stopped + 1)  # + the one being stored
        assert copy.read(lambda s: s.execute(__import__("sqlalchemy").text("SELECT name FROM accounts")).all()) == [
            ("Ada",)]
    finally:
        copy.close()


def need_chattr(path):
    """The immutable flag works on ``path``'s file system (root, and not tmpfs), or a loud failure."""
    probe = path.parent / "chattr-probe"
    probe.write_text("x")
    p = subprocess.run(["chattr", "+i", str(probe)], capture_output=True, text=True)
    if p.returncode != 0:
        pytest.fail(f"these tests make database files immutable with `chattr +i` (a real fault), which "
                    f"failed here: {p.stderr.strip() or p.returncode} (it needs root and a file system with the "
                    "immutable flag, e.g. ext4 — not tmpfs; set TMPDIR to one)", pytrace=False)
    subprocess.run(["chattr", "-i", str(probe)], check=True)
    probe.unlink()


def chattr(flag, *files):
    subprocess.run(["chattr", flag, *map(str, files)], check=True)


def server_act(base, g, seat):
    tok = g["seats"][seat]["token"]
    st, v = call(base, "GET", f"/api/games/{g['id']}/view", token=tok)
    assert st == 200, v
    a = v["decision"]["options"][-1]["action"]
    return call(base, "POST", f"/api/games/{g['id']}/act", {"token": tok, "action": a, "version": v["version"]}), a


@pytest.mark.timeout(120)
def test_database_files_made_immutable_are_a_503_and_the_server_stays_up(tmp_path):
    """``chattr +i`` on each file in turn (the -shm index: the SIGBUS of old): the move is a
    503 with a sentence, the server stays up, the same move goes through once the flag is
    gone, and a restart finds every acknowledged move."""
    path = tmp_path / "imm.sqlite"
    need_chattr(path)
    url, log = f"sqlite:///{path}", tmp_path / "server.log"
    proc, base = start(url, free_port(), 0.0, log)
    files = [path, f"{path}-wal", f"{path}-shm"]
    acked = []
    try:
        st, g = call(base, "POST", "/api/games", {"game": "pocket-race", "players": 2, "seed": 5,
                                                   "options": {"rounds": 20}, "seats": [{"kind": "human"}] * 2})
        assert st == 201
        for f in files + [files]:
            (st, body), a = server_act(base, g, len(acked) % 2)
            assert st == 200, body
            acked.append(a)
            chattr("+i", *(f if isinstance(f, list) else [f]))
            try:
                (st, body), _ = server_act(base, g, len(acked) % 2)
                assert proc.poll() is None, f"the server died ({proc.returncode}) when {f} was made immutable"
                assert (st, body) == (503, {"error": f"{UNWRITABLE}. Nothing was changed; try again.",
                                            "kind": "StorageError"})
                assert call(base, "GET", f"/api/games/{g['id']}")[1]["version"] == len(acked)
            finally:
                chattr("-i", *(f if isinstance(f, list) else [f]))
            (st, body), a = server_act(base, g, len(acked) % 2)  # the flag gone: writes again
            assert st == 200, body
            acked.append(a)
    finally:
        subprocess.run(["chattr", "-i", *map(str, files)], capture_output=True)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)
    assert UNWRITABLE in log.read_text()  # the refusals are in the server's log
    assert stored_actions(url, g["id"]) == acked


@pytest.mark.timeout(120)
@pytest.mark.parametrize("which", ["-shm", "-wal"])
def test_a_log_or_index_cut_short_stops_every_acknowledgement_without_a_crash(tmp_path, which):
    """``truncate`` of the -shm index (its memory map then reaches past its end: SIGBUS) or of
    the -wal log (committed frames gone): refused from then on, the server stays up."""
    path = tmp_path / "cut.sqlite"
    url, log = f"sqlite:///{path}", tmp_path / "server.log"
    proc, base = start(url, free_port(), 0.0, log)
    try:
        st, g = call(base, "POST", "/api/games", {"game": "pocket-race", "players": 2, "seed": 5,
                                                   "options": {"rounds": 20}, "seats": [{"kind": "human"}] * 2})
        acked = []
        for seat in (0, 1, 0):
            (st, body), a = server_act(base, g, seat)
            assert st == 200, body
            acked.append(a)
        os.truncate(f"{path}{which}", 0)
        (st, body), _ = server_act(base, g, 1)
        assert proc.poll() is None, f"the server died ({proc.returncode}) when {which} was cut short"
        assert (st, body) == (503, {"error": LOST_503, "kind": "StorageError"})
        st, body = call(base, "POST", "/api/games", {"game": "pocket-race", "players": 2})
        assert st == 503 and body["error"] == LOST_503
        assert call(base, "GET", f"/api/games/{g['id']}")[1]["version"] == 3  # up, and as it was
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)
    assert f"cut.sqlite{which} was cut short" in log.read_text()
    if which == "-shm":  # the index is rebuilt from the log at the next start: nothing lost
        assert stored_actions(url, g["id"]) == acked


def test_the_database_file_is_never_memory_mapped(tmp_path):
    """Only the -shm index is mapped (SQLite's WAL needs it; the guard watches it): the
    database file itself is read with read(), whatever the build's default, so a damaged file
    is an error rather than a SIGBUS."""
    store = Store(f"sqlite:///{tmp_path / 'm.sqlite'}")
    try:
        assert store.read(lambda s: s.connection().exec_driver_sql("PRAGMA mmap_size").scalar()) == 0
        assert store.guard.anchor.execute("PRAGMA mmap_size").fetchone()[0] == 0
    finally:
        store.close()
