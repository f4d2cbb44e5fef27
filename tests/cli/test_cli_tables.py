"""The per-game terminal tables (issue 10) and two screen leaks (issue 11), through the
command line: rules at hand, everyone's position, illegal moves explained, chance narrated
as the seat sees it, no seed before the end, the compact Kingdomino table."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

import regalia
from regalia.cli.frontends import ui_for
from regalia.core.record import GameRecord

SEED = 918273645


def _start_tile_id(seed: int) -> str:
    state = regalia.load_game("two-heirs").new_initial_state(seed)
    while state.is_chance_node():
        state.apply_action(state.sample_chance_outcome(state.dealer()))
    return state.to_json()["start_tile"]


# ---------------------------------------------------------------------- the seed
@pytest.mark.parametrize("game,players", [
    ("kingdomino", "human,greedy"), ("two-heirs", "human,greedy"),
    ("cascadito", "human,greedy"), ("inheritors", "human,greedy"),
    ("kingdomino", "human,human")])
def test_play_header_does_not_show_the_seed(cli, game, players):
    result = cli("play", game, "-p", players, "-s", str(SEED), input="board\nmoves\nquit\n")
    assert result.exit_code == 0, result.output
    assert str(SEED) not in result.output
    assert "seed shown at the end" in result.output


def test_the_seed_is_shown_once_the_game_is_over(cli, kingdomino2, human_inputs, tmp_path):
    typed, _ = human_inputs(kingdomino2, ["human", "greedy"], SEED)
    path = tmp_path / "g.json"
    result = cli("play", "kingdomino", "-p", "human,greedy", "-s", str(SEED), "-r", str(path),
                 input="\n".join(typed) + "\n")
    assert result.exit_code == 0, result.output
    before, _, after = result.output.partition("Final kingdoms and scores")
    assert after and str(SEED) not in before           # no digit run of it before the end
    assert f"Seed of this game: {SEED}" in after
    assert GameRecord.load(path).seed == SEED          # and the record keeps it
    as1 = cli("replay", str(path), "--as", "1")
    assert as1.exit_code == 0 and str(SEED) not in as1.output
    assert f"seed {SEED}" in cli("replay", str(path), "--brief").output


def test_match_still_prints_the_seed(cli):
    result = cli("match", "cascadito", "-p", "greedy,greedy", "-s", str(SEED), "-q")
    assert result.exit_code == 0 and f"seed {SEED}" in result.output


# ---------------------------------------------------------------------- rules at hand
@pytest.mark.parametrize("game,name,expected", [
    ("two-heirs", "inn", ["Inn (building)", "maximum of 3 tiles", "Tile travel-1: grey, cost "
                          "2 stone + 1 wheat", "Provenance: reconstructed"]),
    ("inheritors", "conspirator", ["Conspirator (Basic Advocate)", "skipping 1 number",
                                   "Provenance: reconstructed", "name rulebook"]),
    ("cascadito", "top 1", ["top 1 (achievement, top row)", "Reach the first Achievement "
                            "banner in all 4 success tracks.", "Provenance: rulebook"]),
    ("kingdomino", "mine", ["mine (terrain)", "6 squares, 10 crowns", "Provenance: verified"]),
])
def test_help_name_shows_the_component_from_the_data_file(cli, game, name, expected):
    result = cli("play", game, "-p", "human,greedy", "-s", "5", input=f"help {name}\nquit\n")
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    for text in expected:
        assert " ".join(text.split()) in out, text


def test_help_with_an_unknown_name_names_the_close_ones(cli):
    result = cli("play", "two-heirs", "-p", "human,greedy", "-s", "5",
                 input="help cathedrel\nhelp ?\nquit\n")
    assert "No component named 'cathedrel'; did you mean: Cathedral?" in result.output
    assert "Help on: building: Inn, Market" in result.output


@pytest.mark.parametrize("game,title,cite", [
    ("kingdomino", "Pick a domino", "Kingdomino quick reference"),
    ("two-heirs", "Your turn", "How to play: Actions A, B, C"),
    ("cascadito", "Select a die", "Cascadito rulebook (English), Gameplay"),
    ("inheritors", "Your turn: ONE of five actions", "III. Gameplay, During your turn"),
])
def test_rules_summarise_the_decision_with_its_source(cli, game, title, cite):
    result = cli("play", game, "-p", "human,greedy", "-s", "5", input="rules\nquit\n")
    out = " ".join(result.output.split())
    assert title in out and cite in out


# ---------------------------------------------------------------------- illegal moves
@pytest.mark.parametrize("game,typed,reason", [
    ("inheritors", "play blue 4", "you have no blue 4 in your hand (your blue cards: 1, 2, 3)"),
    ("inheritors", "use Conspirator", "you have no Conspirator in your hand"),
    ("cascadito", "claim top 1", "top 1 is not met yet"),
    ("two-heirs", "end", "you must take 1 building tile"),
    ("kingdomino", "d5-e5", "now pick a free domino of the next line"),
])
def test_illegal_moves_say_why(cli, game, typed, reason):
    result = cli("play", game, "-p", "human,greedy", "-s", "5", input=f"{typed}\nquit\n")
    out = " ".join(result.output.split())
    assert reason in out, out[-600:]
    assert "not one of the five actions" not in out


# ---------------------------------------------------------------------- everyone's position
def test_cascadito_board_shows_every_sheet(cli):
    result = cli("play", "cascadito", "-p", "human,greedy,greedy", "-s", "5",
                 input="quit\n")
    first = result.output.split("Seat 1 (you) >")[0]
    assert first.count("a  .   .   .   P") == 3              # the three sheets' top rows
    for label in ("Seat 2 (greedy): 0 points · tracks", "Seat 3 (greedy): 0 points · tracks"):
        assert label in first


def test_inheritors_shows_the_public_score(cli):
    result = cli("play", "inheritors", "-p", "human,greedy", "-s", "5",
                 input="play blue 1\nquit\n")
    assert "VP*" in result.output and "public score so far" in " ".join(result.output.split())


# ---------------------------------------------------------------------- chance narration
def test_two_heirs_play_never_names_the_face_down_starting_tile(cli, human_inputs, tmp_path):
    """Attack through stdin: a whole game played by a person; the starting tile's id (known
    from the seed) must not appear anywhere a person reads, nor in ``replay --as``."""
    seed = 21
    hidden = _start_tile_id(seed)
    game = regalia.load_game("two-heirs")
    typed, _ = human_inputs(game, ["human", "greedy"], seed)
    path = tmp_path / "th.json"
    result = cli("play", "two-heirs", "-p", "human,greedy", "-s", str(seed), "-r", str(path),
                 input="\n".join(typed) + "\n")
    assert result.exit_code == 0, result.output
    assert "Illegal" not in result.output
    assert hidden not in result.output
    assert "chance:" not in result.output                       # no raw chance lines
    assert result.output.count("Setup: ") == 1
    assert re.search(r"the starting tile lies face down at 0,0: a (green|grey|yellow) tile\.",
                     " ".join(result.output.split()))
    as2 = cli("replay", str(path), "--as", "2")
    assert as2.exit_code == 0 and hidden not in as2.output
    # the spectator's replay sees the whole table: proof the test could see a leak
    assert hidden in cli("replay", str(path), "--brief").output


def test_two_heirs_landscape_fits_80_columns(cli):
    result = cli("match", "two-heirs", "-p", "greedy,greedy", "-s", "2")
    grid = result.output.split("north: blue")[-1].split("south: white")[0]
    assert max(len(x) for x in grid.splitlines()) <= 80
    assert "Robbers" in grid and "Names: " in result.output   # 7-letter names, with a key


# ---------------------------------------------------------------------- compact Kingdomino
def test_compact_kingdomino_fits_80x24_every_turn(cli, human_inputs):
    specs = ["human", "greedy", "greedy", "greedy"]
    game = regalia.load_game("kingdomino", players=4)
    typed, _ = human_inputs(game, specs, 4)
    result = cli("play", "kingdomino", "-p", ",".join(specs), "-s", "4", "--compact",
                 input="\n".join(typed) + "\n")
    assert result.exit_code == 0, result.output
    out = result.output.split("Final kingdoms and scores")[0]
    assert max(len(x) for x in out.splitlines()) <= 80
    screens = out.split("Seat 1 (you) >")[1:-1]     # what one move brings, to the prompt
    assert len(screens) >= 15
    fits = 0
    for screen in screens:
        lines = screen.splitlines()
        # the turn view (the table from its title line, the decision, the prompt) leaves
        # at least 4 of 24 lines for the course of the turn above it
        view = lines[next(i for i, x in enumerate(lines) if x.startswith("─")
                          or "('board' shows" in x or x.startswith("Seat 1 (you):")):]
        assert len(view) + 1 <= 20, screen
        fits += len(lines) + 1 <= 24                 # + the prompt line
    assert fits >= 0.8 * len(screens)                # most whole turns fit one screen


def test_compact_table_is_chosen_in_a_small_terminal():
    game = regalia.load_game("kingdomino", players=4)
    state = game.new_initial_state(3)
    while state.is_chance_node() or state.phase_name != "pick":
        state.apply_action(state.sample_chance_outcome(state.dealer()) if
                           state.is_chance_node() else state.legal_actions()[0])
    labels = ["Seat 1 (you)", "Seat 2", "Seat 3", "Seat 4"]
    ui = ui_for("kingdomino").seen_by(0)

    def render(console):
        console.print(ui.position(state, labels, viewer=0))
        return console.file.getvalue()

    small = render(Console(file=io.StringIO(), width=80, height=24, force_terminal=True,
                           color_system=None))
    big = render(Console(file=io.StringIO(), width=160, height=60, force_terminal=True,
                         color_system=None))
    piped = render(Console(file=io.StringIO(), width=80, height=24, color_system=None))
    assert len(small.splitlines()) <= 17 and "Current  king  Next" in small
    assert "Current line" in big and "Current line" in piped   # the full table


def test_inheritors_setup_is_one_line_and_names_only_your_hand(cli):
    result = cli("play", "inheritors", "-p", "human,greedy,greedy", "-s", "5", input="quit\n")
    before = " ".join(result.output.split("Seat 1 (you) >")[0].split())
    assert before.count("Setup: ") == 1 and "reveal honor" not in before
    assert "Setup: 5 Honors, 5 Clans and 3 Market cards revealed (see the table); 10 cards " \
           "dealt to each of the 3 players" in before
    assert "Seat 1 (you) is dealt" in before and "Seat 2 (greedy) is dealt" not in before
