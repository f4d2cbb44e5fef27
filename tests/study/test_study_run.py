"""Running a study: the same games serial, in a process pool and on Ray; an interrupted
run resumed gives the same files; a directory holding another study is refused."""

from __future__ import annotations

import json

import pytest

from regalia.arena.executors import ProcessExecutor, SerialExecutor, make_executor
from regalia.core.registry import load_game
from regalia.study import GAMES_FILE, StudyDirError, finish, plan_study, run_study


def kingdomino_plan(question="seats", deals=24, lineup=("greedy", "greedy")):
    return plan_study(question, load_game("kingdomino", players=2), list(lineup), deals, 7)


def outputs(directory):
    """The files of a finished study, summary.json without its run section."""
    summary = json.loads((directory / "summary.json").read_text())
    summary.pop("run")
    return ((directory / "games.csv").read_bytes(), summary,
            (directory / "report.html").read_bytes())


def run_into(directory, plan, executor):
    games, resumed, _ = run_study(plan, executor, directory)
    finish(directory, plan, games, {"backend": executor.describe()}, "cmd")
    return games, resumed


@pytest.mark.parametrize("question", ["seats", "components"])
def test_serial_and_process_pool_give_the_same_files(tmp_path, question):
    plan = kingdomino_plan(question, lineup=("greedy", "onestep"))  # mixed: 2 rotations
    assert plan.total == 48
    serial, _ = run_into(tmp_path / "serial", plan, SerialExecutor())
    pooled, _ = run_into(tmp_path / "pool", plan, ProcessExecutor(2))
    assert [g.result for g in serial] == [g.result for g in pooled]
    assert outputs(tmp_path / "serial") == outputs(tmp_path / "pool")
    rows = (tmp_path / "serial" / "games.csv").read_text().splitlines()
    assert len(rows) == 1 + 48 * 2  # one row per game and seat
    if question == "components":
        assert rows[0].endswith("taken:domino,taken:first-pick")


@pytest.mark.slow  # a local Ray instance takes about 20 s to start: run with -m slow
def test_ray_gives_the_same_games(tmp_path):
    pytest.importorskip("ray")
    plan = kingdomino_plan(deals=12)
    serial, _ = run_into(tmp_path / "serial", plan, SerialExecutor())
    rayed, _ = run_into(tmp_path / "ray", plan, make_executor("ray", 2))
    assert [g.result for g in serial] == [g.result for g in rayed]
    assert outputs(tmp_path / "serial") == outputs(tmp_path / "ray")


class Stop(Exception):
    pass


def test_an_interrupted_study_resumes_to_the_same_result(tmp_path):
    plan = kingdomino_plan("variants", deals=10)  # 3 settings: 30 games
    whole, _ = run_into(tmp_path / "whole", plan, SerialExecutor())

    def stop_after(n):
        def progress(done, total):
            if done == n:
                raise Stop
        return progress

    part = tmp_path / "part"
    with pytest.raises(Stop):
        run_study(plan, SerialExecutor(), part, progress=stop_after(11))
    lines = (part / GAMES_FILE).read_text().splitlines()
    assert len(lines) == 11
    # a run killed while writing leaves a torn last line: dropped and played again
    with (part / GAMES_FILE).open("a") as fh:
        fh.write(lines[-1][:40])
    games, resumed = run_into(part, plan, ProcessExecutor(2))
    assert resumed == 11
    assert [g.result for g in games] == [g.result for g in whole]
    assert outputs(part) == outputs(tmp_path / "whole")
    assert len((part / GAMES_FILE).read_text().splitlines()) == 30
    # run again: nothing left to play
    games, resumed = run_into(part, plan, SerialExecutor())
    assert resumed == 30 and len(games) == 30


def test_a_directory_of_another_study_is_refused_unless_restarted(tmp_path):
    run_study(kingdomino_plan(deals=3), SerialExecutor(), tmp_path)
    other = kingdomino_plan(deals=4)
    with pytest.raises(StudyDirError, match=r"holds another study \(deals 3 there, 4 now\)"):
        run_study(other, SerialExecutor(), tmp_path)
    games, resumed, _ = run_study(other, SerialExecutor(), tmp_path, restart=True)
    assert resumed == 0 and len(games) == 4
    with pytest.raises(StudyDirError, match="a file is there"):
        run_study(other, SerialExecutor(), tmp_path / GAMES_FILE)
