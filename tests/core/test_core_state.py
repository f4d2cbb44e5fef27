"""The State contract's core semantics: the dealer, errors, and the base-class defaults."""

from __future__ import annotations

import json
import random

import pytest

import regalia
from regalia import (CHANCE, TERMINAL, IllegalActionError, NotationError, RecordError,
                     RegaliaError)
from regalia.core.errors import DataError, ParameterError, UnknownNameError
from regalia.core.state import uniform_outcomes


def _kingdomino(players=2):
    return regalia.load_game("kingdomino", players=players)


def _play_with_dealer(state, choose=lambda legal: legal[0]):
    """Play to the end: chance by the state's dealer, decisions by ``choose``."""
    chance = []
    while not state.is_terminal():
        if state.is_chance_node():
            chance.append(state.apply_random_chance())
        else:
            state.apply_action(choose(state.legal_actions()))
    return chance


class FixedRng:
    """A stand-in generator whose ``random()`` returns the given values in turn."""

    def __init__(self, *values):
        self.values = list(values)

    def random(self):
        return self.values.pop(0)


# ---------------------------------------------------------------------------- dealer
def test_same_seed_same_chance_outcomes():
    game = _kingdomino(3)
    a, b = game.new_initial_state(42), game.new_initial_state(42)
    ca, cb = _play_with_dealer(a), _play_with_dealer(b)
    assert ca == cb and len(ca) > 0
    assert a.history() == b.history()
    assert a == b


def test_different_seeds_different_chance_outcomes():
    game = _kingdomino(3)
    outcomes = {tuple(_play_with_dealer(game.new_initial_state(s))) for s in range(5)}
    assert len(outcomes) == 5


def test_seed_none_draws_a_seed_that_replays_the_game():
    game = _kingdomino(2)
    state = game.new_initial_state()
    assert isinstance(state.seed, int)
    chance = _play_with_dealer(state)
    again = game.new_initial_state(state.seed)
    assert _play_with_dealer(again) == chance
    assert again == state


def test_apply_random_chance_with_own_rng_is_reproducible():
    game = _kingdomino(4)
    a, b = game.new_initial_state(1).clone(), game.new_initial_state(2).clone()
    ra, rb = random.Random(7), random.Random(7)
    for _ in range(4):
        assert a.apply_random_chance(ra) == b.apply_random_chance(rb)
    assert a.history() == b.history()


def test_clone_has_no_dealer():
    state = _kingdomino().new_initial_state(3)
    assert state.is_chance_node()
    state.dealer()  # the real game has one
    clone = state.clone()
    with pytest.raises(RegaliaError) as exc:
        clone.dealer()
    assert "dealer" in str(exc.value)
    with pytest.raises(RegaliaError, match="own generator"):
        clone.apply_random_chance()
    assert clone.history() == []
    action = clone.apply_random_chance(random.Random(0))
    assert clone.history() == [action]
    assert state.history() == []


def test_json_and_resampled_states_have_no_dealer():
    game = _kingdomino()
    state = game.new_initial_state(3)
    loaded = game.state_from_json(state.to_json())
    with pytest.raises(RegaliaError):
        loaded.apply_random_chance()
    while state.is_chance_node():
        state.apply_random_chance()
    sample = state.resample_from_infostate(state.current_player(), random.Random(0))
    with pytest.raises(RegaliaError):
        sample.dealer()


def test_clone_chance_does_not_advance_the_dealer():
    game = _kingdomino(2)
    real, twin = game.new_initial_state(8), game.new_initial_state(8)
    real.clone().apply_random_chance(random.Random(1))
    assert real.apply_random_chance() == twin.apply_random_chance()


def test_apply_random_chance_at_a_decision_node_is_refused():
    state = _kingdomino().new_initial_state(0)
    while state.is_chance_node():
        state.apply_random_chance()
    before = state.to_json()
    with pytest.raises(RegaliaError, match="not a chance node"):
        state.apply_random_chance()
    with pytest.raises(RegaliaError, match="not a chance node"):
        state.chance_outcomes()
    assert state.to_json() == before


# ---------------------------------------------------------------------------- errors
def test_error_hierarchy():
    for cls in (IllegalActionError, NotationError, RecordError, DataError, UnknownNameError,
                ParameterError):
        assert issubclass(cls, RegaliaError) and issubclass(cls, ValueError)
    assert not issubclass(RegaliaError, ValueError)


def test_illegal_action_error_attributes_and_message():
    exc = IllegalActionError(7, "not now")
    assert (exc.action, exc.reason, exc.notation) == (7, "not now", None)
    assert str(exc) == "illegal action 7: not now"
    exc = IllegalActionError(7, "not now", "pick 3")
    assert exc.notation == "pick 3"
    assert str(exc) == "illegal action 7 ('pick 3'): not now"
    assert str(IllegalActionError("d5-e5", "why")) == "illegal action 'd5-e5': why"


def test_illegal_action_in_a_game_names_action_and_reason():
    state = _kingdomino().new_initial_state(0)
    first = state.legal_actions()[0]
    state.apply_action(first)  # a domino drawn from the box
    before = state.to_json()
    with pytest.raises(IllegalActionError) as info:
        state.apply_action(first)  # the same domino again
    exc = info.value
    assert exc.action == first
    assert exc.notation == state.action_to_string(first)
    assert "not in the box" in exc.reason
    assert str(exc).startswith(f"illegal action {first} (")
    assert state.to_json() == before


