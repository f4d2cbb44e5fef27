"""State-level conformance checks: the core contract checked at every state of random games.

Only the public contract is used (``regalia.core.State`` and ``Game``), never a game's
internals, so every registered game (and a game you are adding) can be checked. Each
check raises ``AssertionError`` with a message saying what broke; the checks of whole
games name the seed and the ply.

The checks follow OpenSpiel's ``random_sim_test`` (legal actions, chance outcomes, clone,
serialisation round trip, returns) and TAG's forward-model test (a copy kept after an
action never changes when the original moves on).
"""

from __future__ import annotations

import json
import math
import random
from dataclasses import dataclass, field
from typing import Any

from regalia.core import (CHANCE, TERMINAL, Breakdown, Game, IllegalActionError,
                          NotationError, RegaliaError, ScoreItem, State)

from ._assert import NotApplicable, close_to_one, expect_raises

#: the seeds :func:`regalia.testing.api_test` plays fully checked games with by default
DEFAULT_SEEDS = range(5)
#: how many out-of-range / not-legal ids are tried at each state (besides -1 and N)
ILLEGAL_PROBES = 3


# ---------------------------------------------------------------------------- helpers
def random_action(state: State, rng: random.Random) -> int:
    """A random legal action; at chance nodes weighted by the outcome probabilities."""
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        return rng.choices([a for a, _ in outcomes], weights=[p for _, p in outcomes])[0]
    legal = state.legal_actions()
    return legal[rng.randrange(len(legal))]


def rollout(state: State, rng: random.Random) -> None:
    """Play ``state`` to the end with ``rng`` (for copies: never the dealer)."""
    while not state.is_terminal():
        state.apply_action(random_action(state, rng))


def _illegal_probes(state: State, legal: list[int], rng: random.Random) -> list[int]:
    n = state.game.num_distinct_actions
    legal_set = set(legal)
    probes = {-1, n}
    candidates = [a for a in range(n) if a not in legal_set]
    probes.update(rng.sample(candidates, min(ILLEGAL_PROBES, len(candidates))))
    return sorted(probes)


# ---------------------------------------------------------------------------- one state
def check_action_ids(state: State) -> list[int]:
    """Legal actions: sorted distinct ints in range, none exactly at a terminal state;
    the current player consistent with ``is_terminal``/``is_chance_node``; at a chance
    node the outcomes are the legal actions with positive probabilities summing to 1,
    elsewhere ``chance_outcomes()`` raises a RegaliaError. Returns the legal actions."""
    game = state.game
    cp = state.current_player()
    legal = state.legal_actions()
    assert all(type(a) is int for a in legal), f"legal actions must be ints: {legal}"
    assert legal == sorted(set(legal)), f"legal actions must be sorted and distinct: {legal}"
    assert all(0 <= a < game.num_distinct_actions for a in legal), (
        f"legal actions outside [0, {game.num_distinct_actions}): {legal}")
    assert state.is_terminal() == (cp == TERMINAL), (
        f"is_terminal() {state.is_terminal()} but current_player() {cp}")
    assert state.is_chance_node() == (cp == CHANCE), (
        f"is_chance_node() {state.is_chance_node()} but current_player() {cp}")
    if state.is_terminal():
        assert legal == [], f"a terminal state has legal actions {legal}"
    else:
        assert legal, "a non-terminal state must have a legal action"
    if not state.is_terminal() and not state.is_chance_node():
        assert 0 <= cp < game.num_players, f"current_player() {cp} is not a seat"
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert [a for a, _ in outcomes] == legal, (
            f"chance outcomes {[a for a, _ in outcomes]} are not the legal actions {legal}")
        probs = [p for _, p in outcomes]
        assert all(p > 0 for p in probs), f"chance probabilities must be positive: {probs}"
        total = math.fsum(probs)
        assert close_to_one(total, abs_tol=1e-9), f"chance probabilities sum to {total}"
    else:
        with expect_raises(RegaliaError, "chance_outcomes() at a decision or terminal state"):
            state.chance_outcomes()
    return legal


def check_notation(state: State, legal: list[int]) -> None:
    """Each legal action has a non-blank notation that parses back to it; no two share one."""
    texts = []
    for a in legal:
        text = state.action_to_string(a)
        assert isinstance(text, str) and text.strip(), f"action {a} has notation {text!r}"
        back = state.string_to_action(text)
        assert back == a, f"action {a} is written {text!r}, which parses as {back}"
        texts.append(text)
    assert len(set(texts)) == len(texts), f"two legal actions share a notation: {texts}"


