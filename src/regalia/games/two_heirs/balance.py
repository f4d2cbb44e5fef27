"""What a balance study may ask of Two Heirs (the contract: :mod:`regalia.core.balance`).

* Components: ``set``, the 3 sets of 6 the game uses ("Select 3 of these sets to use for this
  game"), in play for the whole game; a components study plays the 20 choices of 3 sets in
  turn, deal by deal, unless the user fixed them (``--param sets=...``). ``building``, each
  of the 24 building types, in play when its set is, taken by a seat that has one face up in
  its part of the landscape at the end (built and not turned face down); in the solo game
  Heinrich's buildings are not the seat's.
* Turn order: the seat the royal shield's toss names starts ("The colour of the crown
  determines the starting player"); solo, "You always take the first turn".
* Variants: the first-game advice of scoring no roads ("For your first game, we recommend not
  scoring roads at all"), against the game as given with roads scored.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from regalia.core.balance import ComponentKind, GameComponents, VariantOption

from .components import SET_TYPES, SETS

if TYPE_CHECKING:
    from .state import TwoHeirsState

KINDS = (
    ComponentKind("set", "Sets", in_play="one of the game's 3 sets"),
    ComponentKind("building", "Buildings", in_play="its set is one of the game's 3",
                  taken="face up in the seat's part of the landscape at the end"),
)


def settings(params: dict[str, Any], fixed: frozenset[str]) -> list[dict[str, Any]]:
    """Every choice of 3 sets of the 6 (20 settings), unless the user fixed the sets."""
    if "sets" in fixed:
        return [params]
    return [{**params, "sets": list(c)} for c in combinations(SETS, 3)]


def components(state: "TwoHeirsState") -> GameComponents:
    """The sets in play, their building types, and the types each seat has face up."""
    game = state.game
    players = game.num_players
    taken: list[set[str]] = [set() for _ in range(players)]
    for cell in state.observation(0)["landscape"]:
        owner, kind = cell.get("owner"), cell.get("type")
        if kind is not None and owner is not None and owner < players:
            taken[owner].add(kind)
    types = tuple(t for s in game.sets for t in SET_TYPES[s])
    return GameComponents(
        in_play={"set": tuple(game.sets), "building": types},
        taken=tuple({"building": tuple(t for t in types if t in mine)} for mine in taken))


def turn_order(state: "TwoHeirsState") -> tuple[int, ...]:
    """The starting player first (the toss, the game's first action); solo: the seat."""
    game = state.game
    if game.num_players == 1:
        return (0,)
    first = state.history()[0] - game.tables.toss0
    return (first, 1 - first)


def variant_arms(params: dict[str, Any]) -> tuple[dict[str, Any], list[VariantOption]]:
    """Roads scored (the base) against the first-game advice of no road scoring."""
    base = {**params, "roads": True}
    return base, [VariantOption("no-roads", "The first-game advice: roads are not scored "
                                "('For your first game, we recommend not scoring roads at "
                                "all').", {**params, "roads": False})]
