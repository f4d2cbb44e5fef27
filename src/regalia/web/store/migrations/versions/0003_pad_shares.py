"""the scoring pad's shared links (issue 27)

``pad_shares``: a position of the scoring pad (``/score``) shared by a link, kept until it
expires: the SHA-256 of the link's id (the id itself is never stored), the game, the score
text, the SHA-256 of the client address that shared it (the bound per client), and the
expiry (UTC ISO time), indexed for the purge and the count per client
(:mod:`regalia.web.store.shares`).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "pad_shares",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("client_hash", sa.String(64), nullable=False),
        sa.Column("expires", sa.String(40), nullable=False),
    )
    op.create_index("ix_pad_shares_expires", "pad_shares", ["expires"])
    op.create_index("ix_pad_shares_client", "pad_shares", ["client_hash"])


def downgrade() -> None:
    op.drop_index("ix_pad_shares_client", table_name="pad_shares")
    op.drop_index("ix_pad_shares_expires", table_name="pad_shares")
    op.drop_table("pad_shares")
