"""Who may do what at a table: seat tokens (the private links' secrets), player keys (a
browser's identity instead of an account) and the names people choose.

* A **seat token** opens exactly one seat of one table. Only its SHA-256 is stored.
* A **player key** is held by a browser (its local storage): 32 random bytes made by the
  server, sent back once, stored only as its SHA-256. It opens every seat its player holds
  (a seat is held once its link was opened with the key, or joined from the lobby), so a
  seat is found again without its link. A request names the key in the ``X-Player-Key``
  header and the seat in ``X-Seat`` (a WebSocket: the subprotocol ``key.<key>`` and the
  ``seat`` query parameter), never in a URL a proxy would log.
* A **name** is what a person is called at a table (board, scores, log, result, chat):
  plain text checked by :func:`check_name`; computer seats carry the word "Computer",
  which no person's name may look like.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Iterable, Mapping

from regalia.core.i18n import _

from .errors import WebError
from .store import SeatRow

#: Unicode general categories never allowed in a name or a chat line: controls (Cc),
#: format characters (Cf: bidi controls, zero-width spaces and joiners, the BOM),
#: surrogates (Cs), private use (Co), unassigned (Cn), line and paragraph separators
#: (Zl, Zp). Spaces other than U+0020 (Zs) are refused too.
REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
#: combining marks allowed in a row after one character (more stack into "Zalgo" text
#: that spills over the lines around it)
MAX_MARKS = 2
#: words no person's name may look like (after NFKC, case folding, dropping everything
#: but letters and digits, and Unicode's confusable characters: "C0MPUTER", "Соmputer"
#: in Cyrillic, "Com puter", "Cornputer"): a computer seat's mark
RESERVED_WORDS = ("computer",)
#: whole names a person may not take: "You" is how the page names its reader
RESERVED_NAMES = ("you", "du")   # the page names its reader so (en, de)


def new_token() -> str:
    """A seat token: 32 random bytes (256 bits) from :mod:`secrets`, URL-safe text."""
    return secrets.token_urlsafe(32)


def new_key() -> str:
    """A player key: 32 random bytes (256 bits) from :mod:`secrets`, URL-safe text (43
    characters of ``A-Z a-z 0-9 - _``, also a valid WebSocket subprotocol token)."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    """The SHA-256 of ``token`` (hex), the only form in which a token or a key is stored."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


@dataclass(frozen=True)
class PlayerSeat:
    """A request's credential made of a player key and the seat it asks for (``seat``
    None: the seats the key holds are to be found, or a spectator with a key)."""

    key: str
    seat: int | None = None

    def __repr__(self) -> str:   # never print a key into a log
        return f"PlayerSeat(key=..., seat={self.seat})"


def parse_seat(value: Any) -> int | None:
    """A seat number from a header or query parameter (None when absent).

    Raises:
        WebError(422): not a whole number 0 to 7."""
    if value is None or value == "":
        return None
    text = str(value)
    if not text.isdigit() or len(text) > 1:
        raise WebError(422, _("the seat must be a whole number 0 to 7"))
    return int(text)


def credential(headers: Mapping[str, str], query: Mapping[str, str]) -> str | PlayerSeat | None:
    """A request's credential: its seat token (``X-Seat-Token`` header or ``token`` query
    parameter), else its player key with the seat asked for (``X-Player-Key`` and
    ``X-Seat``), else None (a spectator).

    Raises:
        WebError(422): a seat that is not a number."""
    token = headers.get("x-seat-token") or query.get("token")
    if token is not None:
        return str(token)
    key = headers.get("x-player-key")
    if key:
        return PlayerSeat(str(key), parse_seat(headers.get("x-seat")))
    return None


def seat_of(seats: Iterable[SeatRow], token: str | PlayerSeat | None,
            holders: Callable[[str], set[int]] | None = None) -> int | None:
    """The seat ``token`` opens among ``seats``, or None for no token (a spectator).

    ``token`` is a seat token, or a :class:`PlayerSeat`: then ``holders(key)`` names the
    seats of this table its player holds, and the credential opens the seat it asks for if
    the player holds it (a key asking for no seat is a spectator with a key).

    Raises:
        WebError(403): a token that opens none of these seats; a key that does not hold
            the seat it asks for.
    """
    if token is None or token == "":
        return None
    if isinstance(token, PlayerSeat):
        if token.seat is None:
            return None
        held = holders(token.key) if holders is not None else set()
        if token.seat not in held:
            raise WebError(403, _("this player key does not hold that seat of this table"))
        return token.seat
    h = token_hash(str(token))
    for s in seats:
        if s.token_hash and hmac.compare_digest(s.token_hash, h):
            return s.seat
    raise WebError(403, _("this seat token is not valid for this table"))


