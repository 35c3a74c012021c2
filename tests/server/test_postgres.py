"""The server on PostgreSQL: a throwaway PostgreSQL cluster (Debian's server binaries, in a
temporary directory, reachable only through a unix socket there) and the same guarantees as on
SQLite: games and their actions are stored, a restarted server (a new app, or a real server
process killed with SIGKILL) resumes every game with nothing acknowledged lost, and an error
changes nothing.

The cluster is ``cosmodrome.testing.postgres``'s (as root, initdb and pg_ctl run as the
``postgres`` system user). Missing binaries make these tests fail (never skip) with the command
that installs them (``make postgres``)."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import time

import pytest
import websockets
from fastapi.testclient import TestClient
from server_helpers import new_game, play_seat, socket, stop, stored_record, token, view, wait_for
from test_restart import call, free_port, games_to_kill_during, kill_under_load_and_check, start, stored_actions

from cosmodrome.core import GameRecord
from cosmodrome.server import create_app
from cosmodrome.server.storage import ActionRow, GameRow, StorageError, Store
from cosmodrome.testing.postgres import PG_PORT, ClusterError, throwaway_cluster

DRAW = 9        # pocket-race: 0..8 play a card, 9 draws
BIG_SEED = 2 ** 40  # beyond a 32-bit INTEGER column (PostgreSQL checks, SQLite does not)


@pytest.fixture(scope="module")
def pg():
    """A running throwaway cluster (``cosmodrome.testing.postgres``, flushes off); always
    stopped and removed afterwards, even on failure. What is missing fails the tests with the
    command that installs it."""
    try:
        with throwaway_cluster(durable=False) as cluster:
            yield cluster
    except ClusterError as exc:
        pytest.fail(str(exc), pytrace=False)


_dbs = iter(range(1, 1000))


@pytest.fixture
def pg_url(pg):
    """A fresh, empty database of the cluster for one test."""
    return pg.create_database(f"cosmo_{next(_dbs)}")


def record(client, g):
    return stored_record(client.app.state.store, g["id"])


def act(client, g, seat, action, version):
    return client.post(f"/api/games/{g['id']}/act",
                       json={"token": token(g, seat), "action": action, "version": version})


def human_turn(client, g):
    """Seat 0's table once the bot (seat 1) has answered and it is seat 0's turn again."""
    return wait_for(lambda: (lambda v: v if v["decision"] or v["status"] != "running" else None)(view(client, g, 0)))


@pytest.mark.timeout(60)
def test_store_round_trips_on_postgres_and_a_refused_write_changes_nothing(pg_url):
    s = Store(pg_url)
    try:
        assert s.engine.dialect.name == "postgresql"
        row = GameRow(id="g1", game="pocket-race", players=2, seed=BIG_SEED, options={"rounds": 3, "note": "Vénus ✓"},
                      seats=[{"kind": "human", "token": "t" * 22, "claimed": False}, {"kind": "bot", "bot": "random"}],
                      public=True, meta={"imported": True})
        s.create_game(row, [ActionRow(0, DRAW, 0, 0.0), ActionRow(1, 3, 1, 0.0, note="a server note")])
        got = s.get_game("g1")
        assert (got.seed, got.options, got.seats, got.public, got.meta, got.revision) == (
            BIG_SEED, row.options, row.seats, True, {"imported": True}, 0)
        assert got.created > 1e9 and got.updated >= got.created  # timestamps as seconds
        s.append_action("g1", 2, 4, 0, revision=3)
        # a second action at the same index violates the key: refused, nothing of it stored
        with pytest.raises(StorageError, match="refused"):
            s.append_action("g1", 2, 5, 0, revision=4, status="finished")
        assert [(a.idx, a.action, a.seat, a.note) for a in s.actions("g1")] == [
            (0, DRAW, 0, None), (1, 3, 1, "a server note"), (2, 4, 0, None)]
        assert (s.get_game("g1").revision, s.get_game("g1").status) == (3, "running")
        # the connection is usable after the refused transaction; undo deletes and bumps at once
        s.truncate("g1", 1, revision=4)
        assert [a.idx for a in s.actions("g1")] == [0] and s.get_game("g1").revision == 4
        assert [r.id for r in s.list_games("running")] == ["g1"] and s.list_games("finished") == []
    finally:
        s.close()


@pytest.mark.timeout(90)
def test_game_against_a_bot_survives_a_new_app_on_the_same_postgres_database(pg_url):
    with TestClient(create_app(pg_url)) as c:
        g = new_game(c, seats=("human", "random"), seed=BIG_SEED, rounds=4, public=True)
        assert c.get(f"/api/games/{g['id']}").json()["status"] == "running"
        # seat 0 plays a card and takes it back (undo deletes the stored action)
        v = view(c, g, 0)
        play = next(o["action"] for o in v["decision"]["options"] if o["action"] != DRAW)
        assert act(c, g, 0, play, v["version"]).status_code == 200
        r = c.post(f"/api/games/{g['id']}/undo", json={"token": token(g, 0)})
        assert r.status_code == 200 and r.json()["undone"] == 1
        assert record(c, g)["actions"] == []
        # then three turns each: a person's move through the API, the bot's answer server-side
        for _ in range(3):
            v = human_turn(c, g)
            r = act(c, g, 0, v["decision"]["options"][-1]["action"], v["version"])
            assert r.status_code == 200, r.text
        v = human_turn(c, g)
        acked = record(c, g)["actions"]
        assert len(acked) == 6 and v["version"] == 8 and v["decision"]["seat"] == 0  # 7 actions + 1 undo
        # errors change nothing: a stale version, an illegal action
        legal = [o["action"] for o in v["decision"]["options"]]
        r = act(c, g, 0, legal[0], v["version"] - 1)
        assert r.status_code == 409 and "moved on" in r.json()["error"]
        illegal = next(a for a in range(9) if a not in legal)
        r = act(c, g, 0, illegal, v["version"])
        assert r.status_code == 422 and "not legal" in r.json()["error"]
        assert record(c, g)["actions"] == acked and view(c, g, 0) == v
        # a seed no database column holds is a clear 422 (not a refused write), and no game is made
        before = c.get("/api/games").json()["games"]
        r = c.post("/api/games", json={"game": "pocket-race", "players": 2, "seed": 2 ** 64})
        assert r.status_code == 422 and "64 bits" in r.json()["error"]
        assert c.get("/api/games").json()["games"] == before
        # a record imported to continue against a bot is stored with its actions in one go
        full = record(c, g)
        r = c.post("/api/games/import", json={"record": full, "mode": "continue", "upto": 4,
                                              "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]})
        assert r.status_code == 201, r.text
        imp = r.json()
        assert record(c, imp)["actions"] == acked[:4]

    # a new app on the same database: everything acknowledged is there, exactly where it was
    with TestClient(create_app(pg_url)) as c:
        assert record(c, g)["actions"] == acked and record(c, g)["seed"] == BIG_SEED
        v2 = view(c, g, 0)
        assert v2["version"] == v["version"] and v2["view"] == v["view"] and v2["decision"]["seat"] == 0
        assert record(c, imp)["actions"] == acked[:4]  # a person is to move there
        # play on to the end against the bot: the finished status is stored too
        while True:
            v = human_turn(c, g)
            if v["status"] != "running":
                break
            assert act(c, g, 0, v["decision"]["options"][0]["action"], v["version"]).status_code == 200
        final = GameRecord.from_json(record(c, g)).replay()
        assert final.is_terminal() and v["result"]["winners"] == final.winners()
        done = record(c, g)["actions"]
        assert done[:6] == acked and len(done) == 8
    with TestClient(create_app(pg_url)) as c:
        assert c.get(f"/api/games/{g['id']}").json()["status"] == "finished"
        assert g["id"] in {x["id"] for x in c.get("/api/games?status=finished").json()["games"]}
        assert record(c, g)["actions"] == done


@pytest.mark.timeout(90)
def test_killed_server_on_postgres_loses_no_acknowledged_action(pg_url, tmp_path):
    log = tmp_path / "server.log"
    proc, base = start(pg_url, free_port(), bot_delay=0.05, log_path=log)
    try:
        g, acked, b, seen_b = games_to_kill_during(base, pg_url)  # the same games as on SQLite
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)

    proc, base = start(pg_url, free_port(), bot_delay=0.0, log_path=log)
    try:
        assert stored_actions(pg_url, g["id"]) == acked
        tok = g["seats"][1]["token"]
        st, v = call(base, "GET", f"/api/games/{g['id']}/view", token=tok)
        assert v["version"] == 5 and v["decision"]["seat"] == 1
        # a stale version is refused and changes nothing
        a = v["decision"]["options"][0]["action"]
        st, err = call(base, "POST", f"/api/games/{g['id']}/act", {"token": tok, "action": a, "version": 4})
        assert st == 409 and stored_actions(pg_url, g["id"]) == acked
        st, res = call(base, "POST", f"/api/games/{g['id']}/act", {"token": tok, "action": a, "version": 5})
        assert st == 200 and res["version"] == 6
        # the bot game kept every move seen before the kill, and its bots resumed
        end = time.time() + 30
        while time.time() < end:
            rec2 = stored_actions(pg_url, b["id"])
            if len(rec2) > len(seen_b) + 5:
                break
            time.sleep(0.1)
        assert rec2[:len(seen_b)] == seen_b and len(rec2) > len(seen_b) + 5
    finally:
        stop(proc)


@pytest.mark.timeout(120)
def test_killed_under_load_on_postgres_the_server_loses_no_acknowledged_action(pg_url, tmp_path):
    kill_under_load_and_check(pg_url, tmp_path / "server.log")


def test_chat_clocks_accounts_and_ratings_on_postgres(pg_url):
    """The online parts on PostgreSQL: a chat line, a clock stored with each move (JSON meta
    in the action's UPDATE), two accounts whose rated game moves both ratings; a new app on
    the same database has them all."""
    from argon2 import PasswordHasher
    cheap = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
    sessions = {}
    # both players are this test, at one address: the rules against rating farming are off here
    with TestClient(create_app(pg_url, password_hasher=cheap, rating_guard=False)) as c:
        for name in ("Ada", "Bob"):
            r = c.post("/api/account/signup", json={"name": name, "password": "pg rockets!"})
            assert r.status_code == 201, r.text
            sessions[name] = {"Cookie": f"cosmodrome_session={r.cookies.get('cosmodrome_session')}"}
            c.cookies.clear()
        assert c.post("/api/account/signup", json={"name": "ada", "password": "pg rockets!"}).status_code == 409
        g = new_game(c, rounds=1, rated=True, seed=None, clock={"kind": "turn", "days": 2})
        for seat, name in ((0, "Ada"), (1, "Bob")):
            r = c.post(f"/api/games/{g['id']}/account-seat",
                       headers={**sessions[name], "X-Cosmodrome-Token": token(g, seat)})
            assert r.status_code == 200, r.text
        for seat in (0, 1):  # opening each seat's link starts the clocks
            with socket(c, g["id"], token(g, seat)) as ws:
                ws.receive_json()
        wait_for(lambda: c.get(f"/api/games/{g['id']}").json()["clock"]["running"] == 0)
        r = c.post(f"/api/games/{g['id']}/chat", json={"text": "<i>hi</i>"},
                   headers={"X-Cosmodrome-Token": token(g, 1)})
        assert r.status_code == 200, r.text
        for seat in (0, 1):
            v = view(c, g, seat)
            pick = next(o["action"] for o in v["decision"]["options"] if o["action"] != DRAW) if seat == 0 else DRAW
            assert act(c, g, seat, pick, v["version"]).status_code == 200
        board = wait_for(lambda: (lambda b: b if len(b) == 2 else None)(
            c.get("/api/ratings?game=pocket-race").json()["ratings"]))
        assert [x["name"] for x in board] == ["Ada", "Bob"]
    with TestClient(create_app(pg_url, password_hasher=cheap)) as c:
        assert [x["text"] for x in c.get(f"/api/games/{g['id']}/chat").json()["chat"]] == ["<i>hi</i>"]
        info = c.get(f"/api/games/{g['id']}").json()
        assert info["status"] == "finished" and info["clock"]["kind"] == "turn" and info["clock"]["running"] is None
        assert c.get("/api/account", headers=sessions["Bob"]).json() == {"account": {"name": "Bob"}}
        assert [x["games"] for x in c.get("/api/ratings?game=pocket-race").json()["ratings"]] == [1, 1]


# ----- faults: the connection lost, PostgreSQL restarted under load -------------------------
def _admin(pg):
    import psycopg
    return psycopg.connect(host=pg.root, port=PG_PORT, user="postgres", dbname="postgres", autocommit=True)


def _terminate(pg, dbname, where="true"):
    """pg_terminate_backend of the server's connections to ``dbname`` (those matching ``where``
    in pg_stat_activity); returns how many."""
    with _admin(pg) as conn:
        rows = conn.execute(f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s "
                            f"AND pid <> pg_backend_pid() AND {where}", (dbname,)).fetchall()
    return len(rows)


@pytest.mark.timeout(90)
def test_connections_lost_mid_play_lose_nothing_and_the_next_write_succeeds(pg, pg_url):
    """Every connection of the server killed (pg_terminate_backend) between moves: the next
    move goes through (its connection is found dead and replaced); killed while a move waits
    inside its transaction: that move is a 503 that changed nothing, and the next succeeds."""
    import psycopg
    dbname = pg_url.split("@/")[1].split("?")[0]
    with TestClient(create_app(pg_url)) as c:
        g = new_game(c, rounds=20)
        acked = []

        def move(seat):
            v = view(c, g, seat)
            a = v["decision"]["options"][-1]["action"]
            return act(c, g, seat, a, v["version"]), a

        r, a = move(0)
        assert r.status_code == 200
        acked.append(a)
        # between moves: every idle connection of the server killed
        assert _terminate(pg, dbname) >= 1
        for seat in (1, 0):
            r, a = move(seat)
            assert r.status_code == 200, r.text
            acked.append(a)
        r = c.post("/api/account/signup", json={"name": "Ada", "password": "pg rockets!"})
        assert r.status_code == 201, r.text
        # inside a transaction: the move's INSERT waits for a lock another session holds, and
        # its connection is killed there
        blocker = psycopg.connect(host=pg.root, port=PG_PORT, user="postgres", dbname=dbname)
        try:
            blocker.execute("LOCK TABLE actions IN EXCLUSIVE MODE")
            v = view(c, g, 1)
            pending = {}

            def send():
                pending["r"] = act(c, g, 1, v["decision"]["options"][-1]["action"], v["version"])

            import threading
            th = threading.Thread(target=send)
            th.start()
            wait_for(lambda: _terminate(pg, dbname, "wait_event_type = 'Lock'"))
            th.join(30)
        finally:
            blocker.rollback()
            blocker.close()
        r = pending["r"]
        assert r.status_code == 503
        assert r.json()["error"] == "the database cannot be reached. Nothing was changed; try again."
        assert view(c, g, 1)["version"] == 3 and record(c, g)["actions"] == acked
        r, a = move(1)  # the one after succeeds
        assert r.status_code == 200, r.text
        acked.append(a)
    with TestClient(create_app(pg_url)) as c:  # a new app: every acknowledged move is there
        assert record(c, g)["actions"] == acked and view(c, g, 0)["version"] == 4


def play_through_a_restart(base, games, restart, before=1.0, after=30):
    """Play ``games`` (each {"id", "tokens"}) over one socket per seat at full speed; after
    ``before`` seconds call ``restart()`` (PostgreSQL restarted); a move refused with 503 is
    sent again after a pause; at the end no new move is sent and the last acks are read.
    Returns, per game, the acknowledged moves {index: action} and
    how many each game made after the restart (play stops once each made ``after``), and the
    503 errors seen."""
    acked = {g["id"]: {} for g in games}
    since = {g["id"]: None for g in games}
    refused = []
    ws_base = "ws" + base[len("http"):]
    done, quiet = asyncio.Event(), asyncio.Event()  # no new move; the last acks read

    async def seat(g, i, tok):
        async def on_error(m, sent):
            if m["status"] == 503:
                assert "Nothing was changed" in m["error"], m
                refused.append(m["error"])
                version = max(sent)
                await asyncio.sleep(0.2)  # the database is away: the same move again
                await ws.send(json.dumps({"type": "act", "action": sent[version], "version": version}))

        async with websockets.connect(f"{ws_base}/ws/games/{g['id']}", ping_interval=None) as ws:
            await play_seat(ws, tok, i, acked[g["id"]], quiet=quiet, done=done, on_error=on_error)

    async def main():
        tasks = [asyncio.create_task(seat(g, i, t)) for g in games for i, t in enumerate(g["tokens"])]
        await asyncio.sleep(before)
        await asyncio.to_thread(restart)
        for g in games:
            since[g["id"]] = len(acked[g["id"]])
        end = time.time() + 60
        while time.time() < end and any(len(acked[k]) - since[k] < after for k in acked):
            await asyncio.sleep(0.1)
        done.set()
        await asyncio.sleep(1.0)
        quiet.set()
        await asyncio.wait_for(asyncio.gather(*tasks), 20)

    asyncio.run(main())
    return acked, {k: len(acked[k]) - since[k] for k in acked}, refused


@pytest.mark.timeout(180)
def test_postgres_restarted_under_load_loses_nothing_and_the_server_recovers(pg, pg_url, tmp_path):
    """Eight games played at full speed over their sockets, and one between two bots, while
    PostgreSQL is restarted (``pg_ctl restart -m fast``: every connection cut, the database
    away for a moment): every acknowledged move is stored at its place, and the same server
    process plays on, the bots too."""
    proc, base = start(pg_url, free_port(), bot_delay=0.0, log_path=tmp_path / "server.log")
    games = []
    try:
        for k in range(8):
            st, g = call(base, "POST", "/api/games", {"game": "pocket-race", "players": 2, "seed": k,
                                                       "options": {"rounds": 5000},
                                                       "seats": [{"kind": "human"}, {"kind": "human"}]})
            assert st == 201
            games.append({"id": g["id"], "tokens": [s["token"] for s in g["seats"]]})
        st, bots = call(base, "POST", "/api/games", {"game": "pocket-race", "players": 2, "seed": 99,
                                                      "options": {"rounds": 5000},
                                                      "seats": [{"kind": "bot", "bot": "random"}] * 2})
        assert st == 201

        def restart():
            nonlocal bot_moves
            bot_moves = len(stored_actions(pg_url, bots["id"]))
            pg.run("pg_ctl", "-D", pg.data, "-l", os.path.join(pg.root, "server.log"), "-m", "fast", "-w",
                   "-t", "30", "restart")

        bot_moves = 0
        acked, after, refused = play_through_a_restart(base, games, restart)
        assert proc.poll() is None, "the server died"
        assert refused, "the restart met no move in flight: nothing was tested"
        assert all(n >= 30 for n in after.values()), after  # every game plays on after the restart
        for g in games:
            mine = acked[g["id"]]
            assert sorted(mine) == list(range(len(mine)))  # acknowledged in order, none skipped
            stored = stored_actions(pg_url, g["id"])
            assert stored == [mine[i] for i in range(len(mine))]  # exactly: nothing was in flight at the end
            st, info = call(base, "GET", f"/api/games/{g['id']}")
            assert info["version"] == len(stored)
        # the bots' game went on too (its refused moves retried)
        assert wait_for(lambda: len(stored_actions(pg_url, bots["id"])) > bot_moves + 20, timeout=30)
    finally:
        stop(proc)


def _commits_wait_for_a_standby(pg) -> bool:
    """Whether a commit now waits for the (missing) synchronous standby: a probe connection
    commits a row and is seen waiting (its wait is then cancelled: the commit stays)."""
    import threading

    import psycopg
    with _admin(pg) as conn:
        conn.execute("CREATE TABLE IF NOT EXISTS sync_probe (x int)")
    probe = psycopg.connect(host=pg.root, port=PG_PORT, user="postgres", dbname="postgres",
                            application_name="sync-probe")
    try:
        probe.execute("SET synchronous_commit = on")
        probe.execute("INSERT INTO sync_probe VALUES (1)")
        th = threading.Thread(target=probe.commit)
        th.start()
        seen = False
        end = time.time() + 5
        while th.is_alive() and time.time() < end and not seen:
            with _admin(pg) as conn:
                seen = bool(conn.execute("SELECT pg_cancel_backend(pid) FROM pg_stat_activity WHERE "
                                         "application_name = 'sync-probe' AND wait_event = 'SyncRep'").fetchall())
            time.sleep(0.02)
        th.join(10)
        return seen
    finally:
        probe.close()


def commit_lost_in_flight(pg, dbname, write):
    """Run ``write()`` (an HTTP call) in a thread while every commit to ``dbname`` waits for a
    synchronous standby that does not exist, and kill its connection while it waits:
    PostgreSQL keeps the commit, the server hears of a lost connection. Returns the response.
    (Set up with ``synchronous_commit = on`` for that database alone.)"""
    import threading
    out = {}
    th = threading.Thread(target=lambda: out.setdefault("r", write()))
    with _admin(pg) as conn:
        conn.execute("ALTER SYSTEM SET synchronous_standby_names = 'nobody'")
        conn.execute("SELECT pg_reload_conf()")
        try:
            # the reload reaches the commits asynchronously (the checkpointer publishes it): wait
            # until a commit of our own is seen waiting, or the write might commit before it
            wait_for(lambda: _commits_wait_for_a_standby(pg))
            th.start()
            wait_for(lambda: _terminate(pg, dbname, "wait_event = 'SyncRep'"))
            th.join(30)
        finally:
            conn.execute("ALTER SYSTEM RESET synchronous_standby_names")
            conn.execute("SELECT pg_reload_conf()")
    return out["r"]


@pytest.mark.timeout(90)
def test_a_move_committed_as_its_connection_died_is_found_and_the_table_catches_up(pg, pg_url):
    """The connection dies after PostgreSQL committed a move but before it said so (made
    certain here: the commit waits for a synchronous standby that does not exist, and its
    connection is killed while it waits — PostgreSQL keeps the commit). The player was told
    503; the database holds the move. The next write of that game finds it (the key is taken)
    and the table catches up with the database instead of refusing every move from then on;
    a chat line alike."""
    dbname = pg_url.split("@/")[1].split("?")[0]
    with _admin(pg) as conn:
        conn.execute(f'ALTER DATABASE "{dbname}" SET synchronous_commit = on')  # only this test's database waits
    with TestClient(create_app(pg_url, alive_every=3600.0)) as c:  # no "server is up" mark shares the killed commit
        g = new_game(c, rounds=20)
        v = view(c, g, 0)
        a0 = v["decision"]["options"][-1]["action"]
        assert act(c, g, 0, a0, 0).status_code == 200
        v = view(c, g, 1)
        a1 = v["decision"]["options"][-1]["action"]
        r = commit_lost_in_flight(pg, dbname, lambda: act(c, g, 1, a1, 1))
        assert r.status_code == 503 and "cannot be reached" in r.json()["error"]
        assert record(c, g)["actions"] == [a0, a1]  # committed all the same
        # the same move again: the game's next key is taken, so the table reads the database
        # and catches up (409: the game moved on, the table refreshed) rather than refuse forever
        r = act(c, g, 1, a1, 1)
        assert r.status_code == 409 and "moved on" in r.json()["error"], r.text
        v = view(c, g, 0)
        assert v["version"] == 2 and v["decision"]["seat"] == 0
        a2 = v["decision"]["options"][-1]["action"]
        assert act(c, g, 0, a2, 2).status_code == 200
        # a chat line: the same
        say = lambda text: c.post(f"/api/games/{g['id']}/chat", json={"text": text},
                                  headers={"X-Cosmodrome-Token": token(g, 0)})
        r = commit_lost_in_flight(pg, dbname, lambda: say("first"))
        assert r.status_code == 503
        r = say("second")
        assert r.status_code == 409 and "moved on" in r.json()["error"], r.text
        assert say("third").status_code == 200
        assert [x["text"] for x in c.get(f"/api/games/{g['id']}/chat").json()["chat"]] == ["first", "third"]
    with TestClient(create_app(pg_url)) as c:
        assert record(c, g)["actions"] == [a0, a1, a2] and view(c, g, 0)["version"] == 3
        assert [x["text"] for x in c.get(f"/api/games/{g['id']}/chat").json()["chat"]] == ["first", "third"]


@pytest.mark.timeout(90)
def test_an_undo_committed_as_its_connection_died_is_found_and_nothing_is_stored_out_of_place(pg, pg_url):
    """The same for an undo: the database took the move back, the table (told 503) still
    shows it. The next move would have been stored after a gap (the record broken for good);
    it is refused instead, since the stored revision is already the one it writes, and the
    table catches up with the database."""
    dbname = pg_url.split("@/")[1].split("?")[0]
    with _admin(pg) as conn:
        conn.execute(f'ALTER DATABASE "{dbname}" SET synchronous_commit = on')
    with TestClient(create_app(pg_url, alive_every=3600.0)) as c:  # no "server is up" mark shares the killed commit
        g = new_game(c, rounds=20)
        v = view(c, g, 0)
        play = next(o["action"] for o in v["decision"]["options"] if o["action"] != DRAW)
        assert act(c, g, 0, play, 0).status_code == 200
        r = commit_lost_in_flight(pg, dbname, lambda: c.post(f"/api/games/{g['id']}/undo",
                                                             json={"token": token(g, 0)}))
        assert r.status_code == 503
        assert record(c, g)["actions"] == [] and view(c, g, 1)["version"] == 1  # taken back all the same
        v = view(c, g, 1)
        r = act(c, g, 1, v["decision"]["options"][-1]["action"], 1)
        assert r.status_code == 409 and "moved on" in r.json()["error"], r.text
        assert record(c, g)["actions"] == []  # nothing stored out of place
        v = view(c, g, 0)
        assert v["version"] == 2 and v["decision"]["seat"] == 0
        a = v["decision"]["options"][-1]["action"]
        assert act(c, g, 0, a, 2).status_code == 200
    with TestClient(create_app(pg_url)) as c:
        assert record(c, g)["actions"] == [a] and view(c, g, 0)["version"] == 3
