"""The game review of a finished web table (issue 26; docs/review.md, "At the web table").

Who sees what: a game of perfect information hides nothing, so any viewer (a seat or a
spectator) may see the review of any seat. A review of a game with hidden information holds
the reviewed seat's own hand at every decision: it is shown to that seat only (its token);
a spectator, or another seat's token, is refused with 403.

How it runs: a review is computed in the web server's worker pool (:mod:`.compute`), from
the record the table hands the reviewed seat (:func:`.views.record`: a game with hidden
information as that seat's seat record, so no other seat's hidden card reaches the worker;
one of perfect information as the record without the seed), with the review's seed
``Settings.review_seed``: a review depends on what the seat saw and nothing else. It runs
in slices of about ``Settings.review_slice`` seconds (:func:`.worker.review`), each a job
of the pool that takes its turn with the computer moves and hints of every table, the
whole review sharing ``Settings.review_seconds``. After each slice the decisions judged so
far are stored (:mod:`.store.reviews`), so the page's progress moves, a second request
reads the review back, and a review whose server stopped is taken over from there.

One review in flight per table: a request for the seat under review answers its progress;
one for another seat of the table is refused (409) until it is done. A review is not
started while the pool is busy (``Settings.review_busy`` jobs waiting: 503), and one that
has used its budget (``Settings.review_seconds`` and one slice's grace) without finishing is
stopped (``failed``, its decisions so far kept; asking again goes on from them).
Requests that start a review are rate limited (``Settings.rate_limits["review"]``).
"""

from __future__ import annotations

import json
import logging
import threading
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any

from pebble import ProcessExpired

from regalia.review import marked_board
from regalia.core.i18n import N_, _

from . import views, worker
from .compute import Computer, Job
from .errors import Later, WebError
from .settings import Settings
from .store import Store, now_iso
from .store.reviews import DONE, RUNNING, ReviewRow, ReviewStore
from .table import Table

log = logging.getLogger("regalia.web")

#: seconds a slice may take past ``review_slice`` (its last decision, capped at one slice,
#: and rebuilding the positions) before its worker is stopped
SLICE_SLACK = 5.0


