"""Which server process runs a table's computer players (:func:`leases_for`).

A table whose server is to move (a computer player's turn, a chance outcome to deal) must be
moved by exactly one process, however many share the store. The process that holds the
table's **lease** does it; the others leave the table to it.

* On PostgreSQL (:class:`AdvisoryLeases`) a lease is a session-level advisory lock, keyed
  by the table's id (the first 8 bytes of its SHA-256), held on a connection of its own
  that the process keeps open. A process that dies, even by ``kill -9``, drops its
  connection and PostgreSQL lets its locks go at once: another process takes its tables
  over (``Rooms.adopt``). If the connection is lost (the database restarted) every lease
  is counted as lost, and taken again the next time it is needed; meanwhile the store's
  compare-and-set (the table's version) still lets only one move through.
* On SQLite (:class:`LocalLeases`) one process serves the store: every lease is granted.

A lease is taken when a computer player is to move and let go when a person is to move or
the game is over (``compute.Computer.advance``), or when the table leaves memory, so the
process that stores a person's move usually takes the computer's reply itself.
"""

from __future__ import annotations

import hashlib
import logging
import threading
from typing import Any, Iterable

from sqlalchemy import text
from sqlalchemy.exc import DBAPIError

log = logging.getLogger("regalia.web")


def lease_key(table_id: str) -> int:
    """The advisory lock key of a table: a signed 64-bit number from its id's SHA-256."""
    digest = hashlib.sha256(b"regalia-table:" + table_id.encode()).digest()
    return int.from_bytes(digest[:8], "big", signed=True)


class LocalLeases:
    """Every lease granted (one process serves the store); :meth:`held` says which this
    process took."""

    shared = False

    def __init__(self) -> None:
        self._held: set[str] = set()
        self._lock = threading.Lock()

    def held(self, table_id: str) -> bool:
        """True while this process holds the table's lease."""
        return table_id in self._held

    def count(self) -> int:
        """How many leases this process holds."""
        return len(self._held)

    def acquire(self, table_id: str) -> bool:
        """Take the table's lease (True: this process holds it now)."""
        with self._lock:
            self._held.add(table_id)
        return True

    def acquire_many(self, table_ids: Iterable[str]) -> list[str]:
        """Take the leases of ``table_ids`` that no process holds; the ones taken."""
        return [t for t in table_ids if self.acquire(t)]

    def release(self, table_id: str) -> None:
        """Let the table's lease go (nothing when it is not held)."""
        with self._lock:
            self._held.discard(table_id)

    def check(self) -> None:
        """Nothing to check: no connection holds these leases."""

    def close(self) -> None:
        with self._lock:
            self._held.clear()


class AdvisoryLeases(LocalLeases):
    """Leases as PostgreSQL advisory locks on a connection of this process (``engine``: the
    store's SQLAlchemy engine)."""

    shared = True

    def __init__(self, engine: Any):
        super().__init__()
        self.engine = engine
        self._conn: Any = None

    def _connection(self) -> Any:
        """The connection that holds the locks (opened on first use, and again after it
        was lost; the caller holds ``_lock``)."""
        if self._conn is None:
            conn = self.engine.connect().execution_options(isolation_level="AUTOCOMMIT")
            conn.detach()   # its own: closing it ends the session (and its locks)
            self._conn = conn
        return self._conn

    def _lost(self, exc: Exception) -> None:
        """The connection failed: PostgreSQL let its locks go; so does this process (the
        caller holds ``_lock``)."""
        if self._held:
            log.warning("the connection holding %d computer-player leases was lost (%s); "
                        "they are taken again when needed", len(self._held), exc)
        self._held.clear()
        if self._conn is not None:
            try:
                self._conn.invalidate()
                self._conn.close()
            except Exception:  # a broken connection closing: nothing more to do
                pass
        self._conn = None

    def acquire(self, table_id: str) -> bool:
        return table_id in self.acquire_many([table_id])

    def acquire_many(self, table_ids: Iterable[str]) -> list[str]:
        with self._lock:
            wanted = {lease_key(t): t for t in table_ids if t not in self._held}
            got = [t for t in table_ids if t in self._held]
            if not wanted:
                return got
            query = text("SELECT k, pg_try_advisory_lock(k) "
                         "FROM unnest(CAST(:keys AS bigint[])) AS k")
            try:
                rows = self._connection().execute(query, {"keys": list(wanted)}).all()
            except DBAPIError as exc:
                self._lost(exc)
                return []
            for key, ok in rows:
                if ok:
                    self._held.add(wanted[key])
                    got.append(wanted[key])
            return got

    def release(self, table_id: str) -> None:
        with self._lock:
            if table_id not in self._held:
                return
            self._held.discard(table_id)
            try:
                self._connection().execute(text("SELECT pg_advisory_unlock(:k)"),
                                           {"k": lease_key(table_id)})
            except DBAPIError as exc:
                self._lost(exc)

    def check(self) -> None:
        """Find out whether the connection still holds the leases (a cheap query); if it
        was lost, so are they."""
        with self._lock:
            if self._conn is None:
                return
            try:
                self._conn.execute(text("SELECT 1"))
            except DBAPIError as exc:
                self._lost(exc)

    def close(self) -> None:
        with self._lock:
            self._held.clear()
            if self._conn is not None:
                try:
                    self._conn.close()   # the session ends: PostgreSQL lets every lock go
                except Exception:  # closing at shutdown: nothing more to do
                    pass
                self._conn = None


def leases_for(store: Any) -> LocalLeases:
    """The leases of a :class:`~regalia.web.store.Store`: advisory locks where other
    processes may share it (PostgreSQL), else every lease granted."""
    return AdvisoryLeases(store.engine) if store.shared else LocalLeases()
