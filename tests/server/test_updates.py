"""Moves as updates (docs/SERVER.md, "Table messages"): a socket that asks for them gets only
what changed since its last table, and applying those updates to its first full table gives
exactly the full table of the current version, for every seat and a spectator."""

from __future__ import annotations

import asyncio
import copy
import json
import random

from server_helpers import new_game, socket, token

from cosmodrome.server.storage import Store
from cosmodrome.server.tables import Conn, Hall
from cosmodrome.server.updates import Feed, _base, apply_update, built_from, dumps, update_between, view_ops

#: the fields compared (the log is compared as the lines accumulated; chat and notices come
#: with full tables only)
SKIP = {"log", "log_reset", "chat", "notice", "type"}


def _same_table(held: dict, log: list, full: dict) -> None:
    assert {k: v for k, v in held.items() if k not in SKIP} == {k: v for k, v in full.items() if k not in SKIP}
    assert log == full["log"]


def _drain(t, conn: Conn, held: dict, log: list, kinds: list) -> dict:
    """What the socket's sender would send, applied as the page applies it."""
    while not conn.queue.empty():
        msg = conn.queue.get_nowait()
        if msg.get("type") == "resync":
            out = conn.feed.full(t.table_message(conn.seat))
        else:
            out = conn.feed.next(msg, lambda: t.table_message(conn.seat))
        if out is None:
            continue
        out = json.loads(dumps(out))  # as it travels
        kinds.append(out["type"])
        if out["type"] == "table":
            held.clear()
            held.update(out)
            log[:] = out["log"] if out["log_reset"] else log + out["log"]
        elif out["type"] == "update":
            new = apply_update(held, out)
            held.clear()
            held.update(new)
            log.extend(out["log"])
    return held


async def _play_venus(tmp_path, seed: int, moves: int) -> None:
    store = Store(f"sqlite:///{tmp_path / 'u.sqlite'}")
    hall = Hall(store)
    try:
        t = await hall.create("venus", 4, {}, seed=seed, seats=[{"kind": "human"}] * 4)
        seats = [0, 1, 2, 3, None]
        conns = [Conn(s, feed=Feed(True)) for s in seats]
        for c in conns:
            t.conns.add(c)
            c.queue.put_nowait({"type": "resync"})
        helds = [{} for _ in seats]
        logs = [[] for _ in seats]
        kinds: list = []
        rng = random.Random(seed)
        for _ in range(moves):
            if t.row.status != "running":
                break
            await hall.act(t, t.state.to_move(), rng.choice(t.state.legal_actions()), t.version)
            for c, held, log in zip(conns, helds, logs):
                _drain(t, c, held, log, kinds)
                _same_table(held, log, t.table_message(c.seat))
        assert kinds.count("update") >= 5 * (moves - 1) - 5, kinds[:20]
        assert helds[0]["view"]["hand"] != helds[1]["view"]["hand"] and helds[4]["view"]["hand"] is None
    finally:
        await hall.close()
        store.close()


def test_updates_rebuild_every_seats_full_table_over_random_venus_play(tmp_path):
    for seed in (1, 2):
        (tmp_path / str(seed)).mkdir()
        asyncio.run(_play_venus(tmp_path / str(seed), seed, 60))


def test_an_update_is_smaller_than_the_table_it_replaces(tmp_path):
    async def run():
        store = Store(f"sqlite:///{tmp_path / 's.sqlite'}")
        hall = Hall(store)
        try:
            t = await hall.create("venus", 4, {}, seed=5, seats=[{"kind": "human"}] * 4)
            c = Conn(0, feed=Feed(True))
            t.conns.add(c)
            c.feed.full(t.table_message(0))
            rng = random.Random(5)
            sizes = []
            for _ in range(30):
                await hall.act(t, t.state.to_move(), rng.choice(t.state.legal_actions()), t.version)
                msg = c.queue.get_nowait()
                up = c.feed.next(msg, lambda: t.table_message(0))
                sizes.append((len(dumps(up)), len(dumps(msg))))
            assert sum(a for a, _ in sizes) * 3 < sum(b for _, b in sizes), sizes
        finally:
            await hall.close()
            store.close()
    asyncio.run(run())


