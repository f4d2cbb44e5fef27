"""Fixtures of the hostile-input tests; the helpers live in ``fuzzlib.py`` (this folder is
put on ``sys.path`` so the tests can import it: the project imports tests with
``--import-mode=importlib``, which does not import sibling modules)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fuzzlib import CONFIG_IDS, CONFIGS, record_text  # noqa: E402


@pytest.fixture(scope="session")
def records() -> dict[str, str]:
    """A finished and an unfinished real record (JSON text) per configuration."""
    out = {}
    for cid, (game, params) in zip(CONFIG_IDS, CONFIGS):
        out[cid] = record_text(game, params, seed=11)
        out[cid + "-cut"] = record_text(game, params, seed=12, plies=17)
    return out
