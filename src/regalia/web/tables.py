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

import functools
import hashlib
import hmac
import inspect
import json
import re
import secrets
import threading
import time
from concurrent.futures import Future, InvalidStateError, ThreadPoolExecutor
from threading import Timer
from dataclasses import dataclass, field
from typing import Any, Callable

from regalia.agents import Agent, check_spec, derive_seed, hint, make_agent
from regalia.core.errors import RegaliaError
from regalia.core.game import Game
from regalia.core.record import GameRecord
from regalia.core.seat_record import SeatRecord
from regalia.core.registry import game_class, game_drawing, game_strengths, list_games, load_game
from regalia.core.state import State, fresh_seed

from . import story
from .movelog import MoveLog

_orjson: Any
try:
    import orjson as _orjson
except ImportError:  # pragma: no cover - orjson is in the web extra
    _orjson = None

from .storage import ConflictError, SeatRow, Store, TableRow

HERE, INVITED, COMPUTER = "here", "invited", "computer"
SEAT_KINDS = (HERE, INVITED, COMPUTER)
#: friendly strength -> agent spec (perfect-information games; hidden: ismcts for search)
STRENGTHS = {"easy": "greedy", "normal": "mcts:seconds=0.5", "strong": "mcts:seconds=2"}
HIDDEN_STRENGTHS = {"easy": "greedy", "normal": "ismcts:seconds=0.5",
                    "strong": "ismcts:seconds=2"}
MAX_SEATS = 8


def strengths_of(game: Game) -> dict[str, str]:
    """The friendly strengths of ``game``: the recommended opponents it registers
    (:func:`regalia.core.registry.register_strengths`, measured settings at <= 1 s per
    move; see docs/agents.md), else the generic defaults above."""
    declared = game_strengths(game.info.name)
    if declared is not None:
        return declared.as_dict()
    return STRENGTHS if game.info.perfect_information else HIDDEN_STRENGTHS


#: Seconds between two consecutive moves of computer players when a person sits at the
#: table (so each move can be seen; a table option, 0 for tests and benchmarks).
DEFAULT_PACE = 0.7
MAX_PACE = 10.0
#: The longest click sequence a move in progress may have (board protocol v2).
MAX_CLICKS = 32
#: The clock of pacing (a name of this module, so a test can stand in for it).
_clock = time.monotonic


#: the drawing module of each game, looked up once (the registry imports on every lookup)
_drawings: dict[str, Any] = {}


def _dumps(value: Any) -> str:
    """JSON text of a view (orjson when installed: about 5 times faster than json)."""
    if _orjson is not None:
        text: str = _orjson.dumps(value, option=_orjson.OPT_NON_STR_KEYS).decode()
        return text
    return json.dumps(value, separators=(",", ":"))


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


#: Parameters every table gives by their own fields (not in ``params``).
OWN_FIELDS = ("players", "variants")


def _arg_help(doc: str) -> dict[str, str]:
    """``name -> text`` of a docstring's ``Args:`` section (continuation lines joined)."""
    out: dict[str, str] = {}
    section = doc.split("Args:", 1)[1] if "Args:" in doc else ""
    name = None
    for line in section.splitlines()[1:]:
        if not line.strip() or re.match(r"\s*(Raises|Returns|Yields):", line):
            if out:
                break
            continue
        m = re.match(r"\s{4,8}(\w+)(?:, \w+)*:\s*(.*)", line)
        if m and len(line) - len(line.lstrip()) <= 8:
            name = m.group(1)
            out[name] = m.group(2).strip()
        elif name is not None:
            out[name] += " " + line.strip()
    return out


@functools.lru_cache(maxsize=None)
def _file_params(game_name: str) -> frozenset[str]:
    """The parameters of a game that name a file on the server (annotated ``Path``),
    which a web table refuses: a visitor must not make the server read its files."""
    sig = inspect.signature(game_class(game_name).__init__)
    return frozenset(p.name for p in sig.parameters.values() if "Path" in str(p.annotation))


