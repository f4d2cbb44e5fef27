"""Cascadito at the command line: play (solo and against greedy), match, --sheet,
--data, data check, the board and the final breakdown."""

from __future__ import annotations

import io
import re

import pytest

import regalia
from regalia.cli.frontends import ui_for
from regalia.cli.session import run_play
from regalia.games.cascadito.components import sheet_path
from regalia.games.cascadito.scoring import tracks_of


def test_play_solo_sheet2_whole_game_through_stdin(cli, human_inputs, middle_choice):
    game = regalia.load_game("cascadito", players=1, sheet=2)
    typed, scores = human_inputs(game, ["human"], 5)
    result = cli("play", "cascadito", "--sheet", "2", "--players", "human", "--seed", "5",
                 input="\n".join(typed) + "\n")
    assert result.exit_code == 0, result.output
    flat = " ".join(result.output.split())
    assert "play sheet 2 'Raiding Bandits' (a reconstruction, not the printed sheet)" in flat
    assert "Game over: the last dice box is marked" in result.output
    assert f"Your score: {scores[0]} point" in result.output


def test_play_against_greedy_shows_board_and_moves(cli):
    result = cli("play", "cascadito", "--players", "human,greedy", "--seed", "2",
                 input="moves\nboard\nhelp\nquit\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Dice pool:" in out and "legal moves (die colour: fields, river, pass)" in out
    assert "castle 20" in out and "Reach the first Achievement banner" in out
    assert "How to write moves" in out
    assert re.search(r"^a  ", out, re.MULTILINE), "the sheet's row letters are shown"


def test_illegal_and_mistyped_moves_reprompt(cli):
    result = cli("play", "cascadito", "--players", "human", "--seed", "1",
                 input="blue zz9\nwhite a1\nquit\n")
    assert result.exit_code == 0, result.output
    assert "'zz9' is no field of this sheet" in result.output
    assert "Illegal move" in result.output or "no white die" in result.output


@pytest.mark.parametrize("sheet", ["1", "2", "3", "4"])
def test_match_on_each_sheet(cli, sheet):
    result = cli("match", "cascadito", "--sheet", sheet, "-p", "greedy,random", "--seed", "4")
    assert result.exit_code == 0, result.output
    assert "Game over:" in result.output and "wins with" in result.output
    assert "total" in result.output


def test_sheet_out_of_range_and_for_a_game_without_sheets(cli):
    bad = cli("match", "cascadito", "--sheet", "7", "-p", "greedy,random")
    assert bad.exit_code == 2 and "sheet must be a play sheet number 1, 2, 3 or 4" in bad.output
    other = cli("match", "kingdomino", "--sheet", "2", "-p", "greedy,random")
    assert other.exit_code == 2 and "sheet" in other.output


def test_data_check_and_play_on_a_file(cli, tmp_path):
    good = cli("data", "check", "cascadito", str(sheet_path(3)))
    assert good.exit_code == 0, good.output
    assert "OK: play sheet 3 '2 Rivers'" in good.output
    assert "Same content as the bundled (reconstructed) sheet 3" in good.output
    broken = tmp_path / "broken.toml"
    broken.write_text(sheet_path(1).read_text().replace("at = [6, 0]", "at = [60, 0]", 1))
    bad = cli("data", "check", "cascadito", str(broken))
    assert bad.exit_code == 1
    flat = " ".join(bad.output.split())
    assert "the sheet file does not validate" in flat
    assert "towns record #1 (colour='pink', at=[60, 0]), field 'at'" in flat
    played = cli("match", "cascadito", "-p", "greedy,greedy", "--seed", "1", "--data",
                 str(sheet_path(4)), "--quiet")
    assert played.exit_code == 0, played.output
    assert "Trade and Defense" in played.output


def test_final_breakdown_adds_up():
    game = regalia.load_game("cascadito", players=2, sheet=2)
    from rich.console import Console

    from regalia.arena import play_match
    state = play_match(game, ["greedy", "random"], seed=9).state
    console = Console(width=120, record=True, color_system=None)
    console.print(ui_for("cascadito").final(state, ["A", "B"]))
    text = console.export_text()
    for p, label in enumerate(["A", "B"]):
        b = state.breakdown(p)
        parts = (sum(tracks_of(b).values())
                 + b.points("all_tracks", "river", "bandits", "top_row", "bottom_row",
                            "top_row_bonus"))
        assert parts == b.total == state.scores()[p]
    assert re.search(r"total\s+\d+\s+\d+", text)


def test_run_play_with_a_move_reader(human_inputs):
    from rich.console import Console
    game = regalia.load_game("cascadito", players=2, sheet=3)
    typed, scores = human_inputs(game, ["human", "greedy"], 11)
    moves = iter(typed)
    out = run_play(game, ["human", "greedy"], 11, ui_for("cascadito"),
                   Console(file=io.StringIO()), lambda s, seat: next(moves))
    assert out.state.is_terminal() and out.state.scores() == scores


def test_tournament_takes_the_sheet(cli):
    result = cli("tournament", "cascadito", "--sheet", "4", "-a", "greedy,random", "-n", "1",
                 "-w", "1", "--seed", "2")
    assert result.exit_code == 0, result.output
    assert "Cascadito, play sheet 4, 2 players" in result.output


def test_claim_decision_lists_the_achievements_met():
    """R12: the claim decision names each achievement met, its text and reward."""
    from rich.console import Console
    game = regalia.load_game("cascadito", players=2, sheet=1)
    s = game.new_initial_state(0)
    s.apply_action(s.string_to_action("roll BY"))
    s.set_marks(0, [f"j{k}" for k in range(2, 10)])  # the whole river (row j)
    s.apply_action(s.string_to_action("blue pass"))
    console = Console(file=io.StringIO(), width=100)
    ui = ui_for("cascadito")
    console.print(ui.moves(s))
    console.print(ui.decision(s))
    out = " ".join(console.file.getvalue().split())
    assert "1 achievement(s) met (or 'decline'; a declined claim stays open):" in out
    assert "claim top 5: Mark the last river space. (5 VP)" in out
    assert "'claim top 5' or 'decline'" in out


def test_final_names_the_seat_that_ended_the_game_by_its_label():
    """The engine's end reason numbers seats from 1 ('seat 1 claimed the whole bottom
    row'); the final screen puts the seat's label in its place."""
    from rich.console import Console

    from regalia.games.cascadito.tables import cell_name

    g = regalia.load_game("cascadito", players=2, sheet=1)
    s = g.new_initial_state(0)
    s.apply_action(s.string_to_action("roll BY"))
    s.set_marks(0, [cell_name(h) for h in g.sheet.fields])
    s.apply_action(s.string_to_action("blue pass"))  # the bottom row is claimed at once (R12)
    assert s.end_reason == "seat 1 claimed the whole bottom row"
    console = Console(file=io.StringIO(), width=120)
    console.print(ui_for("cascadito").final(s, ["Ann", "Bob"], detailed=False))
    assert "Game over: Ann claimed the whole bottom row." in console.file.getvalue()
