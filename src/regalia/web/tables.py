"""Live tables: the authoritative game states, seats and tokens, computer players.

A :class:`Table` holds the state of one game rebuilt from the store (the seed and every
action; the dealer is advanced exactly as it was, so a restarted server deals the same
future). Every change goes through :meth:`Tables.act`: check the token and the turn, check
the action, commit it to the store, then apply it. Chance outcomes are drawn by the state's
own dealer, seeded with a fresh 128-bit seed from the OS's entropy (``secrets``) at
creation. Computer seats think in a thread pool, never on the server's event loop.

What leaves this module for a seat is built from ``observation(seat)`` only
(:meth:`Tables.view`); the seed never does.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Callable

from regalia.agents import Agent, check_spec, derive_seed, hint, make_agent
from regalia.core.errors import RegaliaError
from regalia.core.game import Game
from regalia.core.record import GameRecord
from regalia.core.registry import game_drawing, list_games, load_game
from regalia.core.state import State, fresh_seed

from .storage import ConflictError, SeatRow, Store

HERE, INVITED, COMPUTER = "here", "invited", "computer"
SEAT_KINDS = (HERE, INVITED, COMPUTER)
#: friendly strength -> agent spec (perfect-information games; hidden: ismcts for search)
STRENGTHS = {"easy": "greedy", "normal": "mcts:seconds=0.5", "strong": "mcts:seconds=2"}
HIDDEN_STRENGTHS = {"easy": "greedy", "normal": "ismcts:seconds=0.5",
                    "strong": "ismcts:seconds=2"}
MAX_SEATS = 8


class WebError(Exception):
    """A refused request: ``status`` (HTTP 4xx) and a message naming what was wrong."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status
        self.message = message


