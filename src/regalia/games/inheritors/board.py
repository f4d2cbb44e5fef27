"""The parts of an Inheritors board (:func:`.svg.render` puts them together): the card
faces, the tableau (Quests, Honors, Clans, the Market rows), the seats and the removed
area, each a string of SVG, and where each thing lies (for the marks).

A web table draws every seat's board after every move, and most of a board is the same
from one seat's board to the next and from one ply to the next. So each part is drawn
through :func:`regalia.core.svgkit.fragment` from a few plain inputs, and its key holds all
of them (besides the language, which the memo adds): the game (:func:`game_key`), the
part's geometry, the observation's parts it shows, the names it writes and the click
targets (``hot``) and pending clicks (``picked``) that land on it. A part draws from its
arguments only, and its key holds every argument, so two boards share a part only where
it is the same text. What a seat alone may see (its hand, its Quests) is an argument of
the parts that show it, so it is in their keys: another seat's board, drawn from an
observation without that hand, never has an equal key.
"""

from __future__ import annotations

from functools import lru_cache
from typing import AbstractSet, Any, Mapping, NamedTuple, Sequence
from xml.sax.saxutils import quoteattr

from regalia.core import i18n
from regalia.core.help import HelpEntry
from regalia.core.i18n import _, ngettext
from regalia.core.svgkit import (RECONSTRUCTED, canonical, click_attr, fragment, frozen,
                                 keyed_click, plain_hover, text as esc, wrap)

from . import labels
from .codes import K_EPIC, K_INF, K_RELIC, K_SPEC, K_TOME
from .help import book, entries_by_name
from .rules import InheritorsGame

#: Fill colour of each realm (the box's card colours as far as known; red is the data's
#: reconstructed fifth colour) and the text colour on it.
REALM_COLOURS = {"purple": "#7b4a9e", "blue": "#2f67b1", "yellow": "#e3b62c",
                 "green": "#2e7d3a", "red": "#c0392b"}
INK_ON = {"yellow": "#2b2200"}
#: Seat colours (markers and names).
SEAT_COLOURS = ("#b5342a", "#2f67b1", "#2e7d3a", "#8a5a12")
WIDTH, HEIGHT = 1040, 900
#: The layout (user units): the tableau's width, the tops of its sections (Quests and
#: Honors, Clans, the Market), the focus seat's top, where the other seats start.
LEFT_W = 700
TOP = 48
CLANS_Y = TOP + 104
MARKET_Y = CLANS_Y + 86
FOCUS_Y = MARKET_Y + 18 + 3 * 84 + 6
OTHERS_X, OTHERS_Y = LEFT_W + 6, 46
#: A box: ``(x, y, width, height)``.
Box = tuple[float, float, float, float]


# ====================================================================== the game's data
def game_key(observation: Mapping[str, Any]) -> tuple[int, str | None]:
    """What makes an observation's game: ``(players, cards file or None)`` from its
    ``params`` (a part's key holds this, not the game, which is slow to hash)."""
    params = observation.get("params") or {}
    data = params.get("data")
    return (int(params.get("players", len(observation["play_areas"]))),
            None if data is None else str(data))


@lru_cache(maxsize=8)
def game_for(players: int, data: str | None) -> InheritorsGame:
    """The game of :func:`game_key` ``(players, data)``.

    Raises:
        RegaliaError: params that make no Inheritors game (a ParameterError or DataError).
    """
    return InheritorsGame(players=players, data=data)


def _plain(entry: HelpEntry) -> str:
    """A help entry as a hover text (:func:`regalia.core.svgkit.plain_hover`), its list of
    better established fields left out in every language."""
    fields = _("Better established fields: {fields}").split("{")[0].strip()
    return "\n".join(line for line in plain_hover(entry.text(), "card").splitlines()
                     if not line.strip().startswith(fields))


@lru_cache(maxsize=16)
def hover_texts(game: InheritorsGame, lang: str) -> dict[str, str]:
    """Card or record name (notation, case-folded) -> its hover text in ``lang``: the help
    entry (effect, details, provenance in words, source, note) from the card data."""
    with i18n.using(lang):
        out = {key: _plain(e) for key, e in entries_by_name(game).items()}
        cs = game.cards
        for rec in cs.influence:
            name = f"{rec.colour} {rec.number}"
            colour = labels.colour(rec.colour)
            entry = HelpEntry(
                name=labels.card(name),
                kind=_("Influence Card of the {colour} realm").format(colour=colour),
                effect=_("Played on your {colour} stack in order from 1 to 6; while on top it "
                         "scores {n} VP (III. Gameplay, action 1; V. Scoring, step 1).").format(
                    colour=colour, n=rec.number),
                provenance=rec.provenance, source=rec.source, note=labels.note(rec.note),
                details=(_("Copies: {n}").format(n=rec.copies),))
            out[name.casefold()] = _plain(entry)
    return out


@lru_cache(maxsize=8)
def reconstructed(game: InheritorsGame) -> frozenset[str]:
    """The names (case-folded) of the cards whose data is reconstructed (drawn with the
    badge :data:`regalia.core.svgkit.RECONSTRUCTED`)."""
    names = {key for key, e in entries_by_name(game).items() if e.provenance == "reconstructed"}
    names |= {f"{r.colour} {r.number}".casefold() for r in game.cards.influence
              if r.provenance == "reconstructed"}
    return frozenset(names)


