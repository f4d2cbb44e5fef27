"""Playout policies Cascadito offers to the game-independent agents (through
``regalia.core.registry.register_policy``), so that agents never import this game.

``greedy``: a fast heuristic, computed from the state's tables without copying the state.
Each legal action gets a value:

* marking a cell: the points the town scorings it triggers add to their tracks (the next
  space's points minus the current ones; the home-castle value for the last space of the
  home track), plus 2 per action icon reached, plus small bonuses for what the mark
  prepares: touching a town (future scorings), joining a marked cell (groups grow towards
  achievements), a bandit, a star, an action field, a trade good or crown;
* marking a river space: the river points gained (or a ship at the bridge), plus 2 for an
  action icon, plus 0.5;
* advancing a track: the points it adds, plus 2 for an action icon;
* passing: -1 (chosen only when every other move is worse).

Ties are broken uniformly with the generator (one draw).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import CascaditoState


def _track_gain(state: CascaditoState, p: int, k: int, steps: int = 1) -> float:
    t = state.tables
    h = state.track[p * t.num_tracks + k]
    n = t.track_len[k]
    if h >= n:
        return 0.0
    new = min(n, h + steps)

    def value(x: int) -> int:
        if x == 0:
            return 0
        if x == n and t.track_home[k] and t.castle_track[p] == k:
            return t.track_home[k]
        return t.track_points[k][x - 1]

    icons = sum(1 for x in range(h, new) if t.track_action[k][x] >= 0)
    return value(new) - value(h) + 2.0 * icons


def _cell_value(state: CascaditoState, p: int, i: int) -> float:
    t = state.tables
    marked = state.marked[p]
    o = p * t.num_cells
    v = 0.0
    r = t.river_of[i]
    if r >= 0:
        pos = t.river_pos[i]
        pts = t.river_points[r]
        riv = t.rivers[r]
        if riv.scoring == "highest":
            v += max(0, pts[pos] - max(pts[:pos], default=0))
        elif pos == t.river_len[r] - 1:
            v += riv.ship_points
        if t.river_action[r][pos] >= 0:
            v += 2.0
        v += 0.5
        if not riv.joins_groups:
            return v
    old = 0
    joined = False
    for nb in t.nbr[i]:
        if marked >> nb & 1:
            joined = True
            old |= state.gmask[o + state.grp[o + nb]]
    tm = t.town_mask[i]
    if joined:
        new = tm & ~old
        while new:
            low = new & -new
            k = low.bit_length() - 1
            v += _track_gain(state, p, t.track_of_colour[t.town_colour[k]])
            new ^= low
        v += 0.3
    if tm:
        v += 0.4
    bit = 1 << i
    if t.bandit_mask & bit:
        v += 1.5
    if t.star_mask & bit:
        v += 1.5
    if t.cell_action[i] >= 0:
        v += 2.0
    if i in t.goods or i in t.crowns:
        v += 1.0
    return v


def greedy_policy(state: CascaditoState, rng: random.Random) -> int:
    """A legal action with the best heuristic value (module docstring); ties by ``rng``."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    G = state.game
    t = state.tables
    p = state.current_player()
    H, R = t.num_cells, t.num_rivers
    B1, B2, B3, B4, B5, _ = G.bases
    best: list[int] = []
    best_v = None
    cache: dict[int, float] = {}
    for a in legal:
        if a < B1:
            i = a % H
            v = cache.get(i)
            if v is None:
                v = cache[i] = _cell_value(state, p, i)
        elif a < B2:
            r = (a - B1) % R
            i = t.river_cells[r][state.river[p * R + r]]
            v = cache.get(i)
            if v is None:
                v = cache[i] = _cell_value(state, p, i)
        elif a < B3:
            v = -1.0
        elif a < B4:
            v = _cell_value(state, p, a - B3)
        elif a < B5:
            r = a - B4
            v = _cell_value(state, p, t.river_cells[r][state.river[p * R + r]])
        else:
            v = _track_gain(state, p, a - B5)
        if best_v is None or v > best_v:
            best_v, best = v, [a]
        elif v == best_v:
            best.append(a)
    return best[int(rng.random() * len(best))]


__all__ = ["greedy_policy"]
