"""Two Heirs final landscapes as text, for ``regalia score two-heirs FILE``.

The format is documented in ``docs/games/two-heirs-score-format.md``. In short, one
statement per line, ``#`` starts a comment:

.. code-block:: text

    # x  y  tile       side   troop
    0   0  land-3     down           # open terrain (the starting tile)
    1   0  travel-1   south  south   # seat 0's Inn, with seat 0's troop on it
    -1  0  inn:green  north          # seat 1's Inn (by type and colour)
    0   1  yellow     down           # open terrain, by colour
    roads off                        # score without roads (default: on)
    solo 2                           # solo: Heinrich is north; 2 treasures in the pile
    treasure -1 0                    # a treasure left on Heinrich's building at (-1, 0)

Positions are the table frame of :mod:`.landscape` (x east, y north; the south player is
seat 0, the north player seat 1). All functions are pure; a bad text raises
:class:`~regalia.core.errors.NotationError` listing every problem as
``SOURCE:LINE:COLUMN: message`` and returns nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from regalia.core.breakdown import Breakdown
from regalia.core.errors import NotationError

from regalia.core.i18n import _, ngettext

from .components import COLOURS, NUM_TREASURES, TYPES, TileSet, colour_name, type_name
from .landscape import Landscape, PlacedTile, Pos, Troops
from .scoring import (buildings_of, roads_of, score_heinrich, score_landscape,
                      treasures_of)

#: Troops per seat ("receives the 3 corresponding troop tokens").
TROOPS_PER_SEAT = 3
SIDES = {"south": 0, "s": 0, "north": 1, "n": 1, "down": None, "open": None}
SIDE_WORDS = ("south", "north", "down")


@dataclass(frozen=True)
class ScoreSheet:
    """A parsed final landscape.

    Attributes:
        landscape: position -> :class:`~.landscape.PlacedTile`.
        troops: position -> seat of the troop on that tile.
        roads: whether roads score (``roads off`` turns them off).
        solo: True for a solo game (``solo N``): Heinrich is seat 1 (north).
        treasures_on_landscape: positions of treasures left on Heinrich's buildings.
        treasures_in_pile: treasures left in the pile.
    """

    landscape: dict[Pos, PlacedTile]
    troops: dict[Pos, int]
    roads: bool = True
    solo: bool = False
    treasures_on_landscape: tuple[Pos, ...] = ()
    treasures_in_pile: int = 0

    def reserve_troops(self) -> tuple[int, int]:
        """Troops of each seat in the royal reserve: those not on the landscape (each player
        has 3; the tie-break: "the player with the most troops in the royal reserve wins")."""
        on = [0, 0]
        for s in self.troops.values():
            on[s] += 1
        return TROOPS_PER_SEAT - on[0], TROOPS_PER_SEAT - on[1]


def _scoring_key(tiles: TileSet, i: int) -> tuple[Any, ...]:
    t = tiles.tiles[i]
    return (t.type, t.colour, tuple(str(s) for s in t.roads), t.direction, t.target,
            tuple(str(p) for p in t.formation or ()))


def _describe(tiles: TileSet, i: int) -> str:
    t = tiles.tiles[i]
    bits: list[str] = [t.colour]
    if t.direction:
        bits.append(t.direction)
    if t.target:
        bits.append(f"target {t.target}")
    if t.formation:
        bits.append("formation " + ",".join(str(p) for p in t.formation))
    bits.append("roads " + (",".join(str(s) for s in t.roads) or "none"))
    return f"{t.id} ({'; '.join(bits)})"


def _int(text: str) -> int | None:
    try:
        return int(text)
    except ValueError:
        return None


def parse_landscape(text: str, tiles: TileSet, *, source: str = "<text>") -> ScoreSheet:
    """Parse a final landscape written in the score format.

    Args:
        text: the file's contents.
        tiles: the tile set that ids, types and colours refer to.
        source: the name used in error messages (the file path).

    Returns:
        A :class:`ScoreSheet`.

    Raises:
        NotationError: every problem found, one per line, as ``SOURCE:LINE:COLUMN:
            message`` (columns count from 1).
    """
    problems: list[str] = []
    ids = {t.id: i for i, t in enumerate(tiles.tiles)}

    def err(line: int, col: int, msg: str) -> None:
        problems.append(f"{source}:{line}:{col}: {msg}")

    # (line, col_of_tile_field, pos, spec, side, troop)
    entries: list[tuple[int, int, Pos, str, int | None, bool, int | None]] = []
    seen_pos: dict[Pos, int] = {}
    roads_line = solo_line = None
    roads = True
    solo = False
    pile = 0
    treasure_lines: list[tuple[int, int, Pos]] = []
    for ln, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0]
        fields: list[tuple[int, str]] = []
        col = 0
        for part in line.split():
            col = line.index(part, col)
            fields.append((col + 1, part))
            col += len(part)
        if not fields:
            continue
        head = fields[0][1].lower()
        if head == "roads":
            if len(fields) != 2 or fields[1][1].lower() not in ("on", "off"):
                err(ln, fields[0][0], _("expected 'roads on' or 'roads off'"))
            elif roads_line is not None:
                err(ln, fields[0][0], _("a second 'roads' line (the first is line {line})")
                    .format(line=roads_line))
            else:
                roads_line = ln
                roads = fields[1][1].lower() == "on"
            continue
        if head == "solo":
            n = _int(fields[1][1]) if len(fields) == 2 else None
            if n is None or not 0 <= n <= NUM_TREASURES:
                err(ln, fields[0][0], _("expected 'solo N': N = treasures left in the pile, "
                                        "0 to {n}").format(n=NUM_TREASURES))
            elif solo_line is not None:
                err(ln, fields[0][0], _("a second 'solo' line (the first is line {line})")
                    .format(line=solo_line))
            else:
                solo_line, solo, pile = ln, True, n
            continue
        if head == "treasure":
            xy = [_int(f[1]) for f in fields[1:]]
            if len(fields) != 3 or None in xy:
                err(ln, fields[0][0], _("expected 'treasure X Y' (integers): a treasure left "
                                        "on Heinrich's building at (X, Y)"))
            else:
                tx, ty = xy
                assert tx is not None and ty is not None  # checked just above
                treasure_lines.append((ln, fields[0][0], (tx, ty)))
            continue
        # a tile line: X Y TILE SIDE [TROOP]
        if len(fields) not in (4, 5):
            err(ln, fields[0][0], _("expected 'X Y TILE SIDE [TROOP]' (4 or 5 fields), "
                                    "'roads on|off', 'solo N' or 'treasure X Y'; got {n} "
                                    "fields").format(n=len(fields)))
            continue
        x, y = _int(fields[0][1]), _int(fields[1][1])
        bad = False
        for (c, f), v in ((fields[0], x), (fields[1], y)):
            if v is None:
                err(ln, c, _("{field} is not an integer coordinate (x grows east, y north)")
                    .format(field=repr(f)))
                bad = True
        side_word = fields[3][1].lower()
        if side_word not in SIDES:
            err(ln, fields[3][0], _("unknown side {side}; expected south (seat 0's "
                                    "building), north (seat 1's building) or down (open "
                                    "terrain)").format(side=repr(fields[3][1])))
            bad = True
        troop = None
        if len(fields) == 5:
            tw = fields[4][1].lower()
            if tw not in ("south", "s", "north", "n"):
                err(ln, fields[4][0], _("unknown troop {troop}; expected south or north "
                                        "(whose troop stands on the tile)").format(
                    troop=repr(fields[4][1])))
                bad = True
            else:
                troop = SIDES[tw]
        if bad:
            continue
        assert x is not None and y is not None  # else bad
        pos = (x, y)
        if pos in seen_pos:
            err(ln, fields[0][0], _("position ({x}, {y}) is already given on line {line}")
                .format(x=x, y=y, line=seen_pos[pos]))
            continue
        seen_pos[pos] = ln
        entries.append((ln, fields[2][0], pos, fields[2][1], SIDES[side_word],
                        side_word in ("down", "open"), troop))

    # resolve tiles: explicit ids first, then types and colours from the unused tiles
    used: dict[int, int] = {}
    resolved: dict[Pos, int] = {}
    for ln, col, pos, spec, owner, down, _troop in entries:
        if spec.lower() in ids:
            i = ids[spec.lower()]
            if i in used:
                err(ln, col, _("tile {tile} is already placed on line {line}; each tile "
                               "lies in one place").format(tile=repr(spec), line=used[i]))
            else:
                used[i] = ln
                resolved[pos] = i
    for ln, col, pos, spec, owner, down, _troop in entries:
        s = spec.lower()
        if s in ids:
            continue
        typ, _sep, colour = s.partition(":")
        if typ in COLOURS and not colour:
            if not down:
                err(ln, col, _("{tile} names only a colour: a building needs its tile (an "
                               "id such as travel-1, or a type such as inn or inn:grey)")
                    .format(tile=repr(spec)))
                continue
            cands = [i for i, t in enumerate(tiles.tiles) if t.colour == typ and i not in used]
            if not cands:
                err(ln, col, _("no unused {colour} tile left for open terrain").format(
                    colour=colour_name(typ)))
                continue
            used[cands[0]] = ln
            resolved[pos] = cands[0]
            continue
        if typ not in TYPES:
            err(ln, col, _("unknown tile {tile}; write a tile id (travel-1 ...), a type "
                           "(inn, mill, ... optionally with :colour), or for open terrain a "
                           "colour (green, grey, yellow)").format(tile=repr(spec)))
            continue
        if colour and colour not in COLOURS:
            err(ln, col, _("unknown colour {colour} in {tile}; expected green, grey or "
                           "yellow").format(colour=repr(colour), tile=repr(spec)))
            continue
        cands = [i for i, t in enumerate(tiles.tiles)
                 if t.type == typ and (not colour or t.colour == colour) and i not in used]
        if not cands:
            err(ln, col, (_("no unused {building} on {colour} tile left in the tile data")
                          if colour else _("no unused {building} tile left in the tile data"))
                .format(building=type_name(typ), colour=colour_name(colour)))
            continue
        if not down and len({_scoring_key(tiles, i) for i in cands}) > 1:
            err(ln, col, _("{tile} is ambiguous: the unused tiles of that kind differ "
                           "({tiles}); write the tile id").format(
                tile=repr(spec), tiles="; ".join(_describe(tiles, i) for i in cands)))
            continue
        used[cands[0]] = ln
        resolved[pos] = cands[0]

    landscape: dict[Pos, PlacedTile] = {}
    troops: dict[Pos, int] = {}
    troop_count = [0, 0]
    for ln, col, pos, spec, owner, down, troop in entries:
        if pos not in resolved:
            continue
        landscape[pos] = PlacedTile(resolved[pos], not down, None if down else owner)
        if troop is not None:
            troops[pos] = troop
            troop_count[troop] += 1
            if troop_count[troop] == TROOPS_PER_SEAT + 1:
                err(ln, col, (_("more than {n} south troops on the landscape (each player has "
                                "{n})") if troop == 0 else
                              _("more than {n} north troops on the landscape (each player has "
                                "{n})")).format(n=TROOPS_PER_SEAT))
    treasures: list[Pos] = []
    for ln, col, pos in treasure_lines:
        if not solo:
            err(ln, col, _("'treasure' needs a 'solo N' line (treasures belong to the solo "
                           "mode)"))
            continue
        pt = landscape.get(pos)
        if pos in seen_pos and pos not in resolved:
            continue        # the tile line already has an error
        if pt is None or not pt.building or pt.owner != 1:
            held = (_("no tile") if pt is None else _("open terrain") if not pt.building
                    else _("a south building"))
            err(ln, col, _("a treasure lies on one of Heinrich's buildings (north), but "
                           "({x}, {y}) holds {what}").format(x=pos[0], y=pos[1], what=held))
            continue
        if pos in treasures:
            err(ln, col, _("a second treasure at {where}").format(where=pos))
            continue
        treasures.append(pos)
    if solo and len(treasures) + pile > NUM_TREASURES:
        err(solo_line or 1, 1, _("{n} treasures on the landscape and {pile} in the pile: more "
                                 "than the {total} treasures of the game").format(
            n=len(treasures), pile=pile, total=NUM_TREASURES))
    if not entries and not problems:
        err(1, 1, _("no tiles: write one line 'X Y TILE SIDE [TROOP]' per tile"))
    if problems:
        raise NotationError("\n".join(problems))
    return ScoreSheet(landscape=landscape, troops=troops, roads=roads, solo=solo,
                      treasures_on_landscape=tuple(treasures), treasures_in_pile=pile)


def score_sheet(sheet: ScoreSheet, tiles: TileSet, *,
                roads: bool | None = None) -> tuple[Breakdown, Breakdown]:
    """Score a parsed landscape: two-player scoring, or for a solo sheet the human (seat 0)
    normally and Heinrich (seat 1) by the solo scoring. ``roads`` overrides the sheet's
    ``roads`` line when given."""
    r = sheet.roads if roads is None else roads
    if sheet.solo:
        return score_heinrich(tiles, sheet.landscape, sheet.troops,
                              sheet.treasures_on_landscape, sheet.treasures_in_pile, roads=r)
    return score_landscape(tiles, sheet.landscape, sheet.troops, roads=r)


def winner(sheet: ScoreSheet, breakdowns: tuple[Breakdown, Breakdown]) -> tuple[int | None, str]:
    """Who wins and why: ``(seat or None, sentence)``.

    Two players: "The player with the most points wins. If there's a tie, the player with
    the most troops in the royal reserve wins. If they are still tied," nobody. Solo: "With
    fewer points, or a tie, you lose."
    """
    a, b = breakdowns[0].total, breakdowns[1].total
    if sheet.solo:
        if a > b:
            return 0, _("you win, {a} to {b}").format(a=a, b=b)
        return 1, (_("Heinrich wins, {b} to {a}").format(a=a, b=b) if b > a
                   else _("Heinrich wins the tie at {a} (the human loses ties)").format(a=a))
    if a != b:
        w = 0 if a > b else 1
        return w, (_("south wins, {a} to {b}") if w == 0 else _("north wins, {a} to {b}"))\
            .format(a=max(a, b), b=min(a, b))
    r0, r1 = sheet.reserve_troops()
    if r0 != r1:
        w = 0 if r0 > r1 else 1
        return w, (_("tie at {points}; south wins with more troops in the royal reserve "
                     "({a} to {b})") if w == 0 else
                   _("tie at {points}; north wins with more troops in the royal reserve "
                     "({a} to {b})")).format(points=a, a=max(r0, r1), b=min(r0, r1))
    return None, _("tie at {points} with {n} troops each in the reserve: no winner").format(
        points=a, n=r0)


def format_breakdown(tiles: TileSet, sheet: ScoreSheet,
                     breakdowns: tuple[Breakdown, Breakdown]) -> str:
    """The scoring report as plain text: per seat every building (position, tile, base
    points, doubled or not, how counted), every scored road, treasures, totals, the winner."""
    out: list[str] = []
    names = ((_("you (south)"), _("Heinrich (north)")) if sheet.solo
             else (_("south (seat 0)"), _("north (seat 1)")))
    for seat, bd in enumerate(breakdowns):
        out.append(ngettext("{player}: {n} point", "{player}: {n} points", int(bd.total)).format(
            player=names[seat], n=bd.total))
        for x in buildings_of(bd):
            t = tiles.tiles[x.tile]
            why = ""
            if x.doubled:
                why = (_(" x2 (one of his 3 best)") if sheet.solo and seat == 1
                       else _(" x2 (own troop)"))
            out.append(f"  ({x.position[0]}, {x.position[1]}) {type_name(t.type)} [{t.id}]: {x.base}"
                       f"{why} = {x.points}   {x.detail}")
        for r in roads_of(bd):
            ends = " ".join(f"({p[0]}, {p[1]})" for p in r.road.tiles)
            out.append(_("  road over {tiles}: buildings south {south}, north {north} -> "
                         "{points}").format(tiles=ends, south=r.road.buildings[0],
                                            north=r.road.buildings[1], points=r.points))
        treasures = treasures_of(bd)
        if treasures:
            out.append(_("  treasures left: {n} x 5 = {points}").format(
                n=treasures, points=bd.points("treasures")))
        sums = {"buildings": bd.points("building"), "roads": bd.points("road"),
                "treasures": bd.points("treasures"), "total": bd.total}
        out.append((_("  buildings {buildings} + roads {roads} + treasures {treasures} = "
                      "{total}") if treasures else
                    _("  buildings {buildings} + roads {roads} = {total}")).format(**sums))
    if not sheet.roads:
        out.append(_("roads not scored (roads off)"))
    out.append(_("Result: {result}").format(result=winner(sheet, breakdowns)[1]))
    return "\n".join(out) + "\n"


def score_text(text: str, tiles: TileSet, *, source: str = "<text>",
               roads: bool | None = None) -> tuple[ScoreSheet, tuple[Breakdown, Breakdown]]:
    """Parse and score a landscape text: ``(sheet, (breakdown of seat 0, of seat 1))``.

    Raises:
        NotationError: as :func:`parse_landscape`.
    """
    sheet = parse_landscape(text, tiles, source=source)
    return sheet, score_sheet(sheet, tiles, roads=roads)


#: Three-letter abbreviations of the building types for :func:`format_grid`.
ABBREVIATIONS = {
    "inn": "Inn", "market": "Mkt", "pilgrimage-site": "Pil", "robber-barony": "Rob",
    "mill": "Mil", "mine": "Min", "cowshed": "Cow", "bakery": "Bak", "encampment": "Enc",
    "smithy": "Smi", "lodge": "Lod", "farm": "Frm", "sawmill": "Saw", "quarry": "Qry",
    "trading-post": "Trd", "cathedral": "Cat", "siege-tower": "Sie", "stronghold": "Str",
    "watchtower": "Wat", "garrison": "Gar", "basket-shop": "Bsk", "pottery": "Pot",
    "cooperage": "Coo", "guildhall": "Gld",
}
COLOUR_LETTERS = {"green": "g", "grey": "s", "yellow": "y"}


def format_grid(tiles: TileSet, landscape: Landscape, troops: Troops) -> str:
    """The landscape as a plain-text grid, north at the top, one 7-character cell per space.

    A cell reads ``ABBR`` (3 letters, e.g. ``Inn``; ``...`` for open terrain), then ``^``
    for a south building (its top edge faces north) or ``v`` for a north building (turned),
    then the colour (``g`` green, ``s`` grey/stone, ``y`` yellow), then ``S``/``N`` for a
    troop. Rows are labelled with y, columns with x.
    """
    if not landscape:
        return _("(empty landscape)") + "\n"
    xs = [x for x, _ in landscape]
    ys = [y for _, y in landscape]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    width = 7
    lines = ["     " + "".join(f"{x:^{width}}" for x in range(x0, x1 + 1))]
    for y in range(y1, y0 - 1, -1):
        cells = []
        for x in range(x0, x1 + 1):
            pt = landscape.get((x, y))
            if pt is None:
                cells.append(" " * width)
                continue
            t = tiles.tiles[pt.tile]
            name = ABBREVIATIONS[t.type] if pt.building else "..."
            arrow = ("^" if pt.owner == 0 else "v") if pt.building else " "
            troop = troops.get((x, y))
            mark = " " if troop is None else "SN"[troop]
            cells.append(f"{name}{arrow}{COLOUR_LETTERS[t.colour]}{mark} ")
        lines.append(f"{y:>4} " + "".join(cells).rstrip())
    return "\n".join(lines) + "\n"


def format_landscape(tiles: TileSet, landscape: Landscape, troops: Troops, *,
                     roads: bool = True, treasures_on_landscape: tuple[Pos, ...] = (),
                     treasures_in_pile: int | None = None) -> str:
    """Write a landscape in the score format (tiles by id), e.g. to save a finished game;
    ``parse_landscape`` reads it back to the same landscape. ``treasures_in_pile`` not None
    writes a solo sheet."""
    lines = ["# Two Heirs final landscape (x east, y north; south = seat 0, north = seat 1)",  # i18n: no
             "# x y tile side [troop]"]
    for pos in sorted(landscape):
        pt = landscape[pos]
        # open terrain has no owner, a building has one (PlacedTile)
        side = "down" if pt.owner is None else SIDE_WORDS[pt.owner]
        troop = troops.get(pos)
        lines.append(f"{pos[0]} {pos[1]} {tiles.tiles[pt.tile].id} {side}"
                     + ("" if troop is None else f" {SIDE_WORDS[troop]}"))
    if not roads:
        lines.append("roads off")  # i18n: no (the score format)
    if treasures_in_pile is not None:
        lines.append(f"solo {treasures_in_pile}")
        lines.extend(f"treasure {p[0]} {p[1]}" for p in treasures_on_landscape)
    return "\n".join(lines) + "\n"


__all__ = ["ScoreSheet", "parse_landscape", "score_sheet", "score_text", "winner",
           "format_breakdown", "format_landscape", "format_grid", "TROOPS_PER_SEAT",
           "ABBREVIATIONS"]
