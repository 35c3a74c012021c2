"""The FastAPI application: REST endpoints, the WebSocket per seat, and the static page.

``create_app(db_url)`` builds an app (tests use it with a temporary SQLite file);
``cosmodrome serve`` runs it with uvicorn. The endpoints are described in docs/SERVER.md.

Errors are JSON ``{"error": message}`` with a status naming the kind of problem:
400 malformed request, 403 bad token or wrong seat, 404 unknown game, 409 stale version or a
game that cannot do this now, 422 an illegal action / option / record (the engine's message),
503 the database refused a write (nothing changed).
"""

from __future__ import annotations

import asyncio
import json
import logging
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Optional

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, RedirectResponse
from fastapi.staticfiles import StaticFiles

from cosmodrome.core import (
    CosmodromeError, GameRecord, IllegalActionError, OptionError, PlayerCountError, RecordError,
    UnknownGameError, games, get_game,
)
from cosmodrome.server.seatbots import bot_levels
from cosmodrome.server.storage import StorageError, Store
from cosmodrome.server.tables import Conflict, Forbidden, Hall, NotFound, Stale, Table

log = logging.getLogger("cosmodrome.server")

WEB_DIR = Path(__file__).resolve().parent.parent / "web"


class BadRequest(CosmodromeError):
    """A malformed request (HTTP 400)."""


STATUS = [
    (BadRequest, 400), (Forbidden, 403), (NotFound, 404), (UnknownGameError, 404), (Stale, 409),
    (Conflict, 409), (IllegalActionError, 422), (OptionError, 422), (PlayerCountError, 422),
    (RecordError, 422), (StorageError, 503),
]


def _status(exc: Exception) -> int:
    for cls, code in STATUS:
        if isinstance(exc, cls):
            return code
    return 500