# ---------------------------------------------------------------------------- text
def _refused_character(text: str) -> str | None:
    """The first character of ``text`` a name or chat line may not hold, described, or
    None."""
    marks = 0
    for i, ch in enumerate(text):
        cat = unicodedata.category(ch)
        if cat in REFUSED_CATEGORIES or (cat == "Zs" and ch != " "):
            kind = (_("a control character") if cat == "Cc" else
                    _("an invisible formatting character (bidi control, zero-width space or "
                    "joiner)") if cat == "Cf" else
                    _("a space other than the ordinary one") if cat == "Zs" else
                    _("a line separator") if cat in ("Zl", "Zp") else
                    _("a character that is not a printable assigned Unicode character"))
            return _('{kind} (U+{ord:04X}) at position {value}').format(kind=kind, ord=ord(ch), value=i + 1)
        marks = marks + 1 if cat.startswith("M") else 0
        if marks > MAX_MARKS:
            return _('more than {MAX_MARKS} combining marks on one character at position {value}').format(MAX_MARKS=MAX_MARKS, value=i + 1)
    return None


def check_text(text: Any, what: str, longest: int) -> str:
    """``text`` (a chat line, a name) as stored: NFC-normalised, the spaces at its ends
    dropped, runs of spaces inside it made one.

    Raises:
        WebError(422): not text; empty; longer than ``longest`` characters; holding a
            character :data:`REFUSED_CATEGORIES` refuses (the message names it and where).
    """
    if not isinstance(text, str):
        raise WebError(422, _('{what} must be text').format(what=what))
    clean = " ".join(part for part in unicodedata.normalize("NFC", text).split(" ") if part)
    if not clean:
        raise WebError(422, _('{what} is empty').format(what=what))
    if len(clean) > longest:
        raise WebError(422, _('{what} is {count} characters long; at most {longest}').format(what=what, count=len(clean), longest=longest))
    bad = _refused_character(clean)
    if bad is not None:
        raise WebError(422, _('{what} holds {bad}: plain text only').format(what=what, bad=bad))
    return clean


def squash(text: str) -> str:
    """``text`` reduced to compare names: NFKC (full-width and styled letters as plain
    ones), case folded, only letters and digits kept (spacing, dots and marks dropped)."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    return "".join(ch for ch in folded if unicodedata.category(ch)[0] in "LN")


@lru_cache(maxsize=None)
def _reserved(word: str) -> re.Pattern[str]:
    """A pattern matching ``word`` written with any of Unicode's confusable characters
    (the ``confusables`` library: confusables.txt, "0" for "o", "rn" for "m", ...)."""
    import confusables  # type: ignore[import-untyped]

    return re.compile(confusables.confusable_regex(word, include_character_padding=False),
                      re.IGNORECASE)


def check_name(name: Any, what: str | None = None, longest: int = 24) -> str:
    """A person's name as stored (:func:`check_text`), checked against the computer
    seats' mark: a name that reads as "Computer" in any spelling, case, spacing or with
    look-alike characters is refused, and so is "You".

    Raises:
        WebError(422): :func:`check_text`'s refusals, or a reserved name (the message says
            why).
    """
    what = what or _("the name")
    clean = check_text(name, what, longest)
    flat = squash(clean)
    for word in RESERVED_WORDS:
        if _reserved(word).search(flat) or _reserved(word).search(clean):
            raise WebError(422, _("{what} {clean!r} looks like {word!r}: only the computer's seats are called that, so that a person is never taken for one").format(what=what, clean=clean, word=word))
    if flat in RESERVED_NAMES or any(_reserved(w).fullmatch(flat) for w in RESERVED_NAMES):
        raise WebError(422, _('{what} {clean!r} is how the page names its reader; choose another').format(what=what, clean=clean))
    return clean


def computer_label(label: Any, what: str, longest: int = 24) -> str:
    """A computer seat's label given by a table's creator, carrying the computer's mark:
    kept when it reads as "Computer" already (:func:`check_name` would refuse it for a
    person), else marked (``"Hal"`` -> ``"Hal (computer)"``).

    Raises:
        WebError(422): :func:`check_text`'s refusals."""
    clean = check_text(label, what, longest)
    try:
        check_name(clean, what, longest)
    except WebError:
        return clean
    return _("{name} (computer)").format(name=clean)
