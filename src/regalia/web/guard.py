"""What every request passes before it reaches a table: the body's size and form.

A body is a JSON object of at most ``Settings.max_body`` bytes; ``NaN`` and ``Infinity``
(which Python's reader takes) are refused as not JSON.
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import Request

from .errors import WebError


def _no_constant(name: str) -> None:
    """Refuse ``NaN`` and ``Infinity`` in a request body (not JSON, though Python reads
    them)."""
    raise ValueError(f"{name} is not JSON")


async def json_body(request: Request, max_body: int) -> dict[str, Any]:
    """The request's body as a JSON object.

    Raises:
        WebError: 413 over ``max_body`` bytes; 400 not JSON, or not an object.
    """
    raw = await request.body()
    if len(raw) > max_body:
        raise WebError(413, f"request body over {max_body} bytes")
    try:
        data = json.loads(raw or b"null", parse_constant=_no_constant)
    except ValueError:
        raise WebError(400, "the request body is not JSON") from None
    if not isinstance(data, dict):
        raise WebError(400, "the request body must be a JSON object")
    return data


def token_of(request: Request) -> str | None:
    """The seat token of a request: the ``X-Seat-Token`` header or the ``token`` query
    parameter (None: a spectator)."""
    return request.headers.get("x-seat-token") or request.query_params.get("token")
