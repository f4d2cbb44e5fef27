"""`regalia match` and `regalia replay`: the course, the scores (equal to the library's
play_match with the same seed), records, tampered records, bad arguments."""

from __future__ import annotations

import json
import re

import pytest

import regalia
from regalia.arena import play_match
from regalia.core.record import GameRecord
from regalia.games.kingdomino import view


def expected(players: list[str], seed: int, variants=()):
    game = regalia.load_game("kingdomino", players=len(players), variants=list(variants))
    return play_match(game, players, seed)


def labels_of(players):
    return [f"Seat {i + 1} ({p})" for i, p in enumerate(players)]


def assert_scores_shown(output: str, result, players):
    labels = labels_of(players)
    for label, score, key in zip(labels, result.scores, result.state.tie_break_keys()):
        assert f"{label}: {score} point" in output
        # the result table: seat, points, largest property, crowns
        assert re.search(rf"{re.escape(label)}\s+{key[0]}\s+{key[1]}\s+{key[2]}\b", output), label
    assert view.winner_text(result.state, labels) in " ".join(output.split())


@pytest.mark.parametrize("players,seed", [
    (["greedy", "random", "random", "random"], 1),
    (["greedy", "random"], 3),
    (["random", "greedy", "greedy"], 8),
])
def test_match_prints_course_and_library_scores(cli, players, seed):
    result = cli("match", "kingdomino", "--players", ",".join(players), "--seed", str(seed))
    assert result.exit_code == 0, result.output
    out = result.output
    lib = expected(players, seed)
    assert_scores_shown(out, lib, players)
    game = lib.state.game
    assert f"Line 1/{game.num_lines}:" in out
    assert f"Line {game.num_lines}/{game.num_lines}:" in out
    assert "Last round" in out
    assert "Final kingdoms and scores" in out
    # every placement of the record appears in the course
    placements = [t for t in lib.record.notation if re.fullmatch(r"[a-i]\d-[a-i]\d", t)]
    for t in placements:
        assert f" at {t}" in out
    assert "Traceback" not in out


def test_match_lines_fit_in_80_columns(cli):
    result = cli("match", "kingdomino", "-p", "greedy,random,random,random", "-s", "1")
    assert result.exit_code == 0
    assert max(len(line) for line in result.output.splitlines()) <= 80


def test_match_quiet_prints_only_the_result(cli):
    players = ["greedy", "greedy", "random", "random"]
    result = cli("match", "kingdomino", "-p", ",".join(players), "-s", "4", "--quiet")
    assert result.exit_code == 0, result.output
    lib = expected(players, 4)
    labels = labels_of(players)
    for label, key in zip(labels, lib.state.tie_break_keys()):
        assert re.search(rf"{re.escape(label)}\s+{key[0]}\s+{key[1]}\s+{key[2]}\b", result.output)
    assert "Line 1/" not in result.output
    assert "places" not in result.output
    assert len(result.output.splitlines()) < 20


def test_match_with_variants(cli):
    players = ["greedy", "random"]
    result = cli("match", "kingdomino", "-p", "greedy,random", "-s", "2",
                 "-v", "harmony", "--variant", "middle-kingdom,dynasty")
    assert result.exit_code == 0, result.output
    lib = expected(players, 2, ["harmony", "middle-kingdom", "dynasty"])
    assert_scores_shown(result.output, lib, players)
    assert "Game 2 of 3" in result.output and "Game 3 of 3" in result.output
    assert "Middle Kingdom bonus" in result.output
    assert "game 1 of the Dynasty" in result.output


def test_mighty_duel_match(cli):
    players = ["greedy", "greedy"]
    result = cli("match", "kingdomino", "-p", "greedy,greedy", "-s", "5", "-v", "mighty-duel")
    assert result.exit_code == 0, result.output
    assert_scores_shown(result.output, expected(players, 5, ["mighty-duel"]), players)


def _final_part(output: str) -> str:
    return output.split("Final kingdoms and scores", 1)[1].split("Record written", 1)[0]


