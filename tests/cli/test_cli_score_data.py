"""`regalia score` (scoring assistant) and `regalia data check`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from regalia.cli.frontends import NotAvailable, ScoreRequest, ui_for
from regalia.games.kingdomino.components import DEFAULT_DATA

# Hand-worked: wheat a1,b1,a2 = 3 squares x 1 crown = 3; forest c1,d1,c2,d2 = 4 x 2 = 8;
# lake e1,e2 = 2 x 2 = 4. Total 15.
SMALL = """\
# a small kingdom
W  W* F  F   L
W  C  F* F*  L2
"""

# A full 5x5, castle in the centre: only the mine scores (1 x 1); Middle Kingdom +10,
# Harmony +5 when nothing was discarded.
FULL = """\
W W W W W
F F F F F
L L C L L
G G G G G
S S S S M*
"""


def total(output: str) -> int:
    return int(re.search(r"Total: (\d+) points?", output).group(1))


def write(tmp_path: Path, text: str, name: str = "kingdom.txt") -> str:
    p = tmp_path / name
    p.write_text(text)
    return str(p)


def test_score_small_kingdom(cli, tmp_path):
    result = cli("score", "kingdomino", write(tmp_path, SMALL))
    assert result.exit_code == 0, result.output
    assert total(result.output) == 15
    out = result.output
    assert re.search(r"forest\s+4\s+2\s+8", out)
    assert re.search(r"wheat\s+3\s+1\s+3", out)
    assert re.search(r"lake\s+2\s+2\s+4", out)
    assert "W*" in out and "L**" in out  # the kingdom is drawn


def test_score_from_stdin(cli):
    result = cli("score", "kingdomino", "-", input=SMALL)
    assert result.exit_code == 0, result.output
    assert total(result.output) == 15


@pytest.mark.parametrize("args,expected", [
    ([], 1),
    (["--variant", "middle-kingdom"], 11),
    (["-v", "harmony"], 6),
    (["-v", "middle-kingdom,harmony"], 16),
    (["-v", "middle-kingdom", "-v", "harmony", "--discarded", "1"], 11),
])
def test_score_variants(cli, tmp_path, args, expected):
    result = cli("score", "kingdomino", write(tmp_path, FULL), *args)
    assert result.exit_code == 0, result.output
    assert total(result.output) == expected


def test_score_seven_by_seven(cli, tmp_path):
    wide = "W* W W W W W F\nC . . . . . .\n"
    result = cli("score", "kingdomino", write(tmp_path, wide))
    assert result.exit_code == 1  # the grid does not parse as a 5x5 kingdom
    assert "must fit in 5x5" in result.output
    result = cli("score", "kingdomino", write(tmp_path, wide), "--size", "7")
    assert result.exit_code == 0, result.output
    assert total(result.output) == 6
    result = cli("score", "kingdomino", write(tmp_path, wide), "-v", "mighty-duel")
    assert total(result.output) == 6


@pytest.mark.parametrize("grid,message", [
    ("W X C\n", "line 1, square 2"),
    ("W C\nF C\n", "exactly one castle"),
    ("W W****\nC\n", "at most 3"),
    ("# nothing\n", "no squares found"),
])
def test_score_bad_grid_exit_1(cli, tmp_path, grid, message):
    """A grid that does not parse is a file whose content fails its check: exit 1, like a
    dominoes file that does not validate (bad usage is exit 2)."""
    result = cli("score", "kingdomino", write(tmp_path, grid))
    assert result.exit_code == 1
    assert "Error" in result.output and message in " ".join(result.output.split())
    assert "Traceback" not in result.output


@pytest.mark.parametrize("args,message", [
    (["--size", "6"], "--size must be 5"),
    (["-v", "dynasty"], "does not change how a kingdom scores"),
    (["-v", "lava"], "unknown"),
])
def test_score_bad_options(cli, tmp_path, args, message):
    result = cli("score", "kingdomino", write(tmp_path, SMALL), *args)
    assert result.exit_code == 2
    assert message in " ".join(result.output.split())


def test_score_missing_file(cli, tmp_path):
    result = cli("score", "kingdomino", str(tmp_path / "none.txt"))
    assert result.exit_code == 2
    assert "cannot read" in result.output
    assert "no such file" in " ".join(result.output.split())
    result = cli("score", "kingdomino", str(tmp_path))
    assert result.exit_code == 2
    assert "is a directory" in " ".join(result.output.split())


def test_score_binary_file_is_refused_as_not_text(cli, tmp_path):
    path = tmp_path / "grid.bin"
    path.write_bytes(b"\xff\xfe W C")
    result = cli("score", "kingdomino", str(path))
    assert result.exit_code == 2  # not text at all (issue 11): like an unreadable path
    assert "not UTF-8" in " ".join(result.output.split())


@pytest.mark.parametrize("grid,warning", [
    ("W W C . F\n. . . . F*\n", "2 square(s) not connected to the castle"),
    ("W* W W C\n", "3 terrain squares: dominoes cover two squares each"),
])
def test_score_warns_about_impossible_kingdoms(cli, tmp_path, grid, warning):
    result = cli("score", "kingdomino", write(tmp_path, grid))
    assert result.exit_code == 0, result.output  # still scored
    out = " ".join(result.output.split())
    assert f"Warning: {warning}" in out
    assert out.index("Total:") < out.index("Warning:")  # after the breakdown
    assert "Total:" in out


def test_score_without_warnings(cli, tmp_path):
    result = cli("score", "kingdomino", write(tmp_path, FULL))
    assert result.exit_code == 0, result.output
    assert "Warning" not in result.output


def test_generic_game_has_no_score_or_data_check():
    ui = ui_for("some-future-game")
    with pytest.raises(NotAvailable, match="not available for some-future-game.*kingdomino"):
        ui.score(ScoreRequest(), None)
    with pytest.raises(NotAvailable, match="not available"):
        ui.check_data(Path("x"), None)


# ---------------------------------------------------------------------- data check
def bundled() -> str:
    return DEFAULT_DATA.read_text()


def test_data_check_bundled_file(cli):
    result = cli("data", "check", "kingdomino", str(DEFAULT_DATA))
    assert result.exit_code == 0, result.output
    assert "OK: 48 dominoes, provenance 48 verified" in result.output
    assert "Same dominoes as the bundled verified set" in result.output


def test_data_check_names_every_games_provenance_the_same_way(cli):
    """'N <provenance>' for each kind, as for Kingdomino, in every game's check; Inheritors'
    bundled cards: 11 verified, 28 from the rulebook, 58 reconstructed records."""
    from regalia.games.inheritors.components import DEFAULT_DATA as CARDS

    result = cli("data", "check", "inheritors", str(CARDS))
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert ("provenance 11 verified, 28 rulebook, 58 reconstructed (file: reconstructed)"
            in text), text


def test_data_check_reports_differences_as_warnings(cli, tmp_path):
    text = bundled().replace('number = 1\nfirst = { terrain = "wheat", crowns = 0 }',
                             'number = 1\nfirst = { terrain = "lake", crowns = 1 }', 1)
    result = cli("data", "check", "kingdomino", write(tmp_path, text, "d.toml"))
    assert result.exit_code == 0, result.output
    assert "OK: 48 dominoes" in result.output
    assert "Warning: 1 domino differs" in result.output
    assert "domino 1: L*/W here, W/W in the printed set" in result.output


def test_data_check_duplicate_number(cli, tmp_path):
    text = bundled().replace("number = 2\n", "number = 1\n", 1)
    result = cli("data", "check", "kingdomino", write(tmp_path, text, "dup.toml"))
    assert result.exit_code == 1
    out = " ".join(result.output.split())
    assert "dup.toml" in out and "number 1 in records #1, #2" in out
    assert "Traceback" not in result.output


def test_data_check_bad_field_names_record_and_field(cli, tmp_path):
    text = bundled().replace('number = 5\nfirst = { terrain = "forest", crowns = 0 }',
                             'number = 5\nfirst = { terrain = "forest", crowns = 7 }', 1)
    result = cli("data", "check", "kingdomino", write(tmp_path, text, "bad.toml"))
    assert result.exit_code == 1
    out = " ".join(result.output.split())
    assert "record #5 (number=5), field 'first.crowns'" in out


def test_data_check_missing_file_and_unknown_game(cli, tmp_path):
    result = cli("data", "check", "kingdomino", str(tmp_path / "none.toml"))
    assert result.exit_code == 2  # a path on the command line that cannot be read
    out = "".join(result.output.split())
    assert "".join(f"cannot read {tmp_path / 'none.toml'}: no such file".split()) in out
    assert "doesnotvalidate" not in out
    result = cli("data", "check", "kingdomino", str(tmp_path))
    assert result.exit_code == 2
    assert "is a directory" in " ".join(result.output.split())
    result = cli("data", "check", "chess", str(DEFAULT_DATA))
    assert result.exit_code == 2
    assert "known games" in result.output


def test_match_with_user_data(cli, tmp_path):
    path = write(tmp_path, bundled(), "mine.toml")
    result = cli("match", "kingdomino", "-p", "greedy,random", "-s", "1", "-q", "--data", path)
    assert result.exit_code == 0, result.output
    assert "dominoes from" in result.output
    bad = write(tmp_path, bundled().replace("number = 2\n", "number = 1\n", 1), "dup.toml")
    result = cli("match", "kingdomino", "-p", "greedy,random", "--data", bad)
    assert result.exit_code == 1  # the file's content does not validate
    assert "must appear once" in result.output
    result = cli("play", "kingdomino", "-p", "human,random", "--data", bad)
    assert result.exit_code == 1
    result = cli("match", "kingdomino", "-p", "greedy,random", "--data",
                 str(tmp_path / "none.toml"))
    assert result.exit_code == 2  # the path cannot be read: bad usage
    assert "--data: cannot read" in result.output


def test_the_command_line_ranks_several_kingdoms(cli, tmp_path):
    path = tmp_path / "game.txt"
    path.write_text("variant harmony\nplayer Ann\nC F* F F F\nplayer Ben\ndiscarded 2\n"
                    "C W* W\nL* L .\n")
    out = " ".join(cli("score", "kingdomino", str(path)).output.split())
    assert "Ann: from" in out and "Ben: from" in out
    assert "largest property" in out and "crowns" in out
    assert "tie at 4 points; Ann wins with the most extended property (4 squares)." in out
    bad = cli("score", "kingdomino", str(path), "--discarded", "1")
    assert bad.exit_code == 1 and "--discarded is for a file of one kingdom" in bad.output
