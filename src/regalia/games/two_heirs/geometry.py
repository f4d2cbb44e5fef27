"""The table grid of Two Heirs: coordinates, grid indices and the eight directions.

Coordinates are the table frame: ``x`` grows east, ``y`` north; the face-down starting tile
lies at (0, 0) (rulebook, Setup). A space of the play area is a grid index ``cell``
(:func:`cell_of`, :func:`xy_of`), so that a neighbour is ``cell + DELTA[d]``. Seat 0
(white) sits south, seat 1 (blue; Heinrich in the solo game) north.

Layer: imports nothing of the game; the state, the notation, the views and Heinrich's
engine all build on it.
"""

from __future__ import annotations

from typing import Iterable, Mapping, Sequence, TypeVar

V = TypeVar("V")

#: Grid radius: 27 tiles at most in a connected landscape, so |x|, |y| <= 27 (+1 border).
R = 29
W = 2 * R + 1
ORIGIN = R * W + R
#: The eight directions clockwise from north: (dx, dy) in the table frame (y north).
DIRS: tuple[tuple[int, int], ...] = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1),
                                     (-1, 0), (-1, 1))
DIR_NAMES = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
DELTA: tuple[int, ...] = tuple(dy * W + dx for dx, dy in DIRS)
#: Orthogonal directions N, E, S, W (indices into DIRS 0, 2, 4, 6).
ORTH: tuple[int, ...] = (DELTA[0], DELTA[2], DELTA[4], DELTA[6])


def cell_of(x: int, y: int) -> int:
    """Grid index of table coordinates (x east, y north)."""
    if not (-R < x < R and -R < y < R):
        raise ValueError(f"({x}, {y}) is outside the table grid (|x|, |y| < {R})")
    return (y + R) * W + (x + R)


def xy_of(cell: int) -> tuple[int, int]:
    """Table coordinates (x, y) of a grid index."""
    return XY[cell]


#: grid index -> (x, y)
XY: tuple[tuple[int, int], ...] = tuple((c % W - R, c // W - R) for c in range(W * W))


def fmt_cell(cell: int) -> str:
    """``x,y``: a grid index as the notation writes it."""
    x, y = xy_of(cell)
    return f"{x},{y}"



def board_landscape(board: Mapping[int, int], placed: Sequence[V]) -> dict[tuple[int, int], V]:
    """A board ``cell -> code`` as the :mod:`.landscape` mapping ``(x, y) -> PlacedTile``,
    ``placed`` being the per-code table (:attr:`.tables.Tables.placed`)."""
    return {XY[cell]: placed[code] for cell, code in board.items()}


def troop_positions(troops: Iterable[int]) -> dict[tuple[int, int], int]:
    """Troops in the play area as ``(x, y) -> seat`` (the :mod:`.landscape` ``Troops``) from
    the flat list of 6 positions (seat ``p``'s troop ``k`` at ``3 * p + k``; negative:
    not in the play area)."""
    return {XY[pos]: i // 3 for i, pos in enumerate(troops) if pos >= 0}
