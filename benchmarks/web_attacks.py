"""The attacks of issue 23, run by ``bench_web.py --attack NAME`` beside its tables (the
victims), from another loopback address (127.0.0.2: its own rate limits) until the load
ends. Each is bounded: a fixed number of concurrent tasks, on 127.0.0.1 only.

* ``flood``: GET requests as fast as 20 tasks can send them;
* ``hints``: 40 concurrent hint requests on the attacker's own table, again and again;
* ``slowloris``: 300 connections that never finish their headers, reopened when closed;
* ``bodies``: 4 tasks posting 20 MiB chunked bodies (``closed``: the server answered 413
  and closed the connection while the client was still sending);
* ``origin``: cross-origin ``text/plain`` posts (another site's page), 10 tasks;
* ``lock``: computer-only tables whose seats ask 100,000 s of search (the server runs
  with ``--allow-agent-specs``), created as fast as the ``create`` limit lets.

:func:`attack` returns the answers counted by status (``closed``: connections the server
closed).
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from typing import Any, Awaitable, Callable

import httpx

SOURCE = "127.0.0.2"
ATTACKS = ("flood", "hints", "slowloris", "bodies", "origin", "lock")
#: options the server needs for an attack (besides the default limits)
SERVER_OPTIONS = {"lock": ["--allow-agent-specs"]}
BODY = ('{"game": "kingdomino", "players": 2, "seats": [{"kind": "computer"}, '
        '{"kind": "computer"}]}')
LOCK = [{"kind": "computer", "agent": "mcts:seconds=100000"}] * 2


async def _repeat(n: int, stop: float, once: Callable[[], Awaitable[None]],
                  counts: Counter[str]) -> None:
    async def loop() -> None:
        while time.monotonic() < stop:
            try:
                await once()
            except (httpx.HTTPError, OSError):   # the server closed the connection
                counts["closed"] += 1
                await asyncio.sleep(0.05)
    await asyncio.gather(*(loop() for _ in range(n)))


async def attack(name: str, url: str, stop: float) -> Counter[str]:
    """Run attack ``name`` against the server at ``url`` until ``stop`` (monotonic)."""
    counts: Counter[str] = Counter()
    transport = httpx.AsyncHTTPTransport(local_address=SOURCE)
    async with httpx.AsyncClient(base_url=url, timeout=30, transport=transport,
                                 limits=httpx.Limits(max_connections=100)) as c:
        async def get() -> None:
            counts[str((await c.get("/api/games")).status_code)] += 1

        async def post_plain() -> None:
            r = await c.post("/api/tables", content=BODY, headers={
                "content-type": "text/plain", "origin": "http://evil.example"})
            counts[str(r.status_code)] += 1

        async def chunked() -> None:
            async def body() -> Any:
                for _ in range(20):
                    yield b" " * (1024 * 1024)
            r = await c.post("/api/tables", content=body(),
                             headers={"content-type": "application/json"})
            counts[str(r.status_code)] += 1

        async def lock() -> None:
            r = await c.post("/api/tables", json={"game": "kingdomino", "players": 2,
                                                  "seats": LOCK, "pace": 0})
            counts[str(r.status_code)] += 1
            await asyncio.sleep(1)

        if name == "flood":
            await _repeat(20, stop, get, counts)
        elif name == "origin":
            await _repeat(10, stop, post_plain, counts)
        elif name == "bodies":
            await _repeat(4, stop, chunked, counts)
        elif name == "lock":
            await _repeat(1, stop, lock, counts)
        elif name == "hints":
            made = (await c.post("/api/tables", json={
                "game": "kingdomino", "players": 2, "hints": True, "pace": 0,
                "seats": [{"kind": "here"}, {"kind": "here"}]})).json()
            tid = made["table"]
            view = (await c.get(f"/api/tables/{tid}")).json()
            token = made["seats"][view["current_player"]]["token"]

            async def hint() -> None:
                r = await c.post(f"/api/tables/{tid}/hint", headers={"x-seat-token": token})
                counts[str(r.status_code)] += 1
                if r.status_code == 429:
                    await asyncio.sleep(0.2)
            await _repeat(40, stop, hint, counts)
        elif name == "slowloris":
            await _slowloris(url, stop, counts)
        else:
            raise ValueError(f"no attack {name!r}; attacks: {', '.join(ATTACKS)}")
    return counts


async def _slowloris(url: str, stop: float, counts: Counter[str]) -> None:
    host, port = url.split("//")[1].split(":")

    async def hold() -> None:
        while time.monotonic() < stop:
            try:
                reader, writer = await asyncio.open_connection(
                    host, int(port), local_addr=(SOURCE, 0))
            except OSError:
                await asyncio.sleep(0.1)
                continue
            writer.write(b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            try:
                left = max(0.1, stop - time.monotonic())
                if await asyncio.wait_for(reader.read(1), left) == b"":
                    counts["closed"] += 1
            except (asyncio.TimeoutError, OSError):
                pass
            writer.close()
    await asyncio.gather(*(hold() for _ in range(300)))
