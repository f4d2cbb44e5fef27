"""The Two Heirs terminal front end: play (2 players and solo), match with a record,
replay, score a landscape file, data check and --data."""

from __future__ import annotations

import random
import shutil

import pytest

import regalia
from regalia import GameRecord
from regalia.games.two_heirs.components import DEFAULT_TILES
from regalia.games.two_heirs.textformat import format_landscape


def _finished(players=2, seed=4, level=None):
    game = regalia.load_game("two-heirs", players=players,
                             **({"level": level} if level else {}))
    s = game.new_initial_state(seed)
    rng = random.Random(seed)
    from regalia.core.registry import game_policy
    greedy = game_policy("two-heirs", "greedy")
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_random_chance()
        else:
            s.apply_action(greedy(s, rng))
    return game, s


def test_match_with_record_and_replay(cli, tmp_path):
    path = tmp_path / "th.json"
    result = cli("match", "two-heirs", "--players", "greedy,random", "--seed", "5",
                 "--record", str(path))
    assert result.exit_code == 0, result.output
    rec = GameRecord.load(path)
    final = rec.replay()
    assert final.is_terminal()
    assert "Royal reserve" not in result.output                 # a match shows the course
    assert "Turn 1:" in result.output and "total" in result.output
    a, b = final.scores()
    assert f"Seat 1 (greedy) {a:g} · Seat 2 (random) {b:g}" in result.output
    again = cli("replay", str(path), "--brief")
    assert again.exit_code == 0, again.output
    assert f"{a:g}" in again.output


