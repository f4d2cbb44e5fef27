"""Two Heirs as plain text: the landscape grid, the royal reserve, hands and troops.

The terminal front end (``regalia.cli.two_heirs``) colours and lays out what these
functions return; they use no terminal library. What they show is built from a seat's
``observation(seat)`` (:func:`seat_observation`) and the game's public component data
(the tiles' roads), and moves from the typed actions (``state.decode``), so a front end
never reads the state's fields and cannot show what the seat may not see.

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
from typing import TYPE_CHECKING, Any, Mapping

from regalia.core.breakdown import Breakdown

from . import svg
from regalia.core.i18n import _, ngettext, pgettext

from .components import (RESOURCE_OF_COLOUR, TileSet, colour_name, direction_name,
                         resource_name, type_name)
from .geometry import DIRS
from .landscape import Pos, edge_direction

if TYPE_CHECKING:
    from regalia.core.state import State

    from .state import TwoHeirsState

CELL_WIDTH = 7
SEAT_NAMES = ("white", "blue")     # the colours' ids; in words: seat_colour_name


def seat_colour_name(seat: int) -> str:
    """Seat 0's and 1's colour in words, lower case, in the language in force (``white``,
    ``blue``; German ``weiß``, ``blau``)."""
    return (_("white"), _("blue"))[seat]


def side_name(seat: int) -> str:
    """Where seat 0 and 1 sit, in words (``south``, ``north``; German ``Süden``,
    ``Norden``)."""
    return (_("south"), _("north"))[seat]
SEAT_LETTERS = ("W", "B")
DIR_LETTERS = "NESW"


def _short_names() -> dict[str, str]:
    """Short names of the building types (at most 5 characters), in the language in force."""
    return {
        "inn": pgettext("building name, at most 5 letters", "Inn"),
        "market": pgettext("building name, at most 5 letters", "Markt"),
        "pilgrimage-site": pgettext("building name, at most 5 letters", "Pilgr"),
        "robber-barony": pgettext("building name, at most 5 letters", "Robbr"),
        "mill": pgettext("building name, at most 5 letters", "Mill"),
        "mine": pgettext("building name, at most 5 letters", "Mine"),
        "cowshed": pgettext("building name, at most 5 letters", "Cowsh"),
        "bakery": pgettext("building name, at most 5 letters", "Bakry"),
        "encampment": pgettext("building name, at most 5 letters", "Camp"),
        "smithy": pgettext("building name, at most 5 letters", "Smith"),
        "lodge": pgettext("building name, at most 5 letters", "Lodge"),
        "farm": pgettext("building name, at most 5 letters", "Farm"),
        "sawmill": pgettext("building name, at most 5 letters", "Sawml"),
        "quarry": pgettext("building name, at most 5 letters", "Quarr"),
        "trading-post": pgettext("building name, at most 5 letters", "Trade"),
        "cathedral": pgettext("building name, at most 5 letters", "Cathd"),
        "siege-tower": pgettext("building name, at most 5 letters", "Siege"),
        "stronghold": pgettext("building name, at most 5 letters", "Strgh"),
        "watchtower": pgettext("building name, at most 5 letters", "Watch"),
        "garrison": pgettext("building name, at most 5 letters", "Garri"),
        "basket-shop": pgettext("building name, at most 5 letters", "Baskt"),
        "pottery": pgettext("building name, at most 5 letters", "Pottr"),
        "cooperage": pgettext("building name, at most 5 letters", "Coopr"),
        "guildhall": pgettext("building name, at most 5 letters", "Guild"),
    }


def _medium_names() -> dict[str, str]:
    """Longer names for wider cells (at most 7 characters), see :func:`fit_cell_width`."""
    return {
        "inn": pgettext("building name, at most 7 letters", "Inn"),
        "market": pgettext("building name, at most 7 letters", "Market"),
        "pilgrimage-site": pgettext("building name, at most 7 letters", "Pilgrim"),
        "robber-barony": pgettext("building name, at most 7 letters", "Robbers"),
        "mill": pgettext("building name, at most 7 letters", "Mill"),
        "mine": pgettext("building name, at most 7 letters", "Mine"),
        "cowshed": pgettext("building name, at most 7 letters", "Cowshed"),
        "bakery": pgettext("building name, at most 7 letters", "Bakery"),
        "encampment": pgettext("building name, at most 7 letters", "Camp"),
        "smithy": pgettext("building name, at most 7 letters", "Smithy"),
        "lodge": pgettext("building name, at most 7 letters", "Lodge"),
        "farm": pgettext("building name, at most 7 letters", "Farm"),
        "sawmill": pgettext("building name, at most 7 letters", "Sawmill"),
        "quarry": pgettext("building name, at most 7 letters", "Quarry"),
        "trading-post": pgettext("building name, at most 7 letters", "TradePo"),
        "cathedral": pgettext("building name, at most 7 letters", "Cathedr"),
        "siege-tower": pgettext("building name, at most 7 letters", "Siege"),
        "stronghold": pgettext("building name, at most 7 letters", "Strongh"),
        "watchtower": pgettext("building name, at most 7 letters", "Watchtw"),
        "garrison": pgettext("building name, at most 7 letters", "Garrisn"),
        "basket-shop": pgettext("building name, at most 7 letters", "Baskets"),
        "pottery": pgettext("building name, at most 7 letters", "Pottery"),
        "cooperage": pgettext("building name, at most 7 letters", "Coopery"),
        "guildhall": pgettext("building name, at most 7 letters", "Guild"),
    }


WIDE_CELL = 9
MARGIN = 6


def short_name(typ: str, cell_width: int = CELL_WIDTH) -> str:
    """A building type's name as it fits a cell of ``cell_width`` (arrow included)."""
    return (_medium_names() if cell_width >= WIDE_CELL else _short_names())[typ]


