"""Playout policies Kingdomino offers to the game-independent agents (through
``regalia.core.registry.register_policy``), so that agents never import this game.

``greedy``: **Full Greedy** (FG), the baseline of Gedda, Lagerkvist & Butler, "Monte Carlo
Methods for the Game Kingdomino" (IEEE CIG 2018, section III; their code ``mgedda/kdom-ai``,
``TinyFullGreedyAlgorithm``), written from its description. A decision of a round is the pair
(placement of the current domino, pick from the next line); see :func:`full_greedy_policy`.
On the compiled engine its choice is made in C (``_engine.pyx``, the same choice and draw as
:func:`full_greedy_python`, the reference), in playouts and for the ``greedy`` agent alike.

``onestep``: the one-step score maximiser that was ``greedy`` until issue 14: the choice of
the generic :func:`regalia.core.policies.one_step_greedy` with the same generator, computed
without copying the state (a placement changes only the properties of its two terrains, so
only those are re-scored). A pick gains nothing immediately, so a pick is uniform over the
free dominoes. With the Middle Kingdom or Harmony variant the bonuses depend on the whole
kingdom; the policy then scores every placement on a copy of the state.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Iterator

from regalia.core.errors import RegaliaError
from regalia.core.policies import compiled_as, one_step_greedy

from .board import Geometry, placement_masks
from .phases import PH_PICK, PH_PLACE
from .scoring import HARMONY_BONUS, MIDDLE_KINGDOM_BONUS, components

if TYPE_CHECKING:
    from .state import KingdominoState


def _terrain_points(w: int, mask: int, c1: int, c2: int, c3: int) -> int:
    total = 0
    if mask & (c1 | c2 | c3):
        for comp in components(w, mask):
            k = (comp & c1).bit_count() + 2 * (comp & c2).bit_count() + 3 * (comp & c3).bit_count()
            total += comp.bit_count() * k
    return total


@compiled_as("onestep")  # the compiled engine's playout "onestep" (_engine.pyx) reproduces it
def onestep_policy(state: "KingdominoState", rng: random.Random) -> int:
    """A legal action maximising the acting player's immediate score; ties uniform by ``rng``
    (a pick: uniform over the free dominoes)."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if state.phase_name != "place":
        return legal[int(rng.random() * len(legal))]
    G = state.game
    if G.middle_kingdom or G.harmony:
        return one_step_greedy(state, rng)
    g = G.geo
    w = g.w
    n = state.current_domino
    assert n is not None  # phase "place"
    p = state.current_player()
    t1, t2, k1, k2 = G.t1[n], G.t2[n], G.c1[n], G.c2[n]
    terr = state.terr
    m1, m2 = terr[6 * p + t1], terr[6 * p + t2]
    cr = state.crown[3 * p:3 * p + 3]
    base = _terrain_points(w, m1, *cr) + (_terrain_points(w, m2, *cr) if t2 != t1 else 0)
    squares = g.place_squares
    best: list[int] = []
    best_gain = -1
    for action in legal:
        i1, i2 = squares[action]  # type: ignore[misc]
        b1, b2 = 1 << i1, 1 << i2
        c = cr[:]
        if k1:
            c[k1 - 1] |= b1
        if k2:
            c[k2 - 1] |= b2
        if t1 == t2:
            gain = _terrain_points(w, m1 | b1 | b2, *c) - base
        else:
            gain = _terrain_points(w, m1 | b1, *c) + _terrain_points(w, m2 | b2, *c) - base
        if gain > best_gain:
            best_gain, best = gain, [action]
        elif gain == best_gain:
            best.append(action)
    return best[int(rng.random() * len(best))]


