"""Kingdomino's scoring pad (``/score``; the contract is :mod:`regalia.core.pad`).

Each player's kingdom is a grid around the castle: tap a square, pick its terrain and
crowns. The Middle Kingdom and Harmony bonuses, The Mighty Duel's 7x7 kingdoms and each
player's discards are toggles and steppers. The position is the score text of
:mod:`.textformat` (``regalia score kingdomino FILE``); every edit is read back by
:func:`.textformat.parse_table`, so a square that takes the kingdom past 5x5 is refused
with the parser's words. Squares are addressed relative to the castle (rows down, columns
right), which never moves.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from regalia.core import pad as P
from regalia.core.errors import NotationError, ParameterError
from regalia.core.i18n import N_, _, ngettext

from .components import TERRAIN_LETTERS, terrain_word
from .help import VARIANT_SOURCE, book_section
from .narration import token_text
from .scoring import MIGHTY_DUEL_HINT
from .svg import TERRAIN_COLOURS, _square
from .textformat import (MAX_KINGDOMS, parse_table, ranking, result, score_kingdoms,
                         write_kingdoms)

TITLE = "Kingdomino"
#: Side of a square on the pad (px at 1:1; at least the 44 px of a touch target).
CELL = 46
OPS = ("square", "variant", "discarded", "name", "add_player", "remove_player")
#: The variant toggles' labels (English; translated where shown).
VARIANT_LABELS = {"middle-kingdom": N_("Middle Kingdom (+10)"), "harmony": N_("Harmony (+5)"),
                  "mighty-duel": N_("The Mighty Duel (7x7)")}
TIE_BREAK = N_("On equal points the player with the most extended property wins; if still "
               "tied, the one with the most crowns; then the victory is shared.")
TIE_BREAK_SOURCE = N_("Kingdomino rules, tie-break (COMPONENTS.md, Kingdomino)")


def _sections() -> dict[str, str]:
    """Where each scoring item's rule is printed, in the language in force."""
    # the book's section titles stay as printed (English)
    return {"property": book_section("End of the Game"),  # i18n: no
            "middle_kingdom": _(VARIANT_SOURCE),
            "harmony": _(VARIANT_SOURCE)}


def _player(n: int) -> str:
    """The default name of the ``n``-th player (1-based): ``Player 1``."""
    return _("Player {n}").format(n=n)


@dataclass
class _Kingdom:
    name: str
    discarded: int = 0
    #: (row, column) from the castle -> token (``F**``); the castle is not in it
    squares: dict[tuple[int, int], str] = field(default_factory=dict)


@dataclass
class _Pad:
    size: int
    variants: set[str]
    kingdoms: list[_Kingdom]


def setup() -> list[dict[str, Any]]:
    """Players (1 to 4) and the kingdom size."""
    return [{"name": "players", "label": _("Players"), "default": 2,
             "options": [{"value": n, "label": str(n)} for n in range(1, MAX_KINGDOMS + 1)]},
            {"name": "size", "label": _("Kingdom"), "default": 5,
             "options": [{"value": 5, "label": "5x5"},
                         {"value": 7, "label": _("7x7 (The Mighty Duel, 2 players)")}]}]


def new(choices: Mapping[str, Any]) -> str:
    """Empty kingdoms (the castle alone) of ``players`` players, ``size`` 5 or 7.

    Raises:
        ParameterError: another count or size.
    """
    n, size = choices.get("players", 2), choices.get("size", 5)
    if type(n) is not int or not 1 <= n <= MAX_KINGDOMS:
        raise ParameterError(_("players: 1 to {most}").format(most=MAX_KINGDOMS))
    if size not in (5, 7) or type(size) is not int:
        raise ParameterError(_("size: 5, or 7 (The Mighty Duel)"))
    if size == 7 and n > 2:
        raise ParameterError(_("The Mighty Duel (7x7) is for 2 players"))
    return _write(_Pad(size, set(), [_Kingdom(_player(i + 1)) for i in range(n)]))


