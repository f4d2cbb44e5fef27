"""Attacks on a hidden outcome already dealt: Two Heirs' face-down starting tile.

The issue this answers: a determinization (``resample_from_infostate``) kept the seed, and
replaying the seed's dealer over the history gave away the true starting tile 30 times of
30. Here an attacker holding a determinization for a seat guesses the starting tile: with
any seed-sized number or generator found in it, it replays the dealer over the copy's
history and reads the tile the dealer drew where the history was rewritten; else it takes
the determinization's own tile. The tile is one of ``k`` the seat cannot tell apart (the
face-down tile and the supply's tiles of its colour, all equally likely), so a blind
guesser hits with probability ``1/k``; the hits must stay under the Hoeffding bound.
"""

from __future__ import annotations

import random

import pytest

import regalia
from regalia.core.errors import RegaliaError


def dealt_start_tile(copy, seed: int) -> int | None:
    """The starting tile the dealer seeded with ``seed`` drew, if it deals the copy's
    history but for the one rewritten draw; None otherwise."""
    T = copy.T
    try:
        fresh = copy.game.new_initial_state(seed)
        rng = random.Random(seed)
        guess = None
        for action in copy.history():
            if fresh.is_chance_node():
                dealt = fresh.sample_chance_outcome(rng)
                if dealt != action:
                    if guess is not None:
                        return None
                    guess = dealt - T.draw0
                    action = dealt
            fresh.apply_action(action)
    except (RegaliaError, ValueError):
        return None
    return guess


def guess_start_tile(copy, attacker, skip: set[int]) -> int:
    ints, gens, _ = attacker.scan(copy, skip)
    candidates = ([copy.seed] if copy.seed is not None else []) + sorted(ints)
    for seed in candidates:
        tile = dealt_start_tile(copy, seed)
        if tile is not None:
            return tile
    return copy.start_tile


def positions(game, attacker, count: int):
    """Real games (128-bit seeds) played by random seats to a random ply after the
    starting tile lies face down."""
    rng = random.Random(77)
    for i in range(count):
        state = game.new_initial_state(attacker.secret_seed("two-heirs start", i))
        extra = rng.randrange(0, 40)
        while not state.is_terminal():
            if state.start_tile >= 0:
                if extra == 0:
                    break
                extra -= 1
            if state.is_chance_node():
                state.apply_random_chance()
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
        if state.start_tile >= 0 and not state.is_terminal():
            yield state


def candidates(state) -> int:
    col = state.T.colour
    return 1 + sum(1 for u in state.supply if col[u] == col[state.start_tile])


@pytest.mark.parametrize("leak", [False, True], ids=["blind copy", "control: seed kept"])
def test_a_determinization_does_not_tell_the_starting_tile(attacker, leak):
    game = regalia.load_game("two-heirs", players=2)
    skip = attacker.reachable_ids(game)
    rng = random.Random(5)
    hits, probs = 0, []
    for state in positions(game, attacker, 60):
        seat = rng.randrange(2)
        copy = state.resample_from_infostate(seat, rng)
        if leak:
            copy._seed = state.seed
        else:
            assert copy.seed is None
        hits += guess_start_tile(copy, attacker, skip) == state.start_tile
        probs.append(1 / candidates(state))
    assert len(probs) >= 40
    bound = attacker.hit_bound(probs)
    if leak:   # the attack works: with the seed it finds every tile
        assert hits == len(probs) > bound
    else:
        assert hits <= bound, (f"{hits} of {len(probs)} starting tiles guessed from a "
                               f"determinization; blind guessing stays under {bound:.1f}")
