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
import signal
import time

import pytest
import websockets
from server_helpers import stop
from test_postgres import pg, pg_url  # noqa: F401  (the throwaway cluster and a database of it)
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
def test_a_move_through_one_process_reaches_a_socket_on_the_other_and_writes_go_to_the_owner(pg_url, tmp_path):  # noqa: F811
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
        assert leases(pg_url) == owners  # the owner never changed
    finally:
        stop(pa)
        stop(pb)