def test_record_then_replay_gives_identical_game(cli, tmp_path):
    path = tmp_path / "game.json"
    players = ["greedy", "random", "random"]
    played = cli("match", "kingdomino", "-p", ",".join(players), "-s", "6", "--record", str(path))
    assert played.exit_code == 0, played.output
    assert "Record written" in played.output
    record = GameRecord.load(path)
    assert record.scores == expected(players, 6).scores
    assert record.players == players
    replayed = cli("replay", str(path))
    assert replayed.exit_code == 0, replayed.output
    assert _final_part(replayed.output) == _final_part(played.output)
    assert "Note:" not in replayed.output  # seed and digest present: nothing to warn about
    # --brief: the course is the same as the match's, without the positions
    brief = cli("replay", str(path), "--brief")
    assert brief.exit_code == 0, brief.output
    def course(out: str) -> str:  # from the first line to the last move
        return out.split("Line 1/", 1)[1].split("Final kingdoms", 1)[0].split(
            "Result", 1)[0].rstrip("─ \n")
    assert course(brief.output) == course(played.output)
    assert "places" in course(played.output)


def test_replay_prints_the_position_after_each_round(cli, tmp_path):
    path = tmp_path / "game.json"
    players = ["greedy", "random", "random", "random"]
    assert cli("match", "kingdomino", "-p", ",".join(players), "-s", "1", "-q",
               "-r", str(path)).exit_code == 0
    lib = expected(players, 1)
    lines = lib.state.game.num_lines
    result = cli("replay", str(path))
    assert result.exit_code == 0, result.output
    out = result.output
    # one table per round but the last (the final table shows that one)
    for k in range(1, lines):
        assert f"After round {k} of {lines}" in out
    assert f"After round {lines} of" not in out
    assert out.count("Kings for the next round") == lines - 1
    # the table shows every kingdom with its points, before the next line is drawn
    after_first = out.split("After round 1 of", 1)[1].split("Line 3/", 1)[0]
    for label in labels_of(players):
        assert re.search(rf"{re.escape(label)}: \d+ points?", after_first)
    assert out.index("After round 1 of") < out.index("Line 3/")
    assert out.index(f"After round {lines - 1} of") < out.index("Last round")
    assert_scores_shown(out, lib, players)
    assert "Final kingdoms and scores" in out
    # the kingdoms shown after the last full round are the final ones minus the last round
    brief = cli("replay", str(path), "--brief")
    assert brief.exit_code == 0, brief.output
    assert "After round" not in brief.output and "Kings for the next round" not in brief.output
    assert "Final kingdoms" not in brief.output
    assert_scores_shown_brief = [re.search(rf"{re.escape(label)}\s+{key[0]}\s", brief.output)
                                 for label, key in zip(labels_of(players),
                                                       lib.state.tie_break_keys())]
    assert all(assert_scores_shown_brief)
    assert view.winner_text(lib.state, labels_of(players)) in " ".join(brief.output.split())
    assert len(brief.output.splitlines()) < len(out.splitlines()) / 2


def test_replay_dynasty_shows_each_games_final_kingdoms(cli, tmp_path):
    path = tmp_path / "game.json"
    assert cli("match", "kingdomino", "-p", "greedy,random", "-s", "2", "-v", "dynasty", "-q",
               "-r", str(path)).exit_code == 0
    result = cli("replay", str(path))
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Game 1 of 3: final kingdoms" in out and "Game 2 of 3: final kingdoms" in out
    assert out.index("Game 1 of 3: final kingdoms") < out.index("End of game 1 of 3")
    assert "Game 2 of 3 · After round 1 of 6" in out


def _resign(path, **changes):
    """Edit record fields and write it back with a correct digest."""
    record = GameRecord.load(path)
    for key, value in changes.items():
        setattr(record, key, value)
    record.digest = record.compute_digest()
    record.save(path)


def test_replay_notes_a_record_without_seed_or_digest(cli, tmp_path):
    path = tmp_path / "game.json"
    assert cli("match", "kingdomino", "-p", "greedy,random", "-s", "1", "-q",
               "-r", str(path)).exit_code == 0
    _resign(path, seed=None)
    result = cli("replay", str(path), "--brief")
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "chance outcomes not verified against a seed" in out
    assert "no seed recorded" in out and "seed None" not in out
    assert "edits cannot be detected" not in out
    data = json.loads(path.read_text())
    data["digest"] = None
    path.write_text(json.dumps(data))
    result = cli("replay", str(path), "--brief")
    assert result.exit_code == 0, result.output
    assert "record has no digest: edits cannot be detected" in " ".join(result.output.split())


def test_replay_step_shows_positions_and_can_stop(cli, tmp_path):
    path = tmp_path / "game.json"
    assert cli("match", "kingdomino", "-p", "greedy,random", "-s", "1", "-q",
               "-r", str(path)).exit_code == 0
    result = cli("replay", str(path), "--step", input="\n\n\nq\n")
    assert result.exit_code == 0, result.output
    assert result.output.count("Enter: next move") == 4
    assert "Replay stopped" in result.output
    assert "Next line" in result.output
    result = cli("replay", str(path), "--step", input="\nc\n")
    assert result.exit_code == 0, result.output
    assert result.output.count("Enter: next move") == 2
    assert "Final kingdoms and scores" in result.output


