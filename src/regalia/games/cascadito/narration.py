"""Cascadito in plain words for the web table: a move's words (hints), the move log folded
into turns and rounds, the end of a solo game.

Read from the notation a seat saw (``pink c5``, ``pink river``, ``pink pass``,
``track blue``, ``mark c5``, ``river``, ``claim top 2``, ``decline``; chance
``roll BBYOP``; :mod:`.notation`); nothing here reads a state.
"""

from __future__ import annotations

import re
from typing import Any, Mapping, Sequence

from regalia.core.svgkit import and_join, entry, runs

from .components import TOWN_COLOURS

_COLOUR = "|".join(TOWN_COLOURS)
DIE = re.compile(rf"^({_COLOUR}) (pass|river(?: \w+)?|[a-z]\d{{1,2}})$")
MARK = re.compile(r"^mark ([a-z]\d{1,2})$")
RIVER = re.compile(r"^river(?: (\w+))?$")
TRACK = re.compile(rf"^track ({_COLOUR})$")
CLAIM = re.compile(r"^claim (top|bottom) (\d+)$")
ROLL = re.compile(r"^roll ([A-Z]+|-)$")
_LETTER = {c[0].upper(): c for c in TOWN_COLOURS}


def _solo(observation: Mapping[str, Any]) -> bool:
    return (observation.get("params") or {}).get("players") == 1


def _river(name: str | None) -> str:
    return f"the {name} river" if name else "the river"


def phrase(notation: str, past: bool) -> str:
    """A move in words, done (``marked c5 with the pink die``) or to do (``mark c5 with
    the pink die``)."""
    mark = "marked" if past else "mark"
    if m := DIE.match(notation):
        colour, what = m.group(1), m.group(2)
        if what == "pass":
            return (f"{'took' if past else 'take'} the {colour} die and "
                    f"{'passed' if past else 'pass'}")
        if what.startswith("river"):
            return f"{mark} the next space of {_river(what[6:] or None)} with the {colour} die"
        return f"{mark} {what} with the {colour} die"
    if m := MARK.match(notation):
        return f"{mark} {m.group(1)} (an action)"
    if m := RIVER.match(notation):
        return f"{mark} the next space of {_river(m.group(1))} (an action)"
    if m := TRACK.match(notation):
        return f"{'advanced' if past else 'advance'} the {m.group(1)} success track"
    if m := CLAIM.match(notation):
        return (f"{'claimed' if past else 'claim'} achievement {m.group(2)} of the "
                f"{m.group(1)} row")
    if notation == "decline":
        return "declined to claim" if past else "decline to claim"
    return notation


def describe(observation: Mapping[str, Any], notation: str) -> str:
    """A move of the seat to play in words (a hint)."""
    return phrase(notation, past=False)


def dice_words(pool: str) -> str:
    """``BBYP`` -> ``blue, blue, yellow and pink``."""
    return and_join([_LETTER.get(ch, ch) for ch in pool if ch != "-"]) or "no die"


def narrate(observation: Mapping[str, Any], plies: Sequence[Mapping[str, Any]],
            names: Sequence[str]) -> list[dict[str, Any]]:
    """The log folded for a person: a roll opens a round ("Round 4: rolled blue, yellow
    and orange"; solo: "Round 4 of 12"), a seat's turn (its die, the actions it brought,
    its claims) is one entry."""
    boxes = None
    if _solo(observation):
        from .svg import game_of         # the sheet's number of dice boxes

        boxes = game_of(observation).tables.solo_boxes
    out: list[dict[str, Any]] = []
    rounds = 0
    for first, last, seat in runs(plies):
        texts = [str(p.get("text", "")) for p in plies[first:last + 1]]
        if seat is None:
            rolls = [m.group(1) for t in texts if (m := ROLL.match(t))]
            if rolls:
                rounds += 1
                label = f"Round {rounds}" + (f" of {boxes}" if boxes else "")
                again = " (rolled again: too few dice)" if len(rolls) > 1 else ""
                out.append(entry(first, last, None,
                                 f"{label}: rolled {dice_words(rolls[-1])}{again}"))
            else:
                out.append(entry(first, last, None, "; ".join(texts)))
            continue
        out.append(entry(first, last, seat, and_join([phrase(t, True) for t in texts])))
    return out


def outcome(observation: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any] | None:
    """The end of a solo game in words (None with several players): the score, and the
    rulebook's only measure of it ("How many points can you achieve?", Solo Play): no
    rating table, so the page says so."""
    if not _solo(observation):
        return None
    score = int((observation.get("scores") or [0])[0])
    return {"banner": f"Your score: {score} point{'s' if score != 1 else ''}",
            "notes": ["The solo rules keep no rating: they ask \"How many points can you "
                      "achieve?\" Play again to beat it."]}