def check_illegal_actions(state: State, legal: list[int], data: dict[str, Any],
                          rng: random.Random) -> None:
    """-1, ``num_distinct_actions`` and a few ids that are not legal raise
    IllegalActionError (a ValueError naming the action, with a reason) and change
    nothing. ``data``: ``state.to_json()`` before."""
    history = state.history()
    for a in _illegal_probes(state, legal, rng):
        with expect_raises(IllegalActionError, f"apply_action({a}), not a legal action") as info:
            state.apply_action(a)
        exc = info.value
        assert isinstance(exc, ValueError), "IllegalActionError must be a ValueError"
        assert isinstance(exc, IllegalActionError)  # expect_raises caught only these
        assert exc.action == a, f"IllegalActionError.action is {exc.action!r}, not {a}"
        assert isinstance(exc.reason, str) and exc.reason, "IllegalActionError without reason"
        assert str(a) in str(exc), f"the error does not name action {a}: {exc}"
        assert state.legal_actions() == legal, f"illegal action {a} changed the state"
        assert state.history() == history, f"illegal action {a} changed the state"
    assert state.to_json() == data, "an illegal action changed the state"


def check_results(state: State) -> None:
    """One score and one return per seat; returns 0 until the end; at the end in [0, 1]
    summing to 1 (several seats) or exactly won 1.0 / lost 0.0 (a solo game)."""
    n = state.game.num_players
    scores = state.scores()
    returns = state.returns()
    assert len(scores) == n, f"{len(scores)} scores for {n} seats"
    assert len(returns) == n, f"{len(returns)} returns for {n} seats"
    if state.is_terminal():
        assert all(0.0 <= r <= 1.0 for r in returns), f"returns outside [0, 1]: {returns}"
        if n > 1:
            assert close_to_one(math.fsum(returns)), f"returns do not sum to 1: {returns}"
        else:  # a solo game against an automated opponent: won (1.0) or lost (0.0)
            assert returns in ([0.0], [1.0]), f"solo returns must be [0.0] or [1.0]: {returns}"
    else:
        assert all(r == 0 for r in returns), f"returns before the end: {returns}"
    if state.is_terminal():
        check_breakdowns(state, scores)


def check_breakdowns(state: State, scores: list[float]) -> None:
    """Each seat's ``breakdown(p)`` is the core :class:`~regalia.core.breakdown.Breakdown`,
    its items add up to the seat's score, and its JSON goes through text unchanged."""
    for p, score in enumerate(scores):
        bd = state.breakdown(p)
        assert isinstance(bd, Breakdown), f"breakdown({p}) is a {type(bd).__name__}"
        assert all(isinstance(i, ScoreItem) for i in bd.items), f"breakdown({p}) items"
        assert bd.total == score, f"breakdown({p}) totals {bd.total}, the score is {score}"
        data = bd.to_json()
        back = json.loads(json.dumps(data))
        assert back["total"] == score and len(back["items"]) == len(bd.items), (
            f"breakdown({p}).to_json() does not go through JSON text")


def check_json(state: State, legal: list[int], data: dict[str, Any]) -> None:
    """The JSON of the state, through text, rebuilds an equal state without a dealer."""
    text = json.dumps(data)
    loaded = state.game.state_from_json(json.loads(text))
    assert loaded is not state
    assert type(loaded) is type(state), f"state_from_json gave a {type(loaded).__name__}"
    assert loaded.to_json() == data, "the state rebuilt from JSON differs"
    assert loaded.current_player() == state.current_player(), "JSON: current player differs"
    assert loaded.legal_actions() == legal, "JSON: legal actions differ"
    assert loaded.history() == state.history(), "JSON: history differs"
    assert loaded.scores() == state.scores(), "JSON: scores differ"
    with expect_raises(RegaliaError, "dealer() of a state loaded from JSON"):
        loaded.dealer()


