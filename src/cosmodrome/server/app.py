"""The FastAPI application: ``create_app(db_url)`` builds it (tests use it with a temporary
SQLite file); ``cosmodrome serve`` runs it with uvicorn.

The routes are in :mod:`cosmodrome.server.routers`, one module per resource; the endpoints are
listed in docs/SERVER.md ("Endpoints") and described at ``/docs`` and ``/openapi.json``. Errors
are JSON ``{"error": message, "kind": name}`` (:mod:`cosmodrome.server.routers.errors`).

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

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from cosmodrome import i18n
from cosmodrome.core import OptionError
from cosmodrome.i18n import N_
from cosmodrome.server import languages
from cosmodrome.server.accounts import Accounts
from cosmodrome.server.labruns import Lab, LabConfig
from cosmodrome.server.ratings import Ratings
from cosmodrome.server.routers import ROUTERS, errors
from cosmodrome.server.routers.deps import Limits
from cosmodrome.server.routers.errors import STATUS  # noqa: F401 (names this module offered)
from cosmodrome.server.routers.pages import WEB_DIR
from cosmodrome.server.routers.seats import SEED_CHOSEN  # noqa: F401
from cosmodrome.server.security import MAX_BODY, MAX_FRAME, Guard, PageHeaders, install_log_redaction
from cosmodrome.server.storage import Store
from cosmodrome.server.tables import BotCaps, Hall
from cosmodrome.server.variants import Variants

log = logging.getLogger("cosmodrome.server")

#: the notice every game's sockets get when the database's files are lost under the server
STORE_LOST_NOTICE = N_("The server's database file was removed, replaced or cut short while the server ran: no "
                     "move can be stored any more, and none is accepted, until the server is restarted.")


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
               rest_table_rate: tuple[float, float] = (120, 60.0), body_timeout: float = 30.0,
               lab: Optional[LabConfig] = None, lease_seconds: Optional[float] = None,
               forward_timeout: float = 5.0, copy_seconds: float = 60.0) -> FastAPI:
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
    out of a rated game's rating (off: every account is rated, for a server among friends).

    The design lab (docs/LAB.md): ``lab`` its :class:`~cosmodrome.server.labruns.LabConfig`
    (default: open to everyone, one niced local worker process, 2000 games a run at most).

    Several processes on one PostgreSQL database (docs/SERVER.md, "Many processes"):
    ``lease_seconds`` how long a game's lease lasts unrenewed (default 2.5: a killed
    process's games are taken over within about 3 s), ``forward_timeout`` how long a write
    handed to the game's owner waits to be taken before it is refused (503), ``copy_seconds``
    how long a copy of a game this process does not own stays in memory once no socket and
    no request uses it."""
    store = store or Store(db_url)
    workers = default_bot_workers() if bot_workers is None else bot_workers
    if workers < 1:
        raise OptionError(f"bot_workers must be 1 or more, not {workers}")
    if bot_time_limit is not None and not bot_time_limit > 0:
        raise OptionError(f"bot_time_limit must be positive (or None for no limit), not {bot_time_limit}")
    install_log_redaction()
    variants = Variants(variants_dir)
    accounts = Accounts(store, password_hasher, login_limit)
    ratings = Ratings(store, guard=rating_guard)

    def new_hall() -> Hall:
        return Hall(store, bot_delay=bot_delay, bot_workers=workers, bot_time_limit=bot_time_limit,
                    bot_modules=tuple(bot_modules), variants=variants, bot_caps=bot_caps or BotCaps(),
                    clock_scale=clock_scale, clock_scan=clock_scan, alive_every=alive_every,
                    lease_seconds=lease_seconds, forward_timeout=forward_timeout, copy_seconds=copy_seconds)

    app = FastAPI(title="Cosmodrome", version=_version(), lifespan=_lifespan(new_hall, bot_prestart),
                  docs_url=None, redoc_url=None, openapi_url="/openapi.json",
                  description="The JSON API of a Cosmodrome server (docs/SERVER.md).")
    app.state.store, app.state.accounts, app.state.ratings, app.state.variants = store, accounts, ratings, variants
    app.state.public_url = public_url.rstrip("/") if public_url else None
    app.state.max_body, app.state.max_frame, app.state.hello_timeout = max_body, max_frame, hello_timeout
    app.state.lab = Lab(lab or LabConfig(), db_url, bot_caps or BotCaps())
    app.state.limits = Limits.make(create_limit, table_rate, rest_table_rate, socket_rate)
    app.add_middleware(Guard, allowed_hosts=allowed_hosts, max_body=max_body, public_url=public_url,
                       max_sockets=max_sockets_per_address, body_timeout=body_timeout)
    app.add_middleware(PageHeaders)  # outside the Guard: its refusals carry the headers too
    errors.install(app)
    errors.install_openapi(app)
    for router in ROUTERS:
        app.include_router(router)
    languages.install(app)
    app.mount("/", StaticFiles(directory=str(WEB_DIR), html=True), name="web")
    return app


def _version() -> str:
    try:
        from importlib.metadata import version
        return version("cosmodrome")
    except Exception:  # pragma: no cover - not installed
        return "0"


def _lifespan(new_hall, bot_prestart: bool):
    """Start the hall (resume running games, clocks, ratings left to do) and stop it."""

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        hall = new_hall()
        app.state.hall = hall
        store, ratings = app.state.store, app.state.ratings
        loop = asyncio.get_running_loop()
        store.watch(lambda _text: loop.call_soon_threadsafe(hall.notify_everyone,
                                                          i18n.later(i18n.gettext, STORE_LOST_NOTICE)))
        if bot_prestart:
            app.state.bot_prestart = asyncio.create_task(hall.pool.prestart())
        hall.start_cluster()
        n = await hall.resume_all()
        if n:
            log.info("resumed %d running game(s)", n)
        await hall.start_clocks()
        hall.start_takeovers()
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

    return lifespan