def test_play_two_players_shows_the_table_and_quits(cli):
    result = cli("play", "two-heirs", "--players", "human,greedy", "--seed", "2",
                 input="moves\nboard\nbuild nothing @ 9,9\nquit\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "north: blue" in out and "south: white" in out       # the grid and its frame
    assert "Royal reserve (clockwise from the shield)" in out
    assert "take 1" in out                                      # moves
    assert "Cannot read 'build nothing @ 9,9'" in out
    assert "Game abandoned" in out


def test_play_solo_whole_game_through_stdin(cli, human_inputs, tmp_path):
    game = regalia.load_game("two-heirs", players=1, level=3)
    typed, scores = human_inputs(game, ["human"], 11)
    path = tmp_path / "solo.json"
    result = cli("play", "two-heirs", "--solo", "--level", "3", "--seed", "11",
                 "--record", str(path), input="\n".join(typed) + "\n")
    assert result.exit_code == 0, result.output
    assert "Illegal" not in result.output and "Cannot read" not in result.output
    assert "Heinrich builds" in result.output
    assert "Heinrich the Hammer" in result.output
    rec = GameRecord.load(path)
    assert rec.params["level"] == 3 and rec.scores == scores
    final = rec.replay()
    human, heinrich = final.breakdowns()
    assert f"Seat 1 (you) {human.total} · Heinrich {heinrich.total}" in result.output


def test_solo_options_are_checked(cli):
    bad = cli("play", "kingdomino", "--solo")
    assert bad.exit_code == 2 and "no solo mode" in bad.output
    bad = cli("play", "two-heirs", "--solo", "--players", "human,greedy")
    assert bad.exit_code == 2 and "--solo" in bad.output
    bad = cli("play", "two-heirs")
    assert bad.exit_code == 2 and "--players is required" in bad.output
    bad = cli("match", "two-heirs", "--solo", "--players", "greedy", "--level", "7")
    assert bad.exit_code == 2 and "level must be 1" in bad.output
    ok = cli("match", "two-heirs", "--solo", "--players", "greedy", "--level", "1",
             "--seed", "3", "--quiet")
    assert ok.exit_code == 0, ok.output
    assert "Heinrich" in ok.output


def test_score_a_final_landscape_file(cli, tmp_path):
    game, s = _finished()
    path = tmp_path / "land.txt"
    path.write_text(format_landscape(game.tiles, s.landscape(), s.troop_map()))
    result = cli("score", "two-heirs", str(path))
    assert result.exit_code == 0, result.output
    a, b = s.scores()
    assert f"south (seat 0): {a:g} points" in result.output
    assert f"north (seat 1): {b:g} points" in result.output
    assert "[" in result.output                                  # tile ids are not markup
    bad = cli("score", "two-heirs", str(path), "--size", "5")
    assert bad.exit_code == 2


def test_data_check_and_playing_with_a_data_file(cli, tmp_path):
    mine = tmp_path / "tiles.toml"
    shutil.copy(DEFAULT_TILES, mine)
    ok = cli("data", "check", "two-heirs", str(mine))
    assert ok.exit_code == 0, ok.output
    assert "OK: 54 tiles" in ok.output and "Same content" in ok.output
    broken = tmp_path / "broken.toml"
    broken.write_text(mine.read_text().replace('id = "travel-2"', 'id = "travel-1"', 1))
    bad = cli("data", "check", "two-heirs", str(broken))
    assert bad.exit_code == 1
    assert "ids must be unique" in bad.output
    played = cli("match", "two-heirs", "-p", "random,random", "--seed", "1", "--data",
                 str(mine), "--quiet")
    assert played.exit_code == 0, played.output
    refused = cli("match", "two-heirs", "-p", "random,random", "--data", str(broken))
    assert refused.exit_code == 1


def test_param_chooses_sets_and_roads_and_is_recorded(cli, tmp_path):
    # "Select 3 of these sets" and "For your first game, we recommend not scoring roads":
    # both reach the game through --param and are kept in the record.
    path = tmp_path / "war.json"
    result = cli("match", "two-heirs", "-p", "greedy,random", "--seed", "3", "--quiet",
                 "--param", "sets=war,patrol,crafts", "--param", "roads=false",
                 "--record", str(path))
    assert result.exit_code == 0, result.output
    rec = GameRecord.load(path)
    assert sorted(rec.params["sets"]) == ["crafts", "patrol", "war"]
    assert rec.params["roads"] is False
    assert rec.replay().is_terminal()


@pytest.mark.parametrize("args,message", [
    (["--param", "sets"], "expected KEY=VALUE"),
    (["--param", "colour=red"], "has no parameter(s) colour"),
    (["--param", "players=3"], "number of seats --players lists"),
    (["--solo", "--level", "3", "--param", "level=2"], "already given by its own option"),
])
def test_bad_param_is_named_and_nothing_runs(cli, tmp_path, args, message):
    seats = ["-p", "greedy"] if "--solo" in args else ["-p", "greedy,random"]
    path = tmp_path / "never.json"
    result = cli("match", "two-heirs", *seats, *args, "--record", str(path))
    assert result.exit_code == 2
    assert message in " ".join(result.output.split())
    assert not path.exists()


def test_solo_tournament_against_heinrich(cli, tmp_path):
    out = tmp_path / "solo.json"
    result = cli("tournament", "two-heirs", "--agents", "greedy", "--level", "3",
                 "--games", "3", "--workers", "1", "--seed", "2", "--out", str(out))
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "level 3" in text and "Solo: the win rate" in text and "Parity" not in text
    import json
    data = json.loads(out.read_text())
    assert len(data["games"]) == 3 and data["num_games"] == 3
    assert data["params"]["players"] == 1 and data["params"]["level"] == 3


@pytest.mark.parametrize("players,level", [(2, None), (1, 1), (1, 3)])
def test_final_screen_scores_from_the_seats_observation(players, level):
    """The final screen's breakdowns and result line (Heinrich's solo scoring included)
    are read off the seat's observation; they carry the state's totals."""
    from rich.console import Console

    from regalia.cli.frontends import ui_for

    game, s = _finished(players=players, seed=7, level=level)
    a, b = (bd.total for bd in s.breakdowns())
    console = Console(width=120, record=True, color_system=None)
    console.print(ui_for("two-heirs").final(s, ["Ann", "Bob"]))
    text = " ".join(console.export_text().split())
    second = "Heinrich" if players == 1 else "Bob"
    assert f"Ann {a} · {second} {b}." in text
    assert text.count("total") == 2
    if players == 1:
        assert (f"You win, {a} to {b}." if a > b else f"Heinrich wins, {b} to {a}."
                if b > a else f"Tie at {a}: Heinrich wins ties") in text