def _read(text: str) -> _Pad:
    table = parse_table(text, source=P.SOURCE)
    kingdoms = []
    for entry in table.kingdoms:
        k = entry.kingdom
        geo = k.geo
        cr, cc = geo.castle_rc
        squares = {}
        for bit_index, (r, c) in geo.rc.items():
            bit = 1 << bit_index
            if not k.occ & bit or bit == geo.castle_bit:
                continue
            t = next(i for i in range(6) if k.terr[i] & bit)
            crowns = next((i + 1 for i in range(3) if k.crowns[i] & bit), 0)
            squares[(r - cr, c - cc)] = TERRAIN_LETTERS[t] + "*" * crowns
        kingdoms.append(_Kingdom(entry.name if table.named else _player(1), entry.discarded,
                                 squares))
    return _Pad(table.size, set(table.variants), kingdoms)


def _write(pad: _Pad) -> str:
    kingdoms = []
    for k in pad.kingdoms:
        cells = {**k.squares, (0, 0): "C"}
        rows = range(min(r for r, _ in cells), max(r for r, _ in cells) + 1)
        cols = range(min(c for _, c in cells), max(c for _, c in cells) + 1)
        kingdoms.append((k.name, k.discarded,
                         [[cells.get((r, c), ".") for c in cols] for r in rows]))
    return write_kingdoms(pad.size, sorted(pad.variants), kingdoms,
                          "entered on the scoring pad")  # i18n: no (the file's comment line)


def _checked(pad: _Pad) -> str:
    """The text of ``pad``, read back by the parser (its refusal raised as it words it)."""
    text = _write(pad)
    try:
        parse_table(text, source=P.SOURCE)
    except NotationError as exc:
        # the parser's words, less its hint for the command line (the pad has a toggle)
        message = P.refusal(exc).replace(_(MIGHTY_DUEL_HINT),
                                         _(" (The Mighty Duel's kingdoms are 7x7)"))
        raise NotationError(message) from None
    return text


def edit(text: str, change: Mapping[str, Any]) -> str:
    """The text after one edit (``op``: ``square`` {player, row, col, terrain: W F L G S M
    or "" for empty, crowns 0-3}, ``variant`` {name, on}, ``discarded`` {player, value},
    ``name`` {player, name}, ``add_player``, ``remove_player`` {player}).

    Raises:
        NotationError: a malformed edit, or one the score format refuses (a square taking
            the kingdom past 5x5, a third kingdom in The Mighty Duel...).
    """
    op = P.op_of(change, OPS)
    pad = _read(text)
    n = len(pad.kingdoms)
    if op == "square":
        k = pad.kingdoms[P.player_index(change, n)]
        reach = pad.size - 1
        r, c = P.number(change, "row", -reach, reach), P.number(change, "col", -reach, reach)
        terrain = P.choice(change, "terrain", ("",) + tuple(TERRAIN_LETTERS))
        crowns = P.number(change, "crowns", 0, 3)
        if (r, c) == (0, 0):
            raise NotationError(_("that is the castle's square: the castle stays where it is "
                                  "(a kingdom has exactly one castle)"))
        if not terrain:
            if crowns:
                raise NotationError(_("an empty square has no crowns: choose its terrain "
                                      "first"))
            k.squares.pop((r, c), None)
        else:
            k.squares[(r, c)] = terrain + "*" * crowns
    elif op == "variant":
        name = P.choice(change, "name", tuple(VARIANT_LABELS))
        on = P.field(change, "on", bool, _("true or false"))
        if name == "mighty-duel":
            pad.size = 7 if on else 5
        elif on:
            pad.variants.add(name)
        else:
            pad.variants.discard(name)
    elif op == "discarded":
        pad.kingdoms[P.player_index(change, n)].discarded = P.number(change, "value", 0, 48)
    elif op == "name":
        i = P.player_index(change, n)
        pad.kingdoms[i].name = P.player_name(
            change, [k.name for j, k in enumerate(pad.kingdoms) if j != i])
    elif op == "add_player":
        if n >= MAX_KINGDOMS:
            raise NotationError(_("Kingdomino is for 2 to {most} players").format(
                most=MAX_KINGDOMS))
        taken = {k.name for k in pad.kingdoms}
        name = next(_player(i) for i in range(n + 1, n + 6) if _player(i) not in taken)
        pad.kingdoms.append(_Kingdom(name))
    else:
        if n == 1:
            raise NotationError(_("the last kingdom stays: enter at least one"))
        del pad.kingdoms[P.player_index(change, n)]
    return _checked(pad)


