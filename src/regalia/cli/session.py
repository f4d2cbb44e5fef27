"""The game loops behind ``play``, ``match`` and ``replay``, independent of Typer.

:func:`run_play` takes a ``read_move(state, seat) -> str`` callable for the people at the
table, so tests (and other front ends) can drive a whole game without a terminal.
"""

from __future__ import annotations

import random
import threading
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, ContextManager, Iterator, Sequence

from rich.console import Console
from rich.text import Text

from regalia.agents.base import Agent, derive_seed, make_agent
from regalia.arena.match import MatchResult, play_match
from regalia.core.dealers import initial_state
from regalia.core.errors import IllegalActionError, NotationError, RecordError, RegaliaError
from regalia.core.game import CHANCE, Game
from regalia.core.record import GameRecord
from regalia.core.state import State

from .common import HUMAN, seat_labels
from .frontends import GameUI, Narrator
from regalia.core.i18n import _, ngettext

#: The table's words, with German aliases accepted in every language (docs/languages.md).
#: Not 'ende' nor 'zurück': Die zwei Erben reads them as moves (end, withdraw).
QUIT_WORDS = {"quit", "exit", "q", ":q", "beenden"}
MOVES_WORDS = {"moves", "?", "legal", "züge", "zuege"}
HELP_WORDS = {"help", "h", "hilfe"}
HINT_WORDS = {"hint", "tipp"}
BOARD_WORDS = {"board", "b", "show", "brett", "tisch"}
RULES_WORDS = {"rules", "rule", "regeln"}
UNDO_WORDS = {"undo", "takeback", "rückgängig", "rueckgaengig"}

#: The words a person may type at the table besides moves (offered by completion).
TABLE_COMMANDS = ("moves", "board", "hint", "help", "rules", "undo", "quit")
#: Printed after each game's own 'help': the table's commands, the same in every game.
TABLE_HELP = (_("'help NAME' shows a component's effect (a building, card, achievement, "
                "terrain; 'help ?' lists them), 'rules' the rules of this decision. At the "
                "table: 'moves' (or '?') lists the legal moves, 'board' shows the table again, "
                "'hint' suggests a move (with --hints), 'undo' takes back your last move "
                "(against computer players, while nothing was drawn since), 'quit' leaves and "
                "keeps the game for 'regalia resume'. On a terminal, Tab completes a move and "
                "the arrow keys recall what you typed."))


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


def restore(game: Game, seed: int, actions: Sequence[int],
            on_step: Callable[[State, int], None] | None = None,
            dealer: str | None = None) -> State:
    """The state after ``actions`` from the initial state of ``seed``, with its dealer
    where the real game's dealer stood: every chance outcome is dealt again by the state's
    own dealer (so the draws after it are the ones the seed deals, exactly as in a game
    never interrupted) and must equal the recorded one. ``on_step(state, action)`` is
    called before each action is applied. ``dealer``: the generator that dealt them
    (:mod:`regalia.core.dealers`; None: the engine's own), which deals on.

    Raises:
        RecordError: a recorded chance outcome that the seed does not deal there.
        IllegalActionError: an action that is not legal where it stands.
    """
    state = initial_state(game, seed, dealer)
    for ply, action in enumerate(actions):
        if state.is_chance_node():
            dealt = state.sample_chance_outcome(state.dealer())
            if dealt != action:
                raise RecordError(_("ply {ply}: chance outcome {action} is not what seed "
                                    "{seed} deals here ({dealt})").format(ply=ply, action=action, seed=seed, dealt=dealt))
        if on_step is not None:
            on_step(state, action)
        state.apply_action(action)
    return state


@dataclass
class _Ply:
    """What the table remembers of one applied action (for undo)."""

    actor: int  # the seat, or CHANCE
    text: str  # the action in notation
    chosen: bool  # a person chose it among several legal moves


