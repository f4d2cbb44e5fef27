"""What each seat of an Inheritors game knows: its observation, its information state, and
states resampled from it (the determinizations of IS-MCTS).

Hidden information (rulebook II. Setup, III. Gameplay): each player's hand and Quests, the
deck. Every other player's public knowledge of a hand is kept by the state as a lower
bound (cards seen entering it) and an upper bound (after a Spy's miss or a skipped play)
per card type; resampling respects both. What a move told the table beyond its action id
is kept as a public note, shown in every observation (``reveals``) and information state
string (rulings R12, R19).

The functions take the state (:class:`~.state.InheritorsState` delegates its contract
methods ``observation``, ``information_state_string``, ``resample_from_infostate`` here).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from regalia.core.errors import RegaliaError

from .codes import (E_CARDS, E_DEMAND, E_DRAW, E_IF, E_PLAY, E_REMOVE, E_TAKE, EFFECT_NAMES,
                    NOCAP, PH_END, ST_SETUP, WHITE, BITS)
from .scoring import entry_points

if TYPE_CHECKING:
    from .state import InheritorsState, PureInheritorsState


def pending_view(state: "InheritorsState") -> list[dict[str, Any]]:
    """The effects waiting in the turn, first to resolve first (public: the Advocate or
    Clan they come from was shown): ``{"effect": name, ...its numbers}``."""
    G = state.game
    out = []
    for e in state.pend:
        d: dict[str, Any] = {"effect": EFFECT_NAMES[e[0]]}
        if e[0] == E_PLAY:
            d.update(skip=e[1], requirement="opponent_ahead" if e[2] else None)
        elif e[0] == E_DEMAND:
            d.update(otherwise_draw=e[1])
        elif e[0] == E_TAKE:
            d.update(count=e[1])
        elif e[0] == E_REMOVE:
            d.update(max_number=e[1])
        elif e[0] == E_DRAW:
            d.update(n=e[1])
        elif e[0] == E_CARDS:
            d.update(cards=[G.tname[t] for t in e[1]])
        elif e[0] == E_IF:
            d.update(advocate=G.tname[e[1]], ability=e[2], effects=e[3])
        out.append(d)
    return out


def observation(state: "InheritorsState", player: int) -> dict[str, Any]:
    """What ``player`` sees: their own hand and Quests; everyone's play area, Clan,
    Honors, hand size and Quest count; the Market, the Honor and Clan rows, the removed
    area, the deck size; the decision in progress; ``reveals``, what moves told the
    table beyond their notation (:func:`reveals`: Spy answers, cards shown for Honors,
    skipped plays). At the end (hands are shown for
    scoring) every hand, Quest and score breakdown.

    Raises:
        ParameterError: ``player`` is not a seat.
    """
    state.check_seat(player)
    G = state.game
    n = G.num_players
    colours = G.colours
    names = G.tname
    ended = state.phase == PH_END
    obs: dict[str, Any] = {
        "game": G.info.name,
        "params": G.params,
        "player": player,
        "current_player": state.current_player(),
        "phase": state.phase_name,
        "turn": state.cur if state.stage != ST_SETUP else None,
        "first_player": state.first if state.first >= 0 else None,
        "end_triggered": state.ended,
        "removed_colour": colours[state.rcol] if state.rcol >= 0 else None,
        "hand": state.hand_names(player),
        "quests": [G.quests[q].name for q in state.quests[player]],
        "hand_sizes": list(state.hsize),
        "quest_counts": [len(q) for q in state.quests],
        "deck_size": state.dsize,
        "market": [[names[t] for t in r] for r in state.rows],
        "play_areas": [{colours[c]: state.stack_numbers(p, c) for c in range(5)
                        if state.mask[p * 5 + c]} for p in range(n)],
        "clans": [{"colour": colours[c], "clan": G.clans[state.clan_row[c]].name,
                   "owner": state.clan_owner[c] if state.clan_owner[c] >= 0 else None,
                   "cards": [names[t] for t in range(G.T)
                             if G.tclan[t] == state.clan_row[c] for _ in range(state.side[t])]}
                  for c in range(5) if state.clan_row[c] >= 0],
        "honor_row": [G.honors[h].name for h in state.hrow],
        "honors": [[G.honors[h].name for h in range(len(G.honors)) if state.honors[p] >> h & 1]
                   for p in range(n)],
        "quests_in_row": state.qrow,
        "removed_area": {names[t]: k for t, k in enumerate(state.removed) if k},
        "pending": pending_view(state),
        "quest_action": ({"colour": "white" if state.qcol == WHITE else colours[state.qcol],
                          "discards_left": state.qleft} if state.qleft else None),
        "advocate_this_turn": names[state.tadv] if state.tadv >= 0 else None,
        "reveals": reveals(state),
    }
    if ended:
        obs["hands"] = [state.hand_names(p) for p in range(n)]
        obs["all_quests"] = [[G.quests[q].name for q in state.quests[p]] for p in range(n)]
        obs["scores"] = [entry_points(G, state, p) for p in range(n)]
    return obs


def reveals(state: "InheritorsState") -> list[dict[str, Any]]:
    """What the table learnt from moves beyond their notation, oldest first (public:
    every seat sees all of it): ``{"ply", "event", "seat", ...}`` with ``event``

    * ``"spy"``: ``seat`` asked seat ``asked`` for ``card``; ``held`` is the answer
      (rulebook III, Spy: "If that player has the card, they must immediately place
      it in your play area. If they do not have it, you draw 1 card");
    * ``"shown"``: ``seat`` showed ``cards`` from their hand to claim ``honor`` ("Show
      3 Tomes/Relics from your hand", ruling R19 on which cards);
    * ``"play skipped"``: ``seat`` held no card for the play of its Advocate (R12).
    """
    G = state.game
    out: list[dict[str, Any]] = []
    for ply, kind, seat, detail in state.notes:
        d: dict[str, Any] = {"ply": ply, "seat": seat}
        if kind in ("held", "missed"):
            d.update(event="spy", asked=detail[0], card=G.tname[detail[1]],
                     held=kind == "held")
        elif kind == "shown":
            d.update(event="shown", honor=G.honors[state.hist[ply] - G.A_HONOR].name
                     if G.A_HONOR <= state.hist[ply] < G.A_END else None,
                     cards=[G.tname[t] for t in detail])
        else:
            d.update(event="play skipped")
        out.append(d)
    return out


def seen_history(history: list[int], visibility: list[int], player: int,
                 blank: Any) -> list[Any]:
    """``history`` as seat ``player`` saw it: each action whose ``visibility`` entry is
    neither -1 (everyone saw it) nor ``player`` replaced by ``blank`` (another player's
    draw or Quest). The information state string, tensor and determinizations blank it
    with ``"?"``, ``None`` and the ``hidden`` action."""
    return [a if v < 0 or v == player else blank for a, v in zip(history, visibility)]


def information_state_string(state: "InheritorsState", player: int) -> str:
    """Seat ``player``, then the history with every outcome that seat did not see (other
    players' draws and Quests) written ``?``, each move followed by what the table
    learnt from it beyond its notation (:func:`reveals`: ``[held:Q.T]``,
    ``[missed:Q.T]``, ``[shown:T.T.T]``, ``[noplay]``): perfect recall of what it saw.
    Equal strings mean equal knowledge, and different knowledge different strings."""
    state.check_seat(player)
    words = [str(a) for a in seen_history(state.hist, state.vis, player, "?")]
    for ply, kind, _seat, detail in state.notes:
        words[ply] += f"[{kind}:{'.'.join(map(str, detail))}]" if detail else f"[{kind}]"
    return f"P{player}:" + " ".join(words)


def resample_from_infostate(state: "PureInheritorsState", player: int,
                            rng: random.Random) -> "PureInheritorsState":
    """A state ``player`` cannot tell from this one: the other players' hands and Quests
    and the deck re-dealt from the cards ``player`` has not seen, respecting what is
    public about each hand (cards seen entering it, Spy misses, cards shown for Honors).
    Hidden outcomes in the copy's history are replaced by the ``hidden`` action.

    Raises:
        ParameterError: ``player`` is not a seat.
    """
    state.check_seat(player)
    s = state.clone()
    s._legal = None
    s._seed = None     # the seed fixes every hidden card: a determinization drops it
    s.hist = seen_history(state.hist, state.vis, player, state.game.A_HIDDEN)
    if state.phase == PH_END:
        return s   # hands and Quests are shown for scoring
    G = state.game
    n = G.num_players
    others = [q for q in range(n) if q != player]
    # Quests of the others and the face-down pool
    qp = state.qpool[:]
    for q in others:
        qp += state.quests[q]
    qp.sort()         # in an order that does not tell who holds which Quest
    rng.shuffle(qp)
    for q in others:
        k = len(state.quests[q])
        s.quests[q] = sorted(qp[:k])
        qp = qp[k:]
    s.qpool = sorted(qp)
    _redeal(state, s, player, others, rng)
    return s


def unseen_pool(state: "InheritorsState", player: int) -> list[int]:
    """Copies of each type ``player`` has not seen and cannot place: every card less the
    box, the cards with the Clans, the removed area, the Market, the play areas,
    ``player``'s own hand and the cards everyone has seen entering (or shown from) the
    other hands. Computed from public information and ``player``'s hand only; equals
    the deck plus the unknown part of the other hands."""
    G = state.game
    T = G.T
    n = G.num_players
    o = player * T
    pool = [a - b - c - d - e for a, b, c, d, e in
            zip(G.tcopies, state.box, state.side, state.removed, state.hand[o:o + T])]
    for r in state.rows:
        for t in r:
            pool[t] -= 1
    mask = state.mask
    known = state.known
    for q in range(n):
        for c in range(5):
            m = mask[q * 5 + c]
            if m:
                for k in BITS[m]:
                    pool[6 * c + k] -= 1
        if q != player:
            o = q * T
            for t, k in enumerate(known[o:o + T]):
                if k:
                    pool[t] -= k
    return pool


def _redeal(state: "PureInheritorsState", s: "PureInheritorsState", player: int,
            others: list[int],
            rng: random.Random) -> None:
    """Deal the unseen cards (:func:`unseen_pool`) to the other hands and the deck so
    that every public bound holds: each hand keeps its size and the cards known in it,
    holds at most ``capc + pdraws`` of a type after a Spy's miss or a skipped play, and
    the player to act holds the cards their decision in progress shows.

    Exact: the deal never fails. The unseen cards are shuffled and each hand (in a
    random order of the seats; hands with a cap or required cards first, after which the
    others cannot fail) takes the next card that keeps the rest of the deal feasible.
    Feasibility is the max-flow / min-cut condition of this transportation
    problem: for every set ``Q`` of demands (a hand's remaining size; the player to act
    split in the cards their decision shows they hold and the rest), the cards ``Q``
    needs are at most ``sum over types of min(unseen copies, what Q may take)``. Only
    sets of constrained demands (a cap, or required types) can fail it; their slacks
    are kept incrementally. The true deal proves the problem feasible to start with, and
    a feasible problem always has a card that keeps it feasible, so there is no dead
    end. Reads only public information, ``player``'s hand and ``rng``: two states with
    the same information state for ``player`` give the same deal for the same ``rng``.
    """
    G = state.game
    T = G.T
    pool = unseen_pool(state, player)
    cards = [t for t in range(T) for _ in range(pool[t])]
    rng.shuffle(cards)
    order = others[:]
    rng.shuffle(order)
    total = len(cards)
    big = total + 1                       # "no cap": more than every unseen card
    hands: dict[int, list[int]] = {}
    capped: dict[int, bool] = {}
    seat: list[int] = []                  # per demand: its seat
    need: list[int] = []                  # per demand: cards still to deal
    only: list[frozenset[Any] | None] = []     # per demand: the types it takes (None: any)
    known, capc = state.known, state.capc
    for q in order:
        o = q * T
        h = known[o:o + T]
        hands[q] = h
        capped[q] = min(capc[o:o + T]) < NOCAP
        size = state.hsize[q] - sum(h)
        if q == state.cur:
            types, must = state._required_cards(q)
            must -= sum(h[t] for t in types)
            if must > 0:
                seat.append(q); need.append(must); only.append(frozenset(types))
                size -= must
        seat.append(q); need.append(size); only.append(None)
    cons = [d for d in range(len(seat)) if only[d] is not None or capped[seat[d]]]
    if not cons:   # no cap, nothing required: the shuffled cards in turn
        i = 0
        for q, k in zip(seat, need):
            h = hands[q]
            for t in cards[i:i + k]:
                h[t] += 1
            i += k
        deck = [0] * T
        for t in cards[i:]:
            deck[t] += 1
        s.deck = deck
        for q, h in hands.items():
            s.hand[q * T:(q + 1) * T] = h
        return
    room: dict[int, list[int]] = {}       # copies each hand may still take, per type
    for q in order:
        o = q * T
        if capped[q]:
            pd = state.pdraws[q]
            h = hands[q]
            room[q] = [big if c == NOCAP else max(0, c + pd - h[t])
                       for t, c in enumerate(capc[o:o + T])]
        else:
            room[q] = [big] * T
    # per set Q of constrained demands: its bit mask, the seats taking any type, and
    # the (seat, types) taking only some types (a seat counted once per type)
    subsets: list[tuple[int, tuple[int, ...], tuple[tuple[int, frozenset[Any]], ...]]] = []
    for m in range(1, 1 << len(cons)):
        ds = [cons[j] for j in range(len(cons)) if m >> j & 1]
        full = tuple(sorted({seat[d] for d in ds if only[d] is None}))
        part = tuple((seat[d], only_d) for d in ds
                     if (only_d := only[d]) is not None and seat[d] not in full)
        subsets.append((sum(1 << d for d in ds), full, part))

    def capacity(full: tuple[int, ...], part: tuple[tuple[int, frozenset[Any]], ...],
                 t: int) -> int:
        """What the seats of Q may take of type ``t`` (before the pool's limit)."""
        c = 0
        for q in full:
            c += room[q][t]
        for q, ty in part:
            if t in ty:
                c += room[q][t]
        return c

    slack = [sum(min(pool[t], capacity(full, part, t)) for t in range(T))
             - sum(need[d] for d in cons if bits >> d & 1)
             for bits, full, part in subsets]
    used = [False] * total
    start = 0
    # the constrained hands first; once they are dealt, the others cannot fail
    bound = {seat[d] for d in cons}
    for q in sorted(order, key=lambda q: q not in bound):
        mine = [d for d in range(len(seat)) if seat[d] == q]
        left = sum(need[d] for d in mine)
        h = hands[q]
        rm = room[q]
        if q not in bound:
            for i in range(start, total):
                if not left:
                    break
                if not used[i]:
                    used[i] = True
                    h[cards[i]] += 1
                    left -= 1
            continue
        while left:
            while used[start]:
                start += 1
            refused: set[int] = set()
            for i in range(start, total):
                if used[i]:
                    continue
                t = cards[i]
                if t in refused or rm[t] == 0:
                    continue
                # the demand of q this card serves: the required cards first
                d = next((d for d in mine if need[d] and t in (only[d] or ())), None)
                if d is None:
                    d = next(d for d in mine if only[d] is None)
                    if need[d] == 0:      # only required cards are still wanted
                        refused.add(t)
                        continue
                new = []
                pt = pool[t]
                for (bits, full, part), sl in zip(subsets, slack):
                    c = capacity(full, part, t)
                    # q's room for t counts in Q if q takes t there
                    fed = q in full or any(x == q and t in ty for x, ty in part)
                    v = (sl - min(pt, c) + min(pt - 1, c - fed)
                         + (bits >> d & 1))
                    if v < 0:
                        break
                    new.append(v)
                else:
                    slack = new
                    used[i] = True
                    pool[t] -= 1
                    rm[t] -= 1
                    h[t] += 1
                    need[d] -= 1
                    left -= 1
                    break
                refused.add(t)
            else:  # pragma: no cover - impossible: the deal was feasible
                raise RegaliaError("no deal fits what this player has seen")
    deck = [0] * T
    for i, t in enumerate(cards):
        if not used[i]:
            deck[t] += 1
    s.deck = deck
    for q, h in hands.items():
        s.hand[q * T:(q + 1) * T] = h
