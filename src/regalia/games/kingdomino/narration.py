"""Kingdomino in plain words for the web table: a move's words (hints), the move log folded
into turns and rounds, and the words of the dominoes and squares the drawing shows.

Everything is read from the notation a seat saw (``pick 23``, ``d5-e5``, ``discard``,
``draw 7``, ``king 2``; :mod:`.notation`) and the dominoes' printed faces (the component
data); nothing here reads a state.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from functools import lru_cache
from typing import Any, Mapping, Sequence

from regalia.core.i18n import _, language, ngettext
from regalia.core.svgkit import and_join, entry, runs

from .components import load_dominoes, terrain_word

#: Terrain letter -> its English name: a key (CSS classes, breakdown facts), never shown
#: as such; :func:`terrain_word` gives the name in the language in force.
TERRAIN_NAMES = {"W": "wheat", "F": "forest", "L": "lake", "G": "grassland", "S": "swamp",
                 "M": "mine"}
PLACE = re.compile(r"^([a-z]\d{1,2})-([a-z]\d{1,2})$")
NUMBERED = re.compile(r"^(pick|draw|king) (\d{1,2})$")


def token_text(token: str) -> str:
    """Words of a kingdom token: ``forest, 2 crowns``, ``castle``, ``empty``."""
    return _token_words(token, language())


@lru_cache(maxsize=256)
def _token_words(token: str, lang: str) -> str:
    """:func:`token_text` in ``lang`` (the language in force when called: the cache keys
    on it)."""
    if token == ".":
        return _("empty")
    if token == "C":
        return _("castle (wild: any terrain may touch it)")
    k = token.count("*")
    terrain = terrain_word(token[0])
    if not k:
        return terrain
    return ngettext("{terrain}, {n} crown", "{terrain}, {n} crowns", k).format(
        terrain=terrain, n=k)


def _faces(code: str) -> str:
    """``wheat / forest, 1 crown``: the two halves of a domino's code in words."""
    first, _sep, second = code.partition("/")
    return _("{first} / {second}").format(first=token_text(first), second=token_text(second))


def domino_text(n: int, code: str) -> str:
    """``Domino 23: wheat / forest, 1 crown``."""
    return _("Domino {number}: {faces}").format(number=n, faces=_faces(code))


@lru_cache(maxsize=8)
def _codes(data: str | None) -> dict[int, str]:
    return {d.number: d.code() for d in load_dominoes(data).dominoes}


def _data(observation: Mapping[str, Any]) -> str | None:
    """The game's dominoes file (None: the bundled set)."""
    data = (observation.get("params") or {}).get("data")
    return str(data) if data else None


def code_of(observation: Mapping[str, Any], n: int) -> str | None:
    """The printed faces of domino ``n`` (``W/F*``) in the game's dominoes file."""
    return _codes(_data(observation)).get(n)


def _domino(observation: Mapping[str, Any], n: int) -> str:
    words = _domino_words if type(n) is int else _domino_words.__wrapped__
    return words(_data(observation), n, language())


@lru_cache(maxsize=1024)
def _domino_words(data: str | None, n: int, lang: str) -> str:
    """``domino 23 (wheat / forest, 1 crown)`` of the dominoes file ``data``, in ``lang``
    (the language in force when called: the cache keys on it)."""
    code = _codes(data).get(n)
    if not code:
        return _("domino {number}").format(number=n)
    return _("domino {number} ({faces})").format(number=n, faces=_faces(code))


def describe(observation: Mapping[str, Any], notation: str) -> str:
    """A move of the seat to play in words (a hint): ``pick domino 42 (lake / forest, 1
    crown)``, ``place domino 11 on e4 and f4``, ``discard domino 12 (it fits nowhere)``."""
    m = NUMBERED.match(notation)
    if m and m.group(1) == "pick":
        return _("pick {domino}").format(domino=_domino(observation, int(m.group(2))))
    n = observation.get("domino")
    # Translators: {domino} is "domino 11 (wheat / lake)" or "your domino", as an object
    what = _domino(observation, n) if isinstance(n, int) else _("your domino")
    m2 = PLACE.match(notation)
    if m2:
        return _("place {domino} on {first} and {second}").format(
            domino=what, first=m2.group(1), second=m2.group(2))
    if notation == "discard":
        return _("discard {domino} (it fits nowhere)").format(domino=what)
    return notation


