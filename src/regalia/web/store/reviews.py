"""The game reviews of finished tables (``reviews``): one row per reviewed seat, written
while the review runs (its progress, the decisions judged so far) and kept with the table
(a second request reads it back; the table's purge deletes it).

A review is *claimed* by the server that runs it (:meth:`ReviewStore.claim`): a new row,
or a failed one, or a running one not changed since ``stale_before`` (its server stopped:
the new one goes on from the decisions stored). The claim is one ``INSERT`` or one
conditional ``UPDATE``, so two servers on one PostgreSQL database never run the same
review together.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import ColumnElement, Connection, Engine, and_, delete, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from .schema import reviews_t

#: a review's status
RUNNING, DONE, FAILED = "running", "done", "failed"


@dataclass(frozen=True)
class ReviewRow:
    """A stored review: ``status``, ``done`` and ``total`` decisions (``total`` None until
    the first slice), ``review`` (JSON text, or None), ``error`` (why it failed), and
    ``updated`` (UTC ISO time)."""

    status: str
    done: int
    total: int | None
    review: str | None
    error: str | None
    updated: str


class ReviewStore:
    """The reviews of one database (``engine``: the :class:`~regalia.web.store.Store`'s)."""

    def __init__(self, engine: Engine):
        self.engine = engine

    @staticmethod
    def _where(table_id: str, seat: int) -> ColumnElement[bool]:
        return and_(reviews_t.c.table_id == table_id, reviews_t.c.seat == seat)

    def get(self, table_id: str, seat: int) -> ReviewRow | None:
        """The review of ``seat`` at ``table_id``, or None (never asked)."""
        with self.engine.connect() as conn:
            row = conn.execute(select(reviews_t).where(self._where(table_id, seat))).first()
        return None if row is None else ReviewRow(row.status, row.done, row.total,
                                                  row.review, row.error, row.updated)

    def claim(self, table_id: str, seat: int, now: str, stale_before: str) -> bool:
        """Mark the review running for the caller; True when the caller is to run it: no
        row yet, a failed one, or a running one unchanged since ``stale_before`` (UTC
        ISO). False: it is done, or running elsewhere."""
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(reviews_t).values(table_id=table_id, seat=seat,
                                                      status=RUNNING, done=0, updated=now))
            return True
        except IntegrityError:
            pass
        with self.engine.begin() as conn:
            taken = conn.execute(update(reviews_t).where(
                self._where(table_id, seat),
                or_(reviews_t.c.status == FAILED,
                    and_(reviews_t.c.status == RUNNING,
                         reviews_t.c.updated < stale_before))
            ).values(status=RUNNING, error=None, updated=now)).rowcount
        return bool(taken == 1)

    def progress(self, table_id: str, seat: int, done: int, total: int, review: str,
                 now: str) -> None:
        """A slice of the review is judged: ``done`` of ``total`` decisions, the review so
        far (JSON)."""
        with self.engine.begin() as conn:
            conn.execute(update(reviews_t).where(self._where(table_id, seat)).values(
                done=done, total=total, review=review, updated=now))

    def finish(self, table_id: str, seat: int, total: int, review: str, now: str) -> None:
        """The review is complete: stored for every later request."""
        with self.engine.begin() as conn:
            conn.execute(update(reviews_t).where(self._where(table_id, seat)).values(
                status=DONE, done=total, total=total, review=review, error=None,
                updated=now))

    def fail(self, table_id: str, seat: int, error: str, now: str) -> None:
        """The review failed (``error``, in words); a later request may start it again
        (from the decisions stored)."""
        with self.engine.begin() as conn:
            conn.execute(update(reviews_t).where(self._where(table_id, seat)).values(
                status=FAILED, error=error[:500], updated=now))


def delete_reviews(conn: Connection, table_ids: list[str]) -> None:
    """Delete the reviews of ``table_ids`` (in the caller's transaction ``conn``: the
    store's purge of old finished tables)."""
    conn.execute(delete(reviews_t).where(reviews_t.c.table_id.in_(table_ids)))


__all__ = ["ReviewStore", "ReviewRow", "RUNNING", "DONE", "FAILED", "delete_reviews"]