# ---------------------------------------------------------------------------- Full Greedy
class _Frame:
    """Masks of the castle-centred N x N square on a geometry (shared, never mutated).

    ``inner``: its squares (castle included); ``outside``: board squares beyond it;
    ``top``/``bottom``/``left``/``right``: its edge rows and columns (a kingdom touching
    all four spans the full N x N around its castle: Middle Kingdom, ruling R4)."""

    __slots__ = ("inner", "outside", "top", "bottom", "left", "right")

    def __init__(self, g: Geometry):
        h = g.n // 2
        cr, cc = g.castle_rc
        lo_r, hi_r, lo_c, hi_c = cr - h, cr + h, cc - h, cc + h
        self.inner = g.rows[lo_r][hi_r] & g.cols[lo_c][hi_c]
        self.outside = g.valid & ~self.inner
        self.top = g.rows[lo_r][lo_r] & self.inner
        self.bottom = g.rows[hi_r][hi_r] & self.inner
        self.left = g.cols[lo_c][lo_c] & self.inner
        self.right = g.cols[hi_c][hi_c] & self.inner


@lru_cache(maxsize=None)
def _frame(g: Geometry) -> _Frame:
    return _Frame(g)


def _comp_list(w: int, mask: int, c1: int, c2: int, c3: int) -> list[tuple[int, int, int]]:
    """The properties of one terrain's mask as ``(squares mask, size, crowns)``."""
    return [(comp, comp.bit_count(),
             (comp & c1).bit_count() + 2 * (comp & c2).bit_count() + 3 * (comp & c3).bit_count())
            for comp in components(w, mask)]


class _Kingdom:
    """One seat's kingdom as the Full Greedy evaluation needs it (the state is not touched):
    per terrain its properties, their points, squares and crowns; adjacency masks,
    occupancy, free window, bounding box and total property points."""

    __slots__ = ("terr", "crown", "comps", "tp", "tsq", "tcr", "adj", "occ", "free", "bbox",
                 "points")

    def __init__(self, state: "KingdominoState", p: int):
        w = state.game.geo.w
        self.terr = state.terr[6 * p:6 * p + 6]
        self.crown = state.crown[3 * p:3 * p + 3]
        self.comps: list[Any] = []
        self.tp: list[Any] = []
        self.tsq: list[Any] = []
        self.tcr: list[Any] = []
        for t in range(6):
            self._terrain(w, t, append=True)
        self.adj = state.adj[6 * p:6 * p + 6]
        self.occ = state.occ[p]
        self.free = state.free[p]
        self.bbox = state.bbox[4 * p:4 * p + 4]
        self.points = sum(self.tp)

    def _terrain(self, w: int, t: int, append: bool = False) -> None:
        """(Re)compute terrain ``t``'s properties and their totals."""
        c1, c2, c3 = self.crown
        comps = _comp_list(w, self.terr[t], c1, c2, c3)
        pts = sq = cr = 0
        for _, s, k in comps:
            pts += s * k
            sq += s
            cr += k
        if append:
            self.comps.append(comps)
            self.tp.append(pts)
            self.tsq.append(sq)
            self.tcr.append(cr)
        else:
            self.comps[t], self.tp[t], self.tsq[t], self.tcr[t] = comps, pts, sq, cr

    def placed(self, g: Geometry, b1: int, b2: int, i1: int, i2: int,
               t1: int, t2: int, k1: int, k2: int) -> "_Kingdom":
        """A copy with a domino placed: half (terrain ``t1``, ``k1`` crowns) on padded square
        ``i1`` (bit ``b1``), the other half on ``i2`` (the placement must be legal)."""
        out = object.__new__(_Kingdom)
        terr = out.terr = self.terr[:]
        crown = out.crown = self.crown[:]
        terr[t1] |= b1
        terr[t2] |= b2
        if k1:
            crown[k1 - 1] |= b1
        if k2:
            crown[k2 - 1] |= b2
        adj = out.adj = self.adj[:]
        adj[t1] |= g.neigh[i1]
        adj[t2] |= g.neigh[i2]
        occ = out.occ = self.occ | b1 | b2
        bb = self.bbox
        r1, r2, q1, q2 = g.row[i1], g.row[i2], g.col[i1], g.col[i2]
        minr, maxr = min(bb[0], r1, r2), max(bb[1], r1, r2)
        minc, maxc = min(bb[2], q1, q2), max(bb[3], q1, q2)
        out.bbox = [minr, maxr, minc, maxc]
        out.free = g.window(minr, maxr, minc, maxc) & ~occ
        out.comps, out.tp, out.tsq, out.tcr = self.comps[:], self.tp[:], self.tsq[:], self.tcr[:]
        out._terrain(g.w, t1)
        if t2 != t1:
            out._terrain(g.w, t2)
        out.points = sum(out.tp)
        return out


