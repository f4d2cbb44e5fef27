"""Fixtures shared across test directories, and the folder of the shared helper modules.

This folder is put on ``sys.path`` so that tests can import the helper modules beside this
file (``engine_diff``, ``random_play``, ``data_files``, ``hidden_cards``): the project
imports tests with ``--import-mode=importlib``, which does not import sibling modules. The asserts of
``engine_diff`` and ``data_files`` are rewritten by pytest like a test's, so that a failing
check shows the values it compared."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
pytest.register_assert_rewrite("engine_diff", "data_files")

try:
    from pebble.common import CONSTS as PEBBLE
except ImportError:   # no [web] extra (no worker pool here), or a pebble without CONSTS
    PEBBLE = None
if PEBBLE is not None:
    # The worker pools of the web apps made in this process (one per test, through
    # TestClient) poll in pebble's time unit, 0.1 s: stopping one at the app's shutdown took
    # 0.15 s, 0.04 s with 0.01 s (several hundred tests make an app). Timeouts are watched at that
    # unit too, so a search past its budget is killed sooner after it, never later; server
    # processes (``regalia serve``) keep pebble's own unit.
    PEBBLE.sleep_unit = 0.01


@pytest.fixture(scope="session")
def postgres():
    """A real PostgreSQL server to create test databases in (:mod:`pg_cluster`): the one
    at ``$REGALIA_PG_URL``, or a throwaway cluster started from the installed server
    binaries. Without either the test is skipped with the reason, or fails where
    ``REGALIA_REQUIRE_PG=1`` (CI)."""
    from pg_cluster import Postgres, Unavailable

    try:
        pg = Postgres()
    except Unavailable as exc:
        if os.environ.get("REGALIA_REQUIRE_PG") == "1":
            pytest.fail(f"REGALIA_REQUIRE_PG=1 but {exc}")
        pytest.skip(str(exc))
    yield pg
    pg.close()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path):
    """The URL of a new empty store, once per backend: an SQLite file in ``tmp_path``,
    and a schema of its own on a real PostgreSQL (:func:`postgres`), dropped after the
    test. Skips where the ``[web]`` extra is not installed."""
    pytest.importorskip("sqlalchemy")
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 't.sqlite'}"
        return
    pg = request.getfixturevalue("postgres")
    url = pg.new_store()
    yield url
    pg.drop_store(url)


@pytest.fixture
def web_client(db_url):
    """The web table's app on a real store (SQLite, then PostgreSQL: :func:`db_url`) with
    computer seats moving at once (``pace=0``), driven through FastAPI's ``TestClient``;
    ``client.app_tables`` is the app's table manager (to rebuild the engine's truth from
    its store). The per-client request rate is not limited (tests poll views in loops);
    the test client's host name (``testserver``) is allowed. Skips where the ``[web]``
    extra is not installed."""
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from regalia.web import create_app

    app = create_app(db_url, pace=0, rate_limits={"request": "off"},
                     allowed_origins=("http://testserver",))
    with TestClient(app) as client:
        client.app_tables = app.state.rooms
        yield client
    app.state.rooms.store.close()
