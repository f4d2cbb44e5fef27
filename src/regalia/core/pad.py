"""The scoring pad (``/score``): what a game's pad module offers, and the pieces they share.

A pad enters the end position of a physical game by tapping, on a phone, and scores it
with the same functions as ``regalia score``. The position *is* the score text of
``regalia score GAME FILE``: every edit reads the text with the game's own parser, changes
the position, writes it back and reads it again, so the pad refuses exactly what the
parser refuses, with the parser's words (what is wrong, what is allowed), and the text
it exports is one the terminal reads.

A game's pad module (registered with :func:`regalia.core.registry.register_pad`) offers:

``TITLE``
    the game's name as shown.
``setup() -> list[dict]``
    what to choose before entering: ``[{"name", "label", "options": [{"value",
    "label"}], "default"}]`` (player count, play sheet, variants...).
``new(choices: Mapping[str, Any]) -> str``
    the score text of an empty position for those choices (raises
    :class:`~regalia.core.errors.ParameterError`).
``view(text: str, focus: str | None = None) -> dict``
    everything the page shows, built from the text (raises
    :class:`~regalia.core.errors.NotationError` for a text the parser refuses, or a
    focus that is not one of the position's): ``{"text"`` (the canonical text), ``"title"``,
    ``"notes"`` (component data provenance), ``"controls"`` (game-wide :func:`group`\\ s),
    ``"parts"`` (``[{"id", "title", "boards", "controls"}]``: a part per player or per
    shared board, ``boards`` its SVG drawings, each shown in a box of its own that scrolls
    sideways when wider than the screen, whose interactive elements carry :func:`tap`
    attributes), ``"menu"`` (None, or the
    focused element's ``{"focus", "title", "groups"}``), ``"score"`` (:func:`score`)}.
``edit(text: str, edit: Mapping[str, Any]) -> str``
    the text after one edit (an object ``{"op": ..., ...}`` taken from the view); raises
    :class:`~regalia.core.errors.NotationError` saying what is wrong and what is allowed,
    and the position is then unchanged (the caller keeps the old text).

Nothing here knows a game; it imports only the core.
"""

from __future__ import annotations

import re
from typing import Any, Mapping, Sequence
from xml.sax.saxutils import quoteattr

from .breakdown import Breakdown
from .errors import NotationError
from .svgkit import canonical
from regalia.core.i18n import _

#: Longest player name the pads write (a name is one line of the score text).
MAX_NAME = 40
#: The source name pads give their parser (:func:`refusal` takes it off again).
SOURCE = "pad"
_LOCATION = re.compile(rf"^{SOURCE}(?::\d+:\d+)?: | \({SOURCE} line \d+\)", re.MULTILINE)


def _attr(value: str) -> str:
    """``value`` as a double-quoted XML attribute value (``"`` as ``&quot;``)."""
    return quoteattr(value, {'"': "&quot;"})


def tap(label: str, *, edit: Mapping[str, Any] | None = None, focus: str | None = None,
        selected: bool = False) -> str:
    """The attributes of an interactive SVG element (leading and trailing space included):
    ``data-edit`` (the canonical JSON of the edit a tap applies) or ``data-focus`` (the key
    whose menu a tap opens), ``role="button"``, ``tabindex="0"``, ``aria-label`` and, for a
    selected element, ``aria-pressed="true"``. The page knows no game: it sends these back.
    """
    parts = [f"role=\"button\" tabindex=\"0\" aria-label={_attr(label)}"]
    if edit is not None:
        parts.append(f"data-edit={_attr(canonical(dict(edit)))}")
    if focus is not None:
        parts.append(f"data-focus={_attr(focus)}")
    if selected:
        parts.append('aria-pressed="true"')
    return " " + " ".join(parts) + " "


