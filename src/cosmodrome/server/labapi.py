"""The design lab's endpoints (docs/SERVER.md, "The design lab"; docs/LAB.md).

- ``GET /api/lab``: whether the lab is open, its caps, its bot levels and the games it can vary;
- ``GET /api/lab/games/{game}``: a game's component data as a form (sections, entries with
  their fact/assumed mark and source, fields with their kind and least value) and as TOML;
- ``GET /api/lab/games/{game}/ranges?players=N``: the valid range of each whole number
  (``{"ready": false}`` while a niced worker process works them out, once per game and count);
- ``POST /api/lab/variant``: ``{"game", "edits": [{"path", "value"}], "toml"?}`` → the edited
  data as TOML and as a form (from the packaged data, or from ``toml`` when given);
- ``POST /api/lab/check``: ``{"game", "players", "toml"}`` → ``{"ok": true}`` or ``{"ok": false,
  "error": sentence}``: whether a run of that variant would be accepted;
- ``POST /api/lab/runs``: ``{"game", "players", "games", "bots", "variant": {"toml", "name"},
  "seed"?}`` → the queued run (201);
- ``GET /api/lab/runs``: the runs of this account (or, logged out, of this address);
- ``GET /api/lab/runs/{id}``: status, progress and, once done, the results;
- ``DELETE /api/lab/runs/{id}``: cancel a queued or running run;
- ``GET /api/lab/runs/{id}/games.csv``, ``GET /api/lab/runs/{id}/variant.toml``: downloads.

Bad input is refused with a sentence and a status (400 malformed, 401 not logged in when the
lab is for accounts, 404 no such run or the lab is off, 409 cancelling a run that is over,
403 cancelling another's run, 422 a variant, game, bot or count the lab does not take, 429 too many runs
waiting) and
changes nothing.
"""

from __future__ import annotations

import asyncio
import tomllib
from contextlib import asynccontextmanager
from typing import Any, Awaitable, Callable, Optional, Union

from fastapi import APIRouter, Request
from fastapi.responses import PlainTextResponse, Response
from pydantic import BaseModel, ConfigDict, StrictInt, StrictStr, ValidationError

from cosmodrome.core import CosmodromeError, OptionError, games, get_game
from cosmodrome.lab import design
from cosmodrome.server.accounts import Unauthorized
from cosmodrome.server.labruns import LEVELS, Lab, csv_text
from cosmodrome.server.routers.deps import client_of as client, session_of
from cosmodrome.server.security import BadRequest, Buckets, TooMany, parse_json
from cosmodrome.server.variants import MAX_VARIANT


class VariantIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    toml: StrictStr
    name: StrictStr = "own variant"


class RunIn(BaseModel):
    """A run as a client asks for it."""
    model_config = ConfigDict(extra="forbid")
    game: StrictStr
    players: StrictInt
    games: StrictInt
    bots: Union[StrictStr, list[StrictStr]] = "random"
    variant: VariantIn
    seed: Optional[StrictInt] = None


class CheckIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: StrictStr
    players: StrictInt
    toml: StrictStr


class EditsIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: StrictStr
    edits: list[dict[str, Any]] = []
    toml: Optional[StrictStr] = None


class Progress(BaseModel):
    done: int
    total: int
    eta_seconds: Optional[float]


class RunOut(BaseModel):
    """A run as the lab answers it (``results`` once done: ``baseline``, ``variant``,
    ``differences`` and the measures that differ significantly)."""
    id: str
    game: str
    players: int
    games: int
    bots: list[str]
    variant: dict[str, str]
    seed: int
    seeds: dict[str, Any]
    status: str
    progress: Progress
    created: float
    started: Optional[float]
    finished: Optional[float]
    error: Optional[str]
    baseline_reused: int
    results: Optional[dict[str, Any]] = None


def _model(cls: type[BaseModel], data: Any) -> Any:
    """``data`` as ``cls``; BadRequest naming the first field that is wrong."""
    try:
        return cls.model_validate(data)
    except ValidationError as exc:
        e = exc.errors()[0]
        where = ".".join(str(x) for x in e.get("loc", ())) or "the request"
        raise BadRequest(f"{where!r}: {e.get('msg', 'is not valid')}") from None


async def body(request: Request) -> dict[str, Any]:
    """The request's body: one bounded JSON object (the guards of server/security.py)."""
    data = parse_json(await request.body(), "the request body", request.app.state.max_body)
    if not isinstance(data, dict):
        raise BadRequest("the request body must be a JSON object")
    return data


