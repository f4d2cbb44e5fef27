"""The FastAPI application of the web table: lobby, JSON API, WebSockets, static client.

API (JSON; a seat's token goes in the ``X-Seat-Token`` header or the ``token`` query
parameter; without one a visitor is a spectator):

* ``GET /api/games``: the registered games (player counts, variants, parameters with
  their defaults per player count, playable here);
* ``GET /api/tables``: recent tables; ``POST /api/tables`` creates one from
  ``{game, players, variants, params: {sheet: 2, ...}, seats: [{kind:
  here|invited|computer, strength|agent, label}], hints, pace}``
  and answers with the table id, each human seat's token (shown once) and the seats'
  links with their QR codes (``links``: :func:`.links.seat_links`);
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
* ``POST /api/tables/{id}/click``: ``{clicks: [...]}``, the click objects of a move in
  progress (board protocol v2) -> ``{action, notation}``, ``{next: {prompt, targets,
  choices, svg}}`` or ``{error}``;
* ``WS /api/tables/{id}/ws?token=...``: the seat's view, pushed after every change; a bad
  token or an unknown table is accepted, then closed with code 4403 or 4404 and the
  reason.

Errors are HTTP 4xx with ``{"detail": message}``; the table is then unchanged.
"""

from __future__ import annotations

import asyncio
import json
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, AsyncIterator

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles

from .links import seat_links
from .storage import Store, default_db_url
from .tables import DEFAULT_PACE, Tables, WebError, games_catalogue

STATIC = Path(__file__).parent / "static"
MAX_BODY = 64 * 1024


class Hub:
    """WebSocket subscribers per table; :meth:`notify` may be called from any thread."""

    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self.queues: dict[str, set[asyncio.Queue[None]]] = {}

    def notify(self, table_id: str) -> None:
        loop = self.loop
        if loop is None or loop.is_closed():
            return
        try:
            loop.call_soon_threadsafe(self._fanout, table_id)
        except RuntimeError:  # the loop is closing
            pass

    def _fanout(self, table_id: str) -> None:
        for q in self.queues.get(table_id, ()):
            if q.empty():
                q.put_nowait(None)


def _no_constant(name: str) -> None:
    """Refuse ``NaN`` and ``Infinity`` in a request body (not JSON, though Python reads
    them)."""
    raise ValueError(f"{name} is not JSON")


