"""Small helpers shared by the games' SVG drawings (the web table's board protocol v2).

A clickable element of a drawing carries ``data-click='CANONICAL-JSON'``: the canonical JSON
text of its click object (``{"square":"e5"}``, ``{"action":193}``, ``{"card":"c12"}``...),
XML-escaped, so that the web client can send the object back unchanged and compare it with
the ``targets`` a drawing's ``click`` returns (see ``docs/web.md``, "Board protocol v2").

Nothing here knows a game; the module imports only the standard library.
"""

from __future__ import annotations

import contextvars
import json
import re
import textwrap
import threading
from contextlib import contextmanager
from functools import lru_cache
from typing import Any, Callable, Hashable, Iterator, Mapping, Sequence
from xml.sax.saxutils import escape, quoteattr

from regalia.core import i18n
from regalia.core.i18n import N_, _

__all__ = ["canonical", "click_attr", "score_headings", "text", "board_heading", "runs",
           "entry", "and_join", "marks", "mark_id", "provenance_note", "plain_hover",
           "RECONSTRUCTED", "Fragments", "remembering", "fragment", "frozen"]


def canonical(obj: Any) -> str:
    """The canonical JSON text of a click object:
    ``json.dumps(obj, sort_keys=True, separators=(",", ":"))`` (keys sorted, no spaces,
    non-ASCII as ``\\uXXXX`` escapes, so the text is plain ASCII).

    ``canonical({"square": "e5"}) == '{"square":"e5"}'``. Two equal objects give the same
    text, so a drawing's ``targets`` can be compared with an element's ``data-click``.

    Raises:
        TypeError: ``obj`` is not JSON-able (a set, an object...).
    """
    return json.dumps(obj, sort_keys=True, separators=(",", ":"))


def click_attr(obj: Any) -> str:
    """The attribute `` data-click="..." `` (leading and trailing space included) carrying
    :func:`canonical` of ``obj``, escaped for an XML attribute (``&``, ``<``, ``>`` and
    ``"`` become entities), ready to put inside an element's start tag.

    >>> click_attr({"square": "e5"})
    ' data-click="{&quot;square&quot;:&quot;e5&quot;}" '
    """
    return f" data-click={quoteattr(canonical(obj), {chr(34): '&quot;'})} "


@lru_cache(maxsize=8192)
def keyed_click(key: str, value: str | int) -> tuple[str, str]:
    """``(canonical({key: value}), click_attr({key: value}))``, cached.

    A drawing makes the same few hundred one-key clicks (``{"field": "c5"}``,
    ``{"square": "e5"}``) on every render and compares each with its ``targets``; encoding
    them once is most of a large board's drawing time saved.

    >>> keyed_click("square", "e5")[0]
    '{"square":"e5"}'
    """
    obj = {key: value}
    return canonical(obj), click_attr(obj)


def text(value: Any) -> str:
    """``str(value)`` escaped for SVG text content or a ``<title>`` (``&``, ``<``, ``>``)."""
    return escape(str(value))


#: The corner heading of every drawing's score table (the column of row labels).
SCORE_CORNER = N_("Scoring item")


def score_headings(columns: int, names: Any = None, default: Any = None) -> list[str]:
    """The headings of a drawing's ``score_table``: the corner heading
    (:data:`SCORE_CORNER`) then one per column, the given ``names`` (seat order) where
    given, else ``default[i]`` (a list), else ``Player i+1``. Every drawing uses this, so
    the web client lays out any game's table the same way."""
    given = list(names or ())
    fallback = list(default or ())
    out = [_(SCORE_CORNER)]
    for i in range(columns):
        name = given[i] if i < len(given) and given[i] else None
        if name is None:
            name = (fallback[i] if i < len(fallback)
                    else _("Player {number}").format(number=i + 1))
        out.append(str(name))
    return out


def wrap(text: str, width: int) -> list[str]:
    """``text``'s words in lines of at most ``width`` characters (a longer word gets a line
    of its own, never split; runs of whitespace count as one space), for SVG text, which
    does not wrap by itself."""
    return textwrap.wrap(" ".join(text.split()), width, break_long_words=False,
                         break_on_hyphens=False)


def board_heading(title: str, description: str) -> str:
    """The title and description of a board, the first children of its ``<svg>`` (the
    page names the board with them: ``aria-labelledby="board-title"``,
    ``aria-describedby="board-desc"``)."""
    return (f'<title id="board-title">{escape(title)}</title>'
            f'<desc id="board-desc">{escape(description)}</desc>')


