"""The game loops behind ``play``, ``match`` and ``replay``, independent of Typer.

:func:`run_play` takes a ``read_move(state, seat) -> str`` callable for the people at the
table, so tests (and other front ends) can drive a whole game without a terminal.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence

from rich.console import Console
from rich.text import Text

from regalia.agents.base import Agent, derive_seed, make_agent
from regalia.arena.match import MatchResult, play_match
from regalia.core.errors import IllegalActionError, NotationError
from regalia.core.game import Game
from regalia.core.record import GameRecord
from regalia.core.state import State

from .common import HUMAN, seat_labels
from .frontends import GameUI, Narrator

QUIT_WORDS = {"quit", "exit", "q", ":q"}
MOVES_WORDS = {"moves", "?", "legal"}
HELP_WORDS = {"help", "h"}
HINT_WORDS = {"hint"}
BOARD_WORDS = {"board", "b", "show"}
RULES_WORDS = {"rules", "rule"}


@dataclass
class PlayOutcome:
    """How a game at the terminal ended: the last state, whether it was abandoned (quit,
    end of input, or interrupted by Ctrl-C), its record (finished or not)."""

    state: State
    quit: bool
    record: GameRecord
    interrupted: bool = False


def build_seats(specs: Sequence[str], seed: int) -> list[Agent | None]:
    """One agent per computer seat (``None`` for a person), seeded exactly as
    :func:`regalia.arena.match.play_match` seeds them."""
    return [None if s.strip().lower() == HUMAN else make_agent(s, seed=derive_seed(seed, "seat", i))
            for i, s in enumerate(specs)]


def run_play(game: Game, specs: Sequence[str], seed: int, ui: GameUI, console: Console,
             read_move: Callable[[State, int], str],
             hinter: Callable[[State], str] | None = None) -> PlayOutcome:
    """Play a game with people at the terminal.

    Args:
        specs: one agent spec or ``"human"`` per seat.
        read_move: returns what the person at ``seat`` typed; may raise ``EOFError`` (taken
            as 'quit'). Besides moves it may return ``moves``/``?``, ``help``, ``board``,
            ``quit``, ``hint``, ``help NAME`` (a component) and ``rules``.
        hinter: answers ``hint`` with a suggested move (``None``: hints are off).

    A decision with a single legal action is played automatically, with a message. A
    ``KeyboardInterrupt`` (Ctrl-C, at a prompt or while an agent thinks) ends the game
    like 'quit', with ``interrupted`` set: the record of the game so far is returned, not
    lost.
    """
    labels = seat_labels(specs)
    seats = build_seats(specs, seed)
    state = game.new_initial_state(seed)
    narrator = ui.narrator(labels, console)
    console.print(ui.header(game, labels, seed))
    last_human: tuple[int, int] | None = None  # (seat, ply) after a person's move

    def finish(quit_: bool, interrupted: bool = False) -> PlayOutcome:
        narrator.flush()
        return PlayOutcome(state, quit_, GameRecord.from_state(state, list(specs)),
                           interrupted)

    try:
        while not state.is_terminal():
            if state.is_chance_node():
                action = state.sample_chance_outcome(state.dealer())
                narrator.step(state, action)
                state.apply_action(action)
                continue
            seat = state.current_player()
            agent = seats[seat]
            if agent is not None:
                action = agent.step(state)
                narrator.step(state, action)
                state.apply_action(action)
                continue
            legal = state.legal_actions()
            if len(legal) == 1:
                note = ui.forced(state, legal[0])
                narrator.step(state, legal[0])
                narrator.flush()
                console.print(Text(f"    ({note})", style="cyan"))
                state.apply_action(legal[0])
                last_human = (seat, len(state.history()))
                continue
            narrator.flush()
            compact = last_human == (seat, len(state.history()))
            console.print()
            console.print(ui.position(state, labels, viewer=seat, compact=compact))
            console.print(Text(f"{labels[seat]}: {ui.decision(state)}", style="bold yellow"))
            while True:
                try:
                    raw = read_move(state, seat)
                except EOFError:
                    console.print(Text("End of input: the game is abandoned.", style="yellow"))
                    return finish(True)
                text = " ".join(str(raw).strip().split())
                word = text.lower()
                if not word:
                    continue
                if word in QUIT_WORDS:
                    console.print(Text("Game abandoned at your request.", style="yellow"))
                    return finish(True)
                if word in MOVES_WORDS:
                    console.print(ui.moves(state))
                    continue
                if word in HINT_WORDS:
                    if hinter is None:
                        console.print(Text("Hints are off: start the game with --hints.",
                                           style="yellow"))
                    else:
                        console.print(Text(hinter(state), style="green"))
                    continue
                if word in HELP_WORDS:
                    console.print(ui.help_text(state))
                    console.print(Text("'help NAME' shows a component's effect (a building, "
                                       "card, achievement, terrain; 'help ?' lists them), "
                                       "'rules' the rules of this decision.", style="dim"))
                    continue
                first, _, topic = text.partition(" ")
                if first.lower() in HELP_WORDS:  # help <building/card/achievement ...>
                    console.print(ui.help_topic(state, topic))
                    continue
                if word in RULES_WORDS:
                    console.print(ui.rules(state))
                    continue
                if word in BOARD_WORDS:
                    console.print(ui.position(state, labels, viewer=seat))
                    console.print(Text(f"{labels[seat]}: {ui.decision(state)}",
                                       style="bold yellow"))
                    continue
                try:
                    action = state.string_to_action(text)
                    if action not in legal:
                        state.clone().apply_action(action)  # raises with the reason
                        raise IllegalActionError(action, "not a legal move here", text)
                except NotationError as exc:
                    message = ui.explain(state, text) or str(exc)
                    if repr(text.lower()) not in message and repr(text) not in message:
                        message = f"cannot read {text!r}: {message}"
                    console.print(Text(message[:1].upper() + message[1:], style="red"))
                    console.print(Text(ui.illegal_move_hint(state), style="dim"))
                    continue
                except IllegalActionError as exc:
                    # the engine's reason is written for players (never an action id)
                    reason = (ui.explain(state, text) or str(exc.reason)).strip().rstrip(".")
                    console.print(Text(f"Illegal move {exc.notation or text!r}: {reason}.",
                                       style="red"))
                    console.print(Text(ui.illegal_move_hint(state), style="dim"))
                    continue
                narrator.step(state, action)
                state.apply_action(action)
                last_human = (seat, len(state.history()))
                break
    except KeyboardInterrupt:
        return finish(True, interrupted=True)
    return finish(False)


def run_match(game: Game, specs: Sequence[str], seed: int, ui: GameUI, console: Console,
              quiet: bool = False) -> MatchResult:
    """A game between computer players via :func:`regalia.arena.match.play_match`,
    printing its course unless ``quiet``."""
    labels = seat_labels(specs)
    if quiet:
        return play_match(game, list(specs), seed)
    narrator = ui.narrator(labels, console)
    console.print(ui.header(game, labels, seed))
    result = play_match(game, list(specs), seed, on_step=narrator.step)
    narrator.flush()
    return result


class StopReplay(Exception):
    """Raised from the step callback when the viewer quits a stepped replay."""


def run_replay(record: GameRecord, labels: Sequence[str], ui: GameUI, console: Console,
               step: Callable[[State, Narrator], bool] | None = None,
               rounds: bool | Callable[[], bool] = False,
               data: str | Path | None = None) -> State:
    """Replay a (validated) record, printing its course.

    Args:
        step: called before every decision (not chance) with the state and the narrator
            (flush it before showing anything); returning False ends the replay early
            (:class:`StopReplay` is raised).
        rounds: print the position at the end of each round (:meth:`GameUI.round_end`);
            a callable is asked each time (so a stepped replay can switch it on).
        data: the user's component file for a game played with one
            (:meth:`GameRecord.build_game`).
    """
    narrator = ui.narrator(labels, console)
    want_rounds = rounds if callable(rounds) else (lambda: rounds)

    def on_step(state: State, action: int, text: str) -> None:
        if step is not None and not state.is_chance_node():
            if not step(state, narrator):
                raise StopReplay()
        if want_rounds():
            snapshot = ui.round_end(state, action, labels)
            if snapshot is not None:
                narrator.flush()
                console.print(snapshot)
        narrator.step(state, action)

    state = record.replay(on_step=on_step, data=data)
    narrator.flush()
    return state
