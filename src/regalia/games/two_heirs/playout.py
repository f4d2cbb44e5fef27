"""The Two Heirs ``fast`` playout policy, offered to the search agents through
``regalia.core.registry.register_policy`` (``playout=fast``); agents never import this game.

The ``greedy`` policy (:mod:`.policies`) tries every build and every troop action on a copy
of the state and scores the whole landscape after each (~30 ms a game). A playout needs
sensible turns much more often than best ones, so ``fast`` spends the exact scoring only
where it matters most, the cell of a building:

1. **take** (mandatory, first): as ``greedy``: the reachable tile with the fewest missing
   resources once it is taken, the richer tile on a tie, then by ``rng``; computed from the
   resource counts, no copy;
2. **build**: the affordable hand tile of the highest static value (printed cost: the
   resources a building needs measure what it is worth; ties by ``rng``), at the cell that
   gives the best margin (own points minus the opponent's, or Heinrich's in solo, final
   scoring of the landscape as it stands), trying at most ``CELLS`` cells chosen by
   ``rng``; built only if the margin does not drop;
3. **troops**: a troop that has not moved and does not stand on an own building moves onto
   an adjacent own building no troop occupies (a troop there doubles its points), found
   from the board, no copy;
4. **expand** when the hand would exceed the limit of 3: the tile hardest to afford, at a
   cell chosen by ``rng``;
5. **end**.

Decisions: a siege always destroys (the first flanked building); discards drop the tile
hardest to afford. Only legal actions are returned; the given state is never changed;
with the same ``rng`` state the same action is returned.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from regalia.core.policies import compiled_as, seat_information_only
from regalia.core.registry import register_policy

from .policies import _margin, best_after, opening_action, over_limit_expansions
from .geometry import DELTA, cell_of
from .scoring import building_scores
from .tables import HAND_LIMIT

if TYPE_CHECKING:
    from .state import TwoHeirsState

#: Cells of the chosen building judged by the exact scoring (the others are not tried).
CELLS = 6


def _build(s: "TwoHeirsState", legal: list[int], rng: random.Random, p: int) -> int | None:
    T = s.T
    b0, e0 = T.build0, T.expand0
    builds = [a for a in legal if b0 <= a < e0]
    if not builds:
        return None
    hand = s.hands[p]
    cost = T.cost
    by_slot: dict[int, list[int]] = {}
    for a in builds:
        by_slot.setdefault((a - b0) // 24, []).append(a)
    slots = list(by_slot)
    values = [sum(cost[hand[h]]) for h in slots]
    top = max(values)
    richest = [h for h, v in zip(slots, values) if v == top]
    cands = by_slot[richest[int(rng.random() * len(richest))]]
    if len(cands) > CELLS:
        cands = rng.sample(cands, CELLS)
    now = _margin(s, p)
    best, best_m = best_after(s, cands, p)
    if best_m is None or best_m < now:
        return None
    return best[int(rng.random() * len(best))]


def _bases(s: "TwoHeirsState", p: int) -> dict[int, int]:
    """Cell -> points (undoubled, final scoring as the landscape stands) of ``p``'s
    buildings worth at least 1 point."""
    G = s.game
    mine = building_scores(G.tiles, s.landscape())[p]
    return {cell_of(*b.position): b.base for b in mine if b.base > 0}


def _troop(s: "TwoHeirsState", legal: list[int], rng: random.Random, p: int) -> int | None:
    """The move or deployment of a troop onto an own building no troop occupies that gains
    the most points (the building's points doubled, less those of an own building the
    troop leaves; a move before a deployment on a tie), if it gains any; candidates read from the board, one scoring in all."""
    T = s.T
    board = s.board
    troops = s.troops
    o = 3 * p
    m0, d0, w0 = T.move0, T.deploy0, T.withdraw0
    cands = []
    for a in legal:
        if a < m0:
            continue
        if a >= w0:
            break
        k, d = divmod(a - (m0 if a < d0 else d0), 8)
        pos = troops[o + k]
        dest = pos + DELTA[d]
        code = board[dest]
        if code & 3 == p and T.cost[code >> 2] != (0, 0, 0):
            cands.append((a, pos if a < d0 else -1, dest))
    if not cands:
        return None
    bases = _bases(s, p)
    best: list[int] = []
    best_g = (1, 0)
    for a, src, dest in cands:
        # a move before a deployment of the same gain (a deployed troop leaves the royal
        # reserve, which shortens the player's reach)
        g = (bases.get(dest, 0) - bases.get(src, 0), a < d0)
        if g > best_g:
            best_g, best = g, [a]
        elif g == best_g:
            best.append(a)
    if not best:
        return None
    return best[int(rng.random() * len(best))]


@compiled_as("fast")
@seat_information_only  # tests/agents/test_seat_information.py
def fast_policy(s: "TwoHeirsState", rng: random.Random) -> int:
    """A legal action of the player to move, by the order in the module docstring.

    The compiled engine plays it in C (``_engine.Core._fast``, marked
    ``compiled_as("fast")``): a change here must be made there too, or the mark removed
    (the differential tests compare the two)."""
    legal = s.legal_actions()
    T = s.T
    p = s.current_player()
    a = opening_action(s, legal, rng, p)
    if a is not None:
        return a
    a = _build(s, legal, rng, p)
    if a is not None:
        return a
    a = _troop(s, legal, rng, p)
    if a is not None:
        return a
    if len(s.hands[p]) > HAND_LIMIT:
        expands = over_limit_expansions(s, legal, p)
        if expands:
            return expands[int(rng.random() * len(expands))]
    if T.end in legal:
        return T.end
    return legal[int(rng.random() * len(legal))]


register_policy("two-heirs", "fast", fast_policy)