class Face(NamedTuple):
    """A card face's look: fill, ink, big label (number or symbol), small label (its
    name), whether it is an Influence Card, whether its data is reconstructed, and the
    start of its element after the click (``data-card`` and the hover text)."""

    fill: str
    ink: str
    big: str
    small: str
    influence: bool
    reconstructed: bool
    head: str


class Look:
    """One game's cards in one language, worked out once: the hover texts, the card
    faces, the Honors' points and texts (built by :func:`look`)."""

    def __init__(self, key: tuple[int, str | None], lang: str):
        self.key = key
        self.game = G = game_for(*key)
        self.tips = hover_texts(G, lang)
        self.recon = reconstructed(G)
        self.honor_points = {h.name: h.points for h in G.cards.honors}
        self.honor_texts = {}
        for rec in reversed(G.cards.honors):   # the first record of a name wins
            self.honor_texts[rec.name] = labels.text(rec.text) if rec.text else ""
        self._faces: dict[str, Face] = {}
        self._lines: dict[tuple[str, int], list[str]] = {}

    def hover(self, name: str) -> str:
        """The hover text of a card, Quest, Honor or Clan (the bare name for one the
        data does not know)."""
        return self.tips.get(name.casefold(), labels.card(name))

    def face(self, name: str) -> Face:
        """The face of the card ``name`` (a grey "?" for a name the data does not know)."""
        face = self._faces.get(name)
        if face is None:
            fill, ink, big, small = _card_look(self.game, name)
            t = self.game.lookup.get(name.casefold())
            face = self._faces[name] = Face(
                fill, ink, big, small, t is not None and self.game.tkind[t] == K_INF,
                name.casefold() in self.recon,
                f"data-card={_attr(name)}><title>{esc(self.hover(name))}</title>")
        return face

    def lines(self, name: str, width: int) -> list[str]:
        """The small label of a card wrapped at ``width`` characters (3 lines at most)."""
        got = self._lines.get((name, width))
        if got is None:
            got = self._lines[(name, width)] = wrap(self.face(name).small, width)[:3]
        return got


@lru_cache(maxsize=32)
def _look(key: tuple[int, str | None], lang: str) -> Look:
    return Look(key, lang)


def look(key: tuple[int, str | None]) -> Look:
    """The :class:`Look` of the game ``key`` (:func:`game_key`) in the language in force.

    Raises:
        RegaliaError: a key that makes no Inheritors game."""
    return _look(key, i18n.language())


def _card_look(G: InheritorsGame, name: str) -> tuple[str, str, str, str]:
    """(fill, ink, big label, small label) of a card face."""
    t = G.lookup.get(name.casefold())
    if t is None:
        return "#ddd", "#222", "?", name
    kind = G.tkind[t]
    if kind == K_INF:
        col = G.colours[G.tcol[t]]
        return (REALM_COLOURS.get(col, "#888"), INK_ON.get(col, "#fff"), str(G.tnum[t]),
                labels.colour(col))
    shown = labels.card(name)
    if kind == K_RELIC:
        col = G.colours[G.tcol[t]]
        return ("#3a2f28", REALM_COLOURS.get(col, "#ddd"), "\u25c6",
                labels.card(f"{col} relic"))
    if kind == K_TOME:
        return "#d8c49a", "#3b2a10", "\u2756", shown
    if kind == K_EPIC:
        return "#e9c75a", "#3b2a10", "\u2605", shown
    if kind == K_SPEC:
        return "#fbf7ec", "#6b4e00", shown[:1], shown
    return "#f6f3ea", "#333", shown[:1], shown   # a Basic Advocate: white


# ====================================================================== clicks
@lru_cache(maxsize=4096)
def two_key_click(key: str, value: Any, key2: str, value2: Any) -> tuple[str, str]:
    """``(canonical(obj), click_attr(obj))`` of ``{key: value, key2: value2}`` (a card of
    a Market row, a seat's stack), cached like :func:`regalia.core.svgkit.keyed_click`."""
    obj = {key: value, key2: value2}
    return canonical(obj), click_attr(obj)


def row_click(r: int) -> tuple[str, str]:
    return keyed_click("row", r)


def depth_click(r: int, depth: int) -> tuple[str, str]:
    return two_key_click("row", r, "depth", depth)


def seat_click(q: int) -> tuple[str, str]:
    return keyed_click("seat", q)


def stack_click(q: int, colour: str) -> tuple[str, str]:
    return two_key_click("seat", q, "stack", colour)


PILE_CLICK = keyed_click("pile", "quests")


# ====================================================================== SVG text
def _attr(value: Any) -> str:
    return quoteattr(str(value))


def svg_text(x: float, y: float, s: Any, size: float = 13, fill: str = "#222",
             weight: str = "normal", anchor: str = "start", cls: str = "") -> str:
    """A ``<text>`` element, ``s`` escaped."""
    c = f' class="{cls}"' if cls else ""
    return (f'<text{c} x="{x:g}" y="{y:g}" font-size="{size:g}" fill="{fill}" '
            f'stroke="none" font-weight="{weight}" text-anchor="{anchor}">{esc(s)}</text>')


def short(s: str, k: int) -> str:
    """``s`` cut to ``k`` characters, an ellipsis last where cut."""
    return s if len(s) <= k else s[:k - 1].rstrip() + "\u2026"


