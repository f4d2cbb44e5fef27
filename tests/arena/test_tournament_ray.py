"""A small tournament on a local Ray instance gives exactly the serial results (skipped
when Ray, the optional extra ``regalia[ray]``, is not installed)."""

from __future__ import annotations

import json

import pytest

ray = pytest.importorskip("ray")

import regalia  # noqa: E402
from regalia.arena import GameFailed, RayExecutor, run_tournament  # noqa: E402
from regalia.arena.tournament import GameTask, run_game  # noqa: E402
from regalia.cli.app import app  # noqa: E402

LINEUP = ["mcts:iterations=3", "greedy"]


@pytest.fixture(scope="module")
def local_ray():
    started = not ray.is_initialized()
    if started:
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
                 logging_level="error")
    yield ray
    if started:
        ray.shutdown()


def test_ray_tournament_equals_the_serial_one(local_ray):
    game = regalia.load_game("kingdomino", players=2)
    serial = run_tournament(game, LINEUP, 3, seed=5)
    on_ray = run_tournament(game, LINEUP, 3, seed=5, executor=RayExecutor(workers=2))
    assert on_ray == serial
    assert [g.index for g in on_ray.games] == list(range(6))
    assert on_ray.backend.startswith("ray, local instance")
    assert ray.is_initialized()  # an instance started by the caller is left running


def test_a_failing_game_on_ray_raises_game_failed(local_ray):
    task = GameTask(index=1, deal=0, rotation=1, seed=42, agents=("greedy", "random"),
                    game="kingdomino", params={"players": 9})
    with pytest.raises(GameFailed, match="seed 42"):
        list(RayExecutor(workers=1).map_unordered(run_game, [task]))


def test_cli_on_ray(local_ray, tmp_path):
    from typer.testing import CliRunner

    out_ray, out_serial = tmp_path / "ray.json", tmp_path / "serial.json"
    env = {"COLUMNS": "100", "NO_COLOR": "1", "TERM": "dumb"}
    args = ["tournament", "kingdomino", "-a", "random,greedy", "-n", "2", "-s", "8"]
    r1 = CliRunner().invoke(app, [*args, "--backend", "ray", "-o", str(out_ray)], env=env)
    r2 = CliRunner().invoke(app, [*args, "--backend", "serial", "-o", str(out_serial)],
                            env=env)
    assert r1.exit_code == 0 and r2.exit_code == 0, r1.output + r2.output
    a, b = json.loads(out_ray.read_text()), json.loads(out_serial.read_text())
    timing = "seconds_per_move"
    assert ([{k: v for k, v in r.items() if k != timing} for r in a["summary"]]
            == [{k: v for k, v in r.items() if k != timing} for r in b["summary"]])
    assert [g["actions"] for g in a["games"]] == [g["actions"] for g in b["games"]]
