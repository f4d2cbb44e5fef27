"""A real ``regalia serve`` process for the hostile tests (``tests/web/test_hostile_*.py``),
and a victim: a person's table whose move round trips are measured while an attack runs.

Everything stays on 127.0.0.1; every loop here is bounded in count and time.
"""

from __future__ import annotations

import itertools
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx

SRC = Path(__file__).resolve().parents[1] / "src"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


_sources = itertools.count()


def fresh_source() -> str:
    """A loopback address not given out before in this process (127.0.2.1, 127.0.2.2, ...):
    a client of its own for the server's per-address rate limits."""
    k = next(_sources)
    return f"127.0.{2 + k // 250}.{1 + k % 250}"


def rss_kib(pid: int) -> int:
    """The resident memory of process ``pid`` and its children (KiB, from /proc)."""
    total = 0
    pids = [pid]
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        pids += [int(c) for c in children]
    except OSError:
        pass
    for p in pids:
        try:
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total


def own_rss_kib(pid: int) -> int:
    """The resident memory of process ``pid`` alone (KiB)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


class LiveServer:
    """``python -m regalia serve`` on a free loopback port with its own SQLite store in
    ``tmp`` and the options ``args``; ``db`` is the store's URL."""

    def __init__(self, tmp: Path, *args: str, db: str | None = None):
        self.tmp = tmp
        self.db = db or f"sqlite:///{tmp / 'tables.sqlite'}"
        self.log_path = tmp / "server.log"
        self.args = list(args)
        self.start()

    def start(self) -> None:
        env = {**os.environ, "PYTHONPATH": str(SRC), "XDG_DATA_HOME": str(self.tmp)}
        for _attempt in range(3):
            self.port = free_port()
            self.url = f"http://127.0.0.1:{self.port}"
            with open(self.log_path, "ab") as log:
                self.proc = subprocess.Popen(
                    [sys.executable, "-m", "regalia", "serve", "--host", "127.0.0.1",
                     "--port", str(self.port), "--db", self.db, *self.args],
                    env=env, stdout=log, stderr=subprocess.STDOUT)
            self.started = time.monotonic()
            if self._ready():
                self.ready_after = time.monotonic() - self.started
                return
        raise AssertionError(f"the server did not start:\n{self.log()}")

    def _ready(self, seconds: float = 40) -> bool:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                return False
            try:
                if httpx.get(self.url + "/healthz", timeout=2).status_code == 200:
                    return True
            except httpx.HTTPError:
                pass
            time.sleep(0.05)   # polling a process that is starting
        self.stop()
        return False

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")[-4000:]

    def stop(self, sig: int = signal.SIGTERM) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)

    def client(self, source: str | None = None, **kw: Any) -> httpx.Client:
        """A client of the server; ``source``: the loopback address it connects from (the
        server's rate limits count per address). None: a fresh address of its own
        (127.0.2.x and up), so that the tests' own requests never share a budget."""
        kw["transport"] = httpx.HTTPTransport(local_address=source or fresh_source())
        return httpx.Client(base_url=self.url, timeout=30, **kw)

    def settle(self, tid: str, token: str | None = None, seat: int | None = None,
               seconds: float = 60) -> dict[str, Any]:
        """The table's view (the seat's, with ``token``; else the public one) once no
        computer player is thinking and, with ``seat``, it is that seat's turn; the view as
        it is when ``seconds`` have passed otherwise. Asked from an address of its own
        (:meth:`client`): a rate limit's budget under test stays whole."""
        deadline = time.monotonic() + seconds
        headers = {"x-seat-token": token} if token else {}
        with self.client() as c:
            while True:
                v = dict(c.get(f"/api/tables/{tid}", headers=headers).json())
                if (v["thinking"] is None and seat in (None, v["current_player"])
                        or time.monotonic() > deadline):
                    return v
                time.sleep(0.05)   # polling a computer player's move

    def create(self, seats: list[dict[str, Any]], game: str = "kingdomino",
               expect: int = 201, source: str | None = None,
               **options: Any) -> dict[str, Any]:
        with self.client(source) as c:
            r = c.post("/api/tables", json={"game": game, "players": len(seats),
                                            "seats": seats, **options})
        assert r.status_code == expect, r.text
        return dict(r.json())

    def tables(self) -> list[dict[str, Any]]:
        with self.client() as c:
            return list(c.get("/api/tables").json())


