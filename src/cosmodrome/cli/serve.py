"""The ``serve`` command: the browser table on an embedded SQLite database (or any
SQLAlchemy URL). Owned by the browser-table work."""

from __future__ import annotations

from typing import List, Optional

import typer

from cosmodrome.cli.app import app


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", help="address to listen on"),
    port: int = typer.Option(8000, help="TCP port"),
    db: str = typer.Option("sqlite:///./cosmodrome.sqlite", help="SQLAlchemy database URL"),
    bot_delay: float = typer.Option(0.6, help="seconds a bot move takes at least, so people can follow"),
    bot_workers: Optional[int] = typer.Option(
        None, min=1, help="worker processes in which bots think (default: 2, or 1 on a one-core machine)"),
    bot_time_limit: float = typer.Option(
        30.0, help="seconds a bot may think about one decision; past it a random legal move is played "
                   "(0: no limit)"),
    bot_module: List[str] = typer.Option(
        [], "--bot-module", help="a module to import in the server and in every bot worker (plug-in games "
                                 "or bots); may be repeated"),
    log_level: str = typer.Option("warning", help="uvicorn log level"),
    test_games: bool = typer.Option(False, "--test-games", help="also offer the tiny test game pocket-race"),
) -> None:
    """Serve the browser table: lobby, games against friends and bots, replays."""
    import uvicorn

    from cosmodrome.server import create_app

    if test_games:
        import cosmodrome.testing.toy  # noqa: F401  (registers pocket-race)
    if bot_time_limit < 0:
        raise typer.BadParameter("--bot-time-limit must be 0 (no limit) or more")

    from cosmodrome.server.storage import StorageError

    try:
        application = create_app(db, bot_delay=bot_delay, bot_workers=bot_workers,
                                 bot_time_limit=bot_time_limit or None, bot_modules=tuple(bot_module),
                                 bot_prestart=True)
    except StorageError as exc:  # a database that cannot be written is reported now, not at the first move
        typer.echo(f"Cosmodrome cannot start: {exc}.", err=True)
        raise typer.Exit(1)
    from cosmodrome.server.runtime import tune_gc

    tune_gc()  # fewer, shorter pauses of the garbage collector (see server/runtime.py)
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    typer.echo(f"Cosmodrome is serving on http://{shown}:{port}/  (database: {db})")
    typer.echo("Open that address in a browser; press Ctrl+C to stop.")
    uvicorn.run(application, host=host, port=port, log_level=log_level)