def narrate(observation: Mapping[str, Any], plies: Sequence[Mapping[str, Any]],
            names: Sequence[str]) -> list[dict[str, Any]]:
    """The log folded for a person: a seat's turn (its placement and pick) in one entry,
    "Round 4: new line 13, 19, 22, 39" for a round's draws; the kings drawn to pick first
    are told with the first line. A placement names its domino: each seat places the
    dominoes it picked the round before, lowest number first (quick reference, 'Turn
    order'). Reads each ply's ``seat`` and ``text`` and the observation's dominoes file.

    Every seat of a table folds the same log, one ply longer each time: the fold is cached
    by the plies (:func:`_story`), and a longer log goes on from the fold of the log up to
    its last run of plies."""
    seats = tuple([p.get("seat") for p in plies])
    texts = tuple([str(p.get("text", "")) for p in plies])
    data, lang = _data(observation), language()
    if set(map(type, seats)) <= _SEAT_TYPES:
        entries: Sequence[tuple[int, int, Any, str]] = _story(data, seats, texts, lang)[0]
    else:   # seats the cache could not tell apart (True from 1): folded afresh
        entries = _fold(data, lang, seats, texts).entries
    return [entry(*e) for e in entries]


#: The types of a ply's seat that :func:`narrate`'s cache tells apart exactly.
_SEAT_TYPES = {int, type(None)}


#: :class:`_Story` kept: ``(entries, picked, to_place, rounds)``, the dicts as
#: ``((seat, dominoes), ...)``.
_Kept = tuple[tuple[tuple[int, int, Any, str], ...], tuple[tuple[Any, tuple[int, ...]], ...],
              tuple[tuple[Any, tuple[int, ...]], ...], int]


class _Story:
    """:func:`narrate`'s fold after some runs of plies (a run: consecutive plies of one
    seat, or of chance): the entries so far as ``(first ply, last ply, seat, words)``, each
    seat's dominoes picked and not yet to place, those it places next (lowest first), and
    the round."""

    __slots__ = ("entries", "picked", "to_place", "rounds")

    def __init__(self, kept: _Kept = ((), (), (), 0)) -> None:
        entries, picked, to_place, self.rounds = kept
        self.entries: list[tuple[int, int, Any, str]] = list(entries)
        self.picked: dict[Any, list[int]] = {seat: list(v) for seat, v in picked}
        self.to_place: dict[Any, list[int]] = {seat: list(v) for seat, v in to_place}

    def kept(self) -> _Kept:
        """The fold as nested tuples of numbers and strings (what :data:`_STORIES` keeps:
        such tuples leave the garbage collector's watch); ``_Story(kept)`` goes on from
        it."""
        return (tuple(self.entries), tuple((s, tuple(v)) for s, v in self.picked.items()),
                tuple((s, tuple(v)) for s, v in self.to_place.items()), self.rounds)

    def tell(self, data: str | None, lang: str, first: int, seat: Any,
             run: Sequence[str]) -> None:
        """Fold the run of plies ``first``... (their texts ``run``) made by ``seat``
        (None: chance), naming dominoes from the file ``data`` in ``lang``."""
        out, picked, to_place = self.entries, self.picked, self.to_place
        last = first + len(run) - 1
        if seat is None:
            draws = [int(m.group(2)) for t in run if (m := NUMBERED.match(t))
                     and m.group(1) == "draw"]
            kings = any(t.startswith("king ") for t in run)
            if draws:
                if not any(picked.values()) and not any(to_place.values()):
                    self.rounds = 0      # a new game (Dynasty): nothing picked or to place
                self.rounds += 1
                line = ", ".join(str(d) for d in sorted(draws))
                if self.rounds == 1 and kings:
                    words = _("Round {n}: first line {line}; the kings' order to pick is "
                              "drawn at random")
                elif self.rounds == 1:
                    words = _("Round {n}: first line {line}")
                elif kings:
                    words = _("Round {n}: new line {line}; the kings' order to pick is drawn "
                              "at random")
                else:
                    words = _("Round {n}: new line {line}")
                out.append((first, last, None, words.format(n=self.rounds, line=line)))
            elif kings and out:   # the next king to pick: told with the first line
                out[-1] = (out[-1][0], last, out[-1][2], out[-1][3])
            else:
                out.append((first, last, None, "; ".join(run)))
            return
        turn: list[str] = []     # one entry per king: its placement, then its pick
        start = first
        for i, t in enumerate(run, first):
            m = NUMBERED.match(t)
            if m and m.group(1) == "pick":
                n = int(m.group(2))
                picked.setdefault(seat, []).append(n)
                turn.append(_("picked {domino}").format(domino=_domino_words(data, n, lang)))
                continue
            if turn:
                out.append((start, i - 1, seat, and_join(turn)))
                turn, start = [], i
            if PLACE.match(t) or t == "discard":
                if not to_place.get(seat):
                    to_place[seat] = sorted(picked.pop(seat, []))
                placed = to_place[seat].pop(0) if to_place.get(seat) else None
                what = (_domino_words(data, placed, lang) if placed is not None
                        else _("a domino"))
                if t == "discard":
                    turn.append(_("discarded {domino}, as it fit nowhere").format(domino=what))
                else:
                    first_sq, _sep, second_sq = t.partition("-")
                    turn.append(_("placed {domino} on {first} and {second}").format(
                        domino=what, first=first_sq, second=second_sq))
            else:
                turn.append(t)
        if turn:
            out.append((start, last, seat, and_join(turn)))