class Victim:
    """A hot-seat Kingdomino table played in a thread: each move's round trip (the POST
    until its answer) is recorded in :attr:`latencies` (seconds) until :meth:`stop`."""

    def __init__(self, server: LiveServer, pause: float = 0.2, source: str | None = None):
        self.server = server
        self.pause = pause
        self.source = source or fresh_source()
        made = server.create([{"kind": "here"}, {"kind": "here"}], pace=0, source=source)
        self.table = made["table"]
        self.tokens = [s["token"] for s in made["seats"]]
        self.latencies: list[float] = []
        self.failures: list[str] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> "Victim":
        self._thread.start()
        return self

    def __exit__(self, *_exc: Any) -> None:
        self.stop()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=60)

    def _run(self) -> None:
        deadline = time.monotonic() + 120
        with self.server.client(self.source) as c:
            while not self._stop.is_set() and time.monotonic() < deadline:
                v = c.get(f"/api/tables/{self.table}").json()
                if v["terminal"]:
                    return
                token = self.tokens[v["current_player"]]
                mine = c.get(f"/api/tables/{self.table}",
                             headers={"x-seat-token": token}).json()
                t0 = time.perf_counter()
                r = c.post(f"/api/tables/{self.table}/actions",
                           headers={"x-seat-token": token},
                           json={"action": mine["legal"][0]["id"], "ply": mine["ply"]})
                self.latencies.append(time.perf_counter() - t0)
                if r.status_code != 200:
                    self.failures.append(f"{r.status_code} {r.text[:200]}")
                self._stop.wait(self.pause)

    def p95(self) -> float:
        xs = sorted(self.latencies)
        return xs[min(len(xs) - 1, int(0.95 * len(xs)))] if xs else float("nan")

    def summary(self) -> str:
        xs = sorted(self.latencies)
        if not xs:
            return "victim: no move"
        return (f"victim: {len(xs)} moves, p50 {1000 * xs[len(xs) // 2]:.0f} ms, "
                f"p95 {1000 * self.p95():.0f} ms, max {1000 * xs[-1]:.0f} ms")


#: the store's schema as regalia 4ec8ba5 (before issue 23) made it: no status, ply,
#: updated nor finished column
OLD_SCHEMA = """
CREATE TABLE tables (id VARCHAR(32) NOT NULL PRIMARY KEY, game VARCHAR(64) NOT NULL,
    params TEXT NOT NULL, seed TEXT NOT NULL, created VARCHAR(40) NOT NULL,
    options TEXT NOT NULL);
CREATE TABLE seats (table_id VARCHAR(32) NOT NULL, seat INTEGER NOT NULL,
    kind VARCHAR(16) NOT NULL, agent VARCHAR(200), label VARCHAR(80) NOT NULL,
    token_hash VARCHAR(64), PRIMARY KEY (table_id, seat),
    FOREIGN KEY(table_id) REFERENCES tables (id));
CREATE TABLE actions (table_id VARCHAR(32) NOT NULL, ply INTEGER NOT NULL,
    action INTEGER NOT NULL, PRIMARY KEY (table_id, ply),
    FOREIGN KEY(table_id) REFERENCES tables (id));
"""


def old_store(path: Path, tables: list[dict[str, Any]]) -> str:
    """An SQLite store in the schema before issue 23 at ``path`` holding ``tables``
    (``{id, game, params, seed, options, seats: [(kind, agent, label, token_hash)],
    actions}``); returns its URL."""
    import json
    import sqlite3
    con = sqlite3.connect(path)
    con.executescript(OLD_SCHEMA)
    for t in tables:
        con.execute("INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?)",
                    (t["id"], t["game"], json.dumps(t["params"], sort_keys=True),
                     str(t["seed"]), "2026-11-20T10:00:00+00:00",
                     json.dumps(t.get("options", {}))))
        for i, (kind, agent, label, token_hash) in enumerate(t["seats"]):
            con.execute("INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?)",
                        (t["id"], i, kind, agent, label, token_hash))
        for ply, a in enumerate(t.get("actions", ())):
            con.execute("INSERT INTO actions VALUES (?, ?, ?)", (t["id"], ply, a))
    con.commit()
    con.close()
    return f"sqlite:///{path}"
