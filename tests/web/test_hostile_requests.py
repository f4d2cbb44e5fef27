"""Issue 23, attacks 4, 6 and 9: bodies, JSON and connections that cost the server, against
a real ``regalia serve`` process.

Before: a 200 MiB chunked POST was read whole before the 64 KiB check (the server's memory
went from 91 to 501 MB), ``[`` * 30000 gave a 500 (RecursionError), 500 half-open
connections were held over 30 s, and nothing limited a client's rate. Now each is
refused early with a 4xx (or the connection closed) and a victim table plays on.
"""

from __future__ import annotations

import socket
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import pytest

pytest.importorskip("uvicorn")

from live_server import LiveServer, Victim, own_rss_kib  # noqa: E402

MIB = 1024 * 1024


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """One server for the module; each test attacks from its own loopback address (its
    own rate limits) and its victim plays from another."""
    srv = LiveServer(tmp_path_factory.mktemp("serve"), "--header-timeout", "2")
    yield srv
    srv.stop()
    assert "Traceback" not in srv.log()


def raw(server: LiveServer, source: str = "127.0.0.2") -> socket.socket:
    s = socket.create_connection(("127.0.0.1", server.port), timeout=10,
                                 source_address=(source, 0))
    return s


def answer(s: socket.socket) -> bytes:
    data = b""
    try:
        while b"\r\n\r\n" not in data:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
    except OSError:
        pass
    return data


def test_a_200_mib_chunked_post_is_refused_without_growing_memory(server):
    before = own_rss_kib(server.proc.pid)
    s = raw(server, "127.0.0.3")
    s.sendall(b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n"
              b"Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n")
    chunk = b"%x\r\n" % MIB + b" " * MIB + b"\r\n"
    sent = 0
    try:
        for _ in range(200):           # 200 MiB, unless the server stops reading first
            s.sendall(chunk)
            sent += 1
    except OSError:
        pass                           # the server answered and closed: stop sending
    reply = answer(s)
    s.close()
    after = own_rss_kib(server.proc.pid)
    print(f"sent {sent} MiB; server RSS {before // 1024} -> {after // 1024} MiB")
    assert reply.startswith(b"HTTP/1.1 413")
    assert sent < 200                   # refused while it was being sent
    assert after - before < 40 * 1024   # memory did not follow the body


def test_a_declared_huge_body_is_refused_before_reading(server):
    s = raw(server, "127.0.0.4")
    s.sendall(b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n"
              b"Content-Type: application/json\r\nContent-Length: 209715200\r\n\r\n")
    reply = answer(s)
    s.close()
    assert reply.startswith(b"HTTP/1.1 413")


def test_deep_json_is_a_400(server):
    before = server.tables()
    with server.client() as c:
        for body in (b"[" * 30000, b'{"seats": ' + b"[" * 40 + b"]" * 40 + b"}"):
            r = c.post("/api/tables", content=body,
                       headers={"content-type": "application/json"})
            assert r.status_code == 400, r.text
        r = c.post("/api/tables", content=b"[" * 30000,
                   headers={"content-type": "application/json"})
        assert "not JSON" in r.json()["detail"]
    assert server.tables() == before


def test_slow_headers_are_cut_and_a_victim_plays_on(server):
    """300 connections that never finish their headers (slowloris) from another client:
    the server closes each after its header timeout (2 s here); a person plays on."""
    held = []
    with Victim(server, source="127.0.1.1") as victim:
        for _ in range(300):
            s = raw(server, "127.0.0.5")
            s.sendall(b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            held.append(s)
        t0 = time.monotonic()
        closed = 0
        for s in held:
            s.settimeout(max(0.1, 15 - (time.monotonic() - t0)))
            try:
                closed += s.recv(1) == b""
            except OSError:
                pass
            s.close()
        waited = time.monotonic() - t0
    print(victim.summary(), f"; {closed} of 300 closed by the server in {waited:.1f} s")
    assert closed == 300 and waited < 15
    assert not victim.failures and victim.p95() < 2.0


def test_a_flood_of_requests_gets_429_and_a_victim_plays_on(server):
    codes: Counter[int] = Counter()
    retries: list[str | None] = []
    deadline = time.monotonic() + 20

    def flood(_k: int) -> None:   # 8 threads, until refused for 2 s (20 s, 3,000 at most)
        with server.client("127.0.0.6") as c:
            for _ in range(3000):
                if time.monotonic() > deadline or len(retries) > 200:
                    return
                r = c.get("/api/games")
                codes[r.status_code] += 1
                if r.status_code == 429:
                    retries.append(r.headers.get("retry-after"))
    began = time.monotonic()
    with Victim(server, source="127.0.1.2") as victim, ThreadPoolExecutor(8) as pool:
        list(pool.map(flood, range(8)))
        time.sleep(max(0.0, 4 - (time.monotonic() - began)))   # the victim plays 4 s
    retry = retries[-1] if retries else None
    print(victim.summary(), codes)
    # at most 30 a second (600 a minute) served to the flooding client
    assert set(codes) == {200, 429} and codes[200] <= 600
    assert retry is not None and int(retry) >= 1
    assert not victim.failures and victim.p95() < 2.0
    with server.client() as c:
        metrics = c.get("/metrics").text
    assert 'regalia_refused_total{limit="request"}' in metrics