def card(lk: Look, x: float, y: float, w: float, h: float, name: str,
         attr: str | None = None, hot: bool = False, picked: bool = False,
         compact: bool = False) -> str:
    """One face-up card: colour, number or symbol, its name, and its hover text;
    ``attr`` its ``data-click`` attribute where it is a target."""
    f = lk.face(name)
    cls = "card target" if attr is not None else "card"  # i18n: no
    if hot:
        cls += " hot"
    stroke = "#d4145a" if picked else "#1a8f3a" if hot else "#5a5148"
    sw = 3.5 if picked else 2.5 if hot else 1
    out = [f'<g class="{cls}"{attr if attr is not None else " "}{f.head}'
           f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="5" fill="{f.fill}" '
           f'stroke="{stroke}" stroke-width="{sw}"/>']
    if f.influence:
        out.append(svg_text(x + 5, y + 17, f.big, 16, f.ink, "bold"))
        if not compact:
            out.append(svg_text(x + w / 2, y + h / 2 + 10, f.big, min(30, h * .4), f.ink,
                                "bold", "middle"))
    else:
        out.append(svg_text(x + w / 2, y + 17, f.big, 15, f.ink, "bold", "middle"))
        if not compact:
            for i, line in enumerate(lk.lines(name, max(6, int(w / 6.4)))):
                out.append(svg_text(x + w / 2, y + h / 2 + 2 + i * 11, line, 9.5, f.ink,
                                    "normal", "middle"))
    if not compact and h >= 60 and f.reconstructed:
        out.append(svg_text(x + 4, y + h - 5, RECONSTRUCTED, 11, f.ink, "bold", cls="badge"))
    out.append("</g>")
    return "".join(out)


def back(x: float, y: float, w: float, h: float, label: str = "",
         fill: str = "#5b3a6e") -> str:
    """A card's back (a hidden card or Quest), ``label`` on it."""
    out = (f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="4" fill="{fill}" '
           f'stroke="#e8d9a8" stroke-width="1.2"/>')
    if label:
        out += svg_text(x + w / 2, y + h / 2 + 5, label, 13, "#f3e7c4", "bold", "middle")
    return out


def record(lk: Look, x: float, y: float, w: float, h: float, title: str, sub: str,
           fill: str, attr: str | None, hot: bool, ink: str = "#222",
           owner: int | None = None, extra: Sequence[str] = ()) -> str:
    """An Honor or Clan card (landscape) with its hover text (and that of ``extra``, the
    cards sitting with a Clan)."""
    cls = ("record target" if attr is not None else "record") + (" hot" if hot else "")  # i18n: no
    tip = "\n\n".join([lk.hover(title)] + [lk.hover(e) for e in dict.fromkeys(extra)])
    out = [f'<g class="{cls}"{attr if attr is not None else " "}data-card={_attr(title)}>'
           f'<title>{esc(tip)}</title>'
           f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="6" fill="{fill}" '
           f'stroke="{"#1a8f3a" if hot else "#6b5d4a"}" stroke-width="{3.5 if hot else 1}"/>',
           svg_text(x + w / 2, y + 17, labels.card(title), 12, ink, "bold", "middle")]
    for i, line in enumerate(wrap(sub, max(8, int(w / 5.6)))[:3]):
        out.append(svg_text(x + w / 2, y + 31 + i * 11, line, 9.5, ink, "normal", "middle"))
    if owner is not None:
        out.append(f'<circle cx="{x + w - 9:g}" cy="{y + h - 9:g}" r="7" '
                   f'fill="{SEAT_COLOURS[owner % 4]}" stroke="#fff" stroke-width="1.5"/>')
        out.append(svg_text(x + w - 9, y + h - 5.5, owner + 1, 9, "#fff", "bold", "middle"))
    out.append("</g>")
    return "".join(out)


# ====================================================================== the tableau
def quest_pile(qn: int, hot: bool) -> str:
    """The face-down Quests (``qn`` of them; ``hot``: a target): key ``(qn, hot)``."""
    return fragment("inh-quests", (qn, hot), _draw_quest_pile, qn, hot)


def _draw_quest_pile(qn: int, qhot: bool) -> str:
    y0 = TOP
    out = [svg_text(12, y0 + 10, _("Quests"), 12, "#5a4a35", "bold"),
           f'<g class="pile target{" hot" if qhot else ""}"{PILE_CLICK[1]}>'
           f'<title>{esc(_quest_pile_text(qn))}</title>']
    for k in range(min(qn, 5)):
        out.append(back(12 + k * 5, y0 + 16 + k * 2, 60, 76, "", "#4b3b6b"))
    out.append(back(12 + max(0, min(qn, 5) - 1) * 5, y0 + 16 + max(0, min(qn, 5) - 1) * 2, 60,
                    76, str(qn) if qn else _("none"), "#4b3b6b"))
    if qhot:
        out.append(f'<rect x="8" y="{y0 + 12}" width="90" height="88" rx="6" fill="none" '
                   f'stroke="#1a8f3a" stroke-width="3.5"/>')
    out.append("</g>")
    return "".join(out)


def _quest_pile_text(qn: int) -> str:
    return ngettext("{n} face-down Quest. Action 4: discard 3 cards of the same colour, take 1 "
                    "Quest and draw 1 card. A Quest scores 1 or 2 VP by the Influence Cards in "
                    "its owner's hand at the end ({cite}).",
                    "{n} face-down Quests. Action 4: discard 3 cards of the same colour, take "
                    "1 Quest and draw 1 card. A Quest scores 1 or 2 VP by the Influence Cards "
                    "in its owner's hand at the end ({cite}).", qn).format(
        n=qn, cite=book(_("III. Gameplay, action 4")))


