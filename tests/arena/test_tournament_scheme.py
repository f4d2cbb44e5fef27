"""Tournaments: seat rotation over fixed deals, determinism across executors, results as
JSON and CSV, errors."""

from __future__ import annotations

import csv
import json
import sys
from collections import Counter

import pytest

import regalia
from regalia.agents import derive_seed
from regalia.arena import (BackendUnavailable, GameFailed, ProcessExecutor, SerialExecutor,
                           TournamentResult, expand_lineup, make_executor, play_match, rotate,
                           run_tournament, tournament_tasks)
from regalia.arena.tournament import CSV_COLUMNS, GameTask, output_paths, run_game
from regalia.core.errors import ParameterError, UnknownNameError

LINEUP4 = ["mcts:iterations=2", "greedy", "random", "mce:iterations=2"]


@pytest.fixture(scope="module")
def kingdomino2():
    return regalia.load_game("kingdomino", players=2)


@pytest.fixture(scope="module")
def kingdomino4():
    return regalia.load_game("kingdomino", players=4)


@pytest.fixture(scope="module")
def small(kingdomino2):
    """3 deals of greedy against a tiny mcts: 6 games, serial."""
    return run_tournament(kingdomino2, ["mcts:iterations=3", "greedy"], 3, seed=5)


# ---------------------------------------------------------------------- the scheme
def test_every_entry_sits_in_every_seat_once_per_deal_on_the_same_seed(kingdomino4):
    tasks = tournament_tasks(kingdomino4, LINEUP4, deals=3, seed=9)
    assert [t.index for t in tasks] == list(range(12))
    seeds = [derive_seed(9, "deal", i) for i in range(3)]
    assert len(set(seeds)) == 3
    for deal in range(3):
        games = [t for t in tasks if t.deal == deal]
        assert [t.rotation for t in games] == [0, 1, 2, 3]
        assert {t.seed for t in games} == {seeds[deal]}
        for seat in range(4):
            assert sorted(t.agents[seat] for t in games) == sorted(LINEUP4)
        for t in games:
            assert sorted(t.agents) == sorted(LINEUP4)
            assert t.index == 4 * deal + t.rotation
            assert list(t.agents) == [LINEUP4[(s - t.rotation) % 4] for s in range(4)]
    # over the tournament each agent holds each seat exactly `deals` times
    assert Counter((t.agents[s], s) for t in tasks for s in range(4)) == {
        (a, s): 3 for a in LINEUP4 for s in range(4)}


def test_rotation_of_a_lineup_with_repeated_agents(kingdomino4):
    lineup = ["mcts:iterations=2", "greedy", "greedy", "greedy"]
    tasks = tournament_tasks(kingdomino4, lineup, deals=2, seed=0)
    assert [t.agents for t in tasks[:4]] == [
        ("mcts:iterations=2", "greedy", "greedy", "greedy"),
        ("greedy", "mcts:iterations=2", "greedy", "greedy"),
        ("greedy", "greedy", "mcts:iterations=2", "greedy"),
        ("greedy", "greedy", "greedy", "mcts:iterations=2")]
    assert rotate(["a", "b", "c"], 1) == ["c", "a", "b"]


def test_expand_lineup_repeats_agents_in_order():
    assert expand_lineup(["A", "B"], 4) == ["A", "B", "A", "B"]
    assert expand_lineup(["A", "B"], 3) == ["A", "B", "A"]
    assert expand_lineup([" A "], 2) == ["A", "A"]
    assert expand_lineup(["A", "B", "C"], 3) == ["A", "B", "C"]
    with pytest.raises(ParameterError, match="3 agents for 2 seats"):
        expand_lineup(["A", "B", "C"], 2)
    with pytest.raises(ParameterError):
        expand_lineup([], 2)


