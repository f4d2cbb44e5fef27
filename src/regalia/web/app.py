"""The FastAPI application of the web table, wired: settings, store, bus, rooms, routes.

API (JSON; a seat's token goes in the ``X-Seat-Token`` header or the ``token`` query
parameter; without one a visitor is a spectator):

* ``GET /api/games``: the registered games (player counts, variants, parameters with
  their defaults per player count, playable here);
* ``GET /api/tables``: recent tables; ``POST /api/tables`` creates one from
  ``{game, players, variants, params: {sheet: 2, ...}, seats: [{kind:
  here|invited|computer, strength|agent, label}], hints, pace}``
  and answers with the table id and each human seat's token (shown once);
* ``GET /api/tables/{id}``: the view of the token's seat (observation, SVG, legal moves
  in notation, log, scores);
* ``POST /api/tables/{id}/actions``: ``{action: id}`` or ``{notation: "d5-e5"}``, optional
  ``ply`` (refused with 409 unless it is the current ply, so a replayed request does
  nothing); answers with the new view once the move is committed to the store;
* ``POST /api/tables/{id}/undo``: take back the seat's last move (alone against computer
  players, nothing drawn since);
* ``POST /api/tables/{id}/hint``: the hint agent's suggestion (tables with ``hints``);
* ``GET /api/tables/{id}/replay/{ply}``: a finished game after ``ply`` moves as the
  token's seat saw it (spectators: the public view);
* ``GET /api/tables/{id}/record``: the finished game as a regalia record (no seed) for
  perfect information; for hidden information the seat record of what the token's seat
  saw (spectators: the public one);
* ``POST /api/tables/{id}/review`` (``?seat=N``), ``GET /api/tables/{id}/review``,
  ``GET /api/tables/{id}/review/{index}``: a finished game's review of a seat, computed in
  the worker pool and stored with the table (:mod:`.routes.review`, :mod:`.reviewer`);
* ``POST /api/tables/{id}/click``: ``{clicks: [...]}``, the click objects of a move in
  progress (board protocol v2) -> ``{action, notation}``, ``{next: {prompt, targets,
  choices, svg}}`` or ``{error}``;
* ``WS /api/tables/{id}/ws?token=...``: the seat's view, pushed after every change
  (closed with 4403 for a bad token, 4404 for an unknown table);
* ``GET /healthz``: ``{"ok": true}`` while the server answers and its store reads;
  ``GET /metrics``: Prometheus metrics (:mod:`.metrics`).

Errors are HTTP 4xx with ``{"detail": message}`` (429 with ``Retry-After``); the table is
then unchanged. Every request first passes :class:`.guard.Guard` (host, rate, origin and
body checks).

The modules, imports running one way (routes and socket, then rooms, then table, views and
compute, then store and bus): :mod:`.routes` and :mod:`.socket` (thin: parse, check, call,
answer), :mod:`.guard` (body limits), :mod:`.rooms` (live tables), :mod:`.table` (the only
writer of a table), :mod:`.views`, :mod:`.compute` (computer players, hints),
:mod:`.catalogue` (games and strengths offered), :mod:`.identity` (seat tokens),
:mod:`.store` (SQLAlchemy; :mod:`.store.leases`: which process moves a table's computer
players), :mod:`.bus` (change notices, between processes too), :mod:`.settings` (every
limit).

Several server processes may share a PostgreSQL store (``regalia serve --workers N``, or
servers behind a reverse proxy): each listens for the others' changes
(:class:`~.bus.Listener`), checks a table against the store at each request, and every
``Settings.adopt_every`` seconds takes over the computer players no live process runs
(:meth:`~.rooms.Rooms.adopt`). docs/deploy.md says how to run them.
"""

from __future__ import annotations

import asyncio
import logging
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any, AsyncIterator, Callable

import anyio.to_thread
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles

from .bus import Hub, Listener
from .errors import WebError
from .guard import Guard, Limiter
from .language import Language, router as language_router
from .metrics import Metrics
from .pages import router as pages_router
from .rooms import Rooms
from .reviewer import Reviewer
from .routes import lobby, ops, pad, player, review, table
from .settings import Settings
from .socket import router as socket_router
from .store import CHANNEL, Store, default_db_url

