"""Copies never carry the dealer: attacks on every game's copies.

The contract (``docs/architecture.md``, core contract): no copy an agent can reach (a
clone, a JSON round trip, a determinization from ``resample_from_infostate``) carries the
seed or anything else from which a future draw follows, and no view shows the seed. Each
test plays real games with a fixed 128-bit seed and, at chance nodes, lets the attacker of
``conftest.py`` predict the real dealer's next outcome from a copy; it fails if the hits
exceed what blind guessing reaches (Hoeffding bound, probability 1e-6). A control test
shows the same attack wins every time against a copy that does carry the seed.
"""

from __future__ import annotations

import json
import random

import pytest

import regalia
from regalia.core.errors import RegaliaError

KINDS = ("clone", "json", "resample")
GAMES_PER_CONFIG = 2
NODES_PER_GAME = 25


def make_copy(state, kind: str, seat: int, rng: random.Random):
    """The copy of ``kind`` and what else the attacker holds with it."""
    if kind == "clone":
        return state.clone(), ()
    if kind == "json":
        text = state.to_json_string()
        return state.game.state_from_json(json.loads(text)), (json.loads(text),)
    return state.resample_from_infostate(seat, rng), ()


def attack(game, seed: int, attacker, skip: set[int], *, kinds=KINDS, leak: bool = False):
    """Play one real game (the dealer for chance, a seeded generator for the seats); at up
    to ``NODES_PER_GAME`` chance nodes with more than one outcome, predict the dealer's
    outcome from each kind of copy. Returns {kind: (hits, probabilities of the guesses)}.
    ``leak``: the control, a copy given the real seed."""
    state = game.new_initial_state(seed)
    assert state.seed == seed
    rng = random.Random(seed)
    out = {k: [0, []] for k in kinds}
    nodes = 0
    while not state.is_terminal() and nodes < NODES_PER_GAME:
        if not state.is_chance_node():
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            continue
        outcomes = dict(state.chance_outcomes())
        guesses = {}
        if len(outcomes) > 1:
            nodes += 1
            for kind in kinds:
                copy, extra = make_copy(state, kind, nodes % game.num_players, rng)
                if leak:
                    copy._seed = state.seed
                else:
                    assert copy.seed is None, f"a {kind} carries the seed"
                    with pytest.raises(RegaliaError):
                        copy.apply_random_chance()   # a copy has no dealer to play with
                guesses[kind] = attacker.predict(copy, skip, extra)
        action = state.apply_random_chance()
        for kind, guess in guesses.items():
            out[kind][0] += guess == action
            out[kind][1].append(outcomes.get(guess, 0.0))
    return out


def test_copies_do_not_predict_the_dealer(game_config, attacker):
    name, params = game_config
    game = regalia.load_game(name, **params)
    skip = attacker.reachable_ids(game)   # the shared, immutable tables of the game
    totals = {k: [0, []] for k in KINDS}
    for i in range(GAMES_PER_CONFIG):
        for kind, (hits, probs) in attack(game, attacker.secret_seed(name, params, i),
                                          attacker, skip).items():
            totals[kind][0] += hits
            totals[kind][1] += probs
    for kind, (hits, probs) in totals.items():
        assert probs, "no chance node with several outcomes was attacked"
        bound = attacker.hit_bound(probs)
        assert hits <= bound, (f"from a {kind}, {hits} of {len(probs)} next chance outcomes "
                               f"were predicted; blind guessing stays under {bound:.1f}")


@pytest.mark.parametrize("name", [g.name for g in regalia.list_games()])
def test_the_attack_wins_against_a_copy_that_keeps_the_seed(name, attacker):
    """The control: the same attacker, given a clone that carries the real seed, predicts
    every outcome, far above the blind bound (so the test above can fail)."""
    game = regalia.load_game(name)
    skip = attacker.reachable_ids(game)
    hits, probs = attack(game, attacker.secret_seed(name, "control"), attacker, skip,
                         kinds=("clone",), leak=True)["clone"]
    assert hits == len(probs) > attacker.hit_bound(probs)


def test_the_game_tables_hold_no_seed(game_config, attacker):
    """Everything shared by the states of a game (its tables) holds no seed of a game."""
    name, params = game_config
    game = regalia.load_game(name, **params)
    seed = attacker.secret_seed(name, params, "tables")
    state = game.new_initial_state(seed)
    ints, gens, _ = attacker.scan(game, set())
    assert seed not in ints and not gens
    assert state.game is game


def test_views_never_show_the_seed(game_config, attacker):
    """``observation(seat)`` and ``information_state_string(seat)`` of every seat, at
    decision and chance nodes of a real game, hold no seed-sized number and no generator."""
    name, params = game_config
    game = regalia.load_game(name, **params)
    seed = attacker.secret_seed(name, params, "views")
    state = game.new_initial_state(seed)
    rng = random.Random(1)
    ply = 0
    while not state.is_terminal() and ply < 400:
        if ply % 5 == 0:
            for seat in range(game.num_players):
                obs = state.observation(seat)
                info = state.information_state_string(seat)
                ints, gens, _ = attacker.scan(obs, set())
                assert not gens and seed not in ints
                assert str(seed) not in json.dumps(obs) and str(seed) not in info
                assert hex(seed)[2:] not in json.dumps(obs) + info
        if state.is_chance_node():
            state.apply_random_chance()
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
        ply += 1
