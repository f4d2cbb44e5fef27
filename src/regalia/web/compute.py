"""Computer players and hints, in worker processes (:class:`Computer`).

Every search runs in a pool of worker processes (:mod:`.worker`), never in the server's
own: a long search cannot stall the event loop, nor another table's moves. Fairness:

* one job in flight per seat (a computer move, or a person's hint): a second hint while
  one is searched is refused (429);
* jobs wait in a queue per table and the pool takes the tables in turn (round robin), so
  a table with many jobs cannot starve the others;
* a table's computer players are moved by one process only, the holder of its lease
  (:mod:`.store.leases`), however many server processes share the store;
* every job has a budget (the agent's time limit, at most ``Settings.max_think``); a job
  still running ``Settings.think_grace`` seconds past it has its worker killed and
  restarted, and a computer seat then plays a random legal move (counted in the
  ``regalia_compute_overruns_total`` metric).

A job gets the position as the seat may know it (:func:`position_for`: a copy without the
seed; with hidden information a state resampled from the seat's information state) and a
seed for the agent's generator from the server's entropy, never derived from the public
table id, never stored.

A computer seat's move is then paced so that a person sees each move (``Table.paced``
seconds after the last one) and committed through :meth:`Table.commit` unless an undo came
in meanwhile: every firing re-checks the table's generation and ply under its lock.
"""

from __future__ import annotations

import json
import logging
import multiprocessing
import secrets
import threading
from collections import deque
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass
from threading import Timer
from typing import Any, Callable

from pebble import ProcessExpired, ProcessPool

from regalia.core import i18n
from regalia.core.i18n import N_, _
from regalia.core.state import State

from . import story, views
from . import table as table_module
from . import worker
from .errors import Later, WebError
from .metrics import Metrics
from .settings import Settings
from .store import COMPUTER_TO_MOVE
from .store.leases import LocalLeases
from .table import Table, resolve

log = logging.getLogger("regalia.web")

#: the generator of the server's own random choices (positions resampled for a seat,
#: agents' seeds, a fallback move): the operating system's entropy
_entropy = secrets.SystemRandom()


def position_for(state: State, seat: int) -> dict[str, Any]:
    """What a worker may be told of ``state`` for ``seat``: ``to_json`` of a copy without
    the seed; in a game with hidden information, of a state resampled from the seat's
    information state (other hands re-dealt, face-down tiles redrawn)."""
    if state.game.info.perfect_information:
        return state.clone().to_json()
    return state.resample_from_infostate(seat, _entropy).to_json()


@dataclass
class Job:
    """One search: ``fn(*args)`` in a worker, at most ``budget`` seconds, for ``seat`` of
    table ``table``; ``then(future)`` is called with its outcome (in a server thread)."""

    table: str
    seat: int
    fn: Callable[..., Any]
    args: tuple[Any, ...]
    budget: float
    then: Callable[[Future[Any]], None]


