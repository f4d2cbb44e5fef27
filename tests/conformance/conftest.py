"""Configurations for the game-independent conformance suite.

Every game in ``regalia.list_games()`` is tested with every supported player count
(default parameters), with each declared variant on its own (at the first player count
that accepts it), and with all its variants together (when some player count accepts
that), and with each parameter set it lists in ``GameInfo.test_configs``. A game registered later gets the whole suite without any change here.

A test asks for the ``game_config`` argument, a ``(name, params)`` pair; the parameters
are ``load_game`` keyword arguments (``players`` and, for variants, ``variants``).
"""

from __future__ import annotations

from typing import Any

import regalia
from regalia import ParameterError


def _loads(name: str, params: dict[str, Any]) -> bool:
    try:
        regalia.load_game(name, **params)
    except ParameterError:
        return False
    return True


def _first_valid(name: str, counts: range, variants: list[str],
                 start: int = 0) -> dict[str, Any] | None:
    """The variants at the first player count that accepts them, trying the counts from
    the ``start``-th one round (so that different variants meet different counts)."""
    counts = list(counts)
    k = start % len(counts)
    for n in counts[k:] + counts[:k]:
        params = {"players": n, "variants": list(variants)}
        if _loads(name, params):
            return params
    return None


def build_configs() -> list[tuple[str, dict[str, Any]]]:
    configs: list[tuple[str, dict[str, Any]]] = []
    for info in regalia.list_games():
        counts = range(info.min_players, info.max_players + 1)
        for n in counts:
            configs.append((info.name, {"players": n}))
        variants = list(info.variants)
        for i, v in enumerate(variants):
            params = _first_valid(info.name, counts, [v], start=i)
            if params is not None:
                configs.append((info.name, params))
        if len(variants) > 1:
            params = _first_valid(info.name, counts, variants)
            if params is not None:
                configs.append((info.name, params))
        for extra in info.test_configs:  # game-declared parameter sets (sheets, modes)
            configs.append((info.name, dict(extra)))
    return configs


def config_id(config: tuple[str, dict[str, Any]]) -> str:
    name, params = config
    parts = [name, f"{params['players']}p"]
    variants = params.get("variants") or []
    if len(variants) > 1:
        parts.append("all-variants")
    else:
        parts.extend(variants)
    for key in sorted(set(params) - {"players", "variants"}):
        parts.append(f"{key}={params[key]}")
    return "-".join(parts)


CONFIGS = build_configs()
CONFIG_IDS = [config_id(c) for c in CONFIGS]


def pytest_generate_tests(metafunc):
    # Direct parametrisation (not a fixture) so that hypothesis tests can use it too.
    if "game_config" in metafunc.fixturenames:
        metafunc.parametrize("game_config", CONFIGS, ids=CONFIG_IDS)