def option(label: str, edit: Mapping[str, Any] | None, *, selected: bool = False,
           note: str = "", svg: str = "", focus: str | None = None) -> dict[str, Any]:
    """One button of a menu or control: its ``label``, the ``edit`` a tap applies (None:
    shown, not tappable, unless it has a ``focus``: the key of the menu a tap opens
    instead), whether it is the ``selected`` value, a ``note`` beside it, and an optional
    small ``svg`` (a tile's face)."""
    out: dict[str, Any] = {"label": label, "edit": None if edit is None else dict(edit),
                           "selected": selected}
    if focus is not None:
        out["focus"] = focus
    if note:
        out["note"] = note
    if svg:
        out["svg"] = svg
    return out


def group(label: str, options: Sequence[Mapping[str, Any]], *, kind: str = "choice",
          value: Any = None) -> dict[str, Any]:
    """A row of buttons under ``label``. ``kind``: ``choice`` (one selected), ``toggle``
    (each on or off), ``stepper`` (``value`` shown between its options, − and +) or
    ``name`` (a text field; its one option's edit gets ``{"name": typed text}`` added)."""
    return {"label": label, "kind": kind, "options": [dict(o) for o in options],
            "value": value}


def stepper(label: str, value: int, low: int, high: int, edit: Mapping[str, Any],
            key: str = "value", unit: str = "") -> dict[str, Any]:
    """A :func:`group` of kind ``stepper``: ``value`` with − and + (each the ``edit`` with
    ``key`` set to ``value ∓ 1``; none past ``low`` or ``high``)."""
    minus = option(_("one less {unit}").format(unit=unit).strip(), {**edit, key: value - 1} if value > low else None)
    plus = option(_("one more {unit}").format(unit=unit).strip(), {**edit, key: value + 1} if value < high else None)
    return group(label, [minus, plus], kind="stepper", value=value)


def refusal(exc: Exception) -> str:
    """A parser's message on a pad's text (read with the source name :data:`SOURCE`)
    without its ``pad:LINE:COLUMN:`` or ``pad:`` prefixes: the pad wrote that text, its
    lines mean nothing to the person tapping."""
    return _LOCATION.sub("", str(exc)).strip()


def located(exc: Exception) -> str:
    """A parser's message on a text the user gave (an import), its ``pad:LINE:COLUMN:``
    prefixes written ``line LINE, column COLUMN:`` (a grid's ``pad: line ...`` as
    ``line ...``)."""
    text = re.sub(rf"^{SOURCE}:(\d+):(\d+): ", r"line \1, column \2: ", str(exc),
                  flags=re.MULTILINE)
    return re.sub(rf"^{SOURCE}: ", "", text, flags=re.MULTILINE).strip()


def field(edit: Mapping[str, Any], key: str, kind: type, what: str) -> Any:
    """``edit[key]`` checked to be of ``kind`` (an int is never a bool).

    Raises:
        NotationError: missing or of another type; names ``what`` is expected.
    """
    value = edit.get(key)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise NotationError(_("edit {get!r}: {key!r} must be {what}").format(get=edit.get('op'), key=key, what=what))
    return value


def number(edit: Mapping[str, Any], key: str, low: int, high: int) -> int:
    """``edit[key]``, an int from ``low`` to ``high``.

    Raises:
        NotationError: not an int in range (the message gives the range).
    """
    value: int = field(edit, key, int, _("a whole number from {low} to {high}").format(low=low, high=high))
    if not low <= value <= high:
        raise NotationError(_("{key} {value}: expected {low} to {high}").format(key=key, value=value, low=low, high=high))
    return value


def choice(edit: Mapping[str, Any], key: str, allowed: Sequence[str]) -> str:
    """``edit[key]``, one of ``allowed``.

    Raises:
        NotationError: anything else (the message lists ``allowed``).
    """
    value = edit.get(key)
    if not isinstance(value, str) or value not in allowed:
        shown = repr(value)[:40]
        raise NotationError(_("{key} {shown}: expected one of {allowed}").format(key=key, shown=shown, allowed=', '.join(allowed)))
    return value


