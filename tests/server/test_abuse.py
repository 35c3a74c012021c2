"""Load and abuse against a real ``cosmodrome serve`` on loopback (docs/SERVER.md, "Security"):
a client flooding its socket with frames that cost a full table cannot stall the event loop
for the others; one address cannot hold unbounded connections or keep connections open by
sending its request's headers slowly; a game of quick bots is not held up by games of slow
bots for more than one slow decision."""

from __future__ import annotations

import http.client
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from test_hosting import Server, call

HERE = Path(__file__).resolve().parent


class WatchedServer(Server):
    """A real server with :mod:`loop_watch` in it: ``stalls(since)`` are the CPU seconds of
    the stretches its event loop ran without coming back to the watch, from ``since`` on."""

    def __init__(self, tmp_path: Path, *args: str) -> None:
        self.watch = tmp_path / f"loopwatch-{time.monotonic_ns()}.jsonl"
        self.watch.write_text("")
        saved = dict(os.environ)
        os.environ.update(COSMO_LOOPWATCH=str(self.watch), COSMO_LOOPWATCH_SERVER="1",
                          PYTHONPATH=os.pathsep.join(p for p in (os.environ.get("PYTHONPATH"), str(HERE)) if p))
        try:
            super().__init__(tmp_path, "--bot-module", "loop_watch", *args)
        finally:
            os.environ.clear()
            os.environ.update(saved)
        end = time.time() + 20
        while not self.watching():
            if time.time() > end:
                raise AssertionError("the loop watch did not start in the server")
            time.sleep(0.05)

    def watching(self) -> bool:
        return "started" in self.watch.read_text()

    def stalls(self, since: float) -> list[float]:
        out = []
        for line in self.watch.read_text().splitlines():
            d = json.loads(line)
            if "cpu" in d and d["at"] >= since:
                out.append(d["cpu"])
        return out


VENUS_PAIR = {"game": "venus", "players": 2, "seed": 11, "seats": [{"kind": "human"}, {"kind": "human"}]}


def latencies_while(server: Server, path: str, busy: threading.Event, least: int = 40) -> list[float]:
    """The seconds each of a series of simple GETs of ``path`` took while ``busy`` is set (at
    least ``least`` of them), on one kept-alive connection."""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    out: list[float] = []
    try:
        while busy.is_set() or len(out) < least:
            t0 = time.perf_counter()
            conn.request("GET", path)
            r = conn.getresponse()
            r.read()
            assert r.status == 200
            out.append(time.perf_counter() - t0)
            time.sleep(0.005)
    finally:
        conn.close()
    return out


FLOODER = """
import json, sys, time
from websockets.sync.client import connect
port, game_id, token, frame, n = sys.argv[1:6]
sent, closed = 0, None
with connect(f"ws://127.0.0.1:{port}/ws/games/{game_id}", origin=f"http://127.0.0.1:{port}",
             open_timeout=10, close_timeout=1, max_size=None) as ws:
    ws.send(json.dumps({"type": "hello", "token": token}))
    try:
        for _ in range(int(n)):
            ws.send(frame)
            sent += 1
    except Exception as exc:  # the server closed the socket: a fine answer too
        closed = type(exc).__name__
    seen = {}  # what came back, once everything was sent: kinds of messages, the close code
    end = time.time() + 10
    try:
        while time.time() < end:
            m = json.loads(ws.recv(timeout=max(0.1, end - time.time())))
            key = m["type"] if m["type"] != "error" else f"error {m['status']}"
            seen[key] = seen.get(key, 0) + 1
    except Exception as exc:
        closed = closed or type(exc).__name__
    code = ws.close_code
print(json.dumps({"sent": sent, "closed": closed, "code": code, "seen": seen}))
"""


def flood(server: Server, game_id: str, token: str, frame: str, n: int, done: threading.Event, report: dict) -> None:
    """Another process opens a seat's socket and sends ``n`` copies of ``frame`` as fast as the
    connection takes them, never reading what comes back (as an attacker would)."""
    try:
        out = subprocess.run([sys.executable, "-c", FLOODER, str(server.port), game_id, token, frame, str(n)],
                             capture_output=True, text=True, timeout=90)
        report.update(json.loads(out.stdout.strip().splitlines()[-1]) if out.stdout.strip() else {"err": out.stderr})
    finally:
        done.clear()


