"""Inheritors in plain words for the web table: a move's words (hints) and the move log
folded into turns.

Read from the notation a seat saw (``play purple 2``, ``discard Spy to row 1, draw 2``,
``quest purple``, ``use Spy``, ``ask P2 for purple 2``, ``end turn``...; chance ``card
purple 2``, ``reveal honor A Six``, ``first player P2``; :mod:`.notation`) or the redacted
line of a ply it did not see ("Bo drew a card"); nothing here reads a state, so a seat's
words say no more than its log.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Mapping, Sequence

from regalia.core import i18n
from regalia.core.i18n import _, ngettext
from regalia.core.svgkit import entry, runs

from . import labels

PLAY = re.compile(r"^play (.+)$")
USE = re.compile(r"^use (.+)$")
DRAW = re.compile(r"^discard (.+) to row (\d), draw 2$")  # i18n: no
TAKE_ROW = re.compile(r"^discard (.+) to row (\d), take row (\d)$")  # i18n: no
QUEST = re.compile(r"^quest (\w+)$")
DISCARD = re.compile(r"^discard (.+) to row (\d)$")  # i18n: no
ASK = re.compile(r"^ask P(\d) for (.+)$")
TAKE = re.compile(r"^take row (\d) card (\d)(?: \((.+)\))?$")  # i18n: no
SABOTAGE = re.compile(r"^sabotage P(\d) (\w+)$")
CLAIM = re.compile(r"^claim (.+)$")
HONOR = re.compile(r"^honor (.+)$")
FIRST = re.compile(r"^first player P(\d)$")  # i18n: no


def _seat(names: Sequence[str], k: str) -> str:
    i = int(k) - 1
    return names[i] if 0 <= i < len(names) else _("player {n}").format(n=k)


def _quest_cards(colour: str) -> str:
    if colour == "white":
        return _("3 Advocates")
    return _("3 {colour} cards").format(colour=labels.colour(colour))


def phrase(notation: str, past: bool, names: Sequence[str] = ()) -> str:
    """A move in words, done (``played purple 2``) or to do (``play purple 2``);
    ``names`` name the seats a move refers to (``ask P2 ...``)."""
    return _phrase(notation, past, tuple(names), i18n.language())


@lru_cache(maxsize=8192)
def _phrase(notation: str, past: bool, names: tuple[str, ...], lang: str) -> str:
    """:func:`phrase` in ``lang``, the language in force (remembered: every view tells the
    whole log again, and its marks name the moves)."""
    card = labels.card
    if m := PLAY.match(notation):
        return (_("played {card}") if past else _("play {card}")).format(card=card(m.group(1)))
    if m := USE.match(notation):
        return (_("used the {card}") if past else _("use the {card}")).format(
            card=card(m.group(1)))
    if m := DRAW.match(notation):
        return (_("discarded {card} to Market row {row} and drew 2 cards") if past else
                _("discard {card} to Market row {row} and draw 2 cards")).format(
            card=card(m.group(1)), row=m.group(2))
    if m := TAKE_ROW.match(notation):
        return (_("discarded {card} to Market row {row} and took Market row {taken}") if past
                else _("discard {card} to Market row {row} and take Market row {taken}")
                ).format(card=card(m.group(1)), row=m.group(2), taken=m.group(3))
    if m := QUEST.match(notation):
        return (_("went on a Quest with {cards}") if past else
                _("go on a Quest with {cards}")).format(cards=_quest_cards(m.group(1)))
    if m := DISCARD.match(notation):
        return (_("discarded {card} to Market row {row}") if past else
                _("discard {card} to Market row {row}")).format(card=card(m.group(1)),
                                                               row=m.group(2))
    if m := ASK.match(notation):
        return (_("asked {player} for {card}") if past else _("ask {player} for {card}")
                ).format(player=_seat(names, m.group(1)), card=card(m.group(2)))
    if m := TAKE.match(notation):
        what = card(m.group(3)) if m.group(3) else _("card {n}").format(n=m.group(2))
        return (_("took {card} from Market row {row}") if past else
                _("take {card} from Market row {row}")).format(card=what, row=m.group(1))
    if m := SABOTAGE.match(notation):
        return (_("sabotaged {player}'s {colour} stack") if past else
                _("sabotage {player}'s {colour} stack")).format(
            player=_seat(names, m.group(1)), colour=labels.colour(m.group(2)))
    if m := CLAIM.match(notation):
        return (_("claimed the {clan} Clan") if past else _("claim the {clan} Clan")).format(
            clan=card(m.group(1)))
    if m := HONOR.match(notation):
        return (_("took the Honor {honor}") if past else _("take the Honor {honor}")).format(
            honor=card(m.group(1)))
    if notation == "end turn":  # i18n: no
        return "" if past else _("end your turn")
    if notation == "pass":
        return _("passed") if past else _("pass")
    return notation


def describe(observation: Mapping[str, Any], notation: str) -> str:
    """A move of the seat to play in words (a hint)."""
    return phrase(notation, past=False)


@lru_cache(maxsize=8192)
def _chance(texts: tuple[str, ...], names: tuple[str, ...], lang: str) -> str:
    """A row of chance outcomes in words: the set-up's reveals, cards dealt into the
    Market or a hand (as the viewer saw them), the first player; in ``lang``, the
    language in force (remembered: every view tells the whole log again)."""
    out = []
    honors = [t[len("reveal honor "):] for t in texts if t.startswith("reveal honor ")]  # i18n: no
    clans = [t[len("reveal clan "):] for t in texts if t.startswith("reveal clan ")]  # i18n: no
    if honors:
        out.append(_("Honors: {names}").format(names=labels.cards(honors)))
    if clans:
        out.append(_("Clans: {names}").format(names=labels.cards(clans)))
    removed = [t[len("remove "):] for t in texts if t.startswith("remove ")]
    if removed:
        out.append(ngettext("the {colours} realm is removed from the game",
                            "the {colours} realms are removed from the game",
                            len(removed)).format(
            colours=labels.and_list([labels.colour(c) for c in removed])))
    cards = [t[len("card "):] for t in texts if t.startswith("card ")]
    hidden = [t for t in texts if not t.startswith(("card ", "reveal ", "remove ", "first ",
                                                     "draw quest "))]  # i18n: no
    quests = [t[len("draw quest "):] for t in texts if t.startswith("draw quest ")]  # i18n: no
    if cards:
        dealt = ngettext("{n} card dealt", "{n} cards dealt", len(cards)).format(n=len(cards))
        if len(cards) <= 6:
            dealt = _("{dealt}: {cards}").format(dealt=dealt, cards=labels.cards(cards))
        out.append(dealt)
    if quests:
        out.append(_("drew the Quest {names}").format(
            names=labels.and_list([labels.card(q) for q in quests])))
    for line in dict.fromkeys(hidden):
        n = hidden.count(line)
        if line.endswith(" drew a card"):     # a draw into another hand, unseen
            out.append(ngettext("{player} drew a card (unseen)",
                                "{player} drew {n} cards (unseen)", n).format(
                player=line[:-len(" drew a card")], n=n))
        else:
            out.append(line if n == 1 else _("{line} ({n} times)").format(line=line, n=n))
    for t in texts:
        if m := FIRST.match(t):
            out.append(_("{player} plays first").format(player=_seat(names, m.group(1))))
    return "; ".join(out)


@lru_cache(maxsize=8192)
def _said(texts: tuple[str, ...], names: tuple[str, ...], lang: str) -> tuple[str, ...]:
    """A seat's moves in a row in words (:func:`phrase`, done; the empty ones left out),
    in ``lang``, the language in force (remembered like :func:`_chance`)."""
    return tuple(w for w in (phrase(t, True, names) for t in texts) if w)


def narrate(observation: Mapping[str, Any], plies: Sequence[Mapping[str, Any]],
            names: Sequence[str]) -> list[dict[str, Any]]:
    """The log folded for a person: a seat's turn in one entry, with the cards it drew
    (named only where the viewer saw them) and the cards dealt into the Market after it;
    the set-up in one entry."""
    out: list[dict[str, Any]] = []
    parts: list[list[str]] = []
    turn_open = False
    known, lang = tuple(names), i18n.language()
    for first, last, seat in runs(plies):
        texts = tuple([str(p.get("text", "")) for p in plies[first:last + 1]])
        if seat is None:
            words = _chance(texts, known, lang)
            if out and out[-1]["seat"] is not None:
                out[-1]["last"] = last
                if words:
                    parts[-1].append(words)
            else:
                out.append(entry(first, last, None, ""))
                parts.append([words[:1].upper() + words[1:]])
            continue
        said = list(_said(texts, known, lang))
        if out and out[-1]["seat"] == seat and turn_open:
            out[-1]["last"] = last
            parts[-1] += said
        else:
            out.append(entry(first, last, seat, ""))
            parts.append(said or [_("ended the turn")])
        turn_open = texts[-1] != "end turn"  # i18n: no
    for e, said in zip(out, parts):
        e["text"] = "; ".join(w for w in said if w) if e["seat"] is not None else said[0]
    return out
