"""The engine's truth for hidden-information tests (Inheritors' drawing in
``games/inheritors/test_svg.py``, the whole stack's in ``browser/test_browser_hidden.py``,
seat records in ``security/test_seat_records.py``, the game review in
``review/test_review_attacker.py``): hidden names, and *twins*, games a seat cannot tell
apart. Imported as ``hidden_cards``: ``tests/conftest.py`` puts this folder on
``sys.path``."""

from __future__ import annotations

import random
from typing import Any

from regalia.core.errors import RegaliaError
from regalia.core.registry import load_game
from regalia.core.state import SEEN_BY_ALL


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


def played(name: str, seed: int, plies: int | None = None, **params):
    """A game played by a seeded random policy, to its end or for ``plies`` plies."""
    state = load_game(name, **params).new_initial_state(seed)
    rng = random.Random(seed)
    while not state.is_terminal() and (plies is None or len(state.history()) < plies):
        if state.is_chance_node():
            state.apply_random_chance()
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def replayed(game, actions):
    """The state after ``actions``, or None where one is illegal."""
    s = game.new_initial_state(0)
    try:
        for a in actions:
            s.apply_action(a)
    except RegaliaError:
        return None
    return s


def twins(state, seat: int, tries: int = 400):
    """Games ``seat`` cannot tell from ``state``: one hidden outcome (seen by no seat or
    by another seat only) replaced by another legal outcome, the rest replayed. Yields
    (ply, twin state)."""
    hist = state.history()
    seen = state.visibility()
    hidden = [i for i, v in enumerate(seen) if v != SEEN_BY_ALL and v != seat]
    rng = random.Random(seat)
    game = state.game
    for i in rng.sample(hidden, min(len(hidden), tries)):
        before = replayed(game, hist[:i])
        for alt, _ in before.chance_outcomes():
            if alt == hist[i]:
                continue
            twin = replayed(game, hist[:i] + [alt] + hist[i + 1:])
            if twin is not None and (twin.information_state_string(seat)
                                     == state.information_state_string(seat)):
                yield i, twin
                break
