"""Two Heirs as plain text: the landscape grid, the royal reserve, hands and troops.

The terminal front end (``regalia.cli.two_heirs``) colours and lays out what these
functions return; they use no terminal library.

The grid is drawn in the table frame with north at the top: white (seat 0) sits at the
bottom edge, blue (seat 1; Heinrich in the solo game) at the top edge. Each space is three
text lines of :data:`CELL_WIDTH` - 1 characters:

* line 1: the building's short name and its orientation, ``^`` for a building whose top
  edge faces north (white's), ``v`` for one turned towards the north player (blue's); open
  terrain shows ``~`` and its resource (``~wood`` green, ``~stone`` grey, ``~wheat``
  yellow); the face-down starting tile ``start``;
* line 2: the road ends in table directions: a road section joining several edges in
  capitals (``NS`` a straight road, ``ESW`` a junction), a single road end in lower case
  (``ns``: two separate ends, ``nesw``: four), sections separated by ``/`` otherwise;
* line 3: the troops (``W`` white, ``B`` blue, ``*`` retinue; lower case: moved this turn)
  and ``$`` for a solo treasure.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .components import COLOURS, RESOURCE_OF_COLOUR, TYPE_NAMES
from .landscape import edge_direction

if TYPE_CHECKING:
    from .state import TwoHeirsState

CELL_WIDTH = 7
SEAT_NAMES = ("white", "blue")
SEAT_LETTERS = ("W", "B")
DIR_LETTERS = "NESW"

#: Short names of the building types (at most 5 characters).
SHORT = {
    "inn": "Inn", "market": "Markt", "pilgrimage-site": "Pilgr", "robber-barony": "Robbr",
    "mill": "Mill", "mine": "Mine", "cowshed": "Cowsh", "bakery": "Bakry",
    "encampment": "Camp", "smithy": "Smith", "lodge": "Lodge", "farm": "Farm",
    "sawmill": "Sawml", "quarry": "Quarr", "trading-post": "Trade", "cathedral": "Cathd",
    "siege-tower": "Siege", "stronghold": "Strgh", "watchtower": "Watch",
    "garrison": "Garri", "basket-shop": "Baskt", "pottery": "Pottr", "cooperage": "Coopr",
    "guildhall": "Guild",
}


@dataclass(frozen=True)
class Cell:
    """One drawn space: its two lines, its colour (``None`` for an empty space), its owner
    (0, 1, or None for open terrain / empty)."""

    top: str
    middle: str
    bottom: str
    colour: str | None
    owner: int | None
    placeable: bool = False


@dataclass(frozen=True)
class Grid:
    """The landscape's bounding box (one space of margin) as rows of :class:`Cell`, north
    first; ``xs`` and ``ys`` are the column and row coordinates."""

    xs: tuple[int, ...]
    ys: tuple[int, ...]
    cells: tuple[tuple[Cell, ...], ...]


def road_text(state: "TwoHeirsState", tile: int, owner: int) -> str:
    """A building's road ends in table directions: ``NS`` (one section), ``ns`` (two single
    ends), ``nesw``, ``NE/SW`` (two sections), or ''."""
    t = state.game.tiles.tiles[tile]
    singles, multi = [], []
    for section in t.roads:
        dirs = sorted(edge_direction(e, owner) for e in section.edges)
        if len(dirs) == 1:
            singles.append(dirs[0])
        else:
            multi.append("".join(DIR_LETTERS[d] for d in dirs))
    single = "".join(DIR_LETTERS[d].lower() for d in sorted(singles))
    return "/".join(multi + ([single] if single else []))


def landscape_grid(state: "TwoHeirsState", mark_placements: bool = True) -> Grid:
    """The landscape as a :class:`Grid`; with ``mark_placements``, the empty spaces where the
    player to move may place a tile are marked ``+``."""
    from .state import OPEN, cell_of, xy_of
    T = state.T
    board = state.board
    spots = (state.placement_cells(state.cur) if mark_placements and state.phase_name == "play"
             else {})
    pts = [xy_of(c) for c in board] + [xy_of(c) for c in spots] or [(0, 0)]
    x0, x1 = min(p[0] for p in pts) - 1, max(p[0] for p in pts) + 1
    y0, y1 = min(p[1] for p in pts) - 1, max(p[1] for p in pts) + 1
    troops_at: dict[int, str] = {}
    for i, pos in enumerate(state.troops):
        if pos >= 0:
            letter = SEAT_LETTERS[i // 3]
            if state.moved >> i & 1:
                letter = letter.lower()
            troops_at[pos] = troops_at.get(pos, "") + letter + ("*" if i % 3 == 0 else "")
    rows = []
    for y in range(y1, y0 - 1, -1):
        row = []
        for x in range(x0, x1 + 1):
            c = cell_of(x, y)
            code = board.get(c)
            troops = troops_at.get(c, "")
            if c in state.tre_board:
                troops += "$"
            if code is None:
                row.append(Cell(top="+" if c in spots else ".", middle="", bottom="",
                                colour=None, owner=None, placeable=c in spots))
                continue
            t, kind = code >> 2, code & 3
            colour = COLOURS[T.colour[t]]
            if kind == OPEN:
                top = ("start" if t == state.start_tile and c == cell_of(0, 0)
                       else "~" + RESOURCE_OF_COLOUR[colour])
                row.append(Cell(top=top[:CELL_WIDTH - 1], middle="", bottom=troops,
                                colour=colour, owner=None))
                continue
            arrow = "^" if kind == 0 else "v"
            row.append(Cell(top=f"{SHORT[T.types[t]]}{arrow}",
                            middle=road_text(state, t, kind)[:CELL_WIDTH - 1], bottom=troops,
                            colour=colour, owner=kind))
        rows.append(tuple(row))
    return Grid(xs=tuple(range(x0, x1 + 1)), ys=tuple(range(y1, y0 - 1, -1)),
                cells=tuple(rows))


def tile_text(state: "TwoHeirsState", t: int) -> str:
    """``Inn (travel-1) grey, 2 stone + 1 wheat, row, roads EW`` (roads as its owner places
    it, white's frame: top edge north)."""
    tile = state.game.tiles.tiles[t]
    bits = [f"{TYPE_NAMES[tile.type]} ({tile.id}) {tile.colour}", str(tile.cost)]
    if tile.direction:
        bits.append(tile.direction)
    if tile.target:
        bits.append(f"target {TYPE_NAMES[tile.target]}")
    if tile.formation:
        bits.append("pairs " + " ".join(str(p) for p in tile.formation))
    if tile.roads:
        bits.append("roads " + "|".join(str(s) for s in tile.roads))
    return ", ".join(bits)


def reserve_lines(state: "TwoHeirsState") -> list[tuple[int | None, str, str | None]]:
    """The royal reserve clockwise from the shield: ``(position or None, text, colour)``;
    position is the 1-based tile count used by ``take N``, None for an empty slot."""
    out = []
    for r in state.reserve_view():
        if r["tile"] is None:
            out.append((None, "(empty)", None))
        else:
            out.append((r["position"], f"{TYPE_NAMES[r['type']]} ({r['tile']})", r["colour"]))
    return out


__all__ = ["CELL_WIDTH", "Cell", "Grid", "SHORT", "landscape_grid", "tile_text",
           "reserve_lines", "road_text", "SEAT_NAMES"]
