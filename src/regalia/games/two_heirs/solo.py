"""Two Heirs solo mode: Heinrich's decisions, as pure functions of the position.

Source: the German solo rulebook ("SOLOMODUS", ``two-heirs.rulebook-and-solo.de.txt``), its
English rendering ``two-heirs.solo.en.md``. Heinrich is seat 1 (his buildings are "turned so
that it is upside down for you"); the human is seat 0. Positions are in the table frame of
:mod:`.landscape` (x east, y north; the human sits at the south edge, so the "top edge" of
the human's building faces north). Rulings: ``docs/rulings/two-heirs.md`` (S9 to S13).

Functions:

* :func:`heinrich_take` -- Play 1: which reserve slot Heinrich takes.
* :func:`heinrich_placement` / :func:`heinrich_placement_option` -- Play 2: where he builds
  (options A to D).
* :func:`heinrich_troop` -- Play 4: which of his troops moves onto the new building.
* :func:`treasure_met` / :func:`met_treasures` -- "Treasures and how to remove them".
"""

from __future__ import annotations

from typing import Mapping, Sequence

from .components import TileSet, Treasure
from .landscape import (DIRECTIONS, NEIGHBOURS8, Landscape, Pos, cell_offset, tables)

HUMAN = 0
HEINRICH = 1
#: Ruling S12: Heinrich's 3 troops are told apart by a terrain colour each; troop ``k``
#: stands for ``HEINRICH_TROOP_COLOURS[k]``.
HEINRICH_TROOP_COLOURS: tuple[str, str, str] = ("green", "grey", "yellow")
#: Option letters of :func:`heinrich_placement_option`.
OPTIONS = ("A", "B", "C", "D")


def heinrich_take(tiles: TileSet, reserve_slots: Sequence[int | None], shield: int,
                  supply_top_colour: str | None) -> int | None:
    """The reserve slot Heinrich takes his building from (solo rules, Play 1).

    "Take 1 building for Heinrich from the royal reserve, counting clockwise from the royal
    shield. Heinrich always has unlimited reach. Take: a) the first building of the same
    colour as the top tile of the shared supply; b) if there is no such building, or the
    shared supply is empty, the first building of the reserve."

    Args:
        tiles: the tile set.
        reserve_slots: the 7 reserve slots, indexed by slot number, numbered clockwise; each
            a tile index, or None (the shield's slot, or an empty slot in the final round).
        shield: the slot number of the royal shield (0 <= shield < len(reserve_slots)).
        supply_top_colour: the colour of the shared supply's top tile (``green``, ``grey``,
            ``yellow``; the backs show it as open terrain), None if the supply is empty.

    Returns:
        The slot number to take from; None if the reserve holds no tile.

    Raises:
        ValueError: ``shield`` out of range, or an unknown colour.
    """
    n = len(reserve_slots)
    if not 0 <= shield < n:
        raise ValueError(f"shield slot {shield} is not one of the {n} reserve slots")  # i18n: no
    if supply_top_colour not in (None, "green", "grey", "yellow"):
        raise ValueError(f"unknown colour {supply_top_colour!r}; expected green, grey, "
                         "yellow or None (supply empty)")  # i18n: no
    colour = tables(tiles).colour
    first = None
    for k in range(1, n + 1):
        slot = (shield + k) % n
        t = reserve_slots[slot]
        if t is None:
            continue
        if first is None:
            first = slot
            if supply_top_colour is None:
                return slot
        if colour[t] == supply_top_colour:
            return slot
    return first


