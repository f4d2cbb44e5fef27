"""The Two Heirs ``greedy`` heuristic, offered to the game-independent agents through
``regalia.core.registry.register_policy`` (agents never import this game).

A turn, one action per call, in this order:

1. **take** (mandatory, first): the reachable tile that is cheapest to construct with the
   resources left once it is taken (fewest missing), the more expensive (richer) tile on a
   tie, then uniformly by ``rng``;
2. **build**: the affordable construction that most increases the player's margin (own
   points minus the opponent's, final scoring of the landscape as it stands; in solo games
   Heinrich's solo scoring, so removed treasures count), if it does not lower it;
3. **troops**: the move, deployment or withdrawal that most increases the margin (a troop on
   an own building doubles it), if it does;
4. **expand** when the hand would exceed the limit of 3 (a tile played face down is better
   than a tile thrown away): the tile hardest to afford, where the margin is best;
5. **end**.

Decisions: a siege always destroys (the first flanked building); discards drop the tile
hardest to afford. Every candidate is tried on a copy of the state and judged by the exact
scoring (``state.player_score`` / Heinrich's), so the heuristic follows the rules; ties are
broken uniformly by ``rng``.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from regalia.core.policies import compiled_as, seat_information_only
from regalia.core.registry import register_policy

from .tables import HAND_LIMIT

if TYPE_CHECKING:
    from .state import TwoHeirsState


def _margin(s: "TwoHeirsState", p: int) -> int:
    a, b = s._totals()
    return (a - b) if p == 0 else (b - a)


def best_after(s: "TwoHeirsState", actions: list[int],
               p: int) -> tuple[list[int], int | None]:
    """The actions of ``actions`` after which ``p``'s margin is highest (each tried on a
    copy of ``s``), in ``actions``' order, and that margin; ([], None) for no action.
    Shared by ``greedy`` and ``fast`` (``_engine.best_after`` in C)."""
    best: list[int] = []
    best_m = None
    for a in actions:
        child = s.clone()
        child.apply_action(a)
        m = _margin(child, p)
        if best_m is None or m > best_m:
            best_m, best = m, [a]
        elif m == best_m:
            best.append(a)
    return best, best_m


def _best(s: "TwoHeirsState", actions: list[int], rng: random.Random,
          p: int) -> tuple[int | None, int]:
    """The action of ``actions`` with the highest margin after it (ties by ``rng``) and
    that margin; (None, -inf) for no action."""
    best, best_m = best_after(s, actions, p)
    if best_m is None:
        return None, -(10**9)
    return best[int(rng.random() * len(best))], best_m


def decision_action(s: "TwoHeirsState", legal: list[int]) -> int | None:
    """The choice in a mid-turn decision state, or None in the turn phase: a Siege Tower
    destroys (never spares), and the hand-limit discard drops the tile hardest to afford
    (then the dearest). Shared by ``greedy`` and the ``fast`` playout policy."""
    T = s.T
    ph = s.phase_name
    if ph == "siege":
        return legal[0] if legal[0] != T.spare else legal[-1]
    if ph == "discard":
        p = s.current_player()
        hand = s.hands[p]
        avail = s.resources(p)
        worst = max(range(len(hand)), key=lambda h: (s.shortfall(hand[h], p, avail),
                                                     T.cost[hand[h]]))
        return T.discard0 + worst
    return None


def take_action(s: "TwoHeirsState", legal: list[int], rng: random.Random, p: int) -> int:
    """Among the legal takes, the tile that would lack the fewest resources after taking
    it (its own colour leaves the reserve), then the dearest; ties at random. Shared by
    ``greedy`` and ``fast``."""
    T = s.T
    avail = s.resources(p)
    order = s.reserve_order()
    keyed = []
    for a in legal:
        if T.take0 <= a < T.take0 + 7:
            t = s.slots[order[a - T.take0]]
            left = avail[:]
            left[T.colour[t]] -= 1
            keyed.append(((s.shortfall(t, p, left), -sum(T.cost[t])), a))
    low = min(k for k, _ in keyed)
    cands = [a for k, a in keyed if k == low]
    return cands[int(rng.random() * len(cands))]


def opening_action(s: "TwoHeirsState", legal: list[int], rng: random.Random,
                   p: int) -> int | None:
    """What ``greedy`` and ``fast`` both play before their own judgement, or None: the only
    legal action; a mid-turn decision (:func:`decision_action`); the take
    (:func:`take_action`, one ``rng.random()``) when takes are legal (they come first in
    ``legal``, which is ascending)."""
    if len(legal) == 1:
        return legal[0]
    decided = decision_action(s, legal)
    if decided is not None:
        return decided
    T = s.T
    if T.take0 <= legal[0] < T.take0 + 7:
        return take_action(s, legal, rng, p)
    return None


def over_limit_expansions(s: "TwoHeirsState", legal: list[int], p: int) -> list[int]:
    """The expansions to choose from when ``p``'s hand is over the limit (a tile played
    face down is better than a tile thrown away): the legal expansions of the hand tile
    hardest to afford, or all legal expansions when that tile has none; [] when none is
    legal. Shared by ``greedy`` and ``fast`` (``_engine.over_limit_expansions`` in C)."""
    T = s.T
    expands = [a for a in legal if T.expand0 <= a < T.move0]
    if not expands:
        return []
    hand = s.hands[p]
    avail = s.resources(p)
    hard = max(range(len(hand)), key=lambda h: s.shortfall(hand[h], p, avail))
    return [a for a in expands if (a - T.expand0) // 24 == hard] or expands


@compiled_as("greedy")
@seat_information_only  # tests/agents/test_seat_information.py
def greedy_policy(s: "TwoHeirsState", rng: random.Random) -> int:
    """A legal action of the player to move, by the order in the module docstring.

    The compiled engine plays it in C (``_engine.Core._greedy``, marked
    ``compiled_as("greedy")``): a change here must be made there too, or the mark removed
    (the differential tests compare the two)."""
    legal = s.legal_actions()
    T = s.T
    p = s.current_player()
    a = opening_action(s, legal, rng, p)
    if a is not None:
        return a
    now = _margin(s, p)
    builds = [a for a in legal if T.build0 <= a < T.expand0]
    if builds:
        a, m = _best(s, builds, rng, p)
        if a is not None and m >= now:
            return a
    troops = [a for a in legal if T.move0 <= a < T.flip0]
    if troops:
        a, m = _best(s, troops, rng, p)
        if a is not None and m > now:
            return a
    if len(s.hands[p]) > HAND_LIMIT:
        a, _value = _best(s, over_limit_expansions(s, legal, p), rng, p)
        if a is not None:
            return a
    if T.end in legal:
        return T.end
    return legal[int(rng.random() * len(legal))]


register_policy("two-heirs", "greedy", greedy_policy)
