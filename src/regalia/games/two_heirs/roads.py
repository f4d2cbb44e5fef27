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


def _section_of(sections: tuple[int, ...], d: int) -> int:
    bit = 1 << d
    for i, m in enumerate(sections):
        if m & bit:
            return i
    return -1


def networks(tt: TileTables, landscape: Landscape
             ) -> tuple[list[Road], dict[tuple[Pos, int], int]]:
    """All roads of ``landscape`` and which road each section belongs to.

    Returns:
        ``(roads, section_road)``: ``roads`` in order of their first (smallest) tile;
        ``section_road[(position, section_index)]`` = index into ``roads``.
    """
    parent: dict[tuple[Pos, int], tuple[Pos, int]] = {}
    secs_of: dict[Pos, tuple[tuple[int, ...], int]] = {}
    for pos, pt in landscape.items():
        if not pt.building:
            continue
        secs = tt.sections[pt.owner][pt.tile]
        if not secs:
            continue
        secs_of[pos] = (secs, pt.owner)
        for i in range(len(secs)):
            parent[(pos, i)] = (pos, i)

    def find(n):
        root = n
        while parent[root] != root:
            root = parent[root]
        while parent[n] != root:
            parent[n], n = root, parent[n]
        return root

    for pos, (secs, _owner) in secs_of.items():
        x, y = pos
        mask = 0
        for m in secs:
            mask |= m
        for d in (0, 1):        # north and east: each shared edge once
            if not mask & (1 << d):
                continue
            dx, dy = DIRECTIONS[d]
            q = (x + dx, y + dy)
            other = secs_of.get(q)
            if other is None:
                continue
            j = _section_of(other[0], d + 2)
            if j < 0:
                continue
            a, b = find((pos, _section_of(secs, d))), find((q, j))
            if a != b:
                parent[a] = b
    groups: dict[tuple[Pos, int], list[tuple[Pos, int]]] = {}
    for n in parent:
        groups.setdefault(find(n), []).append(n)
    built = []
    for members in groups.values():
        positions = sorted({p for p, _ in members})
        counts = [0, 0]
        for p in positions:
            counts[secs_of[p][1]] += 1
        built.append((Road(tiles=tuple(positions), buildings=(counts[0], counts[1])), members))
    built.sort(key=lambda rm: rm[0].tiles)
    roads = [r for r, _ in built]
    section_road = {n: i for i, (_, members) in enumerate(built) for n in members}
    return roads, section_road


def road_networks(tiles: TileSet, landscape: Landscape) -> tuple[Road, ...]:
    """Every road of ``landscape`` (single-tile ones included), in order of first tile.

    A :class:`~.landscape.Road` gives its tiles, the buildings of each seat on it,
    ``scored`` (at least 2 tiles) and ``points(seat)``.
    """
    return tuple(networks(tables(tiles), landscape)[0])


def road_points(tt: TileTables, landscape: Landscape) -> tuple[int, int]:
    """Road points of seat 0 and seat 1 (every scored road: majority minus minority)."""
    roads, _ = networks(tt, landscape)
    p0 = p1 = 0
    for r in roads:
        if len(r.tiles) >= 2:
            a, b = r.buildings
            if a > b:
                p0 += a - b
            elif b > a:
                p1 += b - a
    return p0, p1


__all__ = ["networks", "road_networks", "road_points"]
