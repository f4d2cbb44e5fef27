"""State-level conformance: the core contract checked at every state of random games.

Only the public contract is used (``regalia.core.state.State`` and ``Game``), never a
game's internals, so every registered game gets these tests.
"""

from __future__ import annotations

import json
import math
import random
from dataclasses import dataclass, field

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import regalia
from regalia import (CHANCE, TERMINAL, IllegalActionError, NotationError, RegaliaError,
                     State)

DEFAULT_SEEDS = range(5)
SLOW_SEEDS = range(1000, 1200)
#: how many out-of-range / not-legal ids are tried at each state (besides -1 and N)
ILLEGAL_PROBES = 3


# ---------------------------------------------------------------------------- helpers
def _game(config) -> regalia.Game:
    name, params = config
    return regalia.load_game(name, **params)


def _choose(state: State, rng: random.Random) -> int:
    """A random legal action; at chance nodes weighted by the outcome probabilities."""
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        return rng.choices([a for a, _ in outcomes], weights=[p for _, p in outcomes])[0]
    legal = state.legal_actions()
    return legal[rng.randrange(len(legal))]


def _rollout(state: State, rng: random.Random) -> None:
    """Play ``state`` to the end with ``rng`` (for clones: never the dealer)."""
    while not state.is_terminal():
        state.apply_action(_choose(state, rng))


def _illegal_probes(state: State, legal: list[int], rng: random.Random) -> list[int]:
    n = state.game.num_distinct_actions
    legal_set = set(legal)
    probes = {-1, n}
    candidates = [a for a in range(n) if a not in legal_set]
    probes.update(rng.sample(candidates, min(ILLEGAL_PROBES, len(candidates))))
    return sorted(probes)


def check_action_ids(state: State) -> list[int]:
    game = state.game
    cp = state.current_player()
    legal = state.legal_actions()
    assert all(type(a) is int for a in legal), legal
    assert legal == sorted(set(legal)), "legal actions must be sorted and distinct"
    assert all(0 <= a < game.num_distinct_actions for a in legal), legal
    assert state.is_terminal() == (cp == TERMINAL)
    assert state.is_chance_node() == (cp == CHANCE)
    if state.is_terminal():
        assert legal == []
    else:
        assert legal, "a non-terminal state must have a legal action"
    if not state.is_terminal() and not state.is_chance_node():
        assert 0 <= cp < game.num_players
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert [a for a, _ in outcomes] == legal
        probs = [p for _, p in outcomes]
        assert all(p > 0 for p in probs), probs
        assert math.fsum(probs) == pytest.approx(1.0, abs=1e-9)
    else:
        with pytest.raises(RegaliaError):
            state.chance_outcomes()
    return legal


def check_notation(state: State, legal: list[int]) -> None:
    texts = []
    for a in legal:
        text = state.action_to_string(a)
        assert isinstance(text, str) and text.strip(), (a, text)
        assert state.string_to_action(text) == a, (a, text)
        texts.append(text)
    assert len(set(texts)) == len(texts), "two legal actions share a notation"


def check_illegal_actions(state: State, legal: list[int], data: dict,
                          rng: random.Random) -> None:
    history = state.history()
    for a in _illegal_probes(state, legal, rng):
        with pytest.raises(IllegalActionError) as info:
            state.apply_action(a)
        exc = info.value
        assert isinstance(exc, ValueError)
        assert exc.action == a
        assert isinstance(exc.reason, str) and exc.reason
        assert str(a) in str(exc)
        assert state.legal_actions() == legal, f"illegal action {a} changed the state"
        assert state.history() == history, f"illegal action {a} changed the state"
    assert state.to_json() == data, "an illegal action changed the state"


def check_results(state: State) -> None:
    n = state.game.num_players
    scores = state.scores()
    returns = state.returns()
    assert len(scores) == n
    assert len(returns) == n
    if state.is_terminal():
        assert all(0.0 <= r <= 1.0 for r in returns), returns
        if n > 1:
            assert math.fsum(returns) == pytest.approx(1.0), returns
        else:  # a solo game against an automated opponent: won (1.0) or lost (0.0)
            assert returns in ([0.0], [1.0]), returns
    else:
        assert all(r == 0 for r in returns), returns


def check_json(state: State, legal: list[int], data: dict) -> None:
    text = json.dumps(data)
    loaded = state.game.state_from_json(json.loads(text))
    assert loaded is not state
    assert type(loaded) is type(state)
    assert loaded.to_json() == data  # i.e. loaded == state
    assert loaded.current_player() == state.current_player()
    assert loaded.legal_actions() == legal
    assert loaded.history() == state.history()
    assert loaded.scores() == state.scores()
    with pytest.raises(RegaliaError):
        loaded.dealer()


