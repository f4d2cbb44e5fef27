"""State-level conformance: the core contract checked at every state of random games.

Thin callers of ``regalia.testing.state_checks`` (the checks are documented there). Only
the public contract is used, never a game's internals, so every registered game gets these
tests.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import regalia
from regalia import testing as rt
from regalia.testing import NotApplicable

SLOW_SEEDS = range(1000, 1200)


@pytest.mark.parametrize("seed", rt.DEFAULT_SEEDS)
def test_random_game_satisfies_contract(game, seed):
    rt.check_random_game(game, seed)


@pytest.mark.slow
def test_random_game_sweep(game):
    for seed in SLOW_SEEDS:
        walk = rt.checked_game(game, seed, full=(seed % 8 == 0))
        assert walk.final.is_terminal()


@given(seed=st.integers(0, 10**6))
@settings(max_examples=4, deadline=None, derandomize=True)
def test_random_game_invariants_hypothesis(game_config, seed):
    # game_config, not the ``game`` fixture: hypothesis refuses function-scoped fixtures
    name, params = game_config
    rt.check_quick_random_game(regalia.load_game(name, **params), seed)


def test_same_seed_same_game_with_dealer(game):
    rt.check_same_seed_same_game_with_dealer(game)


def test_clone_chance_uses_its_own_generator(game):
    rt.check_clone_chance_uses_its_own_generator(game)


def test_json_state_continues_like_the_original(game):
    rt.check_json_state_continues_like_the_original(game)


def test_returned_lists_are_fresh(game):
    rt.check_returned_lists_are_fresh(game)


def test_sample_chance_outcome_follows_probabilities(game):
    try:
        rt.check_sample_chance_outcome_follows_probabilities(game)
    except NotApplicable as why:
        pytest.skip(str(why))


def test_bad_notation_raises_notation_error(game):
    rt.check_bad_notation_raises_notation_error(game)


def test_terminal_state_refuses_every_action(game):
    rt.check_terminal_state_refuses_every_action(game)
