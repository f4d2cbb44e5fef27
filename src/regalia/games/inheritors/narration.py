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
from typing import Any, Mapping, Sequence

from regalia.core.svgkit import and_join, entry, runs

PLAY = re.compile(r"^play (.+)$")
USE = re.compile(r"^use (.+)$")
DRAW = re.compile(r"^discard (.+) to row (\d), draw 2$")
TAKE_ROW = re.compile(r"^discard (.+) to row (\d), take row (\d)$")
QUEST = re.compile(r"^quest (\w+)$")
DISCARD = re.compile(r"^discard (.+) to row (\d)$")
ASK = re.compile(r"^ask P(\d) for (.+)$")
TAKE = re.compile(r"^take row (\d) card (\d)(?: \((.+)\))?$")
SABOTAGE = re.compile(r"^sabotage P(\d) (\w+)$")
CLAIM = re.compile(r"^claim (.+)$")
HONOR = re.compile(r"^honor (.+)$")
FIRST = re.compile(r"^first player P(\d)$")


def _seat(names: Sequence[str], k: str) -> str:
    i = int(k) - 1
    return names[i] if 0 <= i < len(names) else f"player {k}"


def phrase(notation: str, past: bool, names: Sequence[str] = ()) -> str:
    """A move in words, done (``played purple 2``) or to do (``play purple 2``);
    ``names`` name the seats a move refers to (``ask P2 ...``)."""
    def v(now: str, then: str) -> str:
        return then if past else now

    if m := PLAY.match(notation):
        return f"{v('play', 'played')} {m.group(1)}"
    if m := USE.match(notation):
        return f"{v('use', 'used')} the {m.group(1)}"
    if m := DRAW.match(notation):
        return (f"{v('discard', 'discarded')} {m.group(1)} to Market row {m.group(2)} and "
                f"{v('draw', 'drew')} 2 cards")
    if m := TAKE_ROW.match(notation):
        return (f"{v('discard', 'discarded')} {m.group(1)} to Market row {m.group(2)} and "
                f"{v('take', 'took')} Market row {m.group(3)}")
    if m := QUEST.match(notation):
        return (f"{v('go', 'went')} on a Quest with 3 "
                f"{'Advocates' if m.group(1) == 'white' else m.group(1) + ' cards'}")
    if m := DISCARD.match(notation):
        return f"{v('discard', 'discarded')} {m.group(1)} to Market row {m.group(2)}"
    if m := ASK.match(notation):
        return f"{v('ask', 'asked')} {_seat(names, m.group(1))} for {m.group(2)}"
    if m := TAKE.match(notation):
        what = m.group(3) or f"card {m.group(2)}"
        return f"{v('take', 'took')} {what} from Market row {m.group(1)}"
    if m := SABOTAGE.match(notation):
        return (f"{v('sabotage', 'sabotaged')} {_seat(names, m.group(1))}'s "
                f"{m.group(2)} stack")
    if m := CLAIM.match(notation):
        return f"{v('claim', 'claimed')} the {m.group(1)} Clan"
    if m := HONOR.match(notation):
        return f"{v('take', 'took')} the Honor {m.group(1)}"
    if notation == "end turn":
        return "" if past else "end your turn"
    if notation == "pass":
        return v("pass", "passed")
    return notation


def describe(observation: Mapping[str, Any], notation: str) -> str:
    """A move of the seat to play in words (a hint)."""
    return phrase(notation, past=False)


def _chance(texts: Sequence[str], names: Sequence[str]) -> str:
    """A row of chance outcomes in words: the set-up's reveals, cards dealt into the
    Market or a hand (as the viewer saw them), the first player."""
    out = []
    honors = [t[len("reveal honor "):] for t in texts if t.startswith("reveal honor ")]
    clans = [t[len("reveal clan "):] for t in texts if t.startswith("reveal clan ")]
    if honors:
        out.append("Honors: " + ", ".join(honors))
    if clans:
        out.append("Clans: " + ", ".join(clans))
    removed = [t[len("remove "):] for t in texts if t.startswith("remove ")]
    if removed:
        out.append("the " + and_join(removed) + " realm is removed from the game")
    cards = [t[len("card "):] for t in texts if t.startswith("card ")]
    hidden = [t for t in texts if not t.startswith(("card ", "reveal ", "remove ", "first ",
                                                     "draw quest "))]
    quests = [t[len("draw quest "):] for t in texts if t.startswith("draw quest ")]
    if cards:
        out.append(f"{len(cards)} card{'s' if len(cards) > 1 else ''} dealt" + (
            ": " + ", ".join(cards) if len(cards) <= 6 else ""))
    if quests:
        out.append("drew the Quest " + and_join(quests))
    for line in dict.fromkeys(hidden):
        n = hidden.count(line)
        if line.endswith(" drew a card"):     # a draw into another hand, unseen
            out.append(f"{line[:-len(' a card')]} {n if n > 1 else 'a'} card{'s' if n > 1 else ''}"
                       " (unseen)")
        else:
            out.append(line + (f" ({n} times)" if n > 1 else ""))
    for t in texts:
        if m := FIRST.match(t):
            out.append(f"{_seat(names, m.group(1))} plays first")
    return "; ".join(out)


def narrate(observation: Mapping[str, Any], plies: Sequence[Mapping[str, Any]],
            names: Sequence[str]) -> list[dict[str, Any]]:
    """The log folded for a person: a seat's turn in one entry, with the cards it drew
    (named only where the viewer saw them) and the cards dealt into the Market after it;
    the set-up in one entry."""
    out: list[dict[str, Any]] = []
    parts: list[list[str]] = []
    turn_open = False
    for first, last, seat in runs(plies):
        texts = [str(p.get("text", "")) for p in plies[first:last + 1]]
        if seat is None:
            words = _chance(texts, names)
            if out and out[-1]["seat"] is not None:
                out[-1]["last"] = last
                if words:
                    parts[-1].append(words)
            else:
                out.append(entry(first, last, None, ""))
                parts.append([words[:1].upper() + words[1:]])
            continue
        said = [w for w in (phrase(t, True, names) for t in texts) if w]
        if out and out[-1]["seat"] == seat and turn_open:
            out[-1]["last"] = last
            parts[-1] += said
        else:
            out.append(entry(first, last, seat, ""))
            parts.append(said or ["ended the turn"])
        turn_open = texts[-1] != "end turn"
    for e, said in zip(out, parts):
        e["text"] = "; ".join(w for w in said if w) if e["seat"] is not None else said[0]
    return out
