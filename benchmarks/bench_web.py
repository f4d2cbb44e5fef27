"""The web table under load: N concurrent tables of the four games, played through the
public API at a person's pace.

Starts a real ``regalia serve`` process on the loopback (a fresh SQLite store in a temporary
directory) for each load, creates N hot-seat tables spread evenly over ``--games`` (table i
plays game i mod the number of games; the tables of one game go round its player counts,
read from ``GET /api/games``: Kingdomino 2-4, Two Heirs 1 (solo against Heinrich, levels
1 to 3 in turn) and 2, Cascadito 1-4 on sheets 1 to 4 in turn, Inheritors 2-4), and plays
them all at once from one client process, the way pages do:

* each table is a page with its own HTTP connection (keep-alive) and every seat has a
  WebSocket subscriber (``WS /api/tables/{id}/ws?token=...``), so every
  move fans out a view to each seat of the table, as it does to open pages;
* the seat to play waits for its view on its socket, thinks ``--think`` seconds (times a
  jitter of 0.5 to 1.5 from the bench's own seeded rng; 0: a closed loop, as fast as the
  server answers), then makes its move as a page does (``--input click``, the default):
  ``POST .../click`` with no click (the turn's prompt and targets), then one of the
  offered targets or buttons at random until the game's drawing answers a complete action
  (at most 32 clicks; a walk that gets nowhere falls back to a legal move of the view and
  is counted), then ``POST .../actions`` with its ply. ``--input list`` picks a random
  legal move from the view's list instead (the typed-move field, no click requests);
* a table stops at the end of its game, after ``--moves`` moves, or when ``--seconds``
  is up (a table still running a minute later is cancelled and counted as an error).
  Moves are only ever chosen from the seat's own view and the drawing's answers, never
  from the server's state.

Prints progress every few seconds, then per game and overall: tables, moves, actions per
second, the p50/p95/p99 latency of the move requests (a move is acknowledged only once
committed to the store; chance draws and Heinrich's turns are dealt inside the request;
there are no computer seats), of the click requests, the p50/p95 delay from posting a move
to the next seat's socket receiving its view, the server process's CPU seconds (user +
system, from ``/proc``) per move (the whole process: for one game's share, ``--each``
runs every game alone too), the errors (count and the first messages; tracebacks in the
server's log count too), the requests sent
again because their connection closed before any answer (as browsers do; counted) and the
load average of the machine. The client runs on the same machine and uses CPU too (its
own CPU seconds are printed; it runs on uvloop where installed, parses with orjson, and
gives each table its own connection: one shared pool of a hundred connections once cost
the client more than the server, and its queueing showed up as server latency).

``--attack NAME`` runs one of issue 23's attacks (:mod:`web_attacks`: flood, hints,
slowloris, bodies, origin, lock) from another loopback address beside the tables for the
whole load; the tables are then its victims, and the server runs with its default limits,
each table a client of its own address (127.1.x.y) as people are. The report adds the
attack's answers by status.

``--pg`` stores the tables on PostgreSQL instead (a new database each load: the server at
``$REGALIA_PG_URL``, else a throwaway cluster of Debian's binaries, as the tests do), and
``--workers N`` serves them from N processes (``regalia serve --workers N``: the kernel
hands each connection to any of them, so a table's sockets and requests land in several),
``--servers N`` from N separate ``regalia serve`` processes with each table pinned to one
(table i to server i mod N, as a reverse proxy routing by table id does: docs/deploy.md);
the server CPU is then summed over the processes. PostgreSQL's own CPU is printed apart (the
throwaway cluster's processes, those that ended included; not with ``$REGALIA_PG_URL``).

Usage: python benchmarks/bench_web.py [--tables 20,100,200] [--games kingdomino,...]
                                      [--think 2] [--moves 20] [--seconds 60] [--seed 1]
                                      [--input click|list] [--each] [--profile PREFIX]
                                      [--attack NAME] [--pg] [--workers N] [--servers N]
       python benchmarks/bench_web.py --tables 50 --think 0   # closed-loop maximum
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import signal
import socket
import ssl
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import httpx
import orjson
from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parent))
from web_attacks import ATTACKS, SERVER_OPTIONS, attack  # noqa: E402

SRC = Path(__file__).resolve().parents[1] / "src"
GAMES = ("kingdomino", "two-heirs", "cascadito", "inheritors")
#: parameters gone round table by table (only where the game takes them at that count)
VARIETY: dict[str, dict[str, tuple[int, ...]]] = {
    "cascadito": {"sheet": (1, 2, 3, 4)}, "two-heirs": {"level": (1, 2, 3)}}
#: the most clicks a page may send for one move (the server's MAX_CLICKS)
MAX_CLICKS = 32
#: error messages kept for the report (the count is always exact)
KEEP_ERRORS = 5
#: seconds a load may run past ``--seconds`` before its tables are cancelled (a request
#: under way times out after 30 s)
GRACE = 60.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


#: the bench's many tables all come from one address: the per-client rate limits (which
#: a real server keeps) are off for it
UNLIMITED = ["--rate-limit", "request=off", "--rate-limit", "create=off",
             "--rate-limit", "socket=off", "--max-open-tables", "100000"]


def start_server(tmp: str, extra: list[str] | None = None, db: str | None = None,
                 workers: int = 1, log_name: str = "server.log"
                 ) -> tuple[subprocess.Popen[bytes], str]:
    """A ``regalia serve`` process on a free loopback port with a fresh SQLite store, or
    the store ``db`` (a PostgreSQL URL), served by ``workers`` processes (``extra``: more
    options; default :data:`UNLIMITED`)."""
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(SRC), "XDG_DATA_HOME": tmp}
    with open(os.path.join(tmp, log_name), "w") as log:   # the server writes its own
        proc = subprocess.Popen([sys.executable, "-m", "regalia", "serve", "--host",
                                 "127.0.0.1", "--port", str(port),
                                 "--db", db or f"sqlite:///{tmp}/bench.sqlite",
                                 *(["--workers", str(workers)] if workers > 1 else []),
                                 *(UNLIMITED if extra is None else extra)],
                                env=env, stdout=subprocess.DEVNULL, stderr=log)
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


def stop_server(proc: subprocess.Popen[bytes]) -> None:
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU seconds of process ``pid`` and its live descendants (the server's
    worker processes with ``--workers``, its search pool) (Linux ``/proc``; None
    elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    total = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            children = (task / "children").read_text().split()
        except OSError:
            continue
        for child in children:
            total += cpu_seconds(int(child)) or 0.0
    return total


def postgres_cpu(cluster: Any) -> float | None:
    """CPU seconds of the throwaway PostgreSQL cluster of ``--pg`` so far: its
    postmaster, its live processes and those that ended (None: no cluster of ours, e.g.
    ``$REGALIA_PG_URL``, or no ``/proc``)."""
    own = getattr(cluster, "cluster", None)
    if own is None:
        return None
    try:
        pid = int((own.data / "postmaster.pid").read_text().split()[0])
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, ValueError, IndexError):
        return None
    ended = (int(fields[13]) + int(fields[14])) / os.sysconf("SC_CLK_TCK")
    live = cpu_seconds(pid)
    return None if live is None else live + ended


def load_average() -> str:
    """The 1-minute load average of the machine ("?" where ``os.getloadavg`` is missing)."""
    try:
        return f"{os.getloadavg()[0]:.1f}"
    except OSError:
        return "?"


@dataclass
class Figures:
    """What the tables of one game (or all of them) measured."""

    tables: int = 0
    finished: int = 0                                       # games played to their end
    moves: int = 0
    latencies: list[float] = field(default_factory=list)   # POST .../actions
    clicks: list[float] = field(default_factory=list)      # POST .../click
    delivery: list[float] = field(default_factory=list)    # POST sent -> next view on WS
    views: int = 0                                          # views received on sockets
    fallbacks: int = 0             # click walks that reached no action (a legal move used)
    resent: int = 0                # requests sent again after their connection closed
    errors: int = 0
    messages: list[str] = field(default_factory=list)       # the first KEEP_ERRORS

    def error(self, message: str) -> None:
        self.errors += 1
        if len(self.messages) < KEEP_ERRORS:
            self.messages.append(message)

    def add(self, other: Figures) -> None:
        for name in ("tables", "finished", "moves", "views", "fallbacks", "resent", "errors"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.latencies += other.latencies
        self.clicks += other.clicks
        self.delivery += other.delivery
        self.messages += other.messages[:max(0, KEEP_ERRORS - len(self.messages))]


@dataclass(frozen=True)
class Setup:
    """One table: its game, player count and parameters."""

    game: str
    players: int
    params: dict[str, Any]

    def label(self) -> str:
        extra = "".join(f" {k} {v}" for k, v in self.params.items())
        return f"{self.game} {self.players}p{extra}"


def setups(catalogue: list[dict[str, Any]], games: list[str], tables: int) -> list[Setup]:
    """The tables of a load: table i plays ``games[i % len(games)]``; the k-th table of a
    game has the k-th of its player counts (min to max, round and round) and the k-th
    value of each :data:`VARIETY` parameter the game takes at that count."""
    by_name = {g["name"]: g for g in catalogue}
    out = []
    for i in range(tables):
        g = by_name[games[i % len(games)]]
        k = i // len(games)
        counts = list(range(g["min_players"], g["max_players"] + 1))
        players = counts[k % len(counts)]
        taken = {p["name"] for p in g["params"] if str(players) in p["defaults"]}
        params = {name: values[k % len(values)]
                  for name, values in VARIETY.get(g["name"], {}).items() if name in taken}
        out.append(Setup(g["name"], players, params))
    return out


class Seat:
    """One seat's page: a WebSocket that keeps the latest view."""

    def __init__(self) -> None:
        self.view: dict[str, Any] | None = None
        self.changed = asyncio.Event()
        self.arrived = 0.0
        self.lost: str | None = None     # why the socket ended before the table did

    async def listen(self, ws: Any, figures: Figures) -> None:
        try:
            async for message in ws:
                v = orjson.loads(message)
                if self.view is None or v["version"] >= self.view["version"]:
                    self.view = v
                    self.arrived = time.perf_counter()
                    self.changed.set()
                figures.views += 1
            self.lost = f"socket closed by the server ({ws.close_code} {ws.close_reason})"
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            self.lost = f"socket failed: {type(exc).__name__}: {exc}"
        self.changed.set()

    async def wait_for(self, ply: int, stop: float) -> dict[str, Any] | None:
        """The seat's view at ``ply`` or later (None when the time is up).

        Raises:
            ConnectionError: the socket ended (:attr:`lost` says how).
        """
        while self.view is None or self.view["ply"] < ply:
            if self.lost:
                raise ConnectionError(self.lost)
            self.changed.clear()
            left = stop - time.monotonic()
            if left <= 0:
                return None
            try:
                await asyncio.wait_for(self.changed.wait(), left)
            except TimeoutError:
                return None
        return self.view