def op_of(edit: Any, ops: Sequence[str]) -> str:
    """The ``op`` of an edit object.

    Raises:
        NotationError: not an object, or an unknown op (the message lists ``ops``).
    """
    if not isinstance(edit, Mapping):
        raise NotationError(_("an edit is an object {\"op\": ...}"))
    op = edit.get("op")
    if not isinstance(op, str) or op not in ops:
        raise NotationError(_("unknown edit {op!r}; this pad's edits: {ops}").format(op=str(op)[:40], ops=', '.join(ops)))
    return op


def player_name(edit: Mapping[str, Any], taken: Sequence[str] = ()) -> str:
    """The new name of a player (``edit["name"]``): printable, one line, no ``#``, 1 to
    :data:`MAX_NAME` characters after trimming, not another player's.

    Raises:
        NotationError: what the name breaks.
    """
    raw = edit.get("name")
    if not isinstance(raw, str):
        raise NotationError(_("a name is text"))
    name = " ".join(raw.split())
    if not name or len(name) > MAX_NAME:
        raise NotationError(_("a name has 1 to {max_name} characters").format(max_name=MAX_NAME))
    if "#" in name or not name.isprintable():
        raise NotationError(_("a name cannot hold '#' (the score text's comment sign) or "
                              "control characters"))
    if name.casefold() in {t.casefold() for t in taken}:
        raise NotationError(_("{name!r} is another player's name already").format(name=name))
    return name


def player_index(edit: Mapping[str, Any], players: int) -> int:
    """``edit["player"]``, an index below ``players``."""
    return number(edit, "player", 0, players - 1)


def ranks(keys: Sequence[Sequence[float]]) -> list[int]:
    """Standard competition ranks (1 = first; equal keys share a rank, the next rank
    skips) of the players' ranking keys, higher keys first."""
    return [1 + sum(1 for o in keys if tuple(o) > tuple(k)) for k in keys]


def score(players: Sequence[Mapping[str, Any]], rank: Sequence[int], result: str,
          key_names: Sequence[str], tie_break: str, source: str) -> dict[str, Any]:
    """The ``score`` part of a view: ``players`` (each :func:`player_score`), the ranking
    (``[{"rank", "player", "name", "total", "keys"}]`` best first, ``keys`` the tie-break
    values named by ``key_names``), the ``result`` sentence, and the rule that orders them
    (``tie_break`` with its ``source``)."""
    order = sorted(range(len(players)), key=lambda i: (rank[i], i))
    table = [{"rank": rank[i], "player": i, "name": players[i]["name"],
              "total": players[i]["total"], "keys": list(players[i].get("keys", ()))}
             for i in order]
    return {"players": [dict(p) for p in players], "ranking": table, "result": result,
            "key_names": list(key_names), "tie_break": {"text": tie_break, "source": source}}


def player_score(name: str, breakdown: Breakdown, section: Mapping[str, str],
                 keys: Sequence[float | str] = (), warnings: Sequence[str] = (),
                 note: str = "") -> dict[str, Any]:
    """One player's scoring for a view: every step of ``breakdown`` in the rulebook's order
    (``{"label", "detail", "points", "section"}``, the section from ``section[item.key]``),
    the ``total``, the tie-break values shown (``keys``, points first: numbers, or a word
    such as a home castle's colour), ``warnings`` and a ``note``."""
    steps = [{"label": i.label, "detail": i.detail, "points": i.points,
              "section": section.get(i.key, "")} for i in breakdown]
    return {"name": name, "total": breakdown.total, "steps": steps, "keys": list(keys),
            "warnings": list(warnings), "note": note}


__all__ = ["tap", "option", "group", "stepper", "refusal", "field", "number", "choice",
           "op_of", "player_name", "player_index", "ranks", "score", "player_score", "located",
           "MAX_NAME", "SOURCE"]