def test_each_game_is_play_match_with_the_rotated_seats(small, kingdomino2):
    assert [g.index for g in small.games] == list(range(6))
    for g in small.games:
        m = play_match(kingdomino2, list(g.agents), g.seed)
        assert list(g.scores) == m.scores
        assert list(g.returns) == m.returns
        assert list(g.actions) == m.state.history()
        assert g.length == len(m.state.history())
        assert 0 < g.moves < g.length
        assert sum(g.seat_moves) == g.moves and len(g.seat_seconds) == 2
        assert all(t >= 0 for t in g.seat_seconds) and sum(g.seat_seconds) <= g.seconds
        assert sum(g.returns) == pytest.approx(1.0)


def test_standings_count_every_seat(small):
    mcts, greedy = small.standings()
    assert small.agents == ["mcts:iterations=3", "greedy"]
    assert mcts.games == greedy.games == 6
    assert mcts.seat_games == greedy.seat_games == (3, 3)
    assert mcts.wins + greedy.wins == pytest.approx(6.0)
    assert mcts.rating == pytest.approx(-greedy.rating)
    assert mcts.moves + greedy.moves == sum(g.moves for g in small.games)
    assert mcts.seconds_per_move > 0 and greedy.seconds_per_move > 0


def test_repeated_agent_standings(kingdomino4):
    result = run_tournament(kingdomino4, ["random", "greedy", "greedy", "greedy"], 1, seed=2)
    rnd, greedy = result.standings()
    assert (rnd.games, greedy.games) == (4, 12)
    assert greedy.seat_games == (3, 3, 3, 3)
    assert rnd.wins + greedy.wins == pytest.approx(4.0)


# ---------------------------------------------------------------------- determinism
def test_same_seed_same_results_whichever_executor(small, kingdomino2):
    again = run_tournament(kingdomino2, ["mcts:iterations=3", "greedy"], 3, seed=5,
                           executor=SerialExecutor())
    assert again == small
    pooled = run_tournament(kingdomino2, ["mcts:iterations=3", "greedy"], 3, seed=5,
                            executor=ProcessExecutor(workers=2))
    assert pooled == small
    assert pooled.backend == "process (2 workers)"
    assert pooled.to_json()["games"][0]["actions"] == small.to_json()["games"][0]["actions"]
    other = run_tournament(kingdomino2, ["mcts:iterations=3", "greedy"], 3, seed=6)
    assert other.games != small.games


def test_progress_is_called_once_per_game(kingdomino2):
    calls = []
    result = run_tournament(kingdomino2, ["random", "random"], 2, seed=1,
                            progress=lambda done, total, r: calls.append((done, total, r.index)))
    assert [(d, t) for d, t, _ in calls] == [(1, 4), (2, 4), (3, 4), (4, 4)]
    assert sorted(i for _, _, i in calls) == [g.index for g in result.games]


def test_make_executor():
    assert isinstance(make_executor("serial", workers=8), SerialExecutor)
    assert isinstance(make_executor("process", workers=1), SerialExecutor)
    ex = make_executor("Process", workers=3)
    assert isinstance(ex, ProcessExecutor) and ex.workers == 3
    assert make_executor().workers >= 1
    with pytest.raises(ParameterError, match="unknown backend 'dask'; backends: process, "
                                             "ray, serial"):
        make_executor("dask")
    with pytest.raises(ParameterError, match="workers must be a whole number >= 1"):
        make_executor("process", workers=0)
    with pytest.raises(ParameterError, match="address is for the ray backend"):
        make_executor("process", address="auto")


