"""tables, seats and actions, as stores made before versioning have them

The first schema, exactly as ``metadata.create_all`` made it before the store was versioned
(regalia at commit 4ec8ba5). A store made then has no version table;
:func:`regalia.web.store.migrate.upgrade` recognises it and stamps it with this revision
instead of running it.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tables",
        sa.Column("id", sa.String(32), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("params", sa.Text(), nullable=False),
        # decimal text: a 128-bit seed does not fit a BIGINT
        sa.Column("seed", sa.Text(), nullable=False),
        sa.Column("created", sa.String(40), nullable=False),
        sa.Column("options", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_table(
        "seats",
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("agent", sa.String(200), nullable=True),
        sa.Column("label", sa.String(80), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"]),
        sa.PrimaryKeyConstraint("table_id", "seat"),
    )
    op.create_table(
        "actions",
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("ply", sa.Integer(), nullable=False),
        sa.Column("action", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"]),
        sa.PrimaryKeyConstraint("table_id", "ply"),
    )


def downgrade() -> None:
    op.drop_table("actions")
    op.drop_table("seats")
    op.drop_table("tables")
