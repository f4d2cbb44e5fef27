"""The store's schema (SQLAlchemy Core): the ``tables``, ``seats`` and ``actions`` tables
described in :mod:`regalia.web.store`.

Columns added by issue 23 (a store made before them gets them on open,
:func:`add_missing_columns`; all nullable, NULL meaning "not known yet"):
``tables.status`` (``person`` / ``computer``: whose turn it is; ``over``), ``tables.ply``,
``tables.updated`` (UTC ISO time of the last change), ``tables.finished`` (UTC ISO time
the game ended), indexed for the start-up query (tables with a computer to move), the
count of open tables and the purge of old finished ones.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import (Column, ForeignKey, Index, Integer, MetaData, String, Table, Text,
                        inspect, text)

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

#: the columns issue 23 added, with their SQL types, for stores made before them
ADDED_COLUMNS = {"tables": (("status", "VARCHAR(16)"), ("ply", "INTEGER"),
                            ("updated", "VARCHAR(40)"), ("finished", "VARCHAR(40)"))}


def add_missing_columns(engine: Any) -> list[str]:
    """Add :data:`ADDED_COLUMNS` that an older store lacks (``ALTER TABLE ... ADD
    COLUMN``, nullable), then create any missing index. Returns the columns added as
    ``table.column``."""
    found = inspect(engine)
    added = []
    with engine.begin() as conn:
        for table, columns in ADDED_COLUMNS.items():
            have = {c["name"] for c in found.get_columns(table)}
            for name, sql_type in columns:
                if name not in have:
                    conn.execute(text(f"ALTER TABLE {table} ADD COLUMN {name} {sql_type}"))
                    added.append(f"{table}.{name}")
    if added:
        for index in tables_t.indexes:
            index.create(engine, checkfirst=True)
    return added