def fit_cell_width(state: "TwoHeirsState", columns: int, mark_placements: bool = True,
                   viewer: int | None = None) -> int:
    """The widest cell (:data:`WIDE_CELL` or :data:`CELL_WIDTH`) with which the landscape,
    its coordinates and margin included, fits in ``columns`` text columns."""
    n = len(landscape_grid(state, mark_placements, viewer=viewer).xs)
    return WIDE_CELL if MARGIN + n * WIDE_CELL <= columns else CELL_WIDTH


def names_key(grid: "Grid", cell_width: int = CELL_WIDTH) -> list[tuple[str, str]]:
    """``(short, full)`` for every building name on ``grid`` that the cells shorten."""
    out: dict[str, str] = {}
    for row in grid.cells:
        for c in row:
            if c.type and short_name(c.type, cell_width) != type_name(c.type):
                out[short_name(c.type, cell_width)] = type_name(c.type)
    return sorted(out.items())


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
    type: str | None = None


@dataclass(frozen=True)
class Grid:
    """The landscape's bounding box (one space of margin) as rows of :class:`Cell`, north
    first; ``xs`` and ``ys`` are the column and row coordinates."""

    xs: tuple[int, ...]
    ys: tuple[int, ...]
    cells: tuple[tuple[Cell, ...], ...]


def road_text(tiles: TileSet, tile: str, owner: int) -> str:
    """The road ends of building ``tile`` (an id) placed by seat ``owner``, in table
    directions: ``NS`` (one section), ``ns`` (two single ends), ``nesw``, ``NE/SW`` (two
    sections), or ''."""
    singles, multi = [], []
    for section in tiles.by_id(tile).roads:
        dirs = sorted(edge_direction(e, owner) for e in section.edges)
        if len(dirs) == 1:
            singles.append(dirs[0])
        else:
            multi.append("".join(DIR_LETTERS[d] for d in dirs))
    single = "".join(DIR_LETTERS[d].lower() for d in sorted(singles))
    return "/".join(multi + ([single] if single else []))


def seat_observation(state: "State", viewer: int | None = None) -> dict[str, Any]:
    """``state.observation`` of the seat ``viewer`` (None or a negative seat: a spectator,
    who sees what seat 0 sees: the face-down starting tile stays hidden on the table)."""
    return state.observation(0 if viewer is None or viewer < 0 else viewer)


