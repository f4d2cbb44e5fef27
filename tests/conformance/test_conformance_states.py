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


def _game(config) -> regalia.Game:
    name, params = config
    return regalia.load_game(name, **params)


@pytest.mark.parametrize("seed", rt.DEFAULT_SEEDS)
def test_random_game_satisfies_contract(game_config, seed):
    rt.check_random_game(_game(game_config), seed)


@pytest.mark.slow
def test_random_game_sweep(game_config):
    game = _game(game_config)
    for seed in SLOW_SEEDS:
        walk = rt.checked_game(game, seed, full=(seed % 8 == 0))
        assert walk.final.is_terminal()


@given(seed=st.integers(0, 10**6))
@settings(max_examples=4, deadline=None, derandomize=True)
def test_random_game_invariants_hypothesis(game_config, seed):
    rt.check_quick_random_game(_game(game_config), seed)


def test_same_seed_same_game_with_dealer(game_config):
    rt.check_same_seed_same_game_with_dealer(_game(game_config))


def test_clone_chance_uses_its_own_generator(game_config):
    rt.check_clone_chance_uses_its_own_generator(_game(game_config))


def test_json_state_continues_like_the_original(game_config):
    rt.check_json_state_continues_like_the_original(_game(game_config))


def test_returned_lists_are_fresh(game_config):
    rt.check_returned_lists_are_fresh(_game(game_config))


def test_sample_chance_outcome_follows_probabilities(game_config):
    try:
        rt.check_sample_chance_outcome_follows_probabilities(_game(game_config))
    except NotApplicable as why:
        pytest.skip(str(why))


def test_bad_notation_raises_notation_error(game_config):
    rt.check_bad_notation_raises_notation_error(_game(game_config))


def test_terminal_state_refuses_every_action(game_config):
    rt.check_terminal_state_refuses_every_action(_game(game_config))
