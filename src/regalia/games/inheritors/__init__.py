"""Inheritors (Jeffrey CCH & Kenneth YWN; ICE Makes 2022, North Star Games 2023): card data.

This package does not register a game yet: it offers the validated card data
(``data/cards.toml``, format in ``docs/data-format.md``) and the effect vocabulary in which
card texts are written (:mod:`.effects`). Most card texts are not public; every record
carries its provenance (``verified`` / ``rulebook`` / ``reconstructed``).
"""

from . import effects
from .components import (DECK_SIZE, DEFAULT_DATA, Advocate, CardAbility, CardSet, Clan, Colour,
                         Epic, Honor, InfluenceCard, Quest, Relic, SpecialAdvocate, Tome,
                         TomeMajority, load_cards, provenance_summary)
from .effects import CONDITION_KINDS, EFFECT_KINDS, Ability

__all__ = ["effects", "DECK_SIZE", "DEFAULT_DATA", "Ability", "Advocate", "CardAbility",
           "CardSet", "Clan", "Colour", "Epic", "Honor", "InfluenceCard", "Quest", "Relic",
           "SpecialAdvocate", "Tome", "TomeMajority", "CONDITION_KINDS", "EFFECT_KINDS",
           "load_cards", "provenance_summary"]
