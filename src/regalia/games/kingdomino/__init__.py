"""Kingdomino (Bruno Cathala, Blue Orange, 2016): 2-4 players, all variants; two engines,
the pure-Python reference and a compiled one (:mod:`.compiled`).

Importing this package registers the game as ``"kingdomino"``.
"""

from regalia.core.i18n import N_
from regalia.core.registry import (register_balance, register_drawing, register_pad,
                                    register_policy, register_strengths, register_tensors)

from .components import TERRAINS, Domino, DominoSet, load_dominoes
from .rules import VARIANTS, KingdominoGame
from .scoring import Property, parse_kingdom
from .policies import full_greedy_policy, onestep_policy
from .state import KingdominoState, PureKingdominoState

register_policy("kingdomino", "greedy", full_greedy_policy)
register_policy("kingdomino", "onestep", onestep_policy)
register_drawing("kingdomino", "regalia.games.kingdomino.svg")
register_pad("kingdomino", "regalia.games.kingdomino.pad")
register_balance("kingdomino", "regalia.games.kingdomino.balance")
register_strengths("kingdomino", easy="onestep", normal="greedy",
                   strong="mcts:iterations=1000,seconds=1,playout=greedy,value=margin,"
                          "reuse=true",
                   # marked for the catalogue: a front end shows _(evidence)
                   evidence=N_("as mcts:iterations=1000 (0.31 CPU-s a move; seconds=1 caps it "
                               "on a loaded machine): 83.5% (77.7-88.0) of 200 games against "
                               "three greedy (Full Greedy), 4 players, Middle Kingdom and "
                               "Harmony, seats rotated (docs/agents.md, Measured strength)"))

__all__ = ["KingdominoGame", "KingdominoState", "PureKingdominoState", "VARIANTS", "TERRAINS",
           "Domino", "DominoSet", "load_dominoes", "Property", "parse_kingdom"]
register_tensors("kingdomino", "regalia.games.kingdomino.tensors")

from regalia.core.registry import ReviewSettings, register_review  # noqa: E402

# The game review's search and label thresholds (victory shares): docs/review.md.
register_review("kingdomino", ReviewSettings(
    "ismcts:playout=greedy", 2000, (0.02, 0.05, 0.10, 0.20),
    evidence=N_("blunder and mistake checked by paired playouts with 2 players, 8 games; "
                "3-4 players not measured (docs/review.md)")))
