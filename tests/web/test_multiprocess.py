"""Several server processes on one real PostgreSQL store (issue 23): two real
``regalia serve`` processes on 127.0.0.1 sharing one schema.

* a move made through process A reaches a WebSocket and a GET of process B;
* a computer seat is played exactly once while both processes hold the table (each
  computer move searched once over both processes, the stored history legal);
* a process killed with SIGKILL mid-game: the other adopts its computer seats, and no
  acknowledged move is lost;
* the same move sent to both processes at once: one is stored, the other gets a clear 409.

Every loop is bounded in count and time; nothing is timed.
"""

from __future__ import annotations

import json
import os
import re
import signal
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("uvicorn")
pytest.importorskip("psycopg")
httpx = pytest.importorskip("httpx")
websockets = pytest.importorskip("websockets")

from live_server import LiveServer  # noqa: E402

from regalia.core.registry import load_game  # noqa: E402
from regalia.web.store import Store  # noqa: E402
from regalia.web.table import movers_of, rebuild  # noqa: E402

OPEN = ("--rate-limit", "request=off", "--rate-limit", "create=off", "--compute-workers", "1")


@pytest.fixture
def pg_url(postgres):
    url = postgres.new_store()
    yield url
    postgres.drop_store(url)


@pytest.fixture
def pair(pg_url, tmp_path):
    """Processes A and B serving the same PostgreSQL store, started side by side (as
    ``serve --workers 2`` starts its processes: the store's upgrade takes a lock)."""
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
    with ThreadPoolExecutor(2) as pool:
        starting = [pool.submit(LiveServer, tmp_path / name, *OPEN, db=pg_url)
                    for name in ("a", "b")]
    servers = [f.result() for f in starting if f.exception() is None]
    try:
        for f in starting:
            f.result()   # a server that did not start: its error, once the other is stopped
        yield servers
    finally:
        with ThreadPoolExecutor(2) as pool:
            list(pool.map(LiveServer.stop, servers))


def view(server: LiveServer, tid: str, token: str | None = None) -> dict:
    r = httpx.get(f"{server.url}/api/tables/{tid}", timeout=30,
                  headers={"x-seat-token": token} if token else {})
    assert r.status_code == 200, r.text
    return dict(r.json())


def until(check, seconds: float = 60, what: str = "") -> None:
    """Poll ``check()`` until it is true, at most ``seconds``."""
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, f"not within {seconds} s: {what}"
        time.sleep(0.05)   # polling another process


def jobs(server: LiveServer) -> int:
    text = httpx.get(server.url + "/metrics", timeout=10).text
    found = re.search(r'^regalia_compute_jobs_total\{kind="move"\} ([0-9.e+]+)$', text, re.M)
    return int(float(found.group(1))) if found else 0


def stored(url: str, tid: str):
    store = Store(url)
    try:
        row = store.load(tid)
    finally:
        store.close()
    assert row is not None
    return row


def test_a_move_through_one_process_reaches_a_socket_of_the_other(pair):
    a, b = pair
    made = a.create([{"kind": "here"}, {"kind": "here"}], pace=0)
    tid, tokens = made["table"], [s["token"] for s in made["seats"]]
    from websockets.sync.client import connect

    url = b.url.replace("http", "ws") + f"/api/tables/{tid}/ws"
    with connect(url, open_timeout=10) as ws:      # a spectator of process B
        first = json.loads(ws.recv(timeout=10))
        assert first["ply"] == view(a, tid)["ply"]
        for _ in range(3):   # three moves through A, each seen on B's socket
            v = view(a, tid)
            token = tokens[v["current_player"]]
            mine = view(a, tid, token)
            r = httpx.post(f"{a.url}/api/tables/{tid}/actions", timeout=30,
                           headers={"x-seat-token": token},
                           json={"action": mine["legal"][0]["id"], "ply": mine["ply"]})
            assert r.status_code == 200, r.text
            after = r.json()
            seen = first
            deadline = time.monotonic() + 20
            while seen["ply"] < after["ply"]:
                assert time.monotonic() < deadline, "process B's socket was not told"
                seen = json.loads(ws.recv(timeout=20))
            assert seen["ply"] == after["ply"]
            assert seen["version"] == after["version"]     # view versions agree
            assert seen["log"][-1] == view(a, tid)["log"][-1]
            # and a GET on B, with the seat's token, shows the same position
            assert view(b, tid, token)["observation"] == view(a, tid, token)["observation"]
            first = seen


