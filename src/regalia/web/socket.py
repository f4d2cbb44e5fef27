"""``WS /api/tables/{id}/ws?token=...``: the seat's view, pushed after every change, and the
table's chat.

A bad token or an unknown table is answered after the handshake, by closing the socket
with code 4403 or 4404 and the reason (a refused handshake reaches a page as a bare
failure, which it would retry for ever). Views are drawn in a worker thread: a view takes
milliseconds of CPU, during which the event loop must go on serving other connections.

The credential is the ``token`` query parameter (a seat link), or a player key (issue 25)
offered as the subprotocol ``key.<KEY>`` beside ``regalia`` with the seat in the ``seat``
query parameter: a key then never travels in a URL a proxy would log; the server answers
with the subprotocol ``regalia``. Neither: a spectator.

Messages sent: the view (a JSON object with no ``type``), and ``{"type": "chat", "lines":
[...]}`` with the chat's lines (the last ones when the socket opens, then each new line;
:mod:`.chat`). A push is sent when the table's version moved; a chat line alone sends only
the line.

Before the handshake the guard (:mod:`.guard`) checks the Host, the client's ``socket``
rate and the page's ``Origin`` (a page of another site is refused: it could read the
spectators' view). The socket holds no table: each push asks the rooms for the live table,
so a table let go while idle comes back from the store.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from starlette.concurrency import run_in_threadpool

from regalia.core.i18n import _

from . import views
from .bus import Hub
from .errors import WebError
from .identity import PlayerSeat, parse_seat
from .rooms import Rooms

router = APIRouter()

#: the subprotocol the server answers a page offering a key with
SUBPROTOCOL = "regalia"


def ws_credential(websocket: WebSocket) -> tuple[Any, str | None]:
    """The socket's credential (a token, a :class:`~.identity.PlayerSeat` or None) and the
    subprotocol to accept with.

    Raises:
        WebError(422): a seat that is not a number."""
    token = websocket.query_params.get("token")
    offered = list(websocket.scope.get("subprotocols") or ())
    chosen = SUBPROTOCOL if SUBPROTOCOL in offered else None
    if token:
        return token, chosen
    for p in offered:
        if p.startswith("key."):
            return PlayerSeat(p[4:], parse_seat(websocket.query_params.get("seat"))), chosen
    return None, chosen


@router.websocket("/api/tables/{table_id}/ws")
async def api_ws(websocket: WebSocket, table_id: str) -> None:
    rooms: Rooms = websocket.app.state.rooms
    hub: Hub = websocket.app.state.hub
    hub.loop = asyncio.get_running_loop()
    try:
        cred, subprotocol = ws_credential(websocket)
    except WebError:
        cred, subprotocol = "", None   # refused below, after the handshake
    await websocket.accept(subprotocol=subprotocol)
    try:
        # loading a table replays its game: off the event loop, as every view is
        if cred == "":
            raise WebError(403, _("the seat must be a whole number 0 to 7"))
        t, seat = await run_in_threadpool(rooms.seated, table_id, cred)
    except WebError as exc:
        await websocket.close(code=4000 + exc.status, reason=exc.message.encode()[:120].decode("utf-8", "ignore"))
        return
    q = hub.subscribe(table_id)
    receiver: asyncio.Future[str] | None = None
    sent: tuple[int, int] | None = None   # the (version, ply) of the last view sent
    said = 0                              # the id of the last chat line sent

    def current() -> tuple[str | None, str | None]:
        """The view if it moved since the last one sent, and the new chat lines."""
        nonlocal sent, said
        # the change was caught up with before this socket was told: no store read
        live = rooms.get(table_id, check=False)
        now = (live.version, len(live.state.history()))
        text = views.view_json(live, seat) if now != sent else None
        sent = now
        lines = rooms.chat.since(live, said)
        if lines:
            said = lines[-1]["id"]
        chat = json.dumps({"type": "chat", "lines": lines}) if lines else None
        return text, chat
    try:
        first, chat = await run_in_threadpool(current)
        await websocket.send_text(first or views.view_json(t, seat))
        if chat:
            await websocket.send_text(chat)
        receiver = asyncio.ensure_future(websocket.receive_text())
        while True:
            getter = asyncio.ensure_future(q.get())
            done, _pending = await asyncio.wait({getter, receiver},
                                         return_when=asyncio.FIRST_COMPLETED)
            if receiver in done:
                getter.cancel()
                receiver.result()  # raises WebSocketDisconnect when the client left
                receiver = asyncio.ensure_future(websocket.receive_text())
                continue
            text, chat = await run_in_threadpool(current)
            if text is not None:
                await websocket.send_text(text)
            if chat is not None:
                await websocket.send_text(chat)
    except (WebSocketDisconnect, RuntimeError, WebError):
        pass
    finally:
        hub.unsubscribe(table_id, q)
        if receiver is not None and not receiver.done():
            receiver.cancel()
        elif receiver is not None and not receiver.cancelled():
            receiver.exception()   # retrieved: the client left
