"""Computer players and hints, off the event loop (:class:`Computer`).

A computer seat's move is thought in a worker thread on a copy of the state (a clone
carries no seed), paced so that a person sees each move (``Table.paced`` seconds after the
last one), then committed through :meth:`Table.commit` unless an undo came in meanwhile.
Every firing re-checks the table's generation and ply under its lock.
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from threading import Timer
from typing import Any

from regalia.agents import hint
from regalia.core.errors import RegaliaError
from regalia.core.state import State

from . import story, views
from . import table as table_module
from .errors import WebError
from .table import Table, resolve


class Computer:
    """The computer players of every live table, and the hint agent.

    Args:
        workers: threads that think.
        hint_spec: the hint agent's spec (None: the game's default).
    """

    def __init__(self, workers: int = 2, hint_spec: str | None = None):
        self.hint_spec = hint_spec
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="regalia-ai")

    def advance(self, t: Table) -> None:
        """Deal chance outcomes and start the computer player whose turn it is (in the
        pool); stops at a person's turn or the end."""
        with t.lock:
            t.commit(None)
            s = t.state
            cur = s.current_player()
            if s.is_terminal() or cur not in t.agents or t.future is not None:
                return
            t.thinking = cur
            t.version += 1
            t.future = Future()
            self.pool.submit(self._think, t, cur, t.generation, s.clone(), t.future)
        t.notify(t.id)

    def _think(self, t: Table, seat: int, generation: int, copy: State,
               done: Future[None]) -> None:
        ply = len(copy.history())
        try:
            action = t.agents[seat].step(copy)
        except Exception as exc:  # an agent's failure stops the table, visibly
            with t.lock:
                if t.generation == generation:
                    t.error, t.thinking, t.future = (f"the computer player failed: {exc}",
                                                     None, None)
                    t.version += 1
            resolve(done)
            t.notify(t.id)
            return
        # pacing: the move is shown no sooner than ``pace`` seconds after the last one, so
        # a person sees each computer move (and the thinking marker) one by one
        delay = t.paced - (table_module._clock() - t.last_move_at)
        if delay > 0:
            timer = Timer(delay, self._finish, (t, seat, generation, ply, action, done))
            timer.daemon = True
            timer.start()
        else:
            self._finish(t, seat, generation, ply, action, done)

    def _finish(self, t: Table, seat: int, generation: int, ply: int, action: int,
                done: Future[None]) -> None:
        """Commit a computer player's move (unless an undo came in meanwhile) and go on.

        This runs in a pool or timer thread, where an exception would be lost: a move that
        cannot be stored (the store busy or gone) stops the table visibly instead (its
        ``error`` set, the thinking marker cleared, every page told), never a computer
        player shown "thinking" for ever."""
        try:
            with t.lock:  # cleared and resubmitted under one lock: wait() sees no gap
                if t.generation != generation:
                    return   # an undo came in meanwhile: this move is no longer asked for
                t.future = None
                t.thinking = None
                if len(t.state.history()) == ply and t.state.current_player() == seat:
                    t.commit(action)
                else:
                    t.version += 1   # no move stored, but the thinking marker is gone
                self.advance(t)
            t.notify(t.id)           # advance() tells no one when no computer goes on
        except Exception as exc:
            with t.lock:
                t.error = (f"the computer player's move could not be stored ({exc}); "
                           f"restart the server to resume the table")
                t.thinking = None
                t.future = None
                t.version += 1
            t.notify(t.id)
        finally:
            resolve(done)

    @staticmethod
    def wait(t: Table, timeout: float = 30.0) -> None:
        """Block until no computer player of the table is thinking (tests, tools)."""
        while True:
            with t.lock:
                fut = t.future
            if fut is None:
                return
            fut.result(timeout=timeout)

    def hint(self, t: Table, seat: int) -> dict[str, Any]:
        """The game's hint agent's suggestion for ``seat`` (tables created with ``hints``):
        :func:`.story.hint_answer` (the move in words, the search's details, the board
        with the suggestion marked). The search runs on a copy without the seed, from
        what the seat knows (``ismcts`` resamples its information state).

        Raises:
            WebError(409): hints off, or not the seat's turn.
        """
        if not t.options.get("hints"):
            raise WebError(409, "hints are off at this table (choose them when creating it)")
        with t.lock:
            if t.state.is_terminal() or t.state.current_player() != seat:
                raise WebError(409, "a hint is for the seat to play, on its turn")
            copy = t.state.clone()
        try:
            h = hint(copy, self.hint_spec)
        except RegaliaError as exc:
            raise WebError(409, str(exc)) from None
        drawing = views.drawing_of(t)
        with t.lock:   # the board with the suggestion marked, unless the table moved on
            same = t.state.history() == copy.history()
            obs = t.state.observation(seat)
            recent = views.view(t, seat)["recent"] if same else []
        return story.hint_answer(drawing, obs, copy.legal_actions() if same else None,
                                 [x.label for x in t.seats], recent, h, seat)

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
