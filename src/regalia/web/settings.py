"""Every limit and duration of the web table in one place (:class:`Settings`).

``regalia serve`` builds one from its options; tests build their own. Nothing else in
:mod:`regalia.web` holds a limit of its own.

Rate limits are data (:data:`RATE_LIMITS`): a name, what it counts and per whom, and its
windows in the ``limits`` library's notation (``"20/second;300/minute"``: every window must
have room). A request over one is answered 429 with ``Retry-After`` and counted in the
``regalia_refused_total`` metric under the limit's name.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

#: name -> (default windows, what one hit is and whose budget it takes). ``regalia serve
#: --rate-limit NAME=WINDOWS`` changes one (``NAME=off``: none).
RATE_LIMITS: dict[str, tuple[str, str]] = {
    "request": ("30/second;600/minute",
                "every HTTP request of a client (its IP address), the page's static files "  # i18n: no (the operator's reference, shown nowhere)
                "included"),
    "create": ("30/hour", "tables created by a client"),  # i18n: no (the operator's reference, shown nowhere)
    "socket": ("30/minute", "WebSocket connections opened by a client"),  # i18n: no (the operator's reference, shown nowhere)
    "hint": ("6/minute", "hints asked by a seat of a table"),  # i18n: no (the operator's reference, shown nowhere)
    "review": ("6/minute", "game reviews asked at a table by a seat (a spectator: by its "  # i18n: no (the operator's reference, shown nowhere)
                           "address)"),
    # issue 25
    "player": ("10/hour", "player keys made for a client (a browser asks for one once)"),  # i18n: no (the operator's reference, shown nowhere)
    "chat": ("30/minute;300/hour", "chat lines written by a player (or a seat) at a table; "  # i18n: no (the operator's reference, shown nowhere)
                                   "chat.py also refuses repeats and 5 lines in 10 s"),
    "join": ("30/hour", "seats a player takes (a seat link opened, a free seat joined) and "  # i18n: no (the operator's reference, shown nowhere)
                        "rematches asked"),
}

#: what a request costs against the ``request`` limit, by the kind of request (a hint or a
#: table's creation weighs more than reading a view)
REQUEST_COSTS: dict[str, int] = {"read": 1, "move": 1, "click": 1, "hint": 5, "create": 5,
                                 "review": 5}


def default_workers(servers: int = 1) -> int:
    """Worker processes for computer players in each of ``servers`` server processes: the
    cores but one per server process, shared out, at least one each."""
    return max(1, ((os.cpu_count() or 2) - servers) // servers)


@dataclass(frozen=True)
class Settings:
    """The web table's settings.

    Attributes:
        compute_workers: processes that run computer players' moves and hints (searches
            never run in the server's own process), per server process.
        hint_spec: the hint agent's spec (None: the game's default,
            :func:`regalia.agents.default_hint_spec`).
        pace: seconds between two consecutive computer moves at a table where a person
            sits, for tables created without their own ``pace`` (0: no pause).
        max_pace: the largest ``pace`` a table may ask for (seconds).
        allow_agent_specs: let a table's creator name any agent spec for a computer seat
            (``regalia serve --allow-agent-specs``); otherwise only the game's offered
            strengths (``easy``, ``normal``, ``strong`` and the presets it registers).
        max_think: the most a computer move or a hint may think (seconds, the hard budget
            of every search; an agent spec asking for more is capped to it).
        think_grace: seconds past its budget before a search's worker process is killed
            (and restarted) and the seat plays a random legal move instead.
        max_body: the largest request body accepted (bytes), counted as it arrives.
        max_json_depth: the deepest nesting of arrays and objects in a request body.
        max_clicks: the longest click sequence of a move in progress (board protocol v2).
        max_ws_message: the largest WebSocket message a client may send (bytes; larger
            closes the socket with 1009).
        header_timeout: seconds a connection may take to send a request's headers.
        body_timeout: seconds a request may wait between two parts of its body.
        keep_alive: seconds an idle HTTP connection stays open between requests.
        max_connections: concurrent connections and requests the server takes (uvicorn's
            ``limit_concurrency``; more are answered 503).
        threads: the threads that run requests' work off the event loop (replaying,
            drawing views, answering clicks, committing moves: anyio's default thread
            limiter, 40 unless set). Python runs one thread at a time: more threads only
            contend with the event loop, and 4 answered the 200 tables of
            ``benchmarks/bench_web.py`` with a lower p95 than 8 or 40 (docs/web.md).
        allowed_origins: origins (``https://regalia.example.org``) whose pages may change
            tables, besides the server's own address; their hosts are served too.
        rate_limits: name -> windows (``"30/second;600/minute"``) or ``"off"``; defaults
            in :data:`RATE_LIMITS`.
        rate_storage: where rate-limit counts are kept (``limits`` storage URI:
            ``memory://``; ``redis://host`` to share them between server processes).
        max_open_tables: unfinished tables with activity in the last ``open_window``
            seconds that the server keeps; creating another is refused with 503.
        open_window: seconds after its last move that an unfinished table counts as open.
        idle_seconds: an unfinished table unused that long leaves memory (it comes back
            from the store on its next request); a finished one after ``finished_idle``.
        finished_idle: seconds a finished table stays in memory after its last request.
        keep_finished: seconds a finished table's record is kept (None: for ever);
            older ones are deleted while serving and by ``regalia serve --purge``.
        resume: let the computer players of unfinished tables go on at start-up.
        adopt_every: seconds between two looks for tables whose computer player no
            process runs (its process died), on a store shared by several processes
            (PostgreSQL).
        review_seconds: the search time of one seat's game review at a finished table
            (its budget per table and seat: a table's reviews take at most its seats
            times this), shared by the seat's decisions.
        review_slice: a review runs in the worker pool in slices of about this many
            seconds (each decision capped at it), taking its turn with the computer moves
            and hints of every table between two slices; the page's progress moves at
            each.
        review_iterations: search iterations per decision of a review (None: the
            game's documented budget, docs/review.md), within ``review_seconds``.
        review_busy: a review is not started (503, "ask again") while this many jobs
            or more wait for a worker: the computer moves of games under way come first.
        review_seed: the seed of every review: a review is a function of the record the
            seat may download and this (the same on every server, whatever the other
            seats held).
        share_hours: how long a shared scoring pad link lives (hours).
        shares_per_client: live shared links one client address may hold at once.
        max_shares: live shared links the server holds in all.
        max_name: the longest name a person may choose (characters).
        your_games: the most tables "Your games" lists.
        open_list: the most open tables the lobby lists.
        leaderboard: the most players a leaderboard lists.
        chat_length: the longest chat line (characters).
        chat_lines: the most chat lines a table keeps (more are refused).
        chat_history: the chat lines a page gets when it opens a table.
        min_move_seconds, max_move_seconds: the bounds of a table's move time limit.
        clock_sweep: seconds between two sweeps of due move deadlines.
        clock_lease: seconds a claimed deadline is held before another sweep may take it
            again (a sweep that died).
        clock_batch: the most deadlines one sweep claims.
    """

    compute_workers: int = field(default_factory=default_workers)
    hint_spec: str | None = None
    pace: float = 0.7
    max_pace: float = 10.0
    allow_agent_specs: bool = False
    max_think: float = 5.0
    think_grace: float = 3.0
    max_body: int = 64 * 1024
    max_json_depth: int = 32
    max_clicks: int = 32
    max_ws_message: int = 16 * 1024
    header_timeout: float = 10.0
    body_timeout: float = 10.0
    keep_alive: float = 75.0
    max_connections: int = 2000
    threads: int = 4
    allowed_origins: tuple[str, ...] = ()
    rate_limits: dict[str, str] = field(default_factory=dict)
    rate_storage: str = "memory://"
    max_open_tables: int = 2000
    open_window: float = 24 * 3600.0
    idle_seconds: float = 600.0
    finished_idle: float = 60.0
    keep_finished: float | None = None
    resume: bool = True
    adopt_every: float = 2.0
    review_seconds: float = 60.0
    review_slice: float = 4.0
    review_iterations: int | None = None
    review_busy: int = 4
    review_seed: int = 1
    share_hours: float = 48.0
    shares_per_client: int = 20
    max_shares: int = 10_000
    max_name: int = 24
    your_games: int = 50
    open_list: int = 50
    leaderboard: int = 100
    chat_length: int = 300
    chat_lines: int = 500
    chat_history: int = 100
    min_move_seconds: float = 30.0
    max_move_seconds: float = 14 * 86400.0
    clock_sweep: float = 2.0
    clock_lease: float = 30.0
    clock_batch: int = 20

    def limit(self, name: str) -> str:
        """The windows of rate limit ``name`` (``"off"``: none).

        Raises:
            KeyError: no such limit (:data:`RATE_LIMITS` names them).
        """
        default = RATE_LIMITS[name][0]
        return self.rate_limits.get(name, default)
