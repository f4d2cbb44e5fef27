"""``ismcts``: single-observer information-set MCTS, SO-ISMCTS (Cowling, Powley & Whitehouse,
"Information Set Monte Carlo Tree Search", IEEE TCIAIG 4(2), 2012, section IV-B).

One tree whose nodes are the searching seat's information sets. Each iteration starts from
a *determinization*, a state drawn with ``state.resample_from_infostate(player, rng)`` that
is consistent with all the searching seat knows, and descends the tree in it as ``mcts``
does: at a decision node UCB chooses among the children legal in this determinization,
using availability counts (an action may be legal in some determinizations and not in
others: an opponent's card in hand, a tile still in the supply); at a chance node an outcome
is sampled with the agent's generator.

Edges are what the searching seat observes. A decision is keyed by its action id: every
decision in the games here is public (each seat's information state shows it; tested for
every game), so the searching seat tells any two apart. A chance outcome is keyed by what
the searching seat observes of it (:meth:`ISMCTSAgent._outcome_key`): outcomes it sees
(the Market's cards, its own draw, a tile drawn from the supply) get a child each, while
outcomes it cannot see (another seat's draw or Quest in Inheritors) share one child, so
the tree never branches on them and the searching seat's later choices below them cannot
depend on a card it would not know. (Keying these by the outcome, as ``mcts`` does, let
the search pick its own later moves as if it knew another seat's draw.)

The agent never sees hidden cards or future draws: its decision and statistics depend only
on the information state (tested with re-dealt hidden cards).
"""

from __future__ import annotations

from typing import Hashable

from regalia.core.state import State

from .base import SEAT, register_agent
from .mcts import MCTSAgent
from .search import ActionStat
from regalia.core.i18n import N_


@register_agent("ismcts", N_("information-set MCTS: determinizes from what the player knows"))
class ISMCTSAgent(MCTSAgent):
    """SO-ISMCTS; the options are those of :class:`~regalia.agents.mcts.MCTSAgent`."""

    #: mcts's options but ``reuse`` (the edges below a chance node depend on the root's
    #: information state, so a kept tree does not carry over)
    OPTIONS = {k: v for k, v in MCTSAgent.OPTIONS.items() if k != "reuse"}
    determinize = True
    #: every iteration starts from a determinization of the seat's information state
    #: (tests/agents/test_ismcts_hidden_cards.py)
    information = SEAT
    _root_info: str | None = None

    def _root_copy(self, state: State, player: int) -> State:
        return state.resample_from_infostate(player, self._deals or self.rng)

    def _search(self, state: State, legal: list[int]) -> list[ActionStat]:
        # A game of perfect information hides no chance outcome from anyone: the outcome
        # itself is what the seat observes (and costs no information-state string).
        self._root_info = (None if state.game.info.perfect_information
                           else state.information_state_string(state.current_player()))
        return super()._search(state, legal)

    def _outcome_key(self, state: State, outcome: int, player: int) -> Hashable:
        """What seat ``player`` observes of a chance ``outcome`` (``state`` is the state
        after it): its information-state string after the outcome. Every state the search
        reaches extends the root's information state, so the key keeps only the part after
        the root's string (the whole string, in a tuple, for a game whose strings do not
        grow by appending); two outcomes get one key exactly when the seat cannot tell
        them apart. In a game of perfect information the outcome itself."""
        root = self._root_info
        if root is None:
            return outcome
        info = state.information_state_string(player)
        if info.startswith(root):
            return info[len(root):]
        return (info,)
