"""Fixtures of the study tests: the Draw Duel test game registered for one test, and this
folder on ``sys.path`` (for ``draw_duel``, the game's module and balance module)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest.importorskip("matplotlib")
pytest.importorskip("scipy")
sys.path.insert(0, str(Path(__file__).resolve().parent))


@pytest.fixture
def draw_duel():
    """The Draw Duel module with the game registered (and unregistered afterwards)."""
    import draw_duel as module

    module.register()
    try:
        yield module
    finally:
        module.unregister()