@pytest.mark.timeout(120)
@pytest.mark.parametrize("frame", ['{"type": "resync"}', '{"type": "act", "action": 0, "version": 12345}',
                                   '{"type": "undo"}', '{"type": "back"}', '{"type": "ping"}'])
def test_a_socket_flood_does_not_stall_the_others(tmp_path, frame):
    """One seat of a Venus game sends 20,000 frames as fast as it can; a resync (or a stale
    action, answered with the table again, or an undo or a seat taken back, which send every
    socket the table) costs a whole table. The server's event loop never runs 200 ms of work
    without coming back to the others (measured in CPU time of its thread, so that a busy
    machine does not count; the longest stretch is 30-60 ms on an idle 2-core machine and
    about 100 ms on one running the rest of the suite beside it, where answering the flood
    frame by frame would hold the loop for seconds), and another client's simple requests go
    on being answered."""
    s = WatchedServer(tmp_path)
    try:
        st, g = call(s.base, "POST", "/api/games", VENUS_PAIR)
        assert st == 201, g
        busy = threading.Event()
        busy.set()
        report: dict = {}
        since = time.time()
        t = threading.Thread(target=flood, args=(s, g["id"], g["seats"][0]["token"], frame, 20000, busy, report))
        t.start()
        times = latencies_while(s, f"/api/games/{g['id']}", busy)
        t.join(30)
        stalls = s.stalls(since)
        print(frame, report, f"{len(times)} requests, slowest {max(times) * 1000:.0f} ms; "
              f"loop stalls {len(stalls)}, longest {max(stalls, default=0) * 1000:.0f} ms CPU")
        assert "sent" in report, report
        # the flood was cut short: the socket closed for sending too fast, its whole tables refused
        assert (report["code"] == 1008 and report["seen"].get("error 429")
                and report["seen"].get("table", 0) <= 6), report
        assert max(stalls, default=0) < 0.2, sorted(stalls)[-5:]
        # the flooding seat's game is unharmed and the server answers as before
        assert call(s.base, "GET", f"/api/games/{g['id']}")[0] == 200
    finally:
        s.stop()


# ----- connections ---------------------------------------------------------------------------
def _read_all(sock, timeout: float) -> tuple[bytes, float]:
    """What the server sends on ``sock`` until it closes it (or ``timeout``), and when it closed
    (seconds from now; None if it did not)."""
    t0 = time.monotonic()
    sock.settimeout(0.2)
    got = b""
    while time.monotonic() - t0 < timeout:
        try:
            chunk = sock.recv(4096)
        except TimeoutError:
            continue
        except OSError:
            return got, time.monotonic() - t0
        if not chunk:
            return got, time.monotonic() - t0
        got += chunk
    return got, None


