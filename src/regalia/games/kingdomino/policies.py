"""Playout policies Kingdomino offers to the game-independent agents (through
``regalia.core.registry.register_policy``), so that agents never import this game.

``greedy``: the same choice as the generic one-step score maximiser
(:func:`regalia.agents.greedy.greedy_action`) with the same generator, computed without
copying the state: a placement changes only the properties of its two terrains, so only
those are re-scored. Picks gain nothing immediately, so a pick is uniform over free dominoes.
With the Middle Kingdom or Harmony variant the bonuses depend on the whole kingdom; the
policy then scores every placement on a copy of the state.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from regalia.core.policies import compiled_as, one_step_greedy

from .scoring import components

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
def greedy_policy(state: "KingdominoState", rng: random.Random) -> int:
    """A legal action maximising the acting player's immediate score; ties uniform by ``rng``."""
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
