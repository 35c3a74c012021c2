"""The game types this server plays, their bots, variants and how-to-play pages."""

from __future__ import annotations

from fastapi import APIRouter, Request

from cosmodrome.core import games, get_game
from cosmodrome.i18n import _
from cosmodrome.server.routers import models as m
from cosmodrome.server.routers.deps import JsonRoute
from cosmodrome.server.routers.errors import errors
from cosmodrome.server.seatbots import bot_levels
from cosmodrome.server.table import NotFound

router = APIRouter(route_class=JsonRoute, tags=["game types"])


@router.get("/api/game-types", response_model=m.GameTypes, summary="The game types, their bots and variants")
async def game_types(request: Request):
    variants = request.app.state.variants
    return {"games": [dict(g.info(), bots=bot_levels(g), variants=variants.names(g.name)) for g in games()]}


@router.get("/api/game-types/{name}/how-to-play", response_model=m.HowToPlay, summary="A game's how-to-play page",
            responses=errors(404))
async def how_to_play(name: str):
    page = get_game(name).how_to_play()
    if page is None:
        raise NotFound(_("{name} has no how-to-play page yet").format(name=name))
    return page