class Refused(Exception):
    """The server answered a request with an HTTP error."""


async def post(client: httpx.AsyncClient, what: str, path: str, token: str | None,
               body: dict[str, Any], times: list[float], figures: Figures) -> dict[str, Any]:
    """POST ``body`` to ``path``; its latency goes into ``times``; a request sent again
    (the connection closed before any answer) is counted in ``figures``.

    Raises:
        Refused: an HTTP error status (the message names the request and the answer).
        httpx.HTTPError: the request failed (re-raised with the request named).
    """
    headers = {"x-seat-token": token} if token else None
    sent = time.perf_counter()
    try:
        try:
            r = await client.post(path, json=body, headers=headers)
        except (httpx.ReadError, httpx.RemoteProtocolError):
            # the connection closed before any answer (a kept-alive connection the server
            # closed as the request went out): sent again once, as browsers do; safe, since
            # a move carries its ply (a move already played is refused with 409)
            figures.resent += 1
            r = await client.post(path, json=body, headers=headers)
    except httpx.HTTPError as exc:
        raise type(exc)(f"{what} {path}: {exc!r}") from exc
    times.append(time.perf_counter() - sent)
    if r.status_code >= 400:
        raise Refused(f"{what}: HTTP {r.status_code} {r.text[:160]}")
    answer: dict[str, Any] = orjson.loads(r.content)
    return answer