def test_ray_missing_gives_the_install_hint(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray -> ImportError
    with pytest.raises(BackendUnavailable, match=r"pip install 'regalia\[ray\]'"):
        make_executor("ray")


# ---------------------------------------------------------------------- errors
def test_bad_tournament_arguments(kingdomino2):
    with pytest.raises(ParameterError, match="deals must be a whole number from 1 to 100,000, got 0"):
        run_tournament(kingdomino2, ["greedy", "random"], 0)
    with pytest.raises(ParameterError, match="from 1 to 100,000, got 1000000000000000"):
        run_tournament(kingdomino2, ["greedy", "random"], 10**15)
    with pytest.raises(ParameterError, match="2 seats; the lineup has 3 agents"):
        run_tournament(kingdomino2, ["greedy", "random", "random"], 1)
    with pytest.raises(UnknownNameError, match="unknown agent 'nobody'"):
        run_tournament(kingdomino2, ["greedy", "nobody"], 1)
    with pytest.raises(UnknownNameError, match="no option 'depth'"):
        run_tournament(kingdomino2, ["greedy", "mcts:depth=3"], 1)


def test_a_failing_game_is_reported_with_its_seed_by_every_executor():
    task = GameTask(index=7, deal=3, rotation=1, seed=42, agents=("greedy", "random"),
                    game="kingdomino", params={"players": 9})
    with pytest.raises(GameFailed, match="game 7 .*seed 42, agents greedy, random"):
        run_game(task)
    with pytest.raises(GameFailed, match="seed 42"):
        list(ProcessExecutor(workers=2).map_unordered(run_game, [task]))


# ---------------------------------------------------------------------- output
def test_json_has_parameters_summary_and_every_game(small, tmp_path):
    data = small.to_json()
    assert data["format"] == "regalia-tournament"
    assert data["game"] == "kingdomino" and data["params"]["players"] == 2
    assert data["lineup"] == ["mcts:iterations=3", "greedy"]
    assert (data["deals"], data["seed"], data["num_games"]) == (3, 5, 6)
    assert data["deal_seeds"] == [derive_seed(5, "deal", i) for i in range(3)]
    assert [s["agent"] for s in data["summary"]] == ["mcts:iterations=3", "greedy"]
    assert set(data["summary"][0]) == {"agent", "games", "wins", "win_rate", "ci95",
                                       "mean_score", "std_score", "rating", "seat_games",
                                       "seat_wins", "moves", "seconds_per_move"}
    assert len(data["games"]) == 6
    assert set(data["games"][0]) == {"index", "deal", "rotation", "seed", "agents", "scores",
                                     "returns", "ranks", "length", "moves", "seat_moves",
                                     "seconds", "seat_seconds", "actions"}
    json_path, csv_path = small.save(tmp_path / "out.json")
    assert (json_path.name, csv_path.name) == ("out.json", "out.csv")
    loaded = json.loads(json_path.read_text())
    assert loaded["summary"] == json.loads(json.dumps(data["summary"]))
    assert TournamentResult.from_json(loaded) == small


def test_csv_has_one_row_per_game_per_seat(small, tmp_path):
    path = small.write_csv(tmp_path / "out.csv")
    with path.open(newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert tuple(rows[0]) == CSV_COLUMNS
    assert len(rows) == 6 * 2
    for g in small.games:
        mine = [r for r in rows if int(r["game"]) == g.index]
        assert [int(r["seat"]) for r in mine] == [0, 1]
        assert [r["agent"] for r in mine] == list(g.agents)
        assert [float(r["score"]) for r in mine] == list(g.scores)
        assert [float(r["return"]) for r in mine] == list(g.returns)
        assert {int(r["seed"]) for r in mine} == {g.seed}
        assert {int(r["length"]) for r in mine} == {g.length}
        assert [int(r["moves"]) for r in mine] == list(g.seat_moves)
        winner = max(range(2), key=lambda s: (g.returns[s], g.scores[s]))
        assert mine[winner]["rank"] == "1"


def test_output_paths():
    assert [p.name for p in output_paths("r.json")] == ["r.json", "r.csv"]
    assert [p.name for p in output_paths("r.csv")] == ["r.json", "r.csv"]
    assert [p.name for p in output_paths("dir/r")] == ["r.json", "r.csv"]
    assert [p.name for p in output_paths("r.v2.JSON")] == ["r.v2.json", "r.v2.csv"]