def test_a_socket_that_asks_for_updates_gets_them_and_one_that_does_not_gets_tables(client):
    g = new_game(client, seed=4)
    gid = g["id"]
    with socket(client, gid, None) as old, client.websocket_connect(f"/ws/games/{gid}") as new:
        new.send_json({"type": "hello", "token": token(g, 0), "updates": True})
        first_old, first_new = old.receive_json(), new.receive_json()
        assert first_old["type"] == first_new["type"] == "table"
        new.send_json({"type": "act", "action": first_new["decision"]["options"][0]["action"], "version": 0})
        got = [new.receive_json(), new.receive_json()]
        up = next(m for m in got if m["type"] == "update")
        assert up["from"] == 0 and up["version"] == 1 and "view" not in up and "view_ops" in up
        assert "title" not in up and "seats" not in up  # unchanged fields are not sent again
        assert old.receive_json()["type"] == "table"


def test_a_hello_with_a_bad_updates_flag_is_refused(client):
    g = new_game(client, seed=4)
    with client.websocket_connect(f"/ws/games/{g['id']}") as ws:
        ws.send_json({"type": "hello", "token": None, "updates": "yes"})
        m = ws.receive_json()
        assert m["type"] == "error" and "updates" in m["error"]


def _msg(version, reset=False, **fields):
    return {"type": "table", "version": version, "log": [f"line {version}"], "log_reset": reset,
            "view": {"n": version}, **fields}


def test_a_feed_skips_what_a_later_whole_table_covered_and_sends_a_whole_table_after_a_gap():
    feed = Feed(True)
    assert feed.full(_msg(5, reset=True))["version"] == 5  # a resync built when sent, at version 5
    assert feed.next(_msg(4), lambda: None) is None  # a move queued before it: already covered
    assert feed.next(_msg(5), lambda: None) is None
    up = feed.next(_msg(6), lambda: None)
    assert up["type"] == "update" and up["from"] == 5 and up["view_ops"] == [["s", ["n"], 6]]
    current = _msg(9, reset=True)
    assert feed.next(_msg(8), lambda: current) is current  # a gap: the whole table of now
    assert feed.next({"type": "chat", "line": {}}, lambda: None) == {"type": "chat", "line": {}}
    old = Feed(False)  # a socket that did not ask for updates gets every table as it was built
    assert old.next(_msg(1), lambda: None) == _msg(1)


def test_a_log_that_keeps_its_last_lines_travels_as_its_new_lines_only():
    """Venus's view keeps the last 24 lines of its log: once full, a move that adds two lines
    drops the first two. The update says so (``t`` 2, ``a`` the two lines), not every line
    again, and applied to the old table it gives the new one."""
    lines = [f"line {i}" for i in range(30)]
    old = {"type": "table", "version": 7, "log": [], "view": {"log": lines[:24], "n": 1}}
    new = {"type": "table", "version": 8, "log": [], "view": {"log": lines[2:26], "n": 1}}
    up = update_between(old, new)
    assert up["view_ops"] == [["t", ["log"], 2], ["a", ["log"], ["line 24", "line 25"]]]
    assert apply_update(old, up)["view"] == new["view"]
    assert old["view"]["log"] == lines[:24]  # the old table is left as it was
    # a list that changed otherwise is still set item by item (or whole)
    other = {"type": "table", "version": 8, "log": [], "view": {"log": lines[:23] + ["x"], "n": 1}}
    assert update_between(old, other)["view_ops"] == [["s", ["log", 23], "x"]]


def test_a_views_own_keys_are_found_whatever_the_order_of_its_keys():
    """A view built from a shared part: its own keys are those whose value is not the shared
    part's object (an equal copy is its own), and those only one of the two has, whether its
    keys come in the shared part's order or not; its diff from another such view is the same
    as the plain diff of two copies of them (which no table noted)."""
    common = {"a": [1], "b": {"x": 1}, "c": None, "n": 3}
    views = [dict(common, b={"x": 2}),                           # the usual: a value replaced
             dict(common, d=None),                               # a key the shared part lacks
             {"n": 3, "c": None, "b": common["b"], "a": [1]},    # another order, an equal copy
             {"a": common["a"], "b": common["b"], "n": 3}]       # a key of the shared part left out
    for view, own in zip(views, [{"b"}, {"d"}, {"a"}, {"c"}]):
        built_from(view, common)
        assert _base(view)[2] == own
    later = {"a": [1, 2], "b": common["b"], "c": "now", "n": 3}
    new = dict(later, b={"x": 5})
    built_from(new, later)
    for view in views:
        plain = view_ops(copy.deepcopy(view), copy.deepcopy(new))
        assert view_ops(view, new) == plain and plain
