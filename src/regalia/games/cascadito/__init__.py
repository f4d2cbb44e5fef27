"""Cascadito (Reiner Knizia; Bitewing Games, 2023): the game engine and its data.

Importing this package registers the game ``cascadito`` (:mod:`.rules`, :mod:`.state`) and
its ``greedy`` playout policy (:mod:`.policies`). It also offers the validated data of the four play
sheets (``data/sheets/sheet1.toml`` .. ``sheet4.toml``) and of the dice (``data/dice.toml``),
the hex geometry (:mod:`.hexgrid`), and the loaders. The printed sheets are not public:
every record carries its provenance (``verified`` / ``rulebook`` / ``reconstructed``).
Format: ``docs/data/cascadito.md``.
"""

from regalia.core.registry import (register_drawing, register_pad, register_policy,
                                    register_tensors)

from . import hexgrid
from .components import (
    ACTIONS,
    CASTLE_ORDER,
    FACE_COLOURS,
    SHEET_NUMBERS,
    TOWN_COLOURS,
    Achievement,
    DiceSet,
    Sheet,
    Special,
    Town,
    Track,
    digest,
    load_all,
    load_dice,
    load_sheet,
    provenance_summary,
)
from .policies import greedy_policy
from .rules import CascaditoGame
from .state import CascaditoState

register_policy("cascadito", "greedy", greedy_policy)
register_drawing("cascadito", "regalia.games.cascadito.svg")
register_pad("cascadito", "regalia.games.cascadito.pad")

__all__ = [
    "ACTIONS",
    "CASTLE_ORDER",
    "FACE_COLOURS",
    "SHEET_NUMBERS",
    "TOWN_COLOURS",
    "Achievement",
    "CascaditoGame",
    "CascaditoState",
    "DiceSet",
    "Sheet",
    "Special",
    "Town",
    "Track",
    "digest",
    "hexgrid",
    "load_all",
    "load_dice",
    "load_sheet",
    "provenance_summary",
]
register_tensors("cascadito", "regalia.games.cascadito.tensors")

from regalia.core.registry import register_balance  # noqa: E402

register_balance("cascadito", "regalia.games.cascadito.balance")

from regalia.core.i18n import N_  # noqa: E402
from regalia.core.registry import ReviewSettings, register_review  # noqa: E402

# The game review's search and label thresholds (victory shares; solo: points of score):
# docs/review.md.
register_review(
    "cascadito",
    ReviewSettings("ismcts:playout=greedy", 300, (0.02, 0.05, 0.10, 0.20),
                   evidence=N_("not yet calibrated")),
    solo=ReviewSettings("ismcts:playout=greedy", 500, (0.5, 2.0, 4.0, 8.0),
                        evidence=N_("checked by paired playouts, 2 games (docs/review.md)")))