def check_views(state: State, legal: list[int], data: dict[str, Any], rng: random.Random) -> None:
    """Observations of every seat are JSON-able dicts and information states strings;
    resampling for the acting seat (at a chance or terminal state: a random seat) gives a
    state without dealer that the seat cannot tell from this one (same observation, same
    information state, same player to act and, for the acting seat, same legal actions;
    the state itself when nothing is hidden), and playing on it leaves the state alone."""
    game = state.game
    cp = state.current_player()
    n = game.num_players
    resample_for = {cp if cp >= 0 else rng.randrange(n)}
    for p in range(n):
        obs = state.observation(p)
        assert isinstance(obs, dict), f"observation({p}) is a {type(obs).__name__}"
        json.dumps(obs)
        info = state.information_state_string(p)
        assert isinstance(info, str), f"information_state_string({p}) is not a str"
        if p not in resample_for:
            continue
        sample = state.resample_from_infostate(p, rng)
        assert sample is not state, "resample_from_infostate returned the state itself"
        assert isinstance(sample, State)
        assert sample.game == game, "the resample belongs to another game"
        # consistent with what p knows: p sees exactly the same thing in it
        assert sample.observation(p) == obs, f"seat {p} observes the resample differently"
        assert sample.information_state_string(p) == info, (
            f"seat {p} has another information state in the resample")
        assert sample.current_player() == cp, "another player acts in the resample"
        if p == cp:
            assert sample.legal_actions() == legal, "other legal actions in the resample"
        if game.info.perfect_information:
            assert sample.to_json() == data, (
                "perfect information: a resample must be the state itself")
        with expect_raises(RegaliaError, "dealer() of a resample"):
            sample.dealer()
        if not sample.is_terminal():  # playing on the sample leaves the state alone
            sample.apply_action(random_action(sample, rng))
    assert state.to_json() == data, "observing or resampling changed the state"


def check_clone(state: State, legal: list[int], data: dict[str, Any], rng: random.Random) -> State:
    """A clone is equal, has no dealer (so ``apply_random_chance()`` without a generator
    fails and changes nothing) and takes chance from a generator it is given. Returns
    the clone."""
    clone = state.clone()
    assert clone is not state, "clone() returned the state itself"
    assert clone.to_json() == data, "the clone differs from the state"
    assert clone.legal_actions() == legal, "the clone has other legal actions"
    assert clone.history() == state.history(), "the clone has another history"
    with expect_raises(RegaliaError, "dealer() of a clone"):
        clone.dealer()
    if clone.is_chance_node():
        with expect_raises(RegaliaError, "apply_random_chance() on a clone (no dealer)"):
            clone.apply_random_chance()
        assert clone.legal_actions() == legal, "a failed apply_random_chance() changed it"
        assert clone.history() == state.history(), "a failed apply_random_chance() changed it"
        own = clone.clone()
        action = own.apply_random_chance(random.Random(rng.random()))
        assert action in legal, f"apply_random_chance(rng) applied {action}, not legal"
        assert own.history() == state.history() + [action], (
            "apply_random_chance(rng) did not append its outcome to the history")
    return clone


# ---------------------------------------------------------------------------- whole games
@dataclass
class Walk:
    """What a fully checked random game recorded, ply by ply."""

    final: State
    applied: int
    legal: list[list[int]] = field(default_factory=list)
    json: list[dict[str, Any]] = field(default_factory=list)


def checked_game(game: Game, seed: int, *, full: bool = True) -> Walk:
    """Play one random game with the dealer and a seeded generator, checking the whole
    contract at every state (``full=False``: the cheaper checks only: action ids, results,
    clones). Chance nodes alternate between the dealer (``apply_random_chance()``) and an
    explicit outcome (``apply_action``). A clone kept every 11 plies must not change as
    the game goes on; three random plies play a clone out, which leaves the state alone.

    Raises:
        AssertionError: naming the game, the seed and the ply where a check failed.
    """
    rng = random.Random(seed * 7919 + 13)
    state = game.new_initial_state(seed)
    assert state.seed == seed, f"new_initial_state({seed}).seed is {state.seed!r}"
    assert state.history() == [], "a new game has a history"
    walk = Walk(final=state, applied=0)
    snapshots: list[tuple[State, dict[str, Any], int]] = []
    rollout_plies = set(rng.sample(range(game.max_game_length),
                                   min(3, game.max_game_length)))
    try:
        while True:
            legal = check_action_ids(state)
            data = state.to_json()
            json.dumps(data)
            walk.legal.append(legal)
            walk.json.append(data)
            check_results(state)
            assert len(state.history()) == walk.applied, "history() misses actions"
            if full:
                check_notation(state, legal)
                check_illegal_actions(state, legal, data, rng)
                check_json(state, legal, data)
                check_views(state, legal, data, rng)
            clone = check_clone(state, legal, data, rng)
            if walk.applied % 11 == 0:
                snapshots.append((clone, data, walk.applied))
            if walk.applied in rollout_plies:  # a forward model played out leaves the state
                probe = state.clone()
                rollout(probe, random.Random(rng.random()))
                assert probe.is_terminal(), "a rollout ended before a terminal state"
                assert state.to_json() == data, "playing a clone out changed the state"
            if state.is_terminal():
                break
            if state.is_chance_node() and walk.applied % 2 == 0:
                action = state.apply_random_chance()
                assert action in legal, f"the dealer applied {action}, not a chance outcome"
            else:
                action = random_action(state, rng)
                state.apply_action(action)
            walk.applied += 1
            assert state.history()[-1] == action, "history() does not end with the action"
    except AssertionError as exc:
        raise AssertionError(f"{game!r}, seed {seed}, ply {walk.applied}: {exc}") from exc
    for clone, data, ply in snapshots:
        assert clone.to_json() == data, (
            f"{game!r}, seed {seed}: a clone made at ply {ply} changed when the original "
            f"moved on (a shallow copy?)")
    assert len(state.history()) == walk.applied
    assert walk.applied <= game.max_game_length, (
        f"{game!r}, seed {seed}: {walk.applied} plies, more than max_game_length "
        f"{game.max_game_length}")
    return walk