def new_token() -> str:
    """A seat token: 32 random bytes (256 bits) from :mod:`secrets`, URL-safe text."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def games_catalogue() -> list[dict[str, Any]]:
    """The registered games for the lobby: name, title, player counts, variants, and
    whether the web table can draw them yet."""
    return [{"name": g.name, "title": g.title, "min_players": g.min_players,
             "max_players": g.max_players, "variants": dict(g.variants),
             "perfect_information": g.perfect_information,
             "playable": game_drawing(g.name) is not None} for g in list_games()]


@dataclass
class Table:
    id: str
    game: Game
    state: State
    seats: list[SeatRow]
    agents: dict[int, Agent] = field(default_factory=dict)
    lock: threading.RLock = field(default_factory=threading.RLock)
    thinking: int | None = None
    future: Future | None = None
    error: str | None = None
    generation: int = 0   # bumped by undo: a computer move thought before it is dropped
    options: dict[str, Any] = field(default_factory=dict)
    views: dict[tuple, dict[str, Any]] = field(default_factory=dict)  # (seat, ply, ...) -> view


class Tables:
    """Every table of a store, loaded on first use and kept in memory.

    Args:
        store: the :class:`Store`.
        notify: called as ``notify(table_id)`` (from any thread) after each change.
        workers: threads for computer players.
    """

    def __init__(self, store: Store, notify: Callable[[str], None] | None = None,
                 workers: int = 2, hint_spec: str | None = None):
        self.store = store
        self.hint_spec = hint_spec
        self.notify = notify or (lambda _tid: None)
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="regalia-ai")
        self._tables: dict[str, Table] = {}
        self._lock = threading.Lock()

    # ------------------------------------------------------------------ creation
    def create(self, game_name: Any, players: Any, variants: Any, seats: Any,
               hints: Any = False) -> tuple[str, list[dict[str, Any]]]:
        """Create a table; returns its id and, per seat, kind, label and (human seats) the
        token, shown this once.

        Raises:
            WebError(400/422): an unknown game, bad parameters or seats.
        """
        if not isinstance(game_name, str):
            raise WebError(422, "game must be a game name, e.g. 'kingdomino'")
        try:
            params: dict[str, Any] = {"players": players}
            if variants:
                params["variants"] = variants
            game = load_game(game_name, **params)
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
        strengths = STRENGTHS if game.info.perfect_information else HIDDEN_STRENGTHS
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
                    label = f"Computer ({s.get('strength') or spec})"
            else:
                token = new_token()
            rows.append(SeatRow(i, s["kind"], agent, label,
                                token_hash(token) if token else None))
            out.append({"seat": i, "kind": s["kind"], "label": label, "agent": agent,
                        **({"token": token} if token else {})})
        if not isinstance(hints, bool):
            raise WebError(422, "hints must be true or false")
        table_id = secrets.token_urlsafe(9)
        seed = fresh_seed()
        self.store.create_table(table_id, game.info.name, game.params, seed, rows,
                                {"hints": hints})
        self.advance(self.get(table_id))
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
            state = self._rebuild(game, row.seed, row.actions)
            agents = {s.seat: make_agent(s.agent, seed=derive_seed(table_id, "seat", s.seat))
                      for s in row.seats if s.kind == COMPUTER and s.agent}
            t = Table(row.id, game, state, row.seats, agents, options=row.options)
            self._tables[table_id] = t
            return t

    def resume_all(self) -> None:
        """Load every unfinished table and let its computer players go on (server start)."""
        for tid in self.store.table_ids():
            t = self.get(tid)
            if not t.state.is_terminal():
                self.advance(t)

    # ------------------------------------------------------------------ seats
    def seat_of(self, t: Table, token: str | None) -> int | None:
        """The seat ``token`` opens, or None for no token (a spectator).

        Raises:
            WebError(403): a token that opens no seat of this table.
        """
        if token is None or token == "":
            return None
        h = token_hash(str(token))
        for s in t.seats:
            if s.token_hash and hmac.compare_digest(s.token_hash, h):
                return s.seat
        raise WebError(403, "this seat token is not valid for this table")

    # ------------------------------------------------------------------ acting
    def act(self, table_id: str, token: str | None, action: Any = None,
            notation: Any = None, ply: Any = None) -> Table:
        """Play a seat's move (an action id or the game's notation).

        Raises:
            WebError: 401 no token; 403 bad token; 404 no table; 409 not this seat's turn,
                the game is over, or ``ply`` is not the current ply (a replayed request);
                422 a malformed or illegal action (the engine's explanation). The table is
                unchanged.
        """
        t = self.get(table_id)
        if not token:
            raise WebError(401, "acting needs the seat's token (the private link)")
        seat = self.seat_of(t, token)
        with t.lock:
            s = t.state
            if ply is not None and (type(ply) is not int or ply != len(s.history())):
                raise WebError(409, f"this move was meant for ply {ply!r} but the table is "
                                    f"at ply {len(s.history())} (a replayed or stale request)")
            if s.is_terminal():
                raise WebError(409, "the game is over")
            cur = s.current_player()
            if cur != seat:
                who = t.seats[cur].label if 0 <= cur < len(t.seats) else "chance"
                raise WebError(409, f"it is not your turn: {who} is to play")
            if (action is None) == (notation is None):
                raise WebError(422, "give exactly one of 'action' (an id) or 'notation'")
            try:
                if notation is not None:
                    if not isinstance(notation, str):
                        raise WebError(422, "notation must be text, e.g. 'd5-e5' or 'pick 23'")
                    a = s.string_to_action(notation)
                else:
                    if type(action) is not int:
                        raise WebError(422, "action must be an integer action id")
                    a = action
                if a not in s.legal_actions():
                    probe = s.clone()
                    probe.apply_action(a)  # raises with the engine's reason
                    raise WebError(422, f"{s.safe_string(a) or a} is not legal now")
            except RegaliaError as exc:
                raise WebError(422, str(exc)) from None
            self._commit(t, a)
        self.advance(t)
        return t

    def undo(self, table_id: str, token: str | None) -> Table:
        """Take back the seat's last move and every computer move after it.

        Allowed when every other seat is a computer player and nothing was dealt (no chance
        outcome, so no hidden information revealed) since that move (issue 12).

        Raises:
            WebError: 401/403 token; 409 another person plays at the table, the seat has no
                move to take back, or a draw happened since.
        """
        t = self.get(table_id)
        if not token:
            raise WebError(401, "undo needs the seat's token (the private link)")
        seat = self.seat_of(t, token)
        with t.lock:
            if any(x.kind != COMPUTER and x.seat != seat for x in t.seats):
                raise WebError(409, "undo is only for a person playing alone against "
                                    "computer players")
            history = t.state.history()
            replay = t.game.new_initial_state(0)
            movers = []
            for a in history:
                movers.append(replay.current_player())
                replay.apply_action(a)
            mine = [i for i, p in enumerate(movers) if p == seat]
            if not mine:
                raise WebError(409, "you have no move to take back")
            ply = mine[-1]
            if any(p < 0 for p in movers[ply:]):
                raise WebError(409, "something was drawn or dealt since your last move "
                                    "(hidden information revealed): it cannot be taken back")
            self.store.truncate(t.id, ply)
            t.generation += 1
            t.future = None
            t.thinking = None
            row = self.store.load(t.id)
            t.state = self._rebuild(t.game, row.seed, row.actions)
        self.notify(t.id)
        return t

    @staticmethod
    def _rebuild(game: Game, seed: int, actions: list[int]) -> State:
        state = game.new_initial_state(seed)
        for action in actions:
            if state.is_chance_node():
                state.sample_chance_outcome(state.dealer())  # the dealer moves on as it did
            state.apply_action(action)
        return state

    def hint(self, table_id: str, token: str | None) -> dict[str, Any]:
        """The game's hint agent's suggestion for the seat to play (tables created with
        ``hints``): ``{notation, action, summary}``. The search runs on a copy without the
        seed, from what the seat knows (``ismcts`` resamples its information state).

        Raises:
            WebError: 401/403 token; 409 hints off, or not the seat's turn.
        """
        t = self.get(table_id)
        if not token:
            raise WebError(401, "hints need the seat's token (the private link)")
        seat = self.seat_of(t, token)
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
        return {"action": h.action, "notation": h.notation, "summary": h.summary()}

    def _commit(self, t: Table, action: int | None) -> None:
        """Apply ``action`` (None: only deal) and the chance outcomes that follow it, then
        store them all in one transaction before anyone is told (the caller holds
        ``t.lock``). If the store refuses, the table is rebuilt from the store."""
        s = t.state
        start = len(s.history())
        if action is not None:
            s.apply_action(action)
        while s.is_chance_node() and not s.is_terminal():
            s.apply_action(s.sample_chance_outcome(s.dealer()))
        new = s.history()[start:]
        if not new:
            return
        try:
            self.store.append_actions(t.id, start, new)
        except Exception as exc:
            row = self.store.load(t.id)
            t.state = self._rebuild(t.game, row.seed, row.actions)
            if isinstance(exc, ConflictError):
                raise WebError(409, str(exc)) from None
            raise
        self.notify(t.id)

    def advance(self, t: Table) -> None:
        """Deal chance outcomes and start the computer player whose turn it is (in the
        pool); stops at a person's turn or the end."""
        with t.lock:
            self._commit(t, None)
            s = t.state
            cur = s.current_player()
            if s.is_terminal() or cur not in t.agents or t.future is not None:
                return
            t.thinking = cur
            t.future = self.pool.submit(self._think, t, cur, t.generation, s.clone())
        self.notify(t.id)

    def _think(self, t: Table, seat: int, generation: int, copy: State) -> None:
        ply = len(copy.history())
        try:
            action = t.agents[seat].step(copy)
        except Exception as exc:  # an agent's failure stops the table, visibly
            with t.lock:
                if t.generation == generation:
                    t.error, t.thinking, t.future = (f"the computer player failed: {exc}",
                                                     None, None)
            self.notify(t.id)
            return
        with t.lock:  # cleared and resubmitted under one lock: wait() sees no gap
            if t.generation != generation:
                return   # an undo came in meanwhile: this move is no longer asked for
            t.future = None
            t.thinking = None
            if len(t.state.history()) == ply and t.state.current_player() == seat:
                self._commit(t, action)
            self.advance(t)

    def wait(self, table_id: str, timeout: float = 30.0) -> None:
        """Block until no computer player of the table is thinking (tests, tools)."""
        t = self.get(table_id)
        while True:
            with t.lock:
                fut = t.future
            if fut is None:
                return
            fut.result(timeout=timeout)

    # ------------------------------------------------------------------ views
    def view(self, t: Table, seat: int | None) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) sees: built from ``observation(seat)`` only
        (spectators: the drawing's public part of it), the drawing, the seat's legal moves
        in notation when it is to play, the public move log, scores and result."""
        drawing = game_drawing(t.game.info.name)
        with t.lock:
            s = t.state
            key = (seat, len(s.history()), t.generation, t.thinking, t.error)
            cached = t.views.get(key)
            if cached is not None:
                return dict(cached)
            if any(k[1:] != key[1:] for k in t.views):
                t.views.clear()   # the table moved on: older views are stale
            obs = s.observation(seat if seat is not None else 0)
            if seat is None:
                obs = drawing.public_observation(obs)
            cur = s.current_player()
            legal = s.legal_actions() if seat is not None and cur == seat else []
            moves = [{"id": a, "notation": s.action_to_string(a)} for a in legal]
            log = s.history_strings() if t.game.info.perfect_information else []
            names = [x.label for x in t.seats]
            out = {
                "table": t.id, "game": t.game.info.name, "title": t.game.info.title,
                "params": t.game.params, "ply": len(s.history()), "seat": seat,
                "seats": [{"seat": x.seat, "kind": x.kind, "label": x.label} for x in t.seats],
                "current_player": cur if cur >= 0 else None,
                "terminal": s.is_terminal(), "thinking": t.thinking, "error": t.error,
                "hints": bool(t.options.get("hints")),
                "observation": obs, "legal": moves, "log": log,
                "svg": drawing.render(obs, legal, names),
                "scores": obs.get("scores"),
            }
            if s.is_terminal():
                out["returns"] = s.returns()
                out["winners"] = [p for p, r in enumerate(s.returns()) if r == max(s.returns())]
            t.views[key] = out
        return dict(out)

    def click(self, t: Table, seat: int, clicks: Any) -> dict[str, Any]:
        """The game drawing's answer to a click sequence of ``seat`` (see the game's
        ``svg.click``): an action, the next step, or an error."""
        if not isinstance(clicks, list) or not all(isinstance(c, dict) for c in clicks):
            raise WebError(422, "clicks must be a list of objects (the clicked elements' "
                                "data attributes)")
        drawing = game_drawing(t.game.info.name)
        with t.lock:
            s = t.state
            legal = s.legal_actions() if s.current_player() == seat else []
            return drawing.click(s.observation(seat), legal, clicks)

    def record(self, t: Table) -> str:
        """The finished game as a regalia record (JSON text) that ``regalia replay`` reads,
        without the seed (every chance outcome is in it; the dealer's seed stays here).

        Raises:
            WebError(409): the game is not over, or it has hidden information (a seat's
                redacted record is not built yet).
        """
        with t.lock:
            if not t.game.info.perfect_information:
                raise WebError(409, f"records of {t.game.info.title} tables cannot be "
                                    f"downloaded yet")
            if not t.state.is_terminal():
                raise WebError(409, "the record can be downloaded once the game is over")
            # a clone carries no seed, so the record has none
            rec = GameRecord.from_state(t.state.clone(), [x.label for x in t.seats])
        return rec.to_json_string()

    def replay_view(self, t: Table, ply: Any) -> dict[str, Any]:
        """The public view of a finished game after its first ``ply`` moves (step-by-step
        replay): ``{ply, plies, move (the notation of move ply, or None), svg, scores}``.

        Raises:
            WebError: 409 the game is not over or has hidden information; 422 a ply
                outside 0..plies.
        """
        with t.lock:
            if not t.game.info.perfect_information:
                raise WebError(409, f"{t.game.info.title} tables cannot be replayed here yet")
            if not t.state.is_terminal():
                raise WebError(409, "a game can be replayed once it is over")
            actions = t.state.history()
        if type(ply) is not int or not 0 <= ply <= len(actions):
            raise WebError(422, f"ply must be a whole number 0 to {len(actions)}")
        state = t.game.new_initial_state(0)   # the moves are given: no dealer deals here
        for a in actions[:ply]:
            state.apply_action(a)
        drawing = game_drawing(t.game.info.name)
        obs = drawing.public_observation(state.observation(0))
        move = state.action_to_string(actions[ply]) if ply < len(actions) else None
        return {"ply": ply, "plies": len(actions), "move": move, "scores": obs.get("scores"),
                "svg": drawing.render(obs, (), [x.label for x in t.seats])}

    def listing(self) -> list[dict[str, Any]]:
        """Open tables for the lobby: id, game, seats (kinds and labels), ply, over."""
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

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