def test_a_computer_seat_is_played_once_by_two_processes(pair, pg_url):
    """Six computer-only tables, three created through each process, each read through
    both (so both hold a copy and try to move it): every computer move is searched once
    over the two processes and stored once."""
    a, b = pair
    before = jobs(a) + jobs(b)
    tables = [(a if i % 2 else b).create([{"kind": "computer"}, {"kind": "computer"}])["table"]
              for i in range(6)]
    stop = threading.Event()
    failures: list[str] = []

    def reader(server: LiveServer) -> None:   # both processes keep every table live
        deadline = time.monotonic() + 90
        while not stop.is_set() and time.monotonic() < deadline:
            for tid in tables:
                r = httpx.get(f"{server.url}/api/tables/{tid}", timeout=30)
                if r.status_code != 200:
                    failures.append(f"{r.status_code} {r.text[:200]}")
    readers = [threading.Thread(target=reader, args=(s,), daemon=True) for s in (a, b)]
    for t in readers:
        t.start()
    try:
        until(lambda: all(view(b, t)["terminal"] and view(a, t)["terminal"] for t in tables),
              90, "every game over on both processes")
    finally:
        stop.set()
        for t in readers:
            t.join(timeout=60)
    assert failures == []
    decisions = 0
    for tid in tables:
        row = stored(pg_url, tid)
        game = load_game(row.game, **row.params)
        state = rebuild(game, row.seed, row.actions, row.options.get("dealer"))
        assert state.is_terminal()
        decisions += sum(m >= 0 for m in movers_of(game, row.actions))
        va, vb = view(a, tid), view(b, tid)
        assert (va["ply"], va["version"], va["scores"]) == (vb["ply"], vb["version"],
                                                            vb["scores"]) == (
            len(row.actions), row.version, va["scores"])
        assert va["error"] is None and vb["error"] is None
    assert jobs(a) + jobs(b) - before == decisions   # each computer move searched once


def test_a_killed_process_has_its_computer_seats_adopted(pair, pg_url):
    """A person plays a paced computer through process A; A is killed with SIGKILL while
    the computer's reply is due; B adopts the seat, the reply comes, the person plays on
    through B, and every acknowledged move is in the store."""
    a, b = pair
    made = a.create([{"kind": "here"}, {"kind": "computer"}], pace=1.0)
    tid, token = made["table"], made["seats"][0]["token"]
    acknowledged: list[tuple[int, int]] = []   # (ply, action) of each acknowledged move

    def play(server: LiveServer) -> dict:
        until(lambda: view(server, tid)["current_player"] == 0
              or view(server, tid)["terminal"], 60, "the person's turn")
        mine = view(server, tid, token)
        move = mine["legal"][-1]["id"]
        r = httpx.post(f"{server.url}/api/tables/{tid}/actions", timeout=30,
                       headers={"x-seat-token": token},
                       json={"action": move, "ply": mine["ply"]})
        assert r.status_code == 200, r.text
        acknowledged.append((mine["ply"], move))
        return dict(r.json())

    # until the computer's reply is due (paced: in about a second); in Kingdomino the
    # order of turns follows the dominoes picked, so a person may move twice in a row
    for _ in range(8):
        if play(a)["thinking"] == 1:
            break
    else:
        raise AssertionError("the computer was never to move after the person")
    a.stop(signal.SIGKILL)
    # B takes the seat over (its lease is free once A's connection is gone)
    until(lambda: view(b, tid)["current_player"] == 0, 60, "B plays A's computer seat")
    for _ in range(3):
        play(b)
    until(lambda: view(b, tid)["current_player"] == 0 or view(b, tid)["terminal"], 60,
          "the computer's reply through B")
    row = stored(pg_url, tid)
    for ply, action in acknowledged:
        assert row.actions[ply] == action
    game = load_game(row.game, **row.params)
    movers = movers_of(game, row.actions)
    # every computer move stored once: the person and the computer alternate their turns
    # as the game says (a replay of the stored actions is legal)
    state = rebuild(game, row.seed, row.actions, row.options.get("dealer"))
    assert len(state.history()) == len(row.actions)
    assert movers.count(1) >= 4
    assert view(b, tid)["error"] is None


