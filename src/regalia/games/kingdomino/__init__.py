"""Kingdomino (Bruno Cathala, Blue Orange, 2016): 2-4 players, all variants; two engines,
the pure-Python reference and a compiled one (:mod:`.compiled`).

Importing this package registers the game as ``"kingdomino"``.
"""

from regalia.core.registry import (register_drawing, register_policy, register_strengths,
                                    register_tensors)

from .components import TERRAINS, Domino, DominoSet, load_dominoes
from .rules import VARIANTS, KingdominoGame
from .scoring import Property, parse_kingdom
from .policies import full_greedy_policy, onestep_policy
from .state import KingdominoState, PureKingdominoState

register_policy("kingdomino", "greedy", full_greedy_policy)
register_policy("kingdomino", "onestep", onestep_policy)
register_drawing("kingdomino", "regalia.games.kingdomino.svg")
register_strengths("kingdomino", easy="onestep", normal="greedy",
                   strong="mcts:seconds=1,playout=greedy",
                   evidence="as mcts:iterations=120 (1 s of CPU): 88.2% (65.7-96.7) of 17 games "
                            "against three greedy (Full Greedy), 4 players, Middle Kingdom and "
                            "Harmony; a small first sample (docs/agents.md)")

__all__ = ["KingdominoGame", "KingdominoState", "PureKingdominoState", "VARIANTS", "TERRAINS",
           "Domino", "DominoSet", "load_dominoes", "Property", "parse_kingdom"]
register_tensors("kingdomino", "regalia.games.kingdomino.tensors")
