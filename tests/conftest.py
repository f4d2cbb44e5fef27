"""Fixtures shared across test directories, and the folder of the shared helper modules.

This folder is put on ``sys.path`` so that tests can import the helper modules beside this
file (``engine_diff``, ``random_play``, ``data_files``, ``hidden_cards``): the project
imports tests with ``--import-mode=importlib``, which does not import sibling modules. The asserts of
``engine_diff`` and ``data_files`` are rewritten by pytest like a test's, so that a failing
check shows the values it compared."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
pytest.register_assert_rewrite("engine_diff", "data_files")


@pytest.fixture
def web_client(tmp_path):
    """The web table's app on a real SQLite file in ``tmp_path`` with computer seats moving
    at once (``pace=0``), driven through FastAPI's ``TestClient``; ``client.app_tables`` is
    the app's table manager (to rebuild the engine's truth from its store). Skips where the
    ``[web]`` extra is not installed."""
    pytest.importorskip("fastapi")
    pytest.importorskip("sqlalchemy")
    from fastapi.testclient import TestClient

    from regalia.web import create_app

    app = create_app(f"sqlite:///{tmp_path / 't.sqlite'}", pace=0)
    with TestClient(app) as client:
        client.app_tables = app.state.rooms
        yield client