HONOR_X = 100


def honor_box(i: int) -> Box:
    return (HONOR_X + i * 116, TOP + 16, 110, 76)


def honor_row(lk: Look, row: Sequence[str], hot: Sequence[bool]) -> str:
    """The Honor row (``hot``: which are targets): key ``(game, names, hot)``."""
    return fragment("inh-honors", (lk.key, tuple(row), tuple(hot)), _draw_honor_row, lk,
                    row, hot)


def _draw_honor_row(lk: Look, row: Sequence[str], hot: Sequence[bool]) -> str:
    out = [svg_text(HONOR_X, TOP + 10, _("Honors (1 VP each)"), 12, "#5a4a35", "bold")]
    for i, h in enumerate(row):
        x, y, w, hh = honor_box(i)
        out.append(record(lk, x, y, w, hh, h, short(lk.honor_texts.get(h, ""), 60), "#efe2b8",
                          keyed_click("honor", h)[1] if hot[i] else None, hot[i]))
    return "".join(out)


def clan_box(i: int) -> Box:
    return (12 + i * 135, CLANS_Y + 16, 129, 58)


def clan_row(lk: Look, clans: Sequence[Mapping[str, Any]], hot: Sequence[bool]) -> str:
    """The Clans (each ``{"clan", "colour", "owner", "cards"}``; ``hot``: which are
    targets): key ``(game, the clans as text, hot)``."""
    return fragment("inh-clans", (lk.key, frozen(clans), tuple(hot)), _draw_clan_row, lk,
                    clans, hot)


def _draw_clan_row(lk: Look, clans: Sequence[Mapping[str, Any]], hot: Sequence[bool]) -> str:
    out = [svg_text(12, CLANS_Y + 10, _("Clans (claim with a 3 or higher of the colour; one "
                                        "per player)"), 12, "#5a4a35", "bold")]
    for i, c in enumerate(clans):
        col = str(c["colour"])
        sits = labels.cards(c.get("cards") or ())
        sub = (_("{colour} \u2022 with {cards}").format(colour=labels.colour(col), cards=sits)
               if sits else labels.colour(col))
        x, y, w, h = clan_box(i)
        out.append(record(lk, x, y, w, h, str(c["clan"]), sub, REALM_COLOURS.get(col, "#ccc"),
                          keyed_click("clan", c["clan"])[1] if hot[i] else None, hot[i],
                          INK_ON.get(col, "#fff"), c.get("owner"), c.get("cards") or ()))
    return "".join(out)


@lru_cache(maxsize=8)
def _market_heading(lang: str) -> str:
    return svg_text(12, MARKET_Y + 10, _("Market (discard onto a row; take a whole row whose "
                                         "top card matches your discard)"), 12, "#5a4a35",
                    "bold")


def market_heading() -> str:
    """The Market's heading (in the language in force)."""
    return _market_heading(i18n.language())


def row_y(r: int) -> float:
    """The top of Market row ``r + 1``."""
    return MARKET_Y + 18 + r * 84


def row_step(n: int) -> float:
    """How far apart the cards of a Market row of ``n`` cards lie."""
    cw = 54
    span = LEFT_W - 24 - 80 - cw - 8
    return min(cw + 4, span / max(1, n - 1)) if n > 1 else 0


class Marking(NamedTuple):
    """The clicks that land on a part: ``hot`` its targets (the next clicks of the move),
    ``picked`` its pending clicks, as tuples of flags or names."""

    hot: tuple[Any, ...]
    picked: tuple[Any, ...]


@lru_cache(maxsize=64)
def unmarked(count: int) -> Marking:
    """The :class:`Marking` of ``count`` clicks, none a target or picked."""
    return Marking((False,) * count, (False,) * count)


def marking(keys: Sequence[str], hot: AbstractSet[str], picked: AbstractSet[str]) -> Marking:
    """Which of the clicks ``keys`` (canonical JSON) are targets, and which are picked."""
    if not hot and not picked:
        return unmarked(len(keys))
    return Marking(tuple(k in hot for k in keys), tuple(k in picked for k in keys))


def hot_flags(key: str, values: Sequence[Any], hot: AbstractSet[str]) -> tuple[bool, ...]:
    """Which of the clicks ``{key: value}`` are targets."""
    if not hot:
        return unmarked(len(values)).hot
    return tuple(keyed_click(key, v)[0] in hot for v in values)


def row_marking(r: int, n: int, hot: AbstractSet[str], picked: AbstractSet[str]) -> Marking:
    """The clicks landing on Market row ``r + 1`` of ``n`` cards: the row itself, then
    its cards from the left."""
    if not hot and not picked:
        return unmarked(n + 1)
    return marking(_row_keys(r, n), hot, picked)


@lru_cache(maxsize=256)
def _row_keys(r: int, n: int) -> tuple[str, ...]:
    return (row_click(r + 1)[0], *(depth_click(r + 1, n - j)[0] for j in range(n)))


