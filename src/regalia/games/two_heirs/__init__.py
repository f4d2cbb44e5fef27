"""Two Heirs (Albi, 2022/2023; designers Ondřej Cigánek, Ivan Dostál, Oldřich Rejl).

Importing this package registers the game ``two-heirs`` (:mod:`.rules`, :mod:`.state`) for
2 players or solo against Heinrich. It also offers the validated component data, the 54
building tiles (``data/tiles.toml``) and the 10 solo treasures (``data/treasures.toml``),
format in ``docs/data/two-heirs.md``. The printed tiles are not public: the bundled files
are reconstructions that satisfy every known fact, and every record carries its provenance
(``verified`` / ``rulebook`` / ``reconstructed``).
"""

from regalia.core.registry import register_drawing, register_pad

from .components import (COLOURS, COMPASS, CRAFT_COLOURS, DEFAULT_TILES, DEFAULT_TREASURES,
                         EDGES, NUM_TILES, NUM_TREASURES, RESOURCE_OF_COLOUR, SET_NAMES,
                         SET_TYPES, SETS, TARGETS, TYPE_NAMES, TYPES, Cell, Cost,
                         FormationPair, RoadSection, Tile, TileSet, Treasure, TreasureSet,
                         data_digest, load_tiles, load_treasures, provenance_summary,
                         rotate_cell, rotate_edge)
from .rules import TwoHeirsGame
from .state import TwoHeirsState
from . import policies as _policies  # noqa: F401,E402  (registers the greedy policy)
from . import playout as _playout  # noqa: F401,E402  (registers the fast playout policy)
from regalia.core.registry import register_strengths  # noqa: E402

register_strengths(
    "two-heirs", easy="greedy", normal="mcts:seconds=0.5",
    strong="mcts:seconds=0.25,playout=fast,expand=policy,widen=1",
    evidence="92.5% (85.6-96.2) of 100 two-player games against greedy (docs/games/two-heirs.md); "
             "as iterations=40 (about 0.25 s of CPU) 95.0% (88.8-97.8) of 100 (docs/agents.md); "
             "solo against Heinrich the Hammer: mcts:iterations=250,playout=fast,expand=policy,"
             "widen=1,value=points,horizon=12 won 84 of 100 (75.6-89.9%) level-3 games (docs/agents.md)")  # i18n: no

register_drawing("two-heirs", "regalia.games.two_heirs.svg")
register_pad("two-heirs", "regalia.games.two_heirs.pad")

__all__ = ["COLOURS", "COMPASS", "CRAFT_COLOURS", "DEFAULT_TILES", "DEFAULT_TREASURES", "EDGES",
           "NUM_TILES", "NUM_TREASURES", "RESOURCE_OF_COLOUR", "SET_NAMES", "SET_TYPES", "SETS",
           "TARGETS", "TYPE_NAMES", "TYPES", "Cell", "Cost", "FormationPair", "RoadSection",
           "Tile", "TileSet", "Treasure", "TreasureSet", "data_digest", "load_tiles",
           "load_treasures", "provenance_summary", "rotate_cell", "rotate_edge", "TwoHeirsGame",
           "TwoHeirsState"]

from regalia.core.registry import register_tensors  # noqa: E402

register_tensors("two-heirs", "regalia.games.two_heirs.tensors")

from regalia.core.registry import register_balance  # noqa: E402

register_balance("two-heirs", "regalia.games.two_heirs.balance")

from regalia.core.registry import ReviewSettings, register_review  # noqa: E402

# The game review's search and label thresholds (victory shares; solo: points of margin
# over Heinrich): docs/review.md.
register_review(
    "two-heirs",
    ReviewSettings("ismcts:playout=fast,expand=policy,widen=1", 2000, (0.02, 0.05, 0.10, 0.20),
                   evidence="not yet calibrated"),  # i18n: no
    solo=ReviewSettings("ismcts:playout=fast,expand=policy,widen=1,horizon=12", 1000,
                        (0.5, 2.0, 4.0, 8.0),
                        evidence="checked by paired playouts in under 2 games (docs/review.md)"))  # i18n: no