def test_one_move_sent_to_both_processes_at_once_is_stored_once(pair, pg_url):
    """The same seat's move at the same ply, posted through A and B at once, ten rounds:
    each round one is stored (200) and the other refused with 409 and a message, never a
    500; both processes then show the same table."""
    a, b = pair
    made = a.create([{"kind": "here"}, {"kind": "here"}], pace=0)
    tid, tokens = made["table"], [s["token"] for s in made["seats"]]
    view(b, tid)   # B holds a copy too
    for _ in range(10):
        v = view(a, tid)
        if v["terminal"]:
            break
        token = tokens[v["current_player"]]
        mine = view(a, tid, token)
        answers: dict[str, httpx.Response] = {}
        go = threading.Barrier(2)

        def post(server: LiveServer, action: int) -> None:
            go.wait(timeout=10)
            answers[server.url] = httpx.post(
                f"{server.url}/api/tables/{tid}/actions", timeout=30,
                headers={"x-seat-token": token},
                json={"action": action, "ply": mine["ply"]})
        legal = [m["id"] for m in mine["legal"]]
        threads = [threading.Thread(target=post, args=(a, legal[0])),
                   threading.Thread(target=post, args=(b, legal[-1]))]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=60)
        statuses = sorted(r.status_code for r in answers.values())
        assert statuses == [200, 409], [r.text[:200] for r in answers.values()]
        refused = next(r for r in answers.values() if r.status_code == 409)
        assert "stored first" in refused.json()["detail"] or "ply" in refused.json()["detail"]
        won = next(r for r in answers.values() if r.status_code == 200).json()
        row = stored(pg_url, tid)
        assert len(row.actions) == won["ply"]
        va, vb = view(a, tid), view(b, tid)
        assert va["ply"] == vb["ply"] == won["ply"] and va["version"] == vb["version"]


def test_workers_are_refused_on_sqlite(tmp_path):
    """``--workers 2`` on an SQLite store: refused before anything starts, saying why."""
    import subprocess
    import sys

    from live_server import SRC

    done = subprocess.run(
        [sys.executable, "-m", "regalia", "serve", "--workers", "2", "--port", "1",
         "--db", f"sqlite:///{tmp_path / 't.sqlite'}"],
        env={**os.environ, "PYTHONPATH": str(SRC)},
        capture_output=True, text=True, timeout=120)
    said = " ".join((done.stdout + done.stderr).split())
    assert done.returncode == 2, said
    assert "--workers 2 needs a PostgreSQL store" in said and "LISTEN/NOTIFY" in said


def children(pid: int) -> list[int]:
    """The server processes uvicorn's supervisor ``pid`` started (their command lines
    name multiprocessing's spawn)."""
    out = []
    for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split():
        try:
            cmdline = Path(f"/proc/{child}/cmdline").read_bytes()
        except OSError:
            continue
        if b"spawn_main" in cmdline:
            out.append(int(child))
    return out


