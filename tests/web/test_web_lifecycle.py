"""Issue 23: what the server keeps. A store of the schema before issue 23 opens and plays on;
start-up loads no finished table; idle tables leave memory and come back; old finished
tables are purged; the SQLite WAL is truncated on a normal stop; computer players'
randomness cannot be predicted from the public table id."""

from __future__ import annotations

import json
import random
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("uvicorn")
pytest.importorskip("pebble")

import regalia  # noqa: E402
from live_server import LiveServer, old_store  # noqa: E402

from regalia.web.rooms import Rooms  # noqa: E402
from regalia.web.settings import Settings  # noqa: E402
from regalia.web.store import OVER, SeatRow, Store, now_iso  # noqa: E402

HOT = [("here", None, "Ada", "a" * 64), ("here", None, "Bo", "b" * 64)]


def random_game(seed: int, plies: int | None = None) -> list[int]:
    """The actions of a random 2-player Kingdomino game from ``seed`` (to its end, or its
    first ``plies``)."""
    s = regalia.load_game("kingdomino", players=2).new_initial_state(seed)
    rng = random.Random(seed)
    while not s.is_terminal() and (plies is None or len(s.history()) < plies):
        if s.is_chance_node():
            s.apply_action(s.sample_chance_outcome(s.dealer()))
        else:
            legal = s.legal_actions()
            s.apply_action(legal[rng.randrange(len(legal))])
    return list(s.history())


def table(tid: str, seed: int, plies: int | None = None) -> dict:
    return {"id": tid, "game": "kingdomino", "params": {"players": 2, "variants": []},
            "seed": seed, "options": {"hints": False, "pace": 0}, "seats": HOT,
            "actions": random_game(seed, plies)}


def test_a_store_of_the_old_schema_opens_and_plays_on(tmp_path):
    db = old_store(tmp_path / "old.sqlite", [table("going", 7, 30), table("done", 8)])
    server = LiveServer(tmp_path, db=db)
    try:
        with server.client() as c:
            v = c.get("/api/tables/going").json()
            assert v["ply"] == 30 and not v["terminal"]
            # the token hash stored is "a"*64: no real token; the truth is the store's
            listing = {t["table"]: t for t in c.get("/api/tables").json()}
            assert listing["done"]["terminal"] and listing["done"]["ply"] > 30
            assert c.get("/api/tables/done").json()["terminal"]
            made = c.post("/api/tables", json={"game": "kingdomino", "players": 2, "seats": [
                {"kind": "here"}, {"kind": "computer"}], "pace": 0})
            assert made.status_code == 201
    finally:
        server.stop()
    con = sqlite3.connect(tmp_path / "old.sqlite")
    cols = {r[1] for r in con.execute("PRAGMA table_info(tables)")}
    assert {"status", "ply", "updated", "finished"} <= cols
    status = dict(con.execute("SELECT id, status FROM tables WHERE id IN ('going', 'done')"))
    assert status == {"going": "person", "done": "over"}
    con.close()


def test_start_up_loads_no_finished_table_and_the_wal_is_truncated(tmp_path):
    db = f"sqlite:///{tmp_path / 'tables.sqlite'}"
    store = Store(db)
    for i in range(40):
        actions = random_game(100 + i)
        store.create_table(f"t{i}", "kingdomino", {"players": 2, "variants": []}, 100 + i,
                           [SeatRow(k, "here", None, f"P{k}", None) for k in range(2)])
        store.append_actions(f"t{i}", 0, actions, OVER)
    store.close()
    server = LiveServer(tmp_path, db=db)
    try:
        with server.client() as c:
            health = c.get("/healthz").json()
            assert health["tables_live"] == 0 and health["tables_unfinished"] == 0
            assert c.get("/api/tables/t3").json()["terminal"]
            assert c.get("/healthz").json()["tables_live"] == 1
            m = c.get("/metrics").text
        assert "regalia_tables_live 1.0" in m and "regalia_tables_unfinished 0.0" in m
        # the process's own figures, and its garbage collector settled before serving
        # (regalia.web.server.settle_gc): the objects of its start frozen, never scanned
        assert 'python_gc_collections_total{generation="2"}' in m
        assert "process_resident_memory_bytes" in m
        frozen = [float(line.split()[1]) for line in m.splitlines()
                  if line.startswith("regalia_gc_frozen_objects ")]
        assert frozen and frozen[0] > 10_000, frozen
    finally:
        server.stop()
    wal = tmp_path / "tables.sqlite-wal"
    assert not wal.exists() or wal.stat().st_size == 0


