"""Two Heirs in plain words for the web table: a move's words (hints), the move log folded
into turns, the end of a solo game against Heinrich.

Read from the notation a seat saw (``take 3``, ``build Inn (travel-1) @ 1,-1``,
``move 0,0->1,1``, ``deploy 1,1``, ``end``...; chance ``toss white``, ``top green``,
``draw travel-3``, ``treasure treasure-2``; :mod:`.actions`) and the observation's public
facts; nothing here reads a state.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Mapping, Sequence

from regalia.core import i18n
from regalia.core.i18n import _, ngettext
from regalia.core.svgkit import and_join, entry, runs

from .components import TYPE_NAMES, load_tiles, type_name
from .recent import Recent

AT = re.compile(r"^(build|expand|flip) (.+) @ (-?\d+),(-?\d+)$")
MOVE = re.compile(r"^move (-?\d+),(-?\d+)->(-?\d+),(-?\d+)$")
ONE = re.compile(r"^(deploy|withdraw|destroy) (-?\d+),(-?\d+)$")
TAKE = re.compile(r"^take (\d+)$")
_NAME = re.compile(r"^(.+?) \(([a-z0-9-]+)\)$")
_TYPE_OF_NAME = {name: typ for typ, name in TYPE_NAMES.items()}


def _tile(label: str) -> str:
    """``Inn (travel-1)`` -> ``Inn`` (German ``Taverne``): the name in the language in
    force."""
    m = _NAME.match(label)
    name = m.group(1) if m else label
    return type_name(_TYPE_OF_NAME[name]) if name in _TYPE_OF_NAME else name


def _tile_name(data: str | None, tile_id: str) -> str:
    """A tile's name (``Inn``) from its id (``travel-1``) in the game's tile ``data``."""
    try:
        return type_name(load_tiles(data).by_id(tile_id).type)
    except (KeyError, ValueError):
        return _("a tile")


def _with_article(name: str) -> str:
    """``an Inn``; German has no article here (the building's gender varies): ``Taverne``."""
    return _("a {building}").format(building=name) if name[:1].lower() not in "aeiou" \
        else _("an {building}").format(building=name)


def phrase(notation: str, past: bool) -> str:
    """A move in words, past (``built an Inn at 1,-1``) or to do (``build the Inn at
    1,-1``); None-like empty text for ``end`` in the past (the turn's end goes without
    saying). German: participles and infinitives (``Taverne auf 1,-1 gebaut``)."""
    return _phrase(notation, past, i18n.language())


@lru_cache(maxsize=4096)
def _phrase(notation: str, past: bool, language: str) -> str:
    """:func:`phrase` in ``language`` (the language in force), remembered: the log is
    told again on every view."""
    if m := TAKE.match(notation):
        return (_("took the tile on space {n} of the royal reserve") if past else
                _("take the tile on space {n} of the royal reserve")).format(n=m.group(1))
    if m := AT.match(notation):
        verb, name, where = m.group(1), _tile(m.group(2)), f"{m.group(3)},{m.group(4)}"
        if verb == "build":
            if past:
                return _("built {a_building} at {where}").format(
                    a_building=_with_article(name), where=where)
            return _("build the {building} at {where}").format(building=name, where=where)
        if verb == "expand":
            if past:
                return _("laid {a_building} face down as open terrain at {where}").format(
                    a_building=_with_article(name), where=where)
            return _("lay the {building} face down as open terrain at {where}").format(
                building=name, where=where)
        return (_("flipped the Encampment at {where} for one more take") if past else
                _("flip the Encampment at {where} for one more take")).format(where=where)
    if m := MOVE.match(notation):
        fields = {"origin": f"{m.group(1)},{m.group(2)}", "where": f"{m.group(3)},{m.group(4)}"}
        return (_("moved a troop from {origin} to {where}") if past else
                _("move a troop from {origin} to {where}")).format(**fields)
    if m := ONE.match(notation):
        where = f"{m.group(2)},{m.group(3)}"
        said = {"deploy": (_("deployed a troop from the royal reserve to {where}"),
                           _("deploy a troop from the royal reserve to {where}")),
                "withdraw": (_("withdrew the troop on {where} to the royal reserve"),
                             _("withdraw the troop on {where} to the royal reserve")),
                "destroy": (_("destroyed the building at {where} with the Siege Towers"),
                            _("destroy the building at {where} with the Siege Towers"))}
        return said[m.group(1)][0 if past else 1].format(where=where)
    if notation == "spare":
        return _("spared the besieged building") if past else _("spare the besieged building")
    if notation.startswith("discard "):
        name = _tile(notation[len("discard "):])
        if past:
            return _("returned {a_building} to the box (hand limit)").format(
                a_building=_with_article(name))
        return _("return the {building} to the box (hand limit)").format(building=name)
    if notation == "end":
        return "" if past else _("end your turn")
    return notation


@lru_cache(maxsize=4096)
def _joined(said: tuple[str, ...], language: str) -> str:
    """A turn's phrases joined (:func:`regalia.core.svgkit.and_join`) in ``language`` (the
    language in force), remembered: the same turns are told on every view."""
    return and_join(said)


def describe(observation: Mapping[str, Any], notation: str) -> str:
    """A move of the seat to play in words (a hint)."""
    return phrase(notation, past=False)


def seat_colour_name(colour: str) -> str:
    """``white`` -> ``White`` (German ``Weiß``), ``blue`` -> ``Blue`` (``Blau``): a player's
    colour as the rulebook names it."""
    return {"white": _("White"), "blue": _("Blue")}.get(colour, colour.capitalize())


@lru_cache(maxsize=4096)
def _chance(data: str | None, texts: tuple[str, ...], names: tuple[str, ...],
            language: str) -> str:
    """A row of chance outcomes in words: the toss, tiles drawn into the royal reserve
    (named from the game's tile ``data``), Heinrich's treasures; in ``language`` (the
    language in force), remembered: the log is told again on every view."""
    out = []
    for t in texts:
        if t.startswith("toss "):
            seat = 0 if t.endswith("white") else 1
            who = names[seat] if seat < len(names) else seat_colour_name(t[5:])
            out.append(_("{player} starts (the toss)").format(player=who))
    drawn = [_tile_name(data, t[5:]) for t in texts if t.startswith("draw ")]
    hidden = sum(1 for t in texts if "face-down" in t or "face down" in t)  # i18n: no
    if drawn:
        tiles = ", ".join(drawn)
        out.append(_("the royal reserve was refilled: {tiles}").format(tiles=tiles)
                   if len(drawn) < 4 else
                   _("{n} tiles were drawn: {tiles}").format(n=len(drawn), tiles=tiles))
    if hidden:
        out.append(ngettext("{n} tile was drawn face down", "{n} tiles were drawn face down",
                            hidden).format(n=hidden))
    treasures = sum(1 for t in texts if t.startswith("treasure "))
    if treasures:
        out.append(ngettext("Heinrich's treasure was placed", "Heinrich's treasures were placed",
                            treasures))
    return "; ".join(out)


def narrate(observation: Mapping[str, Any], plies: Sequence[Mapping[str, Any]],
            names: Sequence[str]) -> list[dict[str, Any]]:
    """The log folded for a person: a seat's turn in one entry (the reserve refilled after
    its take told with it), the set-up's draws and the toss in one, Heinrich's turns in a
    solo game (the last one in his own words, from the observation). Reads each ply's
    ``seat`` and ``text``.

    Every view tells the log again, one ply longer each time: the fold goes on from the
    fold of the log up to its last run of plies (:data:`_FOLDS`)."""
    language = i18n.language()
    data = (observation.get("params") or {}).get("data")
    data = str(data) if data else None
    fold = _folded(plies, tuple(names), data, language)
    out = [entry(first, last, seat, "") for first, last, seat in fold.entries]
    for e, said in zip(out, fold.parts):
        e["text"] = _joined(tuple(said), language) if e["seat"] is not None else "; ".join(said)
    solo = (observation.get("params") or {}).get("players") == 1
    if solo:
        took = _("Heinrich took his turn")
        for k, e in enumerate(out):    # a chance row after your turn's end: Heinrich's turn
            if e["seat"] is None and k and out[k - 1]["seat"] == 0:
                e["text"] = took + (f"; {e['text'][:1].lower()}{e['text'][1:]}"
                                    if e["text"] else "")
        if out and out[-1]["seat"] is None and observation.get("heinrich"):
            his = heinrich_words(str(observation["heinrich"]))
            out[-1]["text"] = out[-1]["text"].replace(took, his, 1)
    return out


class _Fold:
    """:func:`narrate`'s fold of the runs of plies told so far (a run: consecutive plies of
    one seat, or of chance): each entry's ``[first ply, last ply, seat]``, its phrases, and
    whether the last seat entry's turn is still open."""

    __slots__ = ("entries", "parts", "turn_open")

    def __init__(self, kept: "_Kept" = ((), (), False)) -> None:
        entries, parts, self.turn_open = kept
        self.entries: list[list[Any]] = [list(e) for e in entries]
        self.parts: list[list[str]] = [list(p) for p in parts]

    def kept(self) -> "_Kept":
        """The fold as tuples (kept in :data:`_FOLDS`); ``_Fold(kept)`` goes on from it."""
        return (tuple(tuple(e) for e in self.entries), tuple(tuple(p) for p in self.parts),
                self.turn_open)

    def tell(self, first: int, seat: Any, texts: tuple[str, ...], names: tuple[str, ...],
             data: str | None, language: str) -> None:
        """Fold the run of plies ``first``... (their ``texts``) made by ``seat`` (None:
        chance)."""
        out, parts = self.entries, self.parts
        last = first + len(texts) - 1
        if seat is None:
            words = _chance(data, texts, names, language)
            if self.turn_open and out:
                out[-1][1] = last
                if words and parts[-1]:
                    parts[-1][-1] += f" ({words})"
            else:
                out.append([first, last, None])
                parts.append([words[:1].upper() + words[1:]])
            return
        said = [w for w in (_phrase(t, True, language) for t in texts) if w]
        if out and out[-1][2] == seat and self.turn_open:
            out[-1][1] = last
            parts[-1] += said
        else:
            out.append([first, last, seat])
            parts.append(said or [_("ended the turn")])
        self.turn_open = texts[-1] != "end"


_Kept = tuple[tuple[tuple[Any, ...], ...], tuple[tuple[str, ...], ...], bool]
#: folds of logs up to the start of their last run, by (data, language, names, seats,
#: texts) of those plies
_FOLDS: Recent[_Kept] = Recent(512)


def _folded(plies: Sequence[Mapping[str, Any]], names: tuple[str, ...], data: str | None,
            language: str) -> _Fold:
    """The fold of the whole log, going on from a kept fold of the log up to the start of
    its last (or second last) run, and keeping the fold up to the start of its last run.
    Seats other than numbers and None (which a key could not tell apart: True from 1) are
    folded afresh."""
    seats = tuple([p.get("seat") for p in plies])
    texts = tuple([str(p.get("text", "")) for p in plies])
    exact = set(map(type, seats)) <= {int, type(None)}
    starts = _last_runs(seats) if exact else []
    fold, cut = _Fold(), 0
    for start in starts:
        kept = _FOLDS.find((data, language, names, seats[:start], texts[:start]))
        if kept is not None:
            fold, cut = _Fold(kept), start
            break
    for first, last, seat in runs(plies[cut:]):
        first, last = first + cut, last + cut
        if starts and first == starts[0] and first > cut:
            _FOLDS.keep((data, language, names, seats[:first], texts[:first]), fold.kept())
        fold.tell(first, seat, texts[first:last + 1], names, data, language)
    return fold


def _last_runs(seats: tuple[Any, ...]) -> list[int]:
    """The first plies of the last two runs of ``seats`` after the first ply (latest
    first)."""
    out: list[int] = []
    i = len(seats)
    while i > 1 and len(out) < 2:
        seat = seats[i - 1]
        i -= 1
        while i > 0 and seats[i - 1] == seat:
            i -= 1
        if i > 0:
            out.append(i)
    return out


_H_BUILD = re.compile(r"^Heinrich builds (.+?) \(([a-z0-9-]+)\) at (-?\d+),(-?\d+) "
                      r"\(option ([A-D])\)$")  # i18n: no
_H_GONE = re.compile(r"^Heinrich takes (.+?) \(([a-z0-9-]+)\): no space, it leaves the game "
                     r"\(option D\)$")  # i18n: no
_H_NONE = "Heinrich finds no building in the reserve"  # i18n: no (the record)


def heinrich_words(sentence: str, past: bool = True) -> str:
    """Heinrich's turn as the engine records it (``Heinrich builds Inn (travel-2) at 1,-1
    (option A)``; the record stays English), in the language in force: in the past and
    without ids (``Heinrich built an Inn at 1,-1``), or in the present with the option
    (``past=False``: ``Heinrich builds an Inn at 1,-1 (option A)``). An unknown sentence
    is given back as it is."""
    if m := _H_BUILD.match(sentence):
        fields = {"a_building": _with_article(_tile(m.group(1))),
                  "where": f"{m.group(3)},{m.group(4)}", "option": m.group(5)}
        return (_("Heinrich built {a_building} at {where}") if past else
                _("Heinrich builds {a_building} at {where} (option {option})")).format(**fields)
    if m := _H_GONE.match(sentence):
        return (_("Heinrich took {building}: no space, it left the game (option D)") if past
                else _("Heinrich takes {building}: no space, it leaves the game (option D)")
                ).format(building=_tile(m.group(1)))
    if sentence == _H_NONE:
        return (_("Heinrich found no building in the reserve") if past else
                _("Heinrich finds no building in the reserve"))
    return sentence


def outcome(observation: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any] | None:
    """The end of a solo game in words (None for two players: the table's own words do):
    ``You beat Heinrich by 8 (58 to 50)`` or ``Heinrich wins by 5 (50 to 45)`` (a tie
    goes to Heinrich, as the drawing's header says)."""
    if not (observation.get("params") or {}).get("players") == 1:
        return None
    you = int(float((observation.get("scores") or [0])[0]))
    him = int(observation.get("heinrich_score") or 0)
    if you > him:
        banner = _("You beat Heinrich by {margin} ({you} to {him})").format(
            margin=you - him, you=you, him=him)
    elif you == him:
        banner = _("Heinrich wins the tie at {n} points").format(n=you)
    else:
        banner = _("Heinrich wins by {margin} ({him} to {you})").format(
            margin=him - you, him=him, you=you)
    level = int((observation.get("params") or {}).get("level", 2))
    return {"banner": banner, "notes": [_("Heinrich's level: {level} of 3").format(level=level)]}
