"""Alembic's environment for Cosmodrome's migrations (docs/SERVER.md, "Storage").

The server runs the migrations itself (:func:`cosmodrome.server.migrations.upgrade`, on the
connection it hands over in ``config.attributes["connection"]``). A developer writing a new
revision may run Alembic's own command against a database of theirs:

    alembic -c src/cosmodrome/server/migrations/alembic.ini -x url=sqlite:///dev.sqlite revision -m "..."
"""

from alembic import context
from sqlalchemy import create_engine

from cosmodrome.server.storage import Base

config = context.config


def _run(connection) -> None:
    # render_as_batch: SQLite alters a table by copying it, which Alembic's batch mode does
    context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True,
                      compare_type=True)
    with context.begin_transaction():
        context.run_migrations()


connection = config.attributes.get("connection")
if connection is not None:
    _run(connection)
else:
    url = context.get_x_argument(as_dictionary=True).get("url") or config.get_main_option("sqlalchemy.url")
    engine = create_engine(url)
    with engine.begin() as conn:
        _run(conn)
    engine.dispose()
