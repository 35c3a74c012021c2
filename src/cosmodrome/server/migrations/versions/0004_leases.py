"""Several server processes on one PostgreSQL database (docs/SERVER.md, "Many processes").

- ``game_leases``: which process owns a game (applies its moves, runs its clock and bots),
  until when. The owner renews its leases; a lease past ``expires`` may be taken by any
  process. ``expires`` is seconds since the epoch by the database's own clock.
- ``game_requests``: a write that reached a process which does not own the game, handed
  to the owner (``target``) and answered in ``reply``; ``taken`` says the owner started on
  it (the sender may no longer call it back). Rows live for seconds.

SQLite databases get the tables too (the schema is the same everywhere) but a single
process never writes them. Tolerant: a table already there (made by hand, or by an
interrupted upgrade) is left as it is.

Revision ID: 0004
Revises: 0003
Created: 2026-11-27
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def _has(name: str) -> bool:
    return sa.inspect(op.get_bind()).has_table(name)


def upgrade() -> None:
    if not _has("game_leases"):
        op.create_table(
            "game_leases",
            sa.Column("game_id", sa.String(32), primary_key=True),
            sa.Column("owner", sa.String(32), nullable=False, index=True),
            sa.Column("expires", sa.Float, nullable=False),
        )
    if not _has("game_requests"):
        op.create_table(
            "game_requests",
            sa.Column("id", sa.String(32), primary_key=True),
            sa.Column("game_id", sa.String(32), nullable=False),
            sa.Column("origin", sa.String(32), nullable=False),
            sa.Column("target", sa.String(32), nullable=False, index=True),
            sa.Column("kind", sa.String(16), nullable=False),
            sa.Column("body", sa.JSON, nullable=False),
            sa.Column("created", sa.Float, nullable=False),
            sa.Column("taken", sa.Float, nullable=True),
            sa.Column("reply", sa.JSON, nullable=True),
        )


def downgrade() -> None:
    for name in ("game_requests", "game_leases"):
        if _has(name):
            op.drop_table(name)
