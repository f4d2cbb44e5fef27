"""Setting up Kingdomino positions: a new game, and analysis positions.

:func:`new_game` lays out the box, the kings and empty kingdoms (rulebook: setup);
:func:`recompute_derived` rebuilds a kingdom's derived bitboards (occupancy, adjacency,
bounding box, free squares) from its terrain masks, for positions loaded from JSON or set
by :func:`set_kingdom`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from regalia.core.errors import RecordError

from .phases import PH_DRAW
from .scoring import parse_kingdom

if TYPE_CHECKING:
    from .state import PureKingdominoState


def new_game(state: "PureKingdominoState") -> None:
    """Set up the box, the kings and empty kingdoms of a new game (rulebook: setup; each
    game of a Dynasty starts so). The match-wide fields (game number, past games,
    history) are left alone."""
    G, g = state.game, state.game.geo
    np_ = G.num_players
    state.phase = PH_DRAW
    state.king = -1
    state.idx = 0
    state.drawn = 0
    state.cur_nums, state.cur_kings, state.nxt_nums, state.nxt_kings = [], [], [], []
    state.box = list(range(1, 49))
    state.undrawn = list(range(G.num_kings))
    state.occ = [g.castle_bit] * np_
    cr, cc = g.castle_rc
    state.free = [g.window(cr, cr, cc, cc) & ~g.castle_bit] * np_
    state.terr = [0] * (6 * np_)
    state.adj = [g.neigh[g.castle]] * (6 * np_)
    state.crown = [0] * (3 * np_)
    state.bbox = [cr, cr, cc, cc] * np_
    state.discarded = [0] * np_


def recompute_derived(state: "PureKingdominoState", p: int) -> None:
    """Rebuild occupancy, adjacency, bounding box and free squares of seat ``p`` from
    its terrain masks (used when a position is loaded or set up)."""
    g = state.game.geo
    occ = g.castle_bit
    for t in range(6):
        occ |= state.terr[6 * p + t]
    minr, maxr, minc, maxc = g.extent(occ)
    if maxr - minr >= g.n or maxc - minc >= g.n:
        raise RecordError(f"kingdom {p} spans more than {g.n}x{g.n} squares")
    state.occ[p] = occ
    state.bbox[4 * p:4 * p + 4] = [minr, maxr, minc, maxc]
    state.free[p] = g.window(minr, maxr, minc, maxc) & ~occ
    for t in range(6):
        m = state.terr[6 * p + t] | g.castle_bit
        a = 0
        while m:
            low = m & -m
            a |= g.neigh[low.bit_length() - 1]
            m ^= low
        state.adj[6 * p + t] = a


def set_kingdom(state: "PureKingdominoState", player: int, text: str) -> None:
    """Replace ``player``'s kingdom by one written as a text grid (the scoring
    assistant's format, castle anywhere in it; re-centred on the board). For analysis
    positions and tests: it changes the position, not the history.

    Raises:
        DataError: a malformed grid (see ``scoring.parse_kingdom``).
    """
    p = state.check_seat(player)
    tk = parse_kingdom(text, size=state.game.geo.n)
    state.terr[6 * p:6 * p + 6] = tk.terr
    state.crown[3 * p:3 * p + 3] = tk.crowns
    recompute_derived(state, p)