def market_row(lk: Look, r: int, row: Sequence[str], mark: Marking) -> str:
    """Market row ``r + 1`` (``mark``: the row itself then each card from the left, hot
    and picked): key ``(game, r, cards, mark)``."""
    return fragment("inh-row", (lk.key, r, tuple(row), mark), _draw_market_row, lk, r, row,
                    mark)


def _draw_market_row(lk: Look, r: int, row: Sequence[str], mark: Marking) -> str:
    ry = row_y(r)
    row_hot, row_picked = mark.hot[0], mark.picked[0]
    attr = row_click(r + 1)[1]
    tip = "<title>{}</title>".format(esc(ngettext(
        "Market row {row}: {n} card; the top card is the rightmost",
        "Market row {row}: {n} cards; the top card is the rightmost", len(row)).format(
            row=r + 1, n=len(row))))
    paint = (f'fill="{"#e2f3df" if row_hot else "#e8dcc3"}" stroke='
             f'"{"#d4145a" if row_picked else "#1a8f3a" if row_hot else "#b9a781"}" '
             f'stroke-width="{3 if row_hot or row_picked else 1}"')
    hot_cls = " hot" if row_hot else ""
    # the whole row, under its cards: a click beside them names the row
    out = [f'<rect class="row-area target{hot_cls}"{attr}x="12" y="{ry:g}" '
           f'width="{LEFT_W - 24}" height="78" rx="6" {paint}>{tip}</rect>',
           # the row's own tab, left of its cards: never covered, however many cards it holds
           f'<g class="row target{hot_cls}"{attr}>{tip}'
           f'<rect x="16" y="{ry + 4:g}" width="58" height="70" rx="5" {paint}/>',
           svg_text(45, ry + 45, _("Row {row}").format(row=r + 1), 14, "#5a4a35", "bold",
                    "middle"), "</g>"]
    step = row_step(len(row))
    for j, name in enumerate(row):
        out.append(card(lk, 80 + j * step, ry + 4, 54, 70, name,
                        depth_click(r + 1, len(row) - j)[1], hot=mark.hot[j + 1],
                        picked=mark.picked[j + 1], compact=j < len(row) - 1 and step < 40))
    return "".join(out)


def row_boxes(r: int, n: int) -> tuple[Box, Box | None]:
    """Where Market row ``r + 1`` of ``n`` cards lies, and its top card (None: empty)."""
    ry = row_y(r)
    top = (80 + (n - 1) * row_step(n), ry + 4, 54, 70) if n else None
    return (12, ry, LEFT_W - 24, 78), top


# ====================================================================== the seats
class Seat(NamedTuple):
    """What every board shows of one seat (public, the same for every viewer): its
    number, name, points (``final``: the final total, else the public points), whether
    it is to play, its play area, Honors, Clan (or None), hand size, Quest count, and at
    the end its hand and Quests shown for scoring (None before)."""

    q: int
    name: str
    points: int
    final: bool
    acting: bool
    area: Mapping[str, Sequence[int]]
    honors: list[str]
    clan: Mapping[str, Any] | None
    hand_size: int
    quests: int
    end_hand: list[str] | None
    end_quests: list[str] | None


def seat_of(observation: Mapping[str, Any], q: int, names: Sequence[str],
            acting: int | None, public_total: int) -> Seat:
    """The :class:`Seat` ``q`` of an observation (``public_total``: its public points)."""
    ended = observation.get("phase") == "end"
    final = bool(ended and observation.get("scores"))
    return Seat(q, names[q], int(observation["scores"][q]["total"]) if final else public_total,
                final, acting == q, observation["play_areas"][q],
                observation.get("honors", [[]] * (q + 1))[q],
                next((c for c in observation.get("clans", ()) if c.get("owner") == q), None),
                observation["hand_sizes"][q], observation["quest_counts"][q],
                observation["hands"][q] if ended and observation.get("hands") else None,
                observation["all_quests"][q] if ended and observation.get("all_quests")
                else None)


def other_frames(count: int) -> list[Box]:
    """The boxes of the seats besides the focus seat, top to bottom."""
    ph = (HEIGHT - OTHERS_Y - 8 - 150) / max(1, count)
    return [(OTHERS_X, OTHERS_Y + i * ph, WIDTH - OTHERS_X - 10, ph - 8) for i in range(count)]


FOCUS_FRAME: Box = (12, FOCUS_Y, LEFT_W - 24, HEIGHT - FOCUS_Y - 8)


def header_box(frame: Box, focus: bool) -> tuple[float, float, float, float]:
    """``(x, y, width, font size)`` of a seat's header in its frame."""
    x, y, w, _h = frame
    return (x + 6, y + 6, w - 12, 14) if focus else (x + 5, y + 5, w - 10, 13)


def stacks_box(frame: Box, focus: bool) -> tuple[float, float, float, float, float]:
    """``(x, y, card width, card height, step)`` of a seat's play area in its frame."""
    x, y, w, h = frame
    if focus:
        top = y + 36
        return x + 10, top + 16, 56, 74, 21
    ty = y + 34
    avail = h - (ty + 60 - y) - 6
    ch = max(30.0, min(48.0, avail - 5 * 16))
    return x + 8, ty + 60, 42, ch, max(8.0, min(17.0, (avail - ch) / 5))


def stack_boxes(lk: Look, frame: Box, focus: bool, area: Mapping[str, Sequence[int]],
                removed: str | None) -> dict[str, Box]:
    """Where each stack's top card lies (colour -> box)."""
    x, y, cw, ch, step = stacks_box(frame, focus)
    return {col: (x + i * (cw + 6), y + max(0, len(area.get(col, ())) - 1) * step, cw, ch)
            for i, col in enumerate(c for c in lk.game.colours if c != removed)}


