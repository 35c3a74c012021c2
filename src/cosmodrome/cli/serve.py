"""The ``serve`` command: the browser table on an embedded SQLite database (or any
SQLAlchemy URL). Owned by the browser-table work."""

from __future__ import annotations

import typer

from cosmodrome.cli.app import app


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", help="address to listen on"),
    port: int = typer.Option(8000, help="TCP port"),
    db: str = typer.Option("sqlite:///./cosmodrome.sqlite", help="SQLAlchemy database URL"),
    bot_delay: float = typer.Option(0.6, help="seconds a bot waits before moving, so people can follow"),
    log_level: str = typer.Option("warning", help="uvicorn log level"),
    test_games: bool = typer.Option(False, "--test-games", help="also offer the tiny test game pocket-race"),
) -> None:
    """Serve the browser table: lobby, games against friends and bots, replays."""
    import uvicorn

    from cosmodrome.server import create_app

    if test_games:
        import cosmodrome.testing.toy  # noqa: F401  (registers pocket-race)

    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    typer.echo(f"Cosmodrome is serving on http://{shown}:{port}/  (database: {db})")
    typer.echo("Open that address in a browser; press Ctrl+C to stop.")
    uvicorn.run(create_app(db, bot_delay=bot_delay), host=host, port=port, log_level=log_level)
