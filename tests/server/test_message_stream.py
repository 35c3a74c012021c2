"""Every message a socket receives is what a fresh computation of its seat's full table gives
(docs/SERVER.md, "Table messages"): seeded Venus and Moon games played through the hall with
four seats and a spectator reading in two languages, some sockets asking for updates and some
for whole tables. After each move, name change and chat line, each socket's message, byte for
byte, must equal the one built from scratch: the table loaded anew from the database by
another hall (no cache of the live table's), its message for that seat and language, and for
a socket that asked for updates the difference worked out plainly (:func:`_plain_update`) from
the fresh table it holds. The server's shortcuts (names kept per language, the seat-independent
part of the view built and diffed once a move) must never show."""

from __future__ import annotations

import asyncio
import random

import pytest

from cosmodrome import i18n
from cosmodrome.server.storage import Store
from cosmodrome.server.tables import Conn, Hall
from cosmodrome.server.updates import _NOT_DIFFED, Feed, _diff, dumps

#: (seat, language, asks for updates): four seats and a spectator, English and Hungarian mixed
SOCKETS = [(0, "en", True), (1, "hu", True), (2, "hu", False), (3, "en", True), (None, "hu", True),
           (None, "en", False), (1, "en", True)]


def _plain_update(sent: dict, msg: dict) -> dict:
    """The update from ``sent`` to ``msg`` as :func:`~cosmodrome.server.updates.update_between`
    defines it, worked out plainly: every field compared, the views diffed whole."""
    up = {"type": "update", "from": sent["version"], "version": msg["version"], "log": msg["log"]}
    for k, v in msg.items():
        if k not in _NOT_DIFFED and (k not in sent or sent[k] != v):
            up[k] = v
    ops: list = []
    if sent["view"] != msg["view"]:
        _diff(sent["view"], msg["view"], [], ops)
    if ops:
        up["view_ops"] = ops
    return up


def _received(t, conn: Conn) -> list[str]:
    """The messages the socket's sender sends for what is queued (as server/app.py does)."""
    out = []
    while not conn.queue.empty():
        msg = conn.queue.get_nowait()
        with i18n.using(conn.lang):
            if msg.get("type") == "resync":
                sent = conn.feed.full(t.table_message(conn.seat))
            else:
                sent = conn.feed.next(msg, lambda: t.table_message(conn.seat))
        if sent is not None:
            out.append(dumps(sent))
    return out


class _Fresh:
    """The reference: the table loaded anew from the database for every message."""

    def __init__(self, store: Store) -> None:
        self.hall = Hall(store)
        self.held: dict = {}

    async def expected(self, gid: str, log_start: int, reset: bool, notice=None) -> list[str]:
        self.hall.tables.pop(gid, None)
        t = await self.hall.table(gid)
        out = []
        for k, (seat, lang, updates) in enumerate(SOCKETS):
            with i18n.using(lang):
                msg = t.table_message(seat, log_start, reset, i18n.written(notice))
            if updates and not reset:
                sent = _plain_update(self.held[k], msg)
            else:
                sent = msg
            self.held[k] = msg
            out.append(dumps(sent))
        return out


async def _play(tmp_path, game: str, options: dict, seed: int, moves: int) -> int:
    store = Store(f"sqlite:///{tmp_path / f'{game}-{seed}.sqlite'}")
    hall = Hall(store)
    fresh = _Fresh(store)
    checked = 0
    try:
        t = await hall.create(game, 4, options, seed=seed, seats=[{"kind": "human"}] * 4)
        conns = [Conn(seat, feed=Feed(updates), lang=lang) for seat, lang, updates in SOCKETS]
        for c in conns:
            t.conns.add(c)
            c.queue.put_nowait({"type": "resync"})
        # the first tables: whole, as on connect
        assert [m for c in conns for m in _received(t, c)] == await fresh.expected(t.id, 0, True)
        rng = random.Random(seed)
        for step in range(moves):
            if t.row.status != "running":
                break
            if step == moves // 3:  # a person names themselves: every socket gets the whole table
                await hall.set_name(t, 1, "Ada")
                want = await fresh.expected(t.id, 0, True)
            elif step == moves // 2:  # a chat line (its own message) between two moves
                await hall.chat(t, 2, "gl hf")
                got = [m for c in conns for m in _received(t, c)]
                assert len(got) == len(conns) and all('"type":"chat"' in m for m in got)
                continue
            else:
                idx = len(t.record.actions)
                await hall.act(t, t.state.to_move(), rng.choice(t.state.legal_actions()), t.version)
                want = await fresh.expected(t.id, idx, False)
            got = [m for c in conns for m in _received(t, c)]
            for k, (g, w) in enumerate(zip(got, want)):
                assert g == w, (game, step, SOCKETS[k])
            assert len(got) == len(want)
            checked += 1
        # the two languages were read (seat 1 in Hungarian and in English)
        assert fresh.held[1]["seat_name"] != fresh.held[6]["seat_name"]
        assert fresh.held[1]["seats"][1]["display"] == "Ada"
    finally:
        await fresh.hall.close()
        await hall.close()
        store.close()
    return checked


@pytest.mark.parametrize("game,options,seed", [("venus", {}, 3), ("venus", {}, 8), ("moon", {"advanced": True}, 5)])
def test_every_socket_receives_what_a_fresh_table_gives(tmp_path, game, options, seed):
    checked = asyncio.run(_play(tmp_path, game, options, seed, 90))
    assert checked >= 80
