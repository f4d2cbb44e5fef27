"""The store's schema versions (issue 23, "the schema is versioned with Alembic, so existing
stores upgrade in place"), on SQLite and on a real PostgreSQL: revision 0001 is exactly the
schema stores were made with before versioning; :mod:`regalia.web.store.schema` is what the
revisions build; every revision goes down and up again; a store written by the code before
versioning opens, is stamped, and its games go on with the same dealer future; a database
that is not a store, or a store of a newer regalia, is refused and left as it was."""

from __future__ import annotations

import hashlib
import json
import threading
from datetime import datetime, timezone

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("alembic")

from alembic import command  # noqa: E402
from alembic.autogenerate import compare_metadata  # noqa: E402
from alembic.runtime.migration import MigrationContext  # noqa: E402
from fastapi.testclient import TestClient  # noqa: E402
from sqlalchemy import (Column, ForeignKey, Integer, MetaData, String, Table, Text,  # noqa: E402
                        create_engine, inspect, insert, text)

import regalia  # noqa: E402
from regalia.core.dealers import initial_state  # noqa: E402
from regalia.web import create_app  # noqa: E402
from regalia.web.store import Store, StoreError  # noqa: E402
from regalia.web.store import migrate  # noqa: E402
from regalia.web.store.schema import metadata  # noqa: E402

# ---------------------------------------------------------------------------------------
# The schema of regalia at commit 4ec8ba5, frozen here (never edit it): the store's
# `metadata.create_all` made every store of that time, with no version table.
legacy = MetaData()
legacy_tables = Table(
    "tables", legacy,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("params", Text, nullable=False),
    Column("seed", Text, nullable=False),
    Column("created", String(40), nullable=False),
    Column("options", Text, nullable=False, default="{}"),
)
legacy_seats = Table(
    "seats", legacy,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(16), nullable=False),
    Column("agent", String(200)),
    Column("label", String(80), nullable=False),
    Column("token_hash", String(64)),
)
legacy_actions = Table(
    "actions", legacy,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("ply", Integer, primary_key=True),
    Column("action", Integer, nullable=False),
)
OURS = ("tables", "seats", "actions")
#: the tables described when revisions are compared: revision 0001's and revision 0006's
DESCRIBED = OURS + ("players", "player_keys", "chat", "ratings")


def legacy_write(engine, table_id, game, seed, tokens, commits):
    """What that code's ``Store.create_table`` and ``append_actions`` wrote: the table and
    its seats (here: people, the tokens' SHA-256), then each commit (a move and the chance
    outcomes dealt after it) in a transaction of its own."""
    with engine.begin() as conn:
        conn.execute(insert(legacy_tables).values(
            id=table_id, game=game.info.name, params=json.dumps(game.params, sort_keys=True),
            seed=str(seed), created=datetime.now(timezone.utc).isoformat(timespec="seconds"),
            options=json.dumps({"hints": False, "pace": 0.0})))
        conn.execute(insert(legacy_seats), [
            {"table_id": table_id, "seat": i, "kind": "here", "agent": None,
             "label": f"Player {i + 1}", "token_hash": hashlib.sha256(t.encode()).hexdigest()}
            for i, t in enumerate(tokens)])
    ply = 0
    for actions in commits:
        with engine.begin() as conn:
            conn.execute(insert(legacy_actions), [
                {"table_id": table_id, "ply": ply + i, "action": a}
                for i, a in enumerate(actions)])
        ply += len(actions)


def deal(state):
    """The chance outcomes due now, drawn by the state's own dealer (as the server does)."""
    dealt = []
    while state.is_chance_node() and not state.is_terminal():
        outcome = state.sample_chance_outcome(state.dealer())
        state.apply_action(outcome)
        dealt.append(outcome)
    return dealt


