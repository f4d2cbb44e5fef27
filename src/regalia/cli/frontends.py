"""How the terminal shows each game: one :class:`GameUI` per game, a generic fallback.

A new game plugs into every command by registering a :class:`GameUI` subclass with
:func:`register_ui`; without one, :class:`GenericUI` shows any registered game through the
core contract alone (notation, observation, scores). Game-specific commands (``score``,
``data check``) are methods that raise :class:`NotAvailable` unless the game offers them.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Sequence

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from regalia.core.errors import RegaliaError
from regalia.core.game import Game
from regalia.core.state import State


class NotAvailable(RegaliaError):
    """A command that the game does not offer (e.g. ``score`` for a game without one)."""


class Narrator:
    """Prints the course of a game, one call per action (before it is applied)."""

    def __init__(self, ui: "GameUI", labels: Sequence[str], console: Console):
        self.ui, self.labels, self.console = ui, list(labels), console

    def step(self, state: State, action: int) -> None:
        """``action`` is about to be applied to ``state``."""
        text = state.action_to_string(action)
        if state.is_chance_node():
            self.console.print(Text(f"  chance: {text}", style="dim"))
        else:
            self.console.print(Text(f"  {self.labels[state.current_player()]}: {text}"))

    def flush(self) -> None:
        """Print whatever is held back (called before a person is asked to move)."""


class GameUI:
    """The terminal view of one game; the base class works for any game."""

    name = ""
    #: The seat whose view the narrator and positions show by default (None: everything;
    #: a game with hidden information hides what that seat could not see). Set it with
    #: :meth:`seen_by`, never on the registered instance.
    viewer: int | None = None

    def seen_by(self, viewer: int | None) -> "GameUI":
        """A copy of this view for one seat (``regalia replay FILE --as N``, the person at
        ``regalia play``); ``viewer`` None shows everything."""
        ui = copy.copy(self)
        ui.viewer = viewer
        return ui

    # ------------------------------------------------------------------ positions
    def position(self, state: State, labels: Sequence[str], viewer: int | None = None,
                 compact: bool = False) -> RenderableType:
        """The table as ``viewer`` sees it (default :attr:`viewer`; everything when None)."""
        if viewer is None:
            viewer = self.viewer
        obs = state.observation(0 if viewer is None or viewer < 0 else viewer)
        return Text(json.dumps(obs, indent=1))

    def decision(self, state: State) -> str:
        """What the player to act must do, one line."""
        return "Your move"

    def moves(self, state: State) -> RenderableType:
        """The legal moves in notation, compactly."""
        return Text("  ".join(state.action_to_string(a) for a in state.legal_actions()))

    def forced(self, state: State, action: int) -> str:
        """Why the only legal action is played automatically (a short note)."""
        return "the only legal move: played for you"

    def help_text(self, state: State) -> str:
        return ("Type a move in the game's notation; 'moves' (or '?') lists the legal moves, "
                "'board' shows the table again, 'quit' ends the game.")

    def narrator(self, labels: Sequence[str], console: Console) -> Narrator:
        return Narrator(self, labels, console)

    def round_end(self, state: State, action: int,
                  labels: Sequence[str]) -> RenderableType | None:
        """In a replay: the position to show before ``action`` when ``state`` stands at the
        end of a round (all the kingdoms and the lines, compactly); None elsewhere. The
        generic view knows no rounds: it shows only the final result."""
        return None

    def illegal_move_hint(self, state: State) -> str:
        return "type 'moves' to list the legal moves, 'help' for the notation"

    # ------------------------------------------------------------------ results
    def final(self, state: State, labels: Sequence[str], detailed: bool = True) -> RenderableType:
        """The result of a finished game: scores and who wins."""
        table = Table(title="Final scores", title_justify="left")
        table.add_column("seat")
        table.add_column("points", justify="right")
        table.add_column("result", justify="right")
        for p, (score, ret) in enumerate(zip(state.scores(), state.returns())):
            table.add_row(Text(labels[p]), _num(score), "win" if ret > 0 else "")
        return table

    def header(self, game: Game, labels: Sequence[str], seed: int | None) -> RenderableType:
        params = ", ".join(f"{k}={v}" for k, v in game.params.items())
        shown = "no seed recorded" if seed is None else f"seed {seed}"
        return Group(Text(f"{game.info.title} ({params}), {shown}", style="bold"),
                     Text("Seats: " + " · ".join(labels)))

    # ------------------------------------------------------------------ game-specific commands
    #: Whether the game offers ``regalia score`` / ``regalia data check``.
    has_score = False
    has_data_check = False

    def score(self, text: str, source: str, variants: Sequence[str], size: int | None,
              discarded: int, console: Console) -> None:
        """Score a kingdom typed as text (the scoring assistant)."""
        raise NotAvailable(f"'regalia score' is not available for {self.name}; "
                           f"it is available for: {_offering('has_score')}")

    def check_data(self, path: Path, console: Console) -> bool:
        """Validate a component data file, print the verdict; False if it does not validate."""
        raise NotAvailable(f"'regalia data check' is not available for {self.name}; "
                           f"it is available for: {_offering('has_data_check')}")


class GenericUI(GameUI):
    """Any registered game without a dedicated view."""


def _offering(flag: str) -> str:
    return ", ".join(sorted(n for n, ui in _UIS.items() if getattr(ui, flag))) or "no game"


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


_UIS: dict[str, GameUI] = {}


def register_ui(ui: GameUI) -> GameUI:
    _UIS[ui.name] = ui
    return ui


def ui_for(game_name: str) -> GameUI:
    """The registered view of ``game_name``, or a :class:`GenericUI`."""
    ui = _UIS.get(game_name)
    if ui is None:
        ui = GenericUI()
        ui.name = game_name
    return ui
