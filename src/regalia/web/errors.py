"""The web table's refusal: :class:`WebError`, answered as HTTP ``{"detail": message}``."""

from __future__ import annotations


class WebError(Exception):
    """A refused request: ``status`` (HTTP 4xx) and a message naming what was wrong (and
    what is allowed). Raised before anything changes: the table is left as it was."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status
        self.message = message
