"""The ``greedy`` agent: maximises the immediate score gain of the acting player.

Each legal action is applied to a copy of the state and judged by the change of the
player's ``player_score`` (a game may offer a faster policy making the same choice, found
through ``regalia.core.registry.game_policy(game, "greedy")``); ties (including every action that does not change the score, such
as choosing a domino in Kingdomino) are broken uniformly by the agent's own generator.
"""

from __future__ import annotations

import random

from regalia.core.registry import game_policy
from regalia.core.state import State

from .base import Agent, register_agent


def greedy_action(state: State, rng: random.Random) -> int:
    """The legal action that maximises the current player's ``player_score`` one step
    ahead; ties broken uniformly with ``rng``. The state must be a decision node."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    player = state.current_player()
    best: list[int] = []
    best_score = None
    for action in legal:
        child = state.clone()
        child.apply_action(action)
        score = child.player_score(player)
        if best_score is None or score > best_score:
            best_score, best = score, [action]
        elif score == best_score:
            best.append(action)
    return best[int(rng.random() * len(best))]


@register_agent("greedy", "maximises the immediate score gain; ties broken at random")
class GreedyAgent(Agent):
    def step(self, state: State) -> int:
        self._check_decision(state)
        policy = game_policy(state.game.info.name, "greedy") or greedy_action
        return policy(state, self.rng)
