"""Cascadito in plain words for the web table: a move's words (hints), the move log folded
into turns and rounds, the end of a solo game.

Read from the notation a seat saw (``pink c5``, ``pink river``, ``pink pass``,
``track blue``, ``mark c5``, ``river``, ``claim top 2``, ``decline``; chance
``roll BBYOP``; :mod:`.notation`); nothing here reads a state.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Mapping, Sequence

from regalia.core.i18n import _, language, ngettext
from regalia.core.svgkit import entry, runs

from .components import TOWN_COLOURS
from .wording import colour, colour_stem, join, river_word

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
    if name:
        return _("the {name} river").format(name=river_word(name))
    return _("the river")


def phrase(notation: str, past: bool) -> str:
    """A move in words, done (``marked c5 with the pink die``) or to do (``mark c5 with
    the pink die``)."""
    return _phrase(notation, past, language())


@lru_cache(maxsize=4096)   # a sheet's few hundred moves, per language
def _phrase(notation: str, past: bool, lang: str) -> str:
    """:func:`phrase` in ``lang`` (the language in force)."""
    if m := DIE.match(notation):
        colour, what = colour_stem(m.group(1)), m.group(2)
        if what == "pass":
            return (_("took the {colour} die and passed") if past else
                    _("take the {colour} die and pass")).format(colour=colour)
        if what.startswith("river"):
            river = _river(what[6:] or None)
            return (_("marked the next space of {river} with the {colour} die") if past else
                    _("mark the next space of {river} with the {colour} die")).format(
                river=river, colour=colour)
        return (_("marked {field} with the {colour} die") if past else
                _("mark {field} with the {colour} die")).format(field=what, colour=colour)
    if m := MARK.match(notation):
        return (_("marked {field} (an action)") if past else
                _("mark {field} (an action)")).format(field=m.group(1))
    if m := RIVER.match(notation):
        river = _river(m.group(1))
        return (_("marked the next space of {river} (an action)") if past else
                _("mark the next space of {river} (an action)")).format(river=river)
    if m := TRACK.match(notation):
        return (_("advanced the {colour} success track") if past else
                _("advance the {colour} success track")).format(colour=colour_stem(m.group(1)))
    if m := CLAIM.match(notation):
        k = m.group(2)
        if m.group(1) == "top":
            return (_("claimed achievement {k} of the top row") if past else
                    _("claim achievement {k} of the top row")).format(k=k)
        return (_("claimed achievement {k} of the bottom row") if past else
                _("claim achievement {k} of the bottom row")).format(k=k)
    if notation == "decline":
        return _("declined to claim") if past else _("decline to claim")
    return notation


def describe(observation: Mapping[str, Any], notation: str) -> str:
    """A move of the seat to play in words (a hint)."""
    return phrase(notation, past=False)


def dice_words(pool: str) -> str:
    """``BBYP`` -> ``blue, blue, yellow and pink``."""
    return _dice_words(pool, language())


@lru_cache(maxsize=1024)
def _dice_words(pool: str, lang: str) -> str:
    """:func:`dice_words` in ``lang`` (the language in force)."""
    return join([colour(_LETTER.get(ch, ch)) for ch in pool if ch != "-"]) or _("no die")


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
    lang = language()
    for first, last, seat in runs(plies):
        texts = tuple(str(p.get("text", "")) for p in plies[first:last + 1])
        if seat is None:
            rolls = [m.group(1) for t in texts if (m := ROLL.match(t))]
            if rolls:
                rounds += 1
                dice = _dice_words(rolls[-1], lang)
                if boxes:
                    line = _("Round {n} of {total}: rolled {dice}").format(
                        n=rounds, total=boxes, dice=dice)
                else:
                    line = _("Round {n}: rolled {dice}").format(n=rounds, dice=dice)
                if len(rolls) > 1:
                    line += _(" (rolled again: too few dice)")
                out.append(entry(first, last, None, line))
            else:
                out.append(entry(first, last, None, "; ".join(texts)))
            continue
        out.append(entry(first, last, seat, _turn_words(texts, lang)))
    return out


@lru_cache(maxsize=4096)
def _turn_words(texts: tuple[str, ...], lang: str) -> str:
    """A seat's turn (the notations of its moves in a row) in words, in ``lang`` (the
    language in force)."""
    return join([phrase(t, True) for t in texts])


def outcome(observation: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any] | None:
    """The end of a solo game in words (None with several players): the score, and the
    rulebook's only measure of it ("How many points can you achieve?", Solo Play): no
    rating table, so the page says so."""
    if not _solo(observation):
        return None
    score = int((observation.get("scores") or [0])[0])
    return {"banner": ngettext("Your score: {n} point", "Your score: {n} points",
                               score).format(n=score),
            "notes": [_("The solo rules keep no rating: they ask \"How many points can you "
                        "achieve?\" Play again to beat it.")]}
