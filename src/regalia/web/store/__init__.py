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

Several server processes on one store (PostgreSQL). Each change of a table's moves grows
its ``version`` (by :data:`VERSION_STEP`); a writer names the version it saw
(:meth:`Store.append_actions`, :meth:`Store.truncate`) and the store refuses with
:class:`ConflictError` when another writer changed the table since, so no process extends
or cuts a history it has not seen. On PostgreSQL the same transaction sends a notice on
:data:`CHANNEL` (``"<table id> <version> <ply>"``, never the state; delivered only once the
transaction commits) that :class:`regalia.web.bus.Listener` hands to every other process.

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
import time
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, Callable

from sqlalchemy import (String, Table, create_engine, delete, event, func, insert, or_, select,
                        text, update)
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from regalia.core.i18n import _

from .migrate import StoreError, engine_url, upgrade
from .reviews import delete_reviews
from .schema import actions_t, chat_t, seats_t, tables_t

__all__ = ["ConflictError", "SeatRow", "Store", "StoreError", "TableRow", "TableSummary",
           "default_db_url", "now_iso", "PERSON", "COMPUTER_TO_MOVE", "OVER", "CHANNEL",
           "VERSION_STEP"]

#: a table's status column: whose turn it is, or the game's end
PERSON, COMPUTER_TO_MOVE, OVER = "person", "computer", "over"
#: how much a table's version grows with each change of its moves; a server process numbers
#: the views of one stored version with the numbers below the next (a change only it knows
#: of, such as a computer player's failure), so view versions agree between processes
VERSION_STEP = 1024
#: PostgreSQL's channel of change notices (``"<table id> <version> <ply>"``)
CHANNEL = "regalia_tables"
#: the PostgreSQL advisory lock of a purge (one process purges at a time; the bytes of
#: "regaliap")
PURGE_LOCK = 0x7265_6761_6C69_6170


