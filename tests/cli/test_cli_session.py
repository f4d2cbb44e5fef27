"""The table of `regalia play` (issue 10): undo, quit keeps the game, `regalia resume`,
completion of the legal moves. Driven through run_play's read_move and through stdin; the
pseudo-terminal tests are in test_cli_pty.py."""

from __future__ import annotations

import io
import json
import re

import pytest
from rich.console import Console

import regalia
from regalia.cli.frontends import ui_for
from regalia.cli.prompt import MoveCompleter
from regalia.cli.session import TABLE_COMMANDS, run_play
from regalia.core.record import GameRecord

GAMES = {  # name -> (load_game parameters, seats)
    "kingdomino": ({"players": 2}, ["human", "greedy"]),
    "cascadito": ({"players": 1}, ["human"]),
    "two-heirs": ({"players": 1, "level": 2}, ["human"]),
    "inheritors": ({"players": 2}, ["human", "greedy"]),
}


def setup(name):
    params, specs = GAMES[name]
    return regalia.load_game(name, **params), specs


class Typist:
    """read_move for run_play: types ``lines`` in order (EOF after them) and keeps the
    state of each prompt."""

    def __init__(self, lines):
        self.lines = list(lines)
        self.seen = []

    def __call__(self, state, seat):
        self.seen.append(state.clone())
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)


def play(game, specs, seed, lines, **kwargs):
    buf = io.StringIO()
    console = Console(file=buf, width=100, no_color=True, highlight=False)
    typist = Typist(lines)
    outcome = run_play(game, specs, seed, ui_for(game.info.name).seen_by(0), console,
                       typist, **kwargs)
    return outcome, typist, " ".join(buf.getvalue().split())


# ---------------------------------------------------------------------- undo
@pytest.mark.parametrize("name", ["kingdomino", "cascadito", "two-heirs"])
def test_undo_takes_back_the_last_move_and_the_game_goes_on_the_same(name, table_script):
    """Undo of a move followed by no chance and no computer move, then the same move again:
    the game ends exactly as the uninterrupted one (same dealer, same agents)."""
    game, specs = setup(name)
    turns = table_script(game, specs, 4, 400)
    i = next(k for k, t in enumerate(turns) if t.undoable and not t.others_after)
    typed = [t.typed for t in turns]
    plain, _, _ = play(game, specs, 4, typed)
    again, typist, out = play(game, specs, 4, typed[:i + 1] + ["undo"] + typed[i:])
    assert f"Took back your move {turns[i].typed!r}." in out
    assert typist.seen[i + 2].history() == turns[i].before  # the prompt after the undo
    assert again.state.is_terminal() and plain.state.is_terminal()
    assert again.record.actions == plain.record.actions
    assert again.record.replay().scores() == plain.state.scores()


def test_undo_takes_back_the_computer_moves_after_it_too(kingdomino2, table_script):
    # seed 1: a person's move followed by a computer move and no chance, on either
    # engine's dealer (the Mersenne Twister and PCG64 deal other games)
    turns = table_script(kingdomino2, ["human", "greedy"], 1, 30)
    i = next(k for k, t in enumerate(turns) if t.undoable and t.others_after)
    outcome, typist, out = play(kingdomino2, ["human", "greedy"], 1,
                                [t.typed for t in turns[:i + 1]] + ["undo", "quit"])
    assert f"Took back your move {turns[i].typed!r} and the " in out
    assert "computer move" in out.split("Took back your move", 1)[1]
    assert outcome.record.actions == turns[i].before


def test_repeated_undo_goes_further_back(table_script):
    game, specs = setup("two-heirs")
    turns = table_script(game, specs, 4, 60)
    i = next(k for k in range(1, len(turns)) if turns[k - 1].undoable and turns[k].undoable)
    outcome, _, out = play(game, specs, 4, [t.typed for t in turns[:i + 1]]
                           + ["undo", "undo", "quit"])
    assert f"Took back your move {turns[i].typed!r}" in out
    assert f"Took back your move {turns[i - 1].typed!r}" in out
    assert outcome.record.actions == turns[i - 1].before


