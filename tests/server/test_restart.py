"""A game in progress survives killing the server process (SIGKILL) and starting it again:
nothing acknowledged is lost, and the bots resume."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest
import websockets
from server_helpers import play_seat, stop


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def call(base, method, path, body=None, token=None):
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"} if data else {}
    if token:
        headers["X-Cosmodrome-Token"] = token  # a seat token never goes in a URL
    req = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def running(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    out = []
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open(f"/proc/{d}/stat") as f:
                    if int(f.read().rsplit(")", 1)[1].split()[1]) == pid:
                        out.append(int(d))
            except (FileNotFoundError, ProcessLookupError, IndexError, ValueError):
                continue
    return out


def start(db_url, port, bot_delay, log_path, *extra):
    proc = subprocess.Popen(
        [sys.executable, "-m", "cosmodrome.cli.main", "serve", "--host", "127.0.0.1", "--port", str(port),
         "--db", db_url, "--test-games", "--bot-delay", str(bot_delay), *extra],
        stdout=open(log_path, "ab"), stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    end = time.time() + 60  # a loaded machine may take that long to import and bind
    while time.time() < end:
        if proc.poll() is not None:
            raise AssertionError(f"the server exited: {open(log_path).read()}")
        try:
            if call(base, "GET", "/api/game-types")[0] == 200:
                return proc, base
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise AssertionError("the server did not start")


def stored_actions(db_url, game_id):
    """The actions stored for ``game_id`` in the server's database (a running game's record is
    sealed to clients)."""
    from cosmodrome.server.storage import Store
    store = Store(db_url)
    try:
        return [a.action for a in store.actions(game_id)]
    finally:
        store.close()


@pytest.mark.timeout(90)
def games_to_kill_during(base, db_url):
    """On a running server: a game between two humans with five acknowledged actions, and a
    long bot game that has made at least three moves and keeps moving. Returns (the human
    game, its acknowledged actions, the bot game, the bot game's actions seen so far)."""
    st, g = call(base, "POST", "/api/games", {"game": "pocket-race", "players": 2, "seed": 21, "options": {"rounds": 6},
                                              "seats": [{"kind": "human"}, {"kind": "human"}]})
    assert st == 201
    acked = []
    for i in range(5):
        tok = g["seats"][i % 2]["token"]
        st, v = call(base, "GET", f"/api/games/{g['id']}/view", token=tok)
        a = v["decision"]["options"][-1]["action"]
        st, res = call(base, "POST", f"/api/games/{g['id']}/act", {"token": tok, "action": a, "version": v["version"]})
        assert st == 200, res
        acked.append(a)
    st, b = call(base, "POST", "/api/games", {"game": "pocket-race", "players": 2, "seed": 3,
                                              "options": {"rounds": 400},
                                              "seats": [{"kind": "bot", "bot": "random"}] * 2})
    assert st == 201
    end = time.time() + 20
    while time.time() < end:
        seen_b = stored_actions(db_url, b["id"])
        if len(seen_b) >= 3:
            break
        time.sleep(0.1)
    assert len(seen_b) >= 3
    return g, acked, b, seen_b


def test_killed_server_loses_no_acknowledged_action(tmp_path):
    db_url = f"sqlite:///{tmp_path / 'restart.sqlite'}"
    proc, base = start(db_url, free_port(), bot_delay=0.05, log_path=tmp_path / 'server.log')
    try:
        g, acked, b, seen_b = games_to_kill_during(base, db_url)
        workers = children(proc.pid)
        assert workers, "the bots think in worker processes of the server"
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)
    # a killed server leaves no bot worker behind (each watches its parent)
    end = time.time() + 10
    while time.time() < end and any(running(p) for p in workers):
        time.sleep(0.1)
    assert not any(running(p) for p in workers)

    proc, base = start(db_url, free_port(), bot_delay=0.0, log_path=tmp_path / 'server.log')
    try:
        assert stored_actions(db_url, g["id"]) == acked
        st, v = call(base, "GET", f"/api/games/{g['id']}/view", token=g["seats"][1]["token"])
        assert v["version"] == 5 and v["decision"]["seat"] == 1  # resumed exactly where it was
        # the bot game kept every move seen before the kill, and its bots resumed
        end = time.time() + 30
        while time.time() < end:
            rec2 = stored_actions(db_url, b["id"])
            if len(rec2) > len(seen_b) + 5:
                break
            time.sleep(0.1)
        assert rec2[:len(seen_b)] == seen_b and len(rec2) > len(seen_b) + 5
        # and the humans can go on playing
        tok = g["seats"][1]["token"]
        a = v["decision"]["options"][0]["action"]
        st, res = call(base, "POST", f"/api/games/{g['id']}/act", {"token": tok, "action": a, "version": 5})
        assert st == 200 and res["version"] == 6
    finally:
        stop(proc)

