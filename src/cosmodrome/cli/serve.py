"""The ``serve`` command: the browser table on an embedded SQLite database (or any
SQLAlchemy URL). Owned by the browser-table work; hosting it for friends: docs/HOSTING.md."""

from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer

from cosmodrome.cli.app import app


def _create_limit(text: str) -> tuple[int, float]:
    """``"30/300"`` → (30, 300.0): at most 30 new games per address in 300 seconds."""
    n, _, window = text.partition("/")
    try:
        out = int(n), float(window or 300)
    except ValueError:
        raise typer.BadParameter(f"--create-limit is written N/SECONDS (e.g. 30/300), not {text!r}") from None
    if out[0] < 0 or out[1] <= 0:
        raise typer.BadParameter("--create-limit needs N of 0 (no limit) or more and a positive number of seconds")
    return out


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", help="address to listen on (0.0.0.0: every interface of this machine)"),
    port: int = typer.Option(8000, help="TCP port"),
    db: str = typer.Option("sqlite:///./cosmodrome.sqlite", help="SQLAlchemy database URL"),
    bot_delay: float = typer.Option(0.6, help="seconds a bot's turn takes at least, so people can follow"),
    bot_workers: Optional[int] = typer.Option(
        None, min=1, help="worker processes in which bots think (default: 2, or 1 on a one-core machine)"),
    bot_time_limit: float = typer.Option(
        30.0, help="seconds a bot may think about one decision; past it a random legal move is played "
                   "(0: no limit)"),
    bot_module: List[str] = typer.Option(
        [], "--bot-module", help="a module to import in the server and in every bot worker (plug-in games "
                                 "or bots); may be repeated; cosmodrome --import MODULE serve does the same"),
    bot_max_iters: int = typer.Option(
        2000, min=1, help="the most search iterations a client may ask of a bot a decision"),
    bot_max_seconds: float = typer.Option(
        10.0, min=0.001, help="the most seconds a client may ask a bot to think a decision"),
    bot_max_seats: int = typer.Option(4, min=0, help="the most bot seats a game may have"),
    variants: Optional[Path] = typer.Option(
        None, "--variants", help="a directory of variant files (<game>/<name>.toml) the lobby offers by name"),
    public_url: Optional[str] = typer.Option(
        None, help="the address players use (e.g. https://games.example.org behind a reverse proxy): "
                   "links start with it"),
    allowed_hosts: List[str] = typer.Option(
        [], "--allowed-hosts", help="a further host name the server answers to (Host and Origin checks); may be "
                                    "repeated or comma-separated; '*' answers to any"),
    forwarded_allow_ips: Optional[str] = typer.Option(
        None, help="addresses of reverse proxies whose X-Forwarded-For/-Proto headers are trusted "
                   "(comma-separated; default: none)"),
    create_limit: str = typer.Option("30/300", help="new games per client address: N/SECONDS (0/1: no limit)"),
    max_connections_per_address: int = typer.Option(
        64, min=0, help="TCP connections one client address may hold open (0: no cap; the addresses of "
                        "--forwarded-allow-ips are not counted)"),
    max_sockets_per_address: int = typer.Option(
        32, min=0, help="WebSockets (tables open) one client address may hold open (0: no cap)"),
    socket_messages: float = typer.Option(
        100.0, min=0.0, help="messages a second a WebSocket may send (twice as many at once); past it the socket "
                             "is closed (0: no cap)"),
    header_timeout: float = typer.Option(
        10.0, min=0.0, help="seconds a connection has to send its request's headers (0: no limit)"),
    body_timeout: float = typer.Option(
        30.0, min=0.0, help="seconds a request body has to come in full (0: no limit)"),
    max_header_bytes: int = typer.Option(
        64 << 10, min=0, help="bytes a request's line and headers may have (0: no cap)"),
    log_level: str = typer.Option("warning", help="uvicorn log level"),
    test_games: bool = typer.Option(False, "--test-games", help="also offer the tiny test game pocket-race"),
    clock_scale: float = typer.Option(1.0, min=0.0001, help="multiplies every clock duration (tests run clocks fast)"),
    clock_scan: float = typer.Option(1.0, min=0.01, help="seconds between checks of the clocks' deadlines"),
    alive_every: float = typer.Option(10.0, min=0.05, help="seconds between records that the server is up "
                                                          "(a restart gives the clocks back the time since)"),
    lab: str = typer.Option("open", help="who may use the design lab (/lab.html): open (everyone), accounts "
                                         "(people logged in), off"),
    lab_backend: str = typer.Option("local", help="where the design lab plays its games: local (niced worker "
                                                  "processes) or ray"),
    ray_address: Optional[str] = typer.Option(None, help="the Ray cluster of --lab-backend ray (default: a local Ray)"),
    lab_workers: int = typer.Option(1, min=1, help="worker processes (or Ray actors) of the design lab"),
    lab_max_games: int = typer.Option(2000, min=1, help="the most games per arm of one design-lab run"),
    lab_dir: Optional[Path] = typer.Option(None, help="the design lab's folder of kept runs (default: beside "
                                                      "the SQLite file, else ./cosmodrome-lab)"),
    workers: int = typer.Option(1, min=1, help="server processes on this machine behind the one port (PostgreSQL "
                                               "only; a SQLite file is served by one process)"),
    worker: bool = typer.Option(False, "--worker", hidden=True,
                                help="(started by --workers) one of the processes sharing the port"),
    rating_guard: bool = typer.Option(True, "--rating-guard/--no-rating-guard",
                                      help="leave linked accounts (one address, made minutes apart, or a fourth "
                                           "rated game together in a day) out of a game's rating; off for a "
                                           "server among friends"),
) -> None:
    """Serve the browser table: lobby, games against friends and bots, replays."""
    import uvicorn

    from cosmodrome import __version__
    from cosmodrome.core import CosmodromeError
    from cosmodrome.server import create_app
    from cosmodrome.server.connections import ConnectionLimits, protocols
    from cosmodrome.server.hosting import allowed_hosts as hosts_for
    from cosmodrome.server.hosting import serving_urls
    from cosmodrome.server.labruns import LabConfig
    from cosmodrome.server.runtime import tune_gc
    from cosmodrome.server.security import MAX_FRAME
    from cosmodrome.server.storage import StorageError
    from cosmodrome.server.tables import BotCaps

    if workers > 1:
        raise typer.Exit(_supervise(workers, host, port, db, public_url))
    if test_games:
        import cosmodrome.testing.toy  # noqa: F401  (registers pocket-race)
    # the modules of the global ``--import`` (and COSMODROME_IMPORT), imported here already, are
    # imported in every bot and lab worker too; the processes of --workers run the same command line
    from cosmodrome.core.registry import imported_modules
    bot_module = list(dict.fromkeys([*imported_modules(), *bot_module]))
    if bot_time_limit < 0:
        raise typer.BadParameter("--bot-time-limit must be 0 (no limit) or more")
    if public_url and not public_url.startswith(("http://", "https://")):
        raise typer.BadParameter(f"--public-url must start with http:// or https://, not {public_url!r}")
    extra = [h for item in allowed_hosts for h in item.split(",")]
    hosts = None if "*" in extra else sorted(hosts_for(host, public_url, extra))
    caps = BotCaps(iters=bot_max_iters, seconds=bot_max_seconds, seats=bot_max_seats)
    try:
        application = create_app(db, bot_delay=bot_delay, bot_workers=bot_workers,
                                 bot_time_limit=bot_time_limit or None, bot_modules=tuple(bot_module),
                                 bot_prestart=True, allowed_hosts=hosts, public_url=public_url,
                                 variants_dir=variants, bot_caps=caps, create_limit=_create_limit(create_limit),
                                 clock_scale=clock_scale, clock_scan=clock_scan, alive_every=alive_every,
                                 rating_guard=rating_guard, max_sockets_per_address=max_sockets_per_address,
                                 socket_rate=(2 * socket_messages, socket_messages), body_timeout=body_timeout,
                                 lab=LabConfig(mode=lab, backend=lab_backend, ray_address=ray_address,
                                               workers=lab_workers, max_games=lab_max_games, data_dir=lab_dir,
                                               modules=tuple(bot_module)))
    except StorageError as exc:  # a database that cannot be written is reported now, not at the first move
        typer.echo(f"Cosmodrome cannot start: {exc}.", err=True)
        raise typer.Exit(1)
    except CosmodromeError as exc:
        raise typer.BadParameter(str(exc)) from None
    tune_gc()  # fewer, shorter pauses of the garbage collector (see server/runtime.py)
    proxies = [a for a in (forwarded_allow_ips or "").split(",") if a.strip()]
    http_protocol, ws_protocol = protocols(ConnectionLimits(max_connections_per_address, header_timeout, proxies,
                                                                 max_header_bytes))
    settings = dict(log_level=log_level, proxy_headers=bool(forwarded_allow_ips),
                    forwarded_allow_ips=forwarded_allow_ips or None, ws_max_size=4 * MAX_FRAME, server_header=False,
                    http=http_protocol, ws=ws_protocol or "auto")
    if worker:  # one of --workers: the port is shared (SO_REUSEPORT); the supervisor printed the address
        from cosmodrome.server.workers import listening_socket
        uvicorn.Server(uvicorn.Config(application, host=host, port=port, **settings)).run(
            sockets=[listening_socket(host, port)])
        return
    urls = serving_urls(host, port, public_url)
    typer.echo(f"Cosmodrome {__version__} is serving on {urls[0]}  (database: {db})")
    typer.echo(f"  {application.state.store.schema.sentence()}")
    for u in urls[1:]:
        typer.echo(f"  also on {u}")
    if host in ("0.0.0.0", "::") and not public_url:
        typer.echo(f"  (on this machine: http://127.0.0.1:{port}/)")
    typer.echo("Open that address in a browser; press Ctrl+C to stop.")
    uvicorn.run(application, host=host, port=port, **settings)


def _supervise(workers: int, host: str, port: int, db: str, public_url: Optional[str]) -> int:
    """``--workers N``: check the database (PostgreSQL; its schema upgraded once, here), then
    run N server processes on the port (server/workers.py)."""
    import sys

    from cosmodrome import __version__
    from cosmodrome.server.hosting import serving_urls
    from cosmodrome.server.storage import StorageError, Store
    from cosmodrome.server.workers import SQLITE_ONE_PROCESS, supervise

    if not db.startswith("postgresql"):
        raise typer.BadParameter(SQLITE_ONE_PROCESS.format(n=workers), param_hint="--workers")
    try:
        store = Store(db)
    except StorageError as exc:
        typer.echo(f"Cosmodrome cannot start: {exc}.", err=True)
        return 1
    schema = store.schema.sentence()
    store.close()
    typer.echo(f"Cosmodrome {__version__} is serving on {serving_urls(host, port, public_url)[0]} with {workers} "
               f"processes  (database: {db})")
    typer.echo(f"  {schema}")
    typer.echo("Open that address in a browser; press Ctrl+C to stop.")
    return supervise(workers, sys.argv[1:])
