"""The store behaves the same on SQLite and on a real PostgreSQL (issue 23): 128-bit seeds
kept as text, any Unicode label, text too long for its column or holding a NUL refused
before either database sees it (PostgreSQL would refuse it, SQLite would keep it), foreign
keys enforced, hostile table ids answered with "no such table"; and on PostgreSQL a commit
is durable when acknowledged and the store survives the database server restarting."""

from __future__ import annotations

import os

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("sqlalchemy")

from fastapi.testclient import TestClient  # noqa: E402
from sqlalchemy import func, select, text  # noqa: E402

from regalia.web import create_app  # noqa: E402
from regalia.web.store import SeatRow, Store, StoreError  # noqa: E402
from regalia.web.store.schema import actions_t, seats_t, tables_t  # noqa: E402

PEOPLE = [SeatRow(0, "here", None, "Player 1", "a" * 64),
          SeatRow(1, "here", None, "Player 2", "b" * 64)]


@pytest.fixture
def store(db_url):
    s = Store(db_url)
    yield s
    s.close()


def counts(store):
    with store.engine.connect() as conn:
        return tuple(conn.execute(select(func.count()).select_from(t)).scalar()
                     for t in (tables_t, seats_t, actions_t))


@pytest.mark.parametrize("seed", [0, 1, 2**63, 2**64 + 1, 2**128 - 1])
def test_seeds_up_to_128_bits_come_back_exactly(store, seed):
    store.create_table("t1", "kingdomino", {"players": 2}, seed, PEOPLE)
    assert store.load("t1").seed == seed


def test_labels_and_parameters_keep_any_unicode(store):
    seats = [SeatRow(0, "here", None, "Élodie 🎲 王", None),
             SeatRow(1, "computer", "mcts:seconds=0.5", "x" * 80, None)]
    store.create_table("t1", "kingdomino", {"note": "ü\u2028"}, 7, seats, {"hints": True})
    row = store.load("t1")
    assert [s.label for s in row.seats] == ["Élodie 🎲 王", "x" * 80]
    assert row.params == {"note": "ü\u2028"} and row.options == {"hints": True}
    assert row.seats[1].agent == "mcts:seconds=0.5" and row.seats[0].token_hash is None


@pytest.mark.parametrize("seats, message", [
    ([SeatRow(0, "here", None, "x" * 81, None)], "seat 1: label is 81 characters long; the "
                                                 "store keeps at most 80"),
    ([SeatRow(0, "computer", "greedy:seed=" + "1" * 200, "c", None)],
     "seat 1: agent is 212 characters long; the store keeps at most 200"),
    ([SeatRow(0, "here", None, "nul\x00", None)], "seat 1: label holds a NUL character"),
    ([SeatRow(0, "h" * 17, None, "p", None)], "seat 1: kind is 17 characters"),
])
def test_text_a_column_cannot_keep_is_refused_alike_and_nothing_is_stored(store, seats,
                                                                          message):
    with pytest.raises(ValueError, match=message):
        store.create_table("t1", "kingdomino", {}, 1, seats)
    with pytest.raises(ValueError, match="the table: game is 65 characters"):
        store.create_table("t2", "g" * 65, {}, 1, PEOPLE)
    assert counts(store) == (0, 0, 0)


def test_a_too_long_agent_spec_gets_a_422_and_creates_nothing(db_url):
    app = create_app(db_url, pace=0, rate_limits={"request": "off"},
                     allowed_origins=("http://testserver",))
    with TestClient(app) as client:
        spec = "greedy:seed=" + "1" * 300        # an agent the game accepts, too long to keep
        r = client.post("/api/tables", json={
            "game": "kingdomino", "players": 2,
            "seats": [{"kind": "here"}, {"kind": "computer", "agent": spec}]})
        assert r.status_code == 422, r.text
        assert client.get("/api/tables").json() == []
        assert counts(app.state.rooms.store) == (0, 0, 0)
    app.state.rooms.store.close()


@pytest.mark.parametrize("table_id", ["\x00", "abc\x00def", "x" * 5000, "' OR 1=1 --", "ß"])
def test_any_table_id_is_no_such_table(store, table_id):
    assert store.load(table_id) is None


def test_hostile_table_ids_in_requests_are_404(db_url):
    app = create_app(db_url, pace=0, rate_limits={"request": "off"},
                     allowed_origins=("http://testserver",))
    with TestClient(app) as client:
        for tid in ("%00", "a%00b", "x" * 3000, "%F0%9F%8E%B2"):
            r = client.get(f"/api/tables/{tid}")
            assert r.status_code == 404, (tid, r.text)
    app.state.rooms.store.close()