def _joined(comps: list[tuple[int, int, int]], touch: int, squares: int, crowns: int) -> int:
    """Points of one terrain once ``squares`` new squares with ``crowns`` crowns join its
    properties that meet ``touch`` (the new squares' neighbours); the others unchanged."""
    old = 0
    for cm, cs, ck in comps:
        if cm & touch:
            squares += cs
            crowns += ck
        else:
            old += cs * ck
    return squares * crowns + old


def _destructive(occ: int, fr: _Frame, w: int) -> bool:
    """A kingdom (occupancy ``occ``, castle included) with a square outside the
    castle-centred N x N, or with a one-square hole: an empty square of that N x N none of
    whose orthogonal neighbours in it is empty (no domino can ever cover it)."""
    if occ & fr.outside:
        return True
    empty = fr.inner & ~occ
    return bool(empty & ~((empty << 1) | (empty >> 1) | (empty << w) | (empty >> w)))


def _bonus(occ: int, discarded: int, fr: _Frame, middle: bool, harmony: bool) -> int:
    """Middle Kingdom and Harmony points of a kingdom within N x N (rulings R4, R6)."""
    b = 0
    if middle and occ & fr.top and occ & fr.bottom and occ & fr.left and occ & fr.right:
        b += MIDDLE_KINGDOM_BONUS
    if harmony and not discarded and occ & fr.inner == fr.inner:
        b += HARMONY_BONUS
    return b


#: A key below every real one: a pair cut off by the bound (see ``_best_with_domino``).
_CUT = (-4, 0)


def _best_with_domino(state: "KingdominoState", kd: _Kingdom, discarded: int,
                      n: int | None, floor: int | None = None) -> tuple[int, int]:
    """The Full Greedy key ``(-tier, value)`` of kingdom ``kd`` once domino ``n`` is placed
    at its best position (``n`` None: no domino to add). Tier 0: the domino placed and the
    kingdom not destructive; 1: placed, destructive; 2: not placed (no domino, or it fits
    nowhere), kingdom not destructive; 3: not placed, destructive. Value: property points
    plus the bonuses of the variants the game plays.

    ``floor``: the value of a tier-0 kingdom already found elsewhere. Positions that cannot
    reach it are not judged further, and a domino whose best conceivable value (its
    terrains' properties all merged, every bonus) is below it returns :data:`_CUT` at once;
    a key at or above the floor is exact either way."""
    G = state.game
    g = G.geo
    w = g.w
    fr = _frame(g)
    mid, har = G.middle_kingdom, G.harmony
    best = None
    if n is not None:
        t1, t2, x, y = G.t1[n], G.t2[n], G.c1[n], G.c2[n]
        comps1, comps2 = kd.comps[t1], kd.comps[t2]
        same = t1 == t2
        occ0 = kd.occ
        base = kd.points - kd.tp[t1] - (0 if same else kd.tp[t2])
        if floor is not None:
            # a domino's two squares reach at most two more edges of the N x N, and
            # complete the kingdom only if two squares are missing
            most_bonus = 0
            if mid and ((not occ0 & fr.top) + (not occ0 & fr.bottom) + (not occ0 & fr.left)
                        + (not occ0 & fr.right)) <= 2:
                most_bonus += MIDDLE_KINGDOM_BONUS
            if har and not discarded and (fr.inner & ~occ0).bit_count() <= 2:
                most_bonus += HARMONY_BONUS
            # the domino's terrains at best: all their properties merged into one
            sq, cr = kd.tsq, kd.tcr
            reach = base + most_bonus + (
                (sq[t1] + 2) * (cr[t1] + x + y) if same
                else (sq[t1] + 1) * (cr[t1] + x) + (sq[t2] + 1) * (cr[t2] + y))
            if reach < floor:
                return _CUT
            floor -= most_bonus
        masks = placement_masks(w, kd.free, kd.adj[t1], kd.adj[t2], G.sym[n])
        for d, m in enumerate(masks):
            if not m:
                continue
            off = (1, w, -1, -w)[d]
            while m:
                b1 = m & -m
                m ^= b1
                b2 = b1 << off if off > 0 else b1 >> -off
                if same:
                    both = b1 | b2
                    pts = base + _joined(comps1, (both << 1) | (both >> 1) | (both << w)
                                         | (both >> w), 2, x + y)
                else:
                    pts = (base + _joined(comps1, (b1 << 1) | (b1 >> 1) | (b1 << w) | (b1 >> w),
                                          1, x)
                           + _joined(comps2, (b2 << 1) | (b2 >> 1) | (b2 << w) | (b2 >> w),
                                     1, y))
                if floor is not None and pts < floor:
                    continue   # even with every bonus below a kingdom found elsewhere
                occ = occ0 | b1 | b2
                if mid or har:
                    pts += _bonus(occ, discarded, fr, mid, har)
                key = (-1 if _destructive(occ, fr, w) else 0, pts)
                if best is None or key > best:
                    best = key
    if best is None:
        occ = kd.occ
        best = (-3 if _destructive(occ, fr, w) else -2,
                kd.points + _bonus(occ, discarded, fr, mid, har))
    return best


