"""The database's schema under Alembic's migrations (docs/SERVER.md, "Storage").

Every schema change is a revision file in ``versions/`` (``0001`` is release 0.1.0's schema,
frozen). :func:`upgrade` brings a database to the newest revision this code knows: an empty
database gets every revision; a database of 0.1.0 (tables but no ``alembic_version``) is
stamped with the baseline first. A database at a revision this code does not know was
written by a newer release: it is refused with :class:`NewerDatabase` and nothing is written.
The server runs :func:`upgrade` when it opens its database; ``cosmodrome db upgrade`` runs
it alone, ``cosmodrome db current`` names the revision.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect
from sqlalchemy.engine import Connection, Engine

from cosmodrome import __version__

log = logging.getLogger("cosmodrome.server")

HERE = Path(__file__).resolve().parent
BASELINE = "0001"


class NewerDatabase(RuntimeError):
    """The database was written by a newer Cosmodrome (a schema revision this code lacks)."""


@dataclass(frozen=True)
class Schema:
    """Where a database's schema stands: ``before`` (None: an empty database; ``"0.1.0"``:
    tables of 0.1.0 without a revision) and ``after`` the upgrade, and the newest revision
    this code knows (``head``)."""

    before: Optional[str]
    after: Optional[str]
    head: str

    @property
    def changed(self) -> bool:
        return self.before != self.after

    def sentence(self) -> str:
        """One line for the log: which revisions, and whether anything was done."""
        if not self.changed:
            return f"database schema at revision {self.after}, the newest this code knows"
        if self.before is None:
            return f"database schema created at revision {self.after}"
        if self.before == "0.1.0":
            return f"database schema upgraded from that of release 0.1.0 (no revision) to revision {self.after}"
        return f"database schema upgraded from revision {self.before} to {self.after}"


def config(connection: Optional[Connection] = None) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(HERE))
    if connection is not None:
        cfg.attributes["connection"] = connection
    return cfg


def script() -> ScriptDirectory:
    return ScriptDirectory.from_config(config())


def head() -> str:
    return script().get_current_head()


def current(engine: Engine) -> Optional[str]:
    """The database's revision: None for an empty database, ``"0.1.0"`` for one with
    tables but no revision (made by release 0.1.0). Reads only."""
    with engine.connect() as conn:
        rev = MigrationContext.configure(conn).get_current_revision()
        if rev is None and inspect(conn).has_table("games"):
            return "0.1.0"
        return rev


def check(engine: Engine) -> Optional[str]:
    """The database's revision (as :func:`current`), or :class:`NewerDatabase` when this code
    does not know it. Reads only."""
    rev = current(engine)
    if rev in (None, "0.1.0"):
        return rev
    known = {s.revision for s in script().walk_revisions()}
    if rev not in known:
        raise NewerDatabase(
            f"the database is at schema revision {rev}, which this Cosmodrome ({__version__}, newest revision "
            f"{head()}) does not know: it was written by a newer release. Install that release or a later one; "
            "nothing was changed in the database")
    return rev


def upgrade(engine: Engine) -> Schema:
    """Bring the database to the newest revision (see the module's docstring)."""
    before = check(engine)
    top = head()
    if before == top:
        schema = Schema(before, top, top)
        log.info("%s", schema.sentence())
        return schema
    with engine.begin() as conn:
        # a database of 0.1.0 goes through the baseline too: it creates only the tables the
        # database lacks (none, for a whole 0.1.0 database) and records the revision
        command.upgrade(config(conn), "head")
    after = current(engine)
    schema = Schema(before, after, top)
    log.info("%s", schema.sentence())
    return schema
