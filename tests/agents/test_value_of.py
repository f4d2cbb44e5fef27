"""``MCTSAgent.value_of``: a search whose root tries one move (the game review's check)."""

from __future__ import annotations

import pytest

import regalia
from regalia.agents import ISMCTSAgent, MCTSAgent, make_agent
from regalia.core.errors import IllegalActionError
from regalia.testing.game_checks import mid_game_state


def decision(name: str, seed: int, plies: int, **params):
    s = mid_game_state(regalia.load_game(name, **params), seed, plies)
    while s.is_chance_node() or len(s.legal_actions()) < 3:
        s.apply_random_chance() if s.is_chance_node() else s.apply_action(s.legal_actions()[0])
    return s


@pytest.mark.parametrize("cls", [MCTSAgent, ISMCTSAgent])
def test_every_iteration_goes_through_the_move(cls):
    s = decision("inheritors", 3, 50, players=2)
    move = s.legal_actions()[1]
    agent = cls(seed=4, iterations=30, playout="fast", expand="policy", widen=1.0)
    stat = agent.value_of(s, move)
    assert stat.action == move and stat.visits == 30 == agent.last_iterations
    assert list(agent.last_tree.children) == [move]
    assert 0 <= stat.value <= 1
    again = cls(seed=4, iterations=30, playout="fast", expand="policy", widen=1.0)
    assert again.value_of(s, move) == stat
    # and the next step searches every move again
    agent.step(s)
    assert len(agent.last_tree.children) > 1


def test_moves_valued_with_one_seed_are_valued_on_the_same_deals():
    """ismcts: the deals of the hidden cards come from a generator of the seed alone, so
    two moves valued by agents of one seed see the same hands, in the same order."""
    s = decision("inheritors", 5, 60, players=2)
    a, b = s.legal_actions()[:2]
    seen = []

    class Recording(ISMCTSAgent):
        def _root_copy(self, state, player):
            copy = super()._root_copy(state, player)
            seen[-1].append(copy.to_json()["hands"])
            return copy

    for move in (a, b):
        seen.append([])
        Recording(seed=9, iterations=12, playout="fast").value_of(s, move)
    assert seen[0] == seen[1] and len(seen[0]) == 12
    assert len({str(x) for x in seen[0]}) > 1   # the deals do differ from one another


def test_an_illegal_move_is_refused():
    s = decision("kingdomino", 1, 20, players=2)
    with pytest.raises(IllegalActionError):
        make_agent("mcts:iterations=5").value_of(s, 10**6)
