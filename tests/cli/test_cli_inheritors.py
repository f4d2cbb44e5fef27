"""`regalia play/match/replay/data check inheritors`: a person sees only their own hand,
records keep the truth, `replay --as N` hides what seat N could not see."""

from __future__ import annotations

import json

import regalia
from regalia.games.inheritors.components import DEFAULT_DATA


def _dealt_line(output: str, seat: int) -> str:
    lines = [ln for ln in output.splitlines() if f"Seat {seat} " in ln and "is dealt" in ln]
    return lines[0] if lines else ""


def test_play_shows_a_person_only_their_hand(cli, human_inputs):
    game = regalia.load_game("inheritors", players=3)
    specs = ["human", "greedy", "greedy"]
    typed, scores = human_inputs(game, specs, 4)
    result = cli("play", "inheritors", "--players", ",".join(specs), "--seed", "4",
                 input="\n".join(typed) + "\n")
    assert result.exit_code == 0, result.output[-2000:]
    out = result.output
    assert "Scores (rulebook order)" in out
    assert _dealt_line(out, 1)                       # the person's own deal is shown
    assert not _dealt_line(out, 2) and not _dealt_line(out, 3)
    assert "Seat 2 (greedy) draws a card" in out or "Seat 3 (greedy) draws a card" in out
    before_end = out.split("Final hands")[0]
    assert "10 cards" in before_end                  # others' hands as counts
    total = [ln for ln in out.splitlines() if ln.strip().startswith("total")][0]
    assert total.split()[1:] == [str(int(x)) for x in scores]


def test_match_record_and_replay_as_a_seat(cli, tmp_path):
    path = tmp_path / "game.json"
    result = cli("match", "inheritors", "-p", "greedy,random,random", "-s", "2", "-q",
                 "--record", str(path))
    assert result.exit_code == 0, result.output
    record = json.loads(path.read_text())
    assert any(text.startswith("card ") for text in record["notation"])   # the full truth
    full = cli("replay", str(path), "--brief")
    assert full.exit_code == 0, full.output
    assert _dealt_line(full.output, 1) and _dealt_line(full.output, 2)
    as2 = cli("replay", str(path), "--as", "2")
    assert as2.exit_code == 0, as2.output
    assert _dealt_line(as2.output, 2) and not _dealt_line(as2.output, 1)
    assert "Seat 1 (greedy) draws a card" in as2.output
    assert "Shown as Seat 2" in as2.output
    bad = cli("replay", str(path), "--as", "4")
    assert bad.exit_code == 2 and "seats 1 to 3" in bad.output


def test_data_check_and_play_with_a_data_file(cli, tmp_path):
    ok = cli("data", "check", "inheritors", str(DEFAULT_DATA))
    assert ok.exit_code == 0, ok.output
    assert "OK: 99 deck cards" in ok.output and "reconstructed" in ok.output
    text = DEFAULT_DATA.read_text(encoding="utf-8")
    mine = tmp_path / "cards.toml"
    mine.write_text(text.replace('name = "Two Quests"', 'name = "Pair of Quests"'),
                    encoding="utf-8")
    assert cli("data", "check", "inheritors", str(mine)).exit_code == 0
    played = cli("match", "inheritors", "-p", "greedy,greedy", "-s", "1", "-q",
                 "--data", str(mine))
    assert played.exit_code == 0, played.output
    assert "cards from" in played.output
    broken = tmp_path / "broken.toml"
    broken.write_text(text.replace("copies = 4", "copies = 5", 1), encoding="utf-8")
    bad = cli("data", "check", "inheritors", str(broken))
    assert bad.exit_code == 1
    assert "influence record #1" in " ".join(bad.output.split())
    assert cli("match", "inheritors", "-p", "greedy,greedy", "--data", str(broken)).exit_code == 1