# ---------------------------------------------------------------------- view
def _window(squares: dict[tuple[int, int], str], size: int, axis: int) -> range:
    """The rows (axis 0) or columns (1) shown: the kingdom's extent and one more on each
    side, ``size + 2`` in all, as centred on the castle as that allows."""
    occupied = [0] + [sq[axis] for sq in squares]
    lo, hi = min(occupied), max(occupied)
    spare = size + 2 - (hi - lo + 1)
    if spare < 2:   # wider than a kingdom may be (an import refused nothing yet): all
        return range(lo - 1, hi + 2)
    before = max(1, min(spare - 1, (spare + lo + hi) // 2))
    return range(lo - before, hi + spare - before + 1)


def _where(r: int, c: int) -> str:
    """``2 down, 1 left from the castle``: a square relative to the castle."""
    ud = "" if r == 0 else (_("{n} down") if r > 0 else _("{n} up")).format(n=abs(r))
    lr = "" if c == 0 else (_("{n} right") if c > 0 else _("{n} left")).format(n=abs(c))
    return _("{where} from the castle").format(where=", ".join(x for x in (ud, lr) if x))


def _kingdom_svg(i: int, k: _Kingdom, size: int, focus: tuple[int, int, int] | None) -> str:
    rows, cols = _window(k.squares, size, 0), _window(k.squares, size, 1)
    w, h = len(cols) * CELL, len(rows) * CELL
    label = _("{name}: kingdom").format(name=k.name)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="pad kingdomino" width="{w}" '
           f'height="{h}" viewBox="0 0 {w} {h}" role="group" '
           f'aria-label="{label}">']
    for y, r in enumerate(rows):
        for x, c in enumerate(cols):
            px, py = x * CELL, y * CELL
            token = "C" if (r, c) == (0, 0) else k.squares.get((r, c), ".")
            if token == "C":
                out.append(f'<g class="castle">{_square(px, py, "C", CELL)}</g>')
                continue
            label = _("{name}: square {where}: {square}").format(
                name=k.name, where=_where(r, c), square=token_text(token))
            focused = focus == (i, r, c)
            out.append(f'<g class="square{" focused" if focused else ""}"'
                       f'{P.tap(label, focus=f"sq:{i}:{r}:{c}", selected=focused)}>'
                       f'{_square(px, py, token, CELL)}')
            if focused:
                out.append(f'<rect x="{px + 2}" y="{py + 2}" width="{CELL - 4}" '
                           f'height="{CELL - 4}" fill="none" stroke="#d11" '
                           f'stroke-width="4" pointer-events="none"/>')
            out.append("</g>")
    out.append("</svg>")
    return "".join(out)


def _focus(pad: _Pad, focus: str | None) -> tuple[int, int, int] | None:
    if focus is None:
        return None
    parts = focus.split(":")
    try:
        i, r, c = (int(x) for x in parts[1:]) if parts[0] == "sq" and len(parts) == 4 \
            else (None, None, None)
    except ValueError:
        i = r = c = None
    reach = pad.size - 1
    if i is None or r is None or c is None or not 0 <= i < len(pad.kingdoms) \
            or abs(r) > reach or abs(c) > reach:
        raise NotationError(_("{focus} is no square of these kingdoms").format(
            focus=repr(focus[:40])))
    return i, r, c


def _menu(pad: _Pad, at: tuple[int, int, int]) -> dict[str, Any]:
    i, r, c = at
    k = pad.kingdoms[i]
    token = k.squares.get((r, c), ".")
    terrain = "" if token == "." else token[0]
    crowns = token.count("*")
    base = {"op": "square", "player": i, "row": r, "col": c}
    terrains = [P.option(terrain_word(t).capitalize(),
                         {**base, "terrain": t, "crowns": crowns}, selected=t == terrain,
                         svg=_swatch(t)) for t in TERRAIN_LETTERS]
    terrains.append(P.option(_("Empty"), {**base, "terrain": "", "crowns": 0},
                             selected=not terrain))
    crown_opts = [P.option(str(n), {**base, "terrain": terrain, "crowns": n} if terrain
                           else None, selected=bool(terrain) and n == crowns)
                  for n in range(4)]
    if (r, c) == (0, 0):
        return {"focus": f"sq:{i}:{r}:{c}",
                "title": _("{name}: the castle").format(name=k.name), "groups": []}
    return {"focus": f"sq:{i}:{r}:{c}",
            "title": _("{name}: square {where} ({square})").format(
                name=k.name, where=_where(r, c), square=token_text(token)),
            "groups": [P.group(_("Terrain"), terrains), P.group(_("Crowns"), crown_opts)]}


def _swatch(t: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20" '
            f'aria-hidden="true"><rect width="20" height="20" rx="3" '
            f'fill="{TERRAIN_COLOURS[t]}" stroke="#555"/></svg>')


def view(text: str, focus: str | None = None) -> dict[str, Any]:
    """The pad's view of ``text`` (:mod:`regalia.core.pad`): a kingdom per player, the
    variant toggles, each player's name and discards, the menu of the focused square, and
    the scores with the ranking.

    Raises:
        NotationError: a text the score format refuses, or a focus that is no square.
    """
    pad = _read(text)
    at = _focus(pad, focus)
    table = parse_table(text, source=P.SOURCE)
    scored = score_kingdoms(table)
    ranks = ranking(scored)
    variants = [P.option(_(label), {"op": "variant", "name": name, "on": not on}, selected=on)
                for name, label in VARIANT_LABELS.items()
                for on in [(pad.size == 7) if name == "mighty-duel" else name in pad.variants]]
    n = len(pad.kingdoms)
    controls = [P.group(_("Variants"), variants, kind="toggle")]
    if n < MAX_KINGDOMS:
        controls.append(P.group(_("Players"), [P.option(_("Add a player"),
                                                        {"op": "add_player"})],
                                kind="buttons"))
    parts = []
    for i, k in enumerate(pad.kingdoms):
        own = [P.group(_("Name"), [P.option(_("Rename"), {"op": "name", "player": i})],
                       kind="name", value=k.name),
               P.stepper(_("Dominoes discarded"), k.discarded, 0, 48,
                         {"op": "discarded", "player": i}, unit=_("discarded"))]
        if n > 1:
            own.append(P.group("", [P.option(_("Remove {name}").format(name=k.name),
                                             {"op": "remove_player", "player": i})],
                               kind="buttons"))
        parts.append({"id": f"k{i}", "title": k.name, "controls": own,
                      "boards": [_kingdom_svg(i, k, pad.size, at)]})
    sections = _sections()
    players = [P.player_score(s.name, s.breakdown, sections, s.key, s.warnings)
               for s in scored]
    played = [_(VARIANT_LABELS[v]) for v in table.variants] + (
        [_("The Mighty Duel")] if pad.size == 7 else [])
    title = ngettext("Kingdomino, {n} kingdom of {size}x{size}",
                     "Kingdomino, {n} kingdoms of {size}x{size}", n).format(n=n, size=pad.size)
    return {"text": text, "title": title + (f" ({', '.join(played)})" if played else ""),
            "notes": [_("The dominoes are the printed set (verified): only the squares you "
                        "enter count.")],
            "controls": controls, "parts": parts,
            "menu": _menu(pad, at) if at is not None else None,
            "score": P.score(players, ranks, result(scored) + ".",
                             (_("points"), _("largest property"), _("crowns")), _(TIE_BREAK),
                             _(TIE_BREAK_SOURCE))}


__all__ = ["TITLE", "setup", "new", "view", "edit"]