def check_views(state: State, legal: list[int], data: dict, rng: random.Random) -> None:
    """Observations of every seat are JSON-able; resampling for the acting seat (at a
    chance or terminal state: a random seat) gives a state consistent with what that seat
    knows."""
    game = state.game
    cp = state.current_player()
    n = game.num_players
    resample_for = {cp if cp >= 0 else rng.randrange(n)}
    for p in range(n):
        obs = state.observation(p)
        assert isinstance(obs, dict)
        json.dumps(obs)
        info = state.information_state_string(p)
        assert isinstance(info, str)
        if p not in resample_for:
            continue
        sample = state.resample_from_infostate(p, rng)
        assert sample is not state
        assert isinstance(sample, State)
        assert sample.game == game
        # consistent with what p knows: p sees exactly the same thing in it
        assert sample.observation(p) == obs
        assert sample.information_state_string(p) == info
        assert sample.current_player() == cp
        if p == cp:
            assert sample.legal_actions() == legal
        if game.info.perfect_information:
            assert sample.to_json() == data  # nothing hidden: the sample is the state
        with pytest.raises(RegaliaError):
            sample.dealer()
        if not sample.is_terminal():  # playing on the sample leaves the state alone
            sample.apply_action(_choose(sample, rng))
    assert state.to_json() == data


def check_clone(state: State, legal: list[int], data: dict, rng: random.Random) -> State:
    clone = state.clone()
    assert clone is not state
    assert clone.to_json() == data  # i.e. clone == state
    assert clone.legal_actions() == legal
    assert clone.history() == state.history()
    with pytest.raises(RegaliaError):
        clone.dealer()
    if clone.is_chance_node():
        with pytest.raises(RegaliaError):
            clone.apply_random_chance()
        assert clone.legal_actions() == legal, "a failed apply_random_chance() changed it"
        assert clone.history() == state.history(), "a failed apply_random_chance() changed it"
        own = clone.clone()
        action = own.apply_random_chance(random.Random(rng.random()))
        assert action in legal
        assert own.history() == state.history() + [action]
    return clone


@dataclass
class Walk:
    """What a fully checked random game recorded, ply by ply."""

    final: State
    applied: int
    legal: list[list[int]] = field(default_factory=list)
    json: list[dict] = field(default_factory=list)


def checked_game(game: regalia.Game, seed: int, *, full: bool = True) -> Walk:
    """Play one random game with the dealer and a seeded generator, checking the whole
    contract at every state (``full=False``: the cheaper checks only). Chance nodes
    alternate between the dealer (``apply_random_chance()``) and an explicit outcome
    (``apply_action``)."""
    rng = random.Random(seed * 7919 + 13)
    state = game.new_initial_state(seed)
    assert state.seed == seed
    assert state.history() == []
    walk = Walk(final=state, applied=0)
    snapshots: list[tuple[State, dict]] = []
    rollout_plies = set(rng.sample(range(game.max_game_length),
                                   min(3, game.max_game_length)))
    while True:
        legal = check_action_ids(state)
        data = state.to_json()
        json.dumps(data)
        walk.legal.append(legal)
        walk.json.append(data)
        check_results(state)
        assert len(state.history()) == walk.applied
        if full:
            check_notation(state, legal)
            check_illegal_actions(state, legal, data, rng)
            check_json(state, legal, data)
            check_views(state, legal, data, rng)
        clone = check_clone(state, legal, data, rng)
        if walk.applied % 11 == 0:
            snapshots.append((clone, data))
        if walk.applied in rollout_plies:  # a forward model played out leaves the state alone
            probe = state.clone()
            _rollout(probe, random.Random(rng.random()))
            assert probe.is_terminal()
            assert state.to_json() == data
        if state.is_terminal():
            break
        if state.is_chance_node() and walk.applied % 2 == 0:
            action = state.apply_random_chance()
            assert action in legal
        else:
            action = _choose(state, rng)
            state.apply_action(action)
        walk.applied += 1
        assert state.history()[-1] == action
    for clone, data in snapshots:
        assert clone.to_json() == data, "a clone changed when the original moved on"
    assert len(state.history()) == walk.applied
    assert walk.applied <= game.max_game_length
    return walk


def assert_clean_replay_matches(game: regalia.Game, seed: int, walk: Walk) -> None:
    """The checks had no side effect: a clean replay of the same actions has, at every
    ply, the same legal actions and the same JSON as the checked game had."""
    clean = game.new_initial_state(seed)
    for ply, action in enumerate(walk.final.history()):
        assert clean.legal_actions() == walk.legal[ply], f"ply {ply}"
        assert clean.to_json() == walk.json[ply], f"ply {ply}"
        clean.apply_action(action)
    assert clean == walk.final
    assert clean.to_json() == walk.json[-1]


# ---------------------------------------------------------------------------- tests
@pytest.mark.parametrize("seed", DEFAULT_SEEDS)
def test_random_game_satisfies_contract(game_config, seed):
    game = _game(game_config)
    walk = checked_game(game, seed)
    assert walk.final.is_terminal()
    assert walk.applied == len(walk.final.history()) > 0
    assert_clean_replay_matches(game, seed, walk)


@pytest.mark.slow
def test_random_game_sweep(game_config):
    game = _game(game_config)
    for seed in SLOW_SEEDS:
        walk = checked_game(game, seed, full=(seed % 8 == 0))
        assert walk.final.is_terminal()


