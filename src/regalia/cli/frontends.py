"""How the terminal shows each game: one :class:`GameUI` per game, a generic fallback.

A new game plugs into every command by registering a :class:`GameUI` subclass with
:func:`register_ui`; without one, :class:`GenericUI` shows any registered game through the
core contract alone (notation, observation, scores). Game-specific commands (``score``,
``data check``) are methods that raise :class:`NotAvailable` unless the game offers them.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Generic, Self, Sequence, TypeVar

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from regalia.core.errors import ParameterError, RegaliaError, UnknownNameError
from regalia.core.game import Game
from regalia.core.help import HelpEntry, RulesSummary, find_entry
from regalia.core.state import State
from regalia.core.i18n import _, pgettext

#: The state type of the game a view shows (``KingdominoUI`` is a ``GameUI[KingdominoState]``).
S = TypeVar("S", bound=State)
#: A view class, for :func:`register_ui`.
U = TypeVar("U", bound="GameUI[Any]")


class NotAvailable(RegaliaError):
    """A command that the game does not offer (e.g. ``score`` for a game without one)."""


class Narrator(Generic[S]):
    """Prints the course of a game, one call per action (before it is applied)."""

    def __init__(self, ui: "GameUI[S]", labels: Sequence[str], console: Console):
        self.ui, self.labels, self.console = ui, list(labels), console

    def step(self, state: S, action: int) -> None:
        """``action`` is about to be applied to ``state``."""
        text = state.action_to_string(action)
        if state.is_chance_node():
            self.console.print(Text(_("  chance: {text}").format(text=text), style="dim"))
        else:
            self.console.print(Text(f"  {self.labels[state.current_player()]}: {text}"))

    def flush(self) -> None:
        """Print whatever is held back (called before a person is asked to move)."""


class GameUI(Generic[S]):
    """The terminal view of one game; the base class works for any game.

    Generic in the game's state type ``S``: a game's view subclasses
    ``GameUI[KingdominoState]`` and its methods take that state."""

    name = ""
    #: The seat whose view the narrator and positions show by default (None: everything;
    #: a game with hidden information hides what that seat could not see). Set it with
    #: :meth:`seen_by`, never on the registered instance.
    viewer: int | None = None

    #: The table layout: ``auto`` (the game picks one that fits the terminal), ``compact``
    #: (``regalia play --compact``) or ``full``. Set it with :meth:`laid_out`.
    layout = "auto"

    def laid_out(self, layout: str) -> Self:
        """A copy of this view with another :attr:`layout`."""
        ui = copy.copy(self)
        ui.layout = layout
        return ui

    def seen_by(self, viewer: int | None) -> Self:
        """A copy of this view for one seat (``regalia replay FILE --as N``, the person at
        ``regalia play``); ``viewer`` None shows everything."""
        ui = copy.copy(self)
        ui.viewer = viewer
        return ui

    # ------------------------------------------------------------------ positions
    def position(self, state: S, labels: Sequence[str], viewer: int | None = None,
                 compact: bool = False) -> RenderableType:
        """The table as ``viewer`` sees it (default :attr:`viewer`; everything when None)."""
        if viewer is None:
            viewer = self.viewer
        obs = state.observation(0 if viewer is None or viewer < 0 else viewer)
        return Text(json.dumps(obs, indent=1))

    def observed(self, game: Game, obs: dict[str, Any],
                 labels: Sequence[str]) -> RenderableType:
        """The table drawn from one observation alone, for the replay of a seat record
        (which holds observations, never a state). The generic view lists the
        observation's fields, one line each; a game's view may draw its table."""
        table = Table(show_header=False, box=None, pad_edge=False)
        table.add_column(style="bold", no_wrap=True)
        table.add_column()
        for key, value in obs.items():
            if key in ("game", "params"):
                continue
            text = json.dumps(value, separators=(", ", ": "))
            table.add_row(key, Text(text if len(text) <= 2000 else text[:1997] + "..."))
        return table

    def decision(self, state: S) -> str:
        """What the player to act must do, one line."""
        return _("Your move")

    def moves(self, state: S) -> RenderableType:
        """The legal moves in notation, compactly."""
        return Text("  ".join(state.action_to_string(a) for a in state.legal_actions()))

    def forced(self, state: S, action: int) -> str:
        """Why the only legal action is played automatically (a short note)."""
        return _("the only legal move: played for you")

    def help_text(self, state: S) -> str:
        return (_("Type a move in the game's notation; 'moves' (or '?') lists the legal moves, "
                  "'board' shows the table again, 'quit' ends the game."))

    def narrator(self, labels: Sequence[str], console: Console) -> Narrator[S]:
        return Narrator(self, labels, console)

    def round_end(self, state: S, action: int,
                  labels: Sequence[str]) -> RenderableType | None:
        """In a replay: the position to show before ``action`` when ``state`` stands at the
        end of a round (all the kingdoms and the lines, compactly); None elsewhere. The
        generic view knows no rounds: it shows only the final result."""
        return None

    def illegal_move_hint(self, state: S) -> str:
        return _("type 'moves' to list the legal moves, 'help' for the notation")

    def explain(self, state: S, text: str) -> str | None:
        """Why ``text`` is not a legal move here, in the game's terms (which part is wrong,
        what is allowed now); None: the engine's own message says it."""
        return None

    # ------------------------------------------------------------------ rules at hand
    def help_entries(self, state: S) -> Sequence[HelpEntry]:
        """The components a player may look up with ``help NAME`` (none by default)."""
        return ()

    def rules_summary(self, state: S) -> RulesSummary | None:
        """The rulebook's summary of the decision at hand (None: the game has none)."""
        return None

    def help_topic(self, state: S, name: str) -> RenderableType:
        """``help NAME``: the component's effect from the data file with its provenance,
        or which names exist."""
        entries = self.help_entries(state)
        if not entries:
            return Text(_("No component help for {name}; 'help' shows the notation.").format(name=self.name),
                        style="yellow")
        if not name.strip() or name.strip() in ("?", "list"):
            return Text(_names_line(entries))
        try:
            entry = find_entry(entries, name)
        except UnknownNameError as exc:
            message = str(exc)[:1].upper() + str(exc)[1:]
            return Text(message + ("" if "the names are" in message else  # i18n: no
                                   _(" ('help ?' lists every name)")), style="yellow")
        lines = entry.lines()
        style = "yellow" if entry.provenance == "reconstructed" else ""
        return Group(Text(lines[0], style="bold"),
                     *(Text(x, style=style if x.lstrip().startswith(("Provenance", _("Provenance"))) else "")
                       for x in lines[1:]))

    def rules(self, state: S) -> RenderableType:
        """``rules``: the rulebook summary of the current decision, cited."""
        summary = self.rules_summary(state)
        if summary is None:
            return Text(_("No rules summary for {name}; 'help' shows the notation.").format(name=self.name),
                        style="yellow")
        return Group(Text(summary.title, style="bold"), *(Text("  " + x) for x in summary.lines),
                     Text(f"  ({summary.cite})", style="dim"))

    # ------------------------------------------------------------------ results
    def final(self, state: S, labels: Sequence[str], detailed: bool = True) -> RenderableType:
        """The result of a finished game: scores and who wins."""
        return self.final_scores(state.scores(), state.returns(), labels)

    @staticmethod
    def final_scores(scores: Sequence[float], returns: Sequence[float],
                     labels: Sequence[str]) -> RenderableType:
        """The final scores table: a row per seat with its points and "win" for a seat
        with a positive return."""
        table = Table(title=_("Final scores"), title_justify="left")
        table.add_column(pgettext("column", "seat"))
        table.add_column(pgettext("column", "points"), justify="right")
        table.add_column(pgettext("column", "result"), justify="right")
        for p, (score, ret) in enumerate(zip(scores, returns)):
            table.add_row(Text(labels[p]), _num(score), "win" if ret > 0 else "")
        return table

    def seed_text(self, seed: int | None) -> str:
        """How a header names the seed. The seed fixes every later draw, so a view for a seat
        (:attr:`viewer` set: a person at ``regalia play``, ``replay --as``) does not show
        it; a spectator's view (a match, a full replay) does."""
        if seed is None:
            return _("no seed recorded")
        if self.viewer is not None:
            return _("seed shown at the end")
        return _("seed {seed}").format(seed=seed)

    def header(self, game: Game, labels: Sequence[str], seed: int | None) -> RenderableType:
        params = ", ".join(f"{k}={v}" for k, v in game.params.items())
        shown = self.seed_text(seed)
        return Group(Text(f"{game.info.title} ({params}), {shown}", style="bold"),
                     Text(_("Seats: ") + " · ".join(labels)))

    # ------------------------------------------------------------------ game-specific commands
    #: Whether the game offers ``regalia score`` / ``regalia data check``.
    has_score = False
    has_data_check = False
    #: Whether ``regalia score GAME --interactive`` asks for the position question by question.
    has_interactive_score = False

    def score(self, request: "ScoreRequest", console: Console) -> None:
        """Score a finished position typed as text, or entered interactively (the scoring
        assistant, ``regalia score``): print the scoring step by step and the winner.

        Raises:
            NotAvailable: the game has no scoring assistant.
            ParameterError: an option the game's assistant does not take (exit 2).
            NotationError, DataError: a text that does not parse (exit 1).
        """
        raise NotAvailable(_("'regalia score' is not available for {name}; it is available "
                             "for: {offering}").format(name=self.name, offering=_offering('has_score')))

    def check_data(self, path: Path, console: Console) -> bool:
        """Validate a component data file, print the verdict; False if it does not validate."""
        raise NotAvailable(_("'regalia data check' is not available for {name}; it is "
                             "available for: {offering}").format(name=self.name, offering=_offering('has_data_check')))


