"""The game registry: ``load_game(name, **params)`` and ``list_games()``."""

from __future__ import annotations

from typing import Any

from .errors import UnknownNameError
from .game import Game, GameInfo

_GAMES: dict[str, type[Game]] = {}


def register_game(cls: type[Game]) -> type[Game]:
    """Register a :class:`Game` subclass under ``cls.info.name`` (usable as a decorator)."""
    _GAMES[cls.info.name] = cls
    return cls


def load_game(name: str, **params: Any) -> Game:
    """Build a game by registry name.

    Example: ``load_game("kingdomino", players=4, variants=["harmony"])``.

    Raises:
        UnknownNameError: an unregistered name (the message lists the registered ones).
        ParameterError: parameters the game does not accept.
    """
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    cls = _GAMES.get(key)
    if cls is None:
        known = ", ".join(sorted(_GAMES)) or "(none)"
        raise UnknownNameError(f"unknown game {name!r}; known games: {known}")
    return cls(**params)


def list_games() -> list[GameInfo]:
    """The :class:`GameInfo` of every registered game, sorted by name."""
    return [_GAMES[n].info for n in sorted(_GAMES)]


def game_class(name: str) -> type[Game]:
    """The registered class for ``name`` (raises ``UnknownNameError``)."""
    key = name.strip().lower().replace("_", "-")
    if key not in _GAMES:
        known = ", ".join(sorted(_GAMES)) or "(none)"
        raise UnknownNameError(f"unknown game {name!r}; known games: {known}")
    return _GAMES[key]
