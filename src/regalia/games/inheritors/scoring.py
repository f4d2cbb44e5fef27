"""Inheritors end-of-game scoring, as pure functions of what the players hold.

Rules source: ``shared/rules/inheritors.rulebook.en.txt``, V. Scoring ("Each player counts
their own VPs in the following order"): 1 Influence Cards (the top card of each colour),
2 the Tomes (and Epics) majority, 3 Relics, 4 Quests, 5 Honors; "some Clans affect
end-game scoring" (the claimed Clan's scoring text) and the Epics' texts; the tie-break:
"If tied, the player with more Tomes in hand wins. If tied again, the player with more
cards in hand wins. If still tied, all players in the tie share the victory." Rulings:
``docs/rulings/inheritors.md`` (R6: a player without Tomes does not place).

The engine (:class:`.state.InheritorsState`) and the scoring assistant
(:mod:`.textformat`) both score through this module. A *position* is any object with the
attributes below (the engine's state is one; :class:`Holdings` is the assistant's):

* ``mask[p * 5 + c]``: the numbers in seat ``p``'s stack of colour ``c`` (bit ``n - 1``;
  only the highest, the top card, counts for scoring);
* ``hand[p * T + t]``: copies of card type ``t`` in ``p``'s hand (types of
  :class:`.rules.InheritorsGame`);
* ``hsize[p]``: cards in ``p``'s hand;
* ``quests[p]``: the Quests (indices) in ``p``'s play area;
* ``honors[p]``: bitmask of the Honors ``p`` claimed;
* ``pclan[p]``: the Clan ``p`` claimed (-1: none).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, Sequence

from regalia.core.i18n import N_, _
from regalia.core.breakdown import Breakdown, ScoreItem

from .labels import card, colour
from .codes import BITS, C_CARDS, C_HAND, C_HIGH, C_INF, C_QUESTS, C_STACKS, E_SCORE

if TYPE_CHECKING:
    from .rules import InheritorsGame

#: The breakdown's entries, in the rulebook's order, then the Clan's and Epics' texts.
BREAKDOWN_KEYS = ("influence", "tomes", "relics", "quests", "honors", "clan", "epics")


class Position(Protocol):
    """What scoring reads (see the module docstring)."""

    # read-only members, so that a frozen dataclass (Holdings) and a state both qualify
    @property
    def mask(self) -> Sequence[int]: ...
    @property
    def hand(self) -> Sequence[int]: ...
    @property
    def hsize(self) -> Sequence[int]: ...
    @property
    def quests(self) -> Sequence[Sequence[int]]: ...
    @property
    def honors(self) -> Sequence[int]: ...
    @property
    def pclan(self) -> Sequence[int]: ...


@dataclass(frozen=True)
class Holdings:
    """A final position as the scoring assistant reads it: the fields of
    :class:`Position` as tuples, for ``players`` seats."""

    players: int
    mask: tuple[int, ...]
    hand: tuple[int, ...]
    hsize: tuple[int, ...]
    quests: tuple[tuple[int, ...], ...]
    honors: tuple[int, ...]
    pclan: tuple[int, ...]


def holds(G: InheritorsGame, pos: Position, player: int, cond: tuple[Any, ...]) -> bool:
    """A compiled condition that depends only on the position (cards in hand, stacks,
    highest influence, Quests); the scoring texts use only these
    (``effects.TRIGGER_CONDITIONS["scoring"]``)."""
    k = cond[0]
    if k == C_HAND:  # the commonest (playout policies ask it for every card they weigh)
        o = player * G.T
        hand = pos.hand
        return bool(sum([hand[o + t] for t in cond[2]]) >= cond[1])
    if k == C_STACKS:  # at least cond[1] stacks of height cond[2] or more (Honors)
        # the cond[1]-th highest stack reaches the height (a stack's height is its mask's
        # bit length, which grows with the mask)
        count: int = cond[1]
        if count <= 0:
            return True
        o = player * 5
        height: int = cond[2]
        return count <= 5 and sorted(pos.mask[o:o + 5])[5 - count].bit_length() >= height
    if k == C_CARDS:  # covered cards count too (variant honors-count-covered-cards, R1)
        m = pos.mask
        o = player * 5
        low = cond[2] - 1
        return bool(sum(1 for c in range(5) for b in BITS[m[o + c]] if b >= low) >= cond[1])
    if k == C_INF:
        return bool(pos.mask[player * 5 + cond[1]].bit_length() >= cond[2])
    if k == C_HIGH:
        c = cond[1]
        mine = pos.mask[player * 5 + c].bit_length()
        return mine > 0 and all(pos.mask[q * 5 + c].bit_length() <= mine
                                for q in range(G.num_players))
    if k == C_QUESTS:
        return bool(len(pos.quests[player]) >= cond[1])
    raise ValueError(f"condition {cond!r} does not depend on the position alone")  # i18n: no


def majority_points(G: InheritorsGame, pos: Position, types: tuple[Any, ...] | None = None,
                    points: tuple[Any, ...] | None = None) -> list[int]:
    """Scoring step 2: Tomes (and Epics) in hand; the most 3, the second-most 1; ties
    share the full award; "If first place is tied, there is no second place"; a player
    without any does not place (ruling R6). Per seat."""
    T = G.T
    n = G.num_players
    types = G.majority_types if types is None else types
    pts = G.majority_points if points is None else points
    counts = [sum(pos.hand[p * T + t] for t in types) for p in range(n)]
    out = [0] * n
    for p in range(n):
        if counts[p] > 0:
            place = sum(1 for q in range(n) if counts[q] > counts[p])
            if place < len(pts):
                out[p] = pts[place]
    return out


def scoring_points(G: InheritorsGame, pos: Position, p: int, abilities: tuple[Any, ...]) -> int:
    """Points of compiled scoring abilities (a Clan's or an Epic's) for their holder."""
    total = 0
    for req, met, other in abilities:
        for e in (met if req is None or holds(G, pos, p, req) else other):
            if e[0] == E_SCORE:
                total += e[1]
            else:
                total += majority_points(G, pos, e[1], e[2])[p]
    return total


def relic_points(G: InheritorsGame, pos: Position, p: int, t: int) -> int:
    """Scoring step 3 for one Relic type ``t`` (every copy in ``p``'s hand): "Relic owners
    check if they played the highest number (including ties) of the color matching the
    Relic ... If yes, gain 1 VP. Otherwise, lose 1 VP." (0 without the Relic)."""
    k = pos.hand[p * G.T + t]
    if not k:
        return 0
    met, unmet = G.relic_points[t]
    return k * (met if holds(G, pos, p, G.relic_req[t]) else unmet)


def quest_points(G: InheritorsGame, pos: Position, p: int, q: int) -> int:
    """Scoring step 4 for Quest ``q``: its points if ``p``'s hand meets it, else the
    smaller ones ("1 or 2 VPs depending on whether you meet the Quest requirement")."""
    quest = G.quests[q]
    return quest.points_met if holds(G, pos, p, G.quest_req[q]) else quest.points_unmet


def entry_points(G: InheritorsGame, pos: Position, p: int) -> dict[str, int]:
    """Points of seat ``p`` per scoring entry in the rulebook's order (V. Scoring):
    ``influence`` (top cards), ``tomes`` (majority), ``relics``, ``quests``, ``honors``,
    ``clan`` (the claimed Clan's scoring text), ``epics`` (Epics held), ``total``; every
    entry present, 0 where nothing scores (the end-of-game observation shows this dict;
    :func:`breakdown` itemises the same points)."""
    T = G.T
    o = p * T
    hand = pos.hand
    out = dict.fromkeys(BREAKDOWN_KEYS, 0)
    out["influence"] = sum(pos.mask[p * 5 + c].bit_length() for c in range(5))
    out["tomes"] = majority_points(G, pos)[p]
    out["relics"] = sum(relic_points(G, pos, p, t) for t in G.relic_req)
    out["quests"] = sum(quest_points(G, pos, p, q) for q in pos.quests[p])
    out["honors"] = sum(G.honors[h].points for h in range(len(G.honors))
                        if pos.honors[p] >> h & 1)
    clan = pos.pclan[p]
    if clan >= 0:
        out["clan"] = scoring_points(G, pos, p, G.clan_scoring[clan])
    ep = 0
    for t, abilities in G.epic_scoring.items():
        if hand[o + t]:
            ep += hand[o + t] * scoring_points(G, pos, p, abilities)
    out["epics"] = ep
    out["total"] = sum(out[k] for k in BREAKDOWN_KEYS)
    return out


def tie_break_keys(G: InheritorsGame, pos: Position) -> list[tuple[int, int, int]]:
    """(points, Tomes in hand, cards in hand) per seat (V. Scoring: "If tied, the player
    with more Tomes in hand wins. If tied again, the player with more cards in hand
    wins. If still tied, all players in the tie share the victory.")."""
    T = G.T
    return [(entry_points(G, pos, p)["total"],
             sum(pos.hand[p * T + t] for t in G.tome_types), pos.hsize[p])
            for p in range(G.num_players)]


def winners(G: InheritorsGame, pos: Position) -> list[int]:
    """The seats with the best :func:`tie_break_keys` (several share the victory)."""
    keys = tie_break_keys(G, pos)
    best = max(keys)
    return [p for p, k in enumerate(keys) if k == best]


def breakdown(G: InheritorsGame, pos: Position, p: int) -> Breakdown:
    """Seat ``p``'s score itemised (:func:`score_steps`); its total is
    ``entry_points(...)["total"]``."""
    return Breakdown(tuple(score_steps(G, pos, p)))


def score_steps(G: InheritorsGame, pos: Position, p: int) -> list[ScoreItem]:
    """Seat ``p``'s scoring step by step, in the rulebook's order: the top card of each
    colour, the Tomes majority, each Relic, each Quest, each Honor, the Clan, each Epic.
    Each item's key is its :func:`entry_points` entry; the points add up to its total
    (the same functions count them)."""
    T = G.T
    o = p * T
    out: list[ScoreItem] = []
    for c in range(5):
        top = pos.mask[p * 5 + c].bit_length()
        if top:
            out.append(ScoreItem("influence", _("{colour} stack").format(colour=colour(G.colours[c])),
                                 top, _("top card {n}").format(n=top)))
    counts = [sum(pos.hand[q * T + t] for t in G.majority_types) for q in range(G.num_players)]
    mine = counts[p]
    place = sum(1 for q in range(G.num_players) if counts[q] > mine)
    maj = majority_points(G, pos)[p]
    if mine:
        places = (N_("most"), N_("second-most"), N_("third-most"), N_("fourth-most"))
        tied = sum(1 for q in range(G.num_players) if counts[q] == mine) > 1
        where = _(places[place]) if place < len(places) else _("no place")
        how = (_("{n} in hand: {place} (tied)") if tied else _("{n} in hand: {place}")).format(
            n=mine, place=where)
        if not maj and place == 1 and sum(1 for x in counts if x == max(counts)) > 1:
            how = _("{how}; first place is tied, so there is no second place").format(how=how)
    else:
        how = _("none in hand")
    out.append(ScoreItem("tomes", _("Tomes majority"), maj, how))
    for t in G.relic_req:
        k = pos.hand[o + t]
        if k:
            ok = holds(G, pos, p, G.relic_req[t])
            c = G.tcol[t]
            mine = pos.mask[p * 5 + c].bit_length()
            col = colour(G.colours[c])
            if ok:
                how = _("you played the highest {colour} number ({n}, ties included)").format(
                    colour=col, n=mine)
            elif mine:
                how = _("you did not play the highest {colour} number (yours {n})").format(
                    colour=col, n=mine)
            else:
                how = _("you did not play the highest {colour} number (no {colour} stack)"
                        ).format(colour=col)
            out.append(ScoreItem("relics", card(G.tname[t]), relic_points(G, pos, p, t),
                                 how + (f" x{k}" if k > 1 else "")))
    for q in pos.quests[p]:
        ok = holds(G, pos, p, G.quest_req[q])
        out.append(ScoreItem("quests", _("Quest {name}").format(name=card(G.quests[q].name)),
                             quest_points(G, pos, p, q),
                             (_("met: {requirement}") if ok else _("not met: {requirement}")
                              ).format(requirement=G.quests[q].requirement.describe())))
    for h in range(len(G.honors)):
        if pos.honors[p] >> h & 1:
            out.append(ScoreItem("honors", _("Honor {name}").format(name=card(G.honors[h].name)),
                                 G.honors[h].points, _("claimed")))
    clan = pos.pclan[p]
    if clan >= 0:
        out.append(ScoreItem("clan", _("Clan {name}").format(name=card(G.clans[clan].name)),
                             scoring_points(G, pos, p, G.clan_scoring[clan]),
                             _("its end-of-game text") if G.clan_scoring[clan]
                             else _("no end-of-game scoring")))
    for t, abilities in G.epic_scoring.items():
        k = pos.hand[o + t]
        if k:
            out.append(ScoreItem("epics", card(G.tname[t]),
                                 k * scoring_points(G, pos, p, abilities),
                                 _("held in hand") + (f" x{k}" if k > 1 else "")))
    return out


__all__ = ["BREAKDOWN_KEYS", "Position", "Holdings", "holds", "majority_points",
           "scoring_points", "relic_points", "quest_points", "entry_points", "breakdown",
           "tie_break_keys", "winners", "score_steps"]