def assert_clean_replay_matches(game: Game, seed: int, walk: Walk) -> None:
    """The checks had no side effect: a clean replay of the same actions has, at every
    ply, the same legal actions and the same JSON as the checked game had."""
    clean = game.new_initial_state(seed)
    for ply, action in enumerate(walk.final.history()):
        assert clean.legal_actions() == walk.legal[ply], (
            f"{game!r}, seed {seed}, ply {ply}: a clean replay has other legal actions")
        assert clean.to_json() == walk.json[ply], (
            f"{game!r}, seed {seed}, ply {ply}: a clean replay has another state")
        clean.apply_action(action)
    assert clean == walk.final, f"{game!r}, seed {seed}: a clean replay ends elsewhere"
    assert clean.to_json() == walk.json[-1]


def check_random_game(game: Game, seed: int) -> Walk:
    """One fully checked random game (:func:`checked_game`) that ends, and whose clean
    replay matches it ply by ply (:func:`assert_clean_replay_matches`)."""
    walk = checked_game(game, seed)
    assert walk.final.is_terminal(), f"{game!r}, seed {seed}: the game did not end"
    assert walk.applied == len(walk.final.history()) > 0, f"{game!r}, seed {seed}: no ply"
    assert_clean_replay_matches(game, seed, walk)
    return walk


def check_quick_random_game(game: Game, seed: int) -> Walk:
    """One random game with the cheaper checks (:func:`checked_game` with ``full=False``)
    that ends; replaying its history from the same seed gives an equal final state with
    the same returns."""
    walk = checked_game(game, seed, full=False)
    final = walk.final
    assert final.is_terminal(), f"{game!r}, seed {seed}: the game did not end"
    replay = game.new_initial_state(seed)
    for a in final.history():
        replay.apply_action(a)
    assert replay == final, f"{game!r}, seed {seed}: replaying the history ends elsewhere"
    assert replay.returns() == final.returns(), f"{game!r}, seed {seed}: other returns"
    return walk


def check_same_seed_same_game_with_dealer(game: Game) -> None:
    """The same dealer seed and the same decisions give the same game; with chance in the
    game, other dealer seeds give other games."""
    chance_seen = []

    def play(seed: int) -> State:
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
    assert a.history() == b.history(), "the same seed and decisions gave other histories"
    assert a == b, "the same seed and decisions gave other final states"
    assert a.scores() == b.scores(), "the same seed and decisions gave other scores"
    if chance_seen:  # the same decisions with other dealers give other games
        histories = {tuple(play(seed).history()) for seed in range(4)}
        assert len(histories) > 1, "different dealer seeds always gave the same game"


def check_clone_chance_uses_its_own_generator(game: Game) -> None:
    """Chance on a clone (with the agent's generator) never draws from the real dealer: a
    game whose clones are played out at every chance node deals exactly like its twin."""
    real = game.new_initial_state(11)
    twin = game.new_initial_state(11)
    rng = random.Random(4)
    while not real.is_terminal():
        if real.is_chance_node():
            probe = real.clone()
            probe.apply_random_chance(random.Random(rng.random()))
            rollout(probe, random.Random(rng.random()))
            assert real.history() == twin.history(), (
                "playing a clone out changed the original (a shallow copy?)")
            a = real.apply_random_chance()
            b = twin.apply_random_chance()
            assert a == b, (f"ply {len(twin.history()) - 1}: the dealer drew {a}, its twin "
                            f"{b}: chance on a clone used the real dealer")
        else:
            action = random_action(real, rng)
            real.apply_action(action)
            twin.apply_action(action)
    assert real == twin, "a game whose clones were played out ended elsewhere than its twin"