def upgrade(server: Server, game_id: str):
    """A raw connection upgraded to a game's WebSocket: (the socket, the server's answer head)."""
    import base64
    import os as os_
    import socket as sockets
    sock = sockets.create_connection(("127.0.0.1", server.port), timeout=5)
    key = base64.b64encode(os_.urandom(16)).decode()
    sock.sendall((f"GET /ws/games/{game_id} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nUpgrade: websocket\r\n"
                  f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                  f"Origin: {server.base}\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = sock.recv(4096)
        if not chunk:
            break
        head += chunk
    return sock, head


@pytest.mark.timeout(120)
def test_one_address_cannot_hold_unbounded_or_idle_connections(tmp_path):
    """At most --max-connections-per-address connections from one address (the next is
    answered 429 and closed), and a connection that has not sent its request's headers within
    --header-timeout seconds is closed (408), so neither a crowd of idle connections nor one
    sending its headers a byte at a time holds the server's connections; headers past
    --max-header-bytes are refused (431), and a body must come in full within --body-timeout
    (408)."""
    import socket as sockets
    s = Server(tmp_path, "--max-connections-per-address", "12", "--header-timeout", "2", "--max-header-bytes", "32768",
               "--body-timeout", "1")
    held = []
    try:
        for _ in range(12):
            held.append(sockets.create_connection(("127.0.0.1", s.port), timeout=5))
        time.sleep(0.3)
        extra = sockets.create_connection(("127.0.0.1", s.port), timeout=5)
        extra.sendall(b"GET /api/game-types HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        got, closed = _read_all(extra, 5)
        extra.close()
        assert got.startswith(b"HTTP/1.1 429") and closed is not None, got[:200]
        # the idle ones are closed after the header timeout (2 s), with a 408
        t0 = time.monotonic()
        answers = [_read_all(c, 15) for c in held]
        assert all(a.startswith(b"HTTP/1.1 408") and when is not None for a, when in answers), answers[:2]
        assert time.monotonic() - t0 < 12
        for c in held:
            c.close()
        held.clear()
        time.sleep(0.3)
        # a request sending its headers a byte every 0.3 s is cut off at 2 s, not served
        slow = sockets.create_connection(("127.0.0.1", s.port), timeout=5)
        held.append(slow)
        head = b"GET /api/game-types HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Pad: " + b"a" * 60 + b"\r\n\r\n"
        t0, cut = time.monotonic(), False
        for i in range(len(head)):
            try:
                slow.sendall(head[i:i + 1])
            except OSError:
                cut = True
                break
            time.sleep(0.3)
            if time.monotonic() - t0 > 8:
                break
        got, _ = _read_all(slow, 2)
        assert (cut or got.startswith(b"HTTP/1.1 408")) and b"200 OK" not in got, got[:200]
        assert time.monotonic() - t0 < 8
        # the places are free again; a kept-alive connection whose next request is slow is cut too
        ok = sockets.create_connection(("127.0.0.1", s.port), timeout=5)
        held.append(ok)
        ok.sendall(b"GET /api/game-types HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        first = b""
        while b"\r\n\r\n" not in first:
            first += ok.recv(65536)
        assert first.startswith(b"HTTP/1.1 200")
        ok.sendall(b"GET /api/game-types HTTP/1.1\r\n")
        time.sleep(0.2)
        got, when = _read_all(ok, 10)
        assert b"408" in got and when is not None, got[-200:]
        # a body that does not come in full within --body-timeout is a 408, nothing done
        body = sockets.create_connection(("127.0.0.1", s.port), timeout=5)
        held.append(body)
        body.sendall(b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 100\r\n\r\n{\"game\": ")
        got, when = _read_all(body, 4)
        assert got.startswith(b"HTTP/1.1 408") and b"within 1 s" in got and when is not None, got[:300]
        # request headers past --max-header-bytes are refused (uvicorn would buffer any size)
        big = sockets.create_connection(("127.0.0.1", s.port), timeout=5)
        held.append(big)
        big.sendall(b"GET /api/game-types HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ")
        try:
            for _ in range(100):
                big.sendall(b"a" * 100_000)
        except OSError:
            pass
        got, when = _read_all(big, 10)
        assert got.startswith(b"HTTP/1.1 431") and when is not None, got[:200]
        assert call(s.base, "GET", "/api/game-types", headers={"X-Fine": "a" * 20000})[0] == 200
        # WebSockets count as connections while open, and leave the count when they close
        for c in held:
            c.close()
        held.clear()
        time.sleep(0.3)
        g = call(s.base, "POST", "/api/games", {"game": "pocket-race", "players": 2})[1]
        socks = [upgrade(s, g["id"]) for _ in range(12)]
        assert all(head.startswith(b"HTTP/1.1 101") for _, head in socks), [h for _, h in socks]
        time.sleep(2.5)  # past the header timeout: an upgraded connection is not cut by it
        refused = upgrade(s, g["id"])[1]
        assert refused.startswith(b"HTTP/1.1 429"), refused
        for w, _ in socks:
            w.close()
        time.sleep(0.5)
        assert call(s.base, "GET", "/api/game-types")[0] == 200
    finally:
        for c in held:
            c.close()
        s.stop()


def test_the_header_cap_holds_when_a_whole_request_comes_in_one_read(tmp_path):
    """--max-header-bytes is the cap whatever the reads: a request whose headers pass it is a
    431 even when it arrives at once (it was let through up to about twice the cap), while
    headers under the cap are served."""
    import socket as sockets
    s = Server(tmp_path, "--max-header-bytes", "32768")
    try:
        def ask(pad: int) -> bytes:
            with sockets.create_connection(("127.0.0.1", s.port), timeout=5) as c:
                c.sendall(b"GET /api/game-types HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Pad: " + b"a" * pad
                          + b"\r\nConnection: close\r\n\r\n")
                return _read_all(c, 10)[0]
        for pad in (40_000, 60_000):
            got = ask(pad)
            assert got.startswith(b"HTTP/1.1 431") and b"32768 bytes at most" in got, got[:200]
        assert ask(30_000).startswith(b"HTTP/1.1 200")
    finally:
        s.stop()
