"""The ``greedy`` agent: maximises the immediate score gain of the acting player.

Each legal action is applied to a copy of the state and judged by the change of the
player's ``player_score``; ties (including every action that does not change the score,
such as choosing a domino in Kingdomino) are broken uniformly by the agent's own generator.
A game may offer a faster policy making the same choice, found through
``regalia.core.registry.game_policy(game, "greedy")``.
"""

from __future__ import annotations

from regalia.core.policies import one_step_greedy
from regalia.core.registry import game_policy
from regalia.core.state import State

from .base import Agent, register_agent


#: The generic one-step score maximiser (see :func:`regalia.core.policies.one_step_greedy`).
greedy_action = one_step_greedy


@register_agent("greedy", "maximises the immediate score gain; ties broken at random")
class GreedyAgent(Agent):
    def step(self, state: State) -> int:
        self._check_decision(state)
        policy = game_policy(state.game.info.name, "greedy") or greedy_action
        return policy(state, self.rng)