def breakdowns(obs: Mapping[str, Any]) -> tuple[Breakdown, Breakdown]:
    """Both sides' scores as the game would end now, itemised, read off a seat's
    observation (``seat_observation``): seat 0 and seat 1, or the human and Heinrich by
    his solo scoring, treasures left included (:func:`.scoring.score_landscape`,
    :func:`.scoring.score_heinrich`). Equal to the state's ``breakdowns()``; the drawing's
    score table reads the same (:func:`.svg.breakdowns`)."""
    return svg.breakdowns(obs)


def placement_spaces(obs: dict[str, Any]) -> set[Pos]:
    """The empty spaces where the player to move may place a tile, from an observation:
    "orthogonally or diagonally adjacent to a tile occupied by one of your troops"
    (Action B); empty outside phase ``play``."""
    if obs["phase"] != "play":
        return set()
    taken = {(t["x"], t["y"]) for t in obs["landscape"]}
    out: set[Pos] = set()
    for pos in obs["troops"][obs["current_player"]]:
        if isinstance(pos, list):
            for dx, dy in DIRS:
                space = (pos[0] + dx, pos[1] + dy)
                if space not in taken:
                    out.add(space)
    return out


def landscape_grid(state: "TwoHeirsState", mark_placements: bool = True,
                   cell_width: int = CELL_WIDTH, viewer: int | None = None) -> Grid:
    """The landscape as ``viewer`` sees it (:func:`seat_observation`), as a :class:`Grid`
    (:func:`grid_of`)."""
    return grid_of(seat_observation(state, viewer), state.game.tiles, mark_placements,
                   cell_width)


def grid_of(obs: dict[str, Any], tiles: TileSet, mark_placements: bool = True,
            cell_width: int = CELL_WIDTH) -> Grid:
    """The landscape of an observation as a :class:`Grid`; with ``mark_placements``, the
    empty spaces where the player to move may place a tile are marked ``+``.
    ``cell_width``: :data:`CELL_WIDTH` (5-letter names) or :data:`WIDE_CELL` (7-letter
    names, :func:`fit_cell_width`). ``tiles``: the game's tiles, for the roads."""
    land = {(t["x"], t["y"]): t for t in obs["landscape"]}
    spots = placement_spaces(obs) if mark_placements else set()
    pts = list(land) + list(spots) or [(0, 0)]
    x0, x1 = min(p[0] for p in pts) - 1, max(p[0] for p in pts) + 1
    y0, y1 = min(p[1] for p in pts) - 1, max(p[1] for p in pts) + 1
    troops_at: dict[Pos, str] = {}
    for seat, troops in enumerate(obs["troops"]):
        for k, pos in enumerate(troops):
            if isinstance(pos, list):
                letter = SEAT_LETTERS[seat]
                if obs["moved"] >> (3 * seat + k) & 1:
                    letter = letter.lower()
                at = (pos[0], pos[1])
                troops_at[at] = troops_at.get(at, "") + letter + ("*" if k == 0 else "")
    treasures = {(x, y) for x, y, _ in obs.get("treasures", {}).get("landscape", ())}
    rows = []
    for y in range(y1, y0 - 1, -1):
        row = []
        for x in range(x0, x1 + 1):
            tile = land.get((x, y))
            troops = troops_at.get((x, y), "") + ("$" if (x, y) in treasures else "")
            if tile is None:
                row.append(Cell(top="+" if (x, y) in spots else ".", middle="", bottom="",
                                colour=None, owner=None, placeable=(x, y) in spots))
                continue
            colour = tile["colour"]
            owner = tile["owner"]
            if owner is None:
                top = (pgettext("the starting tile, at most 6 letters", "start")
                       if tile["tile"] is None else "~" + resource_name(RESOURCE_OF_COLOUR[colour]))
                row.append(Cell(top=top[:CELL_WIDTH - 1], middle="", bottom=troops,
                                colour=colour, owner=None))
                continue
            arrow = "^" if owner == 0 else "v"
            row.append(Cell(top=f"{short_name(tile['type'], cell_width)}{arrow}",
                            middle=road_text(tiles, tile["tile"], owner)[:cell_width - 1],
                            bottom=troops, colour=colour, owner=owner, type=tile["type"]))
        rows.append(tuple(row))
    return Grid(xs=tuple(range(x0, x1 + 1)), ys=tuple(range(y1, y0 - 1, -1)),
                cells=tuple(rows))