@functools.lru_cache(maxsize=None)
def game_parameters(game_name: str) -> tuple[dict[str, Any], ...]:
    """The parameters a web table of ``game_name`` may set, read from the game class (the
    ones ``regalia play`` takes as ``--param KEY=VALUE``, ``--sheet``, ``--level``): every
    keyword of its ``__init__`` except ``players`` and ``variants`` (their own fields), the
    keyword-only ones (``engine``: not a parameter of the game) and those naming files
    on the server (custom data files). Each: ``{name, help (the docstring's Args line),
    type ("bool", "int", "list" or "text", from the default), defaults ({player count:
    the value a game of that count uses, absent where the game takes no such value})}``.
    """
    cls = game_class(game_name)
    info = cls.info
    helps = _arg_help(cls.__doc__ or "")
    sig = inspect.signature(cls.__init__)
    names = [p.name for p in sig.parameters.values()
             if p.name != "self" and p.name not in OWN_FIELDS
             and p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD
             and p.name not in _file_params(game_name)]
    by_count = {n: load_game(info.name, players=n).params
                for n in range(info.min_players, info.max_players + 1)}
    out = []
    for name in names:
        defaults = {str(n): ps[name] for n, ps in by_count.items() if name in ps}
        sample = next(iter(defaults.values()), sig.parameters[name].default)
        kind = ("bool" if isinstance(sample, bool) else "int" if isinstance(sample, int)
                else "list" if isinstance(sample, (list, tuple)) else "text")
        out.append({"name": name, "help": helps.get(name, ""), "type": kind,
                    "defaults": defaults})
    return tuple(out)


def games_catalogue() -> list[dict[str, Any]]:
    """The registered games for the lobby: name, title, player counts, variants, their
    parameters (:func:`game_parameters`), and whether the web table can draw them yet."""
    return [{"name": g.name, "title": g.title, "min_players": g.min_players,
             "max_players": g.max_players, "variants": dict(g.variants),
             "params": list(game_parameters(g.name)),
             "perfect_information": g.perfect_information,
             "playable": game_drawing(g.name) is not None} for g in list_games()]


def check_params(game_name: str, params: Any) -> dict[str, Any]:
    """A table's ``params`` (the game's own parameters beyond players and variants) as
    ``load_game`` keywords, before the game checks their values.

    Raises:
        WebError(422): not an object; a key the game does not take here (the message lists
        the ones it does); a parameter naming a file on the server.
    """
    if params is None:
        return {}
    if not isinstance(params, dict):
        raise WebError(422, "params must be an object of the game's parameters, e.g. "
                            "{\"sheet\": 2}")
    try:
        offered = [p["name"] for p in game_parameters(game_name)]
        files = _file_params(game_name)
    except RegaliaError as exc:
        raise WebError(422, str(exc)) from None
    title = game_class(game_name).info.title
    for key in params:
        if key in files:
            raise WebError(422, f"{key}: a web table cannot read files on the server (custom "
                                f"component files are for 'regalia play --data'); leave "
                                f"{key} out to play with the bundled components")
        if key in OWN_FIELDS:
            raise WebError(422, f"params.{key}: give it as the table's own '{key}' field")
        if key not in offered:
            raise WebError(422, f"{title} has no parameter {str(key)[:40]!r} at the web "
                                f"table; its parameters: {', '.join(offered) or 'none'}")
    return dict(params)


def _resolve(future: Future[None]) -> None:
    """Mark a computer move's future done (once; a second call does nothing)."""
    try:
        future.set_result(None)
    except InvalidStateError:
        pass


