"""The store's schema (SQLAlchemy Core): the ``tables``, ``seats`` and ``actions`` tables
described in :mod:`regalia.web.store`."""

from __future__ import annotations

from sqlalchemy import Column, ForeignKey, Integer, MetaData, String, Table, Text

metadata = MetaData()

tables_t = Table(
    "tables", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("params", Text, nullable=False),
    Column("seed", Text, nullable=False),
    Column("created", String(40), nullable=False),
    Column("options", Text, nullable=False, default="{}"),
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
