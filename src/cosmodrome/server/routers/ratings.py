"""Ratings and player profiles (docs/SERVER.md, "Ratings")."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any, Optional

from fastapi import APIRouter, Query, Request

from cosmodrome.core import UnknownGameError, get_game
from cosmodrome.core import games as game_types
from cosmodrome.i18n import N_, _, gettext
from cosmodrome.server import stats
from cosmodrome.server.accounts import Account
from cosmodrome.server.lines import level_spec
from cosmodrome.server.routers import models as m
from cosmodrome.server.routers.accounts import MY_GAMES_MAX
from cosmodrome.server.routers.deps import AccountDep, HallDep, JsonRoute
from cosmodrome.server.routers.errors import errors
from cosmodrome.server.storage import GameRow
from cosmodrome.server.table import NotFound

router = APIRouter(route_class=JsonRoute, tags=["ratings"])


@router.get("/api/ratings", response_model=m.Leaderboard, summary="The leaderboards", responses=errors(404))
async def leaderboard(request: Request, game: Annotated[Optional[str], Query(
        description=N_("one game type (default: every game type)"))] = None):
    ratings = request.app.state.ratings
    names = [g.name for g in game_types()]
    if game is None:
        return {"games": {n: await asyncio.to_thread(ratings.leaderboard, n) for n in names}}
    if game not in names:
        raise NotFound(_("no game type {game!r}").format(game=game))
    return {"game": game, "ratings": await asyncio.to_thread(ratings.leaderboard, game)}


@router.get("/api/players/{name}", response_model=m.Profile, summary="A player's profile", responses=errors(404))
async def profile(name: str, request: Request, hall: HallDep, viewer: AccountDep):
    """A player's (or ``bot:<level>``'s) ratings and rated games. A private game is listed only
    to an account holding one of its seats (docs/SERVER.md, "Hidden information"): its id would
    open its chat and record to anyone."""
    if name.startswith("bot:"):  # a level by its spec or its word ("bot:easy" is "bot:heuristic")
        spec = level_spec(name[4:])
        who, shown, kind = f"bot:{spec}", f"bot {spec}", "bot"
    else:
        account = await request.app.state.accounts.by_name(name)
        if account is None:
            raise NotFound(_("no player {name!r}").format(name=name))
        who, shown, kind = f"account:{account.id}", account.name, "account"
    out = {"name": shown, "kind": kind, **await asyncio.to_thread(request.app.state.ratings.profile, who)}
    rows = {row.id: row for row in await asyncio.to_thread(hall.store.list_games, "finished")}
    for h in out["history"]:
        if h["game_id"] not in rows:  # a rated game is finished; looked up should that ever change
            row = await asyncio.to_thread(hall.store.get_game, h["game_id"])
            if row is not None:
                rows[row.id] = row
    out["history"] = [h for h in out["history"] if shown_to(rows.get(h["game_id"]), viewer)]
    for r in out["ratings"] + out["history"]:
        r["title"] = title(r["game"])
    if kind == "account":
        out["games"] = await played(hall, account, viewer, list(rows.values()))
        out["statistics"] = stats.per_account(out["games"])
    return out


def title(game: str) -> str:
    """A game type's title in the reader's language (as the games list gives it); a type this
    server no longer has, by its id."""
    try:
        return gettext(get_game(game).title)
    except UnknownGameError:
        return game


def shown_to(row: Optional[GameRow], viewer: Optional[Account]) -> bool:
    """Whether a game may be named to ``viewer`` (None: a stranger not logged in) on a profile:
    a public game to anyone, a private one only to an account holding one of its seats (its id
    is the key to its chat and record). A game not found is not named."""
    if row is None:
        return False
    return bool(row.public) or (viewer is not None and any(s.account == viewer.id for s in row.seats))


async def played(hall, account: Account, viewer: Optional[Account] = None,
                 rows: Optional[list[GameRow]] = None) -> list[dict[str, Any]]:
    """The finished games an account played (rated or not) that ``viewer`` may see
    (:func:`shown_to`), newest first: public facts only."""
    if rows is None:
        rows = await asyncio.to_thread(hall.store.list_games, "finished")
    rows = sorted((r for r in rows if r.status == "finished"), key=lambda r: r.created, reverse=True)
    out = []
    for row in rows:
        seats = [i for i, s in enumerate(row.seats) if s.account == account.id]
        if not seats or not shown_to(row, viewer):
            continue
        t = await hall.table(row.id)
        result = t.result() or {}
        out.append({"game_id": row.id, "game": row.game, "title": gettext(t.game.title), "seat": seats[0],
                    "won": seats[0] in result.get("winners", []), "rated": bool(row.meta.get("rated")),
                    "players": [s.player or s.display or t.seat_name(i) for i, s in enumerate(row.seats)],
                    "time": row.updated, "statistics": stats.seat_rows(result, seats[0])})
        if len(out) >= MY_GAMES_MAX:
            break
    return out