class Reviewer:
    """The reviews of a server's tables.

    Args:
        store: the tables' store (the reviews are kept beside them).
        computer: the worker pool (:class:`~regalia.web.compute.Computer`).
        settings: the budgets (:class:`~regalia.web.settings.Settings`).
    """

    def __init__(self, store: Store, computer: Computer, settings: Settings):
        self.rows = ReviewStore(store.engine)
        self.computer = computer
        self.settings = settings
        self._lock = threading.Lock()
        self._running: set[tuple[str, int]] = set()
        #: reviews this server started, and the slices it ran (counts for tests and logs)
        self.started = 0
        self.slices = 0

    @property
    def slice_budget(self) -> float:
        """The seconds a slice's job may take (then its worker is stopped)."""
        return 2 * self.settings.review_slice + SLICE_SLACK

    # ------------------------------------------------------------------ who sees what
    @staticmethod
    def seat_for(t: Table, viewer: int | None, asked: Any) -> int:
        """The seat whose review ``viewer`` (None: a spectator) asks for (``asked``: a
        seat number from the request, 0-based, or None: the viewer's own).

        Raises:
            WebError: 409 the game is not over; 422 a seat that is not one of the table's
                (or none named by a spectator); 403 a spectator, or another seat's viewer,
                of a game with hidden information.
        """
        with t.lock:
            over = t.state.is_terminal()
        if not over:
            raise WebError(409, _("a game is reviewed once it is over"))
        n = t.game.num_players
        seat = viewer
        if asked is not None:
            if not (isinstance(asked, str) and asked.isdigit() and len(asked) <= 3
                    and int(asked) < n):
                raise WebError(422, _('seat must be a seat of this table, 0 to {value}').format(value=n - 1))
            seat = int(asked)
        if not t.game.info.perfect_information:
            if viewer is None:
                raise WebError(403, _("{title} hides each player's cards: a review shows the reviewed player's own hand, so only that player sees it (with their private link), not spectators").format(title=t.game.info.title))
            if seat != viewer:
                raise WebError(403, _("{title} hides each player's cards: this link opens seat {viewer} only, and shows that seat's review only").format(title=t.game.info.title, viewer=viewer))
        if seat is None:
            raise WebError(422, _('choose the seat to review: ?seat=0 to {value}').format(value=n - 1))
        return seat

    # ------------------------------------------------------------------ reading
    def read(self, t: Table, seat: int) -> dict[str, Any]:
        """The review of ``seat`` as the page shows it (:func:`answer`). A review left
        running by a server that stopped (unchanged for three slices' budgets) is taken
        over here, from the decisions it stored."""
        row = self.rows.get(t.id, seat)
        if (row is not None and row.status == RUNNING and row.updated < self._stale()
                and not self.running(t.id, seat)):
            try:
                return self.start(t, seat)
            except WebError:   # busy: taken over by a later request
                pass
        return answer(seat, row)

    def running(self, table_id: str, seat: int) -> bool:
        """True while this server runs the review of ``seat``."""
        with self._lock:
            return (table_id, seat) in self._running

    def _stale(self) -> str:
        """The time (UTC ISO) before which a running review was abandoned."""
        return now_iso(-3 * (self.slice_budget + self.settings.think_grace))

    def board(self, t: Table, seat: int, index: Any) -> dict[str, Any]:
        """Decision ``index`` of the review: ``{index, svg}``, the board as the seat saw it
        then with the played move ringed in orange and the better one in blue.

        Raises:
            WebError: 409 the review is not there yet; 422 no such decision.
        """
        row = self.rows.get(t.id, seat)
        if row is None or row.review is None:
            raise WebError(409, _("this seat's game has not been reviewed yet"))
        decisions = json.loads(row.review)["decisions"]
        if not (isinstance(index, str) and index.isdigit() and len(index) <= 6
                and int(index) < len(decisions)):
            raise WebError(422, _('decision must be 0 to {value}').format(value=len(decisions) - 1))
        d = decisions[int(index)]
        moves = [(d["played"]["action"], "played")]
        if d.get("better"):
            moves.append((d["better"]["action"], "better"))
        names = [x.label for x in t.seats]
        svg = marked_board(t.game.info.name, d["observation"], moves, names,
                           uid=f"r{int(index)}")
        return {"index": int(index), "svg": svg}

    # ------------------------------------------------------------------ running
    def start(self, t: Table, seat: int) -> dict[str, Any]:
        """Start the review of ``seat`` unless it is stored or under way; its state
        (:func:`answer`).

        Raises:
            WebError: 409 another seat's review of the table is under way; 503 the
                worker pool is busy.
        """
        key = (t.id, seat)
        row = self.rows.get(*key)
        if self.running(*key):   # started meanwhile: its row is there now
            return answer(seat, self.rows.get(*key))
        if row is not None and row.status == DONE:
            return answer(seat, row)
        with self._lock:
            other = next((s for (tid, s) in self._running if tid == t.id and s != seat),
                         None)
        if other is not None:
            raise WebError(409, _('the review of seat {other} of this table is under way: one review per table at a time; ask again when it is done').format(other=other))
        waiting = self.computer.queued()
        if waiting >= self.settings.review_busy:
            raise WebError(503, _('the server is busy ({waiting} computer moves waiting for a worker): ask for the review again in a minute').format(waiting=waiting))
        if not self.rows.claim(t.id, seat, now_iso(), self._stale()):
            # done meanwhile, or running on another server
            return answer(seat, self.rows.get(*key))
        with self._lock:
            self._running.add(key)
            self.started += 1
        partial = (json.loads(row.review) if row is not None and row.review is not None
                   else None)   # the decisions of a review that stopped: go on from them
        self._slice(t, seat, views.record(t, seat), partial, 0.0)
        return answer(seat, self.rows.get(*key))

    def _slice(self, t: Table, seat: int, record: str, partial: dict[str, Any] | None,
               spent: float) -> None:
        s = self.settings
        left = max(s.review_slice, s.review_seconds - spent)
        job = Job(t.id, seat, worker.review,
                  (t.game.info.name, json.dumps(t.game.params, sort_keys=True), record, seat,
                   s.review_iterations, s.review_slice, left, s.review_seed, partial),
                  self.slice_budget, lambda f: self._sliced(t, seat, record, spent, f))
        if not self.computer.submit(job):
            self._stop(t.id, seat, Later.of(N_("the server is stopping; ask again in a moment")))

    def _sliced(self, t: Table, seat: int, record: str, spent: float,
                future: Future[Any]) -> None:
        """A slice is back (in a server thread): store it, then the next slice."""
        exc = future.exception()
        if isinstance(exc, (FutureTimeout, ProcessExpired)):
            self._stop(t.id, seat, Later.of(N_("the review overran its time and was stopped; ask "
                                                  "again")))
            return
        if exc is not None:
            message = exc.message if isinstance(exc, WebError) else str(exc)
            self._stop(t.id, seat, Later.of(N_("the review failed: {why}"), why=message[:300]))
            return
        out = future.result()
        with self._lock:
            self.slices += 1
        review, spent = out["review"], spent + float(out["seconds"])
        total = int(review["decision_count"])
        over = (not review["complete"]
                and spent > self.settings.review_seconds + self.settings.review_slice)
        try:
            if review["complete"]:
                review["search"]["total_seconds"] = self.settings.review_seconds
                self.rows.finish(t.id, seat, total, json.dumps(review), now_iso())
                with self._lock:
                    self._running.discard((t.id, seat))
                return
            self.rows.progress(t.id, seat, len(review["decisions"]), total,
                               json.dumps(review), now_iso())
            if over:
                self._stop(t.id, seat, Later.of(N_(
                    "the review used its budget of {seconds} s with {done} of {total} decisions "
                    "judged; ask again to go on from there"),
                    seconds=f"{self.settings.review_seconds:g}", done=len(review["decisions"]),
                    total=total))
                return
        except Exception as exc:   # the store is gone: the review is taken over later
            log.error("table %s seat %d: the review could not be stored: %s", t.id,  # i18n: no (a log line)
                      seat + 1, exc)
            with self._lock:
                self._running.discard((t.id, seat))
            return
        self._slice(t, seat, record, review, spent)

    def _stop(self, table_id: str, seat: int, why: Later) -> None:
        """Stop the review with ``why`` (stored as a message, said in each reader's
        language: :meth:`.errors.Later.decode`)."""
        log.warning("table %s seat %d: %s", table_id, seat + 1, why)
        try:
            self.rows.fail(table_id, seat, why.encode(), now_iso())
        except Exception as exc:  # the store is gone: the row stays running, then stale
            log.error("table %s seat %d: the review's failure could not be stored: %s",  # i18n: no (a log line)
                      table_id, seat + 1, exc)
        finally:
            with self._lock:
                self._running.discard((table_id, seat))


def answer(seat: int, row: ReviewRow | None) -> dict[str, Any]:
    """What the page reads of a review: ``{seat, status, done, total, review, error}``;
    ``status`` is ``none`` (never asked), ``running``, ``done`` or ``failed``; ``review``
    the review so far (:class:`regalia.review.Review`) without each decision's
    observation (the board comes from :meth:`Reviewer.board`)."""
    if row is None:
        return {"seat": seat, "status": "none", "done": 0, "total": None, "review": None,
                "error": None}
    review = None
    if row.review is not None:
        review = json.loads(row.review)
        for d in review["decisions"]:
            d.pop("observation", None)
        # stored in English (the game's review settings' words, a message of its catalogue):
        # said in the reader's language
        if isinstance(review.get("evidence"), str):
            review["evidence"] = _(review["evidence"])
    return {"seat": seat, "status": row.status, "done": row.done, "total": row.total,
            "review": review,
            "error": Later.decode(row.error) if row.status != RUNNING else None}


__all__ = ["Reviewer", "answer"]
