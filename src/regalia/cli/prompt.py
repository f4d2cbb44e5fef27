"""Reading a person's move at ``regalia play``: line editing, history and completion.

On a terminal (stdin and stdout both TTYs) the prompt is a prompt_toolkit session: arrow
keys move in the line and through the game's earlier input (history in memory, one per
game), Tab completes the legal moves in the game's notation, the table commands and the
names ``help NAME`` looks up. On
anything else (a pipe, a test runner, a script) the plain ``console.input`` path reads a
line, so scripted input works as before.
"""

from __future__ import annotations

import sys
from typing import Callable, Iterable, Sequence

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.formatted_text import FormattedText
from prompt_toolkit.history import InMemoryHistory
from rich.console import Console

from regalia.core.state import State

from .common import markup_safe, plain
from .frontends import GameUI


class MoveCompleter(Completer):
    """Completes the whole line typed so far (case-insensitively) to a legal move in
    notation (``state.action_to_string`` of each legal action), a table command, or
    ``help NAME`` for a name the game's help knows.

    Args:
        commands: the table's words (``moves``, ``undo``, ...), offered after the moves.
        topics: ``topics(state)``, the names ``help NAME`` looks up (offered once the line
            starts with ``help ``).
    """

    def __init__(self, commands: Sequence[str] = (),
                 topics: Callable[[State], Sequence[str]] | None = None):
        self.commands = list(commands)
        self.topics = topics
        self._state: State | None = None
        self._moves: list[str] = []
        self._help: list[str] | None = None

    def set_state(self, state: State) -> None:
        """The position whose legal moves are offered (notation computed once here)."""
        self._state = state
        self._moves = [state.action_to_string(a) for a in state.legal_actions()]
        self._help = None

    def candidates(self, typed: str) -> list[str]:
        """The moves and commands that start with ``typed`` (leading blanks and case
        ignored, inner runs of blanks read as one); after ``help `` the help names."""
        prefix = " ".join(typed.split()).lower() + (" " if typed[-1:].isspace()
                                                     and typed.strip() else "")
        words = [*self._moves, *self.commands]
        if prefix.startswith("help ") and self.topics is not None and self._state is not None:
            if self._help is None:
                self._help = [f"help {name}" for name in self.topics(self._state)]
            words += self._help
        return [c for c in words if c.lower().startswith(prefix)]

    def get_completions(self, document: Document,
                        complete_event: CompleteEvent) -> Iterable[Completion]:
        typed = document.text_before_cursor
        for candidate in self.candidates(typed):
            yield Completion(candidate, start_position=-len(typed))


def is_interactive() -> bool:
    """Whether both stdin and stdout are terminals (then prompt_toolkit reads moves)."""
    try:
        return sys.stdin.isatty() and sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


def move_reader(console: Console, labels: Sequence[str], commands: Sequence[str],
                ui: GameUI | None = None) -> Callable[[State, int], str]:
    """``read_move(state, seat) -> str`` for :func:`regalia.cli.session.run_play`.

    On a terminal a prompt_toolkit session (editing, history, Tab completion of the legal
    moves, of ``commands`` and of the names of ``ui.help_entries``); elsewhere
    ``console.input``. Raises ``EOFError`` at the end of input (Ctrl-D) and
    ``KeyboardInterrupt`` on Ctrl-C, as ``input`` does.
    """
    if not is_interactive():
        def read_plain(state: State, seat: int) -> str:
            return console.input(f"[bold]{markup_safe(labels[seat])}[/bold] > ")
        return read_plain

    topics = None if ui is None else (lambda state: [e.name for e in ui.help_entries(state)])
    completer = MoveCompleter(commands, topics)
    session: PromptSession[str] = PromptSession(history=InMemoryHistory(),
                                                completer=completer,
                                                complete_while_typing=False)

    def read_interactive(state: State, seat: int) -> str:
        completer.set_state(state)
        return session.prompt(FormattedText([("bold", plain(labels[seat])), ("", " > ")]))
    return read_interactive


__all__ = ["MoveCompleter", "move_reader", "is_interactive"]
