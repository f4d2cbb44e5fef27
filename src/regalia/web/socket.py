"""``WS /api/tables/{id}/ws?token=...``: the seat's view, pushed after every change.

A bad token or an unknown table is answered after the handshake, by closing the socket
with code 4403 or 4404 and the reason (a refused handshake reaches a page as a bare
failure, which it would retry for ever). Views are drawn in a worker thread: a view takes
milliseconds of CPU, during which the event loop must go on serving other connections.

Before the handshake the guard (:mod:`.guard`) checks the Host, the client's ``socket``
rate and the page's ``Origin`` (a page of another site is refused: it could read the
spectators' view). The socket holds no table: each push asks the rooms for the live table,
so a table let go while idle comes back from the store.
"""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from starlette.concurrency import run_in_threadpool

from . import views
from .bus import Hub
from .errors import WebError
from .rooms import Rooms

router = APIRouter()


@router.websocket("/api/tables/{table_id}/ws")
async def api_ws(websocket: WebSocket, table_id: str) -> None:
    rooms: Rooms = websocket.app.state.rooms
    hub: Hub = websocket.app.state.hub
    hub.loop = asyncio.get_running_loop()
    await websocket.accept()
    try:
        # loading a table replays its game: off the event loop, as every view is
        t, seat = await run_in_threadpool(rooms.seated, table_id,
                                          websocket.query_params.get("token"))
    except WebError as exc:
        await websocket.close(code=4000 + exc.status, reason=exc.message.encode()[:120].decode("utf-8", "ignore"))
        return
    q = hub.subscribe(table_id)
    receiver: asyncio.Future[str] | None = None

    def current() -> str:
        return views.view_json(rooms.get(table_id), seat)
    try:
        await websocket.send_text(await run_in_threadpool(views.view_json, t, seat))
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
            await websocket.send_text(await run_in_threadpool(current))
    except (WebSocketDisconnect, RuntimeError, WebError):
        pass
    finally:
        hub.unsubscribe(table_id, q)
        if receiver is not None and not receiver.done():
            receiver.cancel()
        elif receiver is not None and not receiver.cancelled():
            receiver.exception()   # retrieved: the client left
