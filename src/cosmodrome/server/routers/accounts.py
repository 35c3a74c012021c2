"""Accounts and sessions, "my games" (docs/SERVER.md, "Accounts", "My games").

Secrets stay put: a password hash never leaves the database; a session id lives only in the
browser's ``HttpOnly`` cookie; a seat's token reaches only the account that holds the seat."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request, Response

from cosmodrome.i18n import _
from cosmodrome.server.accounts import COOKIE, SESSION_SECONDS
from cosmodrome.server.routers import models as m
from cosmodrome.server.routers.deps import (
    AccountDep,
    BaseDep,
    ClientDep,
    HallDep,
    JsonRoute,
    MeDep,
    SeatDep,
    TableDep,
    session_of,
)
from cosmodrome.server.routers.errors import errors
from cosmodrome.server.security import BadRequest
from cosmodrome.server.table import Forbidden, NotFound

router = APIRouter(route_class=JsonRoute, tags=["accounts"])

MY_GAMES_MAX = 100
GAME_ID_MAX = 64


def https(request: Request) -> bool:
    public_url = request.app.state.public_url
    return request.url.scheme == "https" or bool(public_url and public_url.startswith("https:"))


def set_session(request: Request, response: Response, sid: str) -> None:
    response.set_cookie(COOKIE, sid, max_age=SESSION_SECONDS, path="/", httponly=True, samesite="lax",
                        secure=https(request))


@router.post("/api/account/signup", status_code=201, response_model=m.AccountAnswer, summary="Make an account",
             responses=errors(400, 409, 413, 415, 429, 503))
async def sign_up(body: m.Credentials, request: Request, response: Response, client: ClientDep):
    """A new account with the name and password; its session goes into the cookie."""
    account, sid = await request.app.state.accounts.sign_up(body.name, body.password, client)
    set_session(request, response, sid)
    return {"account": account.public()}


@router.post("/api/account/login", response_model=m.AccountAnswer, summary="Log in",
             responses=errors(400, 401, 413, 415, 429, 503))
async def log_in(body: m.Credentials, request: Request, response: Response, client: ClientDep):
    account, sid = await request.app.state.accounts.log_in(body.name, body.password, client)
    set_session(request, response, sid)
    return {"account": account.public()}


@router.post("/api/account/logout", response_model=m.Ok, summary="Log out (here or everywhere)",
             responses=errors(400, 413, 415))
async def log_out(body: m.LogOut, request: Request, response: Response):
    await request.app.state.accounts.log_out(session_of(request), body.everywhere)
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax", secure=https(request))
    return {"ok": True}


@router.get("/api/account", response_model=m.AccountAnswer, summary="Who is logged in")
async def whoami(account: AccountDep):
    return {"account": account.public() if account else None}


@router.post("/api/games/{game_id}/account-seat", response_model=m.AccountSeat,
             summary="Play the token's seat as the logged-in account", responses=errors(401, 403, 404, 409, 503))
async def take_as_account(account: MeDep, t: TableDep, seat: SeatDep, hall: HallDep):
    if seat is None:
        raise Forbidden(_("taking a seat as your account needs that seat's link"))
    await hall.seat_account(t, seat, account)
    return {"ok": True, "seat": seat, "player": account.name}


async def game_entry(hall, game_id: str, seat: int) -> dict[str, Any]:
    """One line of a "my games" list: the game and whether it is the seat's turn."""
    t = await hall.table(game_id)
    info = t.info()
    s = info["seats"][seat]
    mine = info["status"] == "running" and info["to_move"] == seat and not s.get("stand_in")
    return {"id": game_id, "game": info["game"], "title": info["title"], "status": info["status"],
            "seat": seat, "seat_name": s["name"], "your_turn": mine, "to_move": info["to_move"],
            "to_move_name": info["to_move_name"], "actions": info["actions"], "clock": info["clock"],
            "stand_in": s.get("stand_in"), "result": info["result"], "seats": info["seats"],
            "created": info["created"]}


@router.get("/api/account/games", response_model=m.MyGames, summary="The logged-in account's games",
            responses=errors(401))
async def my_games(account: MeDep, hall: HallDep, base: BaseDep):
    """The games in which the logged-in account holds a seat, newest first, each with the
    seat's link (its token goes to this account only) and whether it is its turn."""
    rows = await asyncio.to_thread(hall.store.list_games, None)
    out = []
    for row in rows:
        seats = [i for i, s in enumerate(row.seats) if s.account == account.id]
        if not seats:
            continue
        entry = await game_entry(hall, row.id, seats[0])
        entry["link"] = f"{base}/table.html?game={row.id}#token={row.seats[seats[0]].token}"
        out.append(entry)
        if len(out) >= MY_GAMES_MAX:
            break
    return {"games": out}


@router.post("/api/games/status", response_model=m.MyGames, summary="The state of several games",
             responses=errors(400, 413, 415))
async def many_games(body: m.ManyGames, hall: HallDep):
    """The state of several games at once for a "my games" page kept in the browser:
    ``{games: [{id, seat}]}`` (at most 100; no tokens needed: whose turn is public)."""
    out = []
    for it in body.games:
        if not isinstance(it, dict) or not isinstance(it.get("id"), str) or isinstance(it.get("seat"), bool) \
                or not isinstance(it.get("seat"), int):
            raise BadRequest(_('each game is {"id": text, "seat": a whole number}'))
        if len(it["id"]) > GAME_ID_MAX:  # no game's id is that long: not echoed back
            raise BadRequest(_("a game id has at most {most} characters, not {n}").format(
                most=GAME_ID_MAX, n=len(it['id'])))
        try:
            t = await hall.table(it["id"])
        except NotFound:
            out.append({"id": it["id"], "missing": True})
            continue
        if not 0 <= it["seat"] < t.row.players:
            raise BadRequest(_("game {game_id} has seats 0 to {players}").format(
                game_id=it['id'], players=t.row.players - 1))
        out.append(await game_entry(hall, it["id"], it["seat"]))
    return {"games": out}
