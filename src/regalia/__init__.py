"""regalia: play, simulate and study kingdom-building tabletop games.

>>> import regalia
>>> game = regalia.load_game("kingdomino", players=4)
>>> game.num_players
4
"""

from .core import (CHANCE, TERMINAL, DataError, Game, GameInfo, GameRecord,
                   IllegalActionError, NotationError, ParameterError, RecordError,
                   RegaliaError, State, UnknownNameError, list_games, load_game)
from . import games as _games  # noqa: F401  (registers the built-in games)

__version__ = "0.1.0"

__all__ = [
    "CHANCE", "TERMINAL", "Game", "GameInfo", "State", "GameRecord", "load_game",
    "list_games", "RegaliaError", "IllegalActionError", "NotationError", "RecordError",
    "DataError", "UnknownNameError", "ParameterError",
]
