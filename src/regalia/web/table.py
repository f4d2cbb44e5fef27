"""One live table (:class:`Table`): the authoritative game state rebuilt from the store,
its seats, and the only code that changes it (:meth:`Table.act`, :meth:`Table.undo`,
:meth:`Table.commit`, :meth:`Table.catch_up`).

A table's state is rebuilt from the store: the seed and every action, the dealer advanced
exactly as it was, so a restarted server deals the same future. Every change checks the
seat and the turn, checks the action, commits it (with the chance outcomes dealt after it)
to the store, and only then applies it and tells the pages. Chance outcomes are drawn by
the state's own dealer, seeded with a fresh 128-bit seed from the OS's entropy at creation;
the seed never leaves the server.

Several server processes may hold a copy of the same table (a PostgreSQL store). The store
is the truth: each change names the table's version the copy was at, and the store refuses
it (409) when another process changed the table first; the copy then reloads. A copy that is
behind (told by a notice, or found by a request) is brought up to the store
(:meth:`Table.catch_up`): the stored moves it lacks are applied with the dealer advanced as
they were dealt, or, when the stored history is not an extension of the copy's (an undo in
another process), the table is rebuilt from the seed.
"""

from __future__ import annotations

import threading
import time
from concurrent.futures import Future, InvalidStateError
from dataclasses import dataclass, field
from typing import Any, Callable

from regalia.core.dealers import DEFAULT_DEALER, initial_state
from regalia.core.errors import RegaliaError
from regalia.core.game import Game
from regalia.core.state import State
from regalia.core.i18n import _
from regalia.core.svgkit import Fragments

from . import story
from .errors import Later, WebError
from .metrics import Metrics
from .movelog import MoveLog
from .store import (COMPUTER_TO_MOVE, OVER, PERSON, VERSION_STEP, ConflictError, SeatRow,
                    Store)

HERE, INVITED, COMPUTER = "here", "invited", "computer"
SEAT_KINDS = (HERE, INVITED, COMPUTER)

#: The clock of pacing and of the last move's time (a name of this module, so a test can
#: stand in for it).
_clock = time.monotonic


def resolve(future: Future[None]) -> None:
    """Mark a computer move's future done (once; a second call does nothing)."""
    try:
        future.set_result(None)
    except InvalidStateError:
        pass


def rebuild(game: Game, seed: int, actions: list[int], dealer: str | None,
            movers: list[int] | None = None) -> State:
    """The state after ``actions`` from ``seed``, dealt by ``dealer`` (the generator named
    at the table's creation, :mod:`regalia.core.dealers`; a table stored before dealers
    were named was dealt by ``mt19937``), its dealer advanced as it was dealt: a restarted
    server deals the same future whichever engine it runs now. The seat that made each
    action is appended to ``movers`` (-1: chance)."""
    state = initial_state(game, seed, dealer or DEFAULT_DEALER)
    replay(state, actions, movers)
    return state


def replay(state: State, actions: list[int], movers: list[int] | None = None) -> None:
    """Apply the stored ``actions`` to ``state``, advancing its dealer at each chance
    outcome as it was when the outcome was dealt (so it goes on dealing the same future);
    the seat that made each is appended to ``movers`` (-1: chance)."""
    for action in actions:
        if movers is not None:
            movers.append(state.current_player())
        if state.is_chance_node():
            state.sample_chance_outcome(state.dealer())  # the dealer moves on as it did
        state.apply_action(action)


def movers_of(game: Game, actions: list[int]) -> list[int]:
    """The seat that made each of ``actions`` (-1: a chance outcome), replayed."""
    replay = game.new_initial_state(0)
    movers = []
    for a in actions:
        movers.append(replay.current_player())
        replay.apply_action(a)
    return movers


