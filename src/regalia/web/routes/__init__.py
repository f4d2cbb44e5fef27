"""The HTTP routes of the web table, thin: parse and check the request (:mod:`..guard`),
call the rooms (:mod:`..rooms`) off the event loop where it costs CPU, answer.

* :mod:`.lobby`: the games, the tables, creating a table, the pages;
* :mod:`.table`: one table's view, moves, undo, hints, clicks, replay and record.
"""

from __future__ import annotations

from typing import Any, Callable, TypeVar

from fastapi import Request
from starlette.concurrency import run_in_threadpool

from ..guard import Limiter, client_of
from ..metrics import Metrics
from ..rooms import Rooms
from ..settings import Settings

T = TypeVar("T")


def rooms_of(request: Request) -> Rooms:
    rooms: Rooms = request.app.state.rooms
    return rooms


def settings_of(request: Request) -> Settings:
    settings: Settings = request.app.state.settings
    return settings


def limiter_of(request: Request) -> Limiter:
    limiter: Limiter = request.app.state.limiter
    return limiter


def metrics_of(request: Request) -> Metrics:
    metrics: Metrics = request.app.state.metrics
    return metrics


def client(request: Request) -> str:
    """The request's client key (:func:`~regalia.web.guard.client_of`)."""
    return client_of(request.scope)


async def off_loop(fn: Callable[..., T], *args: Any) -> T:
    """``fn(*args)`` in a worker thread: the event loop goes on serving other requests."""
    return await run_in_threadpool(fn, *args)