def print_invalid_data(console: Console, path: Path, kind: str, exc: RegaliaError) -> None:
    """The verdict of ``regalia data check`` on a file that does not validate: the file and
    what it holds (``kind``: ``"dominoes"``, ``"cards"``...) in bold red, then each line of
    the loader's message (file, record, field, what was expected), indented, in red."""
    console.print(Text(_("{path}: the {kind} file does not validate:").format(path=path, kind=kind), style="bold red"))  # i18n: no
    for line in str(exc).splitlines():
        console.print(Text("  " + line, style="red"))


@dataclass(frozen=True)
class ScoreRequest:
    """What ``regalia score`` passes to a game's :meth:`GameUI.score`.

    Attributes:
        texts: ``(text, source)`` per file given (``source``: the path or ``<stdin>``).
        variants, size, discarded: Kingdomino's scoring options.
        sheet: the play sheet (Cascadito ``--sheet``), or None.
        data: a component data file to score with (``--data``), or None.
        interactive: enter the position by answering questions (``--interactive``).
        ask: asks one question on the terminal and returns the answer (raises
            ``EOFError`` when the input ends).
        given: the options given on the command line (``--sheet``...), for messages.
    """

    texts: tuple[tuple[str, str], ...] = ()
    variants: tuple[str, ...] = ()
    size: int | None = None
    discarded: int = 0
    sheet: int | None = None
    data: str | None = None
    interactive: bool = False
    ask: Callable[[str], str] | None = None
    given: tuple[str, ...] = field(default_factory=tuple)

    def refuse(self, allowed: Sequence[str], game: str, doc: str) -> None:
        """Raise :class:`ParameterError` naming the options given that ``game``'s
        assistant does not take (``allowed``: the ones it takes)."""
        bad = [o for o in self.given if o not in allowed]
        if bad:
            raise ParameterError(_("{bad}: not an option of the {game} scoring assistant (it "
                                   "takes: {value}; see {doc})").format(bad=', '.join(bad), game=game, value=', '.join(allowed) or _('no options'), doc=doc))

    def one_text(self, game: str) -> tuple[str, str]:
        """The single file of a game whose score file holds the whole position."""
        if len(self.texts) != 1:
            raise ParameterError(_("{game}: give one file (the whole position is in it), not "
                                   "{n}").format(game=game, n=len(self.texts)))
        return self.texts[0]


class GenericUI(GameUI[State]):
    """Any registered game without a dedicated view."""


def _offering(flag: str) -> str:
    return ", ".join(sorted(n for n, ui in _UIS.items() if getattr(ui, flag))) or _("no game")


def _names_line(entries: Sequence[HelpEntry]) -> str:
    kinds: dict[str, list[str]] = {}
    for e in entries:
        if e.name not in kinds.setdefault(e.kind, []):
            kinds[e.kind].append(e.name)
    return _("Help on: ") + "; ".join(f"{k}: {', '.join(v)}" for k, v in kinds.items()) + \
        _(" (type 'help NAME')")


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


_UIS: dict[str, GameUI[Any]] = {}


def register_ui(ui: U) -> U:
    _UIS[ui.name] = ui
    return ui


def ui_for(game_name: str) -> GameUI[Any]:
    """The registered view of ``game_name``, or a :class:`GenericUI`."""
    ui = _UIS.get(game_name)
    if ui is None:
        ui = GenericUI()
        ui.name = game_name
    return ui
