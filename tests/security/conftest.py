"""Shared pieces of the hidden-information attack tests.

``game_config``: the conformance suite's configurations (every registered game, every
player count, each variant, each game's ``test_configs``), read from
``tests/conformance/conftest.py`` so that a new game is attacked without a change here;
like the conformance suite, a game with a compiled engine is attacked on both engines
(ids ending ``-pure``: ``REGALIA_PURE=1``, the ``engine_env`` fixture).

``attacker``: an attacker's tools. The real game is seeded with a fixed 128-bit seed
(deterministic tests, but a number no table value equals by accident). The attacker holds a
copy of the real state (a clone, a JSON round trip, a determinization) and tries to predict
the real game's next chance outcome: with the copy's own dealer if it has one, else with a
generator or a seed-sized int (64 bits or more) found anywhere in the copy or its JSON
that deals the chance outcomes already in the copy's history (replaying it), else by
guessing the most likely outcome. Without a leak its hits are independent
Bernoulli trials with the real probabilities of its guesses; :func:`hit_bound` is the most
such a blind guesser reaches except with probability 1e-6.
"""

from __future__ import annotations

import hashlib
import importlib.util
import math
import random
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Iterable

import pytest

from regalia.core.dealers import DEALERS, Pcg64, make_dealer
from regalia.core.errors import RegaliaError
from regalia.core.state import State

_spec = importlib.util.spec_from_file_location(
    "_conformance_configs", Path(__file__).parents[1] / "conformance" / "conftest.py")
_conformance = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_conformance)


#: The engine of the games made during a test (see tests/conformance/conftest.py).
engine_env = _conformance.engine_env


def pytest_generate_tests(metafunc):
    if "game_config" in metafunc.fixturenames:
        runs = _conformance.RUNS
        metafunc.parametrize(("game_config", "engine_env"), [(c, e) for c, e, _ in runs],
                             ids=[i for _, _, i in runs], indirect=["engine_env"])


def secret_seed(*parts: Any) -> int:
    """A fixed 128-bit seed (top bit set) derived from ``parts``."""
    digest = hashlib.sha256("\x1f".join(map(str, parts)).encode()).digest()
    return int.from_bytes(digest[:16], "big") | 1 << 127


def reachable_ids(root: Any) -> set[int]:
    """The ids of every object reachable from ``root`` (see :func:`scan`)."""
    return scan(root, set())[2]


def scan(root: Any, skip: set[int], limit: int = 500_000
         ) -> tuple[set[int], list[random.Random], set[int]]:
    """Every int of 64 bits or more and every ``random.Random`` reachable from ``root``
    through attributes, slots, lists, tuples, sets and dicts (keys too), not entering the
    objects whose ids are in ``skip``; and the ids visited."""
    ints: set[int] = set()
    gens: list[random.Random] = []
    seen: set[int] = set(skip)
    visited: set[int] = set()
    stack = [root]
    while stack and len(visited) < limit:
        x = stack.pop()
        if id(x) in seen:
            continue
        seen.add(id(x))
        visited.add(id(x))
        if x is None or isinstance(x, (bool, float, str, bytes, bytearray, type)):
            continue
        if isinstance(x, int):
            if x.bit_length() >= 64:
                ints.add(abs(x))
            continue
        if isinstance(x, random.Random) or type(x).__name__ == "Pcg64":
            gens.append(x)   # a Mersenne Twister, or a PCG64 (regalia.core.dealers)
            continue
        if isinstance(x, dict):
            stack.extend(x.keys())
            stack.extend(x.values())
            continue
        if isinstance(x, (list, tuple, set, frozenset)):
            stack.extend(x)
            continue
        for cls in type(x).__mro__:
            for name in getattr(cls, "__slots__", ()):
                if isinstance(name, str) and hasattr(x, name):
                    stack.append(getattr(x, name))
        d = getattr(x, "__dict__", None)
        if isinstance(d, dict):
            stack.append(d)
    return ints, gens, visited


def replayed_dealer(copy: State, seed: int) -> random.Random | None:
    """The dealer ``seed`` would be now, for either generator a real game deals with
    (:data:`regalia.core.dealers.DEALERS`): the copy's history replayed from a new game
    with ``seed``, the generator drawing each chance outcome as the real dealer does. None
    when ``seed`` does not deal the chance outcomes of that history with either, or the
    history cannot be replayed (a determinization's hidden outcomes)."""
    for name in sorted(DEALERS, key=lambda d: d != type(copy).DEALER):  # its engine's first
        try:
            fresh = copy.game.new_initial_state(seed)
            rng = make_dealer(name, seed)
            for action in copy.history():
                if fresh.is_chance_node() and fresh.sample_chance_outcome(rng) != action:
                    break
                fresh.apply_action(action)
            else:
                return rng
        except (RegaliaError, ValueError):
            continue
    return None


def same_generator(g: Any) -> Any:
    """A generator that draws what ``g`` (found in a copy) draws next, ``g`` untouched."""
    if isinstance(g, random.Random):
        probe = random.Random()
        probe.setstate(g.getstate())
        return probe
    probe = Pcg64(0)
    probe._state, probe._inc = g.state()
    return probe


def predict(copy: State, skip: set[int], extra: Iterable[Any] = ()) -> int:
    """The attacker's guess of the real game's next chance outcome from ``copy`` (and
    ``extra`` objects it holds, such as the copy's JSON)."""
    try:
        return copy.sample_chance_outcome(copy.dealer())
    except RegaliaError:
        pass
    ints, gens, _ = scan([copy, *extra], skip)
    for g in gens:
        return copy.sample_chance_outcome(same_generator(g))
    candidates = ([copy.seed] if copy.seed is not None else []) + sorted(ints)
    for seed in candidates:
        rng = replayed_dealer(copy, seed)
        if rng is not None:
            return copy.sample_chance_outcome(rng)
    return max(copy.chance_outcomes(), key=lambda ap: ap[1])[0]


def hit_bound(probabilities: list[float], delta: float = 1e-6) -> float:
    """The most hits a guesser without information reaches except with probability
    ``delta``: the expected hits ``sum(p)`` plus Hoeffding's ``sqrt(n ln(1/delta) / 2)``
    (the hits are independent Bernoulli trials with those probabilities)."""
    n = len(probabilities)
    return sum(probabilities) + math.sqrt(n * math.log(1 / delta) / 2)


@pytest.fixture(scope="session")
def attacker() -> SimpleNamespace:
    return SimpleNamespace(secret_seed=secret_seed, reachable_ids=reachable_ids, scan=scan,
                           predict=predict, hit_bound=hit_bound)