def played(game, seed, moves):
    """A real game: the reference state after ``moves`` moves from ``seed`` (each seat
    plays its first legal action) and the commits the server would have made. Dealt by
    the Mersenne Twister, as every table stored before dealers were named was (and as the
    server goes on dealing them: tests/web/test_web_dealer.py)."""
    state = initial_state(game, seed, "mt19937")
    commits = [deal(state)]
    for _ in range(moves):
        action = state.legal_actions()[0]
        state.apply_action(action)
        commits.append([action, *deal(state)])
    return state, commits


# ---------------------------------------------------------------------------------------
def another_store(db_url, request, tmp_path, name="other"):
    """A second empty store on the same backend as ``db_url``."""
    if db_url.startswith("sqlite"):
        return f"sqlite:///{tmp_path / (name + '.sqlite')}"
    pg = request.getfixturevalue("postgres")
    url = pg.new_store()
    request.addfinalizer(lambda: pg.drop_store(url))
    return url


def engine_of(url):
    return create_engine(migrate.engine_url(url))


def describe(engine):
    """The store's tables as the database reports them: columns (type, nullable, default),
    primary and foreign keys with their names, indexes; on SQLite the CREATE statements."""
    with engine.connect() as conn:
        insp = inspect(conn)
        out = {}
        for name in sorted(set(insp.get_table_names()) & set(DESCRIBED)):
            out[name] = {
                "columns": [(c["name"], str(c["type"]), c["nullable"], c.get("default"))
                            for c in insp.get_columns(name)],
                "pk": insp.get_pk_constraint(name),
                "fks": sorted((fk["name"] or "", tuple(fk["constrained_columns"]),
                               fk["referred_table"], tuple(fk["referred_columns"]))
                              for fk in insp.get_foreign_keys(name)),
                "indexes": sorted(str(i) for i in insp.get_indexes(name)),
            }
        if conn.dialect.name == "sqlite":
            out["sql"] = sorted(conn.execute(text(
                "SELECT name, sql FROM sqlite_master "
                "WHERE tbl_name IN ('tables', 'seats', 'actions', 'players', 'player_keys', "
                "'chat', 'ratings')")).all())
    return out


def run_alembic(engine, verb, revision):
    with engine.begin() as conn:
        getattr(command, verb)(migrate._config(conn), revision)


def current(engine):
    with engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


# ---------------------------------------------------------------------------------------
def test_revision_1_is_exactly_the_schema_stores_were_made_with(db_url, request, tmp_path):
    before = engine_of(db_url)
    legacy.create_all(before)
    first = engine_of(another_store(db_url, request, tmp_path))
    run_alembic(first, "upgrade", "0001")
    assert current(first) == "0001"
    assert describe(first) == describe(before)
    assert set(describe(first)) >= set(OURS)
    before.dispose()
    first.dispose()


def test_the_schema_module_is_what_the_revisions_build(db_url):
    """A column added to schema.py without a revision fails here (Alembic's comparison of
    the models with a store at the newest revision): write the revision (store/migrate.py
    says how)."""
    store = Store(db_url)
    assert store.revisions == (None, migrate.head())
    with store.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(
            conn, opts={"compare_type": True, "compare_server_default": True}), metadata)
    assert diff == []
    store.close()


def test_each_revision_goes_down_and_up_again(db_url):
    store = Store(db_url)
    at_head = describe(store.engine)
    run_alembic(store.engine, "downgrade", "base")
    assert current(store.engine) is None
    assert {k: v for k, v in describe(store.engine).items() if v} == {}   # nothing left
    run_alembic(store.engine, "upgrade", "head")
    assert current(store.engine) == migrate.head()
    assert describe(store.engine) == at_head
    store.close()


