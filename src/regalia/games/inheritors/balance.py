"""What a balance study may ask of Inheritors (the contract: :mod:`regalia.core.balance`).

Components (rulebook "Components", "II. Setup", "Claiming Clans and Honors"):

* ``clan``: the 5 Clans of the game's row (one random Clan of each colour, setup step 2),
  taken by the seat that claimed it ("A player can only have 1 Clan");
* ``honor``: the Honors of the game's row (setup step 1), taken by the seats that acquired
  them;
* ``quest``: the Quests that could be drawn (every Quest, less a removed colour's in the
  2-player variant), taken by the seats that drew them (action 4);
* ``advocate``: the Basic Advocates of the deck and the Special Advocates of the Clans in
  play, taken by the seats that played them (action 5, "Play an Advocate, use its ability");
* ``epic``: the Epics of the Clans in play, taken by the seats holding them at the end (they
  count as Tomes in scoring step 2).

Turn order: the first player drawn ("first player P2"), then clockwise. Variants: the one
the game declares (``honors-count-covered-cards``, ruling R1's other reading); the default.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from regalia.core.balance import ComponentKind, GameComponents

from .codes import K_ADV, K_EPIC, K_SPEC

if TYPE_CHECKING:
    from .state import InheritorsState

KINDS = (
    ComponentKind("clan", "Clans", in_play="in the game's Clan row",
                  taken="claimed by the seat"),
    ComponentKind("honor", "Honors", in_play="in the game's Honor row",
                  taken="acquired by the seat"),
    ComponentKind("quest", "Quests", in_play="could be drawn in the game",
                  taken="drawn by the seat"),
    ComponentKind("advocate", "Advocates", in_play="in the deck, or with a Clan in play",
                  taken="played by the seat (its ability used)"),
    ComponentKind("epic", "Epics", in_play="with a Clan in play",
                  taken="in the seat's hand at the end"),
)


def _used_advocates(state: "InheritorsState") -> list[set[str]]:
    """Per seat, the Advocates it played (the history replayed, each ``use`` decoded)."""
    game = state.game
    replay = game.new_initial_state(0)
    used: list[set[str]] = [set() for _ in range(game.num_players)]
    for action in state.history():
        seat = replay.current_player()
        if seat >= 0:
            decoded = replay.decode(action)
            if decoded.kind == "use" and decoded.card is not None:
                used[seat].add(decoded.card)
        replay.apply_action(action)
    return used


def components(state: "InheritorsState") -> GameComponents:
    """Clans, Honors, Quests, Advocates and Epics in play and taken per seat."""
    g = state.game
    n, T = g.num_players, g.T
    clans_in_play = [c for c in state.clan_row if c >= 0]
    clans = tuple(g.clans[c].name for c in clans_in_play)
    held_honors, hand = state.honors, state.hand   # read once (a compiled state builds them)
    honors_taken = [{g.honors[h].name for h in range(len(g.honors)) if held_honors[p] >> h & 1}
                    for p in range(n)]
    honors = {g.honors[h].name for h in state.hrow}.union(*honors_taken)
    quests_taken = [{g.quests[q].name for q in state.quests[p]} for p in range(n)]
    quests = {g.quests[q].name for q in state.qpool}.union(*quests_taken)
    advocates = {g.tname[t] for t in range(T)
                 if (g.tkind[t] == K_ADV
                     and g.tcopies[t] - (g.tmarked[t] if g.two_player else 0) > 0)
                 or (g.tkind[t] == K_SPEC and g.tclan[t] in clans_in_play)}
    epics = {g.tname[t] for t in range(T) if g.tkind[t] == K_EPIC and g.tclan[t] in clans_in_play}
    used = _used_advocates(state)
    taken = []
    for p in range(n):
        held = {g.tname[t] for t in range(T) if g.tkind[t] == K_EPIC and hand[p * T + t]}
        taken.append({"clan": (g.clans[state.pclan[p]].name,) if state.pclan[p] >= 0 else (),
                      "honor": tuple(sorted(honors_taken[p])),
                      "quest": tuple(sorted(quests_taken[p])),
                      "advocate": tuple(sorted(used[p] & advocates)),
                      "epic": tuple(sorted(held))})
    return GameComponents(in_play={"clan": tuple(sorted(clans)), "honor": tuple(sorted(honors)),
                                   "quest": tuple(sorted(quests)),
                                   "advocate": tuple(sorted(advocates)),
                                   "epic": tuple(sorted(epics))},
                          taken=tuple(taken))


def turn_order(state: "InheritorsState") -> tuple[int, ...]:
    """The first player, then clockwise (seat order)."""
    n = state.game.num_players
    first = max(state.first, 0)
    return tuple((first + k) % n for k in range(n))
