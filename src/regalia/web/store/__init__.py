"""The table store: every table is a game record in an SQL database (SQLAlchemy Core).

SQLite is the embedded default (a file in the user's data directory); any SQLAlchemy URL
works (``postgresql://...`` for a bigger site). Three tables:

* ``tables``: id, game, params (JSON), seed (decimal text: 128-bit seeds do not fit a
  BIGINT; never sent to a client), created (UTC ISO time), options (JSON: ``hints``);
* ``seats``: table id, seat, kind (``here``, ``invited``, ``computer``), agent spec,
  label, SHA-256 of the seat token (the token itself is never stored);
* ``actions``: table id, ply, action id; ``(table, ply)`` is the primary key, so two
  writers cannot both commit a move at the same ply.

:meth:`Store.append_action` commits before it returns: the server acknowledges a move only
after it is on disk, so ``kill -9`` loses nothing.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, delete, event, insert, select
from sqlalchemy.exc import IntegrityError

from .schema import actions_t, metadata, seats_t, tables_t

class ConflictError(Exception):
    """Another move was committed at this ply first."""


def default_db_url() -> str:
    """``sqlite:///`` + ``$XDG_DATA_HOME/regalia/tables.sqlite`` (default
    ``~/.local/share/regalia/tables.sqlite``); the directory is created."""
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    folder = base / "regalia"
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'tables.sqlite'}"


@dataclass
class SeatRow:
    seat: int
    kind: str
    agent: str | None
    label: str
    token_hash: str | None


@dataclass
class TableRow:
    id: str
    game: str
    params: dict[str, Any]
    seed: int
    created: str
    seats: list[SeatRow]
    actions: list[int]
    options: dict[str, Any]


class Store:
    """The tables of one database. Thread-safe (SQLAlchemy's pool; SQLite in WAL mode)."""

    def __init__(self, url: str):
        kwargs: dict[str, Any] = {}
        if url.startswith("sqlite"):
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
        self.engine = create_engine(url, **kwargs)
        if url.startswith("sqlite"):
            @event.listens_for(self.engine, "connect")
            def _pragmas(conn: Any, _record: Any) -> None:  # pragma: no cover - trivial
                cur = conn.cursor()
                cur.execute("PRAGMA journal_mode=WAL")
                # WAL + NORMAL: a committed transaction survives the process being
                # killed (kill -9); only a power cut may lose the last commits
                cur.execute("PRAGMA synchronous=NORMAL")
                cur.close()
        metadata.create_all(self.engine)

    def create_table(self, table_id: str, game: str, params: dict[str, Any], seed: int,
                     seats: list[SeatRow], options: dict[str, Any] | None = None) -> None:
        now = datetime.now(timezone.utc).isoformat(timespec="seconds")
        with self.engine.begin() as conn:
            conn.execute(insert(tables_t).values(id=table_id, game=game,
                                                 params=json.dumps(params, sort_keys=True),
                                                 seed=str(seed), created=now,
                                                 options=json.dumps(options or {})))
            conn.execute(insert(seats_t), [
                {"table_id": table_id, "seat": s.seat, "kind": s.kind, "agent": s.agent,
                 "label": s.label, "token_hash": s.token_hash} for s in seats])

    def append_action(self, table_id: str, ply: int, action: int) -> None:
        """Commit ``action`` as move ``ply`` of the table (durable when this returns).

        Raises:
            ConflictError: a move is already stored at ``ply``.
        """
        self.append_actions(table_id, ply, [action])

    def append_actions(self, table_id: str, ply: int, actions: list[int]) -> None:
        """Commit ``actions`` as moves ``ply, ply + 1, ...`` in one transaction (a move and
        the chance outcomes dealt after it): all are stored when this returns, or none.

        Raises:
            ConflictError: a move is already stored at one of those plies.
        """
        if not actions:
            return
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(actions_t), [
                    {"table_id": table_id, "ply": ply + i, "action": a}
                    for i, a in enumerate(actions)])
        except IntegrityError:
            raise ConflictError(f"move {ply} of table {table_id} is already stored") from None

    def truncate(self, table_id: str, ply: int) -> None:
        """Delete the moves of the table from ``ply`` on (an undo), committed on return."""
        with self.engine.begin() as conn:
            conn.execute(delete(actions_t).where(actions_t.c.table_id == table_id,
                                                 actions_t.c.ply >= ply))

    def load(self, table_id: str) -> TableRow | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(tables_t).where(tables_t.c.id == table_id)).first()
            if row is None:
                return None
            seats = conn.execute(select(seats_t).where(seats_t.c.table_id == table_id)
                                 .order_by(seats_t.c.seat)).all()
            acts = conn.execute(select(actions_t.c.action).where(
                actions_t.c.table_id == table_id).order_by(actions_t.c.ply)).scalars().all()
        return TableRow(row.id, row.game, json.loads(row.params), int(row.seed), row.created,
                        [SeatRow(s.seat, s.kind, s.agent, s.label, s.token_hash) for s in seats],
                        list(acts), json.loads(row.options))

    def table_ids(self) -> list[str]:
        with self.engine.connect() as conn:
            return list(conn.execute(select(tables_t.c.id).order_by(tables_t.c.created))
                        .scalars().all())
