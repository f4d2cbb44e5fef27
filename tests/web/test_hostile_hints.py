"""Issue 23, attack 3: a hint flood, against a real ``regalia serve`` process.

Before: 40 concurrent hints on one's own table (a second of search each, in the executor
that ran everyone's computer moves) took another table's move from 3 ms to 4.0 s. Now a
seat has one hint searched at a time (429 for the others), a few a minute (429 with
``Retry-After``), in worker processes: the victim's moves, and another table's computer
replies, go on.
"""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor

import pytest

pytest.importorskip("uvicorn")
httpx = pytest.importorskip("httpx")
pytest.importorskip("pebble")

from live_server import LiveServer, Victim  # noqa: E402


def test_a_hint_flood_is_refused_and_other_tables_play_on(tmp_path):
    server = LiveServer(tmp_path, "--compute-workers", "1", "--max-think", "0.5")
    try:
        mine = server.create([{"kind": "here"}, {"kind": "computer"}], hints=True, pace=0,
                             source="127.0.0.2")
        token = mine["seats"][0]["token"]
        # who picks first is drawn: when it is the computer, wait for its first move
        v = server.settle(mine["table"], token, seat=0, seconds=30)
        assert v["current_player"] == 0 and v["thinking"] is None, v
        other = server.create([{"kind": "here"}, {"kind": "computer"}], pace=0)
        other_token = other["seats"][0]["token"]
        w = server.settle(other["table"], other_token, seat=0, seconds=30)
        assert w["current_player"] == 0 and w["thinking"] is None, w

        attacker = server.client("127.0.0.2", limits=httpx.Limits(max_connections=40))

        def ask(_i: int) -> tuple[int, str | None]:
            r = attacker.post(f"/api/tables/{mine['table']}/hint",
                              headers={"x-seat-token": token})
            return r.status_code, r.headers.get("retry-after")

        with Victim(server, pause=0.1) as victim, ThreadPoolExecutor(40) as pool:
            began = time.monotonic()
            answers = list(pool.map(ask, range(40)))
            # meanwhile another table's computer player answers its person
            replies = []
            with server.client() as c:
                for _ in range(3):
                    w = c.get(f"/api/tables/{other['table']}",
                              headers={"x-seat-token": other_token}).json()
                    if w["terminal"] or w["current_player"] != 0:
                        break
                    t0 = time.monotonic()
                    c.post(f"/api/tables/{other['table']}/actions",
                           headers={"x-seat-token": other_token},
                           json={"action": w["legal"][0]["id"], "ply": w["ply"]})
                    while time.monotonic() - t0 < 30:
                        w = c.get(f"/api/tables/{other['table']}").json()
                        if w["thinking"] is None and (w["terminal"]
                                                      or w["current_player"] == 0):
                            break
                        time.sleep(0.05)
                    replies.append(time.monotonic() - t0)
            # the victim plays at least 6 s (a p95 of enough moves, not one move's time)
            time.sleep(max(0.0, 6 - (time.monotonic() - began)))
        attacker.close()
        codes = [code for code, _ in answers]
        print(victim.summary(), "hint answers:", sorted(codes),
              "computer replies:", [f"{r:.2f} s" for r in replies])
        assert codes.count(200) >= 1
        assert codes.count(200) <= 6            # one at a time, six a minute at most
        assert set(codes) <= {200, 429}
        assert all(ra is not None and int(ra) >= 1 for code, ra in answers if code == 429)
        assert not victim.failures and victim.p95() < 2.0
        assert replies and max(replies) < 10    # each reply waits one hint at most
    finally:
        server.stop()
    assert "Traceback" not in server.log()


def test_hints_are_rate_limited_per_seat(tmp_path):
    server = LiveServer(tmp_path, "--rate-limit", "hint=2/minute", "--max-think", "0.3")
    try:
        mine = server.create([{"kind": "here"}, {"kind": "here"}], hints=True)
        with server.client() as c:
            v = c.get(f"/api/tables/{mine['table']}").json()
            token = mine["seats"][v["current_player"]]["token"]
            codes = []
            for _ in range(3):
                r = c.post(f"/api/tables/{mine['table']}/hint",
                           headers={"x-seat-token": token})
                codes.append(r.status_code)
                if r.status_code == 200:
                    assert r.json()["notation"] and "Hint" in r.json()["summary"]
            assert codes == [200, 200, 429]
            assert 1 <= int(r.headers["retry-after"]) <= 60
            assert "hint" in r.json()["detail"]
            metrics = c.get("/metrics").text
        assert 'regalia_refused_total{limit="hint"} 1.0' in metrics
    finally:
        server.stop()
