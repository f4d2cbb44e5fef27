"""a table's status, ply, last change and end, for the table lifecycle (issue 23)

What the server needs of a table without replaying its game: ``status`` (``person`` or
``computer``: whose turn it is; ``over``), ``ply``, ``updated`` (UTC ISO time of the last
change) and ``finished`` (UTC ISO time the game ended), indexed for the start-up query (the
tables whose computer player is to move), the count of open tables and the purge of old
finished ones. All nullable: NULL means "not known yet" (a table stored before this
revision, given its status when it is first loaded).

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("status", sa.String(16), nullable=True))
        batch.add_column(sa.Column("ply", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("updated", sa.String(40), nullable=True))
        batch.add_column(sa.Column("finished", sa.String(40), nullable=True))
        batch.create_index("ix_tables_status_updated", ["status", "updated"])
        batch.create_index("ix_tables_finished", ["finished"])


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_index("ix_tables_finished")
        batch.drop_index("ix_tables_status_updated")
        batch.drop_column("finished")
        batch.drop_column("updated")
        batch.drop_column("ply")
        batch.drop_column("status")