def test_undo_is_refused_once_chance_has_spoken(kingdomino2, table_script):
    turns = table_script(kingdomino2, ["human", "greedy"], 4, 30)
    i = next(k for k, t in enumerate(turns) if t.prompt_after and t.chance_after)
    outcome, typist, out = play(kingdomino2, ["human", "greedy"], 4,
                                [t.typed for t in turns[:i + 1]] + ["undo", "quit"])
    assert (f"Cannot undo {turns[i].typed!r}: chance was dealt since" in out
            and "undoing would let you see the future" in out)
    assert outcome.record.actions == turns[i + 1].before  # nothing changed
    assert typist.seen[-1].history() == turns[i + 1].before


def test_undo_is_refused_when_an_opponent_may_have_revealed_hidden_cards(table_script):
    """Inheritors hides hands: after another seat has played, undo would let the person
    replay with what that move showed. (A draw refuses it first where there is one.)"""
    game, specs = setup("inheritors")
    turns = table_script(game, specs, 2, 40)
    i = next(k for k, t in enumerate(turns) if t.prompt_after and t.others_after)
    _, _, out = play(game, specs, 2, [t.typed for t in turns[:i + 1]] + ["undo", "quit"])
    assert f"Cannot undo {turns[i].typed!r}: " in out
    if not turns[i].chance_after:
        assert "Seat 2 (greedy) has played since" in out and "hidden cards" in out


def test_undo_needs_a_move_and_computer_opponents(kingdomino2):
    _, _, out = play(kingdomino2, ["human", "greedy"], 1, ["undo", "quit"])
    assert "Nothing to undo: you have not chosen a move yet" in out
    _, _, out = play(kingdomino2, ["human", "human"], 1, ["pick 7", "undo", "quit"])
    assert "Undo is for a game against computer players: 2 people sit at this table" in out


# ---------------------------------------------------------------------- save and resume
@pytest.mark.parametrize("name", ["cascadito", "two-heirs"])
def test_quit_then_resume_ends_as_the_uninterrupted_game(cli, name, table_script):
    """Solo games (no agent generator): a game quit and resumed twice ends with exactly
    the actions, draws included, and scores of the game played in one go."""
    game, specs = setup(name)
    typed = [t.typed for t in table_script(game, specs, 6, 400)]
    args = ["play", name, "-p", "human", "-s", "6"] + (["--level", "2"] if name == "two-heirs"
                                                     else [])
    whole = cli(*args, "-r", "whole.json", input="\n".join(typed) + "\n")
    assert whole.exit_code == 0, whole.output
    first = cli(*args, input="\n".join(typed[:5] + ["quit"]) + "\n")
    assert first.exit_code == 0, first.output
    kept = re.search(r"continue it with: regalia resume (regalia-[a-z-]+-[0-9]{8}-[0-9]{6}"
                     r"\.json)", " ".join(first.output.split()))
    assert kept is not None, first.output
    saved = kept.group(1)
    second = cli("resume", saved, input="\n".join(typed[5:9] + ["quit"]) + "\n")
    assert second.exit_code == 0, second.output
    assert "Resuming the game after" in second.output
    third = cli("resume", saved, input="\n".join(typed[9:]) + "\n")
    assert third.exit_code == 0, third.output
    assert "Illegal" not in third.output and "Cannot read" not in third.output
    done, expected = GameRecord.load(saved), GameRecord.load("whole.json")
    assert done.actions == expected.actions and done.scores == expected.scores
    assert done.scores is not None
    assert done.table == {"hints": False, "hint_agent": done.table["hint_agent"],
                          "compact": False}


def test_resume_keeps_the_seats_the_dealer_and_the_hints(cli, kingdomino2, table_script):
    turns = table_script(kingdomino2, ["human", "greedy"], 3, 4)
    first = cli("play", "kingdomino", "-p", "human,greedy", "-s", "3", "--hints",
                "--hint-agent", "mce:iterations=8", "-r", "k.json",
                input="\n".join([t.typed for t in turns[:3]] + ["quit"]) + "\n")
    assert first.exit_code == 0, first.output
    kept = GameRecord.load("k.json")
    assert kept.players == ["human", "greedy"] and kept.scores is None
    assert kept.table == {"hints": True, "hint_agent": "mce:iterations=8", "compact": False}
    again = cli("resume", "k.json", input=f"hint\n{turns[3].typed}\nquit\n")
    assert again.exit_code == 0, again.output
    out = " ".join(again.output.split())
    assert "Seats: Seat 1 (you), Seat 2 (greedy)" in out
    assert "Hint (mce:iterations=8): " in out
    later = GameRecord.load("k.json")
    assert later.actions[:len(kept.actions)] == kept.actions
    assert len(later.actions) > len(kept.actions)
    later.replay()  # every draw is the one seed 3 deals


