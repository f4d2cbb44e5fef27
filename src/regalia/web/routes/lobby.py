"""The lobby's routes: ``GET /api/games``, ``GET /api/tables``, ``POST /api/tables`` (with
issue 25's options and the creator's ``X-Player-Key``: :mod:`..lobby`), and the two pages
(``/`` and ``/table/{id}``)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from ..catalogue import games_catalogue
from ..guard import json_body
from ..links import seat_links
from ..lobby import Lobby
from ..pages import page
from . import client, limiter_of, off_loop, rooms_of, settings_of

router = APIRouter()


@router.get("/api/games")
def api_games(request: Request) -> list[dict[str, Any]]:
    return games_catalogue(settings_of(request))


@router.get("/api/tables")
def api_tables(request: Request) -> list[dict[str, Any]]:
    return rooms_of(request).listing()


@router.post("/api/tables", status_code=201)
async def api_create(request: Request) -> dict[str, Any]:
    d = await json_body(request, settings_of(request))
    limiter_of(request).hit("create", client(request))
    lobby, key = Lobby(rooms_of(request)), request.headers.get("x-player-key")
    base = str(request.base_url)

    def create() -> dict[str, Any]:   # the creator's key holds its seats
        tid, seats = lobby.create(d, key)
        # the links' QR codes too: drawing one takes milliseconds the loop must not wait
        return {"table": tid, "seats": seats, "links": seat_links(base, tid, seats)}

    return await off_loop(create)


@router.get("/")
def index(request: Request) -> HTMLResponse:
    return page("index.html", request)


@router.get("/table/{table_id}")
def table_page(table_id: str, request: Request) -> HTMLResponse:
    return page("table.html", request)
