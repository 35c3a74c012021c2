"""The API of people across games: accounts and sessions, "my games", ratings and profiles
(docs/SERVER.md, "Accounts", "My games", "Ratings"). Mounted by :func:`create_app`.

Secrets stay put: a password hash never leaves the database; a session id lives only in the
browser's ``HttpOnly`` cookie; a seat's token reaches only the account that holds the seat."""

from __future__ import annotations

import asyncio
from typing import Any, Callable, Optional

from fastapi import APIRouter, Request, Response

from cosmodrome.core import games as game_types
from cosmodrome.server.accounts import COOKIE, SESSION_SECONDS, Account, Accounts, Unauthorized
from cosmodrome.server.ratings import Ratings
from cosmodrome.server.security import BadRequest
from cosmodrome.server.tables import Forbidden, Hall, NotFound
from cosmodrome.server import stats

MY_GAMES_MAX = 100


def session_of(request: Request) -> Optional[str]:
    return request.cookies.get(COOKIE)


def router(accounts: Accounts, ratings: Ratings, hall: Callable[[], Hall], body, client, base, token,
           https: Callable[[Request], bool]) -> APIRouter:
    """The routes; ``body``, ``client``, ``base`` and ``token`` are the app's request helpers."""
    api = APIRouter()

    def set_session(request: Request, response: Response, sid: str) -> None:
        response.set_cookie(COOKIE, sid, max_age=SESSION_SECONDS, path="/", httponly=True, samesite="lax",
                            secure=https(request))

    async def me(request: Request) -> Account:
        account = await accounts.current(session_of(request))
        if account is None:
            raise Unauthorized("log in first (your session ended or was never started)")
        return account

    # ----- accounts -----------------------------------------------------------------
    async def enter(request: Request, response: Response, how) -> dict:
        """Sign up or log in (``how``) with the request's name and password; the new
        session goes into the cookie."""
        data = await body(request)
        account, sid = await how(data.get("name"), data.get("password"), client(request))
        set_session(request, response, sid)
        return {"account": account.public()}

    @api.post("/api/account/signup", status_code=201)
    async def sign_up(request: Request, response: Response):
        return await enter(request, response, accounts.sign_up)

    @api.post("/api/account/login")
    async def log_in(request: Request, response: Response):
        return await enter(request, response, accounts.log_in)

    @api.post("/api/account/logout")
    async def log_out(request: Request, response: Response):
        data = await body(request)
        everywhere = data.get("everywhere", False)
        if not isinstance(everywhere, bool):
            raise BadRequest("'everywhere' must be true or false")
        await accounts.log_out(session_of(request), everywhere)
        response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax", secure=https(request))
        return {"ok": True}

    @api.get("/api/account")
    async def whoami(request: Request):
        account = await accounts.current(session_of(request))
        return {"account": account.public() if account else None}

    @api.post("/api/games/{game_id}/account-seat")
    async def take_as_account(game_id: str, request: Request):
        account = await me(request)
        t = await hall().table(game_id)
        seat = await hall().use(t, token(request), client(request))
        if seat is None:
            raise Forbidden("taking a seat as your account needs that seat's link")
        await hall().seat_account(t, seat, account)
        return {"ok": True, "seat": seat, "player": account.name}

    # ----- my games -----------------------------------------------------------------
    @api.get("/api/account/games")
    async def my_games(request: Request):
        """The games in which the logged-in account holds a seat, newest first, each with
        the seat's link (its token goes to this account only) and whether it is its turn."""
        account = await me(request)
        rows = await asyncio.to_thread(hall().store.list_games, None)
        out = []
        for row in rows:
            seats = [i for i, s in enumerate(row.seats) if s.get("account") == account.id]
            if not seats:
                continue
            entry = await game_entry(row.id, seats[0])
            entry["link"] = f"{base(request)}/table.html?game={row.id}#token={row.seats[seats[0]]['token']}"
            out.append(entry)
            if len(out) >= MY_GAMES_MAX:
                break
        return {"games": out}

    async def game_entry(game_id: str, seat: int) -> dict[str, Any]:
        t = await hall().table(game_id)
        info = t.info()
        s = info["seats"][seat]
        mine = info["status"] == "running" and info["to_move"] == seat and not s.get("stand_in")
        return {"id": game_id, "game": info["game"], "title": info["title"], "status": info["status"],
                "seat": seat, "seat_name": s["name"], "your_turn": mine, "to_move": info["to_move"],
                "to_move_name": info["to_move_name"], "actions": info["actions"], "clock": info["clock"],
                "stand_in": s.get("stand_in"), "result": info["result"], "seats": info["seats"],
                "created": info["created"]}

    GAME_ID_MAX = 64

    @api.post("/api/games/status")
    async def many_games(request: Request):
        """The state of several games at once for a "my games" page kept in the browser:
        ``{games: [{id, seat}]}`` (at most 100; no tokens needed: whose turn is public)."""
        data = await body(request)
        items = data.get("games")
        if not isinstance(items, list) or len(items) > MY_GAMES_MAX:
            raise BadRequest(f"'games' must be a list of at most {MY_GAMES_MAX} {{id, seat}} objects")
        out = []
        for it in items:
            if not isinstance(it, dict) or not isinstance(it.get("id"), str) or isinstance(it.get("seat"), bool) \
                    or not isinstance(it.get("seat"), int):
                raise BadRequest("each game is {\"id\": text, \"seat\": a whole number}")
            if len(it["id"]) > GAME_ID_MAX:  # no game's id is that long: not echoed back
                raise BadRequest(f"a game id has at most {GAME_ID_MAX} characters, not {len(it['id'])}")
            try:
                t = await hall().table(it["id"])
            except NotFound:
                out.append({"id": it["id"], "missing": True})
                continue
            if not 0 <= it["seat"] < t.row.players:
                raise BadRequest(f"game {it['id']} has seats 0 to {t.row.players - 1}")
            out.append(await game_entry(it["id"], it["seat"]))
        return {"games": out}

    # ----- ratings ------------------------------------------------------------------
    @api.get("/api/ratings")
    async def leaderboard(game: Optional[str] = None):
        names = [g.name for g in game_types()]
        if game is None:
            return {"games": {n: await asyncio.to_thread(ratings.leaderboard, n) for n in names}}
        if game not in names:
            raise NotFound(f"no game type {game!r}")
        return {"game": game, "ratings": await asyncio.to_thread(ratings.leaderboard, game)}

    @api.get("/api/players/{name}")
    async def profile(name: str):
        """A player's (or ``bot:<level>``'s) ratings and rated games."""
        if name.startswith("bot:"):
            who, shown, kind = name, f"bot {name[4:]}", "bot"
        else:
            account = await accounts.by_name(name)
            if account is None:
                raise NotFound(f"no player {name!r}")
            who, shown, kind = f"account:{account.id}", account.name, "account"
        out = {"name": shown, "kind": kind, **await asyncio.to_thread(ratings.profile, who)}
        if kind == "account":
            out["games"] = await played(account)
            out["statistics"] = stats.per_account(out["games"])
        return out

    async def played(account: Account) -> list[dict[str, Any]]:
        """The finished games an account played (rated or not), newest first: public facts only."""
        rows = await asyncio.to_thread(hall().store.list_games, "finished")
        out = []
        for row in rows:
            seats = [i for i, s in enumerate(row.seats) if s.get("account") == account.id]
            if not seats:
                continue
            t = await hall().table(row.id)
            result = t.result() or {}
            out.append({"game_id": row.id, "game": row.game, "title": t.game.title, "seat": seats[0],
                        "won": seats[0] in result.get("winners", []), "rated": bool(row.meta.get("rated")),
                        "players": [s.get("player") or s.get("display") or t.seat_name(i) for i, s in enumerate(row.seats)],
                        "time": row.updated, "statistics": stats.seat_rows(result, seats[0])})
            if len(out) >= MY_GAMES_MAX:
                break
        return out

    return api

