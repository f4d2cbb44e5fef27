"""`regalia score cascadito` (files, several files, --interactive through stdin) and
`regalia score inheritors`: the steps and totals printed, bad files exit 1 with the line
and what was expected, options a game does not take exit 2."""

from __future__ import annotations

import re
from pathlib import Path

import regalia
import regalia.games.cascadito
import regalia.games.inheritors
from regalia.arena.match import play_match
from regalia.games.cascadito.textformat import to_text as cascadito_text
from regalia.games.inheritors.textformat import to_text as inheritors_text

EXAMPLES = Path(__file__).parents[2] / "docs" / "examples"


def flat(output: str) -> str:
    return " ".join(output.split())


def write(tmp_path: Path, name: str, text: str) -> str:
    p = tmp_path / name
    p.write_text(text)
    return str(p)


def finished(game: str, players: int, seed: int, **params):
    g = regalia.load_game(game, players=players, **params)
    return play_match(g, ["greedy"] * players, seed).state


# ---------------------------------------------------------------------- cascadito
def test_cascadito_example_file(cli):
    result = cli("score", "cascadito", str(EXAMPLES / "cascadito-sheet2.txt"))
    assert result.exit_code == 0, result.output
    out = flat(result.output)
    assert "Raiding Bandits" in out and "reconstruction" in out
    assert "under your home castle" in out and "higher value" in out
    assert re.search(r"raiding bandits\s+5 of 9 spaces crossed off\s+7", out), out
    assert re.search(r"Anna yellow 73", out) and re.search(r"Ben pink 62", out)
    assert "Result: Anna wins with 73 points (next: 62)." in out


def test_cascadito_finished_game_in_two_files(cli, tmp_path):
    s = finished("cascadito", 2, 5, sheet=3)
    a = write(tmp_path, "a.txt", cascadito_text(s, 0))
    b = write(tmp_path, "b.txt", cascadito_text(s, 1).replace("sheet 3\n", ""))
    result = cli("score", "cascadito", a, b, "--sheet", "3")
    assert result.exit_code == 0, result.output
    out = flat(result.output)
    x, y = s.scores()
    assert re.search(rf"seat 1 blue {x} seat 2 yellow {y}", out), out
    w = s.winners()[0]
    assert f"seat {w + 1} wins" in out or f"{'seat ' + str(w + 1)} wins" in out


def test_cascadito_bad_file_exit_1_with_line_and_expected(cli, tmp_path):
    path = write(tmp_path, "s.txt", "sheet 1\ntracks blue 9\nclaimed top 7\n")
    result = cli("score", "cascadito", path)
    assert result.exit_code == 1
    out = flat(result.output)
    assert f"{path}:2:13: '9': the blue track has 7 spaces; expected 0 to 7" in out
    assert f"{path}:3:9: sheet 1 has no achievement top 7" in out
    assert "Traceback" not in result.output


def test_cascadito_options(cli, tmp_path):
    path = write(tmp_path, "s.txt", "sheet 1\ntracks blue 3\n")
    assert cli("score", "cascadito", path, "--size", "5").exit_code == 2
    bad = cli("score", "cascadito", path, "--sheet", "2")
    assert bad.exit_code == 1 and "'sheet 1' but sheet 2 was given" in flat(bad.output)
    assert cli("score", "cascadito", path, "--sheet", "9").exit_code == 2
    both = cli("score", "cascadito", path, "--interactive", "--sheet", "1")
    assert both.exit_code == 2 and "give no FILE" in both.output
    nothing = cli("score", "cascadito")
    assert nothing.exit_code == 2 and "--interactive" in nothing.output
    no_sheet = cli("score", "cascadito", "--interactive")
    assert no_sheet.exit_code == 2 and "--sheet N" in flat(no_sheet.output)


def answers(*lines: str) -> str:
    return "\n".join(lines) + "\n"


def test_cascadito_interactive_through_stdin(cli):
    """Sheet 1, two players. Ann: castle yellow, tracks 3 7 4 3, river 6, claims top 1 and
    top 3 (both met by the answers): 34 + 10 (all tracks) + 6 + 10 = 60. A mistyped
    answer is refused and asked again. Bob: castle blue, blue track 3 (4), top 1 is not
    asked again (Ann claimed it), nothing else: 4."""
    ann = ["yellow", "3", "7", "4", "x", "3", "6",          # castle, tracks (x refused), river
           "y", "n", "y", "n", "n"]                         # top 1-5 (bottom: actions only)
    bob = ["blue", "3", "", "", "", "", "", "", "", ""]
    result = cli("score", "cascadito", "--interactive", "--sheet", "1",
                 input=answers(*ann, "y", *bob, "n"))
    assert result.exit_code == 0, result.output
    out = flat(result.output)
    assert "'x': expected a whole number from 0 to 7" in out
    assert out.count("Achievement top 1 ") == 1               # not asked of Bob
    assert "player 1 yellow 60" in out and "player 2 blue 4" in out
    assert "Result: player 1 wins with 60 points (next: 4)." in out
    assert "claimed top 1, top 3" in out                     # the sheets as text


