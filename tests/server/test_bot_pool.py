"""Bots think in worker processes: a slow (CPU-bound) bot never delays another game; a bot
that raises, answers an illegal action, crashes its process or thinks past the time cap is
replaced by a random legal move with a note in the log; a bot move made stale by an undo is
dropped; the same seed gives the same bot moves; shutting down leaves no worker behind.

The deliberately faulty bots live in ``faulty_bots.py`` (imported by the server and by every
worker through ``bot_modules``)."""

from __future__ import annotations

import logging
import os
import time

import faulty_bots  # noqa: F401  (registers slow, boom, crash, illegal, pidbot here too)
import pytest
from fastapi.testclient import TestClient
from server_helpers import actions_of, auth, new_game, socket, token, view, wait_for

from cosmodrome.core import GameRecord
from cosmodrome.server import create_app
from cosmodrome.server.tables import BotCaps

DRAW = 9


def alive(pid: int) -> bool:
    """Whether process ``pid`` still runs (a zombie waiting to be reaped counts as gone)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            state = f.read().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state != "Z"


def app_with_faulty_bots(db_url, **kw):
    # the deliberately slow bots ask for more seconds than a server allows clients by default
    kw.setdefault("bot_caps", BotCaps(seconds=None))
    return create_app(db_url, bot_modules=("faulty_bots",), **kw)


def info(c, g):
    return c.get(f"/api/games/{g['id']}").json()


def finished(c, g):
    i = info(c, g)
    return i if i["status"] == "finished" else None


def server_notes(c, g):
    return [line["text"] for line in c.get(f"/api/games/{g['id']}/view").json()["log"] if line["kind"] == "server"]


@pytest.mark.timeout(60)
def test_a_slow_bot_never_delays_other_games(db_url):
    """Game A's bot computes for 5 s (holding its interpreter, as a search does). Meanwhile
    game B between people plays six moves over REST and the socket, and game C between two
    random bots plays to its end: all of it before A's bot has moved."""
    with TestClient(app_with_faulty_bots(db_url, bot_workers=2)) as c:
        a = new_game(c, seats=("slow:seconds=5", "human"), seed=1)
        wait_for(lambda: c.app.state.hall.pool.pids)  # A's bot is in its worker process
        b = new_game(c, seed=2)
        cg = new_game(c, seats=("random", "random"), seed=3, rounds=3)
        with socket(c, b['id'], token(b, 1)) as w1:
            for i in range(6):
                seat = i % 2
                v = view(c, b, seat)
                a_ = v["decision"]["options"][0]["action"]
                if seat == 0:
                    r = c.post(f"/api/games/{b['id']}/act",
                               json={"token": token(b, 0), "action": a_, "version": v["version"]})
                    assert r.status_code == 200, r.text
                else:
                    w1.send_json({"type": "act", "action": a_, "version": v["version"]})
                    while (m := w1.receive_json())["type"] != "ack":
                        pass
                    assert m["version"] == i + 1
                assert info(c, a)["version"] == 0  # each of B's moves answered while A's bot thinks
            w1.send_json({"type": "ping"})
            while w1.receive_json()["type"] != "pong":
                pass
        assert actions_of(c, b).__len__() == 6
        done_c = wait_for(lambda: finished(c, cg), timeout=20)
        # the order of events proves it: B and C went on while A's bot was still thinking
        assert info(c, a)["version"] == 0, "game A's bot moved before the other games were done"
        assert done_c["actions"] == 6
        moved = wait_for(lambda: (lambda x: x if x["version"] == 1 else None)(info(c, a)), timeout=30)
        assert moved["to_move"] == 1 and server_notes(c, a) == []  # a slow bot is not a failed bot


def test_bots_think_in_worker_processes(db_url, tmp_path, monkeypatch):
    pidlog = tmp_path / "pids.txt"
    monkeypatch.setenv("COSMO_PIDLOG", str(pidlog))
    with TestClient(app_with_faulty_bots(db_url, bot_workers=1)) as c:
        g = new_game(c, seats=("pidbot", "pidbot"), rounds=2)
        wait_for(lambda: finished(c, g))
        pool = c.app.state.hall.pool
        pids = {int(x) for x in pidlog.read_text().split()}
        assert len(pidlog.read_text().split()) == 4
        assert os.getpid() not in pids and pids == set(pool.pids) and len(pids) == 1  # one worker, reused
    assert not any(alive(p) for p in pids)


