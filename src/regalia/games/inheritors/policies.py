"""The Inheritors ``greedy`` playout policy (offered to the game-independent agents through
``regalia.core.registry.register_policy``).

One step ahead, each legal action is judged by :func:`visible_value`, an estimate of the
acting player's end-game points computed **only from what that player sees**: their own
hand and Quests, the play areas, Honors, Clans, the Market and public counts. The state's
``player_score`` cannot be used: the Tome majority and every other player's hand are
hidden. A Spy's question is not tried on a copy (the copy would answer from the other
player's real hand); its value uses the public knowledge of that hand instead. Ties are
broken uniformly with the policy's generator.

The compiled engine plays ``greedy`` and ``fast`` in C (``_engine.pyx``: each policy asks
``State.compiled_action`` first, and playouts marked ``compiled_as`` run whole in C), with
the same values, ties and draws; a change here must be made there too (the differential
tests compare the two).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from regalia.core.policies import compiled_as, seat_information_only

from .codes import E_SCORE

if TYPE_CHECKING:
    from .rules import InheritorsGame
    from .state import InheritorsState

#: Weights of the estimate (points per item); tuned by hand to play sensibly, not optimal.
CARD = 0.3            # a card in hand: options later
PLAYABLE = 0.25       # an Influence Card that can go on its stack next
TOME = 0.9            # a Tome or Epic towards the majority (3 / 1 points)
QUEST_PENDING = 1.5   # a Quest about to be drawn (1 or 2 points)
CLAN = 1.0            # a claimed Clan's help beyond its scoring text
RIVAL = 0.3           # per point of every other player's influence (a Saboteur's worth)


def visible_value(s: "InheritorsState", p: int) -> float:
    """An estimate of seat ``p``'s final points from what ``p`` can see in ``s``."""
    G = s.game
    o = p * G.T
    hand = s.hand
    mo = p * 5
    mask = s.mask
    tops = [m.bit_length() for m in mask[mo:mo + 5]]
    own = sum(tops)
    v = float(own)
    bits = s.honors[p]
    if bits:
        v += sum(h.points for i, h in enumerate(G.honors) if bits >> i & 1)
    quests = s.quests[p]
    if quests:
        Q = G.quests
        req = G.quest_req
        cond = s.condition
        for q in quests:
            v += Q[q].points_met if cond(p, req[q]) else Q[q].points_unmet
    if s.qdraw and s.cur == p:
        v += QUEST_PENDING
    clan = s.pclan[p]
    if clan >= 0:
        v += CLAN
        v += _visible_scoring(s, p, G.clan_scoring[clan])
    v += CARD * (s.hsize[p] + s.drawq.count(p))
    for c in range(5):
        n = tops[c]
        if n < 6 and hand[o + 6 * c + n]:
            v += PLAYABLE
    v += TOME * sum([hand[o + t] for t in G.majority_types])
    # every other player's influence: all stacks' tops minus p's own
    v -= RIVAL * (sum(map(int.bit_length, mask[:5 * G.num_players])) - own)
    for t, req in G.relic_req.items():
        k = hand[o + t]
        if k:
            met, unmet = G.relic_points[t]
            v += k * (met if s.condition(p, req) else unmet)
    return v


def _visible_scoring(s: "InheritorsState", p: int, abilities: tuple[Any, ...]) -> float:
    """A Clan's scoring text as seat ``p`` can estimate it: fixed points in full; a majority
    award (which needs every hand) is not counted, since the cards it counts are already
    valued in ``p``'s hand (``TOME``) and the other hands are hidden."""
    total = 0.0
    for req, met, other in abilities:
        for e in (met if req is None or s.condition(p, req) else other):
            if e[0] == E_SCORE:
                total += e[1]
    return total


def _ask_value(s: "InheritorsState", p: int, action: int, base: float) -> float:
    """The value of asking seat ``q`` for card ``t``, from public knowledge of ``q``'s hand."""
    G = s.game
    T = G.T
    q, t = divmod(action - G.A_ASK, 30)
    i = q * T + t
    if s.known[i] > 0:
        hit = 1.0
    elif s.capc[i] != 10 ** 6 and s.capc[i] + s.pdraws[q] <= 0:
        hit = 0.0
    else:
        # copies p has not seen: all copies minus those in p's hand, the Market, the play
        # areas, the removed area and the box, i.e. the deck plus the other hands (the sum
        # is public even though its parts are not)
        others = [r for r in range(G.num_players) if r != p]
        unseen_t = s.deck[t] + sum(s.hand[r * T + t] for r in others)
        unseen = s.dsize + sum(s.hsize[r] for r in others)
        hit = min(1.0, s.hsize[q] * unseen_t / unseen) if unseen else 0.0
    count: int = s.pend[0][1]
    return base + hit * (1.0 + (0.5 if G.tnum[t] >= 2 else 0.0)) + (1 - hit) * CARD * count


