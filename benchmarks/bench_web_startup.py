"""Start-up time and memory of ``regalia serve`` with many finished tables stored (issue 23).

For each count N (``--stored 0,1000,10000``) the bench writes N finished games (random
2-player Kingdomino games, each its real record: seed and every action, through the
store's own API) into a fresh SQLite store, starts a real ``regalia serve`` on it, and
prints the time from the process's start until ``GET /api/games`` answers (and the server
process's CPU seconds by then, which the machine's load does not change), the server's
resident memory then (its own process, from ``/proc``), after ``GET /api/tables``, and
after viewing ``--views`` of the finished tables once each (they are loaded, then let go
after ``Settings.finished_idle``; the bench does not wait for that). Start-up reads only
the tables whose computer player is to move, so time and memory should not grow with N.

Usage: python benchmarks/bench_web_startup.py [--stored 0,1000,10000] [--views 100]
       [--src OTHER/src]   # another checkout's server on the same stores (before/after)
"""

from __future__ import annotations

import argparse
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

SRC = Path(__file__).resolve().parents[1] / "src"
sys.path.insert(0, str(SRC))

import regalia  # noqa: E402
from regalia.web.store import OVER, SeatRow, Store  # noqa: E402


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of process ``pid`` so far (from /proc; load-independent,
    unlike the wall time to readiness)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def fill(db: str, n: int) -> None:
    """N finished random Kingdomino games in the store at ``db``."""
    store = Store(db)
    game = regalia.load_game("kingdomino", players=2)
    for i in range(n):
        s = game.new_initial_state(i)
        rng = random.Random(i)
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(s.sample_chance_outcome(s.dealer()))
            else:
                legal = s.legal_actions()
                s.apply_action(legal[rng.randrange(len(legal))])
        tid = f"done{i:06d}"
        store.create_table(tid, "kingdomino", game.params, i,
                           [SeatRow(k, "here", None, f"P{k + 1}", None) for k in range(2)],
                           {"hints": False, "pace": 0})
        store.append_actions(tid, 0, list(s.history()), OVER)
    store.close()


def measure(n: int, views: int, src: Path = SRC) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        db = f"sqlite:///{tmp}/tables.sqlite"
        t = time.monotonic()
        fill(db, n)
        filled = time.monotonic() - t
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port = sock.getsockname()[1]
        url = f"http://127.0.0.1:{port}"
        env = {**os.environ, "PYTHONPATH": str(src), "XDG_DATA_HOME": tmp}
        started = time.monotonic()
        proc = subprocess.Popen([sys.executable, "-m", "regalia", "serve", "--port",
                                 str(port), "--db", db,
                                 *(["--rate-limit", "request=off"] if src == SRC else [])],
                                env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            while True:
                try:
                    if httpx.get(url + "/api/games", timeout=2).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                if time.monotonic() - started > 120:
                    raise SystemExit("the server did not start in 120 s")
                time.sleep(0.02)
            ready = time.monotonic() - started
            ready_cpu = cpu_seconds(proc.pid)
            time.sleep(2)   # the worker processes start in the background
            at_start = rss_mib(proc.pid)
            httpx.get(url + "/api/tables", timeout=30)
            listed = rss_mib(proc.pid)
            with httpx.Client(base_url=url, timeout=30) as c:
                for i in range(min(views, n)):
                    c.get(f"/api/tables/done{i:06d}")
                health = c.get("/healthz")
                live = health.json()["tables_live"] if health.status_code == 200 else "?"
            viewed = rss_mib(proc.pid)
        finally:
            proc.terminate()
            proc.wait(timeout=20)
        print(f"{n:>6} finished tables stored (written in {filled:.0f} s): ready in "
              f"{ready:.2f} s ({ready_cpu:.2f} s of the server's CPU); server RSS {at_start:.0f} MiB at start, {listed:.0f} MiB "
              f"after the lobby's list, {viewed:.0f} MiB after viewing {min(views, n)} of "
              f"them ({live} then in memory); load average "
              f"{os.getloadavg()[0]:.1f}", flush=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--stored", default="0,1000,10000",
                    help="finished tables stored, a comma list of counts")
    ap.add_argument("--views", type=int, default=100,
                    help="finished tables viewed once each after start-up")
    ap.add_argument("--src", type=Path, default=SRC,
                    help="the src folder of the regalia whose server is measured (default: "
                         "this checkout; another checkout's for a before/after)")
    args = ap.parse_args()
    counts = [int(x) for x in args.stored.split(",")]
    if not all(0 <= n <= 100_000 for n in counts) or not 0 <= args.views <= 10_000:
        ap.error("--stored counts 0..100000, --views 0..10000")
    for n in counts:
        measure(n, args.views, args.src.resolve())
    return 0


if __name__ == "__main__":
    sys.exit(main())
