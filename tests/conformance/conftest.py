"""Configurations for the game-independent conformance suite.

Every registered game is tested with every configuration of
``regalia.testing.conformance_configs()``: each supported player count (default
parameters), each declared variant on its own, all its variants together, and each
parameter set it lists in ``GameInfo.test_configs``. A game registered later gets the whole
suite without any change here. The checks themselves live in ``regalia.testing`` (usable
without pytest); the tests here are thin parametrised callers.

A test asks for the ``game`` fixture (the game of the configuration), or for the
``game_config`` argument itself, a ``(name, params)`` pair; the parameters are
``load_game`` keyword arguments (``players`` and, for variants, ``variants``). Test ids
are ``regalia.testing.config_id`` names (``kingdomino-2p-dynasty``, ``cascadito-3p-sheet=2``).
"""

from __future__ import annotations

import os

import pytest

import regalia
from regalia.testing import config_id, conformance_configs

CONFIGS = conformance_configs()
CONFIG_IDS = [config_id(c) for c in CONFIGS]


def _has_compiled_engine(config) -> bool:
    """True when the game of ``config`` runs on a compiled engine by default (issue 15):
    its configurations are then run a second time on the pure engine (``REGALIA_PURE=1``),
    id suffix ``-pure``."""
    name, params = config
    return getattr(regalia.load_game(name, **params), "engine", None) == "compiled"


RUNS = [(c, "default", i) for c, i in zip(CONFIGS, CONFIG_IDS)]
RUNS += [(c, "pure", i + "-pure") for c, i in zip(CONFIGS, CONFIG_IDS)
         if _has_compiled_engine(c)]


def pytest_generate_tests(metafunc):
    # Direct parametrisation (not a fixture) so that hypothesis tests can use it too; the
    # engine is an indirect, module-scoped parameter (an environment variable read when a
    # game is made).
    if "game_config" in metafunc.fixturenames:
        metafunc.parametrize(("game_config", "engine_env"), [(c, e) for c, e, _ in RUNS],
                             ids=[i for _, _, i in RUNS], indirect=["engine_env"])


@pytest.fixture(scope="module", autouse=True)
def engine_env(request):
    """``pure``: games made during the test use the pure engine (REGALIA_PURE=1);
    ``default``: the environment is left as it is."""
    engine = getattr(request, "param", "default")
    old = os.environ.get("REGALIA_PURE")
    if engine == "pure":
        os.environ["REGALIA_PURE"] = "1"
    yield engine
    if old is None:
        os.environ.pop("REGALIA_PURE", None)
    else:
        os.environ["REGALIA_PURE"] = old


@pytest.fixture
def game(game_config) -> regalia.Game:
    """The game of ``game_config`` (``load_game(name, **params)``), made on the engine that
    ``engine_env`` chose."""
    name, params = game_config
    return regalia.load_game(name, **params)
