"""a table's version, the compare-and-set of its writers (issue 23, several processes)

``tables.version``: a number that grows with every change of the table's moves (a move with
the chance outcomes dealt after it, an undo), by :data:`regalia.web.store.VERSION_STEP`. A
writer states the version it saw and the store refuses the change when another writer
changed the table since (:class:`regalia.web.store.ConflictError`), so two server processes
cannot both extend, or one extend and one cut, the same history. The pages' view versions
are built on it, so they agree between processes.

Tables stored before this revision start at the time of the upgrade in microseconds
(rounded down to a step): above every view version a server of the older code handed out
for them (a load time in microseconds plus its changes), so a page left open across the
upgrade takes the new views.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import time

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

#: the store's VERSION_STEP when this revision was written (a revision never imports the
#: code it upgrades for)
STEP = 1024


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("version", sa.BigInteger(), nullable=False,
                                   server_default="0"))
    start = time.time_ns() // 1000 // STEP * STEP
    op.execute(sa.text("UPDATE tables SET version = :start").bindparams(start=start))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("version")