@dataclass
class Table:
    """One live table: its game and state (the authoritative position), seats, computer
    players (seat -> ``(agent spec, budget in seconds)``), and what the views need (the
    last error, cached views).

    ``future`` is set while a computer player's move is under way (thinking, then paced),
    and done once that move is committed or dropped; ``generation`` is bumped by an undo so
    that a move thought before it is dropped; ``last_move_at`` is the ``_clock()`` of the
    last stored move (pacing); ``pace`` the table's seconds between two computer moves
    where a person sits. ``store`` and ``notify`` (``notify(table_id)``, from any thread)
    are the store it commits to and whom it tells of a change."""

    id: str
    game: Game
    state: State
    seats: list[SeatRow]
    store: Store
    notify: Callable[[str], None]
    agents: dict[int, tuple[str, float]] = field(default_factory=dict)
    lock: threading.RLock = field(default_factory=threading.RLock)
    future: Future[None] | None = None
    error: "Later | str | None" = None
    generation: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    pace: float = 0.0
    views: dict[tuple[Any, ...], dict[str, Any]] = field(default_factory=dict)
    #: the cached views encoded as JSON text, same keys (each encoded once, then sent to
    #: every request and WebSocket of the seat until the table moves on)
    encoded: dict[tuple[Any, ...], str] = field(default_factory=dict)
    #: the drawn parts of the cached views (SVG, score table, scoring help) by (seat,
    #: ply, generation): a change that moves nothing (a computer player starts thinking,
    #: an error) re-sends the views without drawing them again
    drawings: dict[tuple[Any, ...], dict[str, Any]] = field(default_factory=dict)
    #: the parts of its boards drawn for the last two plies (another seat's kingdom, a
    #: sheet nobody wrote on), reused from one seat's board to the next and from one ply to
    #: the next (:class:`regalia.core.svgkit.Fragments`)
    fragments: Fragments = field(default_factory=Fragments)
    last_move_at: float = 0.0
    movers: list[int] = field(default_factory=list)   # who made each stored move (-1 chance)
    #: the per-seat move log, built one ply at a time (:mod:`.movelog`)
    movelog: MoveLog | None = None
    #: the table's version in the store that this copy has (:data:`~.store.VERSION_STEP`
    #: apart; the compare-and-set of its changes)
    stored: int = 0
    #: the version of its views (a client drops older views): :attr:`stored`, plus the
    #: changes only this process knows of (an error), each bumped by one (:meth:`bump`);
    #: it agrees between processes and grows across server restarts
    version: int = 0
    #: set when the rooms let this table go (idle): a request still holding it is
    #: refused, and the next one loads the table again from the store
    evicted: bool = False
    #: where store conflicts and catch-ups are counted
    metrics: Metrics | None = None

    @property
    def thinking(self) -> int | None:
        """The computer seat to move (it is thinking, or paced; or a person's seat played
        for by this process after its move time ran out), or None: a person's turn,
        a deal, the end, or the table stopped by an error. Read from the state, so that
        every process shows the same."""
        s = self.state
        if self.error is not None or s.is_terminal():
            return None
        cur = s.current_player()
        # a person's seat whose move time ran out is thinking while the server searches
        # its move (:meth:`regalia.web.compute.Computer.play_for`)
        return cur if cur in self.agents or self.future is not None else None

    def forget_views(self, drawn: bool = True) -> None:
        """Drop the cached views and their texts, and with ``drawn`` the drawings and
        their parts too (a name changed; the table leaves memory). The caller holds
        :attr:`lock`."""
        self.views.clear()
        self.encoded.clear()
        if drawn:
            self.drawings.clear()
            self.fragments.clear()

    def bump(self) -> None:
        """A change that only this process's views show (an error): the view version
        grows, below the next stored version."""
        self.version = min(self.version + 1, self.stored + VERSION_STEP - 1)
    #: the people at the table (:class:`regalia.web.players.Folk`: who holds each seat,
    #: the move time limit, forfeits, the rematch), and more writes for each move's
    #: transaction (``in_commit(conn)``: whose turn, its deadline, the ratings at the end)
    people: Any = None
    in_commit: Callable[[Any], None] | None = None

    @property
    def has_person(self) -> bool:
        """True when some seat is played by a person (here or invited)."""
        return any(s.kind != COMPUTER for s in self.seats)

    @property
    def paced(self) -> float:
        """Seconds between consecutive computer moves: :attr:`pace` when a person sits at
        the table, else 0 (a table of computer players only is never paced)."""
        return self.pace if self.has_person else 0.0

    def status(self) -> str:
        """The store's status of the table: ``over``, ``computer`` (the server is to
        move: a computer player's turn, or a chance outcome to deal) or ``person``."""
        s = self.state
        if s.is_terminal():
            return OVER
        if s.is_chance_node() or s.current_player() in self.agents:
            return COMPUTER_TO_MOVE
        return PERSON

    def label(self, seat: int) -> str:
        return self.seats[seat].label if 0 <= seat < len(self.seats) else "chance"

    def notation_example(self) -> str:
        """The game's example of a move in notation (its state's ``NOTATION_EXAMPLE``,
        e.g. ``"pink c5"``), for the typed-move field's placeholder and messages."""
        return str(getattr(self.state, "NOTATION_EXAMPLE", "") or "")

    # ------------------------------------------------------------------ changes
    def commit(self, action: int | None) -> None:
        """Apply ``action`` (None: only deal) and the chance outcomes that follow it, then
        store them all in one transaction, at the version this copy has, before anyone is
        told (the caller holds :attr:`lock`). If the store refuses, the table is rebuilt
        from the store.

        Raises:
            WebError(409): another move was stored first (here or in another process).
        """
        s = self.state
        start = len(s.history())
        if action is not None:
            self.movers.append(s.current_player())
            s.apply_action(action)
        while s.is_chance_node() and not s.is_terminal():
            self.movers.append(s.current_player())
            s.apply_action(s.sample_chance_outcome(s.dealer()))
        new = s.history()[start:]
        if not new:
            return
        self.last_move_at = _clock()
        try:
            version = self.store.append_actions(self.id, start, new, self.status(),
                                                self.stored, self.in_commit)
        except Exception as exc:
            self.reload(committed=start)
            if isinstance(exc, ConflictError):
                self._count("conflicts")
                raise WebError(409, _("another move was already stored first (by another "
                                    "request); the table is shown as it is now")) from None
            raise
        self.stored = self.version = version
        self.notify(self.id)

    def reload(self, committed: int | None = None) -> None:
        """Rebuild the state, the seats' moves and the version from the store (the caller
        holds :attr:`lock`). ``committed``: how many of this copy's actions were stored
        (default: all). When the store's history does not begin with them (an undo in
        another process) the generation is bumped: a computer move thought for the old
        history is dropped.

        Raises:
            WebError(404): the table is no longer stored.
        """
        row = self.store.load(self.id)
        if row is None:
            raise WebError(404, _('no table {id!r}').format(id=self.id))
        kept = self.state.history()[:committed]
        self.movers = []
        self.state = rebuild(self.game, row.seed, row.actions, row.options.get("dealer"),
                             self.movers)
        self.stored = self.version = row.version
        if row.actions[:len(kept)] != kept:
            self.generation += 1
            if self.future is not None:
                resolve(self.future)   # wait() returns; the move under way is dropped
            self.future = None

    def catch_up(self) -> bool:
        """Bring this copy up to the store (the caller holds :attr:`lock`): the moves
        another process stored since, applied as they were dealt, or the whole table again
        when the stored history is not an extension of this one (an undo). Returns True
        when the copy changed.

        Raises:
            WebError(404): the table is no longer stored.
        """
        head = self.store.head(self.id)
        if head is None:
            raise WebError(404, _('no table {id!r}').format(id=self.id))
        if head == self.stored:
            return False
        found = self.store.moves(self.id)
        if found is None:
            raise WebError(404, _('no table {id!r}').format(id=self.id))
        version, actions = found
        history = self.state.history()
        if len(actions) >= len(history) and actions[:len(history)] == history:
            replay(self.state, actions[len(history):], self.movers)
            self.stored = self.version = version
        else:
            self.reload()
        self.last_move_at = _clock()
        self._count("catch_ups")
        return True

    def _count(self, counter: str) -> None:
        if self.metrics is not None:
            getattr(self.metrics, counter).inc()

    def act(self, seat: int, action: Any = None, notation: Any = None,
            ply: Any = None) -> None:
        """Play ``seat``'s move: an action id or the game's notation, at ``ply`` if given.

        Raises:
            WebError: 409 not this seat's turn, the game is over, or ``ply`` is not the
                current ply (a replayed request); 422 a malformed or illegal action (the
                engine's explanation). The table is unchanged.
        """
        with self.lock:
            if self.evicted:
                raise WebError(409, _("the table was reloaded meanwhile: send the move again"))
            s = self.state
            if ply is not None and (type(ply) is not int or ply != len(s.history())):
                raise WebError(409, _('this move was meant for ply {ply!r} but the table is at ply {count} (a replayed or stale request)').format(ply=ply, count=len(s.history())))
            if s.is_terminal():
                raise WebError(409, _("the game is over"))
            cur = s.current_player()
            if cur != seat:
                raise WebError(409, _('it is not your turn: {label} is to play').format(label=self.label(cur)))
            if seat in self.agents:   # a seat that forfeited: the computer plays it now
                raise WebError(409, _("this seat forfeited: the computer plays it now"))
            if (action is None) == (notation is None):
                raise WebError(422, _("give exactly one of 'action' (an id) or 'notation'"))
            try:
                if notation is not None:
                    if not isinstance(notation, str):
                        raise WebError(422, _('notation must be text, e.g. {notation_example!r}').format(notation_example=self.notation_example()))
                    a = s.string_to_action(notation)
                else:
                    if type(action) is not int:
                        raise WebError(422, _("action must be an integer action id"))
                    a = action
                if a not in s.legal_actions():
                    probe = s.clone()
                    probe.apply_action(a)  # raises with the engine's reason
                    raise WebError(422, _('{value} is not legal now').format(value=s.safe_string(a) or _('that move')))
            except RegaliaError as exc:
                raise WebError(422, story.refusal(exc)) from None
            self.commit(a)

    def undo(self, seat: int) -> None:
        """Take back ``seat``'s last move and every computer move after it.

        Allowed when every other seat is a computer player and nothing was dealt (no chance
        outcome, so no hidden information revealed) since that move (issue 12).

        Raises:
            WebError(409): another person plays at the table, the seat has no move to take
                back, a draw happened since, or another process changed the table first.
        """
        with self.lock:
            movers = movers_of(self.game, self.state.history())
            why = story.undo_refusal([x.kind for x in self.seats], seat, movers)
            if why is not None:
                raise WebError(409, why)
            ply = max(i for i, p in enumerate(movers) if p == seat)
            try:
                self.store.truncate(self.id, ply, self.stored)
            except ConflictError:
                self.reload()
                self._count("conflicts")
                raise WebError(409, _("the table changed meanwhile; it is shown as it is "
                                    "now")) from None
            self.reload()   # the generation bumped: a computer move under way is dropped
        self.notify(self.id)

    def replay_state(self, ply: int | None = None) -> State:
        """The game after its first ``ply`` moves (all of them for None), rebuilt from the
        history (no dealer: every outcome is in it)."""
        with self.lock:
            actions = self.state.history()
        state = self.game.new_initial_state(0)
        for a in actions[:ply]:
            state.apply_action(a)
        return state
