"""Inheritors (Jeffrey CCH & Kenneth YWN; ICE Makes 2022, North Star Games 2023), 2-4 players.

Importing this package registers the game ``inheritors`` (:mod:`.rules`, :mod:`.state`)
and its ``greedy`` and ``fast`` playout policies (:mod:`.policies`). The card data (``data/cards.toml``,
format in ``docs/data-format.md``) is validated by :mod:`.components`; card texts are
written in the effect vocabulary of :mod:`.effects`. Most card texts are not public; every
record carries its provenance (``verified`` / ``rulebook`` / ``reconstructed``).
"""

from regalia.core.i18n import N_
from regalia.core.registry import (register_drawing, register_pad, register_policy,
                                    register_strengths, register_tensors)

from . import effects
from .components import (DECK_SIZE, DEFAULT_DATA, Advocate, CardAbility, CardSet, Clan, Colour,
                         Epic, Honor, InfluenceCard, Quest, Relic, SpecialAdvocate, Tome,
                         TomeMajority, load_cards, provenance_summary)
from .effects import CONDITION_KINDS, EFFECT_KINDS, Ability
from .policies import fast_policy, greedy_policy
from .rules import InheritorsGame
from .state import InheritorsState

__all__ = ["effects", "InheritorsGame", "InheritorsState", "greedy_policy", "fast_policy", "DECK_SIZE",
           "DEFAULT_DATA", "Ability", "Advocate", "CardAbility", "CardSet", "Clan", "Colour",
           "Epic", "Honor", "InfluenceCard", "Quest", "Relic",
           "SpecialAdvocate", "Tome", "TomeMajority", "CONDITION_KINDS", "EFFECT_KINDS",
           "load_cards", "provenance_summary"]

register_policy("inheritors", "greedy", greedy_policy)
register_policy("inheritors", "fast", fast_policy)
register_drawing("inheritors", "regalia.games.inheritors.svg")
register_pad("inheritors", "regalia.games.inheritors.pad")
register_tensors("inheritors", "regalia.games.inheritors.tensors")
register_strengths("inheritors", easy="greedy", normal="ismcts:seconds=0.5",
                   strong="ismcts:seconds=0.5,playout=fast",
                   evidence=N_("83.0% (74.5-89.1) of 100 two-player games against greedy "
                               "(docs/games/inheritors.md)"))

from regalia.core.registry import register_balance  # noqa: E402

register_balance("inheritors", "regalia.games.inheritors.balance")

from regalia.core.registry import ReviewSettings, register_review  # noqa: E402

# The game review's search and label thresholds (victory shares): docs/review.md.
register_review("inheritors", ReviewSettings(
    "ismcts:playout=fast", 400, (0.02, 0.05, 0.10, 0.20), evidence=N_(
        "blunder and mistake checked by paired playouts with 2 players, 8 games; "
        "inaccuracy overstated at this budget (docs/review.md)")))
