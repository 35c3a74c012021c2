"""Clocks of live tables: starting, time-outs and the deadline watch (docs/SERVER.md,
"Clocks"; the clock arithmetic is :mod:`cosmodrome.server.clocks`)."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any, Optional

from cosmodrome import i18n
from cosmodrome.i18n import _
from cosmodrome.server import clocks, lines
from cosmodrome.server.hall_writes import in_english
from cosmodrome.server.seatbots import bot_levels
from cosmodrome.server.seats import Seat
from cosmodrome.server.storage import StorageError
from cosmodrome.server.table import Table

log = logging.getLogger("cosmodrome.server")


class Clocking:
    """The :class:`~cosmodrome.server.tables.Hall`'s part for this concern (a mixin: the
    hall's state is set up in its ``__init__``)."""

    def _clock_start(self, t: Table, seats: list[Seat], meta: dict[str, Any]) -> Optional[dict[str, Any]]:
        """``meta`` with the clocks started when every person's seat of ``seats`` is claimed
        (every person is at the table), else None."""
        clock = meta.get("clock")
        if clock is None or clock.get("started") or t.row.status != "running" or not all(
                s.claimed for s in seats if s.kind == "human"):
            return None
        clock = clocks.pass_turn(dict(clock, started=True), t.state.to_move(), t.clocked(), time.time())
        return dict(meta, clock=clock)

    def stand_in_level(self, t: Table) -> str:
        """The bot that plays a seat whose clock ran out: the game's easy bot, else random."""
        levels = bot_levels(t.game)
        return "heuristic" if "heuristic" in levels else "random"

    async def time_out(self, t: Table, now: float) -> None:
        """The running clock of ``t`` passed its deadline: a bot takes the seat until its
        player returns, or the game ends with that seat losing (the table's choice)."""
        async with t.lock:
            clock = t.clock
            if t.row.status != "running" or clock is None or clock["seat"] is None or clock["deadline"] > now:
                return
            seat = clock["seat"]
            meta = dict(t.row.meta, clock=clocks.ran_out(clock, seat))
            if clock["on_timeout"] == "end":
                meta["timeout"] = seat
                said = lines.TIMED_OUT_TEAM_LOST if t.game.cooperative else lines.TIMED_OUT_SEAT_LOSES
                line = i18n.later(lambda: _(said).format(who=t.person(seat), seat=t.seat_name(seat)))
                await self._say(t, None, "server", "server", in_english(line), meta=meta, status="finished")
            else:
                seats = list(t.row.seats)
                level = self.stand_in_level(t)
                seats[seat] = seats[seat].but(stand_in=level)
                line = i18n.later(lambda: _(lines.TIMED_OUT_BOT_PLAYS).format(
                    who=t.person(seat), level=lines.level_word(level), seat=t.seat_name(seat)))
                await self._say(t, None, "server", "server", in_english(line), seats=seats, meta=meta)
            log.info("game %s: seat %s ran out of time", t.id, seat + 1)
        await self.broadcast(t, 0, reset=True, notice=line)
        if t.row.status == "finished":
            self.finished(t)
        else:
            self.wake_bots(t)

    async def start_clocks(self) -> None:
        """On start: move every running deadline later by the time the server was down (from
        the last instant it recorded being up), so a restart never eats a player's time; then
        watch the deadlines."""
        now = time.time()
        last = await asyncio.to_thread(self.store.mark, "alive")
        down = max(0.0, now - last) if last is not None else 0.0
        for t in list(self.tables.values()):
            clock = t.clock
            if self.cluster is not None and t.id not in self._unleased:
                continue  # a game taken from another process had its clock moved on then (hall_cluster)
            if down and t.row.status == "running" and clock is not None and clock.get("deadline") is not None:
                meta = dict(t.row.meta, clock=clocks.shifted(clock, down))
                async with t.lock:
                    await self.store.submit_change(t.id, meta=meta, loop=asyncio.get_running_loop())
                    t.row.meta = meta
        await self.store.submit_mark("alive", now, loop=asyncio.get_running_loop())
        if down:
            log.info("the server was down %.1f s: running clocks were moved on by that", down)
        self.clock_task = asyncio.get_running_loop().create_task(self._clock_loop())

    async def _clock_loop(self) -> None:
        last_mark = time.time()
        while not self.closing:
            await asyncio.sleep(self.clock_scan)
            now = time.time()
            for t in list(self.tables.values()):
                c = t.clock
                if not self.owns(t):  # the clock runs at the game's owner
                    continue
                if (t.row.status == "running" and c is not None and c.get("deadline") is not None
                        and c["deadline"] <= now):
                    try:
                        await self.time_out(t, now)
                    except StorageError as exc:  # tried again at the next scan
                        log.error("could not store a time-out in %s: %s", t.id, exc)
                    except Exception:
                        log.exception("time-out of %s", t.id)
            if now - last_mark >= self.alive_every:
                try:
                    await self.store.submit_mark("alive", now, loop=asyncio.get_running_loop())
                    last_mark = now
                except StorageError as exc:
                    log.error("could not record that the server is up: %s", exc)
