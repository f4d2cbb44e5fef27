"""The research interfaces (issue 16): tensors, PettingZoo, Gymnasium, OpenSpiel.

Tests of an interface whose library is not installed skip (``pytest.importorskip``); CI
installs the ``[rl]`` and ``[openspiel]`` extras so that they run there. A test asking for
``game_config`` runs on every conformance configuration of every registered game.
"""

from __future__ import annotations

from regalia.testing import config_id, conformance_configs

CONFIGS = conformance_configs()
CONFIG_IDS = [config_id(c) for c in CONFIGS]


def pytest_generate_tests(metafunc):
    if "game_config" in metafunc.fixturenames:
        metafunc.parametrize("game_config", CONFIGS, ids=CONFIG_IDS)