def _reveals(before: State, now: State, seat: int, tries: int = 8) -> bool:
    """Whether the actions from ``before`` to ``now`` (decisions only) showed ``seat``
    something hidden: replayed on ``tries`` states dealt from ``seat``'s information state
    at ``before`` (:meth:`State.resample_from_infostate`, a fixed generator), they must
    stay legal and end in the observation ``seat`` has now; a difference means the moves
    uncovered what the deal hid."""
    actions = now.history()[len(before.history()):]
    seen = now.observation(seat)
    rng = random.Random(0)
    for _try in range(tries):
        other = before.resample_from_infostate(seat, rng)
        try:
            for action in actions:
                other.apply_action(action)
        except RegaliaError:
            return True
        if other.observation(seat) != seen:
            return True
    return False


def _is_person(specs: Sequence[str], seat: int) -> bool:
    return 0 <= seat < len(specs) and specs[seat].strip().lower() == HUMAN


class Thinking:
    """``thinking(label)``: a context manager around a computer player's move that shows
    "<label> is thinking ..." with a spinner on a terminal, after ``delay`` seconds (so a
    quick move shows nothing), and nothing on other outputs."""

    def __init__(self, console: Console, delay: float = 0.3):
        self.console, self.delay = console, delay

    @contextmanager
    def __call__(self, label: str) -> Iterator[None]:
        if not self.console.is_terminal:
            yield
            return
        status = self.console.status(Text(_("{label} is thinking ...").format(label=label), style="cyan"))
        lock = threading.Lock()
        shown = [False, False]  # started, finished

        def show() -> None:
            with lock:
                if not shown[1]:
                    status.start()
                    shown[0] = True

        timer = threading.Timer(self.delay, show)
        timer.daemon = True
        timer.start()
        try:
            yield
        finally:
            timer.cancel()
            with lock:
                shown[1] = True
                if shown[0]:
                    status.stop()


