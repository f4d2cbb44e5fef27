"""The ``greedy`` and ``onestep`` agents: fixed heuristics, no search.

``onestep`` maximises the immediate score gain of the acting player: each legal action is
applied to a copy of the state and judged by the change of the player's ``player_score``;
ties (including every action that does not change the score, such as choosing a domino in
Kingdomino) are broken uniformly by the agent's own generator. A game may offer a faster
policy making the same choice as ``"onestep"``.

``greedy`` plays the game's own greedy heuristic, found through
``regalia.core.registry.game_policy(game, "greedy")`` (Kingdomino: Full Greedy, which judges
a placement together with the pick that follows it; see
``regalia.games.kingdomino.policies``); a game that offers none gets the one-step maximiser.
"""

from __future__ import annotations

from regalia.core.game import Game
from regalia.core.policies import one_step_greedy, uses_seat_information_only
from regalia.core.registry import game_policy
from regalia.core.state import State

from .base import SEAT, STATE, Agent, register_agent
from regalia.core.i18n import N_


#: The generic one-step score maximiser (see :func:`regalia.core.policies.one_step_greedy`).
greedy_action = one_step_greedy


@register_agent("greedy", N_("the game's greedy heuristic (Kingdomino: Full Greedy, placement and "
                             "pick judged together); else the best immediate score gain"))
class GreedyAgent(Agent):
    def information_used(self, game: Game) -> str:
        """``SEAT`` where the game's policy is marked
        :func:`~regalia.core.policies.seat_information_only` (or the game has perfect
        information); the generic one-step maximiser reads the whole state."""
        if game.info.perfect_information:
            return SEAT
        policy = game_policy(game.info.name, self.name)
        return SEAT if policy is not None and uses_seat_information_only(policy) else STATE

    def step(self, state: State) -> int:
        self._check_decision(state)
        policy = game_policy(state.game.info.name, "greedy") or greedy_action
        return policy(state, self.rng)


@register_agent("onestep", N_("maximises the immediate score gain; ties broken at random"))
class OneStepAgent(Agent):
    information_used = GreedyAgent.information_used

    def step(self, state: State) -> int:
        self._check_decision(state)
        policy = game_policy(state.game.info.name, "onestep") or greedy_action
        return policy(state, self.rng)