def tile_text(tiles: TileSet, tile_id: str) -> str:
    """``Inn (travel-1) grey, 2 stone + 1 wheat, row, roads EW`` (roads as its owner places
    it, white's frame: top edge north)."""
    tile = tiles.by_id(tile_id)
    bits = [f"{type_name(tile.type)} ({tile.id}) {colour_name(tile.colour)}", str(tile.cost)]
    if tile.direction:
        bits.append(direction_name(tile.direction))
    if tile.target:
        bits.append(_("target {building}").format(building=type_name(tile.target)))
    if tile.formation:
        bits.append(_("pairs {pairs}").format(pairs=" ".join(str(p) for p in tile.formation)))
    if tile.roads:
        bits.append(_("roads {roads}").format(roads="|".join(str(s) for s in tile.roads)))
    return ", ".join(bits)


def troops_in_reserve(obs: Mapping[str, Any], seat: int) -> int:
    """How many of ``seat``'s troops stand in the royal reserve in an observation (the
    two-player tie-break: "the player with the most troops in the royal reserve wins")."""
    return sum(1 for t in obs["troops"][seat] if t == "reserve")


def reserve_lines(obs: dict[str, Any]) -> list[tuple[int | None, str, str | None]]:
    """The royal reserve of an observation, clockwise from the shield: ``(position or None,
    text, colour)``; position is the 1-based tile count used by ``take N``, None for an
    empty slot."""
    out: list[tuple[int | None, str, str | None]] = []
    for r in obs["reserve"]:
        if r["tile"] is None:
            out.append((None, _("(empty)"), None))
        else:
            out.append((r["position"], f"{type_name(r['type'])} ({r['tile']})", r["colour"]))
    return out


@dataclass(frozen=True)
class ChanceNote:
    """A chance outcome as one seat sees it.

    ``kind``: ``toss`` (who begins), ``top`` (the colour of the supply's top tile),
    ``reserve`` (a tile drawn face up into the royal reserve), ``start`` (the starting tile,
    face down: only its colour shows), ``treasure`` (solo: a treasure on Heinrich's
    building). ``text``: what the seat sees; ``setup``: before the first turn.
    """

    kind: str
    text: str
    setup: bool


