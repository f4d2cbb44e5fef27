"""Two Heirs roads: the road networks of a landscape (rulebook, Scoring, "Roads").

"A road is only considered for scoring if it connects buildings on at least 2 tiles. Each
road is scored separately. Both players count how many of their buildings they connected
using the road in question. The player who connected the most buildings subtracts the number
of their opponent's buildings on the same road from their total. [...] If there's a tie,
neither player scores points for the road."

"Open terrain does not count as a road section and does not connect roads. A tile with 4
separate road sections does not connect all of its roads. Instead, it acts as an end point
for each of the 4 roads connecting to it." And Action B.1: "Any roads that might be on the
tile don't have to be aligned with roads on adjacent tiles."

Model: a road section (``Tile.roads``, turned with its owner, see :mod:`.landscape`) is a
node; two sections are joined when they lie on orthogonally adjacent face-up buildings and
both have a road end on the shared edge. A road is a connected set of sections; its tiles
are the distinct positions it runs over (a tile whose two separate sections belong to the
same road counts once). Rulings: ``docs/rulings/two-heirs.md`` (S1, S4).
"""

from __future__ import annotations

from .components import TileSet
from .landscape import DIRECTIONS, Landscape, Pos, Road, TileTables, tables


#: The directions (0 N, 1 E, 2 S, 3 W) set in each 4-bit mask.
_DIRS_OF_MASK = tuple(tuple(d for d in range(4) if m >> d & 1) for m in range(16))


def _components(tt: TileTables, landscape: Landscape
                ) -> tuple[list[int], list[Pos], list[int], dict[tuple[Pos, int], int]]:
    """Union-find over the road sections of face-up buildings.

    Returns ``(root, pos_of, owner_of, node_of)``: per section node its root node, position
    and owner; ``node_of[(position, section_index)]`` = node.
    """
    parent: list[int] = []
    pos_of: list[Pos] = []
    owner_of: list[int] = []
    node_of: dict[tuple[Pos, int], int] = {}
    ends: dict[tuple[Pos, int], int] = {}
    sections = tt.sections
    for pos, pt in landscape.items():
        if pt.owner is None:  # open terrain (a building has an owner: PlacedTile)
            continue
        secs = sections[pt.owner][pt.tile]
        for i, m in enumerate(secs):
            nid = len(parent)
            parent.append(nid)
            pos_of.append(pos)
            owner_of.append(pt.owner)
            node_of[(pos, i)] = nid
            for d in _DIRS_OF_MASK[m]:
                ends[(pos, d)] = nid
    for (pos, d), a in ends.items():
        if d > 1:               # join across the north and east edges: each edge once
            continue
        dx, dy = DIRECTIONS[d]
        b = ends.get(((pos[0] + dx, pos[1] + dy), d + 2))
        if b is None:
            continue
        while parent[a] != a:
            a = parent[a]
        while parent[b] != b:
            b = parent[b]
        if a != b:
            parent[a] = b
    root = []
    for n in range(len(parent)):
        r = n
        while parent[r] != r:
            r = parent[r]
        parent[n] = r
        root.append(r)
    return root, pos_of, owner_of, node_of


class RoadIndex:
    """The roads of one landscape, computed once: ``tiles_of[root]`` maps each road (by its
    root node) to ``{position: owner}`` of its distinct tiles; ``road_of[(position,
    section_index)]`` gives a section's root."""

    __slots__ = ("tiles_of", "road_of")

    def __init__(self, tt: TileTables, landscape: Landscape):
        root, pos_of, owner_of, node_of = _components(tt, landscape)
        tiles_of: dict[int, dict[Pos, int]] = {}
        for n, r in enumerate(root):
            tiles_of.setdefault(r, {})[pos_of[n]] = owner_of[n]
        self.tiles_of = tiles_of
        self.road_of = {key: root[n] for key, n in node_of.items()}

    def points(self) -> tuple[int, int]:
        """Road points of seat 0 and seat 1."""
        p0 = p1 = 0
        for tiles in self.tiles_of.values():
            if len(tiles) >= 2:
                b = sum(tiles.values())
                a = len(tiles) - b
                if a > b:
                    p0 += a - b
                elif b > a:
                    p1 += b - a
        return p0, p1

    def roads(self) -> list[Road]:
        """:class:`~.landscape.Road` objects in order of their first tile."""
        return networks_from(self)[0]


def networks_from(index: RoadIndex) -> tuple[list[Road], dict[tuple[Pos, int], int]]:
    """``(roads, section_road)`` of a :class:`RoadIndex` (see :func:`networks`)."""
    tiles_of = index.tiles_of
    built = []
    for r, tiles in tiles_of.items():
        positions = tuple(sorted(tiles))
        ones = sum(tiles.values())
        built.append((Road(tiles=positions, buildings=(len(positions) - ones, ones)), r))
    built.sort(key=lambda rr: rr[0].tiles)
    order = {r: i for i, (_, r) in enumerate(built)}
    section_road = {key: order[r] for key, r in index.road_of.items()}
    return [road for road, _ in built], section_road


def networks(tt: TileTables, landscape: Landscape
             ) -> tuple[list[Road], dict[tuple[Pos, int], int]]:
    """All roads of ``landscape`` and which road each section belongs to.

    Returns:
        ``(roads, section_road)``: ``roads`` in order of their first (smallest) tile;
        ``section_road[(position, section_index)]`` = index into ``roads``.
    """
    return networks_from(RoadIndex(tt, landscape))


def road_networks(tiles: TileSet, landscape: Landscape) -> tuple[Road, ...]:
    """Every road of ``landscape`` (single-tile ones included), in order of first tile.

    A :class:`~.landscape.Road` gives its tiles, the buildings of each seat on it,
    ``scored`` (at least 2 tiles) and ``points(seat)``.
    """
    return tuple(networks(tables(tiles), landscape)[0])


def road_points(tt: TileTables, landscape: Landscape) -> tuple[int, int]:
    """Road points of seat 0 and seat 1 (every scored road: majority minus minority)."""
    return RoadIndex(tt, landscape).points()


__all__ = ["RoadIndex", "networks", "networks_from", "road_networks", "road_points"]