@pytest.mark.parametrize("spec,words,limit", [
    ("boom", "failed (RuntimeError: the bot fell over)", 30.0),
    ("illegal", "it chose 999, which is not a legal option", 30.0),
    ("crash", "crashed (its worker process died)", 30.0),
    ("slow:seconds=60", "took too long (it thought longer than the 0.5 s limit)", 0.5),
])
def test_a_failing_bot_is_replaced_by_a_random_legal_move_with_a_note(db_url, spec, words, limit):
    with TestClient(app_with_faulty_bots(db_url, bot_time_limit=limit)) as c:
        g = new_game(c, seats=(spec, spec), rounds=1, seed=5)
        done = wait_for(lambda: finished(c, g), timeout=30)
        assert done["actions"] == 2
        notes = server_notes(c, g)
        assert len(notes) == 2 and all(words in n and "random legal move" in n for n in notes), notes
        pool = c.app.state.hall.pool
        if spec in ("crash",) or spec.startswith("slow"):
            # each decision's process died or was stopped; a fresh one replaced it
            assert pool.replaced >= 2 and len(pool.pids) >= 2
            assert wait_for(lambda: not any(alive(p) for p in pool.pids[:2]), timeout=5)
        # the game's record replays to its end: the random moves were real, legal, stored actions
        from cosmodrome.core import GameRecord
        assert GameRecord.from_json(c.get(f"/api/games/{g['id']}/record").json()).replay().is_terminal()
    with TestClient(create_app(db_url)) as c:  # the notes are stored with the actions
        assert len(server_notes(c, g)) == 2


def test_a_bot_move_made_stale_by_an_undo_is_dropped(db_url, caplog):
    caplog.set_level(logging.INFO, logger="cosmodrome.server")
    with TestClient(app_with_faulty_bots(db_url)) as c:
        g = new_game(c, seats=("human", "slow:seconds=1.5"), seed=11)
        v0 = view(c, g, 0)
        play = next(o["action"] for o in v0["decision"]["options"] if o["action"] != DRAW)  # no chance: undoable
        r = c.post(f"/api/games/{g['id']}/act", json={"token": token(g, 0), "action": play, "version": 0})
        assert r.status_code == 200
        r = c.post(f"/api/games/{g['id']}/undo", json={"token": token(g, 0)})  # while the bot thinks
        assert r.status_code == 200 and r.json()["version"] == 2
        wait_for(lambda: "bot's move is dropped" in caplog.text, timeout=20)
        v = view(c, g, 0)
        assert v["version"] == 2 and v["decision"]["seat"] == 0 and v["view"] == v0["view"]
        assert actions_of(c, g) == []
        assert server_notes(c, g) == []
        # the game goes on: the bot thinks again about the new situation
        r = c.post(f"/api/games/{g['id']}/act", json={"token": token(g, 0), "action": play, "version": 2})
        assert r.status_code == 200
        wait_for(lambda: info(c, g)["version"] == 4, timeout=20)
        assert len(actions_of(c, g)) == 2


def test_the_same_seed_gives_the_same_bot_moves(client):
    games = [new_game(client, seats=("ismcts:iters=30", "ismcts:iters=30"), seed=8, rounds=3) for _ in range(2)]
    for g in games:
        wait_for(lambda: finished(client, g), timeout=30)
    recs = [actions_of(client, g) for g in games]
    assert recs[0] == recs[1] and len(recs[0]) == 6


@pytest.mark.timeout(60)
def test_shutdown_stops_every_worker_even_a_thinking_one(db_url):
    with TestClient(app_with_faulty_bots(db_url, bot_time_limit=None)) as c:
        new_game(c, seats=("slow:seconds=120", "human"))
        new_game(c, seats=("random", "random"), rounds=2)
        pool = c.app.state.hall.pool
        wait_for(lambda: len(pool.pids) == 2, timeout=20)
        assert all(alive(p) for p in pool.pids)
        t0 = time.monotonic()
    assert time.monotonic() - t0 < 15  # the thinking bot was stopped, not waited for
    assert wait_for(lambda: not any(alive(p) for p in pool.pids), timeout=5)


def test_without_worker_processes_bots_think_in_threads(monkeypatch):
    """If no worker process can start at all, the pool says so and still answers."""
    import asyncio
    from concurrent.futures.process import BrokenProcessPool

    from cosmodrome.server import botpool

    async def cannot_start(self):
        raise BrokenProcessPool("no process for you")

    monkeypatch.setattr(botpool.Lane, "start", cannot_start)
    pool = botpool.BotPool(workers=1, time_limit=5)
    job = botpool.Job(game="pocket-race", game_module="cosmodrome.testing.toy", spec="random", seed=3,
                      players=2, game_seed=1, options={"rounds": 2}, actions=[9])
    try:
        action = asyncio.run(pool.decide(job))
        assert pool.in_process and pool.pids == []
        assert action in GameRecord(game="pocket-race", players=2, seed=1, options={"rounds": 2},
                                    actions=[9]).replay().legal_actions()
        boom = botpool.Job(game="pocket-race", game_module="cosmodrome.testing.toy", spec="boom", seed=3,
                           players=2, game_seed=1, options={"rounds": 2})
        with pytest.raises(botpool.BotError, match="the bot fell over"):
            asyncio.run(pool.decide(boom))
    finally:
        pool.close()


