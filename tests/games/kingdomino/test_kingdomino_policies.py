"""Kingdomino's offered ``greedy`` playout policy makes exactly the generic greedy's choice."""

from __future__ import annotations

import random

import pytest

import regalia
from regalia.agents.greedy import greedy_action
from regalia.core.registry import game_policy
from regalia.games.kingdomino.policies import greedy_policy


def test_policy_is_registered_for_agents():
    assert game_policy("kingdomino", "greedy") is greedy_policy
    assert game_policy("kingdomino", "no-such-policy") is None


@pytest.mark.parametrize("players, variants", [
    (2, []), (3, []), (4, []), (2, ["mighty-duel"]), (4, ["middle-kingdom", "harmony"]),
])
def test_same_choice_as_generic_greedy_with_the_same_generator(players, variants):
    game = regalia.load_game("kingdomino", players=players, variants=variants)
    decisions = 0
    for seed in range(6):
        s = game.new_initial_state(seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_random_chance()
                continue
            saved = rng.getstate()
            fast = greedy_policy(s, rng)
            after_fast = rng.getstate()
            rng.setstate(saved)
            assert greedy_action(s, rng) == fast
            assert rng.getstate() == after_fast  # same draws consumed
            s.apply_action(fast)
            decisions += 1
    assert decisions > 100
