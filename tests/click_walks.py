"""Moves in progress a page could send, for the tests of the games' drawings: a random walk
along the targets and buttons a drawing offers (board protocol v2, docs/web.md).

Imported by the tests as ``click_walks`` (``tests/conftest.py`` puts this folder on
``sys.path``).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

#: ``click(clicks) -> answer``: a drawing's answer to a click sequence (``svg.click(obs,
#: legal, clicks)``, or the web's ``views.click(t, seat, clicks)``)
Click = Callable[[list[dict[str, Any]]], dict[str, Any]]


def click_walk(click: Click, rng: random.Random, steps: int) -> list[list[dict[str, Any]]]:
    """The click sequences of one random walk, in order: each a prefix one click longer
    than the one before, at most ``steps`` clicks. The walk stops where the answer is not a
    move in progress (a complete action, an error) or offers nothing to click."""
    prefixes: list[list[dict[str, Any]]] = []
    sent: list[dict[str, Any]] = []
    for _ in range(steps):
        answer = click(sent)
        if "next" not in answer:
            break
        offered = [json.loads(t) for t in answer["next"]["targets"]]
        offered += [c["click"] for c in answer["next"]["choices"]]
        if not offered:
            break
        sent = [*sent, rng.choice(offered)]
        prefixes.append(sent)
    return prefixes