def lab_router(lab: Lab, accounts: Any) -> APIRouter:
    """The lab's router; its lifespan starts the lab's thread (and queues again the runs a
    stop interrupted) and stops it."""

    @asynccontextmanager
    async def lifespan(_app: Any):
        await asyncio.to_thread(lab.start)
        try:
            yield
        finally:
            await asyncio.to_thread(lab.close)

    router = APIRouter(lifespan=lifespan)
    # building a game from a variant costs some milliseconds: an address gets 60 a minute
    checks = Buckets(60, 1.0)

    def check_costs(request: Request) -> None:
        wait = checks.take(client(request))
        if wait:
            raise TooMany(f"this address asks the lab to read variants faster than once a second; try again in "
                          f"{max(wait, 0.1):.1f} s")

    async def owner(request: Request) -> dict[str, Any]:
        account = await accounts.current(session_of(request))
        if lab.config.mode == "accounts" and account is None:
            raise Unauthorized("the design lab at this server is for people logged in to an account: log in first")
        return {"address": client(request), "account": account.id if account is not None else None}

    def playable() -> list[dict[str, Any]]:
        out = []
        for g in games():
            if any(o.kind == "path" for o in g.options) and g.components_file is not None:
                out.append({"name": g.name, "title": g.title, "min_players": g.min_players,
                            "max_players": g.max_players})
        return out

    @router.get("/api/lab")
    async def lab_info():
        return {"mode": lab.config.mode, "max_games": lab.config.max_games, "backend": lab.config.backend,
                "levels": LEVELS, "games": playable() if lab.config.mode != "off" else [],
                "max_variant_bytes": MAX_VARIANT}

    @router.get("/api/lab/games/{name}")
    async def lab_game(name: str):
        lab.ensure_on()
        g = get_game(name)
        if g.components_file is None or not any(o.kind == "path" for o in g.options):
            raise OptionError(f"{g.title} takes no component data a variant could change")
        text = g.components_file.read_text(encoding="utf-8")
        return {"game": g.name, "title": g.title, "min_players": g.min_players, "max_players": g.max_players,
                "toml": text, "form": design.form(tomllib.loads(text))}

    @router.get("/api/lab/games/{name}/ranges")
    async def lab_ranges(name: str, players: Optional[str] = None):
        """The valid range of each whole number of the packaged data, ``{"ready": false}`` while
        a niced worker works them out (poll again)."""
        if players is None or not players.isdigit() or len(players) > 3:
            raise BadRequest("give the player count as ?players=N (a whole number)")
        g = get_game(name)
        if g.components_file is None or not any(o.kind == "path" for o in g.options):
            raise OptionError(f"{g.title} takes no component data a variant could change")
        found = await asyncio.to_thread(lab.ranges, g, int(players))
        return {"ready": found is not None, "ranges": found}

    @router.post("/api/lab/variant")
    async def lab_variant(request: Request):
        lab.ensure_on()
        check_costs(request)
        req = _model(EditsIn, await body(request))
        g = get_game(req.game)
        if g.components_file is None:
            raise OptionError(f"{g.title} takes no component data a variant could change")
        text = req.toml if req.toml is not None else g.components_file.read_text(encoding="utf-8")
        data = design.apply_edits(design.loads(text), req.edits)
        return {"game": g.name, "toml": design.dumps(data), "form": design.form(data)}

    @router.post("/api/lab/check")
    async def lab_check(request: Request):
        """Whether the game takes a variant for a player count: ``{ok: true}`` or ``{ok:
        false, error}`` with the sentence a run would be refused with."""
        lab.ensure_on()
        check_costs(request)
        req = _model(CheckIn, await body(request))
        g = get_game(req.game)
        try:
            await asyncio.to_thread(lab.check, g.name, req.players, 1, "random", {"toml": req.toml, "name": "check"})
        except CosmodromeError as exc:
            return {"ok": False, "error": str(exc)}
        return {"ok": True}

    @router.post("/api/lab/runs", status_code=201, response_model=RunOut)
    async def lab_submit(request: Request):
        req = _model(RunIn, await body(request))
        who = await owner(request)
        game, specs, variant = await asyncio.to_thread(
            lab.check, req.game, req.players, req.games, req.bots, req.variant.model_dump())
        run = lab.submit(game, req.players, req.games, specs, variant, req.seed, who)
        return run.public()

    @router.get("/api/lab/runs")
    async def lab_runs(request: Request):
        who = await owner(request)
        return {"runs": [r.public(with_results=False) for r in lab.mine(who)]}

    @router.get("/api/lab/runs/{run_id}", response_model=RunOut)
    async def lab_run(run_id: str):
        return lab.get(run_id).public()

    @router.delete("/api/lab/runs/{run_id}", response_model=RunOut)
    async def lab_cancel(run_id: str, request: Request):
        return lab.cancel(run_id, await owner(request)).public()

    @router.get("/api/lab/runs/{run_id}/games.csv")
    async def lab_csv(run_id: str):
        run = lab.get(run_id)
        data = await asyncio.to_thread(lab.games_of, run_id)
        return Response(csv_text(run, data), media_type="text/csv",
                        headers={"content-disposition": f'attachment; filename="lab-{run.id}.csv"'})

    @router.get("/api/lab/runs/{run_id}/variant.toml")
    async def lab_toml(run_id: str):
        run = lab.get(run_id)
        return PlainTextResponse(run.variant.get("toml", ""), media_type="application/toml",
                                 headers={"content-disposition": f'attachment; filename="variant-{run.id}.toml"'})

    return router