async def choose_by_clicks(client: httpx.AsyncClient, tid: str, token: str,
                           view: dict[str, Any], rng: random.Random, stop: float,
                           figures: Figures) -> int | None:
    """A move chosen as a page's person does: the drawing's targets and buttons, one at
    random each time, until it answers an action. Falls back to a random legal move of
    the view (counted) when the walk reaches no action within :data:`MAX_CLICKS`; None
    when the time budget ends during the walk."""
    path = f"/api/tables/{tid}/click"
    sent: list[Any] = []
    answer = await post(client, "click", path, token, {"clicks": sent}, figures.clicks,
                        figures)
    while True:
        if "action" in answer:
            action: int = answer["action"]
            return action
        if "error" in answer or len(sent) >= MAX_CLICKS:
            break
        nxt = answer["next"]
        offered = [json.loads(t) for t in nxt.get("targets", [])]
        offered += [c["click"] for c in nxt.get("choices", [])]
        if not offered:
            break
        if time.monotonic() >= stop:
            return None
        sent = [*sent, rng.choice(offered)]
        answer = await post(client, "click", path, token, {"clicks": sent}, figures.clicks,
                            figures)
    figures.fallbacks += 1
    if "error" in answer:
        figures.error(f"{view['game']} click walk {sent!r}: {answer['error']}")
    legal: int = rng.choice(view["legal"])["id"]
    return legal


