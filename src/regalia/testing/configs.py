"""The parameter sets every registered game is checked (and its golden playthroughs
recorded) with.

For each game: every supported player count with default parameters; each declared variant
on its own (at the first player count that accepts it, starting the search at a different
count for each variant); all variants together (when there are several and some player
count accepts them all); and each parameter set the game lists in
``GameInfo.test_configs``. A game registered later gets all of them without any change
here.

A configuration is a ``(name, params)`` pair: ``params`` are ``load_game`` keyword
arguments (``players`` always, ``variants`` for variants). :func:`config_id` names it for
test ids and file names (``kingdomino-2p-dynasty``, ``cascadito-3p-sheet=2``,
``two-heirs-2p-roads=false-sets=travel+war+crafts``).
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from regalia.core import GameInfo, ParameterError, list_games, load_game

#: A configuration: the game's registry name and its ``load_game`` keyword arguments.
Config = tuple[str, dict[str, Any]]


def loads(name: str, params: Mapping[str, Any]) -> bool:
    """True when ``load_game(name, **params)`` accepts the parameters."""
    try:
        load_game(name, **params)
    except ParameterError:
        return False
    return True


def _first_valid(name: str, counts: range, variants: list[str],
                 start: int = 0) -> dict[str, Any] | None:
    """The variants at the first player count that accepts them, trying the counts from
    the ``start``-th one round (so that different variants meet different counts)."""
    order = list(counts)
    k = start % len(order)
    for n in order[k:] + order[:k]:
        params = {"players": n, "variants": list(variants)}
        if loads(name, params):
            return params
    return None


def game_configs(info: GameInfo) -> list[Config]:
    """The configurations of one registered game, in a fixed order (see the module)."""
    configs: list[Config] = []
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


def conformance_configs() -> list[Config]:
    """The configurations of every registered game, games sorted by name."""
    return [config for info in list_games() for config in game_configs(info)]


def _slug(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return "+".join(_slug(v) for v in value)
    return re.sub(r"[^A-Za-z0-9.+-]+", "_", str(value)).strip("_") or "_"


def config_id(config: Config) -> str:
    """A short name of a configuration, safe as a test id and as a file name:
    ``<game>-<players>p``, then the variant (``all-variants`` when every variant of the game
    is on, else the variants joined by ``+``), then ``key=value`` for the other parameters
    in key order (lists joined by ``+``, booleans ``true``/``false``)."""
    name, params = config
    parts = [name, f"{params['players']}p"]
    variants = list(params.get("variants") or [])
    if len(variants) > 1 and sorted(variants) == sorted(_declared_variants(name)):
        parts.append("all-variants")
    elif variants:
        parts.append("+".join(variants))
    for key in sorted(set(params) - {"players", "variants"}):
        parts.append(f"{key}={_slug(params[key])}")
    return "-".join(parts)


def _declared_variants(name: str) -> list[str]:
    for info in list_games():
        if info.name == name:
            return list(info.variants)
    return []