def test_idle_tables_leave_memory_and_come_back(tmp_path):
    settings = Settings(pace=0, idle_seconds=0.0, finished_idle=0.0, compute_workers=1)
    rooms = Rooms(Store(f"sqlite:///{tmp_path / 't.sqlite'}"), settings)
    try:
        tid, seats = rooms.create("kingdomino", 2, [], [{"kind": "here"}, {"kind": "here"}])
        t = rooms.get(tid)
        ply = len(t.state.history())
        seat = t.state.current_player()
        rooms.act(tid, seats[seat]["token"], t.state.legal_actions()[0])
        assert rooms.sweep() == (1, 0) and rooms.live() == 0 and t.evicted
        from regalia.web.errors import WebError
        with pytest.raises(WebError) as exc:   # a request that still held the old table
            t.act(t.state.current_player(), t.state.legal_actions()[0])
        assert exc.value.status == 409
        back = rooms.get(tid)
        assert back is not t and len(back.state.history()) > ply
        assert back.state.history() == t.state.history()
    finally:
        rooms.close()


def test_purge_deletes_finished_tables_older_than_kept(tmp_path):
    db = f"sqlite:///{tmp_path / 'tables.sqlite'}"
    store = Store(db)
    for tid, seed, plies in (("old", 1, None), ("going", 2, 20)):
        store.create_table(tid, "kingdomino", {"players": 2, "variants": []}, seed,
                           [SeatRow(k, "here", None, f"P{k}", None) for k in range(2)])
        actions = random_game(seed, plies)
        store.append_actions(tid, 0, actions, OVER if plies is None else "person")
    store.close()
    time.sleep(2.1)   # the stored times have a resolution of one second
    import subprocess
    import sys
    from live_server import SRC
    out = subprocess.run([sys.executable, "-m", "regalia", "serve", "--db", db, "--purge",
                          "--keep-finished", "1s"], capture_output=True, text=True,
                         env={"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin"}, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "deleted 1 finished table" in out.stdout
    store = Store(db)
    assert store.load("old") is None and store.load("going") is not None
    bad = subprocess.run([sys.executable, "-m", "regalia", "serve", "--db", db, "--purge"],
                         capture_output=True, text=True, timeout=120,
                         env={"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin"})
    assert bad.returncode != 0 and "--keep-finished" in bad.stderr + bad.stdout


def test_computer_moves_cannot_be_predicted_from_the_table_id(tmp_path, monkeypatch):
    """Two servers, one table each with the same id and the same seed (so the same deal),
    played by ``random`` computer players: with seeds derived from the public id (as
    before) both games were the same; with the server's entropy they differ."""
    from regalia.web import rooms as rooms_module
    monkeypatch.setattr(rooms_module, "fresh_seed", lambda: 424242)
    monkeypatch.setattr(rooms_module.secrets, "token_urlsafe", lambda _n: "same-id")
    games = []
    for k in range(2):
        rooms = Rooms(Store(f"sqlite:///{tmp_path / f't{k}.sqlite'}"),
                      Settings(pace=0, allow_agent_specs=True, compute_workers=1))
        try:
            tid, _ = rooms.create("kingdomino", 2, [], [{"kind": "computer", "agent": "random"},
                                                         {"kind": "computer", "agent": "random"}])
            assert tid == "same-id"
            deadline = time.monotonic() + 60
            while len(rooms.get(tid).state.history()) < 30 and time.monotonic() < deadline:
                rooms.wait(tid)
                time.sleep(0.05)
            games.append(rooms.get(tid).state.history()[:30])
        finally:
            rooms.close()
    assert len(games[0]) == len(games[1]) == 30
    assert games[0] != games[1]
    # the store keeps no seed of the computer players
    raw = b"".join(p.read_bytes() for p in Path(tmp_path).glob("t*.sqlite*"))
    assert b"random:seed" not in raw


def test_open_tables_are_capped(tmp_path):
    rooms = Rooms(Store(f"sqlite:///{tmp_path / 't.sqlite'}"),
                  Settings(max_open_tables=2, compute_workers=1))
    try:
        for _ in range(2):
            rooms.create("kingdomino", 2, [], [{"kind": "here"}, {"kind": "here"}])
        from regalia.web.errors import WebError
        with pytest.raises(WebError) as exc:
            rooms.create("kingdomino", 2, [], [{"kind": "here"}, {"kind": "here"}])
        assert exc.value.status == 503 and "2 open tables" in exc.value.message
        assert rooms.store.count_open(now_iso(-60)) == 2
    finally:
        rooms.close()


def test_settle_gc_freezes_the_start_and_makes_full_collections_rarer():
    """In a process of its own (it changes the process's collector)."""
    code = ("import gc, json\n"
            "from regalia.web.app import create_app\n"
            "from regalia.web.server import GC_FULL_AFTER, settle_gc\n"
            "before = gc.get_threshold()\n"
            "settle_gc()\n"
            "print(json.dumps([gc.get_freeze_count(), gc.get_threshold(), before,"
            " GC_FULL_AFTER]))\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stderr
    frozen, after, before, full_after = json.loads(run.stdout)
    assert frozen > 10_000              # the modules and catalogues of the start
    assert after == [before[0], before[1], full_after] and full_after > before[2]
