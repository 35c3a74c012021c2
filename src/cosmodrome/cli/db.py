"""The ``db`` commands: the server's database schema (docs/SERVER.md, "Storage").

``cosmodrome serve`` upgrades its database itself when it starts; ``cosmodrome db upgrade``
does only that (for a host who wants to upgrade, and see it done, before starting), and
``cosmodrome db current`` names the schema revision without changing anything."""

from __future__ import annotations

import typer

from cosmodrome.cli.app import app

db_app = typer.Typer(help="The server's database: its schema revision and upgrades.", no_args_is_help=True)
app.add_typer(db_app, name="db")

DB_HELP = "SQLAlchemy database URL (as given to `cosmodrome serve --db`)"


@db_app.command()
def upgrade(db: str = typer.Option("sqlite:///./cosmodrome.sqlite", help=DB_HELP)) -> None:
    """Upgrade the database's schema to the newest revision this Cosmodrome knows."""
    from cosmodrome.server.storage import StorageError, Store

    try:
        store = Store(db)
    except StorageError as exc:
        typer.echo(f"Cosmodrome cannot upgrade the database: {exc}.", err=True)
        raise typer.Exit(1)
    try:
        said = store.schema.sentence()
        typer.echo(f"{said[0].upper()}{said[1:]}.")
    finally:
        store.close()


@db_app.command()
def current(db: str = typer.Option("sqlite:///./cosmodrome.sqlite", help=DB_HELP)) -> None:
    """Name the database's schema revision (changes nothing)."""
    from sqlalchemy import create_engine
    from sqlalchemy.engine import make_url

    from cosmodrome.server import migrations
    from cosmodrome.server.storage import describe

    url = make_url(db)
    if url.get_backend_name() == "sqlite" and url.database not in (None, "", ":memory:"):
        from pathlib import Path
        if not Path(url.database).exists():
            typer.echo(f"There is no database file {url.database}: the server creates it when it starts.", err=True)
            raise typer.Exit(1)
    engine = create_engine(db, hide_parameters=True)
    try:
        rev = migrations.check(engine)
    except migrations.NewerDatabase as exc:
        typer.echo(f"{str(exc)[0].upper()}{str(exc)[1:]}.", err=True)
        raise typer.Exit(1)
    except Exception as exc:
        typer.echo(f"Cosmodrome cannot read the database: {describe(exc)}.", err=True)
        raise typer.Exit(1)
    finally:
        engine.dispose()
    top = migrations.head()
    if rev is None:
        typer.echo(f"The database is empty: the server creates its tables (revision {top}) when it starts.")
    elif rev == "0.1.0":
        typer.echo(f"The database has the schema of release 0.1.0, without a revision: `cosmodrome db upgrade` "
                   f"or starting the server upgrades it to revision {top}.")
    elif rev == top:
        typer.echo(f"The database is at schema revision {rev}, the newest this Cosmodrome knows.")
    else:
        typer.echo(f"The database is at schema revision {rev}; `cosmodrome db upgrade` or starting the server "
                   f"upgrades it to revision {top}.")
