"""Line-oriented text formats (the scoring assistants' score files): statements split into
words with their columns, and problems collected as ``SOURCE:LINE:COLUMN: message``.

A statement is one line; ``#`` starts a comment to the end of the line; blank lines are
skipped; words are separated by spaces (and, where a format says so, commas).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from .errors import NotationError
from regalia.core.i18n import format_number, _

#: Longest score text read (characters); a longer one is refused, not parsed.
MAX_TEXT = 1_000_000


@dataclass(frozen=True)
class Word:
    """One word of a statement: its text and its 1-based column."""

    col: int
    text: str

    @property
    def low(self) -> str:
        return self.text.lower()


@dataclass(frozen=True)
class Statement:
    """One non-empty line: its 1-based number and its words (at least one)."""

    line: int
    words: tuple[Word, ...]

    @property
    def head(self) -> str:
        """The first word, lower case (the statement's keyword)."""
        return self.words[0].low

    @property
    def col(self) -> int:
        return self.words[0].col

    def rest_text(self, start: int = 1) -> str:
        """The words from ``start`` on, joined by single spaces."""
        return " ".join(w.text for w in self.words[start:])


def statements(text: str, *, commas: bool = False) -> Iterator[Statement]:
    """The statements of ``text`` (comments and blank lines skipped).

    Args:
        commas: treat commas as word separators (``claimed top 1, top 2``).
    """
    for ln, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0]
        if commas:
            line = line.replace(",", " ")
        words: list[Word] = []
        col = 0
        for part in line.split():
            col = line.index(part, col)
            words.append(Word(col + 1, part))
            col += len(part)
        if words:
            yield Statement(ln, tuple(words))


class Problems:
    """Problems found in one text, each ``SOURCE:LINE:COLUMN: message``.

    Usage: ``p = Problems(source)``, ``p.add(line, col, msg)`` for each problem, then
    ``p.raise_if_any()`` raises one :class:`NotationError` listing them all in order.
    """

    def __init__(self, source: str):
        self.source = source
        self.items: list[tuple[int, int, str]] = []

    def add(self, line: int, col: int, message: str) -> None:
        self.items.append((line, col, message))

    def __bool__(self) -> bool:
        return bool(self.items)

    def lines(self) -> list[str]:
        return [f"{self.source}:{ln}:{c}: {m}" for ln, c, m in self.items]

    def raise_if_any(self) -> None:
        """Raise :class:`NotationError` with every problem, one per line (in the order
        found), or return."""
        if self.items:
            raise NotationError("\n".join(self.lines()))


def check_size(text: str, source: str) -> None:
    """Refuse a text longer than :data:`MAX_TEXT` characters (no score file is that long)."""
    if len(text) > MAX_TEXT:
        raise NotationError(_("{source}:1:1: the text has {n} characters; a score file has "
                              "at most {max_text}").format(source=source, n=format_number(len(text)), max_text=format_number(MAX_TEXT)))


def digits(text: str) -> int | None:
    """``text`` as a non-negative integer when it is 1 to 6 ASCII digits, else None
    (``"³".isdigit()`` is true, but ``int("³")`` fails)."""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 6 else None


def whole(word: Word) -> int | None:
    """The word as a non-negative integer (:func:`digits`), or None."""
    return digits(word.text)


__all__ = ["Word", "Statement", "statements", "Problems", "check_size", "digits", "whole",
           "MAX_TEXT"]