def _free_picks(state: "KingdominoState") -> list[int]:
    return [n for n, k in zip(state.nxt_nums, state.nxt_kings) if k < 0]


def _most_crowns_pick(state: "KingdominoState", rng: random.Random) -> int:
    """First line (nothing to place): a free domino with the most crowns on one half."""
    G = state.game
    free = _free_picks(state)
    most = max(max(G.c1[n], G.c2[n]) for n in free)
    best = [n for n in free if max(G.c1[n], G.c2[n]) == most]
    return G.geo.pick_base - 1 + best[int(rng.random() * len(best))]


def full_greedy_keys(state: "KingdominoState") -> dict[tuple[int | None, int | None], tuple[int, int]]:
    """Full Greedy's judgement of every pair open to the acting seat, at a ``place`` ply or
    at a ``pick`` ply after a placement (not on the first line, where nothing is placed).

    Returns:
        ``(placement action, pick action) -> (tier, value)``: the placement is None at a
        pick ply, the pick None on the last line (nothing to pick). ``value``: points of the
        kingdom with both dominoes placed, the pick at its best position (properties plus
        the bonuses of the variants the game plays); ``tier`` (lower is better): 0 the pick
        placed and the kingdom not destructive, 1 placed but destructive (a square outside
        the castle-centred N x N, or a one-square hole), 2 the pick not placed (it fits
        nowhere, or nothing to pick) and not destructive, 3 not placed and destructive. The
        best pair has the lowest tier, then the highest value.

    Raises:
        RegaliaError: not a ``place`` or ``pick`` ply after a placement.
    """
    return {(place, pick): (-neg_tier, value)
            for place, pick, (neg_tier, value) in _pair_keys(state, prune=False)}