def chance_note(state: "TwoHeirsState", action: int, viewer: int | None) -> ChanceNote:
    """The chance outcome ``action`` (about to be applied to ``state``) as ``viewer`` sees
    it, built from that seat's observation before and after it: the face-down starting tile
    is "a green tile", never its name. ``viewer`` None is a spectator who sees everything
    (a computer match): the starting tile is named there too."""
    seat = 0 if viewer is None or viewer < 0 else viewer
    before = state.observation(seat)
    after_state = state.clone()
    after_state.apply_action(action)
    after = after_state.observation(seat)
    setup = before["turn"] == 0
    phase = before["phase"]
    if phase == "toss":
        colour = state.decode(action).colour                  # the shield is public
        name = (pgettext("player colour as a noun", "white") if colour == "white" else
                pgettext("player colour as a noun", "blue"))
        return ChanceNote("toss", _("the royal shield shows {colour}: {colour} begins").format(
            colour=name), setup)
    if phase == "top":
        return ChanceNote("top", _("the supply's top tile shows a {colour} back").format(
            colour=colour_name(str(after["supply_top"]))), setup)
    if phase == "treasure":
        old = {tuple(t) for t in before["treasures"]["landscape"]}
        new = [t for t in after["treasures"]["landscape"] if tuple(t) not in old]
        if new:
            x, y, tid = new[0]
            return ChanceNote("treasure", _("treasure {treasure} is placed on Heinrich's "
                                            "building at {where}").format(
                treasure=tid, where=f"{x},{y}"), setup)
        gone = [t for t in after["treasures"]["removed"]
                if t not in before["treasures"]["removed"]]
        return ChanceNote("treasure", _("treasure {treasure} is drawn for Heinrich's "
                                        "building").format(treasure=gone[0] if gone else "")
                          .replace("  ", " "), setup)
    # a draw: onto the landscape (the starting tile) or into the royal reserve
    placed = {(t["x"], t["y"]) for t in before["landscape"]}
    for t in after["landscape"]:
        if (t["x"], t["y"]) not in placed:
            seen = t["tile"]
            if seen is None and viewer is None:   # a spectator sees the whole table
                seen = state.decode(action).tile
            colour = colour_name(t["colour"])
            what = (_("a {colour} tile").format(colour=colour) if seen is None
                    else _("a {colour} tile ({tile})").format(colour=colour, tile=seen))
            return ChanceNote("start", _("the starting tile lies face down at {where}: {what}")
                              .format(where=f"{t['x']},{t['y']}", what=what), setup)
    was = {r["slot"]: r["tile"] for r in before["reserve"]}
    for r in after["reserve"]:
        if r["tile"] is not None and was.get(r["slot"]) != r["tile"]:
            return ChanceNote("reserve", _("{building} ({tile}, {colour}) is drawn into the "
                                           "royal reserve").format(
                building=type_name(r["type"]), tile=r["tile"], colour=colour_name(r["colour"])),
                setup)
    return ChanceNote("other", _("a tile is drawn"), setup)


@dataclass(frozen=True)
class MoveGroup:
    """Legal moves of one kind, for a list of moves: ``kind`` (``take``, ``build`` ...);
    for ``build`` and ``expand`` one group per tile, ``label`` its name (``Inn
    (travel-1)``) and ``moves`` the spaces ``x,y``; otherwise ``label`` None and ``moves``
    the moves' notation."""

    kind: str
    label: str | None
    moves: tuple[str, ...]


def move_groups(state: "TwoHeirsState") -> list[MoveGroup]:
    """The legal moves of the player to move, grouped by kind (in the order of the action
    ids) and, for builds and expansions, by tile, from the typed actions
    (:meth:`~.state.TwoHeirsState.decode`)."""
    groups: dict[str, dict[str | None, list[str]]] = {}
    for a in state.legal_actions():
        d = state.decode(a)
        by_tile = groups.setdefault(d.kind, {})
        if d.kind in ("build", "expand") and d.at is not None:
            by_tile.setdefault(d.label, []).append(f"{d.at[0]},{d.at[1]}")
        else:
            by_tile.setdefault(None, []).append(d.notation)
    return [MoveGroup(kind, label, tuple(moves))
            for kind, by_tile in groups.items() for label, moves in by_tile.items()]


def setup_summary(notes: list[ChanceNote]) -> str:
    """The setup's chance outcomes in one line: who begins, how many tiles went into the
    royal reserve, the starting tile as the seat sees it."""
    parts = []
    for n in notes:
        if n.kind == "toss":
            parts.append(n.text)
    reserve = sum(1 for n in notes if n.kind == "reserve")
    if reserve:
        parts.append(ngettext("{n} tile is drawn into the royal reserve (see the board)",
                              "{n} tiles are drawn into the royal reserve (see the board)",
                              reserve).format(n=reserve))
    parts += [n.text for n in notes if n.kind in ("start", "treasure")]
    return _("Setup: {notes}.").format(notes="; ".join(parts))


__all__ = ["WIDE_CELL", "seat_colour_name", "side_name", "direction_name", "short_name", "fit_cell_width", "names_key", "ChanceNote",
           "chance_note", "setup_summary", "MoveGroup", "move_groups", "CELL_WIDTH", "Cell",
           "Grid", "landscape_grid", "grid_of", "placement_spaces",
           "seat_observation", "tile_text", "reserve_lines", "troops_in_reserve", "road_text", "SEAT_NAMES"]
