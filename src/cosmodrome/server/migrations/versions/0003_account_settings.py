"""An account's settings: the language its person reads Cosmodrome in.

- ``account_settings``: one row per account that chose something (no row: the browser
  decides), keyed by the account; ``lang`` a language code with a catalog
  (docs/TRANSLATING.md), ``updated`` when it was chosen.

Revision ID: 0003
Revises: 0002
Created: 2026-11-26
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "account_settings",
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("lang", sa.String(16), nullable=True),
        sa.Column("updated", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("account_settings")
