"""Seeded games played out for the tests, whatever the game: chance outcomes from the state's
own dealer (``apply_random_chance``; a copy, which has no dealer, is given a generator),
decisions by a policy with the test's generator, by default uniformly at random
(``regalia.testing.playthrough.uniform_policy``, which draws from the generator as
``rng.choice(legal_actions)`` does).

Imported by the tests as ``random_play``: ``tests/conftest.py`` puts this folder on
``sys.path`` (the project imports tests with ``--import-mode=importlib``, which does not
import sibling modules).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from regalia.core.state import State
from regalia.testing.playthrough import uniform_policy

#: ``policy(state, rng) -> action``: a legal action of the current player.
Policy = Callable[[State, random.Random], int]


def plies(state: State, rng: random.Random, policy: Policy = uniform_policy,
          chance_rng: random.Random | None = None) -> Iterator[State]:
    """Play ``state`` (mutated) to the end, yielding it after each action, chance outcome
    or decision (the last one yielded is terminal). Chance outcomes are drawn from
    ``chance_rng``, or when it is None from the state's dealer."""
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_random_chance(chance_rng)
        else:
            state.apply_action(policy(state, rng))
        yield state


def play_out(state: State, rng: random.Random, policy: Policy = uniform_policy,
             until: Callable[[State], bool] | None = None,
             chance_rng: random.Random | None = None) -> State:
    """``state`` played (mutated) as by :func:`plies` to the end, or with ``until`` only to
    the first state, the given one included, where ``until(state)`` is true (asked before
    each action, never at the end); returns it."""
    actions = plies(state, rng, policy, chance_rng)
    while not state.is_terminal() and not (until is not None and until(state)):
        next(actions)
    return state
