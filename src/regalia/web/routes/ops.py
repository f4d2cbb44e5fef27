"""Operations: ``GET /healthz`` (the server answers and its store reads) and ``GET
/metrics`` (Prometheus' text format, :mod:`..metrics`)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from regalia.core.i18n import _

from ..metrics import CONTENT_TYPE, Metrics
from . import off_loop, rooms_of

router = APIRouter()


@router.get("/healthz")
async def healthz(request: Request) -> JSONResponse:
    rooms = rooms_of(request)
    try:
        unfinished = await off_loop(rooms.store.count_unfinished)
    except Exception as exc:  # the store cannot be read: not healthy
        return JSONResponse({"ok": False, "detail": _('the store cannot be read: {exc}').format(exc=exc)},
                            status_code=503)
    body: dict[str, Any] = {"ok": True, "tables_live": rooms.live(),
                            "tables_unfinished": unfinished,
                            "compute_queued": rooms.computer.queued(),
                            "compute_running": rooms.computer.running,
                            "leases_held": rooms.leases.count()}
    listener = request.app.state.listener
    if listener is not None:   # a store other processes may share: hearing them?
        body["listening"] = listener.listening.is_set()
    return JSONResponse(body)


@router.get("/metrics")
async def metrics(request: Request) -> Response:
    m: Metrics = request.app.state.metrics
    return Response(await off_loop(m.text), media_type=CONTENT_TYPE)
