"""Two Heirs landscapes: the table frame, placed tiles, per-tile tables and score breakdowns.

This module is the interface between the Two Heirs engine and the pure landscape functions
(scoring, roads, the ``score`` text format, Heinrich's decisions). Nothing here keeps game
state: every function takes the landscape it works on.

**Table frame.** Positions are ``(x, y)`` integer pairs; ``x`` grows to the east, ``y`` to
the north. Seat 0 sits at the south edge of the table, seat 1 at the north edge (rulebook,
Setup: "The players take seats on opposite sides of the table"). A building is placed "with
the bottom edge towards yourself. Your buildings will be upside down for your opponent"
(Action B.1), so:

* seat 0's buildings: the tile's top edge ``T`` faces north, its right edge ``R`` east, the
  formation cell ``N`` is the space to the north, ``E`` the space to the east;
* seat 1's buildings are turned by 180 degrees: ``T`` faces south, ``R`` west, the cell ``N``
  is the space to the south, ``E`` the space to the west;
* open terrain (a tile face down) belongs to no one and has no roads ("Open terrain does not
  count as a road section").

In solo games Heinrich is seat 1 and the human seat 0 (solo rules, Place the chosen building:
"turned so that it is upside down for you"); treasures are "turned towards you", so their
cells are in seat 0's frame.

**Types.**

* :class:`PlacedTile` ``(tile, building, owner)``: ``tile`` indexes ``TileSet.tiles``;
  ``building`` is True face up, False for open terrain; ``owner`` is the seat (0 or 1) of a
  building, None for open terrain.
* ``Landscape = Mapping[Pos, PlacedTile]``; ``Troops = Mapping[Pos, int]`` (position -> seat
  of the troop standing there; at the end of the game no two troops share a tile).
* :class:`BuildingScore` per building and :class:`RoadScore` per scored road, which
  :mod:`.scoring` itemises in a :class:`regalia.core.breakdown.Breakdown` per seat.

**Functions** built on these types (in :mod:`.scoring` and :mod:`.roads`, which import this
module; nothing is re-exported here, so there is no import cycle):

* ``score_landscape(tiles, landscape, troops, *, roads=True) -> (Breakdown, Breakdown)``
* ``score_totals(tiles, landscape, troops, *, roads=True) -> (int, int)`` (fast, no breakdown)
* ``score_heinrich(tiles, landscape, troops, treasures_on_landscape, treasures_in_pile, *,
  roads=True) -> (Breakdown, Breakdown)`` and ``score_heinrich_totals(...) -> (int, int)``
* ``road_networks(tiles, landscape) -> tuple[Road, ...]`` (:mod:`.roads`)

Here: ``tables(tiles) -> TileTables``, the per-tile tables, built once per ``TileSet``.

Rulings on unclear sentences: ``docs/rulings/two-heirs.md`` ("Scoring and solo rulings").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from .components import COLOURS, OFFSETS, TileSet

Pos = tuple[int, int]

#: Table directions, clockwise from north: index 0 N, 1 E, 2 S, 3 W, as (dx, dy).
DIRECTIONS: tuple[Pos, ...] = ((0, 1), (1, 0), (0, -1), (-1, 0))
DIRECTION_NAMES: tuple[str, ...] = ("north", "east", "south", "west")
#: The 8 neighbouring spaces clockwise from north (N, NE, E, SE, S, SW, W, NW), as (dx, dy).
NEIGHBOURS8: tuple[Pos, ...] = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0),
                                (-1, 1))
#: Tile edge letter -> index in ``EDGES`` order (T R B L), clockwise like ``DIRECTIONS``.
_EDGE_INDEX = {"T": 0, "R": 1, "B": 2, "L": 3}
SEATS = (0, 1)
SEAT_SIDES = ("south", "north")


@dataclass(frozen=True, slots=True)
class PlacedTile:
    """A tile in the landscape.

    Attributes:
        tile: index into ``TileSet.tiles``.
        building: True if face up (a building), False if face down (open terrain).
        owner: the seat (0 or 1) whose bottom edge the building faces; None for open terrain.

    Raises:
        ValueError: a building without an owner in (0, 1), or open terrain with an owner.
    """

    tile: int
    building: bool
    owner: int | None

    def __post_init__(self) -> None:
        if self.building:
            if self.owner not in SEATS:
                raise ValueError(f"a building needs an owner seat 0 or 1, not {self.owner!r}")  # i18n: no
        elif self.owner is not None:
            raise ValueError("open terrain (face down) belongs to no one: owner must be None, "
                             f"not {self.owner!r}")  # i18n: no


Landscape = Mapping[Pos, PlacedTile]
Troops = Mapping[Pos, int]


def edge_direction(edge: str, owner: int) -> int:
    """The table direction (index into :data:`DIRECTIONS`) that tile edge ``edge`` (``T R B
    L``) faces on a building of seat ``owner`` (seat 0: ``T`` north; seat 1: ``T`` south)."""
    return (_EDGE_INDEX[edge] + 2 * owner) % 4


def cell_offset(cell: str, owner: int) -> Pos:
    """The table offset ``(dx, dy)`` of compass cell ``cell`` (``N`` ... ``NW``, tile frame)
    around a building of seat ``owner``: seat 0 ``N`` = (0, 1), seat 1 ``N`` = (0, -1)."""
    dcol, drow = OFFSETS[cell]
    return (dcol, -drow) if owner == 0 else (-dcol, drow)


# ----------------------------------------------------------------- per-tile tables
@dataclass(frozen=True, slots=True)
class TileTables:
    """Everything scoring needs about each tile, precomputed once per ``TileSet``.

    Indexed by tile index (``TileSet.tiles`` order); per-seat tables by ``[owner][tile]``.

    Attributes:
        colour: the tile's colour name (front and back).
        colour_index: index into ``components.COLOURS`` (green 0, grey 1, yellow 2).
        type: the building type (``"inn"`` ...).
        direction: ``"row"``/``"column"`` (Inn, Watchtower), else None. A half turn maps a
            row to a row, so this is the same for both owners.
        target: Trading Post / Guildhall target type, else None.
        sections: ``[owner][tile]``: the road sections as bitmasks of table directions
            (bit ``d`` set: a road end on the side facing ``DIRECTIONS[d]``).
        road_mask: ``[owner][tile]``: the union of ``sections``.
        formation: ``[owner][tile]``: craft pairs as ``((dx, dy, colour|None), (dx, dy,
            colour|None))`` in table offsets; empty for other types.
        craft_colours: craft types' two colours (``CRAFT_COLOURS``), else None.
    """

    colour: tuple[str, ...]
    colour_index: tuple[int, ...]
    type: tuple[str, ...]
    direction: tuple[str | None, ...]
    target: tuple[str | None, ...]
    sections: tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]
    road_mask: tuple[tuple[int, ...], tuple[int, ...]]
    formation: tuple[tuple[tuple[Any, ...], ...], tuple[tuple[Any, ...], ...]]
    craft_colours: tuple[tuple[str, str] | None, ...]


_TABLES: dict[int, tuple[TileSet, TileTables]] = {}


def tables(tiles: TileSet) -> TileTables:
    """The :class:`TileTables` of ``tiles``, built on first use and cached per ``TileSet``
    object (the cache keeps the ``TileSet`` alive, so an id is never reused)."""
    hit = _TABLES.get(id(tiles))
    if hit is not None and hit[0] is tiles:
        return hit[1]
    built = _build_tables(tiles)
    _TABLES[id(tiles)] = (tiles, built)
    return built


def _build_tables(tiles: TileSet) -> TileTables:
    ts = tiles.tiles
    sections = []
    masks = []
    formations = []
    for owner in SEATS:
        sec_o, mask_o, form_o = [], [], []
        for t in ts:
            secs = []
            for s in t.roads:
                m = 0
                for e in s.edges:
                    m |= 1 << edge_direction(e, owner)
                secs.append(m)
            sec_o.append(tuple(secs))
            total = 0
            for m in secs:
                total |= m
            mask_o.append(total)
            pairs = []
            for pair in t.formation or ():
                a, b = pair.cells
                pairs.append(((*cell_offset(a.at, owner), a.colour),
                              (*cell_offset(b.at, owner), b.colour)))
            form_o.append(tuple(pairs))
        sections.append(tuple(sec_o))
        masks.append(tuple(mask_o))
        formations.append(tuple(form_o))
    return TileTables(
        colour=tuple(t.colour for t in ts),
        colour_index=tuple(COLOURS.index(t.colour) for t in ts),
        type=tuple(t.type for t in ts),
        direction=tuple(t.direction for t in ts),
        target=tuple(t.target for t in ts),
        sections=(sections[0], sections[1]),
        road_mask=(masks[0], masks[1]),
        formation=(formations[0], formations[1]),
        craft_colours=tuple(t.craft_colours() for t in ts),
    )


# ----------------------------------------------------------------- breakdowns
@dataclass(frozen=True, slots=True)
class BuildingScore:
    """One building's points.

    Attributes:
        position: where it stands (table frame).
        tile: index into ``TileSet.tiles``.
        type: its building type.
        base: the points its rulebook text gives.
        doubled: True if doubled (an own troop on it; for Heinrich: one of his 3 best).
        points: ``2 * base`` if doubled, else ``base``.
        detail: how ``base`` was counted, in words (e.g. ``"1 + 3 tiles in its row"``).
    """

    position: Pos
    tile: int
    type: str
    base: int
    doubled: bool
    points: int
    detail: str


@dataclass(frozen=True, slots=True)
class Road:
    """A road: connected road sections of face-up buildings ("Each road is scored
    separately").

    Attributes:
        tiles: the distinct positions of the tiles it runs over, sorted.
        buildings: how many of those tiles are buildings of seat 0 and of seat 1.
    """

    tiles: tuple[Pos, ...]
    buildings: tuple[int, int]

    @property
    def scored(self) -> bool:
        """"A road is only considered for scoring if it connects buildings on at least 2
        tiles"."""
        return len(self.tiles) >= 2

    def points(self, seat: int) -> int:
        """What ``seat`` scores for the road: majority minus minority, 0 on a tie or for
        the minority, 0 if the road is not scored."""
        if not self.scored:
            return 0
        mine, theirs = self.buildings[seat], self.buildings[1 - seat]
        return mine - theirs if mine > theirs else 0


@dataclass(frozen=True, slots=True)
class RoadScore:
    """One scored road as seen by one seat: the road and the points the seat scores."""

    road: Road
    points: int


__all__ = ["Pos", "Landscape", "Troops", "PlacedTile", "TileTables", "tables",
           "BuildingScore", "Road", "RoadScore", "DIRECTIONS", "DIRECTION_NAMES",
           "NEIGHBOURS8", "SEATS", "SEAT_SIDES", "edge_direction", "cell_offset"]
