"""The web table's refusal: :class:`WebError`, answered as HTTP ``{"detail": message}``."""

from __future__ import annotations


class WebError(Exception):
    """A refused request: ``status`` (HTTP 4xx) and a message naming what was wrong (and
    what is allowed). Raised before anything changes: the table is left as it was.
    ``retry_after``: seconds after which the same request may pass (a rate limit's 429,
    sent as ``Retry-After``)."""

    def __init__(self, status: int, message: str, retry_after: int | None = None):
        super().__init__(message)
        self.status = status
        self.message = message
        self.retry_after = retry_after
