"""players, not seats (issue 25): player keys, seats held by a player, move deadlines,
chat, rematches, open tables and ratings

* ``players`` (a random id, never sent to a browser; the name it last sat under) and
  ``player_keys`` (the SHA-256 of each key, its player, when it was revoked);
* ``seats.player_id`` (the player whose key holds the seat) and ``seats.forfeit_ply`` (the
  ply at which the seat forfeited: its move time ran out at a table whose timeout is a
  forfeit);
* ``tables.to_move`` (the seat a person plays next), ``tables.deadline`` (that move's
  deadline, UTC ISO, indexed for the clock sweeper), ``tables.next_table`` (the rematch) and
  ``tables.open_seats`` (free seats of a table open to anyone, indexed for the lobby);
* ``chat`` (a table's lines; deleted with the table) and ``ratings`` (openskill's
  Plackett-Luce ``mu`` and ``sigma`` per player and game, the ordinal, the games counted).

All new columns of existing tables are nullable: a table stored before this revision has no
player, no deadline and no free seat.

Revision ID: 0006
Revises: 0003 (the lead re-chains it after 0004 and 0005 at merge)
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(80), nullable=True),
        sa.Column("created", sa.String(40), nullable=False),
    )
    op.create_table(
        "player_keys",
        sa.Column("key_hash", sa.String(64), primary_key=True),
        sa.Column("player_id", sa.String(32),
                  sa.ForeignKey("players.id", name="fk_player_keys_player_id"),
                  nullable=False),
        sa.Column("created", sa.String(40), nullable=False),
        sa.Column("revoked", sa.String(40), nullable=True),
    )
    op.create_index("ix_player_keys_player_id", "player_keys", ["player_id"])
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("player_id", sa.String(32), nullable=True))
        batch.add_column(sa.Column("forfeit_ply", sa.Integer(), nullable=True))
        batch.create_foreign_key("fk_seats_player_id", "players", ["player_id"], ["id"])
        batch.create_index("ix_seats_player_id", ["player_id"])
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("to_move", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("deadline", sa.String(40), nullable=True))
        batch.add_column(sa.Column("next_table", sa.String(32), nullable=True))
        batch.add_column(sa.Column("open_seats", sa.Integer(), nullable=True))
        batch.create_index("ix_tables_deadline", ["deadline"])
        batch.create_index("ix_tables_open_seats", ["open_seats"])
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32),
                  sa.ForeignKey("tables.id", name="fk_chat_table_id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("at", sa.String(40), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("sender", sa.String(16), nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
    )
    op.create_index("ix_chat_table_id", "chat", ["table_id", "id"])
    op.create_table(
        "ratings",
        sa.Column("player_id", sa.String(32),
                  sa.ForeignKey("players.id", name="fk_ratings_player_id"), primary_key=True),
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("ordinal", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("updated", sa.String(40), nullable=False),
    )
    op.create_index("ix_ratings_game_ordinal", "ratings", ["game", "ordinal"])


def downgrade() -> None:
    op.drop_index("ix_ratings_game_ordinal", table_name="ratings")
    op.drop_table("ratings")
    op.drop_index("ix_chat_table_id", table_name="chat")
    op.drop_table("chat")
    with op.batch_alter_table("tables") as batch:
        batch.drop_index("ix_tables_open_seats")
        batch.drop_index("ix_tables_deadline")
        batch.drop_column("open_seats")
        batch.drop_column("next_table")
        batch.drop_column("deadline")
        batch.drop_column("to_move")
    with op.batch_alter_table("seats") as batch:
        batch.drop_index("ix_seats_player_id")
        batch.drop_constraint("fk_seats_player_id", type_="foreignkey")
        batch.drop_column("forfeit_ply")
        batch.drop_column("player_id")
    op.drop_index("ix_player_keys_player_id", table_name="player_keys")
    op.drop_table("player_keys")
    op.drop_table("players")