def _equivalence(G: "InheritorsGame", a: int) -> tuple[Any, ...] | None:
    """Actions :func:`visible_value` cannot tell apart (the Market row a card is discarded
    to is not valued), so one of each class is tried."""
    if G.A_DDRAW <= a < G.A_MARKET:
        return ("d", (a - G.A_DDRAW) // 3)
    if G.A_MARKET <= a < G.A_QUEST:
        t, rs = divmod(a - G.A_MARKET, 9)
        return ("m", t, rs % 3)
    if G.A_DISC <= a < G.A_ASK:
        return ("q", (a - G.A_DISC) // 3)
    return None


@seat_information_only  # tests/agents/test_seat_information.py
@compiled_as("greedy")
def greedy_policy(state: "InheritorsState", rng: random.Random) -> int:
    """The legal action with the best :func:`visible_value` one step ahead (a Spy's question
    valued from public knowledge); ties uniform by ``rng``. The state is not changed."""
    compiled = state.compiled_action("greedy", rng)
    if compiled is not None:
        return compiled
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    G = state.game
    p = state.current_player()
    base = visible_value(state, p)
    best: list[int] = []
    best_v = None
    seen: dict[tuple[Any, ...], float] = {}
    for a in legal:
        if G.A_ASK <= a < G.A_TAKE:
            v = _ask_value(state, p, a, base)
        else:
            key = _equivalence(G, a)
            known = seen.get(key) if key is not None else None
            if known is None:
                child = state.clone()
                child.apply_legal(a)
                v = visible_value(child, p)
                if key is not None:
                    seen[key] = v
            else:
                v = known
        if best_v is None or v > best_v + 1e-9:
            best_v, best = v, [a]
        elif abs(v - best_v) <= 1e-9:
            best.append(a)
    return best[int(rng.random() * len(best))]


def _keep_value(s: "InheritorsState", p: int, tops: list[int], t: int) -> float:
    """What :func:`visible_value` loses when seat ``p`` gives up one card of type ``t``
    (a card in hand, a playable next card, a Tome towards the majority, a Relic's points);
    Quest conditions on the hand are not re-checked."""
    G = s.game
    v = CARD
    k = s.hand[p * G.T + t]
    if t < 30:
        c, n = divmod(t, 6)
        if n == tops[c] and k == 1:
            v += PLAYABLE
    if t in G.majority_types:
        v += TOME
    rp = G.relic_points.get(t)
    if rp is not None:
        v += rp[0] if s.condition(p, G.relic_req[t]) else rp[1]
    return v


def _gain_value(s: "InheritorsState", p: int, tops: list[int], t: int, gained: set[Any]) -> float:
    """What :func:`visible_value` gains when seat ``p`` takes one card of type ``t``
    (``gained``: the types already counted in the same take, for the playable bonus)."""
    G = s.game
    v = CARD
    if t < 30:
        c, n = divmod(t, 6)
        if n == tops[c] and not s.hand[p * G.T + t] and t not in gained:
            v += PLAYABLE
    gained.add(t)
    if t in G.majority_types:
        v += TOME
    rp = G.relic_points.get(t)
    if rp is not None:
        v += rp[0] if s.condition(p, G.relic_req[t]) else rp[1]
    return v


@seat_information_only  # tests/agents/test_seat_information.py
@compiled_as("fast")
def fast_policy(state: "InheritorsState", rng: random.Random) -> int:
    """A cheaper ``greedy``: the same estimate (:func:`visible_value`, one step ahead, only
    what the acting player sees), but the many discarding actions (discard and draw 2,
    discard and take a Market row, a Quest's discards) are valued in closed form from the
    cards that leave and enter the hand, without copying the state; the other actions
    (play a card, use an Advocate, take a Quest, claim, end the turn) are tried on a copy
    as ``greedy`` does, a Spy's question from public knowledge. Differs from ``greedy``
    only where a discard changes whether a Quest's hand condition is met. Ties uniform by
    ``rng``; the state is not changed.

    Speed: about 8 times as many playouts per second as ``greedy``
    (``benchmarks/bench_search.py``)."""
    compiled = state.compiled_action("fast", rng)
    if compiled is not None:
        return compiled
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    G = state.game
    p = state.current_player()
    A_DDRAW, A_MARKET, A_QUEST, A_DISC, A_ASK, A_TAKE = (
        G.A_DDRAW, G.A_MARKET, G.A_QUEST, G.A_DISC, G.A_ASK, G.A_TAKE)
    tops = [m.bit_length() for m in state.mask[p * 5:p * 5 + 5]]
    base = None
    keep: dict[int, float] = {}
    row_gain: dict[int, float] = {}
    best: list[int] = []
    best_v = None
    for a in legal:
        if A_DDRAW <= a < A_QUEST:
            if a < A_MARKET:
                t = (a - A_DDRAW) // 3
                s_row = -1
            else:
                t, rs = divmod(a - A_MARKET, 9)
                s_row = rs % 3
            kv = keep.get(t)
            if kv is None:
                kv = keep[t] = _keep_value(state, p, tops, t)
            if s_row < 0:
                v = 2 * CARD - kv
            else:
                g = row_gain.get(s_row)
                if g is None:
                    gained: set[Any] = set()
                    g = row_gain[s_row] = sum(_gain_value(state, p, tops, u, gained)
                                              for u in state.rows[s_row])
                v = g - kv
        elif A_DISC <= a < A_ASK:
            t = (a - A_DISC) // 3
            kv = keep.get(t)
            if kv is None:
                kv = keep[t] = _keep_value(state, p, tops, t)
            v = -kv
        else:
            if base is None:
                base = visible_value(state, p)
            if A_ASK <= a < A_TAKE:
                v = _ask_value(state, p, a, base) - base
            else:
                child = state.clone()
                child.apply_legal(a)
                v = visible_value(child, p) - base
        if best_v is None or v > best_v + 1e-9:
            best_v, best = v, [a]
        elif abs(v - best_v) <= 1e-9:
            best.append(a)
    return best[int(rng.random() * len(best))]
