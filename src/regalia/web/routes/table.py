"""One table's routes (``/api/tables/{id}/...``): its view, moves, undo, hints, clicks of a
move in progress, and, once the game is over, its replay and record."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from regalia.core.i18n import N_, _

from .. import views
from ..errors import WebError
from ..guard import json_body, token_of
from . import limiter_of, metrics_of, off_loop, rooms_of, settings_of

router = APIRouter(prefix="/api/tables/{table_id}")


def json_response(text: str) -> Response:
    """A view already encoded (:func:`~regalia.web.views.view_json`), sent as it is."""
    return Response(text, media_type="application/json")


@router.get("")
def api_view(table_id: str, request: Request) -> Response:
    t, seat = rooms_of(request).seated(table_id, token_of(request))
    return json_response(views.view_json(t, seat))


@router.post("/actions")
async def api_act(table_id: str, request: Request) -> Response:
    started = time.perf_counter()
    d = await json_body(request, settings_of(request))
    rooms, token = rooms_of(request), token_of(request)

    def run() -> str:
        t, seat = rooms.act(table_id, token, d.get("action"), d.get("notation"), d.get("ply"))
        return views.view_json(t, seat)
    answer = json_response(await off_loop(run))
    metrics_of(request).move_seconds.observe(time.perf_counter() - started)
    return answer


@router.post("/undo")
async def api_undo(table_id: str, request: Request) -> dict[str, Any]:
    rooms, token = rooms_of(request), token_of(request)

    def run() -> dict[str, Any]:
        t, seat = rooms.undo(table_id, token)
        return views.view(t, seat)
    return await off_loop(run)


@router.post("/hint")
async def api_hint(table_id: str, request: Request) -> dict[str, Any]:
    """The hint, searched in a worker process (the event loop waits for nothing); a seat
    may ask ``Settings.rate_limits["hint"]`` hints, one at a time."""
    rooms = rooms_of(request)
    t, seat = await off_loop(rooms.seated, table_id, token_of(request), N_("hints need the seat's token (the private link)"))
    assert seat is not None
    limiter_of(request).hit("hint", f"{table_id}/{seat}")
    answer: dict[str, Any] = await asyncio.wrap_future(rooms.hint(t, seat))
    return answer


@router.post("/click")
async def api_click(table_id: str, request: Request) -> dict[str, Any]:
    settings = settings_of(request)
    d = await json_body(request, settings)
    t, seat = rooms_of(request).seated(table_id, token_of(request), N_("clicking needs the seat's token (the private link)"))
    assert seat is not None
    # the drawing reads the clicks (and re-draws the board) off the event loop
    return await off_loop(views.click, t, seat, d.get("clicks"), settings.max_clicks)


@router.get("/replay/{ply}")
def api_replay(table_id: str, ply: str, request: Request) -> dict[str, Any]:
    if not ply.isdigit() or len(ply) > 6:
        raise WebError(422, _("ply must be a whole number"))
    t, seat = rooms_of(request).seated(table_id, token_of(request))
    return views.replay_view(t, int(ply), seat)


@router.get("/record")
def api_record(table_id: str, request: Request) -> Response:
    t, seat = rooms_of(request).seated(table_id, token_of(request))
    return Response(views.record(t, seat), media_type="application/json", headers={
        "content-disposition": f'attachment; filename="regalia-{table_id}.json"'})
