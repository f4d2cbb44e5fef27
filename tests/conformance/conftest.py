"""Configurations for the game-independent conformance suite.

Every registered game is tested with every configuration of
``regalia.testing.conformance_configs()``: each supported player count (default
parameters), each declared variant on its own, all its variants together, and each
parameter set it lists in ``GameInfo.test_configs``. A game registered later gets the whole
suite without any change here. The checks themselves live in ``regalia.testing`` (usable
without pytest); the tests here are thin parametrised callers.

A test asks for the ``game_config`` argument, a ``(name, params)`` pair; the parameters
are ``load_game`` keyword arguments (``players`` and, for variants, ``variants``). Test ids
are ``regalia.testing.config_id`` names (``kingdomino-2p-dynasty``, ``cascadito-3p-sheet=2``).
"""

from __future__ import annotations

from regalia.testing import config_id, conformance_configs

CONFIGS = conformance_configs()
CONFIG_IDS = [config_id(c) for c in CONFIGS]


def pytest_generate_tests(metafunc):
    # Direct parametrisation (not a fixture) so that hypothesis tests can use it too.
    if "game_config" in metafunc.fixturenames:
        metafunc.parametrize("game_config", CONFIGS, ids=CONFIG_IDS)
