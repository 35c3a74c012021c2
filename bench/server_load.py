"""Load client for the browser-table server: many games played over their sockets.

Creates ``--games`` games of ``--game`` (default Onward to Venus with its default options;
``--game pocket-race`` is the engine's tiny test game, with ``{"rounds": 5000}`` so no game
ends), all seats human, ``--players`` each; opens one WebSocket per seat, and plays them with
random legal moves for ``--seconds``: a seat that holds a table with a decision for it waits
its think time (``--think``: uniformly 0 to that many seconds; 0 = full speed) and sends
``{"type": "act", action, version}``. Sockets ask for moves as updates, as the page does
(``--full-tables``: a whole table after every move), and for permessage-deflate with
``--deflate``, as browsers do.

Measured:

- **action→broadcast**: from sending an act to a socket of that game receiving the table (or
  update) of the new version; one sample per socket of the game (4 per action with 4 seats), so the
  slowest socket of every action counts;
- actions/s (acknowledged acts over the measured time), errors (error messages, failed or
  dropped sockets, acts never answered), and the server's resident memory at the end.

By default the script starts the server itself (``cosmodrome serve --test-games`` on a fresh
SQLite file in a temporary folder, or ``--db URL``) and stops it afterwards; ``--url`` plays
against a server already running (``--server-pid`` then names it for the memory figure).
The client can be split over ``--procs`` processes (each plays a share of the games).

``--postgres`` starts a throwaway PostgreSQL cluster for the run (``cosmodrome.testing.postgres``,
Debian's server binaries as ``make postgres`` installs them, a unix socket only) with
PostgreSQL's durable defaults (``fsync``, ``synchronous_commit``, as a host runs it), serves
from a new database in it, and removes the cluster afterwards.

``--servers N`` (PostgreSQL, ``--db`` or ``--postgres``) starts N server processes on the one database, each on
its own port (docs/SERVER.md, "Many processes"): game k is created through server k mod N,
which owns it, and its sockets connect there (``--spread``: seat s of each game connects to
server s mod N instead, so that most moves are handed to the owner and reach the other
sockets by NOTIFY). The server CPU is then the sum of every server process's, and per move
over all acknowledged moves.

Examples::

    .venv/bin/python bench/server_load.py --games 100 --seconds 30 --deflate
    .venv/bin/python bench/server_load.py --games 100 --think 10 --seconds 60 --deflate
    .venv/bin/python bench/server_load.py --game pocket-race --games 100 --seconds 30
    .venv/bin/python bench/server_load.py --games 100 --seconds 30 --deflate --postgres
    .venv/bin/python bench/server_load.py --games 10 --seconds 10 --db postgresql+psycopg://...
    .venv/bin/python bench/server_load.py --games 40 --seconds 20 --deflate --postgres --servers 2

How a socket proves its seat is :func:`connect`: its first frame is ``{"type": "hello",
"token": ...}``, as the page sends it (tokens never travel in a URL).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from typing import Any, Optional

import websockets

# ----- how a socket authenticates (the one place to change if the protocol does) -------------
DEFLATE = False  # --deflate: ask for permessage-deflate, as browsers do
UPDATES = True  # moves as updates, as the page asks for them (--full-tables: a whole table each)


async def connect(base_ws: str, game_id: str, token: str):
    """Open the socket of the seat holding ``token`` in game ``game_id`` (the hello frame)."""
    ws = await websockets.connect(f"{base_ws}/ws/games/{game_id}", max_size=2 ** 24,
                                  ping_interval=None, compression="deflate" if DEFLATE else None)
    await ws.send(json.dumps({"type": "hello", "token": token, "updates": UPDATES}))
    return ws


# ----- REST ------------------------------------------------------------------------------------
def post(base: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


def create_games(bases: list[str], n: int, game: str, players: int, options: dict[str, Any], seed: int,
                 spread: bool = False) -> list[dict]:
    """Game k made through server k mod N (its owner); its seats' sockets go there too, or
    with ``spread`` seat s's to server s mod N."""
    out = []
    for i in range(n):
        base = bases[i % len(bases)]
        g = post(base, "/api/games", {"game": game, "players": players, "seed": seed + i, "options": options,
                                      "seats": [{"kind": "human"}] * players})
        ws = ["ws" + (bases[s % len(bases)] if spread else base)[len("http"):] for s in range(players)]
        out.append({"id": g["id"], "tokens": [s["token"] for s in g["seats"]], "ws": ws})
    return out


