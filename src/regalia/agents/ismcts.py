"""``ismcts``: single-observer information-set MCTS (Cowling, Powley & Whitehouse, "Information
Set Monte Carlo Tree Search", IEEE TCIAIG 2012).

Identical to ``mcts`` except where each iteration starts: from a *determinization*, a state
drawn with ``state.resample_from_infostate(player, rng)`` that is consistent with all the
acting player knows. One tree over the player's information sets collects the statistics
of all determinizations; UCB uses availability counts because an action may be legal in
some determinizations and not in others. The agent never sees hidden cards or future
draws, so its decision depends only on the information state.
"""

from __future__ import annotations

from regalia.core.state import State

from .base import register_agent
from .mcts import MCTSAgent


@register_agent("ismcts", "information-set MCTS: determinizes from what the player knows")
class ISMCTSAgent(MCTSAgent):
    determinize = True

    def _root_copy(self, state: State, player: int) -> State:
        return state.resample_from_infostate(player, self.rng)
