"""The schema of release 0.1.0, frozen: the baseline every later revision builds on.

A database made by 0.1.0 has exactly these tables and no ``alembic_version``: the server
stamps it with this revision (creating any of these tables it lacks), then upgrades it.
The definitions are a copy, never imported from the models, so that later changes to
:mod:`cosmodrome.server.storage` cannot change what this revision means.

Revision ID: 0001
Revises:
Created: 2026-11-26
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def tables(metadata: sa.MetaData) -> sa.MetaData:
    """The 0.1.0 tables on ``metadata`` (also used by the upgrade test to build a 0.1.0
    database on PostgreSQL)."""
    sa.Table("games", metadata,
             sa.Column("id", sa.String(32), primary_key=True),
             sa.Column("game", sa.String(64), nullable=False),
             sa.Column("players", sa.Integer, nullable=False),
             sa.Column("seed", sa.BigInteger, nullable=False),
             sa.Column("options", sa.JSON, nullable=False),
             sa.Column("seats", sa.JSON, nullable=False),
             sa.Column("status", sa.String(16), nullable=False, index=True),
             sa.Column("revision", sa.Integer, nullable=False),
             sa.Column("public", sa.Integer, nullable=False),
             sa.Column("meta", sa.JSON, nullable=False),
             sa.Column("created", sa.Float, nullable=False),
             sa.Column("updated", sa.Float, nullable=False))
    sa.Table("actions", metadata,
             sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
             sa.Column("idx", sa.Integer, primary_key=True),
             sa.Column("action", sa.Integer, nullable=False),
             sa.Column("seat", sa.Integer, nullable=False),
             sa.Column("time", sa.Float, nullable=False),
             sa.Column("note", sa.Text, nullable=True))
    sa.Table("messages", metadata,
             sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
             sa.Column("idx", sa.Integer, primary_key=True),
             sa.Column("at", sa.Integer, nullable=False),
             sa.Column("seat", sa.Integer, nullable=True),
             sa.Column("kind", sa.String(16), nullable=False),
             sa.Column("name", sa.String(80), nullable=False),
             sa.Column("text", sa.Text, nullable=False),
             sa.Column("time", sa.Float, nullable=False))
    sa.Table("server_marks", metadata,
             sa.Column("name", sa.String(32), primary_key=True),
             sa.Column("time", sa.Float, nullable=False))
    sa.Table("accounts", metadata,
             sa.Column("id", sa.String(32), primary_key=True),
             sa.Column("name", sa.String(32), nullable=False),
             sa.Column("key", sa.String(32), nullable=False, unique=True),
             sa.Column("hash", sa.String(256), nullable=False),
             sa.Column("created", sa.Float, nullable=False))
    sa.Table("sessions", metadata,
             sa.Column("digest", sa.String(64), primary_key=True),
             sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id"), nullable=False, index=True),
             sa.Column("created", sa.Float, nullable=False),
             sa.Column("expires", sa.Float, nullable=False))
    sa.Table("ratings", metadata,
             sa.Column("who", sa.String(160), primary_key=True),
             sa.Column("game", sa.String(64), primary_key=True),
             sa.Column("name", sa.String(160), nullable=False),
             sa.Column("mu", sa.Float, nullable=False),
             sa.Column("sigma", sa.Float, nullable=False),
             sa.Column("games", sa.Integer, nullable=False),
             sa.Column("updated", sa.Float, nullable=False))
    sa.Table("rated_games", metadata,
             sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
             sa.Column("who", sa.String(160), primary_key=True),
             sa.Column("game", sa.String(64), nullable=False, index=True),
             sa.Column("seat", sa.Integer, nullable=True),
             sa.Column("rank", sa.Integer, nullable=False),
             sa.Column("mu_before", sa.Float, nullable=False),
             sa.Column("sigma_before", sa.Float, nullable=False),
             sa.Column("mu_after", sa.Float, nullable=False),
             sa.Column("sigma_after", sa.Float, nullable=False),
             sa.Column("time", sa.Float, nullable=False))
    return metadata


def upgrade() -> None:
    # checkfirst: a database of 0.1.0 (or of code before it) being stamped gets what it lacks
    tables(sa.MetaData()).create_all(op.get_bind(), checkfirst=True)


def downgrade() -> None:
    tables(sa.MetaData()).drop_all(op.get_bind())