def test_moves_of_a_table_that_does_not_exist_are_refused(store):
    """Foreign keys hold on both backends (SQLite enforces them only when asked)."""
    with pytest.raises(LookupError, match="no table 'ghost'"):
        store.append_actions("ghost", 0, [1, 2])
    assert counts(store) == (0, 0, 0)


def test_a_committed_move_is_visible_to_another_connection_when_the_call_returns(db_url):
    """Commit before acknowledge: once append_actions returns, a store opened separately
    (another process's view of the database) reads the moves."""
    writer, reader = Store(db_url), Store(db_url)
    writer.create_table("t1", "kingdomino", {}, 5, PEOPLE)
    for ply in range(0, 40, 4):
        writer.append_actions("t1", ply, [ply, ply + 1, ply + 2, ply + 3])
        assert reader.load("t1").actions == list(range(ply + 4))
    writer.truncate("t1", 10)
    assert reader.load("t1").actions == list(range(10))
    writer.close()
    reader.close()


def test_a_postgresql_url_without_a_driver_name_uses_psycopg(request):
    pg = request.getfixturevalue("postgres")
    url = pg.new_store()
    request.addfinalizer(lambda: pg.drop_store(url))
    plain = url.replace("postgresql+psycopg://", "postgresql://", 1)
    s = Store(plain)
    assert s.engine.driver == "psycopg"
    s.close()


def test_commits_wait_for_the_wal_flush_even_where_the_server_says_not_to(request):
    """A database set to ``synchronous_commit = off`` would acknowledge commits that a
    crash can lose; the store's connections turn it back on."""
    pg = request.getfixturevalue("postgres")
    url = pg.new_store()
    request.addfinalizer(lambda: pg.drop_store(url))
    lax = url.replace("options=-csearch_path%3D", "options=-csynchronous_commit%3Doff+"
                      "-csearch_path%3D", 1)
    assert lax != url
    from sqlalchemy import create_engine

    plain = create_engine(lax)
    with plain.connect() as conn:
        assert conn.execute(text("SHOW synchronous_commit")).scalar() == "off"
    plain.dispose()
    s = Store(lax)
    with s.engine.connect() as conn:
        assert conn.execute(text("SHOW synchronous_commit")).scalar() == "on"
        conn.rollback()
    with s.engine.begin() as conn:   # the setting outlives a transaction's rollback
        assert conn.execute(text("SHOW synchronous_commit")).scalar() == "on"
    s.close()


def test_the_store_carries_on_after_postgresql_restarts(request):
    pg = request.getfixturevalue("postgres")
    if pg.cluster is None:
        pytest.skip("restarts only the throwaway cluster, not the server at REGALIA_PG_URL")
    url = pg.new_store()
    request.addfinalizer(lambda: pg.drop_store(url))
    s = Store(url)
    s.create_table("t1", "kingdomino", {}, 5, PEOPLE)
    s.append_actions("t1", 0, [3])
    pg.cluster.restart()        # every pooled connection is cut
    s.append_actions("t1", 1, [4])
    assert s.load("t1").actions == [3, 4]
    s.close()


def test_a_missing_driver_is_named_with_the_extra_to_install(tmp_path):
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(tmp_path), os.environ.get("PYTHONPATH", "")])}
    # a psycopg that cannot be imported, ahead of the real one on the path
    (tmp_path / "psycopg").mkdir()
    (tmp_path / "psycopg" / "__init__.py").write_text("raise ModuleNotFoundError("
                                                      "'no psycopg', name='psycopg')\n")
    import subprocess
    import sys

    run = subprocess.run([sys.executable, "-c",
                          "from regalia.web.store import Store\n"
                          "Store('postgresql://u@127.0.0.1:1/x')"],
                         capture_output=True, text=True, env=env)
    assert run.returncode != 0
    assert "needs its database driver (psycopg is missing): pip install " \
           "'regalia[postgres]'" in run.stderr
    assert StoreError.__name__ in run.stderr


def test_tables_are_listed_oldest_first_in_one_order_on_both_backends(store):
    for tid in ("m", "z", "a", "q"):   # most likely all within one second: ordered by id
        store.create_table(tid, "kingdomino", {}, 1, PEOPLE)
    with store.engine.begin() as conn:   # one table made a day earlier
        conn.execute(tables_t.update().where(tables_t.c.id == "z").values(
            created="2000-01-01T00:00:00+00:00"))
    created = {t: store.load(t).created for t in "mzaq"}
    expected = sorted("mzaq", key=lambda t: (created[t], t))
    assert store.table_ids() == expected and expected[0] == "z"
