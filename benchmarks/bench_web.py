"""The web table under load: N concurrent Kingdomino tables played through the public API.

Starts a real ``regalia serve`` process on the loopback (a fresh SQLite store in a temporary
directory), creates N hot-seat 2-player tables, and drives them all at once from one client
process: each table's bot reads its seat's view (``GET``) and plays the middle legal move
(``POST .../actions``), until the game ends, the move budget is spent or the time is up.
Prints actions per second and the p50/p95/p99 latency of the move requests (a move is
acknowledged only once committed to the store; chance draws are dealt inside the request;
there are no computer seats, so no thinking time is counted).

Usage: python benchmarks/bench_web.py [--tables 200] [--moves 20] [--seconds 60]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

SRC = Path(__file__).resolve().parents[1] / "src"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(tmp: str) -> tuple[subprocess.Popen, str]:
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(SRC), "XDG_DATA_HOME": tmp}
    proc = subprocess.Popen([sys.executable, "-m", "regalia", "serve", "--port", str(port),
                             "--db", f"sqlite:///{tmp}/bench.sqlite"], env=env,
                            stdout=subprocess.DEVNULL, stderr=open(os.path.join(tmp, "server.log"), "w"))
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(url + "/api/games", timeout=2).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("the server did not start within 60 s")


async def bot(client: httpx.AsyncClient, moves: int, stop: float,
              latencies: list[float]) -> int:
    r = await client.post("/api/tables", json={"game": "kingdomino", "players": 2,
                                               "seats": [{"kind": "here"}, {"kind": "here"}]})
    r.raise_for_status()
    d = r.json()
    tid, tokens = d["table"], [s["token"] for s in d["seats"]]
    done = 0
    seat = None
    while done < moves and time.monotonic() < stop:
        token = tokens[seat] if seat is not None else tokens[0]
        v = (await client.get(f"/api/tables/{tid}", headers={"x-seat-token": token})).json()
        if v["terminal"]:
            break
        if v["current_player"] != v["seat"]:
            seat = v["current_player"]
            continue
        move = v["legal"][len(v["legal"]) // 2]["id"]
        t0 = time.perf_counter()
        r = await client.post(f"/api/tables/{tid}/actions", headers={"x-seat-token": token},
                              json={"action": move, "ply": v["ply"]})
        latencies.append(time.perf_counter() - t0)
        r.raise_for_status()
        seat = r.json()["current_player"]
        done += 1
    return done


async def drive(url: str, tables: int, moves: int, seconds: float) -> None:
    latencies: list[float] = []
    limits = httpx.Limits(max_connections=min(tables, 100))
    async with httpx.AsyncClient(base_url=url, timeout=30, limits=limits) as client:
        t0 = time.monotonic()
        counts = await asyncio.gather(*(bot(client, moves, t0 + seconds, latencies)
                                        for _ in range(tables)))
        wall = time.monotonic() - t0
    total = sum(counts)
    q = statistics.quantiles(latencies, n=100) if len(latencies) > 1 else [0.0] * 99
    print(f"{tables} concurrent tables, {total} moves in {wall:.1f} s: "
          f"{total / wall:.0f} actions/s; move latency p50 {1000 * q[49]:.1f} ms, "
          f"p95 {1000 * q[94]:.1f} ms, p99 {1000 * q[98]:.1f} ms")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tables", type=int, default=200)
    ap.add_argument("--moves", type=int, default=20, help="moves per table at most")
    ap.add_argument("--seconds", type=float, default=60.0, help="time budget of the run")
    args = ap.parse_args()
    if not (1 <= args.tables <= 2000 and 1 <= args.moves <= 200 and 0 < args.seconds <= 3600):
        raise SystemExit("--tables 1..2000, --moves 1..200, --seconds up to 3600")
    with tempfile.TemporaryDirectory() as tmp:
        proc, url = start_server(tmp)
        try:
            asyncio.run(drive(url, args.tables, args.moves, args.seconds))
        finally:
            log = Path(tmp, "server.log").read_text()
            if log.strip():
                print("server log (last lines):", *log.splitlines()[-8:], sep="\n  ")
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()


if __name__ == "__main__":
    main()
