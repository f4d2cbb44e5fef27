"""Kingdomino (Bruno Cathala, Blue Orange, 2016): 2-4 players, all variants; two engines,
the pure-Python reference and a compiled one (:mod:`.compiled`).

Importing this package registers the game as ``"kingdomino"``.
"""

from regalia.core.registry import register_drawing, register_policy, register_tensors

from .components import TERRAINS, Domino, DominoSet, load_dominoes
from .rules import VARIANTS, KingdominoGame
from .scoring import Property, parse_kingdom
from .policies import greedy_policy
from .state import KingdominoState, PureKingdominoState

register_policy("kingdomino", "greedy", greedy_policy)
register_drawing("kingdomino", "regalia.games.kingdomino.svg")

__all__ = ["KingdominoGame", "KingdominoState", "PureKingdominoState", "VARIANTS", "TERRAINS",
           "Domino", "DominoSet", "load_dominoes", "Property", "parse_kingdom"]
register_tensors("kingdomino", "regalia.games.kingdomino.tensors")
