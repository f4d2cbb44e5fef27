"""The Two Heirs ``greedy`` heuristic: registered for the agents, legal, and far better
than random play."""

from __future__ import annotations

import random

from regalia import load_game
from regalia.agents import make_agent
from regalia.arena import play_match
from regalia.core.registry import game_policy

from two_heirs_tiles import EXAMPLE_2


def test_greedy_is_registered_and_beats_random():
    policy = game_policy("two-heirs", "greedy")
    assert policy is not None
    game = load_game("two-heirs")
    wins = 0
    for seed in range(10):
        result = play_match(game, ["greedy", "random"], seed=seed)
        wins += result.returns[0] == 1.0
    assert wins >= 8


def test_greedy_takes_first_and_builds_what_gains():
    """At the start of a turn the mandatory take comes first; with a building in hand that
    raises the margin, greedy builds it (here: the Example 2 position, Trading Post or Inn)."""
    game = load_game("two-heirs")
    s = game.new_initial_state(0)
    s.set_position(**EXAMPLE_2, hands=(["travel-1", "trade-6"], []))
    policy = game_policy("two-heirs", "greedy")
    rng = random.Random(0)
    assert s.action_to_string(policy(s, rng)).startswith("take")
    s.set_position(**EXAMPLE_2, hands=(["travel-1"], []), taken=1)
    before = s.player_score(0)
    action = policy(s, rng)
    assert s.action_to_string(action).startswith("build Inn (travel-1)")
    s.apply_action(action)
    assert s.player_score(0) > before


def test_greedy_agent_plays_solo_games():
    game = load_game("two-heirs", players=1, level=1)
    agent = make_agent("greedy", seed=1)
    s = game.new_initial_state(2)
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_random_chance()
        else:
            s.apply_action(agent.step(s))
    assert s.scores()[0] > 0