def test_cascadito_interactive_input_ending_early_exit_2(cli):
    result = cli("score", "cascadito", "-i", "--sheet", "2", input="pink\n3\n")
    assert result.exit_code == 2
    assert "input ended before the sheet was complete" in flat(result.output)


# ---------------------------------------------------------------------- inheritors
def test_inheritors_example_file(cli):
    result = cli("score", "inheritors", str(EXAMPLES / "inheritors-table.txt"))
    assert result.exit_code == 0, result.output
    out = flat(result.output)
    assert "purple relic" in out and "you did not play the highest purple" in out
    assert "Clan Stag its end-of-game text 2" in out
    assert re.search(r"Anna 15 2 6 Ben 24 2 4 Cleo 3 0 4", out), out   # Tomes, cards
    assert "Result: Ben wins with 24 points (next: 15)." in out


def test_inheritors_finished_game(cli, tmp_path):
    s = finished("inheritors", 3, 2)
    result = cli("score", "inheritors", write(tmp_path, "t.txt", inheritors_text(s)))
    assert result.exit_code == 0, result.output
    out = flat(result.output)
    for p, (pts, tomes, cards) in enumerate(s.tie_break_keys()):
        assert f"seat {p + 1} {pts} {tomes} {cards}" in out


def test_inheritors_bad_file_and_options(cli, tmp_path):
    path = write(tmp_path, "t.txt", "player A\narea purple 9\nplayer B\nhand Joker\n")
    result = cli("score", "inheritors", path)
    assert result.exit_code == 1
    out = flat(result.output)
    assert f"{path}:2:6: 'purple 9': expected COLOUR N" in out
    assert f"{path}:4:6: unknown card 'Joker'" in out
    refused = cli("score", "inheritors", path, "--sheet", "1")
    assert refused.exit_code == 2 and "--sheet: not an option of the Inheritors" in \
        flat(refused.output)
    two = cli("score", "inheritors", path, path)
    assert two.exit_code == 2 and "give one file" in two.output


def test_two_heirs_bad_landscape_is_bad_content_exit_1(cli, tmp_path):
    path = write(tmp_path, "l.txt", "0 0 land-1 east\n")
    result = cli("score", "two-heirs", path)
    assert result.exit_code == 1
    assert "unknown side 'east'" in flat(result.output)


def test_data_files_score_with_the_user_transcription(cli, tmp_path):
    """--data: score with your own sheet / cards file (here copies of the bundled ones:
    the same points); a file of another sheet is refused; Kingdomino takes no --data."""
    sheets = Path(regalia.games.cascadito.__file__).parent / "data" / "sheets"
    mine = tmp_path / "my-sheet2.toml"
    mine.write_text((sheets / "sheet2.toml").read_text())
    result = cli("score", "cascadito", str(EXAMPLES / "cascadito-sheet2.txt"),
                 "--data", str(mine))
    assert result.exit_code == 0, result.output
    out = flat(result.output)
    assert "my-sheet2.toml" in out and "reconstruction" not in out
    assert "Result: Anna wins with 73 points (next: 62)." in out
    other = tmp_path / "my-sheet1.toml"
    other.write_text((sheets / "sheet1.toml").read_text())
    bad = cli("score", "cascadito", str(EXAMPLES / "cascadito-sheet2.txt"), "--data",
              str(other))
    assert bad.exit_code == 1 and "is sheet 1" in flat(bad.output)
    cards = Path(regalia.games.inheritors.__file__).parent / "data" / "cards.toml"
    result = cli("score", "inheritors", str(EXAMPLES / "inheritors-table.txt"), "--data",
                 str(cards))
    assert result.exit_code == 0 and "your cards file" in flat(result.output)
    refused = cli("score", "kingdomino", str(EXAMPLES / "cascadito-sheet2.txt"), "--data",
                  str(cards))
    assert refused.exit_code == 2 and "--data: not an option of the Kingdomino" in \
        flat(refused.output)
    missing = cli("score", "inheritors", str(EXAMPLES / "inheritors-table.txt"), "--data",
                  str(tmp_path / "none.toml"))
    assert missing.exit_code == 2


def test_cascadito_interactive_ctrl_c_exit_130(cli, monkeypatch):
    from rich.console import Console

    def interrupted(self, prompt="", **kwargs):
        raise KeyboardInterrupt
    monkeypatch.setattr(Console, "input", interrupted)
    result = cli("score", "cascadito", "-i", "--sheet", "1")
    assert result.exit_code == 130
    assert "Interrupted: nothing was scored" in result.output


def test_kingdomino_and_two_heirs_take_one_file(cli, tmp_path):
    from regalia.games.two_heirs.components import DEFAULT_TILES
    grid = write(tmp_path, "k.txt", "W W* C\n")
    two = cli("score", "kingdomino", grid, grid)
    assert two.exit_code == 2 and "give one file" in two.output
    land = write(tmp_path, "l.txt", "0 0 land-1 south\n")
    ok = cli("score", "two-heirs", land, "--data", str(DEFAULT_TILES))
    assert ok.exit_code == 0, ok.output
    refused = cli("score", "two-heirs", land, "--sheet", "1")
    assert refused.exit_code == 2 and "--sheet: not an option of the Two Heirs" in \
        flat(refused.output)