class Computer:
    """The computer players of every live table, and the hints.

    Args:
        settings: workers, budgets (:class:`~regalia.web.settings.Settings`).
        metrics: where queue depth, running searches and overruns are counted.
        leases: which tables this process moves (:mod:`.store.leases`; default: all).
    """

    def __init__(self, settings: Settings, metrics: Metrics | None = None,
                 leases: LocalLeases | None = None):
        self.settings = settings
        self.metrics = metrics or Metrics()
        self.leases = leases or LocalLeases()
        self._pool: Any = None
        self._pool_lock = threading.Lock()
        self._lock = threading.Lock()
        self._queues: dict[str, deque[Job]] = {}
        self._ring: deque[str] = deque()
        self._busy: set[tuple[str, int]] = set()
        self.running = 0
        self._closed = False
        # results are handled here, not in the pool's own thread
        self._after = ThreadPoolExecutor(max_workers=2, thread_name_prefix="regalia-commit")
        self.metrics.watch(self.metrics.queued, self.queued)
        self.metrics.watch(self.metrics.running, lambda: self.running)

    # ------------------------------------------------------------------ the pool
    def _workers(self) -> Any:
        """The pool of worker processes, made on first use. They are forked from
        multiprocessing's fork server (started once, with regalia imported): a worker
        killed past its budget is replaced in a fraction of a second. Like any
        multiprocessing program, a script that serves the app must guard its entry point
        with ``if __name__ == "__main__":``."""
        with self._pool_lock:
            if self._pool is None:
                context = multiprocessing.get_context("forkserver")
                context.set_forkserver_preload(["regalia", "regalia.agents",
                                                worker.__name__])
                self._pool = ProcessPool(max_workers=self.settings.compute_workers,
                                         context=context, initializer=worker.warm)
            return self._pool

    def start(self) -> None:
        """Start the worker processes now (at the server's start-up, in the background),
        not at the first job."""
        self._workers().schedule(worker.warm)

    def queued(self) -> int:
        """Jobs waiting for a worker."""
        with self._lock:
            return sum(len(q) for q in self._queues.values())

    def busy(self, table_id: str) -> bool:
        """True while a job of the table is queued or running."""
        with self._lock:
            return any(t == table_id for t, _ in self._busy)

    def submit(self, job: Job) -> bool:
        """Queue ``job``; False (nothing queued) when its seat already has one."""
        with self._lock:
            key = (job.table, job.seat)
            if key in self._busy or self._closed:
                return False
            self._busy.add(key)
            q = self._queues.get(job.table)
            if q is None:
                q = self._queues[job.table] = deque()
                self._ring.append(job.table)
            q.append(job)
        self._pump()
        return True

    def _pump(self) -> None:
        while True:
            with self._lock:
                if self._closed or self.running >= self.settings.compute_workers or not self._ring:
                    return
                tid = self._ring.popleft()
                q = self._queues[tid]
                job = q.popleft()
                if q:
                    self._ring.append(tid)   # its next job waits for the other tables
                else:
                    del self._queues[tid]
                self.running += 1
            future = self._workers().schedule(job.fn, args=job.args,
                                              timeout=job.budget + self.settings.think_grace)
            future.add_done_callback(lambda f, job=job: self._done(job, f))

    def _done(self, job: Job, future: Future[Any]) -> None:
        with self._lock:
            self.running -= 1
            self._busy.discard((job.table, job.seat))
        if future.cancelled():   # the pool is stopping: nothing more to do
            return
        if isinstance(future.exception(), (FutureTimeout, ProcessExpired)):
            self.metrics.overruns.inc()
            log.warning("table %s seat %d: a search overran its %.1f s budget or its worker "
                        "died (%s); the worker was restarted", job.table, job.seat + 1,
                        job.budget, type(future.exception()).__name__)
        try:
            self._after.submit(job.then, future)
        except RuntimeError:   # shutting down
            pass
        self._pump()

    # ------------------------------------------------------------------ computer moves
    def advance(self, t: Table) -> None:
        """Deal chance outcomes and start the computer player whose turn it is (in the
        pool), if this process holds the table's lease (:meth:`_leased`); stops at a
        person's turn or the end, where the lease is let go."""
        with t.lock:
            if not self._leased(t):
                return
            try:
                t.commit(None)
            except WebError as exc:
                if exc.status != 409:
                    raise
                # another process stored first (a lease lost with its connection): the
                # table reloaded; Rooms.adopt looks at it again
                log.warning("table %s: %s", t.id, exc.message)
                return
            s = t.state
            cur = s.current_player()
            if s.is_terminal() or cur not in t.agents:
                self.leases.release(t.id)
                return
            spec, budget = t.agents[cur]
            if not self._think(t, cur, spec, budget):
                return   # the seat's previous job still runs: its end calls advance again

    def _leased(self, t: Table) -> bool:
        """True when this process is to move the table now: the server is to move (a
        computer player's turn, a deal), no move of its is under way here, and this
        process holds the table's lease, taken now if no process holds it. A lease just
        taken is followed by a look at the store (the process that let it go may have
        moved just before), and the question is asked again. The lease is let go when a
        person is to move or the game is over (the caller holds ``t.lock``)."""
        if t.evicted or t.status() != COMPUTER_TO_MOVE:
            self.leases.release(t.id)
            return False
        if t.error is not None or t.future is not None:
            return False   # stopped by an error, or already under way here
        if self.leases.held(t.id):
            return True
        if not self.leases.acquire(t.id):
            return False   # another process runs the table's computer players
        if self.leases.shared and t.catch_up():
            t.notify(t.id)
            return self._leased(t)   # held now: this asks once more, no deeper
        return True

    def play_for(self, t: Table, seat: int, spec: str, budget: float) -> bool:
        """Search a move for ``seat`` (a person whose move time ran out, :mod:`.clocks`) with
        the agent ``spec``, committed as a computer player's is: only if the table is still
        at this ply with ``seat`` to play (a person's move that came first wins). False when
        nothing was started (not the seat's turn, or a search of the table under way)."""
        with t.lock:
            s = t.state
            if s.is_terminal() or s.current_player() != seat or t.future is not None:
                return False
            if not self._think(t, seat, spec, budget):
                return False
        t.notify(t.id)
        return True

    def _think(self, t: Table, seat: int, spec: str, budget: float) -> bool:
        """Queue the search of ``seat``'s move (the caller holds ``t.lock``)."""
        s = t.state
        done: Future[None] = Future()
        generation, ply = t.generation, len(s.history())
        job = Job(t.id, seat, worker.think,
                  (t.game.info.name, json.dumps(t.game.params, sort_keys=True),
                   position_for(s, seat), seat, spec, budget, _entropy.getrandbits(63)),
                  budget, lambda f: self._thought(t, seat, generation, ply, f, done))
        if not self.submit(job):
            return False
        self.metrics.jobs.labels("move").inc()
        t.future = done
        t.bump()   # the page shows the seat thinking (a person's seat played for included)
        return True

    def _thought(self, t: Table, seat: int, generation: int, ply: int,
                 future: Future[Any], done: Future[None]) -> None:
        exc = future.exception()
        if isinstance(exc, (FutureTimeout, ProcessExpired)):   # over budget, or died
            with t.lock:
                legal = t.state.legal_actions() if not t.state.is_terminal() else [0]
            action = _entropy.choice(legal)
        elif exc is not None:   # an agent's failure stops the table, visibly
            with t.lock:
                if t.generation == generation:
                    t.error, t.future = Later.of(N_("the computer player failed: {why}"), why=exc), None
                    t.bump()
            resolve(done)
            t.notify(t.id)
            return
        else:
            action = future.result()
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
        """Commit a computer player's move (unless an undo came in meanwhile, or the
        table moved on) and go on.

        This runs in a server thread, where an exception would be lost: a move that
        cannot be stored (the store busy or gone, or an illegal answer) stops the table
        visibly instead (its ``error`` set, so no seat is shown thinking, every page
        told), never a computer player shown "thinking" for ever. A move another process
        stored first (409) is no error: the table was reloaded, and goes on."""
        try:
            with t.lock:  # cleared and resubmitted under one lock: wait() sees no gap
                if t.generation == generation:   # else an undo came in: not asked for now
                    t.future = None
                    s = t.state
                    if len(s.history()) == ply and s.current_player() == seat:
                        if action not in s.legal_actions():
                            raise WebError(500, _("it answered {action!r}, not a legal move").format(action=action))
                        try:
                            t.commit(action)
                        except WebError as exc:
                            if exc.status != 409:
                                raise
                            log.warning("table %s: %s", t.id, exc.message)
                self.advance(t)
        except Exception as exc:
            message = exc.message if isinstance(exc, WebError) else str(exc)
            with t.lock:
                t.error = Later.of(N_("the computer player's move could not be stored "
                                      "({why}); restart the server to resume the table"),
                                   why=message)
                t.future = None
                t.bump()
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

    # ------------------------------------------------------------------ hints
    def hint(self, t: Table, seat: int, spec: str, budget: float) -> Future[dict[str, Any]]:
        """Search the hint agent ``spec`` (at most ``budget`` seconds) for ``seat`` from
        what the seat knows, in a worker: a future of :func:`.story.hint_answer` (the move
        in words, the search's details, the board with the suggestion marked).

        Raises:
            WebError: 409 hints off, or not the seat's turn; 429 a hint of this seat is
                still being searched.
        """
        if not t.options.get("hints"):
            raise WebError(409, _("hints are off at this table (choose them when creating it)"))
        answer: Future[dict[str, Any]] = Future()
        lang = i18n.language()   # the asking request's: the answer is worded in it

        def then(f: Future[Any]) -> None:
            with i18n.using(lang):   # a pool thread: no request's language in force
                worded(f)

        def worded(f: Future[Any]) -> None:
            exc = f.exception()
            if isinstance(exc, WebError):
                answer.set_exception(exc)
            elif isinstance(exc, (FutureTimeout, ProcessExpired)):
                answer.set_exception(WebError(503, _("the hint took too long; try again")))
            elif exc is not None:
                answer.set_exception(WebError(409, _('no hint: {exc}').format(exc=exc)))
            else:
                answer.set_result(self._hint_answer(t, seat, history, f.result()))
        with t.lock:
            s = t.state
            history = s.history()
            if s.is_terminal() or s.current_player() != seat:
                raise WebError(409, _("a hint is for the seat to play, on its turn"))
            job = Job(t.id, seat, worker.suggest,
                      (t.game.info.name, json.dumps(t.game.params, sort_keys=True),
                       position_for(s, seat), seat, spec, budget, _entropy.getrandbits(63)),
                      budget, then)
        if not self.submit(job):
            raise WebError(429, _("a hint for this seat is already being searched"),
                           retry_after=max(1, round(budget)))
        self.metrics.jobs.labels("hint").inc()
        return answer

    @staticmethod
    def _hint_answer(t: Table, seat: int, history: list[int], h: Any) -> dict[str, Any]:
        """The hint ``h`` (:class:`regalia.agents.Hint`) for the position at ``history`` in
        words, the board marked unless the table moved on meanwhile."""
        drawing = views.drawing_of(t)
        with t.lock:
            same = t.state.history() == history
            obs = t.state.observation(seat)
            legal = t.state.legal_actions() if same else None
        recent = views.view(t, seat)["recent"] if same else []
        return story.hint_answer(drawing, obs, legal, [x.label for x in t.seats], recent,
                                 h, seat)

    def close(self) -> None:
        with self._lock:
            self._closed = True
            waiting = [job for q in self._queues.values() for job in q]
            self._queues.clear()
            self._ring.clear()
        for job in waiting:   # never run: their waiters are told (a hint's request)
            dropped: Future[Any] = Future()
            dropped.set_exception(WebError(503, _("the server is stopping")))
            try:
                job.then(dropped)
            except Exception:  # a table's bookkeeping at shutdown: nothing to tell
                pass
        if self._pool is not None:
            self._pool.stop()
            self._pool.join(timeout=5)
        self._after.shutdown(wait=False, cancel_futures=True)