async def _body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    try:
        data = json.loads(raw or b"null")
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise BadRequest(f"the request body is not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise BadRequest("the request body must be a JSON object")
    return data


def _int(data: dict[str, Any], key: str, required: bool = True) -> Optional[int]:
    if key not in data or data[key] is None:
        if required:
            raise BadRequest(f"the request lacks {key!r} (a whole number)")
        return None
    v = data[key]
    if isinstance(v, bool) or not isinstance(v, int):
        raise BadRequest(f"{key!r} must be a whole number, not {v!r}")
    return v


def _links(request: Request, t: Table) -> dict[str, Any]:
    base = str(request.base_url).rstrip("/")
    seats = []
    tokens = []
    for i, s in enumerate(t.row.seats):
        d = {"seat": i, "name": t.seat_name(i), "kind": s["kind"], "bot": s.get("bot")}
        if s["kind"] == "human":
            d["token"] = s["token"]
            d["link"] = f"{base}/table.html?game={t.id}&token={s['token']}"
            tokens.append(s["token"])
        seats.append(d)
    out = {"id": t.id, "seats": seats, "spectate": f"{base}/table.html?game={t.id}",
           "replay": f"{base}/replay.html?game={t.id}"}
    if len(tokens) > 1:
        out["hotseat"] = f"{base}/table.html?game={t.id}&token={','.join(tokens)}"
    return out


def _replay_to(t: Table, step: int):
    """The state after ``step`` actions of ``t`` and the label of the last of them."""
    state = t.record.new_state()
    label = None
    for a in t.record.actions[:step]:
        label = state.action_label(a)
        state.apply(a)
    return state, label


def create_app(db_url: str = "sqlite:///./cosmodrome.sqlite", *, bot_delay: float = 0.0,
               bot_workers: int = 2, store: Optional[Store] = None) -> FastAPI:
    """The Cosmodrome web app on the database ``db_url`` (any SQLAlchemy URL).

    ``bot_delay`` (seconds) lets people follow bot moves; tests use 0."""
    store = store or Store(db_url)
    hall_box: dict[str, Hall] = {}

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        hall = Hall(store, bot_delay=bot_delay, bot_workers=bot_workers)
        hall_box["hall"] = hall
        app.state.hall = hall
        n = await hall.resume_all()
        if n:
            log.info("resumed %d running game(s)", n)
        try:
            yield
        finally:
            await hall.close()

    app = FastAPI(title="Cosmodrome", lifespan=lifespan)
    app.state.store = store

    def hall() -> Hall:
        return hall_box["hall"]

    @app.exception_handler(CosmodromeError)
    async def _cosmo_error(request: Request, exc: CosmodromeError):
        return JSONResponse({"error": str(exc), "kind": type(exc).__name__}, status_code=_status(exc))

    @app.exception_handler(StorageError)
    async def _store_error(request: Request, exc: StorageError):
        log.error("storage error: %s", exc)
        return JSONResponse({"error": f"{exc}. Nothing was changed; try again.", "kind": "StorageError"},
                            status_code=503)

    # ----- game types ---------------------------------------------------------------
    @app.get("/api/game-types")
    async def game_types():
        return {"games": [dict(g.info(), bots=bot_levels(g)) for g in games()]}

    # ----- games --------------------------------------------------------------------
    @app.post("/api/games", status_code=201)
    async def create_game(request: Request):
        data = await _body(request)
        name = data.get("game")
        if not isinstance(name, str):
            raise BadRequest("the request lacks 'game' (a game type name)")
        players = _int(data, "players")
        seed = _int(data, "seed", required=False)
        t = await hall().create(name, players, data.get("options"), seed, data.get("seats"),
                                public=bool(data.get("public", False)))
        return _links(request, t)

    @app.get("/api/games")
    async def list_games(status: Optional[str] = None):
        if status not in (None, "open", "running", "finished", "replay"):
            raise BadRequest("status must be open, running, finished or replay")
        rows = await asyncio.to_thread(store.list_games, None)
        out = []
        for row in rows:
            open_ = row.status == "running" and any(s.get("kind") == "human" and not s.get("claimed")
                                                    for s in row.seats)
            if status == "open" and not open_:
                continue
            if status in ("running", "finished", "replay") and row.status != status:
                continue
            t = hall().tables.get(row.id)
            if t is not None:
                out.append(t.info())
            else:
                out.append({"id": row.id, "game": row.game, "players": row.players, "status": row.status,
                            "version": row.revision, "open": open_, "public": row.public, "created": row.created,
                            "seats": [{"seat": i, "kind": s.get("kind"), "bot": s.get("bot"),
                                       "claimed": bool(s.get("claimed"))} for i, s in enumerate(row.seats)]})
        return {"games": out}

    @app.get("/api/games/{game_id}")
    async def game_info(game_id: str):
        return (await hall().table(game_id)).info()

    @app.get("/api/games/{game_id}/view")
    async def game_view(game_id: str, token: Optional[str] = None):
        t = await hall().table(game_id)
        seat = t.seat_for_token(token)
        return t.table_message(seat)

    @app.post("/api/games/{game_id}/act")
    async def act(game_id: str, request: Request):
        t = await hall().table(game_id)
        data = await _body(request)
        token = data.get("token")
        if not isinstance(token, str) or not token:
            raise Forbidden("acting needs the seat's token (from its join link)")
        action = _int(data, "action")
        version = _int(data, "version")
        seat = t.seat_for_token(token)
        return await hall().act(t, seat, action, version)

    @app.post("/api/games/{game_id}/undo")
    async def undo(game_id: str, request: Request):
        t = await hall().table(game_id)
        data = await _body(request)
        token = data.get("token")
        if not isinstance(token, str) or not token:
            raise Forbidden("undo needs the seat's token (from its join link)")
        seat = t.seat_for_token(token)
        steps = data.get("steps", 1)
        return await hall().undo(t, seat, steps)

    @app.post("/api/games/{game_id}/join")
    async def join(game_id: str, request: Request):
        t = await hall().table(game_id)
        data = await _body(request)
        seat = _int(data, "seat", required=False)
        i, token = await hall().join(t, seat)
        links = _links(request, t)
        return {"seat": i, "token": token, "link": links["seats"][i]["link"]}

    @app.get("/api/games/{game_id}/record")
    async def record(game_id: str):
        t = await hall().table(game_id)
        rec = t.record.to_json()
        rec["meta"] = {"id": t.id, "status": t.row.status, "seats": [
            {"name": s["name"], "kind": s["kind"], "bot": s["bot"]} for s in t.seats_public()]}
        return rec

    @app.post("/api/games/import", status_code=201)
    async def import_record(request: Request):
        data = await _body(request)
        if "record" not in data:
            raise BadRequest("the request lacks 'record' (a game record object)")
        rec = GameRecord.from_json(data["record"])
        mode = data.get("mode", "replay")
        if mode not in ("replay", "continue"):
            raise BadRequest("mode must be 'replay' or 'continue'")
        upto = _int(data, "upto", required=False)
        actions = list(rec.actions)
        if upto is not None:
            if not 0 <= upto <= len(actions):
                raise BadRequest(f"upto must be between 0 and {len(actions)}")
            actions = actions[:upto]
        seats = data.get("seats")
        if mode == "replay":
            seats = [{"kind": "bot", "bot": "random"}] * rec.players
        t = await hall().create(rec.game, rec.players, rec.options, rec.seed, seats, actions=actions,
                                status="replay" if mode == "replay" else "running",
                                public=bool(data.get("public", False)), meta={"imported": True})
        return _links(request, t)

    @app.get("/api/games/{game_id}/replay")
    async def replay(game_id: str, step: Optional[int] = None, seat: Optional[int] = None,
                     token: Optional[str] = None):
        t = await hall().table(game_id)
        n = len(t.record.actions)
        step = n if step is None else step
        if not 0 <= step <= n:
            raise BadRequest(f"step must be between 0 and {n}")
        if seat is not None and not 0 <= seat < t.row.players:
            raise BadRequest(f"seat must be between 0 and {t.row.players - 1} (or left out for spectators)")
        if seat is not None and t.row.status == "running" and t.seat_for_token(token) != seat:
            raise Forbidden("a running game's replay shows a seat's view only with that seat's token")
        state, label = await asyncio.to_thread(_replay_to, t, step)
        lines = []
        for i in range(step):
            note = t.notes[i]
            if note:
                lines.append({"i": i, "kind": "server", "text": note, "data": {}, "chance": False})
            for e in t.events[i]:
                d = e.for_seat(seat)
                if d is not None:
                    d["i"] = i
                    lines.append(d)
        return {"game_id": t.id, "game": t.row.game, "title": t.game.title, "step": step, "steps": n,
                "seat": seat, "seat_name": t.seat_name(seat), "seats": t.seats_public(),
                "status": t.row.status, "view": state.view(seat), "log": lines, "last_action": label,
                "mover": t.movers[step - 1] if step > 0 else None,
                "result": t.result() if step == n else None}

    # ----- the socket ---------------------------------------------------------------
    @app.websocket("/ws/games/{game_id}")
    async def socket(ws: WebSocket, game_id: str, token: Optional[str] = None):
        await ws.accept()
        try:
            t = await hall().table(game_id)
            seat = t.seat_for_token(token)
        except CosmodromeError as exc:
            await ws.send_json({"type": "error", "status": _status(exc), "error": str(exc)})
            await ws.close(code=4000 + _status(exc))
            return
        from cosmodrome.server.tables import Conn
        conn = Conn(seat)
        t.conns.add(conn)
        if seat is not None:
            await hall().claim(t, seat)
        sender = asyncio.create_task(_sender(ws, conn, t))
        conn.queue.put_nowait({"type": "resync"})
        try:
            while True:
                msg = await ws.receive_json()
                if not isinstance(msg, dict):
                    await ws.send_json({"type": "error", "status": 400, "error": "messages are JSON objects"})
                    continue
                kind = msg.get("type")
                if kind == "ping":
                    conn.queue.put_nowait({"type": "pong"})
                elif kind == "resync":
                    conn.queue.put_nowait({"type": "resync"})
                elif kind == "act":
                    try:
                        a, v = _int(msg, "action"), _int(msg, "version")
                        res = await hall().act(t, seat, a, v)
                        conn.queue.put_nowait({"type": "ack", **res})
                    except CosmodromeError as exc:
                        conn.queue.put_nowait({"type": "error", "status": _status(exc), "error": str(exc)})
                        if isinstance(exc, Stale):
                            conn.queue.put_nowait({"type": "resync"})
                else:
                    conn.queue.put_nowait({"type": "error", "status": 400, "error": f"unknown message type {kind!r}"})
        except (WebSocketDisconnect, RuntimeError):
            pass
        except json.JSONDecodeError:
            pass
        finally:
            t.conns.discard(conn)
            sender.cancel()

    async def _sender(ws: WebSocket, conn, t: Table) -> None:
        try:
            while True:
                msg = await conn.queue.get()
                if msg.get("type") == "resync":
                    msg = t.table_message(conn.seat)
                await ws.send_json(msg)
        except asyncio.CancelledError:
            raise
        except Exception:  # the socket closed under us; the reader ends the connection
            t.conns.discard(conn)

    # ----- the page -----------------------------------------------------------------
    @app.get("/")
    async def index():
        return FileResponse(WEB_DIR / "index.html")

    app.mount("/", StaticFiles(directory=str(WEB_DIR), html=True), name="web")
    return app
