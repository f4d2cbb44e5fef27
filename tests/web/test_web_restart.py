"""Nothing is lost (issue 12): a real `regalia serve` process is killed with SIGKILL in the
middle of games and started again on the same store (SQLite, then PostgreSQL); every table
is exactly where it was, and the dealer goes on dealing what it would have dealt."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("uvicorn")
httpx = pytest.importorskip("httpx")

import regalia  # noqa: E402
from regalia.web.store import Store  # noqa: E402

SRC = Path(__file__).parents[2] / "src"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, db: str, tmp: Path):
        self.port = free_port()
        env = {**os.environ, "PYTHONPATH": str(SRC), "XDG_DATA_HOME": str(tmp)}
        self.proc = subprocess.Popen(
            # the test replays games as fast as the server answers, from one address: the
            # per-client limits are not what it tests (tests/web/test_hostile_*.py do)
            [sys.executable, "-m", "regalia", "serve", "--port", str(self.port), "--db", db,
             "--rate-limit", "request=off", "--rate-limit", "create=off"],
            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        self.url = f"http://127.0.0.1:{self.port}"
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(self.url + "/api/games", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.kill()
                raise AssertionError(f"the server did not start: {self.proc.stdout.read()!r}")
            time.sleep(0.1)

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)

    def get(self, tid, token=None):
        r = httpx.get(f"{self.url}/api/tables/{tid}", timeout=10,
                      headers={"x-seat-token": token} if token else {})
        assert r.status_code == 200, r.text
        return r.json()

    def act(self, tid, token, action):
        r = httpx.post(f"{self.url}/api/tables/{tid}/actions", timeout=10,
                       headers={"x-seat-token": token}, json={"action": action})
        assert r.status_code == 200, r.text
        return r.json()

    def settled(self, tid, token=None):
        """The view once no computer player is thinking."""
        deadline = time.monotonic() + 20
        while True:
            v = self.get(tid, token)
            if v["thinking"] is None or time.monotonic() > deadline:
                return v
            time.sleep(0.05)


def test_kill_9_and_restart_resumes_every_table(db_url, tmp_path):
    db = db_url
    srv = Server(db, tmp_path)
    try:
        r = httpx.post(srv.url + "/api/tables", timeout=10, json={
            "game": "kingdomino", "players": 2, "seats": [{"kind": "here"}, {"kind": "here"}]})
        hot, hot_tokens = r.json()["table"], [s["token"] for s in r.json()["seats"]]
        r = httpx.post(srv.url + "/api/tables", timeout=10, json={
            "game": "kingdomino", "players": 2,
            "seats": [{"kind": "here"}, {"kind": "computer", "strength": "easy"}]})
        cpu, cpu_token = r.json()["table"], r.json()["seats"][0]["token"]
        for _ in range(9):
            v = srv.get(hot)
            tok = hot_tokens[v["current_player"]]
            srv.act(hot, tok, srv.get(hot, tok)["legal"][0]["id"])
        for _ in range(5):
            v = srv.settled(cpu, cpu_token)
            srv.act(cpu, cpu_token, v["legal"][-1]["id"])
        before_hot = [srv.get(hot, t) for t in (None, *hot_tokens)]
        before_cpu = srv.get(cpu, cpu_token)
    finally:
        srv.kill()

    srv = Server(db, tmp_path)
    try:
        after_hot = [srv.get(hot, t) for t in (None, *hot_tokens)]
        # the same views, newer: a page open across the restart takes them
        assert all(a.pop("version") > b.pop("version") for a, b in zip(after_hot, before_hot))
        assert after_hot == before_hot
        after_cpu = srv.settled(cpu, cpu_token)
        # the computer's move in flight (if any) is made again after the restart
        assert after_cpu["log"][:before_cpu["ply"]] == before_cpu["log"]
        assert after_cpu["current_player"] == 0 and after_cpu["thinking"] is None
        # the dealer deals after the restart what it would have dealt: the store's seed
        # replayed with the stored moves predicts the server's next draws exactly
        store = Store(db)
        row = store.load(hot)
        store.close()
        game = regalia.load_game(row.game, **row.params)
        ref = game.new_initial_state(row.seed)
        for a in row.actions:
            if ref.is_chance_node():
                ref.sample_chance_outcome(ref.dealer())
            ref.apply_action(a)
        for _ in range(8):
            v = srv.get(hot)
            tok = hot_tokens[v["current_player"]]
            act = srv.get(hot, tok)["legal"][0]["id"]
            srv.act(hot, tok, act)
            ref.apply_action(act)
            while ref.is_chance_node():
                ref.apply_action(ref.sample_chance_outcome(ref.dealer()))
        assert srv.get(hot)["log"] == ref.history_strings()
        assert any(s.startswith("draw") for s in ref.history_strings()[before_hot[0]["ply"]:])
    finally:
        srv.kill()
