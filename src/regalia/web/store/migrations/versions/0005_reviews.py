"""the game review of a finished table's seat (issue 26)

``reviews``: one row per reviewed seat of a table (``table_id``, ``seat``): ``status``
(``running``, ``done``, ``failed``), ``done`` and ``total`` decisions (the progress),
``review`` (the review as JSON: the decisions so far while it runs), ``error`` (why it
failed) and ``updated`` (UTC ISO time of its last change) (:mod:`regalia.web.store.reviews`).

Revision ID: 0005
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "reviews",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("done", sa.Integer(), nullable=False),
        sa.Column("total", sa.Integer(), nullable=True),
        sa.Column("review", sa.Text(), nullable=True),
        sa.Column("error", sa.Text(), nullable=True),
        sa.Column("updated", sa.String(40), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("reviews")