async def table(client: httpx.AsyncClient, ws_url: str, setup: Setup, args: argparse.Namespace,
                rng: random.Random, stop: float, figures: Figures,
                source: str | None = None) -> None:
    """Create one hot-seat table of ``setup``, open a socket per seat and play it
    (``source``: the loopback address its client connects from)."""
    where = f"{setup.label()}, create"
    sockets: list[Any] = []
    try:
        d = await post(client, "create", "/api/tables", None,
                       {"game": setup.game, "players": setup.players,
                        "params": setup.params, "pace": 0,
                        "seats": [{"kind": "here"}] * setup.players}, [], figures)
        figures.tables += 1
        tid, tokens = d["table"], [s["token"] for s in d["seats"]]
        where = f"{setup.label()} table {tid}, connect"
        seats = [Seat() for _ in tokens]
        for tok in tokens:
            sockets.append(await connect(f"{ws_url}/api/tables/{tid}/ws?token={tok}",
                                         max_size=2**23, open_timeout=30,
                                         **({"local_addr": (source, 0)} if source else {})))
    except Exception as exc:
        figures.error(f"{where}: {type(exc).__name__}: {exc}")
        for ws in sockets:
            await ws.close()
        return
    listeners = [asyncio.ensure_future(s.listen(ws, figures)) for s, ws in zip(seats, sockets)]
    try:
        where = f"{setup.label()} table {tid}, ply 0"
        first = await seats[0].wait_for(0, stop)
        if first is None:
            return
        ply, cur, sent = first["ply"], first["current_player"], 0.0
        terminal = first["terminal"]
        for _ in range(args.moves):
            if terminal or cur is None:
                break
            where = f"{setup.label()} table {tid}, ply {ply}"
            v = await seats[cur].wait_for(ply, stop)
            if v is None:
                break
            if v["terminal"]:
                terminal = True
                break
            if sent:
                figures.delivery.append(seats[cur].arrived - sent)
            if args.think > 0:
                await asyncio.sleep(args.think * rng.uniform(0.5, 1.5))
            if time.monotonic() >= stop:
                break
            if args.input == "click":
                move = await choose_by_clicks(client, tid, tokens[cur], v, rng, stop,
                                              figures)
                if move is None:
                    break
            else:
                move = rng.choice(v["legal"])["id"]
            sent = time.perf_counter()
            a = await post(client, "move", f"/api/tables/{tid}/actions", tokens[cur],
                           {"action": move, "ply": v["ply"]}, figures.latencies, figures)
            figures.moves += 1
            ply, cur, terminal = a["ply"], a["current_player"], a["terminal"]
        if terminal:
            figures.finished += 1
    except Exception as exc:
        figures.error(f"{where}: {type(exc).__name__}: {exc}")
    finally:
        for task in listeners:
            task.cancel()
        for ws in sockets:
            await ws.close()


def quantiles(xs: list[float]) -> list[float]:
    return statistics.quantiles(xs, n=100) if len(xs) > 1 else (xs or [0.0]) * 99


async def progress(started: float, stop: float, figures: dict[str, Figures],
                   every: float) -> None:
    """A line every ``every`` seconds until cancelled: time, tables, moves, errors."""
    while True:
        await asyncio.sleep(every)
        total = Figures()
        for f in figures.values():
            total.add(f)
        print(f"  {time.monotonic() - started:5.0f} s of {stop - started:.0f}: "
              f"{total.tables} tables open, {total.finished} games over, {total.moves} moves, "
              f"{total.errors} errors; load average {load_average()}", flush=True)


