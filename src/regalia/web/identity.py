"""Seat tokens: the private links' secrets. Only a token's SHA-256 is stored; a token
opens exactly one seat of one table."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Iterable

from .errors import WebError
from .store import SeatRow


def new_token() -> str:
    """A seat token: 32 random bytes (256 bits) from :mod:`secrets`, URL-safe text."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    """The SHA-256 of ``token`` (hex), the only form in which a token is stored."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def seat_of(seats: Iterable[SeatRow], token: str | None) -> int | None:
    """The seat ``token`` opens among ``seats``, or None for no token (a spectator).

    Raises:
        WebError(403): a token that opens none of these seats.
    """
    if token is None or token == "":
        return None
    h = token_hash(str(token))
    for s in seats:
        if s.token_hash and hmac.compare_digest(s.token_hash, h):
            return s.seat
    raise WebError(403, "this seat token is not valid for this table")