def first_version() -> int:
    """A new table's version: the time in microseconds, rounded down to a step (above the
    view versions that servers before versioned tables gave: a load time in microseconds
    plus changes)."""
    return time.time_ns() // 1000 // VERSION_STEP * VERSION_STEP


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
    version: int = 0


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
            raise ValueError(_('{what}: {name} is {count} characters long; the store keeps at most {length}').format(what=what, name=column.name, count=len(value), length=length))
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
            raise StoreError(_("a {backend} store needs its database driver ({name} is missing): pip install 'regalia[{extra}]'").format(backend=backend, name=exc.name, extra=extra)) from None
        #: True on PostgreSQL: other server processes may share the store (changes are
        #: announced on :data:`CHANNEL`; computer players are leased, :mod:`.leases`)
        self.shared = backend == "postgresql"
        if backend == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        elif backend == "postgresql":
            event.listen(self.engine, "connect", _postgresql_durable)
        try:
            self.revisions = upgrade(self.engine)
        except BaseException:
            self.engine.dispose()
            raise

    def conninfo(self) -> str:
        """The database's URL as libpq takes it (``postgresql://...``, password included),
        for a connection of its own (:class:`regalia.web.bus.Listener`)."""
        return self.url.set(drivername="postgresql").render_as_string(hide_password=False)

    def create_table(self, table_id: str, game: str, params: dict[str, Any], seed: int,
                     seats: list[SeatRow], options: dict[str, Any] | None = None,
                     status: str = COMPUTER_TO_MOVE,
                     extra: Callable[[Connection], None] | None = None) -> int:
        """Store a new table and its seats in one transaction (``status``: by default the
        server is to move: the first deal; ``extra(conn)``: more writes in that
        transaction, :mod:`.players`' seats held by players); returns its version
        (:func:`first_version`).

        Raises:
            ValueError: a text longer than its column or holding a NUL character (the
                message names the seat and the column); nothing is stored.
            sqlalchemy.exc.IntegrityError: ``table_id`` is taken.
        """
        now = datetime.now(timezone.utc).isoformat(timespec="seconds")
        table = {"id": table_id, "game": game, "params": json.dumps(params, sort_keys=True),
                 "seed": str(seed), "created": now, "options": json.dumps(options or {})}
        _check_text(tables_t, table, _("the table"))
        rows: list[dict[str, Any]] = [
            {"table_id": table_id, "seat": s.seat, "kind": s.kind, "agent": s.agent,
             "label": s.label, "token_hash": s.token_hash} for s in seats]
        for s, row in zip(seats, rows):
            _check_text(seats_t, row, f"seat {s.seat + 1}")
        version = first_version()
        with self.engine.begin() as conn:
            conn.execute(insert(tables_t).values(**table, status=status, ply=0, updated=now,
                                                 version=version))
            conn.execute(insert(seats_t), rows)
            if extra is not None:
                extra(conn)
        return version

    def append_action(self, table_id: str, ply: int, action: int) -> None:
        """Commit ``action`` as move ``ply`` of the table (durable when this returns).

        Raises:
            ConflictError: a move is already stored at ``ply``.
        """
        self.append_actions(table_id, ply, [action])

    def append_actions(self, table_id: str, ply: int, actions: list[int],
                       status: str | None = None, version: int | None = None,
                       extra: Callable[[Connection], None] | None = None) -> int:
        """Commit ``actions`` as moves ``ply, ply + 1, ...`` in one transaction (a move and
        the chance outcomes dealt after it), with the table's ``status`` after them
        (:data:`PERSON`, :data:`COMPUTER_TO_MOVE` or :data:`OVER`; None leaves it) and
        ``extra(conn)``'s writes (:mod:`regalia.web.players`: whose turn, its deadline, the
        ratings of a game that ended): all are stored when this returns, or none.
        ``version``: the table's version the writer saw (None: any). Returns the table's
        new version; on PostgreSQL the transaction sends the change's notice
        (:data:`CHANNEL`).

        Raises:
            ConflictError: a move is already stored at one of those plies, or the table's
                version is not ``version`` (another writer committed first; on PostgreSQL
                a writer racing an uncommitted one waits for its commit, then gets this).
            LookupError: there is no table ``table_id``.
            ValueError: no action.
        """
        if not actions:
            raise ValueError("append_actions needs at least one action")  # i18n: no (a developer's error)
        end = ply + len(actions)
        try:
            with self.engine.begin() as conn:
                # the table's row first: on PostgreSQL its lock orders the writers, and the
                # second finds the version changed
                new = self._advance(conn, table_id, version, end, status)
                conn.execute(insert(actions_t), [
                    {"table_id": table_id, "ply": ply + i, "action": a}
                    for i, a in enumerate(actions)])
                if extra is not None:
                    extra(conn)
                self._notice(conn, table_id, new, end)
        except IntegrityError:
            if not self._exists(table_id):
                raise LookupError(_('no table {table_id!r}').format(table_id=table_id)) from None
            raise ConflictError(_('move {ply} of table {table_id} is already stored').format(ply=ply, table_id=table_id)) from None
        return new

    def _advance(self, conn: Connection, table_id: str, version: int | None, ply: int,
                 status: str | None) -> int:
        """Grow the table's version (if it is ``version``; None: whatever it is), with its
        ``ply`` and ``status`` (None: left); returns the new version.

        Raises:
            ConflictError: the table's version is not ``version``.
            LookupError: no table ``table_id``.
        """
        values: dict[str, Any] = {"version": tables_t.c.version + VERSION_STEP, "ply": ply}
        if status is not None:
            now = now_iso()
            values.update(status=status, updated=now, finished=now if status == OVER else None)
        change = update(tables_t).where(tables_t.c.id == table_id)
        if version is not None:
            change = change.where(tables_t.c.version == version)
        new = conn.execute(change.values(**values).returning(tables_t.c.version)).scalar()
        if new is None:
            found = conn.execute(select(tables_t.c.version).where(
                tables_t.c.id == table_id)).scalar()
            if found is None:
                raise LookupError(_('no table {table_id!r}').format(table_id=table_id))
            raise ConflictError(_('table {table_id} changed meanwhile (version {found}, not {version})').format(table_id=table_id, found=found, version=version))
        return int(new)

    def _notice(self, conn: Connection, table_id: str, version: int, ply: int) -> None:
        """On PostgreSQL, tell the other processes of the change (sent at commit only)."""
        if self.shared:
            conn.execute(select(func.pg_notify(CHANNEL, f"{table_id} {version} {ply}")))

    def _exists(self, table_id: str) -> bool:
        return self.head(table_id) is not None

    def head(self, table_id: str) -> int | None:
        """The table's version (None: no such table): one indexed read, to find out whether
        a live copy is behind."""
        with self.engine.connect() as conn:
            found = conn.execute(select(tables_t.c.version).where(
                tables_t.c.id == table_id)).scalar()
        return None if found is None else int(found)

    def moves(self, table_id: str) -> tuple[int, list[int]] | None:
        """The table's version and every stored action, read together (one statement, so
        the actions are those of that version); None: no such table."""
        query = (select(tables_t.c.version, actions_t.c.action)
                 .select_from(tables_t.outerjoin(actions_t,
                                                 actions_t.c.table_id == tables_t.c.id))
                 .where(tables_t.c.id == table_id).order_by(actions_t.c.ply))
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        if not rows:
            return None
        return int(rows[0].version), [r.action for r in rows if r.action is not None]

    def truncate(self, table_id: str, ply: int, version: int | None = None) -> int:
        """Delete the moves of the table from ``ply`` on (an undo), committed on return;
        a person is then to move (with no move deadline: the next move sets one).
        ``version``: the table's version the writer saw (None: any). Returns the table's
        new version (notice sent on PostgreSQL).

        Raises:
            ConflictError: the table's version is not ``version``.
            LookupError: no table ``table_id``.
        """
        with self.engine.begin() as conn:
            new = self._advance(conn, table_id, version, ply, PERSON)
            conn.execute(delete(actions_t).where(actions_t.c.table_id == table_id,
                                                 actions_t.c.ply >= ply))
            conn.execute(update(tables_t).where(tables_t.c.id == table_id)
                         .values(deadline=None))
            self._notice(conn, table_id, new, ply)
        return new

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
        """Delete the tables that ended before ``finished_before`` (UTC ISO), their seats,
        moves, reviews and chat; returns how many (on PostgreSQL one process purges at a time:
        another that tries meanwhile deletes nothing)."""
        with self.engine.begin() as conn:
            if self.shared and not conn.execute(
                    select(func.pg_try_advisory_xact_lock(PURGE_LOCK))).scalar():
                return 0   # another server process is purging now
            old = (select(tables_t.c.id).where(tables_t.c.finished < finished_before)
                   .order_by(tables_t.c.id))
            ids = list(conn.execute(old).scalars().all())
            for i in range(0, len(ids), 500):
                chunk = ids[i:i + 500]
                conn.execute(delete(actions_t).where(actions_t.c.table_id.in_(chunk)))
                delete_reviews(conn, chunk)
                conn.execute(delete(chat_t).where(chat_t.c.table_id.in_(chunk)))
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
        # one snapshot for the three reads (PostgreSQL: the actions of the version read)
        options = {"isolation_level": "REPEATABLE READ"} if self.shared else {}
        with self.engine.connect().execution_options(**options) as conn:
            row = conn.execute(select(tables_t).where(tables_t.c.id == table_id)).first()
            if row is None:
                return None
            seats = conn.execute(select(seats_t).where(seats_t.c.table_id == table_id)
                                 .order_by(seats_t.c.seat)).all()
            acts = conn.execute(select(actions_t.c.action).where(
                actions_t.c.table_id == table_id).order_by(actions_t.c.ply)).scalars().all()
        return TableRow(row.id, row.game, json.loads(row.params), int(row.seed), row.created,
                        [SeatRow(s.seat, s.kind, s.agent, s.label, s.token_hash) for s in seats],
                        list(acts), json.loads(row.options), row.status, int(row.version))

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
