"""Kingdom geometry as bitboards, and the action-id layout.

A kingdom must fit in ``N x N`` squares (N = 5; 7 in The Mighty Duel), so seen from its
castle it can reach ``N-1`` squares in any direction: every kingdom lives in a
``B x B`` board (``B = 2N-1``) with the castle at its centre. Squares are named like a
spreadsheet: column letter, then row number from the top (``e5`` is the castle when
N = 5, ``g7`` when N = 7).

Bitboards are Python ints over a *padded* board ``W = B + 1`` bits wide (one empty column
at the right) so that shifting by 1 never wraps from one row into the next.

Action ids (``A = B*B`` board squares):

* ``d*A + r*B + c`` for ``d`` in 0..3: place the current domino with its first half on
  square (r, c) and its second half east (0), south (1), west (2) or north (3) of it;
* ``4A``: discard the current domino (only when no placement is legal);
* ``4A + 1 + (n-1)``: pick domino ``n`` of the next line (move the king onto it);
* ``4A + 49 + (n-1)``: chance: domino ``n`` is drawn from the box;
* ``4A + 97 + k``: chance: king ``k`` (0-based) is drawn for the first line.
"""

from __future__ import annotations

from functools import lru_cache

from regalia.core.errors import NotationError
from regalia.core.i18n import _

DIRECTIONS = ("east", "south", "west", "north")
NUM_DOMINOES = 48
MAX_KINGS = 4


