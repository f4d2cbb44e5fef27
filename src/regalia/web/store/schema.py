"""The store's schema (SQLAlchemy Core): the ``tables``, ``seats`` and ``actions`` tables
described in :mod:`regalia.web.store`, ``pad_shares`` (:mod:`.shares`) and ``reviews``
(:mod:`.reviews`).

The schema is versioned (:mod:`.migrate`, the revisions in ``migrations/versions``);
this module is the newest revision, which ``tests/web/test_store_migrations.py`` checks.
Columns added by issue 23 (revision 0002; all nullable, NULL meaning "not known yet"):
``tables.status`` (``person`` / ``computer``: whose turn it is; ``over``), ``tables.ply``,
``tables.updated`` (UTC ISO time of the last change), ``tables.finished`` (UTC ISO time
the game ended), indexed for the start-up query (tables with a computer to move), the
count of open tables and the purge of old finished ones. Revision 0004: ``tables.version``,
grown by every change of the table's moves (:data:`~regalia.web.store.VERSION_STEP`), the
compare-and-set of the table's writers (several server processes).
"""

from __future__ import annotations

from sqlalchemy import (BigInteger, Column, Float, ForeignKey, Index, Integer, MetaData,
                        String, Table, Text)

metadata = MetaData()

tables_t = Table(
    "tables", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("params", Text, nullable=False),
    Column("seed", Text, nullable=False),
    Column("created", String(40), nullable=False),
    Column("options", Text, nullable=False, default="{}"),
    Column("status", String(16)),
    Column("ply", Integer),
    Column("updated", String(40)),
    Column("finished", String(40)),
    Column("version", BigInteger, nullable=False, server_default="0"),
    # revision 0006 (issue 25, :mod:`.players`): the seat to move while a person is to
    # play, that move's deadline (UTC ISO; a table with a move time limit), the table a
    # rematch made, and how many seats an open table has free
    Column("to_move", Integer),
    Column("deadline", String(40)),
    Column("next_table", String(32)),
    Column("open_seats", Integer),
    Index("ix_tables_status_updated", "status", "updated"),
    Index("ix_tables_finished", "finished"),
    Index("ix_tables_deadline", "deadline"),
    Index("ix_tables_open_seats", "open_seats"),
)
seats_t = Table(
    "seats", metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(16), nullable=False),
    Column("agent", String(200)),
    Column("label", String(80), nullable=False),
    Column("token_hash", String(64)),
    # revision 0006: the player whose key holds the seat, and the ply at which the seat
    # forfeited (its move time ran out at a table whose timeout is a forfeit)
    Column("player_id", String(32), ForeignKey("players.id", name="fk_seats_player_id")),
    Column("forfeit_ply", Integer),
    Index("ix_seats_player_id", "player_id"),
)
actions_t = Table(
    "actions", metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("ply", Integer, primary_key=True),
    Column("action", Integer, nullable=False),
)
#: A scoring pad's position shared by a link (:mod:`.shares`): the SHA-256 of the link's
#: id (the id itself is never stored), the game, the score text, the SHA-256 of the
#: client address that shared it (the count per client), and when it expires (UTC ISO).
pad_shares_t = Table(
    "pad_shares", metadata,
    Column("id_hash", String(64), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("text", Text, nullable=False),
    Column("client_hash", String(64), nullable=False),
    Column("expires", String(40), nullable=False),
    Index("ix_pad_shares_expires", "expires"),
    Index("ix_pad_shares_client", "client_hash"),
)
#: The game review of a finished table's seat (:mod:`.reviews`, issue 26): its status
#: (``running``, ``done``, ``failed``), the decisions judged so far and in all, the review
#: as JSON (the decisions so far while it runs; NULL before the first slice), the reason
#: of a failure, and when it last changed (UTC ISO: a running review not changed for long
#: was abandoned by a server that stopped, and another may take it over).
reviews_t = Table(
    "reviews", metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("status", String(16), nullable=False),
    Column("done", Integer, nullable=False),
    Column("total", Integer),
    Column("review", Text),
    Column("error", Text),
    Column("updated", String(40), nullable=False),
)

# ---------------------------------------------------------------- revision 0006 (issue 25)
#: A player: a random id (never sent to a browser) and the name it last sat under (the
#: leaderboard's). Its keys are in ``player_keys``.
players_t = Table(
    "players", metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(80)),
    Column("created", String(40), nullable=False),
)
#: A player key's SHA-256 (the key itself is never stored) and its player; ``revoked``: the
#: UTC ISO time it was replaced (a device still holding it is told so).
player_keys_t = Table(
    "player_keys", metadata,
    Column("key_hash", String(64), primary_key=True),
    Column("player_id", String(32), ForeignKey("players.id", name="fk_player_keys_player_id"),
           nullable=False),
    Column("created", String(40), nullable=False),
    Column("revoked", String(40)),
    Index("ix_player_keys_player_id", "player_id"),
)
#: A table's chat, one line a row: who wrote it (``seat``, None for a spectator;
#: ``sender``: a handle of the writer that is the same at one table only), the name shown,
#: the text. Deleted with its table.
chat_t = Table(
    "chat", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32),
           ForeignKey("tables.id", name="fk_chat_table_id", ondelete="CASCADE"),
           nullable=False),
    Column("at", String(40), nullable=False),
    Column("seat", Integer),
    Column("sender", String(16), nullable=False),
    Column("name", String(80), nullable=False),
    Column("text", Text, nullable=False),
    Index("ix_chat_table_id", "table_id", "id"),
)
#: A player's rating at a game (openskill's Plackett-Luce model: ``mu``, ``sigma``, and the
#: ordinal shown and ranked by), and how many rated games it rests on.
ratings_t = Table(
    "ratings", metadata,
    Column("player_id", String(32), ForeignKey("players.id", name="fk_ratings_player_id"),
           primary_key=True),
    Column("game", String(64), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("ordinal", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated", String(40), nullable=False),
    Index("ix_ratings_game_ordinal", "game", "ordinal"),
)
