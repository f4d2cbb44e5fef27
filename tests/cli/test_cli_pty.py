"""`regalia play` in a pseudo-terminal (pexpect), as a person uses it: the prompt_toolkit
prompt with Tab completion of the legal moves, 'help', 'undo', 'quit' keeping the game
and `regalia resume` continuing it, Ctrl-C; for each of the four games.

Each test starts ``python -m regalia`` in a scratch directory with fixed seeds and fast
opponents; every wait is bounded by a timeout.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest

import regalia
from regalia.cli.frontends import ui_for
from regalia.cli.session import TABLE_COMMANDS, restore
from rich.text import Text
from regalia.core.record import GameRecord

pexpect = pytest.importorskip("pexpect")
pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")

SRC = str(Path(regalia.__file__).resolve().parents[1])
SEED = 4
GAMES = {  # name -> (load_game parameters, seats, command-line arguments)
    "kingdomino": ({"players": 2}, ["human", "greedy"], ["-p", "human,greedy"]),
    "cascadito": ({"players": 1}, ["human"], ["-p", "human"]),
    "two-heirs": ({"players": 1, "level": 2}, ["human"], ["--solo", "--level", "2"]),
    "inheritors": ({"players": 2}, ["human", "greedy"], ["-p", "human,greedy"]),
}
#: A fresh prompt: prompt_toolkit switches bracketed paste on, then draws "Seat 1 (you) >"
#: (the redraws while typing do not switch it on again).
PROMPT = re.compile(r"\?2004h[^>]*Seat 1 \(you\)[^>]*>")
ESCAPES = r"(?:\x1b\[[0-9;?]*[a-zA-Z])*"


def spawn(*args: str, cwd: Path):
    env = dict(os.environ, PYTHONPATH=SRC + os.pathsep + os.environ.get("PYTHONPATH", ""),
               TERM="xterm", NO_COLOR="1", PROMPT_TOOLKIT_NO_CPR="1", COLUMNS="200",
               LINES="60")
    env.pop("FORCE_COLOR", None)
    child = pexpect.spawn(sys.executable, ["-m", "regalia", *args], cwd=str(cwd), env=env,
                          encoding="utf-8", timeout=60, dimensions=(60, 200))
    return child


def start(name: str, cwd: Path):
    return spawn("play", name, *GAMES[name][2], "-s", str(SEED), cwd=cwd)


def turns_of(name: str, table_script, count: int = 60):
    params, specs, _ = GAMES[name]
    return table_script(regalia.load_game(name, **params), specs, SEED, count)


def finish(child) -> None:
    child.expect(pexpect.EOF)
    child.close()


def play_turns(child, turns) -> None:
    """At each fresh prompt, type the next move."""
    for turn in turns:
        child.expect(PROMPT)
        child.send(turn.typed + "\r")


def saved_file(name: str, cwd: Path) -> Path:
    """The one game kept in ``cwd`` (regalia-GAME-DATE-TIME.json)."""
    (path,) = cwd.glob(f"regalia-{name}-*.json")
    return path


def saved(name: str, cwd: Path) -> GameRecord:
    return GameRecord.load(saved_file(name, cwd))


def unique_prefix(move: str, words: list[str]) -> str | None:
    """The shortest prefix of ``move`` that no other word starts with (shorter than it)."""
    for n in range(1, len(move)):
        p = move[:n].lower()
        if not p.endswith(" ") and [w for w in words if w.lower().startswith(p)] == [move]:
            return move[:n]
    return None


@pytest.mark.parametrize("name", list(GAMES))
def test_help_then_tab_completes_a_legal_move(name, tmp_path, table_script):
    """At the first decision offering a move with a prefix no other word shares: 'help'
    shows the game's help, then that prefix and Tab complete the move, Enter plays it."""
    turns = turns_of(name, table_script, 20)
    j, move, prefix = next((j, m, p) for j, t in enumerate(turns) for m in t.legal
                           if (p := unique_prefix(m, t.legal + list(TABLE_COMMANDS))))
    state = restore(regalia.load_game(name, **GAMES[name][0]), SEED, turns[j].before)
    help_words = Text.from_markup(ui_for(name).seen_by(0).help_text(state)).plain.split()[:3]
    child = start(name, tmp_path)
    play_turns(child, turns[:j])
    child.expect(PROMPT)
    child.send("help\r")
    child.expect(r"\s+".join(re.escape(w) for w in help_words))
    child.expect(PROMPT)
    child.send(prefix + "\t")  # completes to the one legal move starting so
    # the completion is drawn (the renderer draws only what changed, with escape codes)
    child.expect(ESCAPES.join(re.escape(ch) for ch in move[len(prefix):]))
    child.send("\r")
    child.expect(PROMPT)
    child.send("quit\r")
    child.expect("regalia resume")
    finish(child)
    record = saved(name, tmp_path)
    assert len(prefix) < len(move)
    assert record.notation[len(turns[j].before)] == move


@pytest.mark.parametrize("name", list(GAMES))
def test_undo_at_the_terminal(name, tmp_path, table_script):
    turns = turns_of(name, table_script)
    child = start(name, tmp_path)
    i = next((k for k, t in enumerate(turns) if t.undoable), None)
    if i is None:  # Inheritors: a draw or a hidden hand follows nearly every move
        i = next(k for k, t in enumerate(turns) if t.prompt_after)
        play_turns(child, turns[:i + 1])
        child.expect(PROMPT)
        child.send("undo\r")
        child.expect(f"Cannot undo {turns[i].typed!r}")
        expected = turns[i + 1].before
    else:
        play_turns(child, turns[:i + 1])
        child.expect(PROMPT)
        child.send("undo\r")
        child.expect(re.escape(f"Took back your move {turns[i].typed!r}"))
        expected = turns[i].before
    child.expect(PROMPT)
    child.send("quit\r")
    child.expect("regalia resume")
    finish(child)
    assert saved(name, tmp_path).actions == expected


@pytest.mark.parametrize("name", list(GAMES))
def test_quit_keeps_the_game_and_resume_continues_it(name, tmp_path, table_script):
    turns = turns_of(name, table_script, 4)
    child = start(name, tmp_path)
    play_turns(child, turns[:3])
    child.expect(PROMPT)
    child.send("quit\r")
    child.expect(re.escape(f"regalia resume regalia-{name}-") + r"[0-9-]+\.json")
    finish(child)
    assert child.exitstatus == 0
    assert saved(name, tmp_path).actions == turns[3].before
    child = spawn("resume", saved_file(name, tmp_path).name, cwd=tmp_path)
    child.expect(f"Resuming the game after {len(turns[3].before)} actions")
    play_turns(child, turns[3:4])
    child.expect(PROMPT)
    child.send("quit\r")
    finish(child)
    record = saved(name, tmp_path)
    n = len(turns[3].before)
    assert record.actions[:n] == turns[3].before
    assert record.notation[n] == turns[3].typed
    record.replay()  # every draw is the seed's


def test_ctrl_c_keeps_the_game_and_exits_130(tmp_path):
    child = start("kingdomino", tmp_path)
    child.expect(PROMPT)
    child.sendintr()
    child.expect("Interrupted")
    child.expect("regalia resume")
    finish(child)
    assert child.exitstatus == 130
    assert saved("kingdomino", tmp_path).scores is None
