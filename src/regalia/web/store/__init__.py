"""The table store: every table is a game record in an SQL database (SQLAlchemy Core).

SQLite is the embedded default (a file in the user's data directory); PostgreSQL
(``postgresql://user@host/db``, driven by psycopg 3: the ``postgres`` extra) serves a bigger
site. The schema is versioned with Alembic (:mod:`.migrate`): opening a store brings it to
the newest revision, a store made before versioning included. Three tables
(:mod:`.schema`):

* ``tables``: id, game, params (JSON), seed (decimal text: 128-bit seeds do not fit a
  BIGINT; never sent to a client), created (UTC ISO time), options (JSON: ``hints``),
  and what the server needs without replaying the game: status (``person`` or
  ``computer`` to move, or ``over``), ply, updated and finished (UTC ISO times);
* ``seats``: table id, seat, kind (``here``, ``invited``, ``computer``), agent spec,
  label, SHA-256 of the seat token (the token itself is never stored);
* ``actions``: table id, ply, action id; ``(table, ply)`` is the primary key, so two
  writers (threads or processes) cannot both commit a move at the same ply: the second
  gets :class:`ConflictError`.

:meth:`Store.append_actions` commits before it returns: the server acknowledges a move only
after it is on disk, so ``kill -9`` loses nothing (SQLite: WAL with ``synchronous=NORMAL``;
PostgreSQL: a commit waits for its WAL flush, ``synchronous_commit`` is turned back on for
the store's connections where the server has it off). Both backends check the same things:
foreign keys (turned on in SQLite), text lengths and NUL characters (checked here, before
PostgreSQL would refuse them and SQLite would not).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, Callable

from sqlalchemy import (Connection, String, Table, create_engine, delete, event, func, insert,
                        or_, select, text, update)
from sqlalchemy.exc import IntegrityError

from .migrate import StoreError, engine_url, upgrade
from .schema import actions_t, seats_t, tables_t

__all__ = ["ConflictError", "SeatRow", "Store", "StoreError", "TableRow", "TableSummary",
           "default_db_url", "now_iso", "PERSON", "COMPUTER_TO_MOVE", "OVER"]

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


def _check_text(table: Table, row: dict[str, Any], what: str) -> None:
    """Refuse, on every backend alike, a value PostgreSQL would refuse: text longer than
    its column's length or holding a NUL character.

    Raises:
        ValueError: naming ``what`` (``"seat 2"``), the column and the limit.
    """
    for column in table.columns:
        value = row.get(column.name)
        if not isinstance(value, str):
            continue
        length = column.type.length if isinstance(column.type, String) else None
        if length is not None and len(value) > length:
            raise ValueError(f"{what}: {column.name} is {len(value)} characters long; "
                             f"the store keeps at most {length}")
        if "\x00" in value:
            raise ValueError(f"{what}: {column.name} holds a NUL character")


class Store:
    """The tables of one database (an SQLAlchemy URL: ``sqlite:///path`` or
    ``postgresql://user@host/db``), upgraded to the newest schema revision on opening.
    Thread-safe (SQLAlchemy's pool; SQLite in WAL mode).

    Attributes:
        revisions: the schema revision the store had before opening (None: a new
            database) and the one it has now (:func:`.migrate.upgrade`).

    Raises:
        StoreError: a database that is not a regalia store, one written by a newer
            regalia, or PostgreSQL without its driver installed.
        sqlalchemy.exc.SQLAlchemyError: a bad URL or an unreachable database.
    """

    def __init__(self, url: str):
        self.url = engine_url(url)
        backend = self.url.get_backend_name()
        kwargs: dict[str, Any] = {}
        if backend == "sqlite":
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
        else:
            kwargs["pool_pre_ping"] = True   # a restarted database server costs no request
        try:
            self.engine = create_engine(self.url, **kwargs)
        except ModuleNotFoundError as exc:
            extra = "postgres" if backend == "postgresql" else "web"
            raise StoreError(f"a {backend} store needs its database driver ({exc.name} is "
                             f"missing): pip install 'regalia[{extra}]'") from None
        if backend == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        elif backend == "postgresql":
            event.listen(self.engine, "connect", _postgresql_durable)
        try:
            self.revisions = upgrade(self.engine)
        except BaseException:
            self.engine.dispose()
            raise

    def create_table(self, table_id: str, game: str, params: dict[str, Any], seed: int,
                     seats: list[SeatRow], options: dict[str, Any] | None = None,
                     status: str = COMPUTER_TO_MOVE,
                     extra: Callable[[Connection], None] | None = None) -> None:
        """Store a new table and its seats in one transaction (``status``: by default the
        server is to move: the first deal; ``extra(conn)``: more writes in that
        transaction, :mod:`.players`' seats held by players).

        Raises:
            ValueError: a text longer than its column or holding a NUL character (the
                message names the seat and the column); nothing is stored.
            sqlalchemy.exc.IntegrityError: ``table_id`` is taken.
        """
        now = datetime.now(timezone.utc).isoformat(timespec="seconds")
        table = {"id": table_id, "game": game, "params": json.dumps(params, sort_keys=True),
                 "seed": str(seed), "created": now, "options": json.dumps(options or {})}
        _check_text(tables_t, table, "the table")
        rows: list[dict[str, Any]] = [
            {"table_id": table_id, "seat": s.seat, "kind": s.kind, "agent": s.agent,
             "label": s.label, "token_hash": s.token_hash} for s in seats]
        for s, row in zip(seats, rows):
            _check_text(seats_t, row, f"seat {s.seat + 1}")
        with self.engine.begin() as conn:
            conn.execute(insert(tables_t).values(**table, status=status, ply=0, updated=now))
            conn.execute(insert(seats_t), rows)
            if extra is not None:
                extra(conn)

    def append_action(self, table_id: str, ply: int, action: int) -> None:
        """Commit ``action`` as move ``ply`` of the table (durable when this returns).

        Raises:
            ConflictError: a move is already stored at ``ply``.
        """
        self.append_actions(table_id, ply, [action])

    def append_actions(self, table_id: str, ply: int, actions: list[int],
                       status: str | None = None,
                       extra: Callable[[Connection], None] | None = None) -> None:
        """Commit ``actions`` as moves ``ply, ply + 1, ...`` in one transaction (a move and
        the chance outcomes dealt after it), with the table's ``status`` after them
        (:data:`PERSON`, :data:`COMPUTER_TO_MOVE` or :data:`OVER`; None leaves it) and
        ``extra(conn)``'s writes (:mod:`regalia.web.players`: whose turn, its deadline, the
        ratings of a game that ended): all are stored when this returns, or none.

        Raises:
            ConflictError: a move is already stored at one of those plies (another writer
                committed first; on PostgreSQL a writer racing an uncommitted one waits
                for its commit, then gets this).
            LookupError: there is no table ``table_id``.
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
                if extra is not None:
                    extra(conn)
        except IntegrityError:
            if not self._exists(table_id):
                raise LookupError(f"no table {table_id!r}") from None
            raise ConflictError(f"move {ply} of table {table_id} is already stored") from None

    def _exists(self, table_id: str) -> bool:
        with self.engine.connect() as conn:
            return conn.execute(select(tables_t.c.id).where(tables_t.c.id == table_id)
                                ).first() is not None

    def truncate(self, table_id: str, ply: int) -> None:
        """Delete the moves of the table from ``ply`` on (an undo), committed on return;
        a person is then to move (with no move deadline: the next move sets one)."""
        with self.engine.begin() as conn:
            conn.execute(delete(actions_t).where(actions_t.c.table_id == table_id,
                                                 actions_t.c.ply >= ply))
            self._set_status(conn, table_id, PERSON, ply)
            conn.execute(update(tables_t).where(tables_t.c.id == table_id)
                         .values(deadline=None))

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
        stopped server leaves no large ``-wal`` file), then close every connection (a later
        call opens new ones)."""
        if self.engine.dialect.name == "sqlite":
            with self.engine.connect() as conn:
                conn.execute(text("PRAGMA wal_checkpoint(TRUNCATE)"))
        self.engine.dispose()

    def load(self, table_id: str) -> TableRow | None:
        """The stored table ``table_id`` (None: no such table, on every backend for any
        string, NUL characters included)."""
        if "\x00" in table_id:
            return None   # no id holds one (and PostgreSQL refuses it in a query)
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
        """Every table id, oldest first (tables created in the same second by id, so that
        both backends give one order)."""
        with self.engine.connect() as conn:
            return list(conn.execute(select(tables_t.c.id).order_by(tables_t.c.created,
                                                                    tables_t.c.id))
                        .scalars().all())


def _sqlite_pragmas(conn: Any, _record: Any) -> None:
    cur = conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    # WAL + NORMAL: a committed transaction survives the process being killed (kill -9);
    # only a power cut may lose the last commits
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")   # as PostgreSQL does
    cur.close()


def _postgresql_durable(conn: Any, _record: Any) -> None:
    """A commit returns once its WAL is flushed: ``synchronous_commit`` back on for this
    connection where the server or database has it ``off`` (any other level is as durable
    on this server, or more)."""
    with conn.cursor() as cur:
        cur.execute("SHOW synchronous_commit")
        row = cur.fetchone()
        if row is not None and row[0] == "off":
            cur.execute("SET synchronous_commit TO on")
    conn.commit()   # a SET made in a transaction would be undone by its rollback