def _tamper(path, **changes):
    data = json.loads(path.read_text())
    for key, fn in changes.items():
        data[key] = fn(data[key])
    path.write_text(json.dumps(data))


def test_tampered_record_is_refused_without_traceback(cli, tmp_path):
    path = tmp_path / "game.json"
    assert cli("match", "kingdomino", "-p", "greedy,random", "-s", "1", "-q",
               "-r", str(path)).exit_code == 0
    data = json.loads(path.read_text())
    i = next(i for i, t in enumerate(data["notation"]) if "-" in t)
    data["actions"][i] = data["actions"][i] + 1  # move one placement a square east
    path.write_text(json.dumps(data))
    result = cli("replay", str(path))
    assert result.exit_code == 1
    assert "Error:" in result.output and "digest" in result.output
    assert "Traceback" not in result.output
    assert "Final kingdoms" not in result.output  # nothing printed before the check


def test_edited_record_without_digest_names_the_ply(cli, tmp_path):
    path = tmp_path / "game.json"
    assert cli("match", "kingdomino", "-p", "greedy,random", "-s", "1", "-q",
               "-r", str(path)).exit_code == 0
    data = json.loads(path.read_text())
    data["digest"] = None
    data["notation"] = None
    i = next(i for i, t in enumerate(GameRecord.load(path).notation) if t.startswith("pick"))
    data["actions"][i] = 0  # a placement where a pick is expected
    path.write_text(json.dumps(data))
    result = cli("replay", str(path))
    assert result.exit_code == 1
    assert f"ply {i}" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("content,message", [
    ("not json at all", "not JSON"),
    ('{"format": "something-else"}', "not a regalia game record"),
    ('{"format": "regalia-record", "game": "kingdomino"}', "malformed record"),
])
def test_malformed_record(cli, tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content)
    result = cli("replay", str(path))
    assert result.exit_code == 1
    assert message in result.output
    assert "Traceback" not in result.output


def test_replay_missing_file_or_directory_exit_2(cli, tmp_path):
    result = cli("replay", str(tmp_path / "nope.json"))
    assert result.exit_code == 2
    squash = "".join(result.output.split())  # long paths wrap anywhere
    assert "".join(f"cannot read {tmp_path / 'nope.json'}: no such file".split()) in squash
    result = cli("replay", str(tmp_path))
    assert result.exit_code == 2
    assert "is a directory" in " ".join(result.output.split())


@pytest.mark.parametrize("args,message", [
    (["match", "chess", "-p", "greedy,random"], "known games: cascadito, inheritors, kingdomino"),
    (["match", "kingdomino", "-p", "greedy"], "Kingdomino is for 2 to 4 players"),
    (["match", "kingdomino", "-p", "greedy,random,random,random,random"], "lists 5 players"),
    (["match", "kingdomino", "-p", "greedy,wizard"], "choose from: greedy, ismcts, mce, mcts, onestep, policy, random"),
    (["match", "kingdomino", "-p", "greedy,human"], "regalia play"),
    (["match", "kingdomino", "-p", "greedy,,random"], "empty entry"),
    (["match", "kingdomino", "-p", "greedy:depth=3,random"], "has no option 'depth'"),
    (["match", "kingdomino", "-p", "greedy,random", "-v", "lava"], "variants: dynasty"),
    (["match", "kingdomino", "-p", "greedy,random,random", "-v", "mighty-duel"], "2-player"),
    (["match", "kingdomino", "-p", "greedy,random", "--data", "/no/such.toml"], "no such file"),
    (["play", "kingdomino", "-p", "human,wizard"], "choose from: human, greedy"),
    (["play", "kingdomino", "-p", "human,random:depth=2"], "has no option 'depth'"),
    (["play", "kingdomino", "-p", "human:x=1,random"], "'human' takes no options"),
])
def test_bad_arguments_exit_2_with_message(cli, args, message):
    result = cli(*args)
    assert result.exit_code == 2, result.output
    assert "Error" in result.output
    assert message in " ".join(result.output.split())
    assert "Traceback" not in result.output


def test_agent_options_are_kept_together(cli):
    result = cli("match", "kingdomino", "-p", "greedy:seed=4,random", "-s", "1", "-q")
    assert result.exit_code == 0, result.output
    assert "Seat 1 (greedy:seed=4)" in result.output
