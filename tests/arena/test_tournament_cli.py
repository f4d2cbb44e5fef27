"""`regalia tournament`: a small run matches the library, files, lineups, bad arguments."""

from __future__ import annotations

import csv
import json
import sys

import pytest
from typer.testing import CliRunner

import regalia
from regalia.arena import run_tournament
from regalia.cli.app import app

def summary(data):
    """The JSON summary without the timings (which vary between runs)."""
    return [{k: v for k, v in row.items() if k != "seconds_per_move"} for row in data["summary"]]


ENV = {"COLUMNS": "100", "LINES": "50", "NO_COLOR": "1", "FORCE_COLOR": None, "TERM": "dumb"}


def run(*args: str):
    return CliRunner().invoke(app, ["tournament", *args], env=ENV)


def flat(text: str) -> str:
    return " ".join(text.split())


def test_small_run_prints_parameters_and_standings_and_writes_files(tmp_path):
    out = tmp_path / "res.json"
    result = run("kingdomino", "--agents", "random,greedy", "--games", "2", "--seed", "3",
                 "--workers", "1", "--out", str(out))
    assert result.exit_code == 0, result.output
    text = flat(result.output)
    assert "Kingdomino, 2 players, variants: none" in text
    assert "Lineup (seats 1-2 in the first rotation): random, greedy" in text
    assert "2 deals x 2 seat rotations = 4 games, seed 3; running on serial (1 worker)" in text
    lib = run_tournament(regalia.load_game("kingdomino", players=2), ["random", "greedy"], 2,
                         seed=3)
    for s in lib.standings():
        rating = f"{s.rating:+.0f}"
        assert (f"{s.agent} {s.games} {100 * s.win_rate:.1f}% "
                f"[{100 * s.ci_low:.1f}-{100 * s.ci_high:.1f}] {s.mean_score:.1f} ± "
                f"{s.std_score:.1f} {rating} ") in text
    assert "Parity (an even share) is 50.0% with 2 players" in text
    assert "Results written to" in text
    data = json.loads(out.read_text())
    assert summary(data) == summary(json.loads(json.dumps(lib.to_json())))
    assert [g["scores"] for g in data["games"]] == [list(g.scores) for g in lib.games]
    with (tmp_path / "res.csv").open(newline="") as fh:
        assert len(list(csv.DictReader(fh))) == 4 * 2