def seat_marking(seat: int, colours: Sequence[str], hot: AbstractSet[str],
                 picked: AbstractSet[str]) -> Marking:
    """The clicks landing on a seat: its name, then its stack of each colour."""
    if not hot and not picked:
        return unmarked(len(colours) + 1)
    return marking(_seat_keys(seat, tuple(colours)), hot, picked)


@lru_cache(maxsize=64)
def _seat_keys(seat: int, colours: tuple[str, ...]) -> tuple[str, ...]:
    return (seat_click(seat)[0], *(stack_click(seat, c)[0] for c in colours))


def hand_marking(hand: Sequence[str] | None, hot: AbstractSet[str],
                 picked: AbstractSet[str]) -> Marking:
    """The names of the cards of a hand that are targets, and of those picked."""
    if not hand or not (hot or picked):
        return Marking((), ())
    names = [(name, keyed_click("card", name)[0]) for name in dict.fromkeys(hand)]
    return Marking(tuple(nm for nm, k in names if k in hot),
                   tuple(nm for nm, k in names if k in picked))


def _header(seat: Seat, frame: Box, focus: bool, mark: Marking, picked: bool) -> str:
    x, y, w, size = header_box(frame, focus)
    q = seat.q
    is_hot = mark.hot[0]
    edge = "#d4145a" if picked else "#1a8f3a" if is_hot else "none"
    points = (_("{n} VP") if seat.final else _("{n} VP public")).format(n=seat.points)
    label = f"{seat.name}  \u2022  {points}"
    if seat.acting:
        label = _("\u25b6 {label}  (to play)").format(label=label)
    return (f'<g class="seat{" target hot" if is_hot else ""}"'
            f'{seat_click(q)[1] if is_hot else " "}data-seat="{q}">'
            f'<title>{esc(seat.name)} (P{q + 1}): {esc(points)}</title>'
            f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{size + 10:g}" rx="5" '
            f'fill="{SEAT_COLOURS[q % 4]}" stroke="{edge}" '
            f'stroke-width="{3.5 if is_hot or picked else 0}"/>'
            + svg_text(x + 8, y + size + 1, label, size, "#fff", "bold") + "</g>")


def _frame(frame: Box, acting: bool) -> str:
    x, y, w, h = frame
    return (f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="8" fill="#fbf6ea" '
            f'stroke="{"#d99a00" if acting else "#b9a781"}" '
            f'stroke-width="{4 if acting else 1.5}"/>')


def _stacks(lk: Look, frame: Box, focus: bool, seat: Seat, removed: str | None,
            mark: Marking) -> tuple[str, float]:
    """A play area: one column per realm, the cards of a stack fanned downwards (every
    number visible, the top card last). Returns the text and the width used."""
    x, y, cw, ch, step = stacks_box(frame, focus)
    colours = [c for c in lk.game.colours if c != removed]
    out = []
    for i, col in enumerate(colours):
        cx = x + i * (cw + 6)
        nums = list(seat.area.get(col, ()))
        if not nums:
            out.append(f'<rect x="{cx:g}" y="{y:g}" width="{cw:g}" height="{ch:g}" rx="4" '
                       f'fill="none" stroke="{REALM_COLOURS.get(col, "#999")}" '
                       f'stroke-dasharray="3 3" opacity=".6"/>')
            continue
        clickable = mark.hot[i + 1]
        for j, n in enumerate(nums):
            last = j == len(nums) - 1
            out.append(card(lk, cx, y + j * step, cw, ch, f"{col} {n}",
                            stack_click(seat.q, col)[1] if last and clickable else None,
                            hot=last and clickable, compact=not last))
    return "".join(out), len(colours) * (cw + 6)


def focus_seat(lk: Look, seat: Seat, removed: str | None, own_quests: Sequence[str] | None,
               mark: Marking) -> str:
    """The focus seat's frame, header, play area, Clan, Honors and Quests (the viewer's
    own Quests face up, ``own_quests``; None: a count): key ``(game, seat, removed colour,
    own Quests, mark)``."""
    return fragment("inh-focus", (lk.key, frozen(seat), removed, frozen(own_quests), mark),
                    _draw_focus_seat, lk, seat, removed, own_quests, mark)


