"""The chat of a game (docs/SERVER.md, "Chat")."""

from __future__ import annotations

from fastapi import APIRouter

from cosmodrome.server.routers import models as m
from cosmodrome.server.routers.deps import ClientDep, HallDep, JsonRoute, SeatDep, TableDep
from cosmodrome.server.routers.errors import errors

router = APIRouter(route_class=JsonRoute, tags=["chat"])


@router.post("/api/games/{game_id}/chat", response_model=m.Said, summary="Say a line of chat",
             responses=errors(400, 403, 404, 413, 415, 429, 503))
async def chat(t: TableDep, seat: SeatDep, body: m.Say, hall: HallDep, client: ClientDep):
    """A line from the token's seat (without a token: a spectator, where the table lets them)."""
    return await hall.chat(t, seat, body.text, client)


@router.get("/api/games/{game_id}/chat", response_model=m.ChatLines, summary="Read a game's chat",
            responses=errors(404))
async def chat_lines(t: TableDep):
    return {"chat": t.chat_lines(), "chat_mode": t.row.meta.get("chat", "players")}