def run_play(game: Game, specs: Sequence[str], seed: int, ui: GameUI, console: Console,
             read_move: Callable[[State, int], str],
             hinter: Callable[[State], str] | None = None, *,
             history: Sequence[int] = (),
             thinking: Callable[[str], ContextManager[None]] | None = None,
             table: dict[str, Any] | None = None,
             dealer: str | None = None) -> PlayOutcome:
    """Play a game with people at the terminal.

    Args:
        specs: one agent spec or ``"human"`` per seat.
        read_move: returns what the person at ``seat`` typed; may raise ``EOFError`` (taken
            as 'quit'). Besides moves it may return ``moves``/``?``, ``help``, ``board``,
            ``quit``, ``undo``, ``hint``, ``help NAME`` (a component) and ``rules``.
        hinter: answers ``hint`` with a suggested move (``None``: hints are off).
        history: the actions of a game to continue (``regalia resume``): replayed from
            ``seed`` with :func:`restore` before play goes on.
        thinking: ``thinking(label)``, a context manager around each computer move (a
            :class:`Thinking` marker on a terminal).
        table: settings kept in the record for ``regalia resume`` (hints, hint agent).
        dealer: the generator that dealt ``history`` (a resumed record's; None: the
            engine's own), which deals the rest of the game.

    A decision with a single legal action is played automatically, with a message. A
    ``KeyboardInterrupt`` (Ctrl-C, at a prompt or while an agent thinks) ends the game
    like 'quit', with ``interrupted`` set: the record of the game so far is returned, not
    lost.

    ``undo`` takes back the person's last move, and the computer moves after it, when every
    other seat is a computer player and nothing hidden was revealed since: no chance
    outcome was dealt, and, in a game with hidden information, no other seat has played
    and the person's own moves uncovered nothing (:func:`_reveals`). The position is
    rebuilt from the seed (:func:`restore`), so the dealer deals the same future.
    Repeated, it goes further back.
    """
    labels = seat_labels(specs)
    seats = build_seats(specs, seed)
    people = [i for i in range(len(specs)) if _is_person(specs, i)]
    plies: list[_Ply] = []

    def remember(st: State, action: int) -> None:
        actor = st.current_player()
        chosen = _is_person(specs, actor) and len(st.legal_actions()) > 1
        plies.append(_Ply(actor, st.action_to_string(action), chosen))

    # a resumed game: the same dealer, so the same chance outcomes from here on
    state = restore(game, seed, history, on_step=remember, dealer=dealer)
    narrator = ui.narrator(labels, console)
    console.print(ui.header(game, labels, seed))
    if history:
        console.print(Text(_("Resuming the game after {n} actions.").format(n=len(history)), style="cyan"))
    last_human: tuple[int, int] | None = None  # (seat, ply) after a person's move
    think = thinking or (lambda label: nullcontext())

    def finish(quit_: bool, interrupted: bool = False) -> PlayOutcome:
        narrator.flush()
        return PlayOutcome(state, quit_, GameRecord.from_state(state, list(specs), table),
                           interrupted)

    def apply(action: int, chosen: bool = False) -> None:
        plies.append(_Ply(state.current_player(), state.action_to_string(action), chosen))
        state.apply_action(action)

    def undo(seat: int) -> str | None:
        """Take back ``seat``'s last chosen move; None when done, else why not."""
        nonlocal state, narrator, last_human
        if len(people) > 1:
            return (_("Undo is for a game against computer players: {n} people sit at this "
                      "table, and a take-back is theirs to agree on.").format(n=len(people)))
        mine = [k for k, p in enumerate(plies) if p.chosen and p.actor == seat]
        if not mine:
            return _("Nothing to undo: you have not chosen a move yet in this game.")
        k = mine[-1]
        dealt = next((p for p in plies[k + 1:] if p.actor == CHANCE), None)
        if dealt is not None:
            return (_("Cannot undo {text!r}: chance was dealt since ({text2}); undoing would "
                      "let you see the future.").format(text=plies[k].text, text2=dealt.text))
        if not game.info.perfect_information:
            other = next((p for p in plies[k + 1:] if p.actor != seat), None)
            if other is not None:
                return (_("Cannot undo {text!r}: {label} has played since ({text2}), and in "
                          "{title} a move can reveal hidden cards: undoing would let you "
                          "play with them known.").format(text=plies[k].text, label=labels[other.actor], text2=other.text, title=game.info.title))
        before = restore(game, seed, state.history()[:k], dealer=state.dealer_name)
        if not game.info.perfect_information and _reveals(before, state, seat):
            return (_("Cannot undo {text!r}: your moves since then showed you something "
                      "hidden; undoing would let you play with it known.").format(text=plies[k].text))
        others = sum(1 for p in plies[k + 1:] if p.actor != seat)
        state = before
        taken = plies[k].text
        del plies[k:]
        narrator = ui.narrator(labels, console)
        last_human = None
        also = (ngettext(" and the {others} computer move after it",
                         " and the {others} computer moves after it", others).format(others=others)
                if others else "")
        console.print(Text(_("Took back your move {taken!r}{also}.").format(taken=taken, also=also), style="cyan"))
        return None

    try:
        while not state.is_terminal():
            if state.is_chance_node():
                action = state.sample_chance_outcome(state.dealer())
                narrator.step(state, action)
                apply(action)
                continue
            seat = state.current_player()
            agent = seats[seat]
            if agent is not None:
                with think(labels[seat]):
                    action = agent.step(state)
                narrator.step(state, action)
                apply(action)
                continue
            legal = state.legal_actions()
            if len(legal) == 1:
                note = ui.forced(state, legal[0])
                narrator.step(state, legal[0])
                narrator.flush()
                console.print(Text(f"    ({note})", style="cyan"))
                apply(legal[0])
                last_human = (seat, len(state.history()))
                continue
            narrator.flush()
            compact = last_human == (seat, len(state.history()))
            console.print()
            console.print(ui.position(state, labels, viewer=seat, compact=compact))
            console.print(Text(f"{labels[seat]}: {ui.decision(state)}", style="bold yellow"))  # i18n: no
            while True:
                try:
                    raw = read_move(state, seat)
                except EOFError:
                    console.print(Text(_("End of input: the game is abandoned."), style="yellow"))
                    return finish(True)
                text = " ".join(str(raw).strip().split())
                word = text.lower()
                if not word:
                    continue
                if word in QUIT_WORDS:
                    console.print(Text(_("Game abandoned at your request."), style="yellow"))
                    return finish(True)
                if word in UNDO_WORDS:
                    refused = undo(seat)
                    if refused is not None:
                        console.print(Text(refused, style="yellow"))
                        continue
                    break
                if word in MOVES_WORDS:
                    console.print(ui.moves(state))
                    continue
                if word in HINT_WORDS:
                    if hinter is None:
                        console.print(Text(_("Hints are off: start the game with --hints."),
                                           style="yellow"))
                    else:
                        console.print(Text(hinter(state), style="green"))
                    continue
                if word in HELP_WORDS:
                    console.print(ui.help_text(state))
                    console.print(Text(TABLE_HELP, style="dim"))
                    continue
                first, _sep, topic = text.partition(" ")
                if first.lower() in HELP_WORDS:  # help <building/card/achievement ...>
                    console.print(ui.help_topic(state, topic))
                    continue
                if word in RULES_WORDS:
                    console.print(ui.rules(state))
                    continue
                if word in BOARD_WORDS:
                    console.print(ui.position(state, labels, viewer=seat))
                    console.print(Text(f"{labels[seat]}: {ui.decision(state)}",
                                       style="bold yellow"))  # i18n: no
                    continue
                try:
                    action = state.string_to_action(text)
                    if action not in legal:
                        state.clone().apply_action(action)  # raises with the reason
                        raise IllegalActionError(action, _("not a legal move here"), text)
                except NotationError as exc:
                    message = ui.explain(state, text) or str(exc)
                    if repr(text.lower()) not in message and repr(text) not in message:
                        message = _("cannot read {text!r}: {message}").format(text=text, message=message)
                    console.print(Text(message[:1].upper() + message[1:], style="red"))
                    console.print(Text(ui.illegal_move_hint(state), style="dim"))
                    continue
                except IllegalActionError as exc:
                    # the engine's reason is written for players (never an action id)
                    reason = (ui.explain(state, text) or str(exc.reason)).strip().rstrip(".")
                    console.print(Text(_("Illegal move {value!r}: {reason}.").format(value=exc.notation or text, reason=reason),
                                       style="red"))
                    console.print(Text(ui.illegal_move_hint(state), style="dim"))
                    continue
                narrator.step(state, action)
                apply(action, chosen=True)
                last_human = (seat, len(state.history()))
                break
    except KeyboardInterrupt:
        return finish(True, interrupted=True)
    return finish(False)