def _draw_focus_seat(lk: Look, seat: Seat, removed: str | None,
                     own: Sequence[str] | None, mark: Marking) -> str:
    frame = FOCUS_FRAME
    x, y, w, h = frame
    top = y + 36
    stacks, used = _stacks(lk, frame, True, seat, removed, mark)
    out = [_frame(frame, seat.acting), _header(seat, frame, True, mark, False),
           svg_text(x + 10, top + 10, _("Play area"), 11, "#5a4a35", "bold"), stacks]
    ix = x + 20 + used
    out.append(svg_text(ix, top + 10, _("Clan, Honors, Quests"), 11, "#5a4a35", "bold"))
    line = top + 28
    if seat.clan is not None:
        clan = seat.clan
        out.append(f'<g data-card={_attr(clan["clan"])}><title>{esc(lk.hover(clan["clan"]))}'
                   '</title>')
        out.append(svg_text(ix, line, _("Clan: {clan} ({colour})").format(
            clan=labels.card(clan["clan"]), colour=labels.colour(clan["colour"])), 12, "#222",
            "bold"))
        out.append("</g>")
        line += 16
    for hname in seat.honors:
        out.append(f'<g data-card={_attr(hname)}><title>{esc(lk.hover(hname))}</title>')
        out.append(svg_text(ix, line, _("Honor: {name}").format(name=labels.card(hname)), 12,
                            "#222"))
        out.append("</g>")
        line += 16
    if own is not None:
        for qname in own:
            out.append(f'<g data-card={_attr(qname)}><title>{esc(lk.hover(qname))}</title>')
            out.append(svg_text(ix, line, _("Quest: {name}").format(name=labels.card(qname)),
                                12, "#4b3b6b", "bold"))
            out.append("</g>")
            line += 16
    elif seat.quests:
        out.append(svg_text(ix, line, _("Quests: {n} face down").format(n=seat.quests), 12,
                            "#4b3b6b"))
        line += 16
    if line == top + 28:
        out.append(svg_text(ix, line, _("none yet"), 11.5, "#5e5e5e"))
    return "".join(out)


class HandCard(NamedTuple):
    """A card of the hand as drawn: its name, copies, box, and whether it is drawn in
    full (the last of its line) or covered in part."""

    name: str
    copies: int
    box: Box
    compact: bool


