"""The live tables of a store (:class:`Rooms`): created here, loaded on first use, and
the entry point of every request that reads or changes one.

A request names a table and (for a seat) its token; :class:`Rooms` finds the table,
checks the token (:mod:`.identity`), and hands the work to the table (:mod:`.table`: the
only writer of its state), the computer players (:mod:`.compute`) or the views
(:mod:`.views`).
"""

from __future__ import annotations

import secrets
import threading
from typing import Any, Callable

from regalia.agents import check_spec, derive_seed, make_agent
from regalia.core.errors import RegaliaError
from regalia.core.registry import game_class, game_drawing, load_game
from regalia.core.state import fresh_seed

from .catalogue import check_params, strengths_of
from .compute import Computer
from .errors import WebError
from .identity import new_token, seat_of, token_hash
from .settings import Settings
from .store import SeatRow, Store
from .table import COMPUTER, SEAT_KINDS, Table, movers_of, rebuild


class Rooms:
    """Every table of a store, loaded on first use and kept in memory.

    Args:
        store: the :class:`~regalia.web.store.Store`.
        settings: limits and defaults (:class:`~regalia.web.settings.Settings`).
        notify: called as ``notify(table_id)`` (from any thread) after each change.
    """

    def __init__(self, store: Store, settings: Settings | None = None,
                 notify: Callable[[str], None] | None = None):
        self.store = store
        self.settings = settings or Settings()
        self.notify = notify or (lambda _tid: None)
        self.computer = Computer(self.settings.workers, self.settings.hint_spec)
        self._tables: dict[str, Table] = {}
        self._lock = threading.Lock()

    # ------------------------------------------------------------------ creation
    # ------------------------------------------------------------------ creation
    def create(self, game_name: Any, players: Any, variants: Any, seats: Any,
               hints: Any = False, pace: Any = None,
               params: Any = None) -> tuple[str, list[dict[str, Any]]]:
        """Create a table; returns its id and, per seat, kind, label and (human seats) the
        token, shown this once. ``pace``: seconds between consecutive computer moves
        when a person sits at the table (0 to 10; default: the server's). ``params``:
        the game's other parameters (:func:`game_parameters`, e.g. ``{"sheet": 2}``),
        checked by the game.

        Raises:
            WebError(400/422): an unknown game, bad parameters (the game's message) or
                seats; a parameter naming a file on the server.
        """
        if not isinstance(game_name, str):
            raise WebError(422, "game must be a game name, e.g. 'kingdomino'")
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
            raise WebError(422, f"{game.info.title} cannot be played at the web table yet "
                                f"(no drawing)")
        n = game.num_players
        if not isinstance(seats, list) or len(seats) != n:
            raise WebError(422, f"seats must list {n} entries, one per seat, each "
                                f"{{'kind': 'here' | 'invited' | 'computer', ...}}")
        rows, out = [], []
        strengths = strengths_of(game)
        for i, s in enumerate(seats):
            if not isinstance(s, dict) or s.get("kind") not in SEAT_KINDS:
                raise WebError(422, f"seat {i + 1}: kind must be one of {', '.join(SEAT_KINDS)}")
            label = s.get("label") or (f"Player {i + 1}")
            if not isinstance(label, str) or len(label) > 40 or not label.isprintable():
                raise WebError(422, f"seat {i + 1}: a label is printable text of at most "
                                    f"40 characters")
            agent = token = None
            if s["kind"] == COMPUTER:
                spec = s.get("agent") or strengths.get(s.get("strength") or "easy")
                if not isinstance(spec, str) or spec is None:
                    raise WebError(422, f"seat {i + 1}: strength must be one of "
                                        f"{', '.join(strengths)} (or give an agent spec)")
                try:
                    check_spec(spec, game)
                except RegaliaError as exc:
                    raise WebError(422, f"seat {i + 1}: {exc}") from None
                agent = spec
                if not s.get("label"):
                    # "Computer (easy)"; with several computer seats, numbered by seat
                    several = sum(isinstance(x, dict) and x.get("kind") == COMPUTER
                                  for x in seats) > 1
                    strength = s.get("strength") or (spec if s.get("agent") else "easy")
                    label = f"Computer{f' {i + 1}' if several else ''} ({strength})"
            else:
                token = new_token()
            rows.append(SeatRow(i, s["kind"], agent, label,
                                token_hash(token) if token else None))
            out.append({"seat": i, "kind": s["kind"], "label": label, "agent": agent,
                        **({"token": token} if token else {})})
        if not isinstance(hints, bool):
            raise WebError(422, "hints must be true or false")
        if pace is None:
            pace = self.settings.pace
        if (isinstance(pace, bool) or not isinstance(pace, (int, float))
                or not 0 <= pace <= self.settings.max_pace):
            raise WebError(422, f"pace must be a number of seconds from 0 to "
                                f"{self.settings.max_pace:g}")
        table_id = secrets.token_urlsafe(9)
        seed = fresh_seed()
        # the generator that deals it (the engine's own), kept so that a restart on
        # another engine deals the same future (table.rebuild)
        dealer = game.new_initial_state(seed).dealer_name
        self.store.create_table(table_id, game.info.name, game.params, seed, rows,
                                {"hints": hints, "pace": float(pace), "dealer": dealer})
        self.computer.advance(self.get(table_id))
        return table_id, out

    # ------------------------------------------------------------------ loading
    def get(self, table_id: str) -> Table:
        """The live table (rebuilt from the store on first use).

        Raises:
            WebError(404): no such table.
        """
        with self._lock:
            t = self._tables.get(table_id)
            if t is not None:
                return t
            row = self.store.load(table_id) if isinstance(table_id, str) else None
            if row is None:
                raise WebError(404, f"no table {table_id!r}")
            game = load_game(row.game, **row.params)
            agents = {s.seat: make_agent(s.agent, seed=derive_seed(table_id, "seat", s.seat))
                      for s in row.seats if s.kind == COMPUTER and s.agent}
            pace = row.options.get("pace")
            state = rebuild(game, row.seed, row.actions, row.options.get("dealer"))
            t = Table(row.id, game, state, row.seats,
                      self.store, self.notify, agents, options=row.options,
                      pace=(float(pace) if isinstance(pace, (int, float))
                            else self.settings.pace),
                      movers=movers_of(game, row.actions))
            self._tables[table_id] = t
            return t

    def resume_all(self) -> None:
        """Load every unfinished table and let its computer players go on (server start)."""
        for tid in self.store.table_ids():
            t = self.get(tid)
            if not t.state.is_terminal():
                self.computer.advance(t)

    def listing(self) -> list[dict[str, Any]]:
        """Recent tables for the lobby: id, game, seats (kinds and labels), ply, over."""
        out = []
        for tid in self.store.table_ids()[-50:]:
            t = self.get(tid)
            with t.lock:
                out.append({"table": tid, "game": t.game.info.name,
                            "title": t.game.info.title, "ply": len(t.state.history()),
                            "terminal": t.state.is_terminal(),
                            "seats": [{"seat": x.seat, "kind": x.kind, "label": x.label}
                                      for x in t.seats]})
        return out

    # ------------------------------------------------------------------ seats
    def seated(self, table_id: str, token: str | None, needs: str | None = None
               ) -> tuple[Table, int | None]:
        """The table and the seat ``token`` opens (None: a spectator).

        ``needs``: for a request that needs a seat, what it says without one ("acting
        needs", "hints need", ...): then a missing token is refused.

        Raises:
            WebError: 401 no token where ``needs`` asks for one; 403 a token that opens no
                seat of this table; 404 no such table.
        """
        t = self.get(table_id)
        seat = seat_of(t.seats, token)
        if needs is not None and seat is None:
            raise WebError(401, f"{needs} the seat's token (the private link)")
        return t, seat

    # ------------------------------------------------------------------ acting
    def act(self, table_id: str, token: str | None, action: Any = None,
            notation: Any = None, ply: Any = None) -> tuple[Table, int]:
        """Play a seat's move (:meth:`Table.act`), then let the computer players go on.

        Raises:
            WebError: 401 no token; 403 bad token; 404 no table; and
                :meth:`Table.act`'s refusals. The table is unchanged.
        """
        t, seat = self.seated(table_id, token, "acting needs")
        assert seat is not None
        t.act(seat, action, notation, ply)
        self.computer.advance(t)
        return t, seat

    def undo(self, table_id: str, token: str | None) -> tuple[Table, int]:
        """Take back the seat's last move (:meth:`Table.undo`).

        Raises:
            WebError: 401/403 token; and :meth:`Table.undo`'s refusals.
        """
        t, seat = self.seated(table_id, token, "undo needs")
        assert seat is not None
        t.undo(seat)
        return t, seat

    def hint(self, table_id: str, token: str | None) -> dict[str, Any]:
        """The hint agent's suggestion for the seat (:meth:`Computer.hint`).

        Raises:
            WebError: 401/403 token; 409 hints off, or not the seat's turn.
        """
        t, seat = self.seated(table_id, token, "hints need")
        assert seat is not None
        return self.computer.hint(t, seat)

    def wait(self, table_id: str, timeout: float = 30.0) -> None:
        """Block until no computer player of the table is thinking (tests, tools)."""
        self.computer.wait(self.get(table_id), timeout)

    def close(self) -> None:
        self.computer.close()
