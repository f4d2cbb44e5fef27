"""The Two Heirs ``fast`` playout policy (:mod:`regalia.games.two_heirs.playout`): registered
for the search agents, legal, side-effect free, reproducible, finishes whole games (two
players with every set, solo), and plays sensible turns."""

from __future__ import annotations

import random

import pytest

from regalia import load_game
from regalia.agents import make_agent
from regalia.arena import play_match
from regalia.core.registry import game_policy
from regalia.games.two_heirs.playout import fast_policy
from regalia.games.two_heirs.scoring import buildings_of


def _play(game, seed: int, check: bool = True) -> list[int]:
    """A whole game of ``fast`` against itself; with ``check``, every call is asserted to
    return a legal action and to leave the state unchanged."""
    s = game.new_initial_state(seed)
    rng = random.Random(seed)
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_action(s.sample_chance_outcome(rng))
            continue
        if check:
            before = s.to_json()
            legal = s.legal_actions()
            hist = s.history()
        a = fast_policy(s, rng)
        if check:
            assert a in legal
            assert s.to_json() == before and s.history() == hist
        s.apply_action(a)
    return s.history()


def test_fast_is_registered_for_the_agents():
    assert game_policy("two-heirs", "fast") is fast_policy
    agent = make_agent("mcts:iterations=3,playout=fast,expand=policy,widen=1", seed=0)
    game = load_game("two-heirs")
    s = game.new_initial_state(0)
    while s.is_chance_node():
        s.apply_random_chance()
    assert agent.step(s) in s.legal_actions()


@pytest.mark.parametrize("params", [{}, {"sets": ["war", "patrol", "crafts"]},
                                    {"sets": ["travel", "war", "crafts"], "roads": False},
                                    {"players": 1, "level": 3}, {"players": 1, "level": 1}])
def test_fast_plays_legal_actions_without_changing_the_state(params):
    game = load_game("two-heirs", **params)
    for seed in range(3):
        s_hist = _play(game, seed)
        assert s_hist


def test_fast_is_reproducible_with_a_seed():
    game = load_game("two-heirs", sets=["war", "patrol", "crafts"])
    assert _play(game, 7, check=False) == _play(game, 7, check=False)


def test_fast_beats_random():
    game = load_game("two-heirs")
    wins = 0
    for seed in range(10):
        result = play_match(game, ["mcts:iterations=1,playout=fast,expand=policy", "random"],
                            seed=seed)
        wins += result.returns[0] == 1.0
    assert wins >= 8


def test_fast_takes_first_then_doubles_the_best_building():
    """The mandatory take comes first; after it, with nothing affordable to build, a troop
    standing on open terrain moves onto the adjacent own building worth most (a troop on an
    own building doubles it: Rulebook, Scoring, Troop placement)."""
    game = load_game("two-heirs")
    s = game.new_initial_state(0)
    kw = dict(landscape=[(0, 0, "land-6", "open"), (0, 1, "land-4", "white"),
                         (1, 0, "land-2", "open"), (-1, 0, "trade-1", "white")],
              troops=[[(1, 0), "reserve", "reserve"], [(0, 0), "reserve", "reserve"]],
              reserve=["travel-5", "travel-6", "land-1", "land-3", "land-7", "land-8"],
              hands=([], []))
    s.set_position(**kw)
    rng = random.Random(0)
    assert s.action_to_string(fast_policy(s, rng)).startswith("take")
    s.set_position(**kw, taken=1)
    bases = {b.position: b.base for b in buildings_of(s.breakdowns()[0])}
    assert bases[(0, 1)] > 0
    action = fast_policy(s, rng)
    assert s.action_to_string(action) == "move 1,0->0,1"
    before = s.player_score(0)
    s.apply_action(action)
    assert s.player_score(0) == before + bases[(0, 1)]