def hand_layout(hand: Sequence[str], tallest: int) -> tuple[float, list[HandCard]]:
    """Where the focus seat's hand lies (copies of a card side by side are one card
    with a count): the top of its first line and its cards. ``tallest``: the most cards
    of a stack of its play area (the hand takes two lines where they fit below it)."""
    x, y, w, h = FOCUS_FRAME
    groups: list[list[Any]] = []
    for name in hand:
        if groups and groups[-1][0] == name:
            groups[-1][1] += 1
        else:
            groups.append([name, 1])
    stack_bottom = y + 36 + 16 + 74 + 21 * tallest - 21
    cw, ch = 66, 96
    per_row = int((w - 20 + 6) // (cw + 6))
    rows = 1
    if len(groups) > per_row:
        cw, ch = 60, 84
        per_row = int((w - 20 + 6) // (cw + 6))
        if y + h - 8 - 2 * (ch + 6) - 16 >= stack_bottom + 6:
            rows = 2
    per = per_row if rows == 2 else len(groups)
    avail = w - 20 - cw
    step = min(cw + 6, avail / max(1, per - 1)) if per > 1 else 0
    y_first = y + h - 8 - rows * (ch + 6)
    out = []
    for k, (name, count) in enumerate(groups):
        row, col = divmod(k, per) if rows == 2 else (0, k)
        last = col == per - 1 or k == len(groups) - 1
        out.append(HandCard(name, count, (x + 10 + col * step, y_first + row * (ch + 6), cw, ch),
                            step < 44 and not last))
    return y_first, out


def tallest(area: Mapping[str, Sequence[int]]) -> int:
    """The most cards of a stack of a play area (1 at least)."""
    return max([len(v) for v in area.values()] + [1])


def focus_hand(lk: Look, hand: Sequence[str] | None, size: int, mine: bool, high: int,
               mark: Marking) -> str:
    """The focus seat's hand: its cards (``hand``; None: ``size`` backs), ``mine``: the
    viewer's (its cards are targets), ``high``: :func:`tallest` of its play area,
    ``mark``: the hot and picked card names. Key: all of these."""
    return fragment("inh-hand", (lk.key, frozen(hand), size, mine, high, mark),
                    _draw_focus_hand, lk, hand, size, mine, high, mark)


def _draw_focus_hand(lk: Look, hand: Sequence[str] | None, size: int, mine: bool,
                     high: int, mark: Marking) -> str:
    x, y, w, h = FOCUS_FRAME
    if hand is None:
        hy = y + h - 96 - 26
        out = [svg_text(x + 10, hy + 10, ngettext("Hand: {n} card, hidden",
                                                  "Hand: {n} cards, hidden", size).format(n=size),
                        11, "#5a4a35", "bold")]
        out += [back(x + 10 + k * 16, hy + 16, 44, 60) for k in range(min(size, 20))]
        return "".join(out)
    y_first, cards = hand_layout(hand, high)
    out = [svg_text(x + 10, y_first - 6, (ngettext("Your hand: {n} card", "Your hand: {n} cards",
                                                   len(hand)) if mine else
                                          ngettext("Hand: {n} card", "Hand: {n} cards", len(hand))
                                          ).format(n=len(hand)), 11, "#5a4a35", "bold")]
    for c in cards:
        cx, cy, cw, ch = c.box
        out.append(card(lk, cx, cy, cw, ch, c.name, keyed_click("card", c.name)[1] if mine
                        else None, hot=c.name in mark.hot, picked=c.name in mark.picked,
                        compact=c.compact))
        if c.copies > 1:
            out.append(f'<circle cx="{cx + cw - 10:g}" cy="{cy + ch - 10:g}" r="9" '
                       f'fill="#222" pointer-events="none"/>')
            out.append(svg_text(cx + cw - 10, cy + ch - 6, f"\u00d7{c.copies}", 10, "#fff",
                                "bold", "middle"))
    return "".join(out)


def other_seat(lk: Look, seat: Seat, frame: Box, removed: str | None, mark: Marking) -> str:
    """Another seat in ``frame``: header, hand size and Quests as backs (at the end its
    hand and Quests), Clan, Honors, play area. Key ``(game, seat, frame, removed colour,
    mark)``: nothing of it is private."""
    return fragment("inh-seat", (lk.key, frozen(seat), frame, removed, mark), _draw_other_seat,
                    lk, seat, frame, removed, mark)


def _draw_other_seat(lk: Look, seat: Seat, frame: Box, removed: str | None,
                     mark: Marking) -> str:
    x, y, w, h = frame
    out = [_frame(frame, seat.acting), _header(seat, frame, False, mark, mark.picked[0])]
    size, k = seat.hand_size, seat.quests
    ty = y + 34
    if seat.end_hand is not None:   # hands are shown for scoring (V. Scoring)
        quests = seat.end_quests or []
        shown = (_("Hand: {cards}; Quests: {quests}").format(cards=labels.cards(seat.end_hand),
                                                             quests=labels.cards(quests))
                 if quests else _("Hand: {cards}").format(cards=labels.cards(seat.end_hand)))
        for i, line in enumerate(wrap(shown, 58)[:3]):
            out.append(svg_text(x + 8, ty + 10 + i * 12, line, 10, "#333"))
    else:
        is_hot = mark.hot[0]
        out.append(f'<g class="hand{" target hot" if is_hot else ""}"'
                   f'{seat_click(seat.q)[1] if is_hot else " "}><title>'
                   + esc(ngettext("{player}: {n} card in hand, hidden",
                                  "{player}: {n} cards in hand, hidden", size).format(
                       player=seat.name, n=size)) + '</title>')
        out += [back(x + 8 + i * 6, ty, 26, 36) for i in range(min(size, 12))]
        out.append(svg_text(x + 8 + min(size, 12) * 6 + 24, ty + 22,
                            _("{n} in hand").format(n=size), 12, "#222", "bold"))
        out.append("</g>")
        qx = x + 200
        out += [back(qx + i * 6, ty, 26, 36, "", "#4b3b6b") for i in range(min(k, 5))]
        out.append(svg_text(qx + min(k, 5) * 6 + (24 if k else 0), ty + 22,
                            ngettext("{n} Quest", "{n} Quests", k).format(n=k), 12, "#4b3b6b",
                            "bold"))
    bits = ([_("Clan {name}").format(name=labels.card(seat.clan["clan"]))] if seat.clan
            else []) + [_("Honor {name}").format(name=labels.card(x_)) for x_ in seat.honors]
    out.append(svg_text(x + 8, ty + 52, short(", ".join(bits) or _("No Clan, no Honors"), 60),
                        11.5, "#333"))
    out.append(_stacks(lk, frame, False, seat, removed, mark)[0])
    return "".join(out)


# ====================================================================== the news
NEWS_BOX: Box = (OTHERS_X, HEIGHT - 158, WIDTH - OTHERS_X - 10, 150)


def news(removed_area: Mapping[str, int], reveals: Sequence[Mapping[str, Any]],
         names: Sequence[str]) -> str:
    """The removed area, and what the last five moves that told the table something told
    it (``reveals``: those five): key ``(removed area, reveals, names)``."""
    return fragment("inh-news", (frozen(removed_area), frozen(reveals), tuple(names)),
                    _draw_news, removed_area, reveals, names)


def _draw_news(rem: Mapping[str, int], reveals: Sequence[Mapping[str, Any]],
               names: Sequence[str]) -> str:
    x, y, w, h = NEWS_BOX
    out = [f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="6" fill="#efe6d2" '
           f'stroke="#b9a781"/>']
    text = ", ".join(f"{labels.card(name)} \u00d7{int(k)}"
                     for name, k in sorted(rem.items())) or _("empty")
    out.append(svg_text(x + 8, y + 16, _("Removed area"), 11, "#5a4a35", "bold"))
    for i, line in enumerate(wrap(text, 52)[:2]):
        out.append(svg_text(x + 8, y + 31 + i * 14, line, 11, "#333"))
    out.append(svg_text(x + 8, y + 66, _("Told the table"), 11, "#5a4a35", "bold"))
    lines = [reveal_text(r, names) for r in reveals]
    if not lines:
        lines = [_("nothing yet (answers to questions and cards shown appear here)")]
    for i, line in enumerate(lines):
        out.append(svg_text(x + 8, y + 81 + i * 14, short(line, 58), 10.5, "#333"))
    return "".join(out)


def reveal_text(r: Mapping[str, Any], names: Sequence[str]) -> str:
    """What a move told the table (a Spy's answer, cards shown, a play skipped)."""
    def nm(q: Any) -> str:
        return names[q] if isinstance(q, int) and 0 <= q < len(names) else f"P{q}"
    ev = r.get("event")
    if ev == "spy":
        return (_("{player}'s Spy asked {asked} for {card}: had it") if r.get("held") else
                _("{player}'s Spy asked {asked} for {card}: did not")).format(
            player=nm(r.get("seat")), asked=nm(r.get("asked")),
            card=labels.card(str(r.get("card"))))
    if ev == "shown":
        return _("{player} showed {cards} for {honor}").format(
            player=nm(r.get("seat")), cards=labels.cards(r.get("cards") or ()),
            honor=labels.card(str(r.get("honor"))))
    return _("{player} had no card to play").format(player=nm(r.get("seat")))