def play_over_sockets_until_killed(base, games, proc, kill_after=1.5, least_acked=12 * 6, most_wait=30.0):
    """Play ``games`` (each {"id", "tokens"}) at full speed over one socket per seat, and
    kill the server (SIGKILL) while moves are in flight: after ``kill_after`` seconds once
    ``least_acked`` moves in all were acknowledged (so a loaded machine still kills it under
    load), or after ``most_wait`` seconds. Returns, per game, the acknowledged moves
    {index: action}."""
    acked = {g["id"]: {} for g in games}
    ws_base = "ws" + base[len("http"):]

    async def seat(g, i, tok):
        try:
            async with websockets.connect(f"{ws_base}/ws/games/{g['id']}", ping_interval=None) as ws:
                await play_seat(ws, tok, i, acked[g["id"]])
        except (websockets.ConnectionClosed, OSError):
            pass  # the server was killed

    async def main():
        tasks = [asyncio.create_task(seat(g, i, t)) for g in games for i, t in enumerate(g["tokens"])]
        await asyncio.sleep(kill_after)
        end = time.monotonic() + most_wait
        while sum(len(a) for a in acked.values()) < least_acked and time.monotonic() < end:
            await asyncio.sleep(0.05)
        os.kill(proc.pid, signal.SIGKILL)
        await asyncio.wait_for(asyncio.gather(*tasks), 20)

    asyncio.run(main())
    proc.wait(10)
    return acked


def kill_under_load_and_check(db_url, log_path):
    """Twelve games played at full speed over their sockets (group commits of several games'
    moves at once) when the server is killed: after a restart every acknowledged move is
    stored at its place, and at most the one move per game that was being stored (never
    acknowledged) is there beyond them."""
    proc, base = start(db_url, free_port(), bot_delay=0.0, log_path=log_path)
    games = []
    try:
        for k in range(12):
            st, g = call(base, "POST", "/api/games", {"game": "pocket-race", "players": 2, "seed": k,
                                                       "options": {"rounds": 5000},
                                                       "seats": [{"kind": "human"}, {"kind": "human"}]})
            assert st == 201
            games.append({"id": g["id"], "tokens": [s["token"] for s in g["seats"]]})
        acked = play_over_sockets_until_killed(base, games, proc)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert sum(len(a) for a in acked.values()) > 12 * 5  # it was under load when killed
    proc, base = start(db_url, free_port(), bot_delay=0.0, log_path=log_path)
    try:
        for g in games:
            stored = stored_actions(db_url, g["id"])  # a running game's record is sealed to clients
            mine = acked[g["id"]]
            assert sorted(mine) == list(range(len(mine)))  # acknowledged in order, none skipped
            assert stored[:len(mine)] == [mine[i] for i in range(len(mine))]
            assert len(mine) <= len(stored) <= len(mine) + 1
            st, info = call(base, "GET", f"/api/games/{g['id']}")
            assert info["version"] == len(stored)
    finally:
        stop(proc)


@pytest.mark.timeout(120)
def test_killed_under_load_the_server_loses_no_acknowledged_action(tmp_path):
    kill_under_load_and_check(f"sqlite:///{tmp_path / 'load.sqlite'}", tmp_path / "server.log")
