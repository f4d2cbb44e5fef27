"""The web table under load: N concurrent Kingdomino tables played through the public API.

Starts a real ``regalia serve`` process on the loopback (a fresh SQLite store in a temporary
directory) for each load, creates N hot-seat 2-player tables, and plays them all at once
from one client process, the way pages do:

* every seat has a WebSocket subscriber (``WS /api/tables/{id}/ws?token=...``), so every
  move fans out a view to each seat of the table, as it does to two open pages;
* the seat to play waits for its view on its socket, thinks ``--think`` seconds (times a
  jitter of 0.5 to 1.5 from the bench's own seeded rng; 0: a closed loop, as fast as the
  server answers), then posts the middle legal move (``POST .../actions`` with its ply);
* a table stops at the end of the game, after ``--moves`` moves, or when ``--seconds``
  is up.

Prints, per load: actions per second; the p50/p95/p99 latency of the move requests (a move
is acknowledged only once committed to the store; chance draws are dealt inside the request;
there are no computer seats, so no computer thinking is counted); the p50/p95 delay from
posting a move to the next seat's socket receiving its view; and the server process's CPU
seconds (user + system, from ``/proc``) during the run. The client runs on the same machine
and uses CPU too.

Usage: python benchmarks/bench_web.py [--tables 20,100,200] [--think 2] [--moves 20]
                                      [--seconds 60] [--seed 1]
       python benchmarks/bench_web.py --tables 50 --think 0   # closed-loop maximum
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

SRC = Path(__file__).resolve().parents[1] / "src"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(tmp: str) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(SRC), "XDG_DATA_HOME": tmp}
    log = open(os.path.join(tmp, "server.log"), "w")
    proc = subprocess.Popen([sys.executable, "-m", "regalia", "serve", "--port", str(port),
                             "--db", f"sqlite:///{tmp}/bench.sqlite"], env=env,
                            stdout=subprocess.DEVNULL, stderr=log)
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


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU seconds of process ``pid`` (Linux ``/proc``; None elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@dataclass
class Figures:
    moves: int = 0
    latencies: list[float] = field(default_factory=list)   # POST .../actions
    delivery: list[float] = field(default_factory=list)    # POST sent -> next view on WS
    views: int = 0                                          # views received on sockets
    errors: list[str] = field(default_factory=list)


class Seat:
    """One seat's page: a WebSocket that keeps the latest view."""

    def __init__(self) -> None:
        self.view: dict[str, Any] | None = None
        self.changed = asyncio.Event()
        self.arrived = 0.0

    async def listen(self, ws: Any, figures: Figures) -> None:
        async for message in ws:
            v = json.loads(message)
            if self.view is None or v["version"] >= self.view["version"]:
                self.view = v
                self.arrived = time.perf_counter()
                self.changed.set()
            figures.views += 1

    async def wait_for(self, ply: int, stop: float) -> dict[str, Any] | None:
        """The seat's view at ``ply`` or later (None when the time is up)."""
        while self.view is None or self.view["ply"] < ply:
            self.changed.clear()
            left = stop - time.monotonic()
            if left <= 0:
                return None
            try:
                await asyncio.wait_for(self.changed.wait(), left)
            except TimeoutError:
                return None
        return self.view


