"""Records and replays of a game (docs/SERVER.md, "Chat, records and replays" and "Record import")."""

from __future__ import annotations

import asyncio
from typing import Annotated, Optional

from fastapi import APIRouter, Depends, Query

from cosmodrome.i18n import N_, _, gettext
from cosmodrome.server.routers import models as m
from cosmodrome.server.routers.deps import ClientDep, HallDep, JsonRoute, TableDep, TokenDep, table_costs
from cosmodrome.server.routers.errors import errors
from cosmodrome.server.security import BadRequest
from cosmodrome.server.table import Forbidden

router = APIRouter(route_class=JsonRoute, tags=["records"])


@router.get("/api/games/{game_id}/record", response_model=m.Record, summary="Download a game's record",
            dependencies=[Depends(table_costs)], responses=errors(400, 403, 404, 429))
async def record(token: TokenDep, t: TableDep, hall: HallDep, client: ClientDep):
    """A finished game's record; while it runs, what the token's seat has seen (the seed and
    the actions would replay to every hand: sealed until the end)."""
    if t.row.status == "running":
        if token is None:
            raise Forbidden(_("a running game's record is sealed until the game is over; a seat may download what "
                              "it has seen by sending its token"))
        return t.seat_record(await hall.use(t, token, client))
    rec = t.record.to_json()
    rec["rules_version"] = t.row.rules_version
    rec["meta"] = {"id": t.id, "status": t.row.status, "seats": [
        {"name": s["name"], "kind": s["kind"], "bot": s["bot"]} for s in t.seats_public()]}
    if t.base:  # its first actions were taken under rules this code no longer plays
        rec["meta"]["rules_changed"] = [{k: c.get(k) for k in ("at", "from", "to")}
                                        for c in t.row.meta.get("rules_changed") or []]
    return rec


@router.get("/api/games/{game_id}/replay", response_model=m.ReplayStep, summary="A game at one step",
            dependencies=[Depends(table_costs)], responses=errors(400, 403, 404, 429))
async def replay(token: TokenDep, t: TableDep, hall: HallDep, client: ClientDep,
                 step: Annotated[Optional[int],
                                 Query(description=N_("0 to the number of actions (default: the last)"))] = None,
                 seat: Annotated[Optional[int], Query(description=N_("whose view (default: a spectator's)"))] = None):
    """The game after ``step`` actions, as ``seat`` saw it (a running game: only that seat's
    token shows its view)."""
    n = len(t.record.actions)
    step = n if step is None else step
    if not 0 <= step <= n:
        raise BadRequest(_("step must be between 0 and {n}").format(n=n))
    if seat is not None and not 0 <= seat < t.row.players:
        raise BadRequest(_("seat must be between 0 and {players} (or left out for spectators)").format(
            players=t.row.players - 1))
    if seat is not None and t.row.status == "running" and await hall.use(t, token, client) != seat:
        raise Forbidden(_("a running game's replay shows a seat's view only with that seat's token"))
    state, label = await asyncio.to_thread(t.state_at, step)
    mover = t.movers[step - 1] if step > 0 else None
    if t.row.status == "running" and mover != seat:
        label = None  # another seat's choice may be secret until the game is over; the log says what is public
    lines = t.log_lines(seat, 0, step if step < n else None)  # the end: with the lines said after the last move
    return {"game_id": t.id, "game": t.row.game, "title": gettext(t.game.title), "step": step, "steps": n,
            "seat": seat, "seat_name": t.seat_name(seat), "seats": t.seats_public(),
            "status": t.row.status, "view": state.view(seat), "log": lines, "last_action": label,
            "mover": mover, "movers": list(t.movers[:n]), "chat": t.chat_lines(step),
            "result": t.result() if step == n else None}
