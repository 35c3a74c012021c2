"""The FastAPI application: REST endpoints, the WebSocket per seat, and the static page.

``create_app(db_url)`` builds an app (tests use it with a temporary SQLite file);
``cosmodrome serve`` runs it with uvicorn. The endpoints are described in docs/SERVER.md.

Errors are JSON ``{"error": message}`` with a status naming the kind of problem:
400 malformed request, 403 bad token or wrong seat or another site, 404 unknown game, 409 stale
version or a game that cannot do this now, 413 a body over the size cap, 422 an illegal action /
option / record (the engine's message), 429 too many new games from one address, 503 the
database refused a write (nothing changed).

Seat tokens come in the ``X-Cosmodrome-Token`` header (REST) or the socket's first frame
(``{"type": "hello", "token": ...}``), never in a URL (see :mod:`cosmodrome.server.security`).
"""

from __future__ import annotations

import asyncio
import logging
import os
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Optional

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, RedirectResponse
from fastapi.staticfiles import StaticFiles

from cosmodrome.core import (
    CosmodromeError, DataError, GameRecord, IllegalActionError, OptionError, PlayerCountError, RecordError,
    UnknownGameError, games, get_game,
)
from cosmodrome.server.accounts import Accounts, NameTaken, Unauthorized
from cosmodrome.server import languages
from cosmodrome.server.people import router as people_router, session_of
from cosmodrome.server.ratings import Ratings
from cosmodrome.server.seatbots import bot_levels
from cosmodrome.server.seats import joinable
from cosmodrome.server.security import (
    MAX_BODY, MAX_FRAME, BadRequest, Buckets, Guard, OtherSite, RateLimit, TokenBucket, TooLarge, TooMany, TooSlow,
    flag,
    install_log_redaction, parse_json, token_from,
)
from cosmodrome.server.storage import StorageError, Store
from cosmodrome.server.tables import (
    BotCaps, Conflict, Conn, Forbidden, Hall, NotFound, Stale, Table, options_summary,
)
from cosmodrome.server.updates import Feed, dumps
from cosmodrome.server.variants import Variants

log = logging.getLogger("cosmodrome.server")

#: the notice every game's sockets get when the database's files are lost under the server
STORE_LOST_NOTICE = ("The server's database file was removed, replaced or cut short while the server ran: no "
                     "move can be stored any more, and none is accepted, until the server is restarted.")

WEB_DIR = Path(__file__).resolve().parent.parent / "web"

#: told to everyone who joins a game whose seed its creator chose (such a game is never rated)
SEED_CHOSEN = ("The creator of this game chose its seed, so they may know every hand and the order of every "
               "draw. Such a game is never rated.")


STATUS = [
    (BadRequest, 400), (Unauthorized, 401), (Forbidden, 403), (NameTaken, 409), (OtherSite, 403), (NotFound, 404), (UnknownGameError, 404),
    (Stale, 409), (Conflict, 409), (TooSlow, 408), (TooLarge, 413), (IllegalActionError, 422), (OptionError, 422),
    (PlayerCountError, 422), (RecordError, 422), (DataError, 422), (TooMany, 429), (StorageError, 503),
]


def _status(exc: Exception) -> int:
    for cls, code in STATUS:
        if isinstance(exc, cls):
            return code
    return 500


async def _body(request: Request) -> dict[str, Any]:
    data = parse_json(await request.body(), "the request body", request.app.state.max_body)
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


def _base(request: Request) -> str:
    """The address links start with: ``--public-url`` when set, else the request's own."""
    return request.app.state.public_url or str(request.base_url).rstrip("/")


