"""The live tables of a store (:class:`Rooms`): created here, loaded on first use, let go
when idle, and the entry point of every request that reads or changes one.

Lifecycle. A table is rebuilt from the store on its first request and leaves memory once
unused for ``Settings.idle_seconds`` (a finished one after ``Settings.finished_idle``,
its cached views with it); its record stays in the store. Start-up loads only the tables
whose computer player is to move (an indexed query, :meth:`Rooms.resume`), so it takes the
same time whatever the number of stored tables. Finished tables older than
``Settings.keep_finished`` are deleted (:meth:`Rooms.sweep`, ``regalia serve --purge``).

A computer seat's agent is checked again when its table is loaded: a spec stored before
this server's rules (any agent spec was accepted once) is played as the web table plays it
(:func:`~regalia.web.catalogue.table_agent`: capped to ``Settings.max_think``, ``mcts``
at a game with hidden information as ``ismcts``), and logged; one the table cannot play
stops the table with an error naming the seat.

Several processes (a PostgreSQL store, ``regalia serve --workers N`` or servers behind a
proxy). Each process holds its own copies of the tables it serves; the store is the truth.
A copy is brought up to the store (:meth:`Table.catch_up`) when another process's notice
says it changed (:meth:`Rooms.on_notice`, :class:`~regalia.web.bus.Listener`) and when a
request finds it behind (one indexed read of the table's version per request). A table's
computer players are moved by the process holding its lease (:mod:`.store.leases`); every
``Settings.adopt_every`` seconds each process takes the leases of tables whose server is
to move and whose lease no process holds (its process died) and moves them
(:meth:`Rooms.adopt`).

A request names a table and (for a seat) its token; :class:`Rooms` finds the table,
checks the token (:mod:`.identity`), and hands the work to the table (:mod:`.table`: the
only writer of its state), the computer players (:mod:`.compute`) or the views
(:mod:`.views`).
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, Callable

from regalia.core.errors import RegaliaError
from regalia.core.registry import game_class, game_drawing, load_game
from regalia.core.i18n import N_, _
from regalia.core.state import fresh_seed

from .catalogue import (check_params, computer_seat, hint_agent, strength_words,
                        table_agent, title_words)
from .compute import Computer
from .errors import Later, WebError
from .chat import Chat
from .clocks import Clocks
from .identity import check_name, computer_label, new_token, seat_of, token_hash
from .metrics import Metrics
from .players import Players
from .settings import Settings
from .store import COMPUTER_TO_MOVE, OVER, SeatRow, Store, now_iso
from .store.leases import leases_for
from .table import COMPUTER, SEAT_KINDS, Table, rebuild

log = logging.getLogger("regalia.web")


class Rooms:
    """Every table of a store, loaded on first use and kept in memory.

    Args:
        store: the :class:`~regalia.web.store.Store`.
        settings: limits and defaults (:class:`~regalia.web.settings.Settings`).
        notify: called as ``notify(table_id)`` (from any thread) after each change.
        metrics: the app's metrics (:class:`~regalia.web.metrics.Metrics`).
        watched: ``watched(table_id)`` is True while a page holds a socket on the table
            (such a table is not let go).
    """

    def __init__(self, store: Store, settings: Settings | None = None,
                 notify: Callable[[str], None] | None = None,
                 metrics: Metrics | None = None,
                 watched: Callable[[str], bool] | None = None):
        self.store = store
        self.settings = settings or Settings()
        self.notify = notify or (lambda _tid: None)
        self.metrics = metrics or Metrics()
        self.watched = watched or (lambda _tid: False)
        self.leases = leases_for(store)
        self.computer = Computer(self.settings, self.metrics, self.leases)
        # the people at the tables (issue 25): player keys, chat, move time limits
        self.players = Players(store, self.settings)
        self.chat = Chat(self.players.db, self.settings)
        self.clocks = Clocks(self, self.players.db.claim_due, self.players.db.forfeit,
                             self.settings)
        self._tables: dict[str, Table] = {}
        self._used: dict[str, float] = {}   # table id -> time.monotonic() of last use
        self._lock = threading.Lock()
        # tables a notice said are behind, waiting for _catch_up (one pending each)
        self._behind: set[str] = set()
        self._catching = ThreadPoolExecutor(max_workers=2, thread_name_prefix="regalia-catch")
        self.metrics.watch(self.metrics.tables_live, self.live)
        self.metrics.watch(self.metrics.tables_unfinished, self.store.count_unfinished)
        self.metrics.watch(self.metrics.leases, self.leases.count)

    # ------------------------------------------------------------------ creation
    def create(self, game_name: Any, players: Any, variants: Any, seats: Any,
               hints: Any = False, pace: Any = None,
               params: Any = None, options: dict[str, Any] | None = None,
               holders: dict[int, str] | None = None,
               table_id: str | None = None) -> tuple[str, list[dict[str, Any]]]:
        """Create a table; returns its id and, per seat, kind, label and (human seats) the
        token, shown this once. ``pace``: seconds between consecutive computer moves
        when a person sits at the table (0 to 10; default: the server's). ``params``:
        the game's other parameters (:func:`game_parameters`, e.g. ``{"sheet": 2}``),
        checked by the game. A person's ``label`` is the name it chose
        (:func:`~.identity.check_name`); a computer seat's carries the computer's mark.
        Issue 25 (:mod:`.lobby`): ``options`` stored with the table's (``open``,
        ``clock``, ``rate_computers``, ``spectator_chat``), ``holders`` the seats held by
        players from the start (seat -> player id), ``table_id`` the id (a rematch's).

        Raises:
            WebError(400/422): an unknown game, bad parameters (the game's message) or
                seats (a computer seat: :func:`~regalia.web.catalogue.computer_seat`); a
                parameter naming a file on the server.
            WebError(503): the server has ``Settings.max_open_tables`` open tables.
        """
        if not isinstance(game_name, str):
            raise WebError(422, _("game must be a game name, e.g. 'kingdomino'"))
        try:
            extra = check_params(game_class(game_name).info.name, params)
        except RegaliaError as exc:
            raise WebError(422, str(exc)) from None
        try:
            kwargs: dict[str, Any] = {"players": players, **extra}
            if variants:
                kwargs["variants"] = variants
            game = load_game(game_name, **kwargs)
        except (RegaliaError, TypeError, ValueError) as exc:
            raise WebError(422, str(exc)) from None
        if game_drawing(game.info.name) is None:
            raise WebError(422, _('{title} cannot be played at the web table yet (no drawing)').format(title=game.info.title))
        n = game.num_players
        if not isinstance(seats, list) or len(seats) != n:
            raise WebError(422, _("seats must list {n} entries, one per seat, each {{'kind': 'here' | 'invited' | 'computer', ...}}").format(n=n))
        rows, out = [], []
        for i, s in enumerate(seats):
            if not isinstance(s, dict) or s.get("kind") not in SEAT_KINDS:
                raise WebError(422, _('seat {value}: kind must be one of {values}').format(value=i + 1, values=', '.join(SEAT_KINDS)))
            given = s.get("label")
            what = _("seat {n}: the name").format(n=i + 1)
            if s["kind"] == COMPUTER:
                label = computer_label(given, what, self.settings.max_name) if given else ""
            else:
                label = (check_name(given, what, self.settings.max_name) if given
                         else _("Player {n}").format(n=i + 1))
            agent = token = None
            if s["kind"] == COMPUTER:
                try:
                    agent = computer_seat(game, s, self.settings)[0]
                except WebError as exc:
                    raise WebError(exc.status, _("seat {n}: {why}").format(n=i + 1, why=exc.message)) from None
                if not s.get("label"):
                    # "Computer (easy)"; with several computer seats, numbered by seat
                    several = sum(isinstance(x, dict) and x.get("kind") == COMPUTER
                                  for x in seats) > 1
                    strength = s.get("strength") or (agent if s.get("agent") else "easy")
                    label = (_("Computer {n} ({strength})") if several
                             else _("Computer ({strength})")).format(
                                 n=i + 1, strength=strength_words(strength))
            else:
                token = new_token()
            rows.append(SeatRow(i, s["kind"], agent, label,
                                token_hash(token) if token else None))
            out.append({"seat": i, "kind": s["kind"], "label": label, "agent": agent,
                        **({"token": token} if token else {})})
        if not isinstance(hints, bool):
            raise WebError(422, _("hints must be true or false"))
        if pace is None:
            pace = self.settings.pace
        if (isinstance(pace, bool) or not isinstance(pace, (int, float))
                or not 0 <= pace <= self.settings.max_pace):
            raise WebError(422, _('pace must be a number of seconds from 0 to {max_pace:g}').format(max_pace=self.settings.max_pace))
        since = now_iso(-self.settings.open_window)
        if self.store.count_open(since) >= self.settings.max_open_tables:
            self.metrics.refused.labels("open_tables").inc()
            raise WebError(503, _('this server has {max_open_tables} open tables, its most; try again later').format(max_open_tables=self.settings.max_open_tables))
        table_id = table_id or secrets.token_urlsafe(9)
        seed = fresh_seed()
        # the generator that deals it (the engine's own), kept so that a restart on
        # another engine deals the same future (table.rebuild)
        dealer = game.new_initial_state(seed).dealer_name
        try:
            self.store.create_table(table_id, game.info.name, game.params, seed, rows,
                                    {"hints": hints, "pace": float(pace), "dealer": dealer,
                                     **(options or {})},
                                    extra=self.players.creation(table_id, rows, holders,
                                                                options))
        except ValueError as exc:   # a text the store cannot keep (too long, a NUL)
            raise WebError(422, str(exc)) from None
        self.get(table_id)   # loaded, it deals and starts its computer player (get)
        return table_id, out

    # ------------------------------------------------------------------ loading
    def get(self, table_id: str, check: bool = True) -> Table:
        """The live table (rebuilt from the store on first use). Where other processes
        may share the store, a table already live is first checked against it (one
        indexed read; ``check=False``: not, for a socket told of a change this process
        has already caught up with) and caught up if another process changed it.

        Raises:
            WebError(404): no such table.
        """
        with self._lock:
            t = self._tables.get(table_id)
            fresh = t is None
            if t is None:
                t = self._tables[table_id] = self._load(table_id)
            self._used[table_id] = time.monotonic()
        if fresh:
            if t.status() == COMPUTER_TO_MOVE:
                self.computer.advance(t)   # a table whose server-side move was cut short
        elif check and self.store.shared:
            self._refresh(t)
        return t

    def _refresh(self, t: Table) -> None:
        """Catch the table up with the store if another process changed it; then tell
        this process's sockets and let its computer players go on."""
        with t.lock:
            changed = t.catch_up()
        if changed:
            self.notify(t.id)
            self.computer.advance(t)

    def _load(self, table_id: str) -> Table:
        row = self.store.load(table_id) if isinstance(table_id, str) else None
        if row is None:
            raise WebError(404, _('no table {table_id!r}').format(table_id=table_id))
        game = load_game(row.game, **row.params)
        agents, refused = {}, []
        for s in row.seats:
            if s.kind != COMPUTER or not s.agent:
                continue
            try:
                agents[s.seat] = table_agent(game, s.agent, self.settings.max_think)
            except WebError as exc:
                refused.append(f"seat {s.seat + 1} ({s.agent}): {exc.message}")
                continue
            if agents[s.seat][0] != s.agent:
                log.warning("table %s seat %d: stored agent %r is played as %r", table_id,
                            s.seat + 1, s.agent, agents[s.seat][0])
        pace = row.options.get("pace")
        movers: list[int] = []
        state = rebuild(game, row.seed, row.actions, row.options.get("dealer"), movers)
        t = Table(row.id, game, state, row.seats,
                  self.store, self.notify, agents, options=row.options,
                  pace=(float(pace) if isinstance(pace, (int, float))
                        else self.settings.pace),
                  movers=movers, stored=row.version, version=row.version,
                  metrics=self.metrics)
        self.players.attach(t)   # its people: seats held, forfeits, clock, ratings
        if refused:
            t.error = Later.of(N_("this server cannot play the computer player of {seats}"),
                               seats="; ".join(refused))
            log.warning("table %s: %s", table_id, t.error)
        status = t.status()
        if status != row.status:   # a table of an older store, or stopped computers
            self.store.set_status(table_id, status, len(row.actions))
        return t

    def live(self) -> int:
        """How many tables are in memory."""
        return len(self._tables)

    def resume(self) -> int:
        """Let the computer players of the tables whose computer is to move go on
        (server start; tables of an older store get their status on the way). Where other
        processes may share the store, only the tables whose lease this process takes
        (:meth:`adopt`). Returns how many tables were loaded."""
        if self.store.shared:
            return self.adopt()
        ids = self.store.resumable_ids()
        for tid in ids:
            try:
                self.get(tid)
            except Exception as exc:  # a table the games cannot rebuild: log, go on
                log.error("table %s could not be loaded: %s", tid, exc)  # i18n: no (a log line)
        return len(ids)

    def adopt(self) -> int:
        """Move the tables whose server is to move and whose lease no process holds (the
        process that held it died, or let it go just before its move was due), taking
        their leases; tables whose lease this process holds but whose computer player is
        idle (a move refused meanwhile) are nudged too. Returns how many tables were taken
        over. Runs every ``Settings.adopt_every`` seconds where the store is shared."""
        self.leases.check()
        ids = self.store.resumable_ids()
        nudge = [tid for tid in ids if self.leases.held(tid)]
        taken = self.leases.acquire_many([tid for tid in ids if not self.leases.held(tid)])
        for tid in taken + nudge:
            try:
                t = self.get(tid)
            except Exception as exc:  # a table the games cannot rebuild: log, go on
                self.leases.release(tid)
                log.error("table %s could not be loaded: %s", tid, exc)  # i18n: no (a log line)
                continue
            self.computer.advance(t)
        return len(taken)

    # ------------------------------------------------------------------ other processes
    def on_notice(self, table_id: str, version: int, _ply: int = 0) -> None:
        """Another process (or this one) changed the table to ``version``: a live copy
        that is behind is caught up in the background (:meth:`_catch_up`). Called from
        the listener's thread (:class:`~regalia.web.bus.Listener`)."""
        t = self._tables.get(table_id)
        if t is None or t.stored >= version:
            return   # not live here (its next request loads it), or not behind
        self._queue(table_id)

    def on_chat(self, table_id: str, line_id: int) -> None:
        """A chat line ``line_id`` was stored for the table (maybe by another process):
        a live copy whose chat is behind reads the new lines in the background and tells
        its sockets. Called from the listener's thread."""
        t = self._tables.get(table_id)
        if t is None or not self.chat.behind(t, line_id):
            return
        try:
            self._catching.submit(self._chat_catch_up, t)
        except RuntimeError:   # shutting down
            pass

    def _chat_catch_up(self, t: Any) -> None:
        try:
            if self.chat.catch_up(t):
                self.notify(t.id)
        except Exception:  # the store unreachable: the next line or move tries again
            log.exception("reading table %s's new chat lines failed", t.id)

    def recheck(self) -> None:
        """Check every live table against the store (notices may have been missed: the
        listener (re)connected)."""
        for table_id in list(self._tables):
            self._queue(table_id)

    def _queue(self, table_id: str) -> None:
        with self._lock:
            if table_id in self._behind:
                return   # already waiting
            self._behind.add(table_id)
        try:
            self._catching.submit(self._catch_up, table_id)
        except RuntimeError:   # shutting down
            pass

    def _catch_up(self, table_id: str) -> None:
        with self._lock:
            self._behind.discard(table_id)
            t = self._tables.get(table_id)
        if t is None:
            return
        try:
            self._refresh(t)
        except WebError:   # deleted meanwhile (a purge): its next request says so
            pass
        except Exception:  # the store unreachable: the next request or notice tries again
            log.exception("catching table %s up with the store failed", table_id)

    def sweep(self) -> tuple[int, int]:
        """Let go of idle tables (no request for ``Settings.idle_seconds``, a finished one
        for ``Settings.finished_idle``; never one watched by a socket or with a search
        under way) and delete finished tables older than ``Settings.keep_finished``.
        Returns ``(tables let go, tables deleted)``."""
        now = time.monotonic()
        gone = 0
        with self._lock:
            for tid, t in list(self._tables.items()):
                idle = now - self._used.get(tid, now)
                limit = (self.settings.finished_idle if t.state.is_terminal()
                         else self.settings.idle_seconds)
                if (idle < limit or t.future is not None or self.watched(tid)
                        or self.computer.busy(tid)):
                    continue
                with t.lock:
                    t.evicted = True
                    t.forget_views()
                self.leases.release(tid)
                del self._tables[tid]
                self._used.pop(tid, None)
                gone += 1
        deleted = 0
        if self.settings.keep_finished is not None:
            deleted = self.store.purge(now_iso(-self.settings.keep_finished))
        return gone, deleted

    def listing(self) -> list[dict[str, Any]]:
        """Recent tables for the lobby, from the store (no table is loaded): id, game,
        seats (kinds and labels), ply, over."""
        out = []
        for row in self.store.recent(50):
            try:
                title = title_words(game_class(row.game).info.title)
            except RegaliaError:
                title = row.game
            out.append({"table": row.id, "game": row.game, "title": title,
                        "ply": row.ply or 0, "terminal": row.status == OVER,
                        "seats": [{"seat": x.seat, "kind": x.kind, "label": x.label}
                                  for x in row.seats]})
        return out

    # ------------------------------------------------------------------ seats
    def seated(self, table_id: str, token: str | None, needs: str | None = None
               ) -> tuple[Table, int | None]:
        """The table and the seat ``token`` opens (None: a spectator).

        ``needs``: for a request that needs a seat, the message (marked ``N_``) that says
        so without one ("acting needs the seat's token..."): then a missing token is refused.

        Raises:
            WebError: 401 no token where ``needs`` asks for one; 403 a token that opens no
                seat of this table; 404 no such table.
        """
        t = self.get(table_id)
        seat = seat_of(t.seats, token, self.players.holders(t))
        if needs is not None and seat is None:
            raise WebError(401, _(needs))
        return t, seat

    # ------------------------------------------------------------------ acting
    def act(self, table_id: str, token: str | None, action: Any = None,
            notation: Any = None, ply: Any = None) -> tuple[Table, int]:
        """Play a seat's move (:meth:`Table.act`), then let the computer players go on.

        Raises:
            WebError: 401 no token; 403 bad token; 404 no table; and
                :meth:`Table.act`'s refusals. The table is unchanged.
        """
        t, seat = self.seated(table_id, token, N_("acting needs the seat's token (the private link)"))
        assert seat is not None
        t.act(seat, action, notation, ply)
        self.computer.advance(t)
        return t, seat

    def undo(self, table_id: str, token: str | None) -> tuple[Table, int]:
        """Take back the seat's last move (:meth:`Table.undo`).

        Raises:
            WebError: 401/403 token; and :meth:`Table.undo`'s refusals.
        """
        t, seat = self.seated(table_id, token, N_("undo needs the seat's token (the private link)"))
        assert seat is not None
        t.undo(seat)
        return t, seat

    def hint(self, t: Table, seat: int) -> Future[dict[str, Any]]:
        """The hint agent's suggestion for ``seat`` (:meth:`Computer.hint`), searched in
        a worker: a future of ``{action, notation, summary}``.

        Raises:
            WebError: 409 hints off, or not the seat's turn; 429 a hint of the seat
                already under way.
        """
        spec, budget = hint_agent(t.game, self.settings)
        return self.computer.hint(t, seat, spec, budget)

    def wait(self, table_id: str, timeout: float = 30.0) -> None:
        """Block until no computer player of the table is thinking (tests, tools)."""
        self.computer.wait(self.get(table_id), timeout)

    def close(self) -> None:
        self._catching.shutdown(wait=False, cancel_futures=True)
        self.computer.close()
        self.leases.close()