log = logging.getLogger("regalia.web")

#: seconds between two sweeps of idle tables (and of finished ones past their keeping)
SWEEP_SECONDS = 30.0

STATIC = Path(__file__).parent / "static"


def create_app(db_url: str | None = None, settings: Settings | None = None,
               **overrides: Any) -> FastAPI:
    """The web table's app on the store at ``db_url`` (an SQLAlchemy URL; default: an
    SQLite file in the user's data directory), with ``settings`` (default
    :class:`Settings`), any of whose fields may be given as keywords instead
    (``create_app(url, pace=0)``).

    Raises:
        TypeError: a keyword that is no field of :class:`Settings`.
        ValueError: a rate limit that cannot be read (:class:`~regalia.web.guard.Limiter`).
    """
    settings = replace(settings or Settings(), **overrides)
    metrics = Metrics()
    limiter = Limiter(settings, metrics)
    store = Store(db_url or default_db_url())
    hub = Hub()
    rooms = Rooms(store, settings, hub.notify, metrics, hub.watched)
    # other processes may share a PostgreSQL store: their changes arrive as notices
    listener = (Listener(store.conninfo(), CHANNEL, rooms.on_notice, rooms.recheck,
                         rooms.on_chat) if store.shared else None)

    async def every(seconds: float, job: Callable[[], object], what: str) -> None:
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(seconds)
            try:
                await loop.run_in_executor(None, job)
            except Exception:  # a sweep that failed is tried again at the next one
                log.exception("%s failed", what)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        loop = asyncio.get_running_loop()
        hub.loop = loop
        # the threads of run_in_threadpool (every view, click and move), for this loop
        anyio.to_thread.current_default_thread_limiter().total_tokens = settings.threads
        starting = loop.run_in_executor(None, rooms.computer.start)   # in the background
        if listener is not None:
            listener.start()   # before resuming: no change is missed in between
        if settings.resume:
            await loop.run_in_executor(None, rooms.resume)
        tasks = [asyncio.ensure_future(every(SWEEP_SECONDS, rooms.sweep,
                                             "sweeping idle tables")),  # i18n: no (a log line)
                 asyncio.ensure_future(every(settings.clock_sweep, rooms.clocks.sweep,
                                             "sweeping move deadlines"))]   # issue 25  # i18n: no (a log line)
        if store.shared:
            tasks.append(asyncio.ensure_future(every(
                settings.adopt_every, rooms.adopt, "taking over tables of stopped processes")))  # i18n: no (a log line)
        yield
        for task in tasks:
            task.cancel()
        if not starting.done():
            starting.cancel()
        if listener is not None:
            listener.stop()
        rooms.close()
        store.close()

    api = FastAPI(title="regalia web table", docs_url="/api/docs", redoc_url=None,  # i18n: no (the API's title for developers)
                  lifespan=lifespan)
    api.state.rooms = rooms
    api.state.hub = hub
    api.state.listener = listener
    api.state.settings = settings
    api.state.limiter = limiter
    api.state.metrics = metrics
    api.state.reviewer = Reviewer(store, rooms.computer, settings)

    @api.exception_handler(WebError)
    async def _web_error(_request: Request, exc: WebError) -> JSONResponse:
        headers = ({"retry-after": str(exc.retry_after)} if exc.retry_after is not None
                   else None)
        body = {"detail": exc.message, **({"code": exc.code} if exc.code else {})}
        return JSONResponse(body, status_code=exc.status, headers=headers)

    api.include_router(lobby.router)
    api.include_router(player.router)   # before table's: /api/tables/open is no table id
    api.include_router(table.router)
    api.include_router(review.router)
    api.include_router(pad.router)
    api.include_router(ops.router)
    api.include_router(socket_router)
    api.include_router(language_router)
    api.include_router(pages_router)   # before the mount: /static/<page>.html rendered
    api.mount("/static", StaticFiles(directory=STATIC), name="static")
    api.add_middleware(Guard, settings=settings, limiter=limiter, metrics=metrics)
    api.add_middleware(Language)   # outermost: the guard's refusals are worded too
    return api