@given(seed=st.integers(0, 10**6))
@settings(max_examples=4, deadline=None, derandomize=True)
def test_random_game_invariants_hypothesis(game_config, seed):
    game = _game(game_config)
    walk = checked_game(game, seed, full=False)
    final = walk.final
    assert final.is_terminal()
    replay = game.new_initial_state(seed)
    for a in final.history():
        replay.apply_action(a)
    assert replay == final
    assert replay.returns() == final.returns()


def test_same_seed_same_game_with_dealer(game_config):
    game = _game(game_config)
    chance_seen = []

    def play(seed):
        state = game.new_initial_state(seed)
        rng = random.Random(99)
        while not state.is_terminal():
            if state.is_chance_node():
                chance_seen.append(state.apply_random_chance())
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
        return state

    a, b = play(5), play(5)
    assert a.history() == b.history()
    assert a == b
    assert a.scores() == b.scores()
    if chance_seen:  # the same decisions with other dealers give other games
        histories = {tuple(play(seed).history()) for seed in range(4)}
        assert len(histories) > 1, "different dealer seeds always gave the same game"


def test_clone_chance_uses_its_own_generator(game_config):
    """Chance on a clone (with the agent's generator) never draws from the real dealer."""
    game = _game(game_config)
    real = game.new_initial_state(11)
    twin = game.new_initial_state(11)
    rng = random.Random(4)
    while not real.is_terminal():
        if real.is_chance_node():
            probe = real.clone()
            probe.apply_random_chance(random.Random(rng.random()))
            _rollout(probe, random.Random(rng.random()))
            a = real.apply_random_chance()
            b = twin.apply_random_chance()
            assert a == b
        else:
            action = _choose(real, rng)
            real.apply_action(action)
            twin.apply_action(action)
    assert real == twin


def test_json_state_continues_like_the_original(game_config):
    """A state rebuilt from JSON mid-game plays on exactly like the original."""
    game = _game(game_config)
    rng = random.Random(21)
    state = game.new_initial_state(21)
    for _ in range(game.max_game_length // 3):
        if state.is_terminal():
            break
        state.apply_action(_choose(state, rng))
    loaded = game.state_from_json(json.loads(json.dumps(state.to_json())))
    while not state.is_terminal():
        action = _choose(state, rng)
        state.apply_action(action)
        loaded.apply_action(action)
        assert loaded.legal_actions() == state.legal_actions()
    assert loaded == state
    assert loaded.returns() == state.returns()
    assert loaded.scores() == state.scores()


def test_returned_lists_are_fresh(game_config):
    """Mutating what legal_actions/history/scores return does not change the state."""
    game = _game(game_config)
    rng = random.Random(8)
    state = game.new_initial_state(8)
    for _ in range(10):
        if state.is_terminal():
            break
        state.apply_action(_choose(state, rng))
    before = state.to_json()
    plies = len(state.history())
    legal, hist, scores = state.legal_actions(), state.history(), state.scores()
    expected_legal = list(legal)
    legal.append(-5)
    hist.append(-5)
    scores[0] = 10**6
    assert state.to_json() == before
    assert state.legal_actions() == expected_legal
    assert len(state.history()) == plies


def test_sample_chance_outcome_follows_probabilities(game_config):
    game = _game(game_config)
    state = game.new_initial_state(2)
    while not state.is_chance_node():
        if state.is_terminal():
            pytest.skip("no chance node in this game")
        state.apply_action(state.legal_actions()[0])
    outcomes = dict(state.chance_outcomes())
    rng = random.Random(12345)
    draws = 40 * len(outcomes)
    counts = {a: 0 for a in outcomes}
    for _ in range(draws):
        a = state.sample_chance_outcome(rng)
        assert a in outcomes
        counts[a] += 1
    for a, p in outcomes.items():
        expected = p * draws
        assert abs(counts[a] - expected) <= 6 * math.sqrt(expected) + 1, (a, counts[a], p)
    assert state.history() == state.clone().history()


def test_bad_notation_raises_notation_error(game_config):
    game = _game(game_config)
    state = game.new_initial_state(0)
    rng = random.Random(0)
    for _ in range(game.max_game_length // 2):
        if state.is_terminal():
            break
        for text in ("", "   ", "%% not an action %%"):
            with pytest.raises(NotationError) as info:
                state.string_to_action(text)
            assert isinstance(info.value, ValueError)
        state.apply_action(_choose(state, rng))


def test_terminal_state_refuses_every_action(game_config):
    game = _game(game_config)
    rng = random.Random(6)
    state = game.new_initial_state(6)
    _rollout(state, rng)
    assert state.is_terminal()
    before = state.to_json()
    for a in rng.sample(range(game.num_distinct_actions), 20):
        with pytest.raises(IllegalActionError):
            state.apply_action(a)
    assert state.to_json() == before
    with pytest.raises(RegaliaError):
        state.apply_random_chance(random.Random(0))
    assert state.to_json() == before
