"""The design lab (docs/LAB.md): a game's component data as a form, variants edited and
checked, runs of a variant beside the printed game queued, watched, cancelled and downloaded.

The lab itself (:class:`~cosmodrome.server.labruns.Lab`: its queue, its worker thread, its
files) is ``app.state.lab``; this router's lifespan starts its thread (and queues again the
runs a stop interrupted) and stops it. Every route but ``GET /api/lab`` answers 404 while the
operator has turned the lab off. Reading a variant (edits, checks) builds a game from it,
which costs some milliseconds: an address gets 60 a minute (429 past that).
"""

from __future__ import annotations

import asyncio
import tomllib
from contextlib import asynccontextmanager
from typing import Annotated, Any, Optional

from fastapi import APIRouter, Depends, Path, Query, Request
from fastapi.responses import Response
from starlette.requests import HTTPConnection

from cosmodrome import i18n
from cosmodrome.core import CosmodromeError, Game, OptionError, games, get_game
from cosmodrome.i18n import N_, _
from cosmodrome.lab import design
from cosmodrome.server.accounts import Unauthorized
from cosmodrome.server.labruns import LEVELS, Lab, csv_text
from cosmodrome.server.routers import models as m
from cosmodrome.server.routers.deps import AccountDep, ClientDep, JsonRoute, client_of, limits_of
from cosmodrome.server.routers.errors import errors
from cosmodrome.server.security import BadRequest, TooMany
from cosmodrome.server.variants import MAX_VARIANT


@asynccontextmanager
async def lifespan(app: Any):
    """Start the lab's thread with the app (the runs a stop interrupted are queued again) and
    stop it with the app."""
    lab: Lab = app.state.lab
    await asyncio.to_thread(lab.start)
    try:
        yield
    finally:
        await asyncio.to_thread(lab.close)


router = APIRouter(route_class=JsonRoute, tags=["lab"], lifespan=lifespan)


# ----- dependencies -------------------------------------------------------------------------
def lab_of(conn: HTTPConnection) -> Lab:
    return conn.app.state.lab


LabDep = Annotated[Lab, Depends(lab_of)]


def lab_on(lab: LabDep) -> None:
    """404 while the operator has turned the lab off."""
    lab.ensure_on()


def check_costs(request: Request) -> None:
    """Count a request that builds a game from a variant (an edit, a check) against its
    address's rate (60 a minute)."""
    wait = limits_of(request).lab_checks.take(client_of(request))
    if wait:
        raise TooMany(_("this address asks the lab to read variants faster than once a second; try again in "
                        "{wait:.1f} s").format(wait=max(wait, 0.1)))


async def owner_of(lab: LabDep, account: AccountDep, client: ClientDep) -> dict[str, Any]:
    """Who asks, as a run keeps it (never shown): their address and account; 401 without an
    account when the lab is for accounts."""
    if lab.config.mode == "accounts" and account is None:
        raise Unauthorized(_("the design lab at this server is for people logged in to an account: log in first"))
    return {"address": client, "account": account.id if account is not None else None}


OwnerDep = Annotated[dict[str, Any], Depends(owner_of)]
On = [Depends(lab_on)]
GameName = Annotated[str, Path(description=N_("a game type name"))]
RunId = Annotated[str, Path(description=N_("the run's id"))]


def variable(name: str) -> Game:
    """The game ``name`` if a variant can change its component data (422 otherwise, 404 an
    unknown game)."""
    g = get_game(name)
    if g.components_file is None or not any(o.kind == "path" for o in g.options):
        raise OptionError(_("{title} takes no component data a variant could change").format(
            title=i18n.gettext(g.title)))
    return g


def playable() -> list[dict[str, Any]]:
    """The games whose component data a variant can change."""
    return [{"name": g.name, "title": g.title, "min_players": g.min_players, "max_players": g.max_players}
            for g in games() if g.components_file is not None and any(o.kind == "path" for o in g.options)]


# ----- the form -----------------------------------------------------------------------------
@router.get("/api/lab", response_model=m.LabInfo, summary="The lab's caps, bot levels and games")
async def lab_info(lab: LabDep):
    """Whether the lab is open (``mode``), its caps, its bot levels and the games it can vary
    (none while it is off)."""
    return {"mode": lab.config.mode, "max_games": lab.config.max_games, "backend": lab.config.backend,
            "levels": LEVELS, "games": playable() if lab.config.mode != "off" else [],
            "max_variant_bytes": MAX_VARIANT}


@router.get("/api/lab/games/{name}", response_model=m.LabGame, summary="A game's component data as a form",
            dependencies=On, responses=errors(404, 422))
async def lab_game(name: GameName):
    """The packaged data as TOML and as a form: sections, entries with their fact/assumed mark
    and source, fields with their kind and least value."""
    g = variable(name)
    text = g.components_file.read_text(encoding="utf-8")
    return {"game": g.name, "title": g.title, "min_players": g.min_players, "max_players": g.max_players,
            "toml": text, "form": design.form(tomllib.loads(text), g.component_names)}


@router.get("/api/lab/games/{name}/ranges", response_model=m.LabRanges, summary="The valid range of each number",
            dependencies=On, responses=errors(400, 404, 422))
async def lab_ranges(lab: LabDep, name: GameName,
                     players: Annotated[Optional[str], Query(description=N_("the player count"))] = None):
    """The valid range of each whole number of the packaged data for ``players``;
    ``{"ready": false}`` while a niced worker process works them out (poll again)."""
    if players is None or not players.isdigit() or len(players) > 3:
        raise BadRequest(_("give the player count as ?players=N (a whole number)"))
    g = variable(name)
    found = await asyncio.to_thread(lab.ranges, g, int(players))
    return {"ready": found is not None, "ranges": found}


