"""The game review of a finished table (``/api/tables/{id}/review``, issue 26): thin,
the rules of who sees what and how it runs are in :mod:`..reviewer`.

* ``POST /api/tables/{id}/review`` (``?seat=N``, 0-based; default: the token's seat):
  start the review of that seat unless it is stored or under way; answers its state
  (202 while it runs, 200 once stored). Rate limited per seat
  (``Settings.rate_limits["review"]``; a spectator: per address).
* ``GET /api/tables/{id}/review`` (``?seat=N``): its state, ``{seat, status, done,
  total, review, error}``; ``status`` ``none`` (never asked), ``running`` (``done`` of
  ``total`` decisions judged; ``review`` holds them), ``done`` or ``failed``.
* ``GET /api/tables/{id}/review/{index}`` (``?seat=N``): decision ``index``'s board,
  ``{index, svg}``, the played move ringed in orange and the better one in blue.

A game with hidden information: its seat's token only (a spectator or another seat: 403).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from ..guard import token_of
from ..reviewer import Reviewer
from ..table import Table
from . import client, limiter_of, off_loop, rooms_of

router = APIRouter(prefix="/api/tables/{table_id}/review")


def reviewer_of(request: Request) -> Reviewer:
    reviewer: Reviewer = request.app.state.reviewer
    return reviewer


async def _seat(table_id: str, request: Request) -> tuple[Table, int, int | None]:
    """The table, the reviewed seat and the viewer's seat (None: a spectator)."""
    t, viewer = await off_loop(rooms_of(request).seated, table_id, token_of(request))
    return t, Reviewer.seat_for(t, viewer, request.query_params.get("seat")), viewer


@router.post("")
async def api_review_start(table_id: str, request: Request) -> JSONResponse:
    t, seat, viewer = await _seat(table_id, request)
    who = f"{table_id}/{viewer}" if viewer is not None else f"{table_id}/{client(request)}"
    reviewer = reviewer_of(request)
    state = await off_loop(reviewer.read, t, seat)
    if state["status"] in ("none", "failed"):   # only a start counts against the limit
        limiter_of(request).hit("review", who)
        state = await off_loop(reviewer.start, t, seat)
    return JSONResponse(state, status_code=200 if state["status"] == "done" else 202)


@router.get("")
async def api_review(table_id: str, request: Request) -> dict[str, Any]:
    t, seat, _viewer = await _seat(table_id, request)
    return await off_loop(reviewer_of(request).read, t, seat)


@router.get("/{index}")
async def api_review_board(table_id: str, index: str, request: Request) -> dict[str, Any]:
    t, seat, _viewer = await _seat(table_id, request)
    return await off_loop(reviewer_of(request).board, t, seat, index)


__all__ = ["router"]
