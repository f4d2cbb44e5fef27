"""``mce``: flat Monte Carlo evaluation.

Each legal action of the acting player is judged by the mean value of playouts that start
with it; playouts are dealt to the actions in turn (round robin, in a shuffled order) until
the budget is spent, and the action with the best mean wins (ties: lowest action id).
This is the method that did best on Kingdomino in Gedda, Lagerkvist & Butler, "Monte Carlo
Methods for the Game Kingdomino", IEEE CIG 2018.
"""

from __future__ import annotations

from regalia.core.state import State

from .base import register_agent
from .search import ActionStat, SearchAgent, playout, playout_policy
from regalia.core.i18n import N_


@register_agent("mce", N_("flat Monte Carlo evaluation: every legal action judged by playouts"))
class MCEAgent(SearchAgent):
    def _search(self, state: State, legal: list[int]) -> list[ActionStat]:
        player = state.current_player()
        policy = playout_policy(state, self.playout_name)
        rng = self.rng
        order = legal[:]
        rng.shuffle(order)
        totals = dict.fromkeys(legal, 0.0)
        visits = dict.fromkeys(legal, 0)
        more = self._budget()
        i = 0
        while more(i):
            action = order[i % len(order)]
            child = state.clone()
            child.apply_action(action)
            totals[action] += playout(child, rng, policy, self.value, self.horizon)[player]
            visits[action] += 1
            i += 1
        self.last_iterations = i
        return [ActionStat(a, visits[a], totals[a] / visits[a] if visits[a] else 0.0)
                for a in legal]
