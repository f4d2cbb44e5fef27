"""The web table under load (issues 12 and 13): ``benchmarks/bench_web.py`` drives a real
``regalia serve`` process with a mix of the four games through the public API, and the
server keeps idle connections open long enough for a person's pace."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("uvicorn")
pytest.importorskip("websockets")
pytest.importorskip("httpx")

sys.path.insert(0, str(Path(__file__).parents[2] / "benchmarks"))
import bench_web  # noqa: E402

from regalia.web.server import KEEP_ALIVE_SECONDS  # noqa: E402
from regalia.web.catalogue import games_catalogue  # noqa: E402


def test_tables_are_spread_evenly_over_games_player_counts_and_parameters():
    plan = bench_web.setups(games_catalogue(), list(bench_web.GAMES), 48)
    assert Counter(s.game for s in plan) == {g: 12 for g in bench_web.GAMES}
    players = {g: Counter(s.players for s in plan if s.game == g) for g in bench_web.GAMES}
    assert players == {"kingdomino": {2: 4, 3: 4, 4: 4}, "two-heirs": {1: 6, 2: 6},
                       "cascadito": {1: 3, 2: 3, 3: 3, 4: 3},
                       "inheritors": {2: 4, 3: 4, 4: 4}}
    # Heinrich's level only solo (levels 1 to 3 in turn), every Cascadito sheet
    heirs = [s for s in plan if s.game == "two-heirs"]
    assert [s.params for s in heirs if s.players == 2] == [{}] * 6
    assert sorted(s.params["level"] for s in heirs if s.players == 1) == [1, 1, 2, 2, 3, 3]
    sheets = Counter(s.params["sheet"] for s in plan if s.game == "cascadito")
    assert sheets == {1: 3, 2: 3, 3: 3, 4: 3}
    assert all(s.params == {} for s in plan if s.game in ("kingdomino", "inheritors"))


@pytest.mark.parametrize("argv, named", [
    (["--tables", "0"], "--tables 1..2000"), (["--tables", "a,b"], "--tables 'a,b'"),
    (["--moves", "0"], "--moves 1..1000"), (["--games", ""], "--games ''"),
    (["--games", "kingdomino,kingdomino"], "distinct games"),
    (["--seconds", "-1"], "--seconds up to 3600"), (["--input", "mouse"], "invalid choice"),
    (["--workers", "2"], "needs a shared store: --pg"), (["--workers", "9", "--pg"], "--workers 1..8"),
    (["--servers", "2"], "needs a shared store: --pg"), (["--servers", "0", "--pg"], "--servers 1..8")])
def test_bad_options_are_refused_with_usage(argv, named, capsys):
    with pytest.raises(SystemExit) as exc:
        bench_web.parse_args(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: bench_web.py") and named in err, err


def test_an_unknown_game_is_named(capsys):
    with pytest.raises(SystemExit, match="has no chess; it has"):
        bench_web.run_load(1, ["chess"], bench_web.parse_args(["--games", "chess"])[0])


def test_a_mix_of_the_four_games_is_played_by_clicking_without_errors():
    """One table of each game (Kingdomino 2 players, Two Heirs solo, Cascadito solo,
    Inheritors 2 players), every move made by clicking the drawing's targets as a page
    does, against a real server process. The bench runs as the command it is (its own
    process: an event loop another test keeps running, Playwright's, cannot get in its
    way)."""
    bench = Path(__file__).parents[2] / "benchmarks" / "bench_web.py"
    run = subprocess.run([sys.executable, str(bench), "--tables", "4", "--think", "0",
                          "--moves", "6", "--seconds", "240", "--every", "60"],
                         capture_output=True, text=True, timeout=600)
    out = run.stdout
    assert run.returncode == 0, out + run.stderr
    for game in bench_web.GAMES:
        assert f"  {game}: 1 tables (0 games over), 6 moves" in out, out
    overall = next(line for line in out.splitlines() if "overall:" in line)
    assert "overall: 4 tables (0 games over), 24 moves" in overall
    assert int(re.search(r"; (\d+) clicks", overall).group(1)) >= 24
    assert "fell back" not in out and "sent again" not in out     # every walk clicked
    assert overall.endswith("; 0 errors") and "server CPU" in overall
    assert "load average" in out and "Traceback" not in out + run.stderr


def test_two_servers_on_postgresql_each_table_pinned_to_one(request):
    """``--pg --servers 2``: two ``regalia serve`` processes on one PostgreSQL store, the
    tables shared out between them, every move played."""
    pg = request.getfixturevalue("postgres")
    bench = Path(__file__).parents[2] / "benchmarks" / "bench_web.py"
    env = dict(os.environ)
    if pg.cluster is not None:
        # the bench makes its own cluster unless told of one: tell it of the tests' server
        env["REGALIA_PG_URL"] = str(pg.cluster.url)
    run = subprocess.run([sys.executable, str(bench), "--pg", "--servers", "2", "--tables",
                          "4", "--think", "0", "--moves", "4", "--seconds", "240",
                          "--every", "60"], capture_output=True, text=True, timeout=600,
                         env=env)
    out = run.stdout
    assert run.returncode == 0, out + run.stderr
    overall = next(line for line in out.splitlines() if "overall:" in line)
    assert "overall: 4 tables (0 games over), 16 moves" in overall, out
    assert overall.endswith("; 0 errors") and "server CPU" in overall
    assert "Traceback" not in out + run.stderr


def http_get(sock: socket.socket) -> bytes:
    sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = sock.recv(65536)
        if not chunk:
            return head
        head += chunk
    headers, body = head.split(b"\r\n\r\n", 1)
    length = int(next(line.split(b":")[1] for line in headers.split(b"\r\n")
                      if line.lower().startswith(b"content-length")))
    while len(body) < length:
        body += sock.recv(65536)
    return headers


def test_an_idle_connection_is_kept_longer_than_uvicorns_five_seconds(tmp_path):
    """A page sends its next request after its person thought: on a connection idle for
    6 s it must still be answered (uvicorn's default closed it after 5 s, and a request
    sent as it closed was lost: the bench's ReadErrors)."""
    assert KEEP_ALIVE_SECONDS >= 60
    proc, url = bench_web.start_server(str(tmp_path))
    try:
        port = int(url.rsplit(":", 1)[1])
        with socket.create_connection(("127.0.0.1", port), timeout=20) as sock:
            assert http_get(sock).startswith(b"HTTP/1.1 200")
            time.sleep(6)
            assert http_get(sock).startswith(b"HTTP/1.1 200")
    finally:
        bench_web.stop_server(proc)