async def drive(urls: list[str], plan: list[Setup], args: argparse.Namespace
                ) -> tuple[dict[str, Figures], float]:
    """Play every table of ``plan`` at once, table i on server ``urls[i % len(urls)]``;
    the figures per game and the wall time."""
    figures = {g: Figures() for g in dict.fromkeys(s.game for s in plan)}
    url = urls[0]
    # each table is a page of its own with its own HTTP client and connection (a shared
    # pool of a hundred connections costs the client more than the server: httpcore scans
    # every pooled connection on each request); under an attack each table is also a
    # client of its own address (rate limits per client)
    sources: list[str | None] = (
        [f"127.1.{1 + i // 250}.{1 + i % 250}" for i in range(len(plan))] if args.attack
        else [None] * len(plan))
    plain = ssl.create_default_context()    # one for all (each client would make its own)
    clients = [httpx.AsyncClient(base_url=urls[i % len(urls)], timeout=30, verify=plain,
                                 limits=httpx.Limits(max_connections=2),
                                 transport=None if src is None
                                 else httpx.AsyncHTTPTransport(local_address=src))
               for i, src in enumerate(sources)]
    try:
        t0 = time.monotonic()
        stop = t0 + args.seconds
        ticker = asyncio.ensure_future(progress(t0, stop, figures, args.every))
        attacker = (asyncio.ensure_future(attack(args.attack, url, stop)) if args.attack
                    else None)
        # tables start over the first think time (or at once for a closed loop), as
        # people arrive, each with its own rng stream from --seed
        runs = []
        for i, setup in enumerate(plan):
            rng = random.Random(args.seed * 100003 + i)
            ws_url = urls[i % len(urls)].replace("http://", "ws://")
            runs.append(asyncio.ensure_future(start_later(rng.uniform(0, args.think), table(
                clients[i], ws_url, setup, args, rng, stop, figures[setup.game],
                sources[i]))))
        # a table ends by itself at the time budget (its request under way answered or
        # timed out); whatever still runs GRACE seconds after it is cancelled and counted
        _, late = await asyncio.wait(runs, timeout=args.seconds + GRACE)
        for run in late:
            run.cancel()
        await asyncio.gather(*late, return_exceptions=True)
        wall = time.monotonic() - t0
        ticker.cancel()
        if attacker is not None:
            answers = await attacker
            print(f"  attack {args.attack} from 127.0.0.2: answers "
                  f"{dict(sorted(answers.items()))}", flush=True)
    finally:
        for client in clients:
            await client.aclose()
    for setup, run in zip(plan, runs):
        if run.cancelled():
            figures[setup.game].error(f"{setup.label()}: still running {GRACE:g} s after the "
                                      f"time budget: cancelled")
        elif run.exception() is not None:
            r = run.exception()
            figures[setup.game].error(f"{setup.label()}: {type(r).__name__}: {r}")
    return figures, wall


def py_spy() -> str:
    """The py-spy program: beside this Python (a venv's bin), else on the PATH.

    Raises:
        SystemExit: py-spy is not installed (says how to install it).
    """
    beside = Path(sys.executable).with_name("py-spy")
    found = str(beside) if beside.exists() else shutil.which("py-spy")
    if found is None:
        raise SystemExit("--profile needs py-spy: pip install py-spy")
    return found


def loop_factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop's event loop for the client where it is installed (as the server uses it):
    the client shares the machine's cores with the server, so it should cost little."""
    try:
        import uvloop
    except ImportError:
        return None
    factory: Callable[[], asyncio.AbstractEventLoop] = uvloop.new_event_loop
    return factory


async def start_later(delay: float, run: Any) -> None:
    await asyncio.sleep(delay)
    await run


def ms(x: float) -> str:
    return f"{1000 * x:.1f}"


def line(name: str, f: Figures, wall: float, cpu: float | None) -> str:
    """One report line: a game's figures (or the overall ones with the server's CPU)."""
    q, cq, dq = quantiles(f.latencies), quantiles(f.clicks), quantiles(f.delivery)
    text = (f"{name}: {f.tables} tables ({f.finished} games over), {f.moves} moves = "
            f"{f.moves / wall:.1f} actions/s; move p50 {ms(q[49])} / p95 {ms(q[94])} / "
            f"p99 {ms(q[98])} ms")
    if f.clicks:
        text += f"; {len(f.clicks)} clicks p50 {ms(cq[49])} / p95 {ms(cq[94])} ms"
    text += f"; view delivery p50 {ms(dq[49])} / p95 {ms(dq[94])} ms"
    if f.fallbacks:
        text += f"; {f.fallbacks} click walks fell back to a legal move"
    if f.resent:
        text += f"; {f.resent} requests sent again (connection closed before an answer)"
    if cpu is not None:
        text += (f"; server CPU {cpu:.1f} s ({100 * cpu / wall:.0f}% of one core, "
                 f"{1000 * cpu / max(f.moves, 1):.1f} ms a move)")
    text += f"; {f.errors} errors"
    return text


