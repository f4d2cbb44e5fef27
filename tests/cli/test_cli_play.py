"""`regalia play`: a person at the terminal, driven through stdin (CliRunner) or through
the loop's read_move callable."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

import regalia
from regalia.cli.frontends import ui_for
from regalia.cli.session import run_play
from regalia.core.record import GameRecord

SPECS = ["human", "greedy"]


def first_decision(game, seed):
    """The state of the person's first decision (seat 0) in `play -p human,greedy`."""
    from regalia.agents import derive_seed, make_agent
    greedy = make_agent("greedy", seed=derive_seed(seed, "seat", 1))
    state = game.new_initial_state(seed)
    while state.is_chance_node() or state.current_player() != 0:
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome(state.dealer()))
        else:
            state.apply_action(greedy.step(state))
    return state


def test_moves_lists_the_legal_moves_then_quit(cli, kingdomino2):
    state = first_decision(kingdomino2, 1)
    result = cli("play", "kingdomino", "-p", "human,greedy", "-s", "1", input="moves\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Seat 1 (you): Pick a domino of the next line" in result.output
    for a in state.legal_actions():
        assert state.action_to_string(a) in result.output  # 'pick N (code)'
    assert "Game abandoned" in result.output
    assert "Final kingdoms" not in result.output


def test_question_mark_lists_placements_grouped(cli, kingdomino2, human_inputs):
    typed, _ = human_inputs(kingdomino2, SPECS, 1)
    # answer the first-line pick(s), then ask for moves at the first placement
    picks = next(i for i, t in enumerate(typed) if not t.startswith("pick"))
    result = cli("play", "kingdomino", "-p", "human,greedy", "-s", "1",
                 input="\n".join(typed[:picks] + ["?", "quit"]) + "\n")
    assert result.exit_code == 0, result.output
    assert "legal placements of" in result.output
    assert "Place domino" in result.output


def test_mistyped_and_illegal_moves_reprompt(cli, kingdomino2):
    state = first_decision(kingdomino2, 1)
    not_free = next(n for n in range(1, 49) if f"pick {n}" not in
                    [state.action_to_string(a) for a in state.legal_actions()])
    result = cli("play", "kingdomino", "-p", "human,greedy", "-s", "1",
                 input=f"zz9\n{not_free}\nd5-e5\nquit\n")
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "Cannot read 'zz9'" in out
    assert f"Illegal move 'pick {not_free}'" in out
    assert "Illegal move 'd5-e5'" in out
    assert "type 'moves' to list the legal moves" in out
    assert result.output.count("Seat 1 (you) >") == 4  # prompted again each time
    assert "Traceback" not in result.output
    # the reasons are the players' wording, without internal action ids
    assert "Illegal move 'd5-e5': now pick a free domino of the next line: type its number" in out
    assert "illegal action" not in out.lower()


def test_picking_during_a_placement_says_what_to_do(cli, kingdomino2, human_inputs):
    typed, _ = human_inputs(kingdomino2, SPECS, 1)
    picks = next(i for i, t in enumerate(typed) if not t.startswith("pick"))
    result = cli("play", "kingdomino", "-p", "human,greedy", "-s", "1",
                 input="\n".join(typed[:picks] + ["pick 5", "quit"]) + "\n")
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "Illegal move 'pick 5': now place domino" in out
    assert "(e.g. d5-e5), or discard it if it fits nowhere." in out
    assert "illegal action" not in out.lower()
    assert not re.search(r"\baction \d+", out)


def test_help_and_board(cli):
    result = cli("play", "kingdomino", "-p", "human,greedy", "-s", "1",
                 input="help\nboard\nquit\n")
    assert result.exit_code == 0
    assert "How to write moves" in result.output
    assert result.output.count("Next line") == 2


def test_end_of_input_abandons_cleanly(cli):
    result = cli("play", "kingdomino", "-p", "human,greedy", "-s", "1", input="")
    assert result.exit_code == 0
    assert "abandoned" in result.output


def test_full_game_through_stdin_and_replay(cli, kingdomino2, tmp_path, human_inputs):
    typed, scores = human_inputs(kingdomino2, SPECS, 7)
    path = tmp_path / "g.json"
    result = cli("play", "kingdomino", "-p", "human,greedy", "-s", "7", "-r", str(path),
                 input="\n".join(typed) + "\n")
    assert result.exit_code == 0, result.output
    assert "Illegal" not in result.output and "Cannot read" not in result.output
    for label, score in zip(["Seat 1 (you)", "Seat 2 (greedy)"], scores):
        assert f"{label}: {score} point" in result.output
    assert "Final kingdoms and scores" in result.output
    # computer moves are narrated, one line per turn
    assert "Seat 2 (greedy)  places" in result.output
    record = GameRecord.load(path)
    assert record.players == SPECS and record.scores == scores
    replayed = cli("replay", str(path))
    assert replayed.exit_code == 0, replayed.output
    for label, score in zip(["Seat 1 (human)", "Seat 2 (greedy)"], scores):
        assert f"{label}: {score} point" in replayed.output


def test_quit_with_record_keeps_the_unfinished_game(cli, tmp_path):
    path = tmp_path / "g.json"
    result = cli("play", "kingdomino", "-p", "human,greedy", "-s", "1", "-r", str(path),
                 input="quit\n")
    assert result.exit_code == 0
    out = " ".join(result.output.split())
    assert "The unfinished game is saved in" in out and "regalia resume" in out
    assert "Error" not in out
    record = GameRecord.load(path)
    assert record.scores is None and record.actions
    replayed = cli("replay", str(path))
    assert replayed.exit_code == 0, replayed.output
    assert "ends before the game is over" in replayed.output


@pytest.mark.parametrize("command,players", [("play", "human,greedy"),
                                             ("match", "greedy,random")])
@pytest.mark.parametrize("where,message", [
    ("missing-dir", "does not exist"),
    ("a-directory", "is a directory"),
])
def test_bad_record_path_is_refused_before_the_game(cli, tmp_path, command, players, where,
                                                     message):
    path = tmp_path / "no" / "such" / "x.json" if where == "missing-dir" else tmp_path
    result = cli(command, "kingdomino", "-p", players, "-s", "1", "-r", str(path),
                 input="quit\n")
    assert result.exit_code == 2, result.output
    out = " ".join(result.output.replace("│", " ").split())  # (Typer boxes some errors)
    assert "--record" in out and message in out
    # nothing was played: refused before the header is printed
    assert "Seats:" not in out and "Line 1/" not in out
    assert "Traceback" not in out


def test_unwritable_record_path_is_refused_before_the_game(cli, tmp_path, monkeypatch):
    import os

    import regalia.cli.common as common

    real_access = os.access
    readonly = {tmp_path / "ro.json", tmp_path / "locked"}

    def access(path, mode):  # permissions as an ordinary user would see them (tests may run as root)
        if mode & os.W_OK and type(tmp_path)(path) in readonly:
            return False
        return real_access(path, mode)

    monkeypatch.setattr(common.os, "access", access)
    (tmp_path / "ro.json").write_text("{}")
    (tmp_path / "locked").mkdir()
    result = cli("match", "kingdomino", "-p", "greedy,random", "-s", "1",
                 "-r", str(tmp_path / "ro.json"))
    assert result.exit_code == 2
    assert "read-only" in " ".join(result.output.split())
    result = cli("play", "kingdomino", "-p", "human,greedy", "-s", "1",
                 "-r", str(tmp_path / "locked" / "g.json"), input="quit\n")
    assert result.exit_code == 2
    assert "is not writable" in " ".join(result.output.split())
    assert (tmp_path / "ro.json").read_text() == "{}"  # the check changes nothing


def test_ctrl_c_saves_the_record_and_exits_130(cli, tmp_path, monkeypatch):
    """Ctrl-C at the prompt (here: the third time the person is asked) keeps the record."""
    from rich.console import Console

    asked = {"n": 0}

    def interrupted_input(self, prompt="", **kwargs):
        asked["n"] += 1
        if asked["n"] == 3:
            raise KeyboardInterrupt
        return "moves"

    monkeypatch.setattr(Console, "input", interrupted_input)
    path = tmp_path / "g.json"
    result = cli("play", "kingdomino", "-p", "human,greedy", "-s", "1", "-r", str(path))
    assert result.exit_code == 130, result.output
    out = " ".join(result.output.split())
    assert "Interrupted: the game is abandoned" in out
    assert "The unfinished game is saved in" in out and "regalia resume" in out
    assert out.index("Interrupted") < out.index("is saved in")
    record = GameRecord.load(path)
    assert record.scores is None and record.actions
    assert record.replay().history() == record.actions
    # without --record: still exit 130, the game kept in the default file
    asked["n"] = 0
    result = cli("play", "kingdomino", "-p", "human,greedy", "-s", "1")
    assert result.exit_code == 130 and "Traceback" not in result.output
    kept = re.search(r"regalia resume (regalia-kingdomino-[0-9-]+\.json)",
                     " ".join(result.output.split()))
    assert kept is not None, result.output
    assert GameRecord.load(kept.group(1)).actions == record.actions


def test_play_without_a_human_plays_itself(cli):
    result = cli("play", "kingdomino", "-p", "greedy,random", "-s", "2")
    assert result.exit_code == 0, result.output
    assert "computer plays every seat" in result.output
    assert "Final kingdoms and scores" in result.output


def _console() -> tuple[Console, io.StringIO]:
    buf = io.StringIO()
    return Console(file=buf, width=80, no_color=True, highlight=False), buf


@pytest.mark.parametrize("players,seed,variants", [
    (["human", "greedy"], 3, []),
    (["random", "human", "greedy", "human"], 5, []),
    (["human", "random"], 9, ["mighty-duel", "harmony"]),
    (["greedy", "human", "random"], 4, ["dynasty", "middle-kingdom"]),
])
def test_run_play_with_a_move_reader(players, seed, variants, human_inputs, middle_choice):
    """The interactive loop driven by a callable: a wrong move first at every decision,
    then a legal one; forced decisions are never asked."""
    game = regalia.load_game("kingdomino", players=len(players), variants=variants)
    calls = {"asked": 0, "bad": 0}
    pending: dict[int, bool] = {}

    def read_move(state, seat):
        assert players[seat] == "human"
        legal = state.legal_actions()
        assert len(legal) > 1, "a forced decision must not be asked"
        calls["asked"] += 1
        ply = len(state.history())
        if ply not in pending:  # first ask of this decision: a mistake
            pending[ply] = True
            calls["bad"] += 1
            return "zz" if calls["bad"] % 2 else "moves"
        return state.action_to_string(middle_choice(state, legal))

    console, buf = _console()
    outcome = run_play(game, players, seed, ui_for("kingdomino"), console, read_move)
    assert not outcome.quit and outcome.state.is_terminal()
    _, scores = human_inputs(game, players, seed)
    assert outcome.state.scores() == scores
    assert outcome.record.scores == scores
    assert calls["asked"] == 2 * calls["bad"]
    text = buf.getvalue()
    assert "Cannot read 'zz'" in text
    assert outcome.record.replay().scores() == scores


def test_run_play_keyboard_interrupt_returns_the_game_so_far(human_inputs, middle_choice):
    """KeyboardInterrupt from read_move ends the game like 'quit', flagged, with its
    record (which replays)."""
    game = regalia.load_game("kingdomino", players=2)
    console, buf = _console()
    moves = {"n": 0}

    def read_move(state, seat):
        moves["n"] += 1
        if moves["n"] == 6:
            raise KeyboardInterrupt
        return state.action_to_string(middle_choice(state, state.legal_actions()))

    outcome = run_play(game, SPECS, 3, ui_for("kingdomino"), console, read_move)
    assert outcome.quit and outcome.interrupted
    assert not outcome.state.is_terminal()
    assert outcome.record.actions == outcome.state.history()
    assert outcome.record.scores is None
    assert outcome.record.replay().history() == outcome.state.history()
    # the moves typed before the interrupt are in the record
    typed, _ = human_inputs(game, SPECS, 3)
    assert [t for t in outcome.record.notation if t in typed[:5]]


def test_run_play_quit_and_eof():
    game = regalia.load_game("kingdomino", players=2)
    console, buf = _console()
    outcome = run_play(game, SPECS, 1, ui_for("kingdomino"), console, lambda s, p: "quit")
    assert outcome.quit and not outcome.state.is_terminal() and not outcome.interrupted

    def eof(state, seat):
        raise EOFError

    outcome = run_play(game, SPECS, 1, ui_for("kingdomino"), console, eof)
    assert outcome.quit
    assert "End of input" in buf.getvalue()


def test_forced_decisions_are_announced(middle_choice):
    """Picking the last free domino is automatic, with a note."""
    game = regalia.load_game("kingdomino", players=4)
    players = ["greedy", "greedy", "greedy", "human"]
    console, buf = _console()
    outcome = run_play(game, players, 2, ui_for("kingdomino"), console,
                       lambda s, p: s.action_to_string(middle_choice(s, s.legal_actions())))
    assert outcome.state.is_terminal()
    text = buf.getvalue()
    assert "(the last free domino of the next line: taken for you)" in text or \
        "(the only legal move: played for you)" in text


# ---------------------------------------------------------------------- hints (issue 5)
def test_hint_suggests_a_legal_move_with_a_win_rate(cli):
    # pick (forced picks are automatic), ask for a hint, then quit
    result = cli("play", "kingdomino", "-p", "human,greedy", "-s", "3", "--hints",
                 "--hint-agent", "ismcts:iterations=60,playout=greedy",
                 input="hint\nquit\n")
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "Hint (ismcts:iterations=60,playout=greedy): pick " in out
    assert "estimated win rate" in out and "playouts" in out


def test_hint_without_hints_flag_says_how_to_turn_them_on(cli):
    result = cli("play", "kingdomino", "-p", "human,greedy", "-s", "3", input="hint\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Hints are off: start the game with --hints." in " ".join(result.output.split())


def test_hint_agent_must_search(cli):
    result = cli("play", "kingdomino", "-p", "human,greedy", "--hints", "--hint-agent", "greedy")
    assert result.exit_code == 2
    assert "hints need a search agent" in " ".join(result.output.split())