def run_match(game: Game, specs: Sequence[str], seed: int, ui: GameUI, console: Console,
              quiet: bool = False,
              thinking: Callable[[str], ContextManager[None]] | None = None) -> MatchResult:
    """A game between computer players via :func:`regalia.arena.match.play_match`,
    printing its course unless ``quiet``; ``thinking(label)`` (e.g. a :class:`Thinking`
    marker) wraps each computer move when given."""
    labels = seat_labels(specs)
    seats: list[Agent | str] = list(specs)
    if thinking is not None:
        seats = [spec if agent is None else _Marked(agent, spec, labels[i], thinking)
                 for i, (agent, spec) in enumerate(zip(build_seats(specs, seed), specs))]
    if quiet:
        return play_match(game, seats, seed)
    narrator = ui.narrator(labels, console)
    console.print(ui.header(game, labels, seed))
    result = play_match(game, seats, seed, on_step=narrator.step)
    narrator.flush()
    return result


class _Marked(Agent):
    """An agent whose moves run inside ``thinking(label)``; its spec is the seat's spec
    string (so the record names the seat as the command line did)."""

    def __init__(self, agent: Agent, spec: str, label: str,
                 thinking: Callable[[str], ContextManager[None]]):
        super().__init__(agent.seed)
        self.agent, self._spec, self.label, self.thinking = agent, spec, label, thinking

    def step(self, state: State) -> int:
        with self.thinking(self.label):
            return self.agent.step(state)

    def spec(self) -> str:
        return self._spec


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