def test_illegal_action_of_the_wrong_kind():
    state = _kingdomino().new_initial_state(0)
    while state.is_chance_node():
        state.apply_random_chance()
    draw = state.string_to_action("draw 1")
    with pytest.raises(IllegalActionError) as info:
        state.apply_action(draw)
    assert info.value.action == draw
    assert info.value.reason.startswith("now pick a free domino of the next line")
    n = state.game.num_distinct_actions
    with pytest.raises(IllegalActionError) as info:
        state.apply_action(n)
    assert info.value.action == n and str(n - 1) in info.value.reason


# ---------------------------------------------------------------------------- base defaults
def test_base_sample_chance_outcome_walks_the_cumulative_probabilities(dice_race):
    state = dice_race(players=2).new_initial_state(0)
    assert state.chance_outcomes() == [(0, 0.5), (1, 0.3), (2, 0.2)]
    assert state.sample_chance_outcome(FixedRng(0.0)) == 0
    assert state.sample_chance_outcome(FixedRng(0.4999)) == 0
    assert state.sample_chance_outcome(FixedRng(0.5)) == 1
    assert state.sample_chance_outcome(FixedRng(0.7999)) == 1
    assert state.sample_chance_outcome(FixedRng(0.8)) == 2
    # the top of the range falls on the last outcome
    assert state.sample_chance_outcome(FixedRng(0.9999999999999999)) == 2


def test_base_sample_chance_outcome_frequencies(dice_race):
    state = dice_race(players=2).new_initial_state(0)
    rng = random.Random(2024)
    counts = [0, 0, 0]
    for _ in range(20000):
        counts[state.sample_chance_outcome(rng)] += 1
    for count, p in zip(counts, (0.5, 0.3, 0.2)):
        assert abs(count / 20000 - p) < 0.015


def test_base_apply_random_chance_uses_the_dealer(dice_race):
    game = dice_race(players=2)
    a, b = game.new_initial_state(5), game.new_initial_state(5)
    assert _play_with_dealer(a) == _play_with_dealer(b)
    assert a.current_player() == TERMINAL
    clone = game.new_initial_state(5).clone()
    assert clone.current_player() == CHANCE
    with pytest.raises(RegaliaError, match="no dealer"):
        clone.apply_random_chance()


def test_base_defaults_for_perfect_information(dice_race):
    game = dice_race(players=2)
    state = game.new_initial_state(1)
    state.apply_action(2)
    state.apply_action(3)
    state.apply_action(0)
    assert state.information_state_string(0) == "2 3 0"
    assert state.information_state_string(1) == "2 3 0"
    sample = state.resample_from_infostate(1, random.Random(0))
    assert sample is not state and sample == state
    with pytest.raises(RegaliaError):
        sample.dealer()
    assert state.history_strings() == ["roll 3", "keep", "roll 1"]
    assert state.scores() == [3, 0]


def test_base_to_json_string_is_canonical(dice_race):
    state = dice_race(players=2).new_initial_state(1)
    state.apply_action(1)
    text = state.to_json_string()
    assert " " not in text
    assert json.loads(text) == state.to_json()
    assert text == json.dumps(state.to_json(), sort_keys=True, separators=(",", ":"))


def test_base_equality_compares_json_and_states_are_unhashable(dice_race):
    game = dice_race(players=2)
    a, b = game.new_initial_state(1), game.new_initial_state(1)
    assert a == b
    b.apply_action(0)
    assert a != b
    assert a != "state" and (a == object()) is False
    assert a != _kingdomino().new_initial_state(1)
    with pytest.raises(TypeError):
        hash(a)


def test_returns_share_the_victory(dice_race):
    game = dice_race(players=3)
    state = game.new_initial_state(0)
    # rolls 3, 3, 1 / 1, 1, 1 : totals 3+1, 3+1, 1+1 -> two winners share
    for roll, keep in [(2, 3), (2, 3), (0, 3), (0, 3), (0, 3), (0, 3)]:
        assert state.returns() == [0.0, 0.0, 0.0]
        state.apply_action(roll)
        state.apply_action(keep)
    assert state.is_terminal()
    assert state.scores() == [4, 4, 2]
    assert state.returns() == [0.5, 0.5, 0.0]


def test_uniform_outcomes():
    assert uniform_outcomes([3, 5, 9, 10]) == [(3, 0.25), (5, 0.25), (9, 0.25), (10, 0.25)]
    assert uniform_outcomes([1]) == [(1, 1.0)]


def test_toy_game_satisfies_the_contract_it_tests(dice_race):
    """The fixture itself: every state round-trips its JSON and notation."""
    game = dice_race(players=2)
    state = game.new_initial_state(3)
    while True:
        loaded = game.state_from_json(json.loads(state.to_json_string()))
        assert loaded == state
        for a in state.legal_actions():
            assert state.string_to_action(state.action_to_string(a)) == a
        if state.is_terminal():
            break
        state.apply_action(state.legal_actions()[0])
    with pytest.raises(NotationError):
        state.string_to_action("jump")
    with pytest.raises(RecordError):
        game.state_from_json({"game": "dice-race", "params": game.params, "history": [7]})