def create_app(db_url: str | None = None, workers: int = 2, resume: bool = True,
               hint_spec: str | None = None, pace: float = DEFAULT_PACE) -> FastAPI:
    """The web table's app on the store at ``db_url`` (an SQLAlchemy URL; default: an
    SQLite file in the user's data directory). ``resume`` lets the computer players of
    unfinished tables go on at start-up. ``hint_spec``: the hint agent (default: the
    game's, see :func:`regalia.agents.default_hint_spec`). ``pace``: the default seconds
    between consecutive computer moves at a table where a person sits (0: no pause)."""
    store = Store(db_url or default_db_url())
    hub = Hub()
    tables = Tables(store, hub.notify, workers=workers, hint_spec=hint_spec, pace=pace)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        hub.loop = asyncio.get_running_loop()
        if resume:
            await asyncio.get_running_loop().run_in_executor(None, tables.resume_all)
        yield
        tables.close()

    app = FastAPI(title="regalia web table", docs_url="/api/docs", redoc_url=None,
                  lifespan=lifespan)
    app.state.tables = tables
    app.state.hub = hub

    @app.exception_handler(WebError)
    async def _web_error(_request: Request, exc: WebError) -> JSONResponse:
        return JSONResponse({"detail": exc.message}, status_code=exc.status)

    async def body(request: Request) -> dict[str, Any]:
        raw = await request.body()
        if len(raw) > MAX_BODY:
            raise WebError(413, f"request body over {MAX_BODY} bytes")
        try:
            data = json.loads(raw or b"null", parse_constant=_no_constant)
        except ValueError:
            raise WebError(400, "the request body is not JSON") from None
        if not isinstance(data, dict):
            raise WebError(400, "the request body must be a JSON object")
        return data

    def token_of(request: Request) -> str | None:
        return request.headers.get("x-seat-token") or request.query_params.get("token")

    @app.get("/api/games")
    def api_games() -> list[dict[str, Any]]:
        return games_catalogue()

    @app.get("/api/tables")
    def api_tables() -> list[dict[str, Any]]:
        return tables.listing()

    @app.post("/api/tables", status_code=201)
    async def api_create(request: Request) -> dict[str, Any]:
        d = await body(request)
        tid, seats = await asyncio.get_running_loop().run_in_executor(
            None, lambda: tables.create(d.get("game"), d.get("players"), d.get("variants"),
                                        d.get("seats"), d.get("hints", False),
                                        d.get("pace"), d.get("params")))
        return {"table": tid, "seats": seats,
                "links": seat_links(str(request.base_url), tid, seats)}

    def json_response(text: str) -> Response:
        """A view already encoded (:meth:`Tables.view_json`), sent as it is."""
        return Response(text, media_type="application/json")

    @app.get("/api/tables/{table_id}")
    def api_view(table_id: str, request: Request) -> Response:
        t = tables.get(table_id)
        return json_response(tables.view_json(t, tables.seat_of(t, token_of(request))))

    @app.post("/api/tables/{table_id}/actions")
    async def api_act(table_id: str, request: Request) -> Response:
        d = await body(request)
        token = token_of(request)

        def run() -> str:
            t = tables.act(table_id, token, d.get("action"), d.get("notation"), d.get("ply"))
            return tables.view_json(t, tables.seat_of(t, token))
        return json_response(await asyncio.get_running_loop().run_in_executor(None, run))

    @app.post("/api/tables/{table_id}/undo")
    async def api_undo(table_id: str, request: Request) -> dict[str, Any]:
        token = token_of(request)

        def run() -> dict[str, Any]:
            t = tables.undo(table_id, token)
            return tables.view(t, tables.seat_of(t, token))
        return await asyncio.get_running_loop().run_in_executor(None, run)

    @app.post("/api/tables/{table_id}/hint")
    async def api_hint(table_id: str, request: Request) -> dict[str, Any]:
        token = token_of(request)
        return await asyncio.get_running_loop().run_in_executor(
            None, lambda: tables.hint(table_id, token))

    @app.get("/api/tables/{table_id}/replay/{ply}")
    def api_replay(table_id: str, ply: str, request: Request) -> dict[str, Any]:
        if not ply.isdigit() or len(ply) > 6:
            raise WebError(422, "ply must be a whole number")
        t = tables.get(table_id)
        return tables.replay_view(t, int(ply), tables.seat_of(t, token_of(request)))

    @app.get("/api/tables/{table_id}/record")
    def api_record(table_id: str, request: Request) -> Response:
        t = tables.get(table_id)
        text = tables.record(t, tables.seat_of(t, token_of(request)))
        return Response(text, media_type="application/json", headers={
            "content-disposition": f'attachment; filename="regalia-{table_id}.json"'})

    @app.post("/api/tables/{table_id}/click")
    async def api_click(table_id: str, request: Request) -> dict[str, Any]:
        d = await body(request)
        t = tables.get(table_id)
        seat = tables.seat_of(t, token_of(request))
        if seat is None:
            raise WebError(401, "clicking needs the seat's token (the private link)")
        # the drawing reads the clicks (and re-draws the board) off the event loop
        return await asyncio.get_running_loop().run_in_executor(
            None, lambda: tables.click(t, seat, d.get("clicks")))

    @app.websocket("/api/tables/{table_id}/ws")
    async def api_ws(websocket: WebSocket, table_id: str) -> None:
        loop = hub.loop = asyncio.get_running_loop()
        try:
            # loading a table replays its game: off the event loop, as every view is
            t = await loop.run_in_executor(None, tables.get, table_id)
            seat = tables.seat_of(t, websocket.query_params.get("token"))
        except WebError as exc:
            # accepted, then closed with the reason: a page reads the code (4403: a bad
            # token, 4404: no such table) and stops reconnecting; a refused handshake
            # would reach it only as an anonymous failure
            await websocket.accept()
            await websocket.close(code=4000 + exc.status, reason=exc.message)
            return
        await websocket.accept()
        q: asyncio.Queue[None] = asyncio.Queue()
        hub.queues.setdefault(table_id, set()).add(q)
        receiver: asyncio.Future[str] | None = None

        async def view() -> str:
            # drawn in a worker thread: a view takes milliseconds of CPU (a 4-player
            # Cascadito view about 5 ms), during which the event loop must go on serving
            # the other connections
            return await loop.run_in_executor(None, tables.view_json, t, seat)

        try:
            await websocket.send_text(await view())
            receiver = asyncio.ensure_future(websocket.receive_text())
            while True:
                getter = asyncio.ensure_future(q.get())
                done, _ = await asyncio.wait({getter, receiver},
                                             return_when=asyncio.FIRST_COMPLETED)
                if receiver in done:
                    getter.cancel()
                    receiver.result()  # raises WebSocketDisconnect when the client left
                    receiver = asyncio.ensure_future(websocket.receive_text())
                    continue
                await websocket.send_text(await view())
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            hub.queues.get(table_id, set()).discard(q)
            if receiver is not None and not receiver.done():
                receiver.cancel()
            elif receiver is not None and not receiver.cancelled():
                receiver.exception()   # retrieved: the client left

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/")
    def index() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/table/{table_id}")
    def table_page(table_id: str) -> FileResponse:
        return FileResponse(STATIC / "table.html")

    return app