# ----- playing ---------------------------------------------------------------------------------
class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.acks = 0
        self.acks_all = 0  # warm-up included (for the server's CPU time per move)
        self.errors = 0
        self.error_texts: dict[str, int] = {}

    def error(self, text: str) -> None:
        self.errors += 1
        self.error_texts[text[:80]] = self.error_texts.get(text[:80], 0) + 1


async def play_game(g: dict, think: float, end: float, measure_from: float, stats: Stats,
                    rng: random.Random) -> None:
    sent: dict[int, float] = {}  # version acted on → when the act was sent
    try:
        socks = [await connect(ws, g["id"], tok) for ws, tok in zip(g["ws"], g["tokens"])]
    except Exception as exc:
        stats.error(f"connect: {type(exc).__name__}")
        return

    async def seat_loop(seat: int, ws) -> None:
        pending: Optional[asyncio.Task] = None
        held: dict[str, Any] = {}  # what this socket knows of the table: version, status, decision
        try:
            async for raw in ws:
                msg = json.loads(raw)
                kind = msg.get("type")
                now = time.perf_counter()
                if kind == "update":
                    if msg["from"] != held.get("version"):
                        stats.error(f"update from version {msg['from']} on version {held.get('version')}")
                    held.update((k, msg[k]) for k in ("version", "status", "decision") if k in msg)
                    msg, kind = held, "table"
                elif kind == "table":
                    held = {k: msg[k] for k in ("version", "status", "decision")}
                if kind == "table":
                    v = msg["version"]
                    t0 = sent.get(v - 1)
                    if t0 is not None and t0 >= measure_from:
                        stats.latencies.append(now - t0)
                    if now >= end or msg["status"] != "running":
                        if msg["status"] != "running" or now >= end:
                            break
                    d = msg.get("decision")
                    if d is not None and d["seat"] == seat:
                        opts = d["options"]
                        action = rng.choice(opts)["action"]
                        if pending is not None:
                            pending.cancel()
                        pending = asyncio.create_task(act_later(ws, v, action))
                elif kind == "ack":
                    stats.acks_all += 1
                    if time.perf_counter() >= measure_from:
                        stats.acks += 1
                elif kind == "error":
                    stats.error(f"error {msg.get('status')}: {msg.get('error')}")
                elif kind == "notice":
                    stats.error(f"notice: {msg.get('text')}")
        except websockets.ConnectionClosed as exc:
            if time.perf_counter() < end:
                stats.error(f"socket closed: {exc}")
        finally:
            if pending is not None:
                pending.cancel()

    async def act_later(ws, version: int, action: int) -> None:
        if think > 0:
            await asyncio.sleep(rng.uniform(0, think))
        sent[version] = time.perf_counter()
        await ws.send(json.dumps({"type": "act", "action": action, "version": version}))

    try:
        # the first seat to see the end (or the game's end) stops the game's other seats too:
        # they may be waiting for a move that the seat to move, having stopped, will not make
        seats = [asyncio.create_task(seat_loop(i, ws)) for i, ws in enumerate(socks)]
        await asyncio.wait(seats, return_when=asyncio.FIRST_COMPLETED)
        for t in seats:
            t.cancel()
        await asyncio.gather(*seats, return_exceptions=True)
    finally:
        for ws in socks:
            await ws.close()


async def play(games: list[dict], think: float, seconds: float, warmup: float,
               seed: int) -> dict[str, Any]:
    stats = Stats()
    start = time.perf_counter()
    measure_from = start + warmup
    end = measure_from + seconds
    rng = random.Random(seed)
    tasks = [asyncio.create_task(play_game(g, think, end, measure_from, stats,
                                           random.Random(rng.random()))) for g in games]
    done, stuck = await asyncio.wait(tasks, timeout=warmup + seconds + 30)
    for t in stuck:  # a game whose sockets never saw the end (an answer that never came)
        t.cancel()
        stats.error("a game's sockets waited past the end for an answer")
    return {"latencies": stats.latencies, "acks": stats.acks, "acks_all": stats.acks_all, "errors": stats.errors,
            "error_texts": stats.error_texts, "measured": max(1e-9, min(time.perf_counter(), end) - measure_from)}


