"""Shared scoring pad positions (``pad_shares``): a score text handed to another phone by
a link, kept until it expires.

A link's id is 16 random bytes (128 bits); only its SHA-256 is stored, like a seat token's.
Every write first deletes the expired rows, then checks the bounds (live links per client
address, live links in all) in the same transaction, so the table never grows past them.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

from sqlalchemy import Engine, delete, func, insert, select

from regalia.core.i18n import _

from .schema import pad_shares_t


class ShareLimitError(Exception):
    """A share refused by a bound; the message says which and when it frees."""


@dataclass(frozen=True)
class Share:
    """A shared position: ``game``, score ``text``, ``expires`` (UTC ISO time)."""

    game: str
    text: str
    expires: str


def _hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "replace")).hexdigest()


def _now() -> datetime:
    return datetime.now(timezone.utc)


def _iso(t: datetime) -> str:
    return t.isoformat(timespec="seconds")


class Shares:
    """The shared positions of one database (``engine``: the :class:`~regalia.web.store.Store`'s)."""

    def __init__(self, engine: Engine):
        self.engine = engine

    def put(self, game: str, text: str, client: str, hours: float, per_client: int,
            total: int) -> tuple[str, str]:
        """Store ``text`` of ``game`` for ``hours``; ``(link id, expiry time)``.

        Raises:
            ShareLimitError: ``client`` holds ``per_client`` live links already, or the
                server ``total``.
        """
        now = _now()
        link = secrets.token_urlsafe(16)
        expires = _iso(now + timedelta(hours=hours))
        who = _hash(client)
        with self.engine.begin() as conn:
            conn.execute(delete(pad_shares_t).where(pad_shares_t.c.expires <= _iso(now)))
            mine = conn.execute(select(func.count()).select_from(pad_shares_t)
                                .where(pad_shares_t.c.client_hash == who)).scalar_one()
            if mine >= per_client:
                first = conn.execute(select(func.min(pad_shares_t.c.expires))
                                     .where(pad_shares_t.c.client_hash == who)).scalar_one()
                raise ShareLimitError(_('{per_client} shared links from this address are live already; the oldest expires at {first} (UTC)').format(per_client=per_client, first=first))
            every = conn.execute(select(func.count()).select_from(pad_shares_t)).scalar_one()
            if every >= total:
                raise ShareLimitError(_('the server holds {total} shared links already; try again later, or hand the text over instead').format(total=total))
            conn.execute(insert(pad_shares_t).values(id_hash=_hash(link), game=game,
                                                     text=text, client_hash=who,
                                                     expires=expires))
        return link, expires

    def get(self, link: str) -> Share | None:
        """The live share of ``link``, or None (unknown or expired)."""
        with self.engine.connect() as conn:
            row = conn.execute(select(pad_shares_t).where(
                pad_shares_t.c.id_hash == _hash(link),
                pad_shares_t.c.expires > _iso(_now()))).first()
        return None if row is None else Share(row.game, row.text, row.expires)

    def purge(self) -> int:
        """Delete the expired shares; how many were deleted."""
        with self.engine.begin() as conn:
            return conn.execute(delete(pad_shares_t).where(
                pad_shares_t.c.expires <= _iso(_now()))).rowcount


__all__ = ["Shares", "Share", "ShareLimitError"]
