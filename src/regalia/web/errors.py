"""The web table's refusal: :class:`WebError`, answered as HTTP ``{"detail": message}``;
and :class:`Later`, words kept to be said later in each reader's language."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from regalia.core.i18n import _


class WebError(Exception):
    """A refused request: ``status`` (HTTP 4xx) and a message naming what was wrong (and
    what is allowed), in the language in force when raised (the request's). Raised before
    anything changes: the table is left as it was. ``retry_after``: seconds after which the
    same request may pass (a rate limit's 429, sent as ``Retry-After``). ``code``: a
    machine-readable name of the refusal where a page acts on it (sent as ``code``)."""

    def __init__(self, status: int, message: str, retry_after: int | None = None,
                 code: str | None = None):
        super().__init__(message)
        self.status = status
        self.message = message
        self.retry_after = retry_after
        self.code = code


@dataclass(frozen=True)
class Later:
    """A message (an English msgid marked with ``N_``) and its ``{placeholders}``' values,
    said in the language in force each time it is shown (``str(later)``): for words made
    where no reader's language is known (a computer player's failure, a review stopped in
    a worker) and read by people of several languages. Hashable (a view's cache key)."""

    msgid: str
    args: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, msgid: str, **args: Any) -> "Later":
        return cls(msgid, tuple(sorted((k, str(v)) for k, v in args.items())))

    def __str__(self) -> str:
        return _(self.msgid).format(**dict(self.args))

    def encode(self) -> str:
        """JSON text to store (:meth:`decode` reads it back)."""
        return json.dumps({"msgid": self.msgid, "args": dict(self.args)})

    @staticmethod
    def decode(text: str | None) -> str | None:
        """Stored words in the language in force: an :meth:`encode`'d message, or a text
        stored as it was (older rows), or None."""
        if not text or not text.startswith('{"msgid"'):
            return text
        try:
            d = json.loads(text)
            return str(Later.of(d["msgid"], **d["args"]))
        except (ValueError, KeyError, TypeError):
            return text