def heinrich_placement_option(tiles: TileSet, landscape: Landscape, last_built: Pos,
                              tile: int) -> tuple[str, Pos | None]:
    """Where Heinrich places ``tile`` (solo rules, Play 2), and by which option.

    "b) adjacent (diagonals included) to the building that you placed last for yourself;
    c) to find the space, start at the top edge of your last placed building and take the
    first possible space going clockwise. The tile must either A. continue one of the roads
    of your last built building, or, if that is not possible, B. block a road of your last
    placed building, or, if that is not possible, C. go on the first empty space adjacent
    (diagonals included) to your last built building; or, if none of A, B, C is possible,
    D. be removed from the game without being placed." "If you have not built any building
    yet, Heinrich places his buildings adjacent to the starting tile."

    Ruling S10: A takes the first empty space (clockwise from the top: north, east, south,
    west) beyond an edge where ``last_built`` has a road end and where ``tile``, turned to
    face Heinrich, has a road end on the shared edge (the road continues). B takes the first
    empty space beyond a road end of ``last_built`` (the tile, having no road end there,
    ends the road). C takes the first empty of the 8 spaces clockwise from the one beyond
    the top edge: N, NE, E, SE, S, SW, W, NW (the human's top edge faces north). D: none.

    Args:
        landscape: the landscape (``last_built`` must be in it).
        last_built: the human's last built building, or the starting tile.
        tile: index of the building Heinrich took.

    Returns:
        ``(option, position)``: option ``"A"``/``"B"``/``"C"`` with the position, or
        ``("D", None)``.

    Raises:
        ValueError: ``last_built`` is not a tile of the landscape.
    """
    here = landscape.get(last_built)
    if here is None:
        raise ValueError(f"last built position {last_built} holds no tile")  # i18n: no
    tt = tables(tiles)
    x, y = last_built
    # a building has an owner, open terrain none (PlacedTile)
    mask = tt.road_mask[here.owner][here.tile] if here.owner is not None else 0
    new_mask = tt.road_mask[HEINRICH][tile]
    if mask:
        block = None
        for d in range(4):
            if not mask & (1 << d):
                continue
            dx, dy = DIRECTIONS[d]
            q = (x + dx, y + dy)
            if q in landscape:
                continue
            if new_mask & (1 << ((d + 2) % 4)):
                return "A", q
            if block is None:
                block = q
        if block is not None:
            return "B", block
    for dx, dy in NEIGHBOURS8:
        q = (x + dx, y + dy)
        if q not in landscape:
            return "C", q
    return "D", None


def heinrich_placement(tiles: TileSet, landscape: Landscape, last_built: Pos,
                       tile: int) -> Pos | None:
    """The position where Heinrich builds ``tile`` (turned to face him, owner seat 1), or
    None (option D: "be removed from the game without being placed"). See
    :func:`heinrich_placement_option`."""
    return heinrich_placement_option(tiles, landscape, last_built, tile)[1]


def heinrich_troop(tiles: TileSet, tile: int) -> int:
    """Which of Heinrich's 3 troops moves onto his new building (solo rules, Play 4: "Move
    1 of Heinrich's troops onto the building just built, always the troop whose colour
    matches the tile").

    Ruling S12: each of Heinrich's 3 troops stands for one terrain colour
    (:data:`HEINRICH_TROOP_COLOURS`); the troop of the tile's colour moves there, from
    beside the play area or from wherever it stood. Returns the troop's index 0, 1 or 2.
    """
    return HEINRICH_TROOP_COLOURS.index(tables(tiles).colour[tile])


def _matches(colour: str, wanted: str | None) -> bool:
    return wanted == "any" or colour == wanted


def treasure_met(treasure: Treasure, position: Pos, landscape: Landscape,
                 tiles: TileSet) -> bool:
    """Whether the human meets the condition of ``treasure`` lying at ``position``
    (solo rules, "Treasures and how to remove them").

    "Vertical: the treasure's column holds at least 2 tiles of the colour/kind shown. The
    building carrying the treasure does not count. Horizontal: the treasure's row holds at
    least 2 tiles of the colour/kind shown. [...] Formation: at least 2 tiles around the
    treasure stand in the formation shown. A condition that shows brown tiles is met by any
    colour/kind."

    Ruling S11: "colour/kind" is the tile colour ("Tile/Resource type"), buildings of
    either owner and open terrain alike; a row or column is the whole line, gaps allowed;
    a formation is met when every cell it shows holds a tile of the cell's colour. Cells
    are in the human's frame (treasures are "turned towards you": ``N`` is north).
    """
    colour = tables(tiles).colour
    px, py = position
    if treasure.kind == "formation":
        for cell in treasure.cells or ():
            dx, dy = cell_offset(cell.at, HUMAN)
            pt = landscape.get((px + dx, py + dy))
            if pt is None or not _matches(colour[pt.tile], cell.colour):
                return False
        return True
    wanted = treasure.colour
    n = 0
    vertical = treasure.kind == "vertical"
    for (x, y), pt in landscape.items():
        if (x == px and y != py) if vertical else (y == py and x != px):
            if _matches(colour[pt.tile], wanted):
                n += 1
                if n >= 2:
                    return True
    return False


def met_treasures(tiles: TileSet, landscape: Landscape,
                  treasures_at: Mapping[Pos, Treasure]) -> tuple[Pos, ...]:
    """The positions (sorted) of the treasures whose condition the landscape meets: the
    ones the human removes now ("If you already meet a treasure's condition when it is
    placed, remove it at once")."""
    return tuple(sorted(p for p, t in treasures_at.items()
                        if treasure_met(t, p, landscape, tiles)))


__all__ = ["HUMAN", "HEINRICH", "HEINRICH_TROOP_COLOURS", "OPTIONS", "heinrich_take",
           "heinrich_placement", "heinrich_placement_option", "heinrich_troop",
           "treasure_met", "met_treasures"]