def test_prestarted_workers_serve_the_first_bot_and_stop_with_the_server(db_url):
    with TestClient(create_app(db_url, bot_workers=2, bot_prestart=True)) as c:
        pool = c.app.state.hall.pool
        wait_for(lambda: len(pool.pids) == 2, timeout=20)  # started before any bot game
        started = list(pool.pids)
        g = new_game(c, seats=("random", "random"), rounds=2)
        wait_for(lambda: finished(c, g), timeout=20)
        assert pool.pids == started  # the bots used the prestarted processes
    assert wait_for(lambda: not any(alive(p) for p in started), timeout=5)


@pytest.mark.timeout(60)
def test_the_lanes_are_shared_fairly_between_games():
    """One lane. Games A and B have slow bots (each decision computes), game C a quick one;
    A and B have each had a decision already. While A's next decision holds the lane, B asks
    and then C asks: when A's decision ends the lane goes to C, which has used none, before B
    (first come, first served would make C wait for B's slow decision as well)."""
    import asyncio

    from cosmodrome.server.botpool import BotPool, Job

    def job(spec):
        return Job(game="pocket-race", game_module="cosmodrome.testing.toy", spec=spec, seed=3, players=2,
                   game_seed=1, options={"rounds": 2})

    pool = BotPool(workers=1, time_limit=30, modules=("faulty_bots",))

    async def run():
        await pool.prestart()
        await pool.decide(job("slow:seconds=0.3"), key="A")
        await pool.decide(job("slow:seconds=0.3"), key="B")
        done = []

        async def ask(key, spec):
            await pool.decide(job(spec), key=key)
            done.append(key)

        a = asyncio.create_task(ask("A", "slow:seconds=1.5"))
        await asyncio.sleep(0.3)  # A's decision is in the only lane
        b = asyncio.create_task(ask("B", "slow:seconds=0.3"))
        await asyncio.sleep(0.05)
        c = asyncio.create_task(ask("C", "random"))
        await asyncio.sleep(0.05)
        waiting = [e[0] for e in pool.gate()._waiting]
        await asyncio.gather(a, b, c)
        return waiting, done

    try:
        waiting, done = asyncio.run(run())
    finally:
        pool.close()
    assert waiting == ["B", "C"]  # both asked while A thought, B first
    assert done == ["A", "C", "B"]


@pytest.mark.timeout(60)
def test_a_quick_bot_turn_of_several_decisions_waits_for_one_slow_decision_at_most():
    """One lane, kept a moment between a game's decisions. Games A and B have slow bots;
    game C's bot turn is two quick decisions with a pause between them (the move being played,
    the bot delay). While A's decision holds the lane, B and then C ask: C's first decision
    goes first, and its second follows it before B's slow one, which first come, first served
    (or handing the lane out anew at each decision) would put in between."""
    import asyncio

    from cosmodrome.server.botpool import BotPool, Job

    def job(spec):
        return Job(game="pocket-race", game_module="cosmodrome.testing.toy", spec=spec, seed=3, players=2,
                   game_seed=1, options={"rounds": 2})

    pool = BotPool(workers=1, time_limit=30, modules=("faulty_bots",), hold=1.0)

    async def run():
        await pool.prestart()
        for key in ("A", "B"):
            await pool.decide(job("slow:seconds=0.3"), key=key)
        done = []

        async def ask(key, spec):
            await pool.decide(job(spec), key=key, keep=True)
            done.append(key)

        async def turn():
            await ask("C", "random")
            await asyncio.sleep(0.3)  # the move is stored, the bot delay passes
            await ask("C", "random")
            pool.unhold("C")  # the turn is over: a person is to move in C

        a = asyncio.create_task(ask("A", "slow:seconds=1.5"))
        await asyncio.sleep(0.3)
        pool.unhold("A")  # A's bot will not ask again
        b = asyncio.create_task(ask("B", "slow:seconds=0.3"))
        await asyncio.sleep(0.05)
        c = asyncio.create_task(turn())
        await asyncio.gather(a, b, c)
        return done

    try:
        done = asyncio.run(run())
    finally:
        pool.close()
    assert done == ["A", "C", "C", "B"]


