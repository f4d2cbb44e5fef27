"""Two writers at one table (issue 23, "more than one process"): the ``(table, ply)`` key is
the compare-and-set of a move. Writers with their own connections (as two server processes
have) race for the same plies on SQLite and on a real PostgreSQL: at each ply exactly one
commits and the other gets :class:`ConflictError`; on PostgreSQL a writer racing a move not
yet committed waits for it, then conflicts (or stores its own if that move was rolled back);
two apps on one store answer the same seat's move at one ply with 200 and 409."""

from __future__ import annotations

import threading
import time

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("sqlalchemy")

from fastapi.testclient import TestClient  # noqa: E402
from sqlalchemy import insert, text  # noqa: E402

from regalia.web import create_app  # noqa: E402
from regalia.web.store import ConflictError, SeatRow, Store  # noqa: E402
from regalia.web.store.schema import actions_t  # noqa: E402

PEOPLE = [SeatRow(0, "here", None, "Player 1", None),
          SeatRow(1, "here", None, "Player 2", None)]


def race(stores, table_id, ply, actions):
    """Every store appends its action at ``ply`` at the same moment; returns what each
    got: "stored", "conflict" or the exception."""
    gate = threading.Barrier(len(stores))
    outcomes = [None] * len(stores)

    def write(i):
        gate.wait(timeout=30)
        try:
            stores[i].append_actions(table_id, ply, [actions[i]])
            outcomes[i] = "stored"
        except ConflictError:
            outcomes[i] = "conflict"
        except Exception as exc:  # reported by the caller's assert
            outcomes[i] = exc

    threads = [threading.Thread(target=write, args=(i,)) for i in range(len(stores))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    return outcomes


def test_writers_racing_for_each_ply_store_exactly_one_move_each(db_url):
    writers = [Store(db_url) for _ in range(3)]
    writers[0].create_table("t1", "kingdomino", {}, 9, PEOPLE)
    winners = []
    for ply in range(25):
        outcomes = race(writers, "t1", ply, [100 * w + ply for w in range(3)])
        assert sorted(outcomes, key=str) == ["conflict", "conflict", "stored"], outcomes
        winners.append(100 * outcomes.index("stored") + ply)
    assert all(w.load("t1").actions == winners for w in writers)
    # a batch (a move and the outcomes dealt after it) that collides at any of its plies
    # stores none of them
    with pytest.raises(ConflictError):
        writers[1].append_actions("t1", 23, [7, 8, 9, 10])
    assert writers[0].load("t1").actions == winners
    for w in writers:
        w.close()


def wait_for_lock_wait(engine, deadline=60.0):
    """Until a backend of this database waits for a lock on an INSERT into actions."""
    end = time.monotonic() + deadline
    with engine.connect() as conn:
        while time.monotonic() < end:
            waiting = conn.execute(text(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                "AND wait_event_type = 'Lock' AND query LIKE 'INSERT INTO actions%'")).scalar()
            conn.rollback()
            if waiting:
                return
            time.sleep(0.02)
    raise AssertionError("the second writer never waited for the first one's lock")


@pytest.mark.parametrize("first", ["commits", "rolls back"])
def test_a_writer_racing_an_uncommitted_move_waits_for_its_fate(request, first):
    pg = request.getfixturevalue("postgres")
    url = pg.new_store()
    request.addfinalizer(lambda: pg.drop_store(url))
    a, b = Store(url), Store(url)
    a.create_table("t1", "kingdomino", {}, 9, PEOPLE)
    a.append_actions("t1", 0, [1, 2])
    outcome = []
    with a.engine.connect() as conn:
        tx = conn.begin()
        conn.execute(insert(actions_t).values(table_id="t1", ply=2, action=30))
        writer = threading.Thread(target=lambda: outcome.append(_append(b, "t1", 2, [40])))
        writer.start()
        wait_for_lock_wait(a.engine)
        assert outcome == [] and writer.is_alive()   # b waits for a's transaction
        tx.commit() if first == "commits" else tx.rollback()
        writer.join(timeout=60)
    if first == "commits":
        assert outcome == ["conflict"] and a.load("t1").actions == [1, 2, 30]
    else:
        assert outcome == ["stored"] and a.load("t1").actions == [1, 2, 40]
    a.close()
    b.close()


def _append(store, table_id, ply, actions):
    try:
        store.append_actions(table_id, ply, actions)
        return "stored"
    except ConflictError:
        return "conflict"


def test_one_seats_move_sent_to_two_servers_at_one_ply_is_stored_once(db_url):
    """Two apps on one store (two server processes' worth of state): the table is live in
    both; the same seat's move at the same ply is taken by the first and refused by the
    second with 409, and the store holds the first move only."""
    one, two = (create_app(db_url, pace=0, rate_limits={"request": "off"},
                           allowed_origins=("http://testserver",)) for _ in range(2))
    with TestClient(one) as a, TestClient(two) as b:
        r = a.post("/api/tables", json={"game": "kingdomino", "players": 2,
                                        "seats": [{"kind": "here"}, {"kind": "here"}]})
        tid, tokens = r.json()["table"], [s["token"] for s in r.json()["seats"]]
        seat = a.get(f"/api/tables/{tid}").json()["current_player"]
        tok = {"x-seat-token": tokens[seat]}
        mine_a = a.get(f"/api/tables/{tid}", headers=tok).json()
        mine_b = b.get(f"/api/tables/{tid}", headers=tok).json()   # live in b too
        assert mine_a["ply"] == mine_b["ply"] and len(mine_a["legal"]) > 1
        ply = mine_a["ply"]
        first, second = mine_a["legal"][0]["id"], mine_a["legal"][1]["id"]
        r = a.post(f"/api/tables/{tid}/actions", headers=tok,
                   json={"action": first, "ply": ply})
        assert r.status_code == 200, r.text
        r = b.post(f"/api/tables/{tid}/actions", headers=tok,
                   json={"action": second, "ply": ply})
        assert r.status_code == 409 and "already stored" in r.json()["detail"]
        stored = one.state.rooms.store.load(tid).actions
        assert stored[ply] == first and second not in stored[ply:ply + 1]
        assert a.get(f"/api/tables/{tid}").json()["ply"] == len(stored)
    one.state.rooms.store.close()
    two.state.rooms.store.close()