def _fold(data: str | None, lang: str, seats: Sequence[Any], texts: Sequence[str]) -> _Story:
    """The fold of the plies (their seats and texts) from the start of the game."""
    story = _Story()
    for first, last, seat in runs([{"seat": seat} for seat in seats]):
        story.tell(data, lang, first, seat, texts[first:last + 1])
    return story


#: The folds of recent logs (:func:`_story`) by (dominoes file, seats, texts, language),
#: the most recently used last.
_STORIES: OrderedDict[tuple[Any, ...], _Kept] = OrderedDict()
_STORIES_LOCK = threading.Lock()
#: How many folds :data:`_STORIES` keeps (two per table in play: the log and the log up to
#: its last run).
_STORIES_KEPT = 512


def _story(data: str | None, seats: tuple[int | None, ...], texts: tuple[str, ...],
           lang: str) -> _Kept:
    """The fold of the plies (their seats and texts), in ``lang`` (the language in force
    when called): kept (:data:`_STORIES`), and else the fold up to their last run of plies
    (kept too: the log one ply shorter ended there as well, or its last run went on) and
    that run told."""
    if not seats:
        return _Story().kept()
    key = (data, seats, texts, lang)
    kept = _kept(key)
    if kept is not None:
        return kept
    first = len(seats) - 1
    while first > 0 and seats[first - 1] == seats[-1]:
        first -= 1
    before_key = (data, seats[:first], texts[:first], lang)
    before = _kept(before_key)
    if before is None:
        before = _fold(data, lang, seats[:first], texts[:first]).kept()
        _keep(before_key, before)
    story = _Story(before)
    story.tell(data, lang, first, seats[-1], texts[first:])
    kept = story.kept()
    _keep(key, kept)
    return kept


def _kept(key: tuple[Any, ...]) -> _Kept | None:
    with _STORIES_LOCK:
        kept = _STORIES.get(key)
        if kept is not None:
            _STORIES.move_to_end(key)
        return kept


def _keep(key: tuple[Any, ...], kept: _Kept) -> None:
    with _STORIES_LOCK:
        _STORIES[key] = kept
        _STORIES.move_to_end(key)
        while len(_STORIES) > _STORIES_KEPT:
            _STORIES.popitem(last=False)