def test_serve_workers_two_shares_tables_and_survives_a_killed_process(pg_url, tmp_path):
    """``regalia serve --workers 2``: a person plays a computer through fresh connections
    (the kernel shares them out between the two processes) while a socket watches; one
    server process is killed with SIGKILL; the supervisor starts another, and the game
    goes on with every acknowledged move stored. Then both are killed while the
    computer's reply is due: the processes started again adopt the seat."""
    server = LiveServer(tmp_path, *OPEN, "--workers", "2", db=pg_url)
    try:
        until(lambda: len(children(server.proc.pid)) == 2, 60, "two server processes")
        made = server.create([{"kind": "here"}, {"kind": "computer"}], pace=1.0)
        tid, token = made["table"], made["seats"][0]["token"]
        acknowledged: list[tuple[int, int]] = []

        def play() -> dict:
            until(lambda: view(server, tid)["current_player"] == 0
                  or view(server, tid)["terminal"], 60, "the person's turn")
            mine = view(server, tid, token)
            move = mine["legal"][0]["id"]
            r = httpx.post(f"{server.url}/api/tables/{tid}/actions", timeout=30,
                           headers={"x-seat-token": token},
                           json={"action": move, "ply": mine["ply"]})
            assert r.status_code == 200, r.text
            acknowledged.append((mine["ply"], move))
            return dict(r.json())

        from websockets.sync.client import connect
        url = server.url.replace("http", "ws") + f"/api/tables/{tid}/ws?token={token}"
        with connect(url, open_timeout=10) as ws:
            seen = json.loads(ws.recv(timeout=10))
            for _ in range(4):
                after = play()
                deadline = time.monotonic() + 20
                while seen["ply"] < after["ply"]:
                    assert time.monotonic() < deadline, "the socket was not told"
                    seen = json.loads(ws.recv(timeout=20))
        victim = children(server.proc.pid)[0]
        os.kill(victim, signal.SIGKILL)
        until(lambda: victim not in children(server.proc.pid)
              and len(children(server.proc.pid)) == 2, 60, "the process started again")
        for _ in range(8):   # until the computer's (paced) reply is due
            if play()["thinking"] == 1:
                break
        else:
            raise AssertionError("the computer was never to move after the person")
        both = children(server.proc.pid)
        for pid in both:
            os.kill(pid, signal.SIGKILL)
        until(lambda: not set(both) & set(children(server.proc.pid))
              and len(children(server.proc.pid)) == 2, 60, "both started again")
        until(lambda: view(server, tid)["current_player"] == 0 or view(server, tid)["terminal"],
              60, "the computer's reply, adopted")
        play()
        row = stored(pg_url, tid)
        for ply, action in acknowledged:
            assert row.actions[ply] == action
        assert view(server, tid)["error"] is None
    finally:
        server.stop()


def test_a_chat_line_through_one_process_reaches_a_socket_of_the_other(pair):
    """A line written through A is sent to a seat's socket held by B (its own notice,
    ``"<table> chat <id>"``), without waiting for a move."""
    a, b = pair
    made = a.create([{"kind": "here"}, {"kind": "here"}], pace=0)
    tid, tokens = made["table"], [s["token"] for s in made["seats"]]
    from websockets.sync.client import connect

    url = b.url.replace("http", "ws") + f"/api/tables/{tid}/ws?token={tokens[1]}"
    with connect(url, open_timeout=10) as ws:
        json.loads(ws.recv(timeout=10))           # the view
        ply = view(a, tid)["ply"]
        for text in ("hello from A", "second line"):
            r = httpx.post(f"{a.url}/api/tables/{tid}/chat", timeout=30,
                           headers={"x-seat-token": tokens[0]}, json={"text": text})
            assert r.status_code == 201, r.text
            deadline = time.monotonic() + 20
            while True:
                assert time.monotonic() < deadline, "process B's socket was not told"
                message = json.loads(ws.recv(timeout=20))
                if message.get("type") == "chat":
                    break
            assert [line["text"] for line in message["lines"]][-1] == text
            assert message["lines"][-1]["seat"] == 0
        assert view(a, tid)["ply"] == ply          # no move was needed
    assert [x["text"] for x in httpx.get(f"{b.url}/api/tables/{tid}/chat",
                                         timeout=30).json()] == ["hello from A", "second line"]