def report(tables: int, args: argparse.Namespace, figures: dict[str, Figures], wall: float,
           cpu: float | None, client_cpu: float) -> Figures:
    total = Figures()
    for f in figures.values():
        total.add(f)
    print(f"{tables} tables, think {args.think:g} s, input {args.input}, {wall:.1f} s, "
          f"load average {load_average()} (1 min), client CPU {client_cpu:.1f} s:", flush=True)
    if len(figures) > 1:
        for game, f in figures.items():
            print("  " + line(game, f, wall, None), flush=True)
    print("  " + line("overall" if len(figures) > 1 else next(iter(figures)), total, wall, cpu),
          flush=True)
    for message in total.messages:
        print(f"    error: {message}", flush=True)
    return total


def run_load(tables: int, games: list[str], args: argparse.Namespace) -> Figures:
    """One load: a fresh server (or ``--servers`` of them), ``tables`` tables of
    ``games``, the report; the totals."""
    with tempfile.TemporaryDirectory() as tmp:
        cluster = getattr(args, "cluster", None)   # main's PostgreSQL with --pg
        db = cluster.new_database() if cluster is not None else None
        servers: list[tuple[subprocess.Popen[bytes], str]] = []
        logs = [f"server-{k + 1}.log" if args.servers > 1 else "server.log"
                for k in range(args.servers)]
        try:
            for name in logs:
                servers.append(start_server(tmp, SERVER_OPTIONS.get(args.attack, [])
                                            if args.attack else None, db, args.workers,
                                            name))
            procs, urls = [p for p, _u in servers], [u for _p, u in servers]
            catalogue = httpx.get(urls[0] + "/api/games", timeout=30).json()
            unknown = set(games) - {g["name"] for g in catalogue}
            if unknown:
                raise SystemExit(f"--games: the server has no {', '.join(sorted(unknown))}; "
                                 f"it has {', '.join(g['name'] for g in catalogue)}")
            plan = setups(catalogue, games, tables)
            print(f"{tables} tables of {', '.join(games)} (load average {load_average()}):",
                  flush=True)
            spy = None
            if args.profile:
                # py-spy (pip install py-spy) samples the (first) server for the whole run
                out = f"{args.profile}-{tables}.txt"
                spy = subprocess.Popen([py_spy(), "record", "-p", str(procs[0].pid), "-r",
                                        "200", "-f", "raw", "-o", out, "--nonblocking"],
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            before, mine = [cpu_seconds(p.pid) for p in procs], time.process_time()
            pg_before = postgres_cpu(cluster)
            with asyncio.Runner(loop_factory=loop_factory()) as runner:
                figures, wall = runner.run(drive(urls, plan, args))
            after = [cpu_seconds(p.pid) for p in procs]
            pg_after = postgres_cpu(cluster)
            cpu = (sum(a - b for a, b in zip(after, before))  # type: ignore[operator]
                   if None not in before and None not in after else None)
            total = report(tables, args, figures, wall, cpu, time.process_time() - mine)
            if pg_before is not None and pg_after is not None and total.moves:
                pg = pg_after - pg_before
                print(f"  PostgreSQL CPU {pg:.1f} s ({100 * pg / wall:.0f}% of one core, "
                      f"{1000 * pg / total.moves:.1f} ms a move; the whole cluster)", flush=True)
            if spy is not None:
                spy.send_signal(signal.SIGINT)
                spy.wait(timeout=30)
                print(f"  server profile (py-spy, raw stacks): {out}")
        finally:
            for proc, _url in servers:
                stop_server(proc)
            log = ""
            for name in logs:
                path = Path(tmp, name)
                text = path.read_text() if path.exists() else ""
                log += text
                if text.strip():
                    print(f"{name} (last lines):", *text.splitlines()[-12:], sep="\n  ")
    # an exception the server caught and logged (a request answered 500, a socket handler
    # that failed) is an error of the load even when no client saw it
    failures = log.count("Traceback (most recent call last)")
    if failures:
        total.error(f"the server logged {failures} tracebacks (its last lines above)")
        print(f"  {failures} tracebacks in the server log: counted as errors", flush=True)
    return total


def parse_args(argv: list[str] | None = None) -> tuple[argparse.Namespace, list[int], list[str]]:
    ap = argparse.ArgumentParser(prog="bench_web.py", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tables", default="20,100,200",
                    help="concurrent tables, or a comma list of loads run one after another")
    ap.add_argument("--games", default=",".join(GAMES),
                    help="the games played, tables spread evenly (default: all four)")
    ap.add_argument("--think", type=float, default=2.0,
                    help="seconds a seat thinks before each move (times 0.5..1.5); 0: closed loop")
    ap.add_argument("--moves", type=int, default=20, help="moves per table at most")
    ap.add_argument("--seconds", type=float, default=60.0, help="time budget of each load")
    ap.add_argument("--input", choices=("click", "list"), default="click",
                    help="click: moves made by clicking the drawing's targets as a page does; "
                         "list: a random legal move of the view (no click requests)")
    ap.add_argument("--each", action="store_true",
                    help="after the mixed load, run each game alone with as many tables "
                         "(its server CPU per move)")
    ap.add_argument("--every", type=float, default=10.0,
                    help="seconds between progress lines")
    ap.add_argument("--profile", metavar="PREFIX",
                    help="sample the server with py-spy into PREFIX-<tables>.txt")
    ap.add_argument("--seed", type=int, default=1, help="seed of the bench's think times "
                    "and choices")
    ap.add_argument("--pg", action="store_true",
                    help="store the tables on PostgreSQL (a new database each load on the "
                         "server at $REGALIA_PG_URL, else on a throwaway cluster started "
                         "from Debian's postgresql binaries) instead of SQLite")
    ap.add_argument("--workers", type=int, default=1,
                    help="server processes (regalia serve --workers; more than 1 needs --pg)")
    ap.add_argument("--servers", type=int, default=1,
                    help="separate regalia serve processes on the one store, each table "
                         "pinned to one (as a proxy routing by table does; more than 1 "
                         "needs --pg)")
    ap.add_argument("--attack", choices=ATTACKS,
                    help="run this attack beside the tables (their latency is the victims'); "
                         "the server keeps its default limits")
    args = ap.parse_args(argv)
    try:
        loads = [int(x) for x in args.tables.split(",")]
    except ValueError:
        ap.error(f"--tables {args.tables!r}: whole numbers, e.g. 20,100,200")
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    if not games or len(set(games)) != len(games):
        ap.error(f"--games {args.games!r}: a comma list of distinct games, e.g. "
                 f"{','.join(GAMES)}")
    if not (all(1 <= n <= 2000 for n in loads) and 1 <= args.moves <= 1000
            and 0 < args.seconds <= 3600 and 0 <= args.think <= 60
            and 1 <= args.every <= 600):
        ap.error("--tables 1..2000, --moves 1..1000, --seconds up to 3600, --think 0..60, "
                 "--every 1..600")
    if not 1 <= args.workers <= 8 or (args.workers > 1 and not args.pg):
        ap.error("--workers 1..8; more than one process needs a shared store: --pg")
    if not 1 <= args.servers <= 8 or (args.servers > 1 and not args.pg):
        ap.error("--servers 1..8; more than one server needs a shared store: --pg")
    return args, loads, games


def main(argv: list[str] | None = None,
         run: Callable[[int, list[str], argparse.Namespace], Figures] = run_load) -> int:
    """Run every load; exit status 1 when a load had errors (0 otherwise)."""
    args, loads, games = parse_args(argv)
    errors = 0
    if args.pg:
        sys.path.insert(0, str(SRC.parent / "tests"))
        from pg_cluster import Postgres, Unavailable

        try:
            args.cluster = Postgres()
        except Unavailable as exc:
            raise SystemExit(f"--pg: {exc}") from None
    try:
        for n in loads:
            errors += run(n, games, args).errors
            if args.each and len(games) > 1:
                for game in games:
                    errors += run(n, [game], args).errors
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    finally:
        if getattr(args, "cluster", None) is not None:
            args.cluster.close()
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
