"""Seats: using a token, joining an open seat, naming a seat, playing it as an account
(docs/SERVER.md, "Seats")."""

from __future__ import annotations

import asyncio
import logging
import secrets
from typing import Any, Optional

from cosmodrome.i18n import _
from cosmodrome.server.hall_cluster import HERE, forwarded
from cosmodrome.server.seats import joinable, with_address
from cosmodrome.server.security import BadRequest
from cosmodrome.server.storage import StorageError
from cosmodrome.server.table import Conflict, Forbidden, Table, display_name

log = logging.getLogger("cosmodrome.server")


class Seating:
    """The :class:`~cosmodrome.server.tables.Hall`'s part for this concern (a mixin: the
    hall's state is set up in its ``__init__``)."""

    async def use(self, t: Table, token: Optional[str], address: Optional[str] = None) -> Optional[int]:
        """The seat of ``token`` (None: a spectator; Forbidden: a bad token), which this use
        claims (docs/SERVER.md, "Seats"): the first use of a seat's token of any kind marks it
        taken, stored before the caller answers. A seat a stranger could still take (an open
        seat of an older row) is claimed or the use fails (StorageError, nothing changed);
        for any other seat a refused write only leaves it listed as not yet taken.
        ``address`` (of the request) is recorded for a rated game's rating rules."""
        seat = t.seat_for_token(token)
        if seat is None or t.row.status != "running":
            return seat
        if t.row.seats[seat].claimed and with_address(t.row.meta, seat, address) is None:
            return seat  # the usual case: nothing to write
        there = await self.elsewhere(t, "use", token=token, address=address)  # the game's owner writes
        if there is not HERE:
            return there
        async with t.lock:
            seat = t.seat_for_token(token)  # a join may have replaced a never-used token meanwhile
            if seat is None or t.row.status != "running":
                return seat
            vital = joinable(t.row.seats[seat], t.row.public, t.row.status)
            meta = with_address(t.row.meta, seat, address)
            seats = None
            if not t.row.seats[seat].claimed:
                seats = list(t.row.seats)
                seats[seat] = seats[seat].but(claimed=True, open=False)
                meta = self._clock_start(t, seats, meta or t.row.meta) or meta
            if seats is None and meta is None:
                return seat
            try:
                await self.store.submit_change(t.id, seats=seats, meta=meta, loop=asyncio.get_running_loop())
            except StorageError as exc:
                if vital:
                    raise
                log.warning("could not mark seat %s of %s taken: %s", seat + 1, t.id, exc)
                return seat
            started = meta is not None and (meta.get("clock") or {}).get("started") and \
                not (t.clock or {}).get("started")
            if seats is not None:
                t.row.seats = seats
            if meta is not None:
                t.row.meta = meta
        if started:
            await self.broadcast(t, 0, reset=True)
        return seat

    @forwarded("name")
    async def set_name(self, t: Table, seat: Optional[int], raw: Any) -> str:
        """The person at ``seat`` picks a display name; every socket of the game is told."""
        if seat is None:
            raise Forbidden(_("a spectator has no seat to name: open a seat's link"))
        if t.row.seats[seat].kind != "human":
            raise Forbidden(_("a bot's seat keeps its name"))
        name = display_name(raw)
        async with t.lock:
            seats = list(t.row.seats)
            seats[seat] = seats[seat].but(display=name)
            await asyncio.to_thread(self.store.set_seats, t.id, seats)
            t.row.seats = seats
        await self.broadcast(t, 0, reset=True)
        return name

    @forwarded("account")
    async def seat_account(self, t: Table, seat: int, account: Any) -> None:
        """``seat`` is played as ``account`` from now on (its games, ratings): the person
        holding the seat's link chose so. A seat another account holds stays theirs."""
        if t.row.seats[seat].kind != "human":
            raise Forbidden(_("a bot's seat cannot be taken as an account"))
        async with t.lock:
            held = t.row.seats[seat].account
            if held == account.id:
                return
            if held is not None:
                raise Conflict(_("{who} is played by another account").format(who=t.seat_name(seat)))
            seats = list(t.row.seats)
            seats[seat] = seats[seat].but(account=account.id, player=account.name, display=account.name)
            await self.store.submit_change(t.id, seats=seats, loop=asyncio.get_running_loop())
            t.row.seats = seats
        await self.broadcast(t, 0, reset=True)

    @forwarded("join")
    async def join(self, t: Table, seat: Optional[int], address: Optional[str] = None,
                   account: Any = None) -> tuple[int, str]:
        """Take an open seat of a public game (docs/SERVER.md, "Seats"): the seat gets a new
        token, made now for this person only, and is claimed (stored before the answer; as
        ``account`` when given). Returns (seat, token)."""
        if not t.row.public:
            raise Forbidden(_("this game is private: ask its creator for a join link"))
        if seat is not None and not 0 <= seat < t.row.players:
            raise BadRequest(_("'seat' must be 0 to {players} (this game has {seats} seats), not {seat}").format(
                players=t.row.players - 1, seats=t.row.players, seat=seat))
        async with t.lock:
            if t.row.status != "running":
                raise Conflict(_("this game is over"))
            free = [i for i, s in enumerate(t.row.seats) if joinable(s, t.row.public, t.row.status)]
            if seat is not None:
                if seat not in free:
                    raise Conflict(_("seat {seat} ({name}) is not open: it is a bot's, taken, or kept for "
                                     "someone the creator invited").format(seat=seat, name=t.seat_name(seat)))
                free = [seat]
            if not free:
                raise Conflict(_("no open seat in this game"))
            i = free[0]
            token = secrets.token_urlsafe(16)
            seats = list(t.row.seats)
            seats[i] = seats[i].but(token=token, claimed=True, open=False)
            if account is not None:
                seats[i] = seats[i].but(account=account.id, player=account.name, display=account.name)
            meta = with_address(t.row.meta, i, address)
            meta = self._clock_start(t, seats, meta or t.row.meta) or meta
            await self.store.submit_change(t.id, seats=seats, meta=meta, loop=asyncio.get_running_loop())
            t.row.seats = seats
            if meta is not None:
                t.row.meta = meta
        await self.broadcast(t, 0, reset=True)
        return i, token
