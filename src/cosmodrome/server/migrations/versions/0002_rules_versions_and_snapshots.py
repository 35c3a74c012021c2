"""Release 0.2.0: each game's rules version, and a snapshot of every position.

- ``games.rules_version``: the version of its game's rules the game is played under
  (``Game.rules_version``); every game stored before this revision was played under
  version 1, the first.
- ``games.replay_base``: how many of the game's first actions no longer replay under its
  rules version (0: all replay); their positions come from the snapshots.
- ``snapshots``: per game and step (0: the setup, k: after action number k), the state as
  JSON and the log lines of that step, both zlib-compressed: what restores a game whose
  actions no longer replay after a rules change, and what its replay reads. Games stored
  before this revision get theirs when the server first loads them.

Revision ID: 0002
Revises: 0001
Created: 2026-11-26
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("rules_version", sa.Integer, nullable=False, server_default="1"))
        batch.add_column(sa.Column("replay_base", sa.Integer, nullable=False, server_default="0"))
    op.create_table(
        "snapshots",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("idx", sa.Integer, primary_key=True),
        sa.Column("rules_version", sa.Integer, nullable=False),
        sa.Column("state", sa.LargeBinary, nullable=False),
        sa.Column("step", sa.LargeBinary, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("snapshots")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("replay_base")
        batch.drop_column("rules_version")
