"""The game-independent core: the Game/State contract, registry, records, data, errors."""

from .breakdown import Breakdown, ScoreItem
from .data import PROVENANCES, Provenance, load_model, provenance_counts, read_toml
from .errors import (DataError, IllegalActionError, NotationError, ParameterError,
                     RecordError, RegaliaError, UnknownNameError)
from .game import CHANCE, TERMINAL, Game, GameInfo
from .record import GameRecord
from .registry import (game_class, game_policy, list_games, load_game, register_game,
                       register_policy)
from .state import State

__all__ = [
    "CHANCE", "TERMINAL", "Game", "GameInfo", "State", "GameRecord", "Breakdown", "ScoreItem",
    "load_game", "list_games", "register_game", "game_class", "register_policy", "game_policy",
    "RegaliaError", "IllegalActionError", "NotationError", "RecordError", "DataError",
    "UnknownNameError", "ParameterError",
    "Provenance", "PROVENANCES", "load_model", "read_toml", "provenance_counts",
]
