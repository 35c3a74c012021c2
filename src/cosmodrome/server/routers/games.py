"""Games: create, list, look at, act, undo, import (docs/SERVER.md, "Endpoints")."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request

from cosmodrome.core import CosmodromeError, GameRecord, get_game
from cosmodrome.i18n import N_, _, gettext
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
    client_of,
    creation_costs,
    table_costs,
    token_of,
)
from cosmodrome.server.routers.errors import errors
from cosmodrome.server.seats import joinable
from cosmodrome.server.security import BadRequest
from cosmodrome.server.table import Forbidden, Table, options_summary

router = APIRouter(route_class=JsonRoute, tags=["games"])


def links(base: str, t: Table) -> dict[str, Any]:
    """The join links of ``t``. A seat's token is in the URL's fragment (``#token=``), which a
    browser never sends to a server, so no access log or proxy records it."""
    seats = []
    tokens = []
    for i, s in enumerate(t.row.seats):
        d = {"seat": i, "name": t.seat_name(i), "kind": s.kind, "bot": s.bot}
        if s.kind == "human" and s.token and not joinable(s, t.row.public, t.row.status):
            d["token"] = s.token
            d["link"] = f"{base}/table.html?game={t.id}#token={s.token}"
            tokens.append(s.token)
        elif s.kind == "human":  # open to strangers: its token is made for whoever joins
            d["open"] = True
        seats.append(d)
    out = {"id": t.id, "seats": seats, "spectate": f"{base}/table.html?game={t.id}",
           "replay": f"{base}/replay.html?game={t.id}", "seed_chosen": t.seed_chosen}
    if len(tokens) > 1:
        out["hotseat"] = f"{base}/table.html?game={t.id}#token={','.join(tokens)}"
    return out


@router.post("/api/games", status_code=201, response_model=m.Links, summary="Create a game",
             responses=errors(400, 404, 413, 415, 422, 429, 503))
async def create_game(body: m.NewGame, request: Request, hall: HallDep, owner: AccountDep, client: ClientDep,
                      base: BaseDep):
    """A new game; the answer holds the join links (each person's seat's secret link, a
    hot-seat link, the spectators' link). The creator's account, when logged in, takes the
    creator's seat."""
    creation_costs(request)
    t = await hall.create(body.game, body.players, body.options, body.seed, body.seats, public=bool(body.public),
                          clock=body.clock, chat=body.chat, owner=owner, rated=bool(body.rated), address=client)
    return links(base, t)


def _title(name: str) -> str:
    """A game type's title in the reader's language (its name for a type this server lacks)."""
    try:
        return gettext(get_game(name).title or name)
    except CosmodromeError:
        return name


def _stored_summary(row, open_: bool) -> dict[str, Any]:
    return {"id": row.id, "game": row.game, "title": _title(row.game), "players": row.players, "status": row.status,
            "options": options_summary(row.options),
            "version": row.revision, "open": open_, "public": row.public, "created": row.created,
            "seats": [{"seat": i, "kind": s.kind, "bot": s.bot,
                       "claimed": s.claimed, "open": joinable(s, row.public, row.status)}
                      for i, s in enumerate(row.seats)]}


#: the most games ``GET /api/games`` lists (the newest public ones of the status asked)
LIST_LIMIT = 200


@router.get("/api/games", response_model=m.GameList, summary="List the public games",
            dependencies=[Depends(table_costs)], responses=errors(400, 429))
async def list_games(request: Request, hall: HallDep, status: Annotated[m.ListStatus, Query(
        description=N_("open (a seat free), running, finished or replay"))] = None):
    """The public games (a private game is reached through its links only), newest first: the
    :data:`LIST_LIMIT` newest of the status asked."""
    stored = "running" if status == "open" else status     # an open game is a running one
    rows = await asyncio.to_thread(request.app.state.store.list_games, stored, True, LIST_LIMIT)
    out = []
    for row in rows:
        if not row.public:  # a private game is reached through its links only
            continue
        open_ = any(joinable(s, row.public, row.status) for s in row.seats)
        if status == "open" and not open_:
            continue
        if status in ("running", "finished", "replay") and row.status != status:
            continue
        t = hall.tables.get(row.id)
        out.append(t.info() if t is not None else _stored_summary(row, open_))
    return {"games": out}


@router.get("/api/games/{game_id}", response_model=m.GameInfo, summary="A game's public facts",
            responses=errors(404))
async def game_info(t: TableDep):
    return t.info()


@router.get("/api/games/{game_id}/view", response_model=m.TableView, summary="The table as a seat sees it",
            dependencies=[Depends(token_of), Depends(table_costs)], responses=errors(400, 403, 404, 429))
async def game_view(t: TableDep, seat: SeatDep):
    """The whole table for the seat of the ``X-Cosmodrome-Token`` header (none: a spectator)."""
    return t.table_message(seat)


async def _acting_seat(request: Request, hall, t: Table, token: Any, what: str):
    """The seat of the body's ``token`` or the header's, claimed once the body is known good
    (a malformed request claims nothing)."""
    token = token or token_of(request)
    if not isinstance(token, str) or not token:
        raise Forbidden(_("{what} needs the seat's token (from its join link)").format(what=what))
    return await hall.use(t, token, client_of(request))


@router.post("/api/games/{game_id}/act", response_model=m.Acted, summary="Take a decision",
             responses=errors(400, 403, 404, 409, 413, 415, 422, 503))
async def act(t: TableDep, body: m.Act, request: Request, hall: HallDep):
    """The seat's decision ``action`` (an option's number) on the table of ``version``."""
    seat = await _acting_seat(request, hall, t, body.token, _("acting"))
    return await hall.act(t, seat, body.action, body.version)


@router.post("/api/games/{game_id}/undo", response_model=m.Undone, summary="Take back the seat's decisions",
             dependencies=[Depends(broadcast_costs)], responses=errors(400, 403, 404, 409, 422, 429, 503))
async def undo(t: TableDep, body: m.Undo, request: Request, hall: HallDep):
    seat = await _acting_seat(request, hall, t, body.token, _("undo"))
    return await hall.undo(t, seat, body.steps)


@router.post("/api/games/import", status_code=201, response_model=m.Links, summary="Import a game record",
             responses=errors(400, 413, 415, 422, 429, 503))
async def import_record(body: m.Import, request: Request, hall: HallDep, client: ClientDep, base: BaseDep):
    """A record to replay (``mode`` replay) or to play on against bots (``continue``), up to
    its action ``upto``."""
    rec = GameRecord.from_json(body.record)
    if rec.chance != "sampled":   # its actions hold chance outcomes the table does not ask
        raise BadRequest(_("the table plays records of the sampled chance mode only, not explicit chance"))
    creation_costs(request)
    actions = list(rec.actions)
    if body.upto is not None:
        if not 0 <= body.upto <= len(actions):
            raise BadRequest(_("upto must be between 0 and {n}").format(n=len(actions)))
        actions = actions[:body.upto]
    seats = body.seats
    if body.mode == "replay":
        seats = [{"kind": "bot", "bot": "random"}] * rec.players
    t = await hall.create(rec.game, rec.players, rec.options, rec.seed, seats, actions=actions,
                          status="replay" if body.mode == "replay" else "running",
                          public=bool(body.public), meta={"imported": True}, address=client)
    return links(base, t)
