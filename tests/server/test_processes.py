"""Several server processes on one PostgreSQL database (docs/SERVER.md, "Many processes"):
real ``cosmodrome serve`` processes on the throwaway cluster of test_postgres.py.

- a move made through one process reaches a socket held by the other (each seat its own
  view), and a write sent to the process that does not own the game is applied once, by
  the owner, with the owner's answers and errors;
- bots and clocks of a game run in one process only;
- kill -9 of the owner under load: the other takes its games over within 5 s, every
  acknowledged move is stored, and play goes on (sockets reconnect to the live process)."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import time

import pytest
import websockets
from server_helpers import play_seat, stop, token, view, wait_for
from test_postgres import PG_PORT, pg, pg_url  # noqa: F401  (the throwaway cluster and a database of it)
from test_restart import call, free_port, start, stored_actions

from cosmodrome.server.storage import Store


def two_servers(url, log_path, *extra, bot_delay=0.0):
    a = start(url, free_port(), bot_delay, log_path, *extra)
    try:
        b = start(url, free_port(), bot_delay, log_path, *extra)
    except BaseException:
        stop(a[0])
        raise
    return a, b


def leases(url):
    """{game id: owner} of the lease table."""
    store = Store(url)
    try:
        with store.engine.connect() as conn:
            return dict(conn.exec_driver_sql("SELECT game_id, owner FROM game_leases").all())
    finally:
        store.close()


def live_leases(url):
    """{game id: (owner, seconds its lease has left by the database's clock)}."""
    store = Store(url)
    try:
        with store.engine.connect() as conn:
            rows = conn.exec_driver_sql("SELECT game_id, owner, expires - extract(epoch from clock_timestamp()) "
                                        "FROM game_leases").all()
            return {g: (o, float(left)) for g, o, left in rows}
    finally:
        store.close()


def new_game(base, seed=5, seats=("human", "human"), rounds=50, **extra):
    body = {"game": "pocket-race", "players": len(seats), "seed": seed, "options": {"rounds": rounds},
            "seats": [{"kind": "human"} if s == "human" else {"kind": "bot", "bot": s} for s in seats], **extra}
    st, g = call(base, "POST", "/api/games", body)
    assert st == 201, g
    return g


def ws_url(base, game_id):
    return "ws" + base[len("http"):] + f"/ws/games/{game_id}"


async def next_table(ws, version, timeout=5.0):
    """The first table message of ``version`` or later on ``ws``."""
    end = time.monotonic() + timeout
    while True:
        m = json.loads(await asyncio.wait_for(ws.recv(), max(0.01, end - time.monotonic())))
        if m["type"] == "table" and m["version"] >= version:
            return m


@pytest.mark.timeout(60)
def test_a_move_through_one_process_reaches_a_socket_on_the_other_and_writes_go_to_the_owner(pg, pg_url,  # noqa: F811
                                                                                             tmp_path):
    import psycopg
    listener = psycopg.connect(host=pg.root, port=PG_PORT, user="postgres", dbname=pg_url.split("@/")[1].split("?")[0],
                               autocommit=True)
    listener.execute("LISTEN cosmodrome")  # what any role allowed to listen would read
    (pa, a), (pb, b) = two_servers(pg_url, tmp_path / "server.log")
    try:
        g = new_game(a)
        gid, tok = g["id"], [s["token"] for s in g["seats"]]
        owners = leases(pg_url)
        assert set(owners) == {gid}  # the creating process owns the game

        async def main():
            # seat 1 watches on process B, a spectator on B too; seat 0 plays through A
            async with websockets.connect(ws_url(b, gid)) as ws1, websockets.connect(ws_url(b, gid)) as spec:
                await ws1.send(json.dumps({"type": "hello", "token": tok[1]}))
                await spec.send(json.dumps({"type": "hello", "token": None}))
                first = await next_table(ws1, 0)
                await next_table(spec, 0)
                assert first["seat"] == 1 and first["decision"] is None
                delays = []
                for version in range(0, 6, 2):
                    st, v = call(a, "GET", f"/api/games/{gid}/view", token=tok[0])
                    act = v["decision"]["options"][-1]["action"]
                    sent = time.perf_counter()
                    st, res = await asyncio.to_thread(call, a, "POST", f"/api/games/{gid}/act",
                                                      {"action": act, "version": version}, tok[0])
                    assert st == 200, res
                    seen = await next_table(ws1, version + 1)
                    delays.append(time.perf_counter() - sent)
                    # each seat its own view: B's socket of seat 1 shows what A shows seat 1
                    st, mine = call(a, "GET", f"/api/games/{gid}/view", token=tok[1])
                    assert seen["view"] == mine["view"] and seen["decision"] == mine["decision"]
                    watched = await next_table(spec, version + 1)
                    st, spectator = call(a, "GET", f"/api/games/{gid}/view")
                    assert watched["view"] == spectator["view"] and watched["decision"] is None
                    # seat 1 answers over its socket on B, which does not own the game: handed to A
                    pick = seen["decision"]["options"][0]["action"]
                    await ws1.send(json.dumps({"type": "act", "action": pick, "version": version + 1}))
                    while (m := json.loads(await asyncio.wait_for(ws1.recv(), 5)))["type"] != "ack":
                        assert m["type"] == "table", m
                    assert m["ok"] and m["version"] == version + 2 and m["index"] == version + 1
                # an error of the owner comes back as it is: a stale version, over B's REST API
                st, err = call(b, "POST", f"/api/games/{gid}/act", {"action": pick, "version": 1}, tok[1])
                assert st == 409 and "moved on" in err["error"], err
                # ... in the asker's language: B's reader asks in Hungarian, A answers in it
                st, err_hu = call(b, "POST", f"/api/games/{gid}/act?lang=hu", {"action": pick, "version": 1}, tok[1])
                st_a, err_a = call(a, "POST", f"/api/games/{gid}/act?lang=hu", {"action": pick, "version": 1}, tok[1])
                assert st == st_a == 409 and err_hu["error"] == err_a["error"] != err["error"], (err_hu, err_a)
                # a chat line written through B is stored once and reaches A's sockets' readers
                st, said = call(b, "POST", f"/api/games/{gid}/chat", {"text": "hello from B"}, tok[1])
                assert st == 200 and said["line"]["text"] == "hello from B"
                return delays

        delays = asyncio.run(main())
        print(f"move via A -> socket on B: {', '.join(f'{d * 1000:.1f} ms' for d in delays)}")
        assert max(delays) < 2.0, delays
        stored = stored_actions(pg_url, gid)
        assert len(stored) == 6  # each move once: three through A, three handed from B to A
        st, info = call(a, "GET", f"/api/games/{gid}")
        assert info["version"] == 6
        st, info_b = call(b, "GET", f"/api/games/{gid}")
        assert info_b["version"] == 6 and info_b["seats"] == info["seats"]
        st, chat = call(a, "GET", f"/api/games/{gid}/chat")
        assert [x["text"] for x in chat["chat"]] == ["hello from B"]
        # seats through B: a stranger joins a public game of A, names the seat; A knows both
        opened = new_game(a, seed=8, public=True)
        st, joined = call(b, "POST", f"/api/games/{opened['id']}/join", {})
        assert st == 200 and joined["seat"] == 1, joined
        st, named = call(b, "POST", f"/api/games/{opened['id']}/name", {"name": "Bea"}, joined["token"])
        assert st == 200 and named["name"] == "Bea", named
        st, v = call(a, "GET", f"/api/games/{opened['id']}/view", token=joined["token"])
        assert st == 200 and v["seat"] == 1 and v["seats"][1]["display"] == "Bea"
        st, again = call(a, "POST", f"/api/games/{opened['id']}/join", {})
        assert st == 409, again  # no open seat left, at A either
        assert leases(pg_url) == {gid: owners[gid], opened["id"]: owners[gid]}  # A created both and kept them
        # the notices carry ids only: no token, no move, no chat line
        payloads = [n.payload for n in listener.notifies(timeout=0.5)]
        assert any(p.startswith("g ") for p in payloads) and any(p.startswith("q ") for p in payloads)
        assert all(re.fullmatch(r"[gqr] [0-9a-f]{16} [A-Za-z0-9]+( [0-9]+)?", p) for p in payloads), payloads
        assert not any(x in p for p in payloads for x in (*tok, "hello from B")), payloads
    finally:
        listener.close()
        stop(pa)
        stop(pb)


def owned_by_one(url, ids):
    """The node owning each of ``ids`` when a single node owns them all, else None."""
    got = leases(url)
    owners = {got.get(i) for i in ids}
    return owners.pop() if len(owners) == 1 and None not in owners else None


def play(bases, games, kill=None, after=10, limit=40.0):
    """Play ``games`` (each {"id", "tokens"}) over sockets, seat 0 on ``bases[0]`` and seat 1 on
    ``bases[1]``; a socket that closes reconnects to the other process. ``kill()`` is called
    once every game has made five moves; play stops once every game has ``after`` acknowledged moves past
    it. Returns ({game: {index: action}}, {game: seconds from the kill to the acknowledgement
    of its third move after it (the first two may have been A's last)}, the errors seen,
    {game: moves acknowledged before the kill})."""
    acked = {g["id"]: {} for g in games}
    first_after = {}
    errors = []
    killed = {}
    stop_at, done = asyncio.Event(), asyncio.Event()

    async def seat(g, i, tok):
        base = bases[i]
        sent = {}

        def on_ack(m):
            if killed and g["id"] not in first_after and m["index"] >= killed[g["id"]] + 3:
                first_after[g["id"]] = time.monotonic() - killed["at"]

        async def on_error(m, sent):
            errors.append((m["status"], m["error"]))
            await ws.send(json.dumps({"type": "resync"}))

        while not stop_at.is_set():
            try:
                async with websockets.connect(ws_url(base, g["id"]), ping_interval=None, open_timeout=5) as ws:
                    await play_seat(ws, tok, i, acked[g["id"]], sent, stop_at, done, on_ack, on_error)
            except (OSError, websockets.ConnectionClosed, TimeoutError):
                base = bases[1 - bases.index(base)] if kill else base  # the page reconnects (here: elsewhere)
                await asyncio.sleep(0.2)

    async def main():
        tasks = [asyncio.create_task(seat(g, i, t)) for g in games for i, t in enumerate(g["tokens"])]
        if kill is not None:  # under load: every game has made a few moves
            end = time.monotonic() + 20
            while time.monotonic() < end and min(len(v) for v in acked.values()) < 5:
                await asyncio.sleep(0.05)
            counts = {k: len(v) for k, v in acked.items()}
            killed.update(counts, at=time.monotonic())
            await asyncio.to_thread(kill)
        else:
            counts = {k: 0 for k in acked}
        end = time.monotonic() + limit
        while time.monotonic() < end and any(len(acked[k]) - counts[k] < after for k in acked):
            await asyncio.sleep(0.1)
        done.set()  # no new move; the last answers are read
        await asyncio.sleep(1.0)
        stop_at.set()
        await asyncio.wait_for(asyncio.gather(*tasks), 10)
        return counts

    counts = asyncio.run(main())
    return acked, first_after, errors, counts


@pytest.mark.timeout(90)
def test_kill_9_of_the_owner_under_load_its_games_go_on_in_the_other_within_5_s(pg_url, tmp_path):  # noqa: F811
    (pa, a), (pb, b) = two_servers(pg_url, tmp_path / "server.log")
    try:
        games = []
        for k in range(4):
            g = new_game(a, seed=k, rounds=5000)
            games.append({"id": g["id"], "tokens": [s["token"] for s in g["seats"]]})
        bots = new_game(a, seed=9, seats=("random", "random"), rounds=5000)
        ids = [g["id"] for g in games] + [bots["id"]]
        node_a = wait_for(lambda: owned_by_one(pg_url, ids), timeout=20)  # its lease is written as it settles in
        assert node_a is not None  # A created them all and owns them
        moves = {}

        def kill():
            moves["bots"] = len(stored_actions(pg_url, bots["id"]))
            os.kill(pa.pid, signal.SIGKILL)
            pa.wait(10)
            killed = time.monotonic()
            while owned_by_one(pg_url, ids) in (None, node_a) and time.monotonic() < killed + 10:
                time.sleep(0.05)
            moves["takeover"] = time.monotonic() - killed

        acked, first_after, errors, counts = play([a, b], games, kill=kill, after=10)
        # taken over: B owns every game of A, within 5 s of the kill
        node_b = owned_by_one(pg_url, ids)
        assert node_b not in (None, node_a)
        assert set(first_after) == {g["id"] for g in games}, first_after
        print(f"leases taken over {moves['takeover']:.2f} s after the kill; third move after it acknowledged "
              f"after {', '.join(f'{s:.2f} s' for s in first_after.values())}")
        assert moves["takeover"] < 5.0 and max(first_after.values()) < 5.0, (moves, first_after)
        assert all(counts[g["id"]] >= 3 for g in games), counts  # it was under load when killed
        for g in games:
            mine = acked[g["id"]]
            stored = stored_actions(pg_url, g["id"])
            assert all(stored[i] == a for i, a in mine.items())  # every acknowledged move, at its place
            # beyond them only the move in flight when A died (stored, its answer lost with A)
            assert len([i for i in range(len(stored)) if i not in mine]) <= 1
        # errors only of the kind a failover may give: the move in flight when A died
        print(f"errors met: {errors}")
        assert all(st in (409, 503) for st, _ in errors), errors
        # the bots' game goes on, now in B
        end = time.time() + 10
        while time.time() < end and len(stored_actions(pg_url, bots["id"])) < moves["bots"] + 10:
            time.sleep(0.1)
        assert len(stored_actions(pg_url, bots["id"])) >= moves["bots"] + 10
    finally:
        if pa.poll() is None:
            stop(pa)
        stop(pb)



def server_lines(base, gid, token):
    """The server's lines of a game's log as a seat reads them (clocks running out)."""
    st, v = call(base, "GET", f"/api/games/{gid}/view", token=token)
    assert st == 200, v
    return [x["text"] for x in v["log"] if x["kind"] == "server"]


@pytest.mark.timeout(90)
def test_bots_and_clocks_of_a_game_run_in_its_owner_only_and_move_with_it(pg_url, tmp_path):  # noqa: F811
    """Each game's clock and bots run at its owner: two processes holding the same games
    never time a seat out twice nor store a bot's move twice (a second writer would show as
    refused, conflicting writes in the logs); once the owner is killed, the other runs them."""
    log = tmp_path / "server.log"
    fast = ("--clock-scale", "0.02", "--clock-scan", "0.05")  # a "minute" of clock is 1.2 s
    (pa, a), (pb, b) = two_servers(pg_url, log, *fast, bot_delay=0.05)
    try:
        bots = new_game(a, seed=3, seats=("random", "random"), rounds=2000)
        timed = [new_game(a, seed=k, rounds=50, clock={"kind": "realtime", "minutes": 1, "increment": 0})
                 for k in range(2)]
        later = new_game(a, seed=7, rounds=50, clock={"kind": "realtime", "minutes": 6, "increment": 0})
        node_a = wait_for(lambda: owned_by_one(pg_url, [g["id"] for g in (bots, *timed, later)]), timeout=20)
        assert node_a is not None
        for g in (*timed, later):  # both seats taken (the clocks start), each through the other process
            for seat, base in ((0, b), (1, b)):
                st, _ = call(base, "GET", f"/api/games/{g['id']}/view", token=g["seats"][seat]["token"])
                assert st == 200
        # seat 0 of each timed game runs out (1.2 s): one time-out each, stored once, seen by both
        for g in timed:
            tok = g["seats"][0]["token"]
            end = time.time() + 15
            while time.time() < end and not server_lines(b, g["id"], tok):
                time.sleep(0.1)
            time.sleep(0.5)  # a second clock would have timed it out again meanwhile
            lines = server_lines(a, g["id"], tok)
            assert len(lines) == 1 and "ran out of time" in lines[0], lines
            assert server_lines(b, g["id"], tok) == lines
        n = len(stored_actions(pg_url, bots["id"]))
        time.sleep(1.0)
        assert len(stored_actions(pg_url, bots["id"])) > n  # the bots play (at A)
        # kill -9 of A: B takes the games over and runs their clocks and bots from then on
        os.kill(pa.pid, signal.SIGKILL)
        pa.wait(10)
        killed = time.time()
        n = len(stored_actions(pg_url, bots["id"]))
        tok = later["seats"][0]["token"]
        end = time.time() + 20
        while time.time() < end and not server_lines(b, later["id"], tok):
            time.sleep(0.1)
        lines = server_lines(b, later["id"], tok)
        assert len(lines) == 1 and "ran out of time" in lines[0], lines
        assert len(stored_actions(pg_url, bots["id"])) > n + 5
        assert owned_by_one(pg_url, [bots["id"], later["id"]]) not in (None, node_a)
        print(f"the 7.2 s clock started before the kill ran out {time.time() - killed:.1f} s after it")
        said = log.read_text()
        assert "conflicting" not in said and "could not store" not in said, said[-3000:]
    finally:
        if pa.poll() is None:
            stop(pa)
        stop(pb)


def test_workers_refuse_a_sqlite_database_with_a_sentence(tmp_path):
    import subprocess
    import sys
    p = subprocess.run([sys.executable, "-m", "cosmodrome.cli.main", "serve", "--workers", "2",
                        "--db", f"sqlite:///{tmp_path / 'one.sqlite'}"], capture_output=True, text=True, timeout=60)
    said = " ".join(p.stderr.split())
    assert p.returncode == 2 and "--workers 2 needs a PostgreSQL database" in said, p.stderr
    assert "served by one process" in said and not (tmp_path / "one.sqlite").exists()


@pytest.mark.timeout(90)
def test_workers_serve_one_port_and_a_killed_worker_is_replaced(pg_url, tmp_path):  # noqa: F811
    """``serve --workers 2``: two processes behind one port share the games (new
    connections spread over them), a move reaches a socket whichever process holds it, and
    a worker killed with SIGKILL has its games taken over and is started again."""
    from test_restart import children, running
    proc, base = start(pg_url, free_port(), 0.0, tmp_path / "server.log", "--workers", "2")
    try:
        end = time.time() + 30
        while time.time() < end and len(children(proc.pid)) < 2:
            time.sleep(0.1)
        workers = children(proc.pid)
        assert len(workers) == 2, workers
        # A worker counts as a child once forked, but serves only once it has imported the
        # app and bound the port: games are created until both have answered (each creates,
        # and owns, the games it is asked for), within a time that only a worker that never
        # serves would exceed.
        games, end = [], time.time() + 30
        while len(games) < 12 or (time.time() < end and len(set(leases(pg_url).values())) < 2):
            games.append(new_game(base, seed=len(games), rounds=500))
            if len(games) >= 12:
                time.sleep(0.1)
        ids = [g["id"] for g in games]
        owners = leases(pg_url)
        assert len({owners[i] for i in ids}) == 2, owners  # each process created (and owns) some
        g = games[0]
        tok = [s["token"] for s in g["seats"]]

        async def move_seen_on_sockets():
            # several sockets (each a new connection: some land on each process) all see the move
            sockets = [await websockets.connect(ws_url(base, g["id"])) for _ in range(6)]
            try:
                for ws in sockets:
                    await ws.send(json.dumps({"type": "hello", "token": tok[1]}))
                    await next_table(ws, 0)
                st, v = call(base, "GET", f"/api/games/{g['id']}/view", token=tok[0])
                st, res = call(base, "POST", f"/api/games/{g['id']}/act",
                               {"action": v["decision"]["options"][0]["action"], "version": 0}, tok[0])
                assert st == 200, res
                for ws in sockets:
                    assert (await next_table(ws, 1))["decision"]["seat"] == 1
            finally:
                for ws in sockets:
                    await ws.close()

        asyncio.run(move_seen_on_sockets())
        victim = workers[0]
        os.kill(victim, signal.SIGKILL)
        killed = time.time()
        before = {owners[i] for i in ids}

        def taken_over():  # every game held by a live lease, and one of the two owners replaced
            now = live_leases(pg_url)
            return all(now[i][1] > 0 for i in ids) and {now[i][0] for i in ids} != before

        while time.time() < killed + 10 and not taken_over():
            time.sleep(0.05)
        took = time.time() - killed
        assert taken_over() and took < 5.0, took
        while time.time() < killed + 30 and len([p for p in children(proc.pid) if p != victim and running(p)]) < 2:
            time.sleep(0.1)
        assert len([p for p in children(proc.pid) if p != victim and running(p)]) == 2  # started again
        print(f"a killed worker's games were taken over within {took:.1f} s")
        for i in ids:  # every game still answers through the port
            st, info = call(base, "GET", f"/api/games/{i}")
            assert st == 200 and info["status"] == "running"
    finally:
        stop(proc)
    assert not any(running(p) for p in children(proc.pid))


def finish(base, gid, tokens):
    """Play ``gid`` to its end through ``base`` (each seat its first option)."""
    for _ in range(500):
        st, info = call(base, "GET", f"/api/games/{gid}")
        if info["status"] != "running":
            return
        seat = info["to_move"]
        st, v = call(base, "GET", f"/api/games/{gid}/view", token=tokens[seat])
        st, res = call(base, "POST", f"/api/games/{gid}/act",
                       {"action": v["decision"]["options"][0]["action"], "version": v["version"]}, tokens[seat])
        assert st == 200, res
    raise AssertionError("the game did not end")


async def next_of(ws, kind, timeout=10.0):
    """The first message of type ``kind`` on ``ws``."""
    end = time.monotonic() + timeout
    while True:
        m = json.loads(await asyncio.wait_for(ws.recv(), max(0.01, end - time.monotonic())))
        if m["type"] == kind:
            return m


@pytest.mark.timeout(90)
def test_a_rematch_asked_away_from_the_owner_reaches_every_socket_and_its_game_plays_anywhere(pg_url,  # noqa: F811
                                                                                              tmp_path):
    """A game of A, its sockets on B and C: a rematch asked through B (not the owner) is
    offered to every socket at the table, each with its own seat's token, a second request
    through C gets the same rematch, and the new game plays over sockets on processes that do
    not own it."""
    log = tmp_path / "server.log"
    (pa, a), (pb, b) = two_servers(pg_url, log)
    pc, c = start(pg_url, free_port(), 0.0, log)
    try:
        g = new_game(a, seed=11, rounds=3)
        gid, tok = g["id"], [s["token"] for s in g["seats"]]
        st, _ = call(a, "POST", f"/api/games/{gid}/name", {"name": "Ann"}, tok[0])
        assert st == 200

        async def main():
            async with websockets.connect(ws_url(b, gid)) as w0, websockets.connect(ws_url(c, gid)) as w1, \
                    websockets.connect(ws_url(c, gid)) as spec:
                for ws, t in ((w0, tok[0]), (w1, tok[1]), (spec, None)):
                    await ws.send(json.dumps({"type": "hello", "token": t}))
                    await next_table(ws, 0)
                await asyncio.to_thread(finish, a, gid, tok)
                end = time.monotonic() + 5  # B reads the end in a moment
                while call(b, "GET", f"/api/games/{gid}")[1]["status"] != "finished" and time.monotonic() < end:
                    await asyncio.sleep(0.05)
                await asyncio.sleep(1.0)  # A gave the finished game's lease up, and its renewals keep it so
                assert live_leases(pg_url)[gid][1] < 0
                st, new = await asyncio.to_thread(call, b, "POST", f"/api/games/{gid}/rematch", {}, tok[0])
                assert st == 200, new
                # every socket at the table is offered it, those of C too (neither owner nor asker)
                m0, m1, ms = [await next_of(ws, "rematch") for ws in (w0, w1, spec)]
                assert m0 == {"type": "rematch", "game_id": new["id"], "seat": 0, "token": new["token"]}
                assert ms == {"type": "rematch", "game_id": new["id"], "seat": None, "token": None}
                # one rematch per game, whichever process is asked
                st, again = await asyncio.to_thread(call, c, "POST", f"/api/games/{gid}/rematch", {}, tok[1])
                assert st == 200 and again["id"] == new["id"] and again["seat"] == 1, again
                assert m1 == {"type": "rematch", "game_id": new["id"], "seat": 1, "token": again["token"]}
                st, third = await asyncio.to_thread(call, a, "POST", f"/api/games/{gid}/rematch", {}, tok[0])
                assert st == 200 and third["id"] == new["id"] and third["token"] == new["token"], third
            # the new game, over sockets on C and A (whichever owns it, one of them does not)
            nid, ntok = new["id"], [m0["token"], m1["token"]]
            async with websockets.connect(ws_url(c, nid)) as n0, websockets.connect(ws_url(a, nid)) as n1:
                for ws, t in ((n0, ntok[0]), (n1, ntok[1])):
                    await ws.send(json.dumps({"type": "hello", "token": t}))
                tables = [await next_table(n0, 0), await next_table(n1, 0)]
                assert [m["seat"] for m in tables] == [0, 1]
                st, v = call(c, "GET", f"/api/games/{nid}/view", token=ntok[0])
                assert v["seats"][0]["display"] == "Ann"  # the rematch keeps the seats' names
                for version in range(4):
                    for i, ws in enumerate((n0, n1)):
                        if tables[i]["version"] < version:
                            tables[i] = await next_table(ws, version)
                    to_move = [i for i, m in enumerate(tables) if m["decision"]]
                    assert len(to_move) == 1 and tables[to_move[0]]["decision"]["seat"] == to_move[0]
                    ws, m = (n0, n1)[to_move[0]], tables[to_move[0]]
                    await ws.send(json.dumps({"type": "act", "action": m["decision"]["options"][0]["action"],
                                              "version": version}))
                    while (got := json.loads(await asyncio.wait_for(ws.recv(), 5)))["type"] != "ack":
                        if got["type"] == "table":  # (the new table may come before the ack)
                            tables[to_move[0]] = got
                    assert got["ok"], got
            return nid

        nid = asyncio.run(main())
        assert len(stored_actions(pg_url, nid)) == 4
        said = log.read_text()
        assert "Traceback" not in said, said[-3000:]
    finally:
        for p in (pa, pb, pc):
            stop(p)


def finish_in(client, g):
    """Play the game ``g`` of a TestClient to its end, each seat its first option."""
    for _ in range(500):
        info = client.get(f"/api/games/{g['id']}").json()
        if info["status"] != "running":
            return
        v = view(client, g, info["to_move"])
        r = client.post(f"/api/games/{g['id']}/act", json={"action": v["decision"]["options"][0]["action"],
                                                           "version": v["version"]},
                        headers={"X-Cosmodrome-Token": token(g, info["to_move"])})
        assert r.status_code == 200, r.text
    raise AssertionError("the game did not end")


@pytest.mark.timeout(90)
def test_copies_nobody_uses_are_forgotten_and_the_owner_keeps_its_running_games(pg_url):  # noqa: F811
    """A process forgets its copy of a game another process owns once no socket holds it and
    no request asked for it a while (``copy_seconds``), and reads it anew when asked again;
    the owner keeps its running games, and forgets a finished one (its lease given up) the
    same way."""
    from fastapi.testclient import TestClient
    from server_helpers import new_game as game_of
    from server_helpers import socket

    from cosmodrome.server import create_app
    with TestClient(create_app(pg_url, copy_seconds=0.5)) as ca, TestClient(create_app(pg_url, copy_seconds=0.5)) as cb:
        ha, hb = ca.app.state.hall, cb.app.state.hall
        g, done = game_of(ca, rounds=50), game_of(ca, seed=3, rounds=1)
        gid = g["id"]
        assert view(cb, g, 1)["version"] == 0 and gid in hb.tables  # B holds a copy for its socket
        with socket(cb, gid, token(g, 1)) as ws:
            assert ws.receive_json()["type"] == "table"
            time.sleep(1.5)
            assert gid in hb.tables  # in use: kept
            v = view(ca, g, 0)
            r = ca.post(f"/api/games/{gid}/act", json={"action": v["decision"]["options"][0]["action"], "version": 0},
                        headers={"X-Cosmodrome-Token": token(g, 0)})
            assert r.status_code == 200, r.text
            while (m := ws.receive_json())["type"] != "table":
                pass
            assert m["version"] == 1  # the copy followed the move
        wait_for(lambda: gid not in hb.tables, 5)  # no socket, no request: forgotten
        r = ca.post(f"/api/games/{gid}/chat", json={"text": "while B forgot"},
                    headers={"X-Cosmodrome-Token": token(g, 0)})
        assert r.status_code == 200, r.text
        # asked again, B reads it anew: the move and the chat line it missed
        again = view(cb, g, 1)
        assert again["version"] == 1 and gid in hb.tables
        assert [x["text"] for x in cb.get(f"/api/games/{gid}/chat").json()["chat"]] == ["while B forgot"]
        # the owner keeps its running game; a finished one, its lease given up, goes the same way
        finish_in(ca, done)
        time.sleep(2.0)
        assert gid in ha.tables
        wait_for(lambda: done["id"] not in ha.tables, 5)
        assert ca.get(f"/api/games/{done['id']}").json()["status"] == "finished"


@pytest.mark.timeout(90)
def test_the_copies_notified_together_are_read_back_in_one_transaction(pg_url):  # noqa: F811
    """Notices that come in while the loop is busy are read back together: six games of A,
    each moved once, are read into B's copies by one query of the three tables (not one
    transaction each), and B's sockets see every move."""
    from fastapi.testclient import TestClient
    from server_helpers import new_game as game_of
    from server_helpers import socket

    from cosmodrome.server import create_app
    with TestClient(create_app(pg_url)) as ca, TestClient(create_app(pg_url)) as cb:
        hb = cb.app.state.hall
        games = [game_of(ca, seed=k) for k in range(6)]
        for g in games:
            assert view(cb, g, 1)["version"] == 0
        held, reads = [], []
        since_many, since = hb.cluster.since_many, hb.cluster.since
        hb.cluster.since_many = lambda wants: (reads.append(sorted(wants)), since_many(wants))[1]
        hb.cluster.since = lambda *a: (reads.append(["one", a[0]]), since(*a))[1]
        listen = hb.cluster.on_message
        hb.cluster.on_message = lambda kind, what: held.append((kind, what))  # B is busy: notices wait
        with socket(cb, games[0]["id"], token(games[0], 1)) as ws:
            assert ws.receive_json()["type"] == "table"
            for g in games:
                v = view(ca, g, 0)
                r = ca.post(f"/api/games/{g['id']}/act",
                            json={"action": v["decision"]["options"][0]["action"], "version": 0},
                            headers={"X-Cosmodrome-Token": token(g, 0)})
                assert r.status_code == 200, r.text
            wait_for(lambda: len([k for k, _ in held if k == "g"]) >= 6)

            async def deliver():
                for kind, what in list(held):
                    hb._message(kind, what)
                while hb._pull_round is not None:
                    await asyncio.shield(hb._pull_round)

            # the notices held so far, delivered at once; one coming later (B's own socket's,
            # say) stays held until they are read, so it cannot start a read of its own first
            cb.portal.call(deliver)
            together = list(reads)
            hb.cluster.on_message = listen
            while (m := ws.receive_json())["type"] != "table":
                pass
            assert m["version"] == 1  # B's socket sees the move it read back
        assert together == [sorted(g["id"] for g in games)], reads
        assert all(hb.tables[g["id"]].version == 1 for g in games)
