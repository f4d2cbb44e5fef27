"""The engine's truth for Inheritors' hidden-information tests (the drawing's in
``games/inheritors/test_svg.py``, the whole stack's in ``browser/test_browser_hidden.py``).
Imported as ``hidden_cards``: ``tests/conftest.py`` puts this folder on ``sys.path``."""

from __future__ import annotations

from typing import Any


def hidden_names(state: Any, seat: int | None) -> set[str]:
    """Names of the cards in every other seat's hand and of its Quests (``seat`` None or -1,
    a spectator: every seat's)."""
    G = state.game
    names: set[str] = set()
    for q in range(G.num_players):
        if q != seat:
            names.update(state.hand_names(q))
            names.update(G.quests[i].name for i in state.quests[q])
    return names