def test_resume_refuses_finished_edited_and_missing_files(cli, kingdomino2, human_inputs):
    typed, _ = human_inputs(kingdomino2, ["human", "greedy"], 2)
    done = cli("play", "kingdomino", "-p", "human,greedy", "-s", "2", "-r", "done.json",
               input="\n".join(typed) + "\n")
    assert done.exit_code == 0
    result = cli("resume", "done.json")
    assert result.exit_code == 1
    assert "holds a finished game" in result.output and "regalia replay done.json" in \
        " ".join(result.output.split())
    cli("play", "kingdomino", "-p", "human,greedy", "-s", "2", "-r", "left.json",
        input="quit\n")
    data = json.loads(open("left.json").read())
    data["players"] = ["human", "random"]  # an edit: a weaker opponent
    with open("edited.json", "w") as f:
        json.dump(data, f)
    result = cli("resume", "edited.json")
    assert result.exit_code == 1 and "edited" in result.output
    result = cli("resume", "nothing.json")
    assert result.exit_code == 2 and "no such file" in result.output


def test_resume_help_warns_that_the_file_holds_the_seed(cli):
    result = cli("resume", "--help")
    assert result.exit_code == 0
    assert "secret seed" in " ".join(result.output.split())
    out = " ".join(cli("play", "--help").output.split())
    for words in ("'undo' to take back your last move", "'regalia resume FILE' continues it",
                  "secret seed", "Tab completes a legal move"):
        assert words in out


# ---------------------------------------------------------------------- completion
def test_completer_offers_legal_moves_and_commands(kingdomino2):
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document
    state = kingdomino2.new_initial_state(1)
    while state.is_chance_node():
        state.apply_random_chance()
    moves = [state.action_to_string(a) for a in state.legal_actions()]
    c = MoveCompleter(TABLE_COMMANDS)
    c.set_state(state)
    assert c.candidates("") == moves + list(TABLE_COMMANDS)
    assert c.candidates("PICK ") == moves
    assert c.candidates("un") == ["undo"]
    one = moves[0]
    got = list(c.get_completions(Document(one[:-1]), CompleteEvent()))
    assert [x.text for x in got if x.text == one] == [one]
    assert all(x.start_position == -(len(one) - 1) for x in got)
    assert c.candidates("zz") == []


@pytest.mark.parametrize("name", list(GAMES))
def test_help_names_the_table_commands_in_every_game(name):
    game, specs = setup(name)
    _, _, out = play(game, specs, 1, ["help", "quit"])
    for word in ("'moves'", "'board'", "'hint'", "'undo'", "'quit'", "regalia resume",
                 "Tab completes"):
        assert word in out


# ---------------------------------------------------------------------- thinking marker
def test_each_computer_move_runs_inside_the_thinking_marker(kingdomino2):
    from contextlib import contextmanager
    marked = []

    @contextmanager
    def thinking(label):
        marked.append(label)
        yield

    # seed 2: the computer moves before the person's first prompt on either engine's dealer
    outcome, _, _ = play(kingdomino2, ["human", "greedy"], 2, ["quit"], thinking=thinking)
    computer = _actors(outcome.state).count(1)
    assert computer >= 1 and marked == ["Seat 2 (greedy)"] * computer


def _actors(state):
    """The seat (or chance, -1) that played each action of ``state``'s history."""
    replay = state.game.new_initial_state(state.seed)
    out = []
    for a in state.history():
        out.append(replay.current_player())
        replay.apply_action(a)
    return out