# ---------------------------------------------------------------------------- the story
# A drawing's ``narrate`` folds the log as a seat saw it into entries, and its ``render``
# marks the moves it is given as ``recent`` (see regalia.web.story and docs/web.md).

def runs(plies: Sequence[Mapping[str, Any]]) -> list[tuple[int, int, Any]]:
    """Consecutive plies by one actor as ``(first, last, seat)``: a seat's moves in a row,
    or a row of chance outcomes (seat None). ``plies``: ``[{"seat", ...}]`` in ply order."""
    out: list[tuple[int, int, Any]] = []
    for i, p in enumerate(plies):
        seat = p.get("seat")
        if out and out[-1][2] == seat:
            out[-1] = (out[-1][0], i, seat)
        else:
            out.append((i, i, seat))
    return out


def entry(first: int, last: int, seat: Any, words: str) -> dict[str, Any]:
    """One entry of a folded log: its plies ``first`` to ``last``, who made them (None:
    chance) and what happened in plain words (without the seat's name)."""
    return {"ply": first, "last": last, "seat": seat, "text": words}


def and_join(words: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c`` (German: ``a, b und c``)."""
    words = [w for w in words if w]
    if len(words) <= 1:
        return "".join(words)
    # Translators: the end of a list, "White, Blue and Heinrich"
    return _("{items} and {last}").format(items=", ".join(words[:-1]), last=words[-1])


def marks(recent: Any) -> Iterator[tuple[int, dict[str, Any]]]:
    """The well-formed items of a drawing's ``recent`` argument, each with its index:
    ``{"ply": int or None, "seat": int, "notation": str, "hint": bool}`` (anything else is
    skipped: a drawing ignores what it cannot read)."""
    if not isinstance(recent, (list, tuple)):
        return
    for k, item in enumerate(recent[:64]):
        if (isinstance(item, Mapping) and isinstance(item.get("notation"), str)
                and type(item.get("seat")) is int):
            yield k, {"ply": item.get("ply") if type(item.get("ply")) is int else None,
                      "seat": item["seat"], "notation": item["notation"],
                      "hint": item.get("hint") is True}


def mark_id(item: Mapping[str, Any], k: int, part: int = 0) -> str:
    """The attributes ``id``, ``class`` and ``data-seat`` of an element marking ``item``
    (a recent move: class ``recent``, a new id per ply so that the page animates it when it
    arrives; a suggestion: class ``hint``)."""
    kind = "hint" if item.get("hint") else "recent"
    key = "hint" if item.get("hint") else item.get("ply", k)
    return (f' id="{kind}-{key}-{part}" class="{kind}" data-seat="{int(item["seat"])}"'
            f' data-ply="{"" if item.get("ply") is None else int(item["ply"])}"')


# ---------------------------------------------------------------------------- provenance
#: The badge of a reconstructed component (the page's "About the components" explains it).
RECONSTRUCTED = "\u2248"
#: The components a provenance note names (messages: translated where shown).
COMPONENT_WORDS = (N_("component"), N_("card"), N_("sheet"), N_("tile"), N_("domino"),
                   N_("achievement"))


def provenance_note(provenance: str, what: str = "component") -> str:
    """Where a component's data comes from, in a sentence for a hover text: a
    reconstruction says so with its badge (never passing for the printed component), a
    rulebook fact names the rulebook, a verified one says nothing more."""
    if provenance == "reconstructed":
        return RECONSTRUCTED + " " + _(
            "Reconstructed data: the printed {what} is not public in full, so regalia's is "
            "reconstructed to fit every known fact (see About the components).").format(
                what=_(what))
    if provenance == "rulebook":
        return _("Taken from the rulebook.")
    return ""


_PROVENANCE = re.compile(r"^(\s*)Provenance: (\w+)\b.*$")
_FILES = re.compile(r"\s*\((?:see )?(?:\.\./shared/rules/)?COMPONENTS\.md[^)]*\)|"
                    r"(?:\.\./shared/rules/)?COMPONENTS\.md(?:[,;:]? ?\([^)]*\))?")


def _prefix(message: str) -> str:
    """The words of a translated ``"Label: {field}"`` message before its field."""
    return message.split("{", 1)[0]


def plain_hover(help_text: str, what: str = "component") -> str:
    """A component's help text (:meth:`regalia.core.help.HelpEntry.text`) as a hover text
    for a player: its provenance line as :func:`provenance_note`, the data file's source
    citations and field lists left out, no file names. The help text is read in the
    language in force (its labels as :class:`~regalia.core.help.HelpEntry` writes them)."""
    from regalia.core.help import PROVENANCE_WORDS

    dropped = ("Better established fields", "Source:",
               _prefix(_("Better established fields: {fields}")).strip(),
               _prefix(_("Source: {source}")).strip())
    provenance = _prefix(_("Provenance: {provenance}"))
    said = {key: _(words) for key, words in PROVENANCE_WORDS.items()}
    note, why = _prefix(_("Note: {note}")), _prefix(_("Why: {note}"))
    out = []
    for line in help_text.splitlines():
        bare = line.strip()
        if bare.startswith(dropped):
            continue
        m = _PROVENANCE.match(line)
        key = m.group(2) if m else None
        indent = m.group(1) if m else line[:len(line) - len(line.lstrip())]
        if key is None and bare.startswith(provenance.strip()):
            rest = bare[len(provenance.strip()):].strip()
            key = next((k for k, words in said.items() if rest.startswith(words)),
                       rest.split(":")[0])
        if key is not None:
            text = provenance_note(key, what)
            if text:
                out.append(indent + text)
            continue
        line = _FILES.sub("", line).replace("Note: ", "Why: ", 1).replace(note, why, 1)
        out.append(line)
    return "\n".join(out)


# ---------------------------------------------------------------------------- fragments
# A table's boards are drawn once per ply and seat; most of each board (another seat's
# kingdom, a sheet nobody wrote on) is the same from one seat's board to the next and from
# one ply to the next. A drawing names such a part and what it is drawn from
# (:func:`fragment`); while a table's :class:`Fragments` is in force (:func:`remembering`)
# the part is drawn once and its text reused.

class Fragments:
    """The drawn parts of one table's boards, by (part, key, language): what a drawing's
    :func:`fragment` calls remember while this memo is in force (:func:`remembering`).

    Bounded: :meth:`turn` (called once a ply) forgets the parts not used since the turn
    before, so the memo holds about two plies' parts (a few boards' worth of text, less
    than the boards themselves); and it never holds more than ``limit`` parts (a page
    clicking through many moves in progress within one ply): once full, the parts not
    used in this ply go, then all of them. Thread-safe (a table's views may be drawn by
    several threads)."""

    def __init__(self, limit: int = 2048) -> None:
        self.limit = limit
        self._parts: dict[Hashable, str] = {}
        self._used: set[Hashable] = set()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def __len__(self) -> int:
        return len(self._parts)

    def get(self, key: Hashable) -> str | None:
        with self._lock:
            text = self._parts.get(key)
            if text is not None:
                self._used.add(key)
                self.hits += 1
            else:
                self.misses += 1
            return text

    def put(self, key: Hashable, text: str) -> None:
        with self._lock:
            if len(self._parts) >= self.limit:
                self._parts = {k: v for k, v in self._parts.items() if k in self._used}
                if len(self._parts) >= self.limit:
                    self._parts.clear()
                    self._used.clear()
            self._parts[key] = text
            self._used.add(key)

    def turn(self) -> None:
        """A new ply: forget the parts not used since the last turn."""
        with self._lock:
            self._parts = {k: v for k, v in self._parts.items() if k in self._used}
            self._used = set()

    def clear(self) -> None:
        with self._lock:
            self._parts.clear()
            self._used.clear()


_MEMO: contextvars.ContextVar[Fragments | None] = contextvars.ContextVar(
    "regalia_fragments", default=None)


@contextmanager
def remembering(memo: Fragments | None) -> Iterator[None]:
    """Draw with ``memo`` in force (None: every part drawn afresh) in this context."""
    token = _MEMO.set(memo)
    try:
        yield
    finally:
        _MEMO.reset(token)


def frozen(value: Any) -> str:
    """A key for JSON-like data (dicts, lists, strings, numbers, booleans, None): its
    ``repr``, which tells apart every two values a drawing could draw differently
    (``1`` from ``"1"``, ``1`` from ``1.0``, ``True`` from ``1``)."""
    return repr(value)


def fragment(part: str, key: Hashable, draw: Callable[..., str], *args: Any) -> str:
    """``draw(*args)``, the SVG text of a part of a board, remembered in the
    :class:`Fragments` in force by ``(part, key, language)``; without one, just drawn.

    ``key`` must hold everything the text depends on besides the language (the
    observation's parts it reads, as :func:`frozen` text or other hashable values; the
    seat, the marks, the clicks): two calls with equal keys must draw the same text."""
    memo = _MEMO.get()
    if memo is None:
        return draw(*args)
    full = (part, key, i18n.language())
    text = memo.get(full)
    if text is None:
        text = draw(*args)
        memo.put(full, text)
    return text