def _links(request: Request, t: Table) -> dict[str, Any]:
    """The join links of ``t``. A seat's token is in the URL's fragment (``#token=``), which a
    browser never sends to a server, so no access log or proxy records it."""
    base = _base(request)
    seats = []
    tokens = []
    for i, s in enumerate(t.row.seats):
        d = {"seat": i, "name": t.seat_name(i), "kind": s["kind"], "bot": s.get("bot")}
        if s["kind"] == "human" and s.get("token") and not joinable(s, t.row.public, t.row.status):
            d["token"] = s["token"]
            d["link"] = f"{base}/table.html?game={t.id}#token={s['token']}"
            tokens.append(s["token"])
        elif s["kind"] == "human":  # open to strangers: its token is made for whoever joins
            d["open"] = True
        seats.append(d)
    out = {"id": t.id, "seats": seats, "spectate": f"{base}/table.html?game={t.id}",
           "replay": f"{base}/replay.html?game={t.id}", "seed_chosen": t.seed_chosen}
    if len(tokens) > 1:
        out["hotseat"] = f"{base}/table.html?game={t.id}#token={','.join(tokens)}"
    return out


def _token(request: Request) -> Optional[str]:
    return token_from(request.headers, request.query_params)


def _client(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def default_bot_workers() -> int:
    """Worker processes for bots by default: two, or one on a single-core machine."""
    return max(1, min(2, os.cpu_count() or 1))


def create_app(db_url: str = "sqlite:///./cosmodrome.sqlite", *, bot_delay: float = 0.0,
               bot_workers: Optional[int] = None, bot_time_limit: Optional[float] = 30.0,
               bot_modules: tuple[str, ...] = (), bot_prestart: bool = False,
               store: Optional[Store] = None, allowed_hosts: Optional[list[str]] = None,
               public_url: Optional[str] = None, variants_dir: Optional[Path] = None,
               bot_caps: Optional[BotCaps] = None, create_limit: tuple[int, float] = (30, 300.0),
               max_body: int = MAX_BODY, max_frame: int = MAX_FRAME, hello_timeout: float = 10.0,
               clock_scale: float = 1.0, clock_scan: float = 1.0, alive_every: float = 10.0,
               password_hasher: Any = None, login_limit: tuple[int, float] = (10, 300.0),
               rating_guard: bool = True, max_sockets_per_address: int = 32,
               socket_rate: tuple[float, float] = (200, 100.0), table_rate: tuple[float, float] = (5, 1.0),
               rest_table_rate: tuple[float, float] = (120, 60.0), body_timeout: float = 30.0) -> FastAPI:
    """The Cosmodrome web app on the database ``db_url`` (any SQLAlchemy URL).

    ``bot_delay`` (seconds) is the least time a bot's turn takes, so people can follow (tests
    use 0). Bots think in ``bot_workers`` worker processes (default
    :func:`default_bot_workers`), at most ``bot_time_limit`` seconds per decision (None: no
    cap); ``bot_modules`` are imported in the server and in every worker (plug-in games or
    bots, e.g. a test's deliberately slow bot). ``bot_prestart`` starts the worker processes
    with the server instead of at the first bot decision.

    Security (docs/SERVER.md): ``allowed_hosts`` the host names the server answers to (None:
    any ``Host``; an ``Origin`` must still be the page's own site or one of them);
    ``public_url`` the address links start with (behind a proxy); ``variants_dir`` the
    operator's variant files (``<game>/<name>.toml``); ``bot_caps`` what a client may ask of a
    bot; ``create_limit`` (n, seconds) new games per client address; ``max_body`` /
    ``max_frame`` the largest request body / socket frame in bytes; ``hello_timeout`` the
    seconds a socket has to send its first frame; ``max_sockets_per_address`` the WebSockets
    one client address may hold open at once (0: no cap); ``socket_rate`` (burst, per second)
    the frames a socket may send (past it the socket is closed); ``table_rate`` (burst, per
    second) a socket's frames that cost a whole table (resync, a stale action answered with the
    table, undo, taking a seat back; past it a 429 error frame, nothing done);
    ``rest_table_rate`` the same per client address for the requests that build a table or a
    replay (view, replay, record) or read every stored game (the list of games), while undo,
    taking a seat back and naming it over REST get twice ``table_rate`` per address;
    ``body_timeout`` the seconds a request body has to come in full (408; 0: no limit).

    Clocks (docs/SERVER.md, "Clocks"): ``clock_scale`` multiplies every clock duration (tests
    run a "minute" in milliseconds), ``clock_scan`` is how often deadlines are checked and
    ``alive_every`` how often the server records that it is up (seconds).

    Accounts (docs/SERVER.md, "Accounts"): ``password_hasher`` an argon2
    ``PasswordHasher`` (default: argon2-cffi's default cost; tests use a cheaper one),
    ``login_limit`` (n, seconds) log-in attempts per address and per account name.

    Ratings (docs/SERVER.md, "Ratings"): ``rating_guard`` the rules that leave linked accounts
    out of a rated game's rating (off: every account is rated, for a server among friends)."""
    store = store or Store(db_url)
    variants = Variants(variants_dir)
    caps = bot_caps or BotCaps()
    creations = RateLimit(*create_limit)
    rest_tables = Buckets(*rest_table_rate)
    # undo, taking a seat back and naming it send every socket of the game a whole table
    rest_broadcasts = Buckets(2 * table_rate[0], 2 * table_rate[1])

    def broadcast_costs(request: Request) -> None:
        wait = rest_broadcasts.take(_client(request))
        if wait:
            raise TooMany(f"this address changes tables (undo, taking a seat back, a name) faster than "
                          f"{2 * table_rate[1]:g} a second; try again in {max(wait, 0.1):.1f} s")

    def table_costs(request: Request) -> None:
        """Count a request that builds a whole table or replay against its address's rate."""
        wait = rest_tables.take(_client(request))
        if wait:
            raise TooMany(f"this address asks for whole tables faster than {rest_table_rate[1]:g} a second; "
                          f"try again in {max(wait, 0.1):.1f} s")
    accounts = Accounts(store, password_hasher, login_limit)
    ratings = Ratings(store, guard=rating_guard)
    install_log_redaction()
    hall_box: dict[str, Hall] = {}
    workers = default_bot_workers() if bot_workers is None else bot_workers
    if workers < 1:
        raise OptionError(f"bot_workers must be 1 or more, not {workers}")
    if bot_time_limit is not None and not bot_time_limit > 0:
        raise OptionError(f"bot_time_limit must be positive (or None for no limit), not {bot_time_limit}")

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        hall = Hall(store, bot_delay=bot_delay, bot_workers=workers, bot_time_limit=bot_time_limit,
                    bot_modules=tuple(bot_modules), variants=variants, bot_caps=caps, clock_scale=clock_scale,
                    clock_scan=clock_scan, alive_every=alive_every)
        hall_box["hall"] = hall
        app.state.hall = hall
        loop = asyncio.get_running_loop()
        store.watch(lambda _text: loop.call_soon_threadsafe(hall.notify_everyone, STORE_LOST_NOTICE))
        if bot_prestart:
            app.state.bot_prestart = asyncio.create_task(hall.pool.prestart())
        n = await hall.resume_all()
        if n:
            log.info("resumed %d running game(s)", n)
        await hall.start_clocks()
        hall.steps_task = asyncio.create_task(hall.keep_steps())  # games stored before snapshots
        hall.on_finish.append(ratings.game_over)
        rated = await ratings.catch_up(hall)
        if rated:
            log.info("rated %d finished game(s) left unrated", rated)
        try:
            yield
        finally:
            starting = getattr(app.state, "bot_prestart", None)
            if starting is not None and not starting.done():
                starting.cancel()
                await asyncio.gather(starting, return_exceptions=True)
            await hall.close()

    app = FastAPI(title="Cosmodrome", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.state.store = store
    app.state.public_url = public_url.rstrip("/") if public_url else None
    app.state.max_body = max_body
    app.add_middleware(Guard, allowed_hosts=allowed_hosts, max_body=max_body, public_url=public_url,
                       max_sockets=max_sockets_per_address, body_timeout=body_timeout)

    def hall() -> Hall:
        return hall_box["hall"]

    @app.exception_handler(CosmodromeError)
    async def _cosmo_error(request: Request, exc: CosmodromeError):
        close = {"connection": "close"} if isinstance(exc, TooSlow) else None  # the rest of its body may yet come
        return JSONResponse({"error": str(exc), "kind": type(exc).__name__}, status_code=_status(exc), headers=close)

    @app.exception_handler(StorageError)
    async def _store_error(request: Request, exc: StorageError):
        log.error("storage error: %s", exc)
        return JSONResponse({"error": f"{exc}. {exc.advice}", "kind": "StorageError"},
                            status_code=503)

    # ----- game types ---------------------------------------------------------------
    @app.get("/api/game-types")
    async def game_types():
        return {"games": [dict(g.info(), bots=bot_levels(g), variants=variants.names(g.name)) for g in games()]}

    @app.get("/api/game-types/{name}/how-to-play")
    async def how_to_play(name: str):
        page = get_game(name).how_to_play()
        if page is None:
            raise NotFound(f"{name} has no how-to-play page yet")
        return page

    # ----- games --------------------------------------------------------------------
    @app.post("/api/games", status_code=201)
    async def create_game(request: Request):
        data = await _body(request)
        name = data.get("game")
        if not isinstance(name, str):
            raise BadRequest("the request lacks 'game' (a game type name)")
        players = _int(data, "players")
        seed = _int(data, "seed", required=False)
        public = flag(data, "public")
        creations.hit(_client(request))
        rated = flag(data, "rated")
        owner = await accounts.current(session_of(request))
        t = await hall().create(name, players, data.get("options"), seed, data.get("seats"), public=public,
                                clock=data.get("clock"), chat=data.get("chat"), owner=owner, rated=rated,
                                address=_client(request))
        return _links(request, t)

    @app.get("/api/games")
    async def list_games(request: Request, status: Optional[str] = None):
        table_costs(request)  # every stored game is read
        if status not in (None, "open", "running", "finished", "replay"):
            raise BadRequest("status must be open, running, finished or replay")
        rows = await asyncio.to_thread(store.list_games, None)
        out = []
        for row in rows:
            if not row.public:  # a private game is reached through its links only
                continue
            open_ = any(joinable(s, row.public, row.status) for s in row.seats)
            if status == "open" and not open_:
                continue
            if status in ("running", "finished", "replay") and row.status != status:
                continue
            t = hall().tables.get(row.id)
            if t is not None:
                out.append(t.info())
            else:
                out.append({"id": row.id, "game": row.game, "players": row.players, "status": row.status,
                            "options": options_summary(row.options),
                            "version": row.revision, "open": open_, "public": row.public, "created": row.created,
                            "seats": [{"seat": i, "kind": s.get("kind"), "bot": s.get("bot"),
                                       "claimed": bool(s.get("claimed")), "open": joinable(s, row.public, row.status)}
                                      for i, s in enumerate(row.seats)]})
        return {"games": out}

    @app.get("/api/games/{game_id}")
    async def game_info(game_id: str):
        return (await hall().table(game_id)).info()

    @app.get("/api/games/{game_id}/view")
    async def game_view(game_id: str, request: Request):
        token = _token(request)
        table_costs(request)
        t = await hall().table(game_id)
        seat = await hall().use(t, token, _client(request))
        return t.table_message(seat)

    @app.post("/api/games/{game_id}/act")
    async def act(game_id: str, request: Request):
        t = await hall().table(game_id)
        data = await _body(request)
        token = data.get("token") or _token(request)
        if not isinstance(token, str) or not token:
            raise Forbidden("acting needs the seat's token (from its join link)")
        action = _int(data, "action")
        version = _int(data, "version")
        seat = await hall().use(t, token, _client(request))
        return await hall().act(t, seat, action, version)

    @app.post("/api/games/{game_id}/undo")
    async def undo(game_id: str, request: Request):
        broadcast_costs(request)
        t = await hall().table(game_id)
        data = await _body(request)
        token = data.get("token") or _token(request)
        if not isinstance(token, str) or not token:
            raise Forbidden("undo needs the seat's token (from its join link)")
        seat = await hall().use(t, token, _client(request))
        steps = data.get("steps", 1)
        return await hall().undo(t, seat, steps)

    @app.post("/api/games/{game_id}/join")
    async def join(game_id: str, request: Request):
        t = await hall().table(game_id)
        data = await _body(request)
        seat = _int(data, "seat", required=False)
        account = await accounts.current(session_of(request))
        i, token = await hall().join(t, seat, _client(request), account)
        out = {"seat": i, "token": token, "link": f"{_base(request)}/table.html?game={t.id}#token={token}",
               "seed_chosen": t.seed_chosen}
        if t.seed_chosen:
            out["notice"] = SEED_CHOSEN
        return out

    async def seat_says(game_id: str, request: Request, key: str, what: str):
        """The table, the token's seat and the body's ``key`` (a clear error without it)."""
        t = await hall().table(game_id)
        seat = await hall().use(t, _token(request), _client(request))
        data = await _body(request)
        if key not in data:
            raise BadRequest(f"the request lacks '{key}' ({what})")
        return t, seat, data[key]

    @app.post("/api/games/{game_id}/name")
    async def name(game_id: str, request: Request):
        broadcast_costs(request)
        t, seat, text = await seat_says(game_id, request, "name", "text")
        return {"ok": True, "seat": seat, "name": await hall().set_name(t, seat, text)}

    @app.post("/api/games/{game_id}/chat")
    async def chat(game_id: str, request: Request):
        t, seat, text = await seat_says(game_id, request, "text", "the message")
        return await hall().chat(t, seat, text, _client(request))

    @app.get("/api/games/{game_id}/chat")
    async def chat_lines(game_id: str):
        t = await hall().table(game_id)
        return {"chat": t.chat_lines(), "chat_mode": t.row.meta.get("chat", "players")}

    @app.post("/api/games/{game_id}/back")
    async def take_back(game_id: str, request: Request):
        broadcast_costs(request)
        t = await hall().table(game_id)
        token = _token(request)
        if not token:
            raise Forbidden("taking a seat back needs the seat's token (from its join link)")
        return await hall().take_back(t, await hall().use(t, token, _client(request)))

    @app.post("/api/games/{game_id}/rematch")
    async def rematch(game_id: str, request: Request):
        t = await hall().table(game_id)
        seat = await hall().use(t, _token(request), _client(request))
        creations.hit(_client(request))
        nxt = await hall().rematch(t, seat)
        mine = nxt.row.seats[seat]
        links = _links(request, nxt)
        return {"id": nxt.id, "seat": seat, "token": mine.get("token"),
                "link": links["seats"][seat].get("link"), "spectate": links["spectate"]}

    @app.get("/api/games/{game_id}/record")
    async def record(game_id: str, request: Request):
        token = _token(request)
        table_costs(request)
        t = await hall().table(game_id)
        if t.row.status == "running":
            # the seed and actions would replay to every hand and the deck order: sealed until the end
            if token is None:
                raise Forbidden("a running game's record is sealed until the game is over; a seat may "
                                "download what it has seen by sending its token")
            return t.seat_record(await hall().use(t, token, _client(request)))
        rec = t.record.to_json()
        rec["rules_version"] = t.row.rules_version
        rec["meta"] = {"id": t.id, "status": t.row.status, "seats": [
            {"name": s["name"], "kind": s["kind"], "bot": s["bot"]} for s in t.seats_public()]}
        if t.base:  # its first actions were taken under rules this code no longer plays
            rec["meta"]["rules_changed"] = [{k: c.get(k) for k in ("at", "from", "to")}
                                            for c in t.row.meta.get("rules_changed") or []]
        return rec

    @app.post("/api/games/import", status_code=201)
    async def import_record(request: Request):
        data = await _body(request)
        if "record" not in data:
            raise BadRequest("the request lacks 'record' (a game record object)")
        rec = GameRecord.from_json(data["record"])
        if rec.chance != "sampled":   # its actions hold chance outcomes the table does not ask
            raise BadRequest("the table plays records of the sampled chance mode only, not explicit chance")
        mode = data.get("mode", "replay")
        if mode not in ("replay", "continue"):
            raise BadRequest("mode must be 'replay' or 'continue'")
        public = flag(data, "public")
        creations.hit(_client(request))
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
                                public=public, meta={"imported": True}, address=_client(request))
        return _links(request, t)

    @app.get("/api/games/{game_id}/replay")
    async def replay(game_id: str, request: Request, step: Optional[int] = None, seat: Optional[int] = None):
        token = _token(request)
        table_costs(request)
        t = await hall().table(game_id)
        n = len(t.record.actions)
        step = n if step is None else step
        if not 0 <= step <= n:
            raise BadRequest(f"step must be between 0 and {n}")
        if seat is not None and not 0 <= seat < t.row.players:
            raise BadRequest(f"seat must be between 0 and {t.row.players - 1} (or left out for spectators)")
        if seat is not None and t.row.status == "running" and await hall().use(t, token, _client(request)) != seat:
            raise Forbidden("a running game's replay shows a seat's view only with that seat's token")
        state, label = await asyncio.to_thread(t.state_at, step)
        mover = t.movers[step - 1] if step > 0 else None
        if t.row.status == "running" and mover != seat:
            label = None  # another seat's choice may be secret until the game is over; the log says what is public
        lines = t.log_lines(seat, 0, step if step < n else None)  # the end: with the lines said after the last move
        return {"game_id": t.id, "game": t.row.game, "title": t.game.title, "step": step, "steps": n,
                "seat": seat, "seat_name": t.seat_name(seat), "seats": t.seats_public(),
                "status": t.row.status, "view": state.view(seat), "log": lines, "last_action": label,
                "mover": mover, "movers": list(t.movers[:n]), "chat": t.chat_lines(step),
                "result": t.result() if step == n else None}

    # ----- the socket ---------------------------------------------------------------
    @app.websocket("/ws/games/{game_id}")
    async def socket(ws: WebSocket, game_id: str):
        await ws.accept()
        try:
            header_token = token_from(ws.headers, ws.query_params)
            t = await hall().table(game_id)
            # the hello claims the seat, stored before the socket is served (docs/SERVER.md, "Seats")
            token, updates = await _hello(ws, header_token)
            seat = await hall().use(t, token, ws.client.host if ws.client else None)
        except (CosmodromeError, StorageError) as exc:
            await ws.send_json({"type": "error", "status": _status(exc), "error": str(exc), "kind": type(exc).__name__})
            await ws.close(code=4000 + _status(exc))
            return
        except WebSocketDisconnect:
            return
        conn = Conn(seat, feed=Feed(updates))
        t.conns.add(conn)
        sender = asyncio.create_task(_sender(ws, conn, t))
        post = lambda msg: hall()._post(conn, msg)  # noqa: E731
        post({"type": "resync"})
        frames, tables = TokenBucket(*socket_rate), TokenBucket(*table_rate)
        try:
            while True:
                raw = await ws.receive()
                if raw.get("type") == "websocket.disconnect":
                    break
                await asyncio.sleep(0)  # frames waiting in the socket's buffer do not hold the others up
                if frames.take():
                    post({"type": "error", "status": 429, "kind": "TooMany",
                          "error": f"this socket sent more than {socket_rate[1]:g} messages a second; it is closed"})
                    await asyncio.sleep(0.05)  # the sender gets the sentence out first
                    await ws.close(code=1008)
                    break
                try:
                    reply = await _socket_message(t, seat, raw, ws.client.host if ws.client else "unknown", tables)
                except (CosmodromeError, StorageError) as exc:
                    text = f"{exc}. {exc.advice}" if isinstance(exc, StorageError) else str(exc)
                    post({"type": "error", "status": _status(exc), "error": text, "kind": type(exc).__name__})
                    if isinstance(exc, Stale) and not tables.take():
                        post({"type": "resync"})
                    continue
                except Exception as exc:  # a bug of ours: say so, keep the socket, change nothing
                    log.exception("socket message in game %s", t.id)
                    post({"type": "error", "status": 500, "error": f"the server failed on this message "
                                                                      f"({type(exc).__name__}); nothing was changed"})
                    continue
                for m in reply:
                    post(m)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            t.conns.discard(conn)
            sender.cancel()

    async def _hello(ws: WebSocket, header_token: Optional[str]) -> tuple[Optional[str], bool]:
        """The seat token of a socket, from its first frame ``{"type": "hello", "token": T}``
        (no token, or null: a spectator; the ``X-Cosmodrome-Token`` header may carry it instead),
        and whether the socket asks for moves as updates (``"updates": true``, docs/SERVER.md,
        "Table messages")."""
        hello = "the socket's first message must be {\"type\": \"hello\", \"token\": ...} (token null for a spectator)"
        try:
            raw = await asyncio.wait_for(ws.receive(), hello_timeout)
        except asyncio.TimeoutError:
            raise BadRequest(f"{hello}, sent within {hello_timeout:g} s") from None
        if raw.get("type") == "websocket.disconnect":
            raise WebSocketDisconnect(raw.get("code", 1000))
        msg = _frame(raw)
        if msg.get("type") != "hello":
            raise BadRequest(hello)
        token = msg.get("token", None)
        if token is not None and (not isinstance(token, str)):
            raise BadRequest("the hello's token must be text (or null for a spectator)")
        updates = msg.get("updates", False)
        if not isinstance(updates, bool):
            raise BadRequest("the hello's 'updates' must be true or false")
        return token or header_token, updates

    def _frame(raw: dict[str, Any]) -> dict[str, Any]:
        """One socket frame as a JSON object (BadRequest when it is not one)."""
        text = raw.get("text")
        if text is None:
            raise BadRequest("messages are JSON text, not binary frames")
        msg = parse_json(text, "the message", max_frame)
        if not isinstance(msg, dict):
            raise BadRequest("messages are JSON objects such as {\"type\": \"ping\"}")
        return msg

    async def _socket_message(t: Table, seat: Optional[int], raw: dict[str, Any], client: str,
                              tables: TokenBucket) -> list[dict[str, Any]]:
        """The answer to one message from a socket; errors are raised (and sent back)."""
        msg = _frame(raw)
        kind = msg.get("type")
        if kind == "ping":
            return [{"type": "pong"}]
        if kind in ("resync", "undo", "back"):  # each costs a whole table (for every socket of the game)
            wait = tables.take()
            if wait:
                raise TooMany(f"this socket asks for whole tables faster than {table_rate[1]:g} a second "
                              f"({kind!r} refused, nothing was changed); try again in {max(wait, 0.1):.1f} s")
        if kind == "resync":
            return [{"type": "resync"}]
        if kind == "act":
            a, v = _int(msg, "action"), _int(msg, "version")
            return [{"type": "ack", "of": "act", **await hall().act(t, seat, a, v)}]
        if kind == "undo":
            return [{"type": "ack", "of": "undo", **await hall().undo(t, seat, msg.get("steps", 1))}]
        if kind == "chat":
            if "text" not in msg:
                raise BadRequest("a chat message lacks 'text'")
            return [{"type": "ack", "of": "chat", **await hall().chat(t, seat, msg["text"], client)}]
        if kind == "back":
            return [{"type": "ack", "of": "back", **await hall().take_back(t, seat)}]
        raise BadRequest(f"unknown message type {kind!r}: use act, undo, chat, back, ping or resync")

    async def _sender(ws: WebSocket, conn, t: Table) -> None:
        try:
            while True:
                msg = await conn.queue.get()
                if msg.get("type") == "resync":
                    msg = conn.feed.full(t.table_message(conn.seat))
                else:
                    msg = conn.feed.next(msg, lambda: t.table_message(conn.seat))
                if msg is not None:
                    await ws.send_text(dumps(msg))
        except asyncio.CancelledError:
            raise
        except Exception:  # the socket closed under us; the reader ends the connection
            t.conns.discard(conn)

    def _https(request: Request) -> bool:
        return request.url.scheme == "https" or bool(app.state.public_url and app.state.public_url.startswith("https:"))

    app.include_router(people_router(accounts, ratings, hall, _body, _client, _base, _token, _https))
    languages.install(app, accounts, _body)

    # ----- the page -----------------------------------------------------------------
    @app.get("/")
    async def index():
        return FileResponse(WEB_DIR / "index.html")

    app.mount("/", StaticFiles(directory=str(WEB_DIR), html=True), name="web")
    return app