@router.post("/api/lab/variant", response_model=m.LabForm, summary="Edit a variant",
             dependencies=On + [Depends(check_costs)], responses=errors(400, 404, 413, 415, 422, 429))
async def lab_variant(body: m.LabEditsIn):
    """The edits made to ``toml`` (default: the packaged data), as TOML and as a form."""
    g = get_game(body.game)
    if g.components_file is None:
        raise OptionError(_("{title} takes no component data a variant could change").format(
            title=i18n.gettext(g.title)))
    text = body.toml if body.toml is not None else g.components_file.read_text(encoding="utf-8")
    data = design.apply_edits(design.loads(text), body.edits)
    return {"game": g.name, "toml": design.dumps(data), "form": design.form(data, g.component_names)}


@router.post("/api/lab/check", response_model=m.LabChecked, summary="Check a variant before a run",
             dependencies=On + [Depends(check_costs)], responses=errors(400, 404, 413, 415, 429))
async def lab_check(body: m.LabCheckIn, lab: LabDep):
    """Whether the game takes the variant for ``players``: ``{ok: true}``, or ``{ok: false,
    error}`` with the sentence a run of it would be refused with."""
    g = get_game(body.game)
    try:
        await asyncio.to_thread(lab.check, g.name, body.players, 1, "random", {"toml": body.toml, "name": "check"})
    except CosmodromeError as exc:
        return {"ok": False, "error": str(exc)}
    return {"ok": True}


# ----- runs ---------------------------------------------------------------------------------
@router.post("/api/lab/runs", status_code=201, response_model=m.LabRun, summary="Start a run",
             dependencies=On, responses=errors(400, 401, 404, 413, 415, 422, 429))
async def lab_submit(body: m.LabRunIn, lab: LabDep, who: OwnerDep):
    """Queue ``games`` games of the printed game and as many of the variant, with the same seeds."""
    game, specs, variant = await asyncio.to_thread(
        lab.check, body.game, body.players, body.games, body.bots, body.variant.model_dump(), body.options)
    return lab.submit(game, body.players, body.games, specs, variant, body.seed, who, body.options).public()


@router.get("/api/lab/runs", response_model=m.LabRuns, summary="Your runs",
            dependencies=On, responses=errors(401, 404))
async def lab_runs(lab: LabDep, who: OwnerDep):
    """This account's runs (logged out: this address's), newest first, without their
    variant's TOML and results."""
    return {"runs": [r.public(with_results=False) for r in lab.mine(who)]}


@router.get("/api/lab/runs/{run_id}", response_model=m.LabRun, summary="A run: its status, progress and results",
            dependencies=On, responses=errors(404))
async def lab_run(lab: LabDep, run_id: RunId):
    return lab.get(run_id).public()


@router.delete("/api/lab/runs/{run_id}", response_model=m.LabRun, summary="Cancel a run",
               dependencies=On, responses=errors(401, 403, 404, 409))
async def lab_cancel(lab: LabDep, run_id: RunId, who: OwnerDep):
    """Cancel a queued or running run (only whoever started it: their account or address)."""
    return lab.cancel(run_id, who).public()


@router.get("/api/lab/runs/{run_id}/compare/{other_id}", response_model=m.LabComparison,
            summary="Compare two runs' variants", dependencies=On, responses=errors(404, 409, 422))
async def lab_compare(lab: LabDep, run_id: RunId, other_id: RunId):
    """The variant of run ``other_id`` against that of ``run_id`` (both done, same game and
    players): each measure's difference with its 95% interval, the significant ones marked."""
    return await asyncio.to_thread(lab.compare_runs, run_id, other_id)


CSV = {200: {"description": "every game of the run, one a line",
             "content": {"text/csv": {"schema": {"type": "string"}}}}}
TOML = {200: {"description": "the variant as sent", "content": {"application/toml": {"schema": {"type": "string"}}}}}


@router.get("/api/lab/runs/{run_id}/games.csv", response_class=Response, summary="Download a run's games",
            dependencies=On, responses={**CSV, **errors(404, 409)})
async def lab_csv(lab: LabDep, run_id: RunId):
    """Every game of a done run: ``arm, game, seed, decisions, winners, score_seat…, return_seat…``."""
    run = lab.get(run_id)
    data = await asyncio.to_thread(lab.games_of, run_id)
    return Response(csv_text(run, data), media_type="text/csv",
                    headers={"content-disposition": f'attachment; filename="lab-{run.id}.csv"'})


@router.get("/api/lab/runs/{run_id}/variant.toml", response_class=Response,
            summary="Download a run's variant", dependencies=On, responses={**TOML, **errors(404)})
async def lab_toml(lab: LabDep, run_id: RunId):
    run = lab.get(run_id)
    return Response(run.variant.get("toml", ""), media_type="application/toml",
                             headers={"content-disposition": f'attachment; filename="{file_name(run)}.toml"'})


def file_name(run: Any) -> str:
    """The downloaded variant's file name: its name as a designer gave it (letters, digits and
    dashes; a downloaded "variant-<id>.toml" says nothing of what it holds), then the run's id.

    >>> file_name(type("R", (), {"id": "abc", "variant": {"name": 'Mercury 10 "big"/x'}})())
    'Mercury-10-big-x-abc'
    """
    slug = "-".join("".join(c if c.isascii() and c.isalnum() else " " for c in run.variant.get("name", "")).split())
    return f"{slug[:40] or 'variant'}-{run.id}"
