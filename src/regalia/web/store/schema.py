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

from sqlalchemy import (BigInteger, Column, ForeignKey, Index, Integer, MetaData, String, Table,
                        Text)

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
    Index("ix_tables_status_updated", "status", "updated"),
    Index("ix_tables_finished", "finished"),
)
seats_t = Table(
    "seats", metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(16), nullable=False),
    Column("agent", String(200)),
    Column("label", String(80), nullable=False),
    Column("token_hash", String(64)),
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