def test_thinking_marker_shows_a_spinner_on_a_terminal_only():
    import threading
    from regalia.cli.session import Thinking
    buf = io.StringIO()
    console = Console(file=buf, width=80, force_terminal=True, no_color=True)
    seen = threading.Event()
    with Thinking(console, delay=0.0)("Seat 2 (mcts)"):
        for _ in range(200):  # until the marker is drawn (bounded)
            if "Seat 2 (mcts) is thinking" in buf.getvalue():
                seen.set()
                break
            seen.wait(0.01)
    assert seen.is_set()
    quiet = io.StringIO()
    with Thinking(Console(file=quiet, width=80), delay=0.0)("Seat 2 (mcts)"):
        threading.Event().wait(0.05)
    assert quiet.getvalue() == ""


# ---------------------------------------------------------------------- solo hints
@pytest.mark.parametrize("args,measure", [
    (["two-heirs", "--solo", "--level", "3"], "expected margin"),
    (["cascadito", "-p", "human"], "expected score"),
])
def test_solo_hints_say_what_they_rank_by(cli, args, measure):
    result = cli("play", *args, "-s", "2", "--hints", "--hint-agent",
                 "ismcts:iterations=12", input="hint\nquit\n")
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "Hint (ismcts:iterations=12,value=points): " in out and measure in out
    hint_line = out[out.index("Hint (ismcts"):]
    assert "win rate" not in hint_line.split("playout")[0]


def test_reveals_tells_moves_that_uncover_hidden_cards():
    """Undo's check in games with hidden information: an Inheritors opponent playing from
    its hidden hand uncovers something (replayed on other deals consistent with what seat 0
    knew, the moves become illegal or show other cards); the person's own ordinary moves
    in Two Heirs (whose face-down starting tile they do not uncover) do not."""
    import random
    from regalia.cli.session import _reveals
    g = regalia.load_game("inheritors", players=2)
    s, rng = g.new_initial_state(0), random.Random(0)
    verdicts = []
    while not s.is_terminal() and len(verdicts) < 40:
        if s.is_chance_node():
            s.apply_random_chance()
            continue
        if s.current_player() == 0:
            t, other = s.clone(), False
            while not (t.is_terminal() or t.is_chance_node()):
                other = other or t.current_player() == 1
                t.apply_action(rng.choice(t.legal_actions()))
                if other and not (t.is_terminal() or t.is_chance_node()):
                    verdicts.append(_reveals(s, t, 0))
        s.apply_action(rng.choice(s.legal_actions()))
    assert any(verdicts)
    s = regalia.load_game("two-heirs", players=1).new_initial_state(1)
    own = 0
    while not s.is_terminal() and own < 60:
        if s.is_chance_node():
            s.apply_random_chance()
            continue
        for a in s.legal_actions()[:5]:
            t = s.clone()
            t.apply_action(a)
            if not (t.is_chance_node() or t.is_terminal()):
                own += 1
                assert not _reveals(s, t, 0), s.action_to_string(a)
        s.apply_action(s.legal_actions()[-1])
    assert own >= 30


def test_the_default_save_file_does_not_tell_the_seed(cli):
    """The seed stays hidden while the game goes on: the file is named by the date."""
    result = cli("play", "kingdomino", "-p", "human,greedy", "-s", "987654321",
                 input="quit\n")
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    name = re.search(r"regalia resume (regalia-kingdomino-[0-9]{8}-[0-9]{6}\.json)", out)
    assert name is not None, result.output
    assert "987654321" not in out
    assert GameRecord.load(name.group(1)).seed == 987654321


def test_completer_offers_the_names_help_looks_up():
    game, _ = setup("two-heirs")
    state = game.new_initial_state(1)
    while state.is_chance_node():
        state.apply_random_chance()
    names = [e.name for e in ui_for("two-heirs").help_entries(state)]
    assert names  # Two Heirs' buildings
    c = MoveCompleter(TABLE_COMMANDS, lambda s: names)
    c.set_state(state)
    assert c.candidates("help ") == [f"help {n}" for n in names]
    first = names[0]
    assert f"help {first}" in c.candidates(f"HELP {first[:2]}")
    assert not any(x.startswith("help ") and x != "help" for x in c.candidates("he"))