def _pair_keys(state: "KingdominoState",
               prune: bool) -> Iterator[tuple[int | None, int | None, tuple[int, int]]]:
    """``(placement or None, pick or None, (-tier, value))`` for every pair (see
    :func:`full_greedy_keys`). With ``prune`` a pair that cannot reach the best tier-0
    value found so far gets :data:`_CUT` (an exact key otherwise)."""
    G = state.game
    g = G.geo
    ph = state.phase
    if not (ph == PH_PLACE or (ph == PH_PICK and state.cur_nums)):
        raise RegaliaError(f"Full Greedy judges pairs at a place ply or at the pick after it, "
                           f"not in phase {state.phase_name}"
                           + (" of the first line" if ph == PH_PICK else ""))
    p = state.current_player()
    kd = _Kingdom(state, p)
    disc = state.discarded[p]
    base = g.pick_base - 1
    floor: int | None = None
    if ph == PH_PICK:
        for a in state.legal_actions():
            key = _best_with_domino(state, kd, disc, a - base, floor)
            if prune and key[0] == 0 and (floor is None or key[1] > floor):
                floor = key[1]
            yield None, a, key
        return
    n = state.cur_nums[state.idx]
    picks = _free_picks(state)
    t1, t2, k1, k2 = G.t1[n], G.t2[n], G.c1[n], G.c2[n]
    squares = g.place_squares
    for a in state.legal_actions():
        if a == g.discard:
            after, d = kd, disc + 1
        else:
            i1, i2 = squares[a]  # type: ignore[misc]
            after, d = kd.placed(g, 1 << i1, 1 << i2, i1, i2, t1, t2, k1, k2), disc
        options: list[int | None] = list(picks) if picks else [None]
        for k in options:
            key = _best_with_domino(state, after, d, k, floor)
            if prune and key[0] == 0 and (floor is None or key[1] > floor):
                floor = key[1]
            yield a, None if k is None else base + k, key


@compiled_as("greedy")  # the compiled engine's playout and choice "greedy" reproduce it
def full_greedy_policy(state: "KingdominoState", rng: random.Random) -> int:
    """Full Greedy (Gedda, Lagerkvist & Butler 2018): a legal action of the acting player.

    A round's decision is the pair (placement of the current domino, pick from the next
    line). Each pair is judged by the kingdom after placing the current domino **and** the
    picked domino at its best position, scored as the game scores it: property points plus
    the Middle Kingdom and Harmony bonuses of the variants this game plays (the paper's code
    always adds both; here a variant the game does not play scores nothing). Kingdoms that
    put a square outside the castle-centred N x N, or leave a one-square hole (an empty
    square of that N x N whose neighbours in it are all filled, castle included), are
    dropped unless nothing else remains; a pick that fits nowhere counts below any pick
    that fits; on the last line (nothing to pick) the kingdom after the placement alone is
    judged. The best pair wins, ties uniform by ``rng`` (one draw). A discard (no legal
    placement) is the placement that adds nothing. See :func:`full_greedy_keys`.

    Regalia splits the pair into two plies of the same seat, ``place`` then ``pick``: the
    place ply plays the placement of a best pair (drawn uniformly among the tied pairs) and
    the pick ply, judging each pick on the kingdom as it now is, plays the pick of a best
    pair with that placement; the two plies together draw the pair uniformly among the
    tied best pairs.

    With nothing to place (the first line of a game) it picks a free domino with the most
    crowns on one half, ties uniform (the paper's rule). Unlike the paper's code, a domino
    placed in an empty kingdom is judged as any other (the paper places it by crowns alone).

    Cost: every placement of the current domino times every placement of each free pick,
    scored incrementally from the kingdom's properties (no state copy). On a state of the
    compiled engine the choice is made in C (:meth:`~regalia.core.state.State.compiled_action`, the same
    choice with the same draw; differential tests in ``test_kingdomino_compiled.py``);
    :func:`full_greedy_python` is the reference.
    """
    action = state.compiled_action("greedy", rng)
    if action is not None:
        return int(action)
    return full_greedy_python(state, rng)


def full_greedy_python(state: "KingdominoState", rng: random.Random) -> int:
    """:func:`full_greedy_policy` in Python on any engine's state (the reference the
    compiled choice is tested against)."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if state.phase == PH_PICK and not state.cur_nums:
        return _most_crowns_pick(state, rng)
    at_pick = state.phase == PH_PICK
    best: list[int] = []
    best_key = None
    for place, pick, key in _pair_keys(state, prune=True):
        a = pick if at_pick else place
        assert a is not None
        if best_key is None or key > best_key:
            best_key, best = key, [a]
        elif key == best_key:
            best.append(a)
    return best[int(rng.random() * len(best))]


#: Kingdomino's ``greedy``: Full Greedy.
greedy_policy = full_greedy_policy