@dataclass
class Table:
    """One live table: its game and state (the authoritative position), seats, computer
    players, and what the views need (who is thinking, the last error, cached views).

    ``future`` is set while a computer player's move is under way (thinking, then paced),
    and done once that move is committed or dropped; ``generation`` is bumped by an undo so
    that a move thought before it is dropped; ``last_move_at`` is the ``time.monotonic()``
    of the last stored move (pacing)."""

    id: str
    game: Game
    state: State
    seats: list[SeatRow]
    agents: dict[int, Agent] = field(default_factory=dict)
    lock: threading.RLock = field(default_factory=threading.RLock)
    thinking: int | None = None
    future: Future[None] | None = None
    error: str | None = None
    generation: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    views: dict[tuple[Any, ...], dict[str, Any]] = field(default_factory=dict)
    #: the cached views encoded as JSON text, same keys (each encoded once, then sent to
    #: every request and WebSocket of the seat until the table moves on)
    encoded: dict[tuple[Any, ...], str] = field(default_factory=dict)
    last_move_at: float = 0.0
    movers: list[int] = field(default_factory=list)   # who made each stored move (-1 chance)
    #: the per-seat move log, built one ply at a time (:mod:`.movelog`)
    movelog: MoveLog | None = None
    #: bumped by every change a view shows (a client drops older views); it starts from
    #: the time the table was loaded (microseconds), so it grows across server restarts too
    version: int = field(default_factory=lambda: time.time_ns() // 1000)

    @property
    def has_person(self) -> bool:
        """True when some seat is played by a person (here or invited)."""
        return any(s.kind != COMPUTER for s in self.seats)


class Tables:
    """Every table of a store, loaded on first use and kept in memory.

    Args:
        store: the :class:`Store`.
        notify: called as ``notify(table_id)`` (from any thread) after each change.
        workers: threads for computer players.
        hint_spec: the hint agent (default: the game's).
        pace: the default seconds between consecutive computer moves at tables where a
            person sits (a table created with its own ``pace`` keeps that).
    """

    def __init__(self, store: Store, notify: Callable[[str], None] | None = None,
                 workers: int = 2, hint_spec: str | None = None,
                 pace: float = DEFAULT_PACE):
        self.store = store
        self.pace = pace
        self.hint_spec = hint_spec
        self.notify = notify or (lambda _tid: None)
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="regalia-ai")
        self._tables: dict[str, Table] = {}
        self._lock = threading.Lock()

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
            pace = self.pace
        if (isinstance(pace, bool) or not isinstance(pace, (int, float))
                or not 0 <= pace <= MAX_PACE):
            raise WebError(422, f"pace must be a number of seconds from 0 to {MAX_PACE:g}")
        table_id = secrets.token_urlsafe(9)
        seed = fresh_seed()
        self.store.create_table(table_id, game.info.name, game.params, seed, rows,
                                {"hints": hints, "pace": float(pace)})
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
            t = Table(row.id, game, state, row.seats, agents, options=row.options,
                      movers=self._movers(game, row.actions))
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
                        raise WebError(422, f"notation must be text, e.g. "
                                            f"{self.notation_example(t)!r}")
                    a = s.string_to_action(notation)
                else:
                    if type(action) is not int:
                        raise WebError(422, "action must be an integer action id")
                    a = action
                if a not in s.legal_actions():
                    probe = s.clone()
                    probe.apply_action(a)  # raises with the engine's reason
                    raise WebError(422, f"{s.safe_string(a) or 'that move'} is not legal now")
            except RegaliaError as exc:
                raise WebError(422, story.refusal(exc)) from None
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
            movers = self._movers(t.game, t.state.history())
            why = story.undo_refusal([x.kind for x in t.seats], seat, movers)
            if why is not None:
                raise WebError(409, why)
            ply = max(i for i, p in enumerate(movers) if p == seat)
            self.store.truncate(t.id, ply)
            t.generation += 1
            if t.future is not None:
                _resolve(t.future)   # wait() returns; the move under way is dropped
            t.future = None
            t.thinking = None
            row = self._row(t.id)
            t.state = self._rebuild(t.game, row.seed, row.actions)
            t.movers = movers[:ply]
            t.version += 1
        self.notify(t.id)
        return t

    def _row(self, table_id: str) -> TableRow:
        """The stored table (it exists: the caller holds it live)."""
        row = self.store.load(table_id)
        if row is None:
            raise WebError(404, f"no table {table_id!r}")
        return row

    @staticmethod
    def _movers(game: Game, actions: list[int]) -> list[int]:
        """The seat that made each of ``actions`` (-1: a chance outcome), replayed."""
        replay = game.new_initial_state(0)
        movers = []
        for a in actions:
            movers.append(replay.current_player())
            replay.apply_action(a)
        return movers

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
        ``hints``): :func:`.story.hint_answer`. The search runs on a copy without the
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
        drawing = self._drawing(t)
        with t.lock:   # the board with the suggestion marked, unless the table moved on
            same = t.state.history() == copy.history()
            obs = t.state.observation(seat)
            recent = self._view(t, seat)[1]["recent"] if same else []
        return story.hint_answer(drawing, obs, copy.legal_actions() if same else None,
                                 [x.label for x in t.seats], recent, h, seat)

    def _commit(self, t: Table, action: int | None) -> None:
        """Apply ``action`` (None: only deal) and the chance outcomes that follow it, then
        store them all in one transaction before anyone is told (the caller holds
        ``t.lock``). If the store refuses, the table is rebuilt from the store."""
        s = t.state
        start = len(s.history())
        movers = len(t.movers)
        if action is not None:
            t.movers.append(s.current_player())
            s.apply_action(action)
        while s.is_chance_node() and not s.is_terminal():
            t.movers.append(s.current_player())
            s.apply_action(s.sample_chance_outcome(s.dealer()))
        new = s.history()[start:]
        if not new:
            return
        t.last_move_at = _clock()
        try:
            self.store.append_actions(t.id, start, new)
        except Exception as exc:
            row = self._row(t.id)
            t.state = self._rebuild(t.game, row.seed, row.actions)
            del t.movers[movers:]
            if isinstance(exc, ConflictError):
                raise WebError(409, str(exc)) from None
            raise
        t.version += 1
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
            t.version += 1
            t.future = Future()
            self.pool.submit(self._think, t, cur, t.generation, s.clone(), t.future)
        self.notify(t.id)

    def pace_of(self, t: Table) -> float:
        """Seconds between consecutive computer moves at ``t``: its ``pace`` option (the
        server's default for tables created before it) when a person sits there, else 0."""
        if not t.has_person:
            return 0.0
        pace = t.options.get("pace", self.pace)
        return float(pace) if isinstance(pace, (int, float)) else self.pace

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
            _resolve(done)
            self.notify(t.id)
            return
        # pacing: the move is shown no sooner than ``pace`` seconds after the last one, so
        # a person sees each computer move (and the thinking marker) one by one
        delay = self.pace_of(t) - (_clock() - t.last_move_at)
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
                    self._commit(t, action)
                else:
                    t.version += 1   # no move stored, but the thinking marker is gone
                self.advance(t)
            self.notify(t.id)        # advance() tells no one when no computer goes on
        except Exception as exc:
            with t.lock:
                t.error = (f"the computer player's move could not be stored ({exc}); "
                           f"restart the server to resume the table")
                t.thinking = None
                t.future = None
                t.version += 1
            self.notify(t.id)
        finally:
            _resolve(done)

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
    @staticmethod
    def _drawing(t: Table) -> Any:
        """The drawing module of the table's game (tables are only created for games that
        have one).

        Raises:
            WebError(409): the game's drawing is gone (its package no longer offers one).
        """
        name = t.game.info.name
        drawing = _drawings.get(name)
        if drawing is None:
            drawing = _drawings[name] = game_drawing(name)
        if drawing is None:
            raise WebError(409, f"{t.game.info.title} cannot be drawn at the web table")
        return drawing

    def _observe(self, t: Table, state: State, seat: int | None) -> dict[str, Any]:
        """``observation(seat)``; for a spectator (None) the drawing's public part of
        ``observation(0)``."""
        obs: dict[str, Any] = state.observation(seat if seat is not None else 0)
        if seat is None:
            obs = dict(self._drawing(t).public_observation(obs))
        return obs

    def _movelog(self, t: Table) -> MoveLog:
        """The table's per-seat move log, brought up to its history (new plies only; the
        caller holds ``t.lock``)."""
        if t.movelog is None:
            t.movelog = MoveLog(t.game, [x.label for x in t.seats],
                                self._drawing(t).public_observation)
        t.movelog.update(t.state.history())
        return t.movelog

    @staticmethod
    def notation_example(t: Table) -> str:
        """The game's example of a move in notation (its state's ``NOTATION_EXAMPLE``,
        e.g. ``"pink c5"``), for the typed-move field's placeholder and messages."""
        return str(getattr(t.state, "NOTATION_EXAMPLE", "") or "")

    @staticmethod
    def _extras(drawing: Any, obs: dict[str, Any],
                names: list[str] | None = None) -> dict[str, Any]:
        """The optional drawing functions' answers: ``score_table`` (its columns headed by
        the seats' ``names``) and ``scoring_help`` (None when the drawing has none)."""
        table = getattr(drawing, "score_table", None)
        helps = getattr(drawing, "scoring_help", None)
        return {"score_table": table(obs, names=names) if table is not None else None,
                "scoring_help": helps(obs) if helps is not None else None}

    def view(self, t: Table, seat: int | None) -> dict[str, Any]:
        """The view of ``seat`` as a dict (a copy; see :meth:`_view` for its keys)."""
        return dict(self._view(t, seat)[1])

    def view_json(self, t: Table, seat: int | None) -> str:
        """:meth:`view` encoded as JSON text, encoded once per seat and table change
        (the same text answers the move's request and goes to every socket of the seat)."""
        key, out = self._view(t, seat)
        with t.lock:
            text = t.encoded.get(key)
            if text is None:
                text = _dumps(out)
                if key in t.views:   # not stale meanwhile
                    t.encoded[key] = text
        return text

    def _view(self, t: Table, seat: int | None) -> tuple[tuple[Any, ...], dict[str, Any]]:
        """What ``seat`` (None: a spectator) sees, built from ``observation(seat)`` only
        (spectators: the drawing's ``public_observation`` of it).

        Keys: table, version (grows with every change: a client drops a view older than
        the one it shows), game, title, params, perfect_information, ply, seat, seats,
        current_player, terminal, thinking (the seat of the computer player thinking, or None), error, hints, pace,
        observation, legal (``[{id, notation}]`` when the seat is to play),
        notation_example (the game's example move in notation), log (one line per ply:
        its notation where the viewer saw it, else a redacted line, :mod:`.movelog`),
        log_seats (who made each ply; None for chance), last (the last entry of the log,
        or None),
        svg, scores, score_table and scoring_help (from the drawing, or None), and once
        the game is over returns and winners."""
        drawing = self._drawing(t)
        with t.lock:
            s = t.state
            key = (seat, t.version, len(s.history()), t.generation, t.thinking, t.error)
            cached = t.views.get(key)
            if cached is not None:
                return key, cached
            if any(k[1:] != key[1:] for k in t.views):
                t.views.clear()   # the table moved on: older views are stale
                t.encoded.clear()
            obs = self._observe(t, s, seat)
            cur = s.current_player()
            legal = s.legal_actions() if seat is not None and cur == seat else []
            moves = [{"id": a, "notation": s.action_to_string(a)} for a in legal]
            movelog = self._movelog(t)
            log = movelog.log(seat)
            names = [x.label for x in t.seats]
            told = story.told(drawing, obs, movelog, seat, names)
            out = {
                "table": t.id, "version": t.version,
                "game": t.game.info.name, "title": t.game.info.title,
                "params": t.game.params, "ply": len(s.history()), "seat": seat,
                "seats": [{"seat": x.seat, "kind": x.kind, "label": x.label} for x in t.seats],
                "current_player": cur if cur >= 0 else None,
                "terminal": s.is_terminal(), "thinking": t.thinking, "error": t.error,
                "hints": bool(t.options.get("hints")), "pace": self.pace_of(t),
                "perfect_information": t.game.info.perfect_information,
                "observation": obs, "legal": moves, "log": log,
                "log_seats": movelog.seats(),
                "last": log[-1] if log else None,
                "svg": drawing.render(obs, legal, names, recent=told["recent"]),
                "scores": obs.get("scores"),
                "notation_example": self.notation_example(t),
                **self._extras(drawing, obs, names), **told,
                "undo": story.undo_refusal([x.kind for x in t.seats], seat, t.movers),
            }
            if s.is_terminal():
                out["result"] = story.result(out["score_table"], s.returns(), names, seat,
                                             drawing, obs)
                out["returns"] = s.returns()
                out["winners"] = [p for p, r in enumerate(s.returns()) if r == max(s.returns())]
                out["again"] = story.rematch(t.game.info.name, t.game.params, t.seats,
                                             t.options, t.options.get("pace", self.pace),
                                             strengths_of(t.game))
            t.views[key] = out
        return key, out

    def click(self, t: Table, seat: int, clicks: Any) -> dict[str, Any]:
        """The game drawing's answer to the click sequence of a move in progress of
        ``seat`` (board protocol v2, ``docs/web.md``): ``{"action": id, "notation"}`` for a
        complete legal action (not played: the client posts it), ``{"next": {"prompt",
        "targets", "choices", "svg"}}`` with the board re-drawn showing the pending move,
        or ``{"error": message}``.

        Raises:
            WebError(422): ``clicks`` is not a list of at most :data:`MAX_CLICKS` objects.
        """
        if (not isinstance(clicks, list) or len(clicks) > MAX_CLICKS
                or not all(isinstance(c, dict) for c in clicks)):
            raise WebError(422, f"clicks must be a list of at most {MAX_CLICKS} objects "
                                f"(the clicked elements' data-click values)")
        drawing = self._drawing(t)
        with t.lock:
            s = t.state
            if s.is_terminal():
                return {"error": "the game is over"}
            if s.current_player() != seat:
                return {"error": "it is not your turn"}
            legal = s.legal_actions()
            obs = s.observation(seat)
            try:
                answer = drawing.click(obs, legal, clicks)
            except Exception:   # a drawing must not raise; if it does, nothing changes
                return {"error": "these clicks could not be read; start the move again"}
            if not isinstance(answer, dict):
                return {"error": "these clicks could not be read; start the move again"}
            if "action" in answer:
                a = answer["action"]
                if type(a) is not int or a not in legal:
                    return {"error": "these clicks lead to no legal move now"}
                return {"action": a, "notation": s.action_to_string(a)}
            if "next" in answer and isinstance(answer["next"], dict):
                nxt = dict(answer["next"])
                nxt.setdefault("prompt", "")
                nxt.setdefault("targets", [])
                nxt.setdefault("choices", [])
                nxt["svg"] = (drawing.render(obs, legal, [x.label for x in t.seats],
                                             pending=clicks,
                                             recent=self._view(t, seat)[1]["recent"])
                              if clicks else None)
                return {"next": nxt}
            return {"error": str(answer.get("error") or "these clicks lead to no legal move")}

    def _replay_state(self, t: Table, ply: int | None = None) -> State:
        """The table's game after its first ``ply`` moves (all of them for None), rebuilt
        from the stored actions (no dealer: every outcome is in the history)."""
        actions = t.state.history()
        state = t.game.new_initial_state(0)
        for a in actions[:ply]:
            state.apply_action(a)
        return state

    def record(self, t: Table, seat: int | None = None) -> str:
        """The finished game as a record (JSON text) that ``regalia replay`` reads.

        Perfect information: the full regalia record, without the seed (every chance
        outcome is in it; the dealer's seed stays here). Hidden information: the seat
        record of what ``seat`` saw (:class:`~regalia.core.seat_record.SeatRecord`: the
        moves it could see, its observation after each, the final scores); a spectator
        (None) gets the public one, built from the drawing's public observation.

        Raises:
            WebError(409): the game is not over.
        """
        with t.lock:
            if not t.state.is_terminal():
                raise WebError(409, "the record can be downloaded once the game is over")
            state = t.state.clone()   # a clone carries no seed
            labels = [x.label for x in t.seats]
        if t.game.info.perfect_information:
            return GameRecord.from_state(state, labels).to_json_string()
        return SeatRecord.from_state(state, seat, labels,
                                     observe=lambda s: self._observe(t, s, seat)
                                     ).to_json_string()

    def replay_view(self, t: Table, ply: Any, seat: int | None = None) -> dict[str, Any]:
        """A finished game after its first ``ply`` moves (step-by-step replay), as ``seat``
        saw it then (``observation(seat)``; None: a spectator, the public view):
        ``{ply, plies, move (the log entry of move ply as the viewer may see it, or None),
        svg (the moves since the viewer's last one marked, as live: ``recent``), scores,
        score_table, current_player, terminal, recent, entries and story (the folded log and the story at that
        ply, :func:`.story.told`)}``.

        Raises:
            WebError: 409 the game is not over; 422 a ply outside 0..plies.
        """
        with t.lock:
            if not t.state.is_terminal():
                raise WebError(409, "a game can be replayed once it is over")
            plies = len(t.state.history())
        if type(ply) is not int or not 0 <= ply <= plies:
            raise WebError(422, f"ply must be a whole number 0 to {plies}")
        drawing = self._drawing(t)
        state = self._replay_state(t, ply)
        obs = self._observe(t, state, seat)
        move: str | None = None
        names = [x.label for x in t.seats]
        with t.lock:
            movelog = self._movelog(t)
            move = movelog.log(seat)[ply] if ply < plies else None
            told = story.told(drawing, obs, movelog, seat, names, ply)
        cur = state.current_player()
        return {"ply": ply, "plies": plies, "move": move, "scores": obs.get("scores"),
                "svg": drawing.render(obs, (), names, recent=told["recent"]),
                "score_table": self._extras(drawing, obs, names)["score_table"],
                "current_player": cur if cur >= 0 else None,
                "terminal": state.is_terminal(), **told}

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