def test_default_process_backend_gives_the_same_results(tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    r1 = run("kingdomino", "-a", "random,greedy", "-n", "2", "-s", "4", "-w", "2", "-o", str(a))
    r2 = run("kingdomino", "-a", "random,greedy", "-n", "2", "-s", "4", "-b", "serial",
             "-o", str(b))
    assert r1.exit_code == 0 and r2.exit_code == 0, r1.output + r2.output
    assert "process (2 workers)" in r1.output
    ja, jb = json.loads(a.read_text()), json.loads(b.read_text())
    assert summary(ja) == summary(jb)
    timing = {"seconds", "seat_seconds"}
    strip = [{k: v for k, v in g.items() if k not in timing} for g in ja["games"]]
    assert strip == [{k: v for k, v in g.items() if k not in timing} for g in jb["games"]]


def test_agent_options_stay_with_their_agent_and_seats_are_filled_in_order():
    result = run("kingdomino", "--agents", "mcts:iterations=2,c=0.5,random", "--players", "4",
                 "--games", "1", "--seed", "1", "-w", "1")
    assert result.exit_code == 0, result.output
    text = flat(result.output)
    assert ("Lineup (seats 1-4 in the first rotation): mcts:iterations=2,c=0.5, random, "
            "mcts:iterations=2,c=0.5, random") in text
    assert "1 deal x 4 seat rotations = 4 games" in text
    assert "mcts:iterations=2,c=0.5 8 " in text  # 2 seats in each of 4 games


def test_one_agent_plays_itself_and_the_seed_is_printed():
    result = run("kingdomino", "--agents", "random", "--games", "1", "-w", "1")
    assert result.exit_code == 0, result.output
    assert "Lineup (seats 1-2 in the first rotation): random, random" in flat(result.output)
    assert ", seed " in result.output


def test_help_has_examples():
    result = CliRunner().invoke(app, ["tournament", "--help"], env=ENV)
    assert result.exit_code == 0
    assert "Run a tournament" in result.output
    assert "regalia tournament kingdomino" in result.output.split("Examples", 1)[1]
    assert "tournament" in CliRunner().invoke(app, ["--help"], env=ENV).output


@pytest.mark.parametrize("args,message", [
    (["-a", "greedy,nobody", "-n", "2"], "unknown agent 'nobody'"),
    (["-a", "greedy,mcts:depth=2", "-n", "2"], "no option 'depth'"),
    (["-a", "greedy,human", "-n", "2"], "unknown agent 'human'"),
    (["-a", "greedy,,random", "-n", "2"], "--agents 'greedy,,random' has an empty entry"),
    (["-a", "greedy,random", "-n", "0"],
     "--games (the number of deals) must be a whole number from 1 to 100,000, got 0"),
    # issue 23: 10**15 deals were accepted (and would have filled the memory)
    (["-a", "greedy,random", "-n", str(10**15)],
     "--games (the number of deals) must be a whole number from 1 to 100,000, got "
     "1000000000000000"),
    (["-a", "greedy,random", "-n", "2", "-w", "0"], "workers must be a whole number >= 1"),
    (["-a", "greedy,random", "-n", "2", "-b", "dask"],
     "unknown backend 'dask'; backends: process, ray, serial"),
    (["-a", "greedy,random", "-n", "2", "--address", "auto"], "is for the ray backend"),
    (["-a", "greedy,random", "-n", "2", "--players", "5"],
     "--players 5: Kingdomino is for 2 to 4 players"),
    (["-a", "greedy,random,random", "-n", "2", "--players", "2"],
     "--agents lists 3 agents for 2 seats"),
    (["-a", "greedy,random,random,random,random", "-n", "2"],
     "--agents lists 5 agents; Kingdomino is for 2 to 4 players"),
    (["-a", "greedy,random", "-n", "2", "-v", "nonsense"], "nonsense"),
])
def test_bad_arguments_exit_2_with_a_message(args, message):
    result = run("kingdomino", *args)
    assert result.exit_code == 2, result.output
    assert message in flat(result.output)
    assert "Traceback" not in result.output


def test_unknown_game_exits_2():
    result = run("chess", "-a", "greedy", "-n", "1")
    assert result.exit_code == 2
    assert "unknown game 'chess'" in result.output


def test_ray_missing_exits_2_with_the_install_hint(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray -> ImportError
    result = run("kingdomino", "-a", "greedy,random", "-n", "1", "--backend", "ray")
    assert result.exit_code == 2
    assert "pip install 'regalia[ray]'" in flat(result.output)


# ---------------------------------------------------------------------- progress lines
class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_progress_lines_give_games_done_rate_and_time_left():
    from regalia.cli.tournament import ProgressLines
    clock, lines = FakeClock(), []
    p = ProgressLines(40, lines.append, seconds=5.0, clock=clock)
    clock.now += 2.0
    p(1)  # the first game: always a line
    clock.now += 0.3
    p(2)  # no tenth crossed: silence
    clock.now += 0.5
    p(4)  # a tenth crossed, but within a second of the last line: silence
    clock.now += 3.2
    p(5)  # 6 s after the start, 4 s after the last line, a tenth crossed
    clock.now += 6.0
    p(6)  # 6 s of silence
    clock.now += 8.0
    p(40)
    assert lines == ["1/40 games, 0.5 games/s, 1 min 18 s left",
                     "5/40 games, 0.8 games/s, 42 s left",
                     "6/40 games, 0.5 games/s, 1 min 08 s left",
                     "40/40 games, 2.0 games/s, done in 20 s"]


def test_tournament_prints_progress_lines_when_not_on_a_terminal():
    result = run("kingdomino", "-a", "greedy,random", "-n", "3", "-w", "1", "-s", "1")
    assert result.exit_code == 0, result.output
    assert "1/6 games, " in result.output and " games/s, " in result.output
    assert "6/6 games, " in result.output and "done in" in result.output
