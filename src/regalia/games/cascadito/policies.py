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
* passing: -1 (chosen only when every other move is worse);
* claiming an achievement (R12): its points plus 2 per action it gives, so it is claimed,
  unless the claim would end the game (sheets 1-3: the last top-row achievement between
  the players or the player's whole bottom row, at once; sheet 4: the whole top row, at
  the end of the turn, +5): then it is claimed only when the player wins with it, and on
  sheets 1-3 only once the die is used and no action of the turn is waiting (they would
  be lost at the instant end; the claim stays open and is offered again after each
  step); declining is worth 0.

Ties are broken uniformly with the generator (one draw).

The compiled engine plays this policy in C (``_engine.pyx``: :func:`greedy_policy` asks
``State.compiled_action`` first, and playouts marked ``compiled_as("greedy")`` run whole in
C), with the same values, ties and draws; a change here must be made there too (the
differential tests compare the two).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from regalia.core.policies import compiled_as

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


def _claim_value(state: CascaditoState, p: int, k: int) -> float:
    """The value of claiming achievement ``k`` now (module docstring)."""
    G = state.game
    t = state.tables
    A = t.num_achievements
    ach = t.achievements[k]
    first = state.first[k]
    later_points = ach.later_points  # not None exactly where t.ach_later[k]
    pts = (later_points if later_points is not None and first not in (p, -1)
           else ach.points)
    n = G.num_players
    if n == 1:
        return pts + 2.0 * len(ach.actions) + 0.5
    e = t.end
    claimed = state.claimed
    instant = ((e.top_row_claimed and t.ach_top[k] and first < 0
                and all(state.first[a] >= 0 for a in t.top if a != k))
               or (e.bottom_row_by_one and not t.ach_top[k]
                   and all(claimed[p * A + a] for a in t.bottom if a != k)))
    later = (e.top_row_by_one and t.ach_top[k]
             and all(claimed[p * A + a] for a in t.top if a != k))
    if not (instant or later):
        return pts + 2.0 * len(ach.actions) + 0.5
    scores = state.scores()
    mine = scores[p] + pts + (e.top_row_bonus if later else 0)
    wins = all(mine > scores[q] or (mine == scores[q] and p > q)
               for q in range(n) if q != p)
    if not wins:
        return -1000.0
    if instant and (state.tasks or state.predie):
        return -0.5  # use the die and the waiting actions first; the claim stays open
    return 1000.0


@compiled_as("greedy")
def greedy_policy(state: CascaditoState, rng: random.Random) -> int:
    """A legal action with the best heuristic value (module docstring); ties by ``rng``."""
    compiled = state.compiled_action("greedy", rng)
    if compiled is not None:
        return compiled
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    G = state.game
    if state.phase_name == "claim":
        cb = G.claim_base
        p = state.current_player()
        decline = legal[-1]
        best_a, best_claim = decline, 0.0
        for a in legal[:-1]:
            claim = _claim_value(state, p, a - cb)
            if claim > best_claim:
                best_a, best_claim = a, claim
        return best_a
    t = state.tables
    p = state.current_player()
    H, R = t.num_cells, t.num_rivers
    B1, B2, B3, B4, B5, _ = G.bases
    best: list[int] = []
    best_v: float | None = None
    cache: dict[int, float] = {}
    for a in legal:
        if a < B1:
            i = a % H
            if i not in cache:
                cache[i] = _cell_value(state, p, i)
            v = cache[i]
        elif a < B2:
            r = (a - B1) % R
            i = t.river_cells[r][state.river[p * R + r]]
            if i not in cache:
                cache[i] = _cell_value(state, p, i)
            v = cache[i]
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
