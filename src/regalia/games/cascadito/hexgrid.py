"""Hex-grid geometry of the Cascadito kingdom: *doubled-width* coordinates.

A hex is ``(x, y)``: ``y`` is the row counted from the top (0 = top row), ``x`` the
position in the row in half-hex steps, so that ``x + y`` is always even. Hexes are
pointy-topped and the rows are horizontal; odd rows sit half a hex to the right of even
rows::

    y=0   (0,0) (2,0) (4,0) (6,0)
    y=1      (1,1) (3,1) (5,1) (7,1)
    y=2   (0,2) (2,2) (4,2) (6,2)

The six neighbours of ``(x, y)`` are ``(x-2, y)``, ``(x+2, y)`` (left, right) and
``(x-1, y-1)``, ``(x+1, y-1)``, ``(x-1, y+1)``, ``(x+1, y+1)`` (up and down). Neighbours are
derived, never stored. The character at column ``x`` of line ``y`` of a sheet's
``kingdom.rows`` picture is hex ``(x, y)``. Axial coordinates, for those who prefer them:
``q = (x - y) // 2``, ``r = y`` (:func:`to_axial`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

Hex = tuple[int, int]

#: The six neighbour offsets: right, left, up-right, up-left, down-right, down-left.
DIRECTIONS: tuple[Hex, ...] = ((2, 0), (-2, 0), (1, -1), (-1, -1), (1, 1), (-1, 1))


def is_valid(h: Hex) -> bool:
    """True when ``h`` is a hex of the doubled-width grid (``x + y`` even)."""
    return (h[0] + h[1]) % 2 == 0


def neighbours(h: Hex) -> tuple[Hex, ...]:
    """The six hexes around ``h`` (on the infinite grid)."""
    x, y = h
    return tuple((x + dx, y + dy) for dx, dy in DIRECTIONS)


def are_neighbours(a: Hex, b: Hex) -> bool:
    return distance(a, b) == 1


def distance(a: Hex, b: Hex) -> int:
    """Steps from ``a`` to ``b`` (0 for the same hex)."""
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    return dy + max(0, (dx - dy) // 2)


def to_axial(h: Hex) -> tuple[int, int]:
    """``(q, r)`` axial coordinates of ``h``."""
    return (h[0] - h[1]) // 2, h[1]


def from_axial(q: int, r: int) -> Hex:
    return 2 * q + r, r


def components(cells: Iterable[Hex], extra_edges: Iterable[tuple[Hex, Hex]] = ()) -> list[set[Hex]]:
    """The connected groups of ``cells`` (neighbouring hexes, plus ``extra_edges``)."""
    todo = set(cells)
    links: dict[Hex, set[Hex]] = {}
    for a, b in extra_edges:
        if a in todo and b in todo:
            links.setdefault(a, set()).add(b)
            links.setdefault(b, set()).add(a)
    out = []
    while todo:
        start = todo.pop()
        group, stack = {start}, [start]
        while stack:
            h = stack.pop()
            for n in (*neighbours(h), *links.get(h, ())):
                if n in todo:
                    todo.remove(n)
                    group.add(n)
                    stack.append(n)
        out.append(group)
    return out


def group_of(cells: Iterable[Hex], start: Hex,
             extra_edges: Iterable[tuple[Hex, Hex]] = ()) -> set[Hex]:
    """The connected group of ``cells`` containing ``start`` (empty if it is not a cell)."""
    for g in components(cells, extra_edges):
        if start in g:
            return g
    return set()


def parse_picture(rows: Iterable[str]) -> Iterator[tuple[Hex, str]]:
    """``((x, y), char)`` for every non-blank character of a picture (line ``y``, column ``x``)."""
    for y, line in enumerate(rows):
        for x, ch in enumerate(line):
            if not ch.isspace():
                yield (x, y), ch


__all__ = [
    "DIRECTIONS",
    "Hex",
    "are_neighbours",
    "components",
    "distance",
    "from_axial",
    "group_of",
    "is_valid",
    "neighbours",
    "parse_picture",
    "to_axial",
]
