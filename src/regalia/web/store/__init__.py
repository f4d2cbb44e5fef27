"""The table store: every table is a game record in an SQL database (SQLAlchemy Core).

SQLite is the embedded default (a file in the user's data directory); any SQLAlchemy URL
works (``postgresql://...`` for a bigger site). Three tables:

* ``tables``: id, game, params (JSON), seed (decimal text: 128-bit seeds do not fit a
  BIGINT; never sent to a client), created (UTC ISO time), options (JSON: ``hints``),
  and what the server needs without replaying the game: status (``person`` or
  ``computer`` to move, or ``over``), ply, updated and finished (UTC ISO times);
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
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, delete, event, func, insert, or_, select, text, update
from sqlalchemy.exc import IntegrityError

from .schema import actions_t, add_missing_columns, metadata, seats_t, tables_t

#: a table's status column: whose turn it is, or the game's end
PERSON, COMPUTER_TO_MOVE, OVER = "person", "computer", "over"


def now_iso(delta_seconds: float = 0.0) -> str:
    """The UTC time (plus ``delta_seconds``) as the store writes it (ISO, seconds)."""
    when = datetime.now(timezone.utc) + timedelta(seconds=delta_seconds)
    return when.isoformat(timespec="seconds")


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
    status: str | None = None


@dataclass
class TableSummary:
    """A table as the lobby lists it, read from the store without replaying the game."""

    id: str
    game: str
    created: str
    ply: int | None
    status: str | None
    seats: list[SeatRow]


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
        #: the columns this store lacked and got on open (an older store)
        self.upgraded = add_missing_columns(self.engine)

    def create_table(self, table_id: str, game: str, params: dict[str, Any], seed: int,
                     seats: list[SeatRow], options: dict[str, Any] | None = None,
                     status: str = COMPUTER_TO_MOVE) -> None:
        """Store a new table (``status``: by default the server is to move: the first
        deal)."""
        now = datetime.now(timezone.utc).isoformat(timespec="seconds")
        with self.engine.begin() as conn:
            conn.execute(insert(tables_t).values(id=table_id, game=game,
                                                 params=json.dumps(params, sort_keys=True),
                                                 seed=str(seed), created=now,
                                                 options=json.dumps(options or {}),
                                                 status=status, ply=0, updated=now))
            conn.execute(insert(seats_t), [
                {"table_id": table_id, "seat": s.seat, "kind": s.kind, "agent": s.agent,
                 "label": s.label, "token_hash": s.token_hash} for s in seats])

    def append_action(self, table_id: str, ply: int, action: int) -> None:
        """Commit ``action`` as move ``ply`` of the table (durable when this returns).

        Raises:
            ConflictError: a move is already stored at ``ply``.
        """
        self.append_actions(table_id, ply, [action])

    def append_actions(self, table_id: str, ply: int, actions: list[int],
                       status: str | None = None) -> None:
        """Commit ``actions`` as moves ``ply, ply + 1, ...`` in one transaction (a move and
        the chance outcomes dealt after it), with the table's ``status`` after them
        (:data:`PERSON`, :data:`COMPUTER_TO_MOVE` or :data:`OVER`; None leaves it): all are
        stored when this returns, or none.

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
                if status is not None:
                    self._set_status(conn, table_id, status, ply + len(actions))
        except IntegrityError:
            raise ConflictError(f"move {ply} of table {table_id} is already stored") from None

    def truncate(self, table_id: str, ply: int) -> None:
        """Delete the moves of the table from ``ply`` on (an undo), committed on return;
        a person is then to move."""
        with self.engine.begin() as conn:
            conn.execute(delete(actions_t).where(actions_t.c.table_id == table_id,
                                                 actions_t.c.ply >= ply))
            self._set_status(conn, table_id, PERSON, ply)

    @staticmethod
    def _set_status(conn: Any, table_id: str, status: str, ply: int) -> None:
        now = now_iso()
        conn.execute(update(tables_t).where(tables_t.c.id == table_id).values(
            status=status, ply=ply, updated=now, finished=now if status == OVER else None))

    def set_status(self, table_id: str, status: str, ply: int) -> None:
        """Record the table's status and ply (a table of an older store, on its first
        load; a table whose computer players stopped)."""
        with self.engine.begin() as conn:
            self._set_status(conn, table_id, status, ply)

    def resumable_ids(self) -> list[str]:
        """Tables whose computer player is to move, and those of an older store whose
        status is not known yet (an indexed query: start-up does not read the others)."""
        with self.engine.connect() as conn:
            return list(conn.execute(select(tables_t.c.id).where(or_(
                tables_t.c.status == COMPUTER_TO_MOVE, tables_t.c.status.is_(None)))
                .order_by(tables_t.c.updated)).scalars().all())

    def count_open(self, since: str) -> int:
        """Unfinished tables changed at ``since`` (UTC ISO) or later."""
        with self.engine.connect() as conn:
            return int(conn.execute(select(func.count()).select_from(tables_t).where(
                tables_t.c.status.in_((PERSON, COMPUTER_TO_MOVE)),
                tables_t.c.updated >= since)).scalar_one())

    def count_unfinished(self) -> int:
        """Every table not over (status unknown counted too)."""
        with self.engine.connect() as conn:
            return int(conn.execute(select(func.count()).select_from(tables_t).where(
                or_(tables_t.c.status.is_(None), tables_t.c.status != OVER))).scalar_one())

    def recent(self, n: int) -> list[TableSummary]:
        """The ``n`` tables created last, newest last, with their seats."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(tables_t.c.id, tables_t.c.game, tables_t.c.created,
                                       tables_t.c.ply, tables_t.c.status)
                                .order_by(tables_t.c.created.desc(), tables_t.c.id)
                                .limit(n)).all()
            ids = [r.id for r in rows]
            seats: dict[str, list[SeatRow]] = {i: [] for i in ids}
            for s in conn.execute(select(seats_t).where(seats_t.c.table_id.in_(ids))
                                  .order_by(seats_t.c.table_id, seats_t.c.seat)):
                seats[s.table_id].append(SeatRow(s.seat, s.kind, s.agent, s.label, None))
        return [TableSummary(r.id, r.game, r.created, r.ply, r.status, seats[r.id])
                for r in reversed(rows)]

    def purge(self, finished_before: str) -> int:
        """Delete the tables that ended before ``finished_before`` (UTC ISO), their seats
        and moves; returns how many."""
        with self.engine.begin() as conn:
            old = select(tables_t.c.id).where(tables_t.c.finished < finished_before)
            ids = list(conn.execute(old).scalars().all())
            for i in range(0, len(ids), 500):
                chunk = ids[i:i + 500]
                conn.execute(delete(actions_t).where(actions_t.c.table_id.in_(chunk)))
                conn.execute(delete(seats_t).where(seats_t.c.table_id.in_(chunk)))
                conn.execute(delete(tables_t).where(tables_t.c.id.in_(chunk)))
        return len(ids)

    def close(self) -> None:
        """Checkpoint SQLite's write-ahead log into the database and truncate it (so a
        stopped server leaves no large ``-wal`` file), then close every connection."""
        if self.engine.dialect.name == "sqlite":
            with self.engine.connect() as conn:
                conn.execute(text("PRAGMA wal_checkpoint(TRUNCATE)"))
        self.engine.dispose()

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
                        list(acts), json.loads(row.options), row.status)

    def table_ids(self) -> list[str]:
        with self.engine.connect() as conn:
            return list(conn.execute(select(tables_t.c.id).order_by(tables_t.c.created))
                        .scalars().all())