def play_share(args: tuple) -> dict[str, Any]:
    global DEFLATE, UPDATES
    games, think, seconds, warmup, seed, DEFLATE, UPDATES = args
    try:
        import uvloop
        uvloop.install()
    except ImportError:  # pragma: no cover
        pass
    return asyncio.run(play(games, think, seconds, warmup, seed))


# ----- the server ------------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(db: str, port: int, log_path: str, extra: list[str]) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, "-m", "cosmodrome.cli.main", "serve", "--host", "127.0.0.1",
                             "--port", str(port), "--db", db, "--test-games",
                             "--create-limit", "0/1",  # the load client creates every game from one address
                             # ...and opens every socket from it, at full speed
                             "--max-connections-per-address", "0", "--max-sockets-per-address", "0",
                             "--socket-messages", "0",
                             *extra],
                            stdout=open(log_path, "ab"), stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    deadline = time.time() + 60
    while time.time() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"the server exited:\n{open(log_path).read()}")
        try:
            with urllib.request.urlopen(base + "/api/game-types", timeout=2):
                return proc
        except OSError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("the server did not start")


def rss_mib(pid: int) -> Optional[float]:
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def cpu_seconds(pid: int) -> Optional[float]:
    """User + system CPU time of process ``pid`` and its threads so far."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return None


def _cpu(pids: list[int]) -> Optional[float]:
    """The CPU seconds of every process in ``pids`` together (None: not known)."""
    got = [cpu_seconds(p) for p in pids]
    return sum(got) if got and None not in got else None


def pct(xs: list[float], p: float) -> float:
    if not xs:
        return float("nan")
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def main(argv: Optional[list[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--game", default="venus", help="the game (default: Onward to Venus; pocket-race is a test game)")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--options", default=None,
                    help="the game's options (JSON; default {} , and {\"rounds\": 5000} for pocket-race)")
    ap.add_argument("--think", type=float, default=0.0, help="think time: uniform 0..THINK seconds (0: full speed)")
    ap.add_argument("--seconds", type=float, default=30.0, help="measured time")
    ap.add_argument("--warmup", type=float, default=3.0, help="seconds played before measuring")
    ap.add_argument("--procs", type=int, default=1, help="client processes")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--deflate", action="store_true",
                    help="sockets ask for permessage-deflate compression (browsers do; default: off)")
    ap.add_argument("--full-tables", action="store_true",
                    help="sockets ask for a whole table after every move (default: updates, as the page)")
    ap.add_argument("--url", default=None, help="a running server (default: start one)")
    ap.add_argument("--server-pid", type=int, default=None)
    ap.add_argument("--db", default=None, help="database URL for the started server (default: a new SQLite file)")
    ap.add_argument("--postgres", action="store_true",
                    help="serve from a throwaway PostgreSQL cluster started for the run (fsync on)")
    ap.add_argument("--server-arg", action="append", default=[], help="extra argument for `cosmodrome serve`")
    ap.add_argument("--servers", type=int, default=1,
                    help="server processes on the one database (PostgreSQL, --db), each on its own port")
    ap.add_argument("--spread", action="store_true",
                    help="with --servers: seat s of every game connects to server s mod N (not the game's owner)")
    args = ap.parse_args(argv)
    if args.postgres and (args.db or args.url):
        ap.error("--postgres starts its own database: leave out --db and --url")
    if args.servers > 1 and not (args.postgres or (args.db or "").startswith("postgresql")):
        ap.error("--servers above 1 needs a PostgreSQL database (--postgres, or --db postgresql+psycopg://...)")
    with contextlib.ExitStack() as stack:
        if args.postgres:
            from cosmodrome.testing.postgres import ClusterError, throwaway_cluster
            try:
                args.db = stack.enter_context(throwaway_cluster(durable=True)).create_database("bench")
            except ClusterError as exc:
                ap.error(str(exc))
        return _run(args)


def _run(args: argparse.Namespace) -> int:
    tmp = tempfile.mkdtemp(prefix="cosmo-load-")
    procs: list[subprocess.Popen] = []
    if args.url:
        bases, pids = [args.url.rstrip("/")], [args.server_pid] if args.server_pid else []
    else:
        db = args.db or f"sqlite:///{os.path.join(tmp, 'load.sqlite')}"
        ports = [free_port() for _ in range(args.servers)]
        for k, port in enumerate(ports):
            procs.append(start_server(db, port, os.path.join(tmp, f"server{k}.log"), args.server_arg))
        bases, pids = [f"http://127.0.0.1:{port}" for port in ports], [p.pid for p in procs]
    try:
        options = args.options if args.options is not None else (
            '{"rounds": 5000}' if args.game == "pocket-race" else "{}")
        games = create_games(bases, args.games, args.game, args.players, json.loads(options), args.seed, args.spread)
        shares = [games[i::args.procs] for i in range(args.procs)]
        jobs = [(share, args.think, args.seconds, args.warmup, args.seed + i, args.deflate, not args.full_tables)
                for i, share in enumerate(shares) if share]
        cpu0, wall0, own0 = _cpu(pids), time.perf_counter(), os.times()
        if len(jobs) == 1:
            results = [play_share(jobs[0])]
        else:
            with multiprocessing.get_context("spawn").Pool(len(jobs)) as pool:
                results = pool.map(play_share, jobs)
        rss = sum(rss_mib(p) or 0 for p in pids) if pids else None
        cpu1, wall, own1 = _cpu(pids), time.perf_counter() - wall0, os.times()
        server_cpu = (cpu1 - cpu0) / wall if cpu0 is not None and cpu1 is not None else None
        client_cpu = (own1.user + own1.system + own1.children_user + own1.children_system
                      - own0.user - own0.system - own0.children_user - own0.children_system) / wall
    finally:
        for proc in procs:
            proc.send_signal(signal.SIGINT)
        for proc in procs:
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                proc.kill()
    lat = [x for r in results for x in r["latencies"]]
    acks = sum(r["acks"] for r in results)
    errors = sum(r["errors"] for r in results)
    measured = max(r["measured"] for r in results)
    texts: dict[str, int] = {}
    for r in results:
        for k, v in r["error_texts"].items():
            texts[k] = texts.get(k, 0) + v
    label = f"{args.game} (a test game)" if args.game == "pocket-race" else args.game
    print(f"{label}: games {args.games} x {args.players} sockets, think 0..{args.think:g} s, "
          f"{measured:.1f} s measured, "
          f"{args.procs} client process(es){', deflate' if args.deflate else ''}"
          f"{', full tables' if args.full_tables else ', updates'}"
          + (f", {len(bases)} server processes{' (sockets spread)' if args.spread else ''}" if len(bases) > 1 else ""))
    print(f"actions/s {acks / measured:,.0f}  ({acks} acknowledged)")
    if lat:
        print(f"action->broadcast ms: p50 {pct(lat, 50) * 1000:.1f}  p95 {pct(lat, 95) * 1000:.1f}  "
              f"p99 {pct(lat, 99) * 1000:.1f}  max {max(lat) * 1000:.1f}  (n={len(lat)}, "
              f"mean {statistics.fmean(lat) * 1000:.1f})")
    print(f"errors {errors}" + "".join(f"\n  {n} x {t}" for t, n in sorted(texts.items(), key=lambda kv: -kv[1])))
    if rss is not None:
        print(f"server RSS {rss:.0f} MiB" + (" (all servers)" if len(pids) > 1 else ""))
    if server_cpu is not None:
        all_acks = sum(r["acks_all"] for r in results)
        per = server_cpu * wall / all_acks * 1e6 if all_acks else float("nan")
        print(f"CPU while playing: server{'s (sum)' if len(pids) > 1 else ''} {server_cpu:.0%} of a core "
              f"({per:.0f} us a move), "
              f"load client {client_cpu:.0%}")
    print(f"load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")
    return 0 if errors == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