def check_json_state_continues_like_the_original(game: Game) -> None:
    """A state rebuilt from JSON a third into a game plays on exactly like the original."""
    rng = random.Random(21)
    state = game.new_initial_state(21)
    for _ in range(game.max_game_length // 3):
        if state.is_terminal():
            break
        state.apply_action(random_action(state, rng))
    loaded = game.state_from_json(json.loads(json.dumps(state.to_json())))
    while not state.is_terminal():
        action = random_action(state, rng)
        state.apply_action(action)
        loaded.apply_action(action)
        assert loaded.legal_actions() == state.legal_actions(), (
            f"ply {len(state.history())}: the state from JSON has other legal actions")
    assert loaded == state, "the state from JSON ended elsewhere"
    assert loaded.returns() == state.returns(), "the state from JSON has other returns"
    assert loaded.scores() == state.scores(), "the state from JSON has other scores"


def check_returned_lists_are_fresh(game: Game) -> None:
    """Mutating what legal_actions/history/scores return does not change the state."""
    rng = random.Random(8)
    state = game.new_initial_state(8)
    for _ in range(10):
        if state.is_terminal():
            break
        state.apply_action(random_action(state, rng))
    before = state.to_json()
    plies = len(state.history())
    legal, hist, scores = state.legal_actions(), state.history(), state.scores()
    expected_legal = list(legal)
    legal.append(-5)
    hist.append(-5)
    scores[0] = 10**6
    assert state.to_json() == before, "changing a returned list changed the state"
    assert state.legal_actions() == expected_legal, "legal_actions() returns its own list"
    assert len(state.history()) == plies, "history() returns its own list"


def check_sample_chance_outcome_follows_probabilities(game: Game) -> None:
    """At the first chance node, ``sample_chance_outcome`` draws each outcome about as often
    as its probability says (within 6 standard deviations, 40 draws per outcome)."""
    state = game.new_initial_state(2)
    while not state.is_chance_node():
        if state.is_terminal():
            raise NotApplicable("no chance node in this game")
        state.apply_action(state.legal_actions()[0])
    outcomes = dict(state.chance_outcomes())
    rng = random.Random(12345)
    draws = 40 * len(outcomes)
    counts = {a: 0 for a in outcomes}
    for _ in range(draws):
        a = state.sample_chance_outcome(rng)
        assert a in outcomes, f"sample_chance_outcome gave {a}, not an outcome"
        counts[a] += 1
    for a, p in outcomes.items():
        expected = p * draws
        assert abs(counts[a] - expected) <= 6 * math.sqrt(expected) + 1, (
            f"outcome {a} (probability {p}) drawn {counts[a]} times in {draws}")
    assert state.history() == state.clone().history()


def check_bad_notation_raises_notation_error(game: Game) -> None:
    """Blank or garbage text raises NotationError (a ValueError) in every state of the
    first half of a random game."""
    state = game.new_initial_state(0)
    rng = random.Random(0)
    for _ in range(game.max_game_length // 2):
        if state.is_terminal():
            break
        for text in ("", "   ", "%% not an action %%"):
            with expect_raises(NotationError, f"string_to_action({text!r})") as info:
                state.string_to_action(text)
            assert isinstance(info.value, ValueError), "NotationError must be a ValueError"
        state.apply_action(random_action(state, rng))


def check_terminal_state_refuses_every_action(game: Game) -> None:
    """At the end, 20 random action ids (all, for a game with fewer) raise IllegalActionError and so does
    ``apply_random_chance(rng)`` (a RegaliaError); nothing changes."""
    rng = random.Random(6)
    state = game.new_initial_state(6)
    rollout(state, rng)
    assert state.is_terminal()
    before = state.to_json()
    for a in rng.sample(range(game.num_distinct_actions), min(20, game.num_distinct_actions)):
        with expect_raises(IllegalActionError, f"apply_action({a}) at a terminal state"):
            state.apply_action(a)
    assert state.to_json() == before, "an action at a terminal state changed it"
    with expect_raises(RegaliaError, "apply_random_chance(rng) at a terminal state"):
        state.apply_random_chance(random.Random(0))
    assert state.to_json() == before, "apply_random_chance at a terminal state changed it"