async def table(client: httpx.AsyncClient, ws_url: str, moves: int, think: float,
                rng: random.Random, stop: float, figures: Figures) -> None:
    r = await client.post("/api/tables", json={"game": "kingdomino", "players": 2,
                                               "seats": [{"kind": "here"}, {"kind": "here"}]})
    r.raise_for_status()
    d = r.json()
    tid, tokens = d["table"], [s["token"] for s in d["seats"]]
    seats = [Seat() for _ in tokens]
    sockets = [await connect(f"{ws_url}/api/tables/{tid}/ws?token={tok}", max_size=2**22)
               for tok in tokens]
    listeners = [asyncio.ensure_future(s.listen(ws, figures)) for s, ws in zip(seats, sockets)]
    try:
        first = await seats[0].wait_for(0, stop)
        if first is None or first["terminal"]:
            return
        ply, cur, sent = first["ply"], first["current_player"], 0.0
        for _ in range(moves):
            v = await seats[cur].wait_for(ply, stop)
            if v is None or v["terminal"]:
                break
            if sent:
                figures.delivery.append(seats[cur].arrived - sent)
            if think > 0:
                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            if time.monotonic() >= stop:
                break
            move = v["legal"][len(v["legal"]) // 2]["id"]
            sent = time.perf_counter()
            r = await client.post(f"/api/tables/{tid}/actions",
                                  headers={"x-seat-token": tokens[cur]},
                                  json={"action": move, "ply": v["ply"]})
            figures.latencies.append(time.perf_counter() - sent)
            if r.status_code != 200:
                figures.errors.append(f"{r.status_code} {r.text[:120]}")
                break
            a = r.json()
            figures.moves += 1
            ply, cur = a["ply"], a["current_player"]
            if a["terminal"] or cur is None:
                break
    finally:
        for task in listeners:
            task.cancel()
        for ws in sockets:
            await ws.close()


def quantiles(xs: list[float]) -> list[float]:
    return statistics.quantiles(xs, n=100) if len(xs) > 1 else (xs or [0.0]) * 99


async def drive(url: str, tables: int, moves: int, think: float, seconds: float,
                seed: int) -> tuple[Figures, float]:
    figures = Figures()
    limits = httpx.Limits(max_connections=min(tables, 100))
    ws_url = url.replace("http://", "ws://")
    async with httpx.AsyncClient(base_url=url, timeout=30, limits=limits) as client:
        t0 = time.monotonic()
        # tables start over the first think time (or at once for a closed loop), as
        # people arrive, each with its own rng stream from --seed
        runs = []
        for i in range(tables):
            rng = random.Random(seed * 100003 + i)
            runs.append(start_later(rng.uniform(0, think), table(
                client, ws_url, moves, think, rng, t0 + seconds, figures)))
        results = await asyncio.gather(*runs, return_exceptions=True)
        wall = time.monotonic() - t0
    figures.errors += [repr(r) for r in results if isinstance(r, BaseException)]
    return figures, wall


async def start_later(delay: float, run: Any) -> None:
    await asyncio.sleep(delay)
    await run


def report(tables: int, think: float, figures: Figures, wall: float,
           cpu: float | None, client_cpu: float) -> None:
    q, dq = quantiles(figures.latencies), quantiles(figures.delivery)
    cpu_text = (f"{cpu:.1f} s ({100 * cpu / wall:.0f}% of one core, "
                f"{1000 * cpu / max(figures.moves, 1):.1f} ms a move)" if cpu is not None else "?")
    print(f"{tables} tables, think {think:g} s: {figures.moves} moves in {wall:.1f} s = "
          f"{figures.moves / wall:.1f} actions/s; move latency p50 {1000 * q[49]:.1f} ms, "
          f"p95 {1000 * q[94]:.1f} ms, p99 {1000 * q[98]:.1f} ms; view delivery p50 "
          f"{1000 * dq[49]:.1f} ms, p95 {1000 * dq[94]:.1f} ms; {figures.views} views pushed; "
          f"server CPU {cpu_text}, client CPU {client_cpu:.1f} s", flush=True)
    if figures.errors:
        print(f"  {len(figures.errors)} errors, e.g. {figures.errors[0]}", flush=True)


def run_load(tables: int, args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        proc, url = start_server(tmp)
        try:
            spy = None
            if args.profile:
                # py-spy (pip install py-spy) samples the server for the whole run
                out = f"{args.profile}-{tables}.txt"
                spy = subprocess.Popen(["py-spy", "record", "-p", str(proc.pid), "-r", "200",
                                        "-f", "raw", "-o", out, "--nonblocking"],
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            before, mine = cpu_seconds(proc.pid), time.process_time()
            figures, wall = asyncio.run(drive(url, tables, args.moves, args.think,
                                              args.seconds, args.seed))
            after = cpu_seconds(proc.pid)
            cpu = after - before if before is not None and after is not None else None
            report(tables, args.think, figures, wall, cpu, time.process_time() - mine)
            if spy is not None:
                spy.send_signal(signal.SIGINT)
                spy.wait(timeout=30)
                print(f"  server profile (py-spy, raw stacks): {out}")
        finally:
            log = Path(tmp, "server.log").read_text()
            if log.strip():
                print("server log (last lines):", *log.splitlines()[-8:], sep="\n  ")
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tables", default="20,100,200",
                    help="concurrent tables, or a comma list of loads run one after another")
    ap.add_argument("--think", type=float, default=2.0,
                    help="seconds a seat thinks before each move (times 0.5..1.5); 0: closed loop")
    ap.add_argument("--moves", type=int, default=20, help="moves per table at most")
    ap.add_argument("--seconds", type=float, default=60.0, help="time budget of each load")
    ap.add_argument("--profile", metavar="PREFIX",
                    help="sample the server with py-spy into PREFIX-<tables>.txt")
    ap.add_argument("--seed", type=int, default=1, help="seed of the bench's think times")
    args = ap.parse_args()
    try:
        loads = [int(x) for x in args.tables.split(",")]
    except ValueError:
        raise SystemExit(f"--tables {args.tables!r}: whole numbers, e.g. 20,100,200") from None
    if not (all(1 <= n <= 2000 for n in loads) and 1 <= args.moves <= 200
            and 0 < args.seconds <= 3600 and 0 <= args.think <= 60):
        raise SystemExit("--tables 1..2000, --moves 1..200, --seconds up to 3600, "
                         "--think 0..60")
    for n in loads:
        run_load(n, args)


if __name__ == "__main__":
    main()
