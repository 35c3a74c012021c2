"""Seats: join an open seat, name a seat, take a seat back from its stand-in bot, start a
rematch (docs/SERVER.md, "Seats")."""

from __future__ import annotations

from fastapi import APIRouter, Depends, Request

from cosmodrome.i18n import _
from cosmodrome.server.routers import models as m
from cosmodrome.server.routers.deps import (
    AccountDep,
    BaseDep,
    ClientDep,
    HallDep,
    JsonRoute,
    SeatDep,
    TableDep,
    broadcast_costs,
    creation_costs,
    token_of,
)
from cosmodrome.server.routers.errors import errors
from cosmodrome.server.routers.games import links
from cosmodrome.server.table import Forbidden

router = APIRouter(route_class=JsonRoute, tags=["seats"])

#: told to everyone who joins a game whose seed its creator chose (such a game is never rated)
SEED_CHOSEN = ("The creator of this game chose its seed, so they may know every hand and the order of every "
               "draw. Such a game is never rated.")


@router.post("/api/games/{game_id}/join", response_model=m.Joined, summary="Take an open seat of a public game",
             responses=errors(400, 403, 404, 409, 413, 415, 503))
async def join(t: TableDep, body: m.Join, hall: HallDep, client: ClientDep, account: AccountDep, base: BaseDep):
    """The seat gets a new token, made now for this person only (as their account when
    logged in)."""
    i, token = await hall.join(t, body.seat, client, account)
    out = {"seat": i, "token": token, "link": f"{base}/table.html?game={t.id}#token={token}",
           "seed_chosen": t.seed_chosen}
    if t.seed_chosen:
        out["notice"] = SEED_CHOSEN
    return out


@router.post("/api/games/{game_id}/name", response_model=m.Named, summary="Name the seat",
             dependencies=[Depends(broadcast_costs)], responses=errors(400, 403, 404, 413, 415, 429, 503))
async def name(t: TableDep, seat: SeatDep, body: m.Name, hall: HallDep):
    """The display name the others see at the seat of the token."""
    return {"ok": True, "seat": seat, "name": await hall.set_name(t, seat, body.name)}


async def _seat_to_take_back(request: Request, t: TableDep, hall: HallDep, client: ClientDep):
    token = token_of(request)
    if not token:
        raise Forbidden(_("taking a seat back needs the seat's token (from its join link)"))
    return await hall.use(t, token, client)


@router.post("/api/games/{game_id}/back", response_model=m.TakenBack, summary="Take the seat back from its bot",
             dependencies=[Depends(broadcast_costs)], responses=errors(403, 404, 409, 429, 503))
async def take_back(t: TableDep, hall: HallDep, seat: int = Depends(_seat_to_take_back)):
    """The player of a seat whose clock ran out takes it back from the bot standing in."""
    return await hall.take_back(t, seat)


@router.post("/api/games/{game_id}/rematch", response_model=m.Rematch, summary="Start a rematch",
             responses=errors(403, 404, 409, 429, 503))
async def rematch(t: TableDep, seat: SeatDep, request: Request, hall: HallDep, base: BaseDep):
    """The same game with a new seed; each person's seat is kept for its holder."""
    creation_costs(request)
    nxt = await hall.rematch(t, seat)
    mine = nxt.row.seats[seat]
    out = links(base, nxt)
    return {"id": nxt.id, "seat": seat, "token": mine.token,
            "link": out["seats"][seat].get("link"), "spectate": out["spectate"]}
