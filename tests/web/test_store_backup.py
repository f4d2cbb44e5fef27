"""The backups docs/deploy.md describes restore a store that opens and plays on: SQLite's
online backup taken while the server holds the store open (moves still in the WAL), and
PostgreSQL's ``pg_dump -Fc`` restored with ``pg_restore`` into a new database."""

from __future__ import annotations

import sqlite3

import pytest

pytest.importorskip("sqlalchemy")

from regalia.web.store import SeatRow, Store  # noqa: E402
from regalia.web.store.migrate import head  # noqa: E402

PEOPLE = [SeatRow(0, "here", None, "Élodie", "c" * 64),
          SeatRow(1, "computer", "greedy", "Computer (easy)", None)]


def fill(store):
    store.create_table("kept", "kingdomino", {"players": 2}, 2**128 - 3, PEOPLE,
                       {"hints": True, "pace": 0.7})
    for ply in range(0, 30, 3):
        store.append_actions("kept", ply, [ply, ply + 1, ply + 2])


def same(a, b):
    assert a.load("kept") == b.load("kept")
    assert b.revisions == (head(), head())
    b.append_actions("kept", 30, [5])          # the restored store plays on
    assert b.load("kept").actions == list(range(30)) + [5]


def test_sqlite_online_backup_of_an_open_store(tmp_path):
    live = tmp_path / "tables.sqlite"
    store = Store(f"sqlite:///{live}")
    fill(store)
    assert (tmp_path / "tables.sqlite-wal").stat().st_size > 0   # moves not checkpointed
    copy = tmp_path / "backup.sqlite"
    with sqlite3.connect(live) as src, sqlite3.connect(copy) as dst:
        src.backup(dst)
    restored = Store(f"sqlite:///{copy}")
    same(store, restored)
    store.close()
    restored.close()


def test_postgresql_dump_restored_into_a_new_database(request):
    pg = request.getfixturevalue("postgres")
    url = pg.new_store()
    request.addfinalizer(lambda: pg.drop_store(url))
    store = Store(url)
    fill(store)
    archive = pg.dump(url, "-Fc")
    target = pg.new_database()
    request.addfinalizer(lambda: pg.drop_database(target))
    pg.restore(target, archive)
    schema = url.split("options=", 1)[1]        # the dump keeps the store's schema
    restored = Store(f"{target}?options={schema}")
    same(store, restored)
    store.close()
    restored.close()