def test_a_store_made_before_versioning_opens_and_its_games_go_on(db_url):
    engine = engine_of(db_url)
    legacy.create_all(engine)
    seed = 2**127 + 40_961   # a 128-bit seed, kept as text
    tables, plies = {}, {}
    for tid, name, moves in (("legacyKdmo01", "kingdomino", 13),
                             ("legacyInhr01", "inheritors", 9)):
        game = regalia.load_game(name, players=2)
        tokens = [f"token-{tid}-{i}" for i in range(2)]
        ref, commits = played(game, seed, moves)
        legacy_write(engine, tid, game, seed, tokens, commits)
        tables[tid] = (ref, tokens)
        plies[tid] = len(ref.history())
    with engine.connect() as conn:
        assert "alembic_version" not in inspect(conn).get_table_names()
    engine.dispose()

    app = create_app(db_url, pace=0, rate_limits={"request": "off"},
                     allowed_origins=("http://testserver",))
    store = app.state.rooms.store
    assert store.revisions == ("0001", migrate.head())   # stamped, then upgraded
    with TestClient(app) as client:
        for tid, (ref, tokens) in tables.items():
            before = len(ref.history())
            for seat, tok in enumerate(tokens):
                v = client.get(f"/api/tables/{tid}", headers={"x-seat-token": tok}).json()
                assert (v["seat"], v["ply"]) == (seat, before)
            for _ in range(12):
                mover = client.get(f"/api/tables/{tid}").json()["current_player"]
                tok = tokens[mover]
                legal = client.get(f"/api/tables/{tid}", headers={"x-seat-token": tok}
                                   ).json()["legal"]
                r = client.post(f"/api/tables/{tid}/actions", headers={"x-seat-token": tok},
                                json={"action": legal[0]["id"]})
                assert r.status_code == 200, r.text
                ref.apply_action(legal[0]["id"])
                deal(ref)
            # the same dealer future: the stored seed and moves replayed predict every
            # draw the upgraded server made
            assert store.load(tid).actions == ref.history()
            assert len(ref.history()) > before + 12       # chance outcomes were dealt too
        kingdomino = client.get("/api/tables/legacyKdmo01").json()
        assert kingdomino["log"] == tables["legacyKdmo01"][0].history_strings()
        assert any(line.startswith("draw") for line in kingdomino["log"][plies["legacyKdmo01"]:])
    assert store.load("legacyKdmo01").seed == seed
    # opened again: nothing to do
    again = Store(db_url)
    assert again.revisions == (migrate.head(), migrate.head())
    again.close()
    store.close()


def test_a_database_that_is_not_a_store_is_refused_and_left_alone(db_url):
    engine = engine_of(db_url)
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE tables (name VARCHAR(20), legs INTEGER)"))
        conn.execute(text("INSERT INTO tables VALUES ('kitchen', 4)"))
    with pytest.raises(StoreError, match="not one: table 'tables' has columns"):
        Store(db_url)
    with engine.connect() as conn:
        assert conn.execute(text("SELECT name, legs FROM tables")).all() == [("kitchen", 4)]
        assert set(inspect(conn).get_table_names()) == {"tables"}
    engine.dispose()


def test_a_store_of_a_newer_regalia_is_refused_and_left_alone(db_url):
    Store(db_url).close()
    engine = engine_of(db_url)
    with engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = '9999'"))
    before = describe(engine)
    with pytest.raises(StoreError, match="revision '9999'.*newer regalia"):
        Store(db_url)
    assert describe(engine) == before and current(engine) == "9999"
    engine.dispose()


def test_servers_opening_a_new_postgresql_store_together_upgrade_it_once(request):
    """Several processes starting on one new database: the advisory lock lets one
    upgrade, the others wait and find it done (without it, two CREATE TABLEs race)."""
    pg = request.getfixturevalue("postgres")
    url = pg.new_store()
    request.addfinalizer(lambda: pg.drop_store(url))
    results, errors = [], []
    gate = threading.Barrier(4)

    def open_store():
        try:
            gate.wait(timeout=30)
            s = Store(url)
            results.append(s.revisions)
            s.close()
        except Exception as exc:  # reported below
            errors.append(exc)

    threads = [threading.Thread(target=open_store) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert errors == []
    head = migrate.head()
    assert sorted(results, key=lambda r: r[0] or "") == [(None, head)] + [(head, head)] * 3
