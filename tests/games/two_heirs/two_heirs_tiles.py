"""Shared pieces of the Two Heirs scoring tests, imported as ``two_heirs_tiles``
(``conftest.py`` puts this folder on ``sys.path``): the bundled tiles, placed tiles named by
tile id, the rulebook's Example 2 position, and a hypothesis strategy of random landscapes.

Table frame: x east, y north; seat 0 sits south, seat 1 north.
"""

from __future__ import annotations

from hypothesis import strategies as st

from regalia.games.two_heirs import load_tiles
from regalia.games.two_heirs.landscape import PlacedTile

#: The bundled tile set; IDX: tile id (``"land-5"``) -> its index in ``T.tiles``.
T = load_tiles()
IDX = {t.id: i for i, t in enumerate(T.tiles)}


#: The position of the rulebook's Example 2 (Action B: white, reach 2, may construct the Inn
#: or the Trading post), as ``set_position`` keywords; the hands are each test's.
EXAMPLE_2 = dict(landscape=[(0, 0, "land-6", "open"), (0, 1, "land-4", "white"),
                            (1, 0, "land-2", "open"), (-1, 0, "trade-1", "white")],
                 troops=[[(0, 1), (1, 0), "reserve"], [(0, 0), "reserve", "reserve"]],
                 reserve=["travel-5", "travel-6", "land-1", "land-3", "land-7", "land-8"])


def b(tid: str, owner: int) -> PlacedTile:
    """The tile ``tid`` placed as a building of seat ``owner``."""
    return PlacedTile(IDX[tid], True, owner)


def o(tid: str) -> PlacedTile:
    """The tile ``tid`` placed face down (open terrain)."""
    return PlacedTile(IDX[tid], False, None)


@st.composite
def landscapes(draw, max_tiles: int, reach: int, troops_per_seat: int | None = None):
    """(landscape, troops): 1 to ``max_tiles`` distinct tiles on distinct cells with both
    coordinates in -``reach``..``reach`` (not necessarily connected), each a building of
    either seat or face down; troops of either seat on up to 6 of those cells, with
    ``troops_per_seat`` at most that many per seat (the cells drawn beyond are left
    empty)."""
    n = draw(st.integers(1, max_tiles))
    chosen = draw(st.lists(st.integers(0, len(T.tiles) - 1), min_size=n, max_size=n,
                           unique=True))
    cells = draw(st.lists(st.tuples(st.integers(-reach, reach), st.integers(-reach, reach)),
                          min_size=n, max_size=n, unique=True))
    land = {}
    for tile, pos in zip(chosen, cells):
        kind = draw(st.integers(0, 2))
        land[pos] = PlacedTile(tile, False, None) if kind == 2 else PlacedTile(tile, True, kind)
    troops = {}
    count = [0, 0]
    for pos in draw(st.lists(st.sampled_from(cells), max_size=6, unique=True)):
        s = draw(st.integers(0, 1))
        if troops_per_seat is None or count[s] < troops_per_seat:
            troops[pos] = s
            count[s] += 1
    return land, troops