class Geometry:
    """Precomputed tables for a kingdom of side ``n`` (5 or 7). Shared, never mutated."""

    def __init__(self, n: int):
        self.n = n
        b = self.b = 2 * n - 1
        w = self.w = b + 1
        self.area = b * b
        self.castle_rc = (n - 1, n - 1)
        self.castle = (n - 1) * w + (n - 1)
        self.castle_bit = 1 << self.castle
        # padded bit index <-> (row, col)
        self.rc = {}
        valid = 0
        for r in range(b):
            for c in range(b):
                i = r * w + c
                self.rc[i] = (r, c)
                valid |= 1 << i
        self.valid = valid
        self.cmp2pad = [r * w + c for r in range(b) for c in range(b)]
        self.offsets = (1, w, -1, -w)
        # orthogonal neighbours of each padded square
        self.neigh = [0] * (w * b)
        for i, (r, c) in self.rc.items():
            m = 0
            for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                rr, cc = r + dr, c + dc
                if 0 <= rr < b and 0 <= cc < b:
                    m |= 1 << (rr * w + cc)
            self.neigh[i] = m
        # ROWS[lo][hi] / COLS[lo][hi]: squares with row (col) in lo..hi
        self.rows = [[0] * b for _ in range(b)]
        self.cols = [[0] * b for _ in range(b)]
        for lo in range(b):
            for hi in range(lo, b):
                rm = cm = 0
                for i, (r, c) in self.rc.items():
                    if lo <= r <= hi:
                        rm |= 1 << i
                    if lo <= c <= hi:
                        cm |= 1 << i
                self.rows[lo][hi] = rm
                self.cols[lo][hi] = cm
        # action id of "first half on padded square i, direction d"
        a = self.area
        self.place_action = [[-1] * (w * b) for _ in range(4)]
        for d in range(4):
            for i, (r, c) in self.rc.items():
                self.place_action[d][i] = d * a + r * b + c
        self.discard = 4 * a
        self.pick_base = 4 * a + 1
        self.draw_base = self.pick_base + NUM_DOMINOES
        self.king_base = self.draw_base + NUM_DOMINOES
        self.num_actions = self.king_base + MAX_KINGS
        self.place_squares: list[tuple[int, int] | None] = [
            self.placement_squares(x) for x in range(4 * a)]
        self.row = [i // w for i in range(w * b)]
        self.col = [i % w for i in range(w * b)]
        # per direction, the action id by the bit of the first half's square (what listing
        # placements from a mask reads: one lookup per placement)
        self.place_action_by_bit = [{1 << i: self.place_action[d][i] for i in self.rc}
                                    for d in range(4)]
        # per placement action on the board, (min row, max row, min col, max col) of its
        # two squares (what placing it does to the kingdom's bounding box)
        self.place_span: list[tuple[int, int, int, int] | None] = [
            None if sq is None else (min(self.row[sq[0]], self.row[sq[1]]),
                                     max(self.row[sq[0]], self.row[sq[1]]),
                                     min(self.col[sq[0]], self.col[sq[1]]),
                                     max(self.col[sq[0]], self.col[sq[1]]))
            for sq in self.place_squares]
        self.names = {i: f"{chr(97 + c)}{r + 1}" for i, (r, c) in self.rc.items()}
        self.by_name = {v: k for k, v in self.names.items()}

    def window(self, minr: int, maxr: int, minc: int, maxc: int) -> int:
        """Squares a new domino square may occupy so the kingdom stays within N x N."""
        k = self.n - 1
        return self.rows[maxr - k][minr + k] & self.cols[maxc - k][minc + k]

    def placement_squares(self, action: int) -> tuple[int, int] | None:
        """Padded squares (first, second) of a placement action, or None if off the board."""
        d, cmp_ = divmod(action, self.area)
        r, c = divmod(cmp_, self.b)
        dr, dc = ((0, 1), (1, 0), (0, -1), (-1, 0))[d]
        r2, c2 = r + dr, c + dc
        if not (0 <= r2 < self.b and 0 <= c2 < self.b):
            return None
        return r * self.w + c, r2 * self.w + c2

    def placement_ends(self, action: int) -> tuple[str, str | None]:
        """Names of the squares of a placement action ``0 <= action < 4A``: (first half,
        second half), the second None when it would lie off the board."""
        d, cmp_ = divmod(action, self.area)
        r, c = divmod(cmp_, self.b)
        dr, dc = ((0, 1), (1, 0), (0, -1), (-1, 0))[d]
        r2, c2 = r + dr, c + dc
        second = (f"{chr(97 + c2)}{r2 + 1}" if 0 <= r2 < self.b and 0 <= c2 < self.b
                  else None)
        return f"{chr(97 + c)}{r + 1}", second

    def placement_name(self, action: int) -> str:
        """A placement action in notation: ``d5-e5`` (first half, second half), or
        ``e9-(off the board to the south)``."""
        first, second = self.placement_ends(action)
        if second is None:
            second = f"(off the board to the {DIRECTIONS[action // self.area]})"  # i18n: no
        return f"{first}-{second}"

    def parse_square(self, text: str) -> int:
        i = self.by_name.get(text.strip().lower())
        if i is None:
            last = f"{chr(96 + self.b)}{self.b}"
            raise NotationError(_("{text} is not a square; squares run from a1 to {last} "
                                  "(column letter, then row number from the top)").format(
                                      text=repr(text), last=last))
        return i

    def placement_from_squares(self, first: int, second: int) -> int:
        for d, off in enumerate(self.offsets):
            if first + off == second:
                return self.place_action[d][first]
        raise NotationError(_("{first} and {second} are not orthogonal neighbours; a domino "
                              "covers two adjacent squares").format(
                                  first=self.names[first], second=self.names[second]))

    def extent(self, mask: int) -> tuple[int, int, int, int]:
        """(min row, max row, min col, max col) of a non-empty mask."""
        rows = [r for i, (r, c) in self.rc.items() if mask >> i & 1]
        cols = [c for i, (r, c) in self.rc.items() if mask >> i & 1]
        return min(rows), max(rows), min(cols), max(cols)


def placement_masks(w: int, free: int, a1: int, a2: int,
                    symmetric: bool) -> tuple[int, int, int, int]:
    """Bitboards of the first-half squares of legal placements, per direction E, S, W, N.

    Args:
        w: the padded board's width; free: empty squares a domino may cover (the N x N
            window); a1, a2: squares touching the castle or a square of the first (second)
            half's terrain; symmetric: the domino has two identical halves (then only its
            E and S placements are listed, ruling R3).

    Placement rule (rulebook "Placement"): both squares empty; the kingdom stays within
    N x N; at least one half touches (orthogonally) the castle or a square of its own
    terrain.
    """
    e = free
    east = e & (e >> 1) & (a1 | (a2 >> 1))
    south = e & (e >> w) & (a1 | (a2 >> w))
    if symmetric:
        return east, south, 0, 0
    return east, south, e & (e << 1) & (a1 | (a2 << 1)), e & (e << w) & (a1 | (a2 << w))


@lru_cache(maxsize=None)
def geometry(n: int) -> Geometry:
    """The shared :class:`Geometry` for kingdoms of side ``n``."""
    return Geometry(n)