@pytest.mark.timeout(120)
def test_a_games_bot_turn_is_not_split_by_other_games_slow_decisions(db_url):
    """The whole server, one lane: two all-bot games of slow bots keep it busy; in game C a
    person plays against two quick bots, whose turns come one after the other. After the
    person's move, at most one slow decision is stored before C's first bot move (the one
    thinking when the person moved) and none between C's two bot moves."""
    with TestClient(app_with_faulty_bots(db_url, bot_workers=1, bot_delay=0.3, bot_prestart=True)) as c:
        pool = c.app.state.hall.pool
        wait_for(lambda: len(pool.pids) == 1, timeout=30)
        slow = [new_game(c, seats=("slow:seconds=1", "slow:seconds=1"), rounds=30) for _ in range(2)]
        g = new_game(c, seats=("human", "random", "random"), rounds=3)
        store = c.app.state.store
        wait_for(lambda: len(actions_of(c, slow[0])) + len(actions_of(c, slow[1])) >= 2, timeout=30)
        for turn in range(2):
            v = view(c, g, 0)
            assert v["decision"] and v["decision"]["seat"] == 0
            r = c.post(f"/api/games/{g['id']}/act", json={"action": v["decision"]["options"][0]["action"],
                                                          "version": v["version"]}, headers=auth(token(g, 0)))
            assert r.status_code == 200, r.text
            n = v["version"] + 1
            wait_for(lambda: len(actions_of(c, g)) >= n + 2, timeout=30)
            mine = [(a.time, a.idx) for a in store.actions(g["id"])][n - 1:n + 2]  # the person's, then C's bots'
            others = sorted(a.time for s in slow for a in store.actions(s["id"]))
            between = [sum(1 for x in others if lo < x < hi) for (lo, _), (hi, _) in zip(mine, mine[1:])]
            assert between[0] <= 1 and between[1] == 0, (turn, between)


def test_a_lane_kept_idle_counts_as_use_so_quick_bot_games_cannot_starve_others():
    """One lane kept between decisions. Game Q's bots decide at once but play a move every
    0.3 s (the bot delay), keeping the lane idle in between; game S, which used the lane for
    2 s lately, asks meanwhile. The kept time counts as Q's use: once Q has used more than S,
    the lane goes to S, long before Q's 20 moves are over."""
    import asyncio

    from cosmodrome.server.botpool import FairGate

    async def run():
        gate, order = FairGate(1, hold=1.0), []
        gate.charge("S", 2.0)

        async def quick():
            for i in range(20):
                await gate.acquire("Q")
                order.append("Q")
                gate.release("Q", 0.001, keep=True)
                await asyncio.sleep(0.3)
            gate.unhold("Q")

        async def slow():
            await asyncio.sleep(0.1)
            await gate.acquire("S")
            order.append("S")
            gate.release("S", 0.01)

        await asyncio.gather(quick(), slow())
        return order

    order = asyncio.run(run())
    assert "S" in order[:12], order


@pytest.mark.parametrize("spec,stored", [
    ("illegal", "The bot of Player 1 failed (it chose 999, which is not a legal option now); a random legal move "
                "was played for it instead."),
    ("boom", "The bot of Player 1 failed (RuntimeError: the bot fell over); a random legal move was played for it "
             "instead."),
])
def test_a_bot_failure_note_is_stored_in_english_and_read_in_each_readers_language(db_url, spec, stored):
    """The note of a failed bot is a server line (server/lines.py): stored once in English with
    its action, read by a Hungarian reader in Hungarian (the seat's name too; the bot's own
    error as it said it) and by an English reader as stored."""
    with TestClient(app_with_faulty_bots(db_url)) as c:
        g = new_game(c, seats=(spec, "human"), rounds=1, seed=5)
        wait_for(lambda: info(c, g)["version"] >= 1)
        notes = [a.note for a in c.app.state.store.actions(g["id"]) if a.note]
        assert notes == [stored], notes
        view_of = f"/api/games/{g['id']}/view"
        english = [x["text"] for x in c.get(view_of + "?lang=en").json()["log"] if x["kind"] == "server"]
        magyar = [x["text"] for x in c.get(view_of + "?lang=hu").json()["log"] if x["kind"] == "server"]
        assert english == notes
        assert len(magyar) == 1 and "Az 1. játékos botja hibázott" in magyar[0] and "random" not in magyar[0], magyar
        assert ("999" if spec == "illegal" else "RuntimeError: the bot fell over") in magyar[0]
