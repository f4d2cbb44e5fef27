"""What every request passes before it reaches a table (:class:`Guard`, an ASGI layer around
the app), and the reading of a JSON body (:func:`json_body`).

In this order, each refusal answered at once with ``{"detail": message}`` and counted in
the ``regalia_refused_total`` metric under the limit's name:

1. **Host** (every request and WebSocket): an IP address, ``localhost``, or the host of an
   ``--allowed-origin``; any other name is refused with 403 (a page of another site whose
   name was pointed at this machine, DNS rebinding, cannot reach the tables).
2. **Rate** per client (its IP address): the ``request`` limit for HTTP (a request's cost
   by its kind, :data:`~regalia.web.settings.REQUEST_COSTS`), ``socket`` for WebSockets;
   429 with ``Retry-After`` (seconds).
3. **Origin** on every request that changes something (POST, PUT, PATCH, DELETE) and every
   WebSocket: a browser's ``Origin`` must be the server's own (``http(s)://`` + the
   request's Host) or an ``--allowed-origin``; ``Sec-Fetch-Site: cross-site`` or
   ``same-site`` is refused too. 403; a WebSocket is refused at the handshake (an HTTP 403).
   Clients that send no ``Origin`` (scripts, ``curl``) are not browsers carrying someone
   else's visit and pass.
4. **Body** of a changing request: a body must say ``Content-Type: application/json``
   (415: a form or a ``text/plain`` fetch, which browsers send across sites without
   asking, is never read); a ``Content-Length`` over ``Settings.max_body`` is refused
   before reading (413), and a body sent in chunks is counted as it arrives and refused at
   the first byte over (413: the server never holds more than ``max_body`` bytes of it);
   a body that stalls ``Settings.body_timeout`` seconds between two parts gets 408.

:func:`json_body` then reads the body as a JSON object, refusing ``NaN`` and a nesting
deeper than ``Settings.max_json_depth`` with 400 (a deep array gave a 500 RecursionError).
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import math
import time
from typing import Any, Awaitable, Callable, MutableMapping
from urllib.parse import urlsplit

from limits import parse_many
from limits.storage import storage_from_string
from limits.strategies import MovingWindowRateLimiter

from regalia.core.i18n import _

from .errors import WebError
from .identity import credential
from .metrics import Metrics
from .settings import RATE_LIMITS, REQUEST_COSTS, Settings

_orjson: Any
try:
    import orjson as _orjson
except ImportError:  # pragma: no cover - orjson is in the web extra
    _orjson = None

Scope = MutableMapping[str, Any]
Message = dict[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]

CHANGING = frozenset({"POST", "PUT", "PATCH", "DELETE"})


class Limiter:
    """The named rate limits of :data:`~regalia.web.settings.RATE_LIMITS` (the ``limits``
    library, moving windows), as ``Settings`` sets them.

    Raises (on construction):
        ValueError: a limit that is not ``off`` nor windows the library reads, or a name
            that is no limit.
    """

    def __init__(self, settings: Settings, metrics: Metrics):
        unknown = set(settings.rate_limits) - set(RATE_LIMITS)
        if unknown:
            raise ValueError(_('no rate limit {values}; limits: {values2}').format(values=', '.join(sorted(unknown)), values2=', '.join(RATE_LIMITS)))
        self.windows = {}
        for name in RATE_LIMITS:
            text = settings.limit(name)
            if text.strip().lower() != "off":
                try:
                    self.windows[name] = parse_many(text)
                except ValueError as exc:
                    raise ValueError(_("rate limit {name}={text!r}: {exc} (e.g. '30/second;600/minute', or 'off')").format(name=name, text=text, exc=exc)) from None
        self.limiter = MovingWindowRateLimiter(storage_from_string(settings.rate_storage))
        self.metrics = metrics

    def hit(self, name: str, key: str, cost: int = 1) -> None:
        """Count ``cost`` against limit ``name`` for ``key`` (a client or a seat).

        Raises:
            WebError(429): over one of its windows (``retry_after`` set: seconds until the
                window has room again); nothing is counted then.
        """
        for item in self.windows.get(name, ()):
            if not self.limiter.test(item, name, key, cost=cost):
                reset = self.limiter.get_window_stats(item, name, key).reset_time
                self.metrics.refused.labels(name).inc()
                raise WebError(429, _('too many requests ({name}: at most {item}); try again later').format(name=name, item=item),
                               retry_after=max(1, math.ceil(reset - time.time())))
        for item in self.windows.get(name, ()):
            self.limiter.hit(item, name, key, cost=cost)


def client_of(scope: Scope) -> str:
    """The client's key: its IP address (the proxy's, unless the server trusts its
    ``X-Forwarded-For``: ``regalia serve --proxy``)."""
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return bytes(value).decode("latin-1")
    return None


def _hostname(host: str) -> str:
    try:
        return (urlsplit("//" + host).hostname or "").lower()
    except ValueError:
        return ""


def host_allowed(host: str | None, settings: Settings) -> bool:
    """True for a Host header naming an IP address, ``localhost`` or an allowed origin's
    host."""
    name = _hostname(host or "")
    if not name:
        return False
    if name == "localhost" or name in {_hostname(urlsplit(o).netloc)
                                       for o in settings.allowed_origins}:
        return True
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def origin_allowed(origin: str, host: str | None, settings: Settings) -> bool:
    """True for an Origin that is the server's own (``http(s)://`` + Host) or allowed."""
    origin = origin.rstrip("/").lower()
    own = {f"http://{host}".lower(), f"https://{host}".lower()} if host else set()
    return origin in own or origin in {o.rstrip("/").lower() for o in settings.allowed_origins}


def kind_of(method: str, path: str) -> str:
    """The kind of a request, for its cost (:data:`~regalia.web.settings.REQUEST_COSTS`)."""
    if method != "POST":
        return "read"
    if path == "/api/tables":
        return "create"
    for end in ("/hint", "/click", "/review"):
        if path.endswith(end):
            return end[1:]
    return "move"


class Guard:
    """The ASGI layer of the checks in this module's docstring, around ``app``."""

    def __init__(self, app: Any, settings: Settings, limiter: Limiter, metrics: Metrics):
        self.app = app
        self.settings = settings
        self.limiter = limiter
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        try:
            receive = await self._check(scope, receive)
        except WebError as exc:
            if kind == "websocket":   # refused at the handshake: an HTTP 403 or 429
                await send({"type": "websocket.close", "code": 1008,
                            "reason": exc.message[:120]})
            else:
                await _refuse(send, exc)
            return
        await self.app(scope, receive, send)

    def _refused(self, limit: str, status: int, message: str) -> WebError:
        self.metrics.refused.labels(limit).inc()
        return WebError(status, message)

    async def _check(self, scope: Scope, receive: Receive) -> Receive:
        s = self.settings
        host = _header(scope, b"host")
        if not host_allowed(host, s):
            raise self._refused("host", 403, _('this server does not serve the host {value!r} (regalia serve --allowed-origin names the others)').format(value=(host or '')[:60]))
        client = client_of(scope)
        websocket = scope["type"] == "websocket"
        method = scope.get("method", "GET")
        if websocket:
            self.limiter.hit("socket", client)
        else:
            self.limiter.hit("request", client,
                             REQUEST_COSTS[kind_of(method, scope.get("path", ""))])
        if not websocket and method not in CHANGING:
            return receive
        origin = _header(scope, b"origin")
        site = (_header(scope, b"sec-fetch-site") or "").lower()
        if (origin is not None and not origin_allowed(origin, host, s)) or \
                site in ("cross-site", "same-site"):
            raise self._refused("origin", 403, _("requests from the origin {value!r} are refused (another site's page)").format(value=(origin or site)[:80]))
        if websocket:
            return receive
        return await self._body(scope, receive)

    async def _body(self, scope: Scope, receive: Receive) -> Receive:
        s = self.settings
        length = _header(scope, b"content-length")
        chunked = "chunked" in (_header(scope, b"transfer-encoding") or "").lower()
        if length is not None and (not length.strip().isdigit()
                                   or int(length) > s.max_body):
            raise self._refused("body", 413, _('request body over {max_body} bytes').format(max_body=s.max_body))
        if not chunked and (length is None or int(length) == 0):
            return receive   # no body
        media = (_header(scope, b"content-type") or "").split(";")[0].strip().lower()
        if media != "application/json":
            raise self._refused("content_type", 415, _("a request body must be JSON with "
                                                     "Content-Type: application/json"))
        body = bytearray()
        while True:
            try:
                message = await asyncio.wait_for(receive(), s.body_timeout)
            except asyncio.TimeoutError:
                raise self._refused("timeout", 408, _('the request body stalled over {body_timeout:g} s').format(body_timeout=s.body_timeout)) from None
            if message["type"] != "http.request":
                raise WebError(400, _("the client left before sending its body"))
            body += message.get("body", b"")
            if len(body) > s.max_body:
                raise self._refused("body", 413, _('request body over {max_body} bytes').format(max_body=s.max_body))
            if not message.get("more_body", False):
                break
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": bytes(body), "more_body": False}
            return await receive()
        return replay


async def _refuse(send: Send, exc: WebError) -> None:
    body = json.dumps({"detail": exc.message}).encode()
    headers = [(b"content-type", b"application/json"),
               (b"content-length", str(len(body)).encode())]
    if exc.retry_after is not None:
        headers.append((b"retry-after", str(exc.retry_after).encode()))
    if exc.status in (408, 413):   # the rest of the body is not read: close the connection
        headers.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": exc.status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def _depth(value: Any) -> int:
    """The nesting depth of arrays and objects in a decoded JSON value (iterative)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, (list, dict)):
            deepest = max(deepest, d)
            stack.extend((x, d + 1) for x in (v.values() if isinstance(v, dict) else v))
    return deepest


def _no_constant(name: str) -> None:
    """Refuse ``NaN`` and ``Infinity`` in a request body (not JSON, though Python reads
    them)."""
    raise ValueError(_('{name} is not JSON').format(name=name))


def parse_json(raw: bytes, max_body: int, max_depth: int) -> dict[str, Any]:
    """``raw`` as a JSON object.

    Raises:
        WebError: 413 over ``max_body`` bytes; 400 not JSON (``NaN`` included), nested
            deeper than ``max_depth``, or not an object.
    """
    if len(raw) > max_body:
        raise WebError(413, _('request body over {max_body} bytes').format(max_body=max_body))
    try:
        if _orjson is not None:   # strict JSON; nesting over 1024 is an error, not a crash
            data = _orjson.loads(raw or b"null")
        else:  # pragma: no cover
            data = json.loads(raw or b"null", parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise WebError(400, _("the request body is not JSON")) from None
    if _depth(data) > max_depth:
        raise WebError(400, _('the request body nests arrays and objects deeper than {max_depth}').format(max_depth=max_depth))
    if not isinstance(data, dict):
        raise WebError(400, _("the request body must be a JSON object"))
    return data


async def json_body(request: Any, settings: Settings) -> dict[str, Any]:
    """The request's body as a JSON object (:func:`parse_json` with the settings' caps)."""
    return parse_json(await request.body(), settings.max_body, settings.max_json_depth)


def token_of(request: Any) -> Any:
    """The credential of a request (:func:`~regalia.web.identity.credential`): the seat
    token of the ``X-Seat-Token`` header or the ``token`` query parameter, else the
    player key of ``X-Player-Key`` with the seat of ``X-Seat`` (issue 25), else None (a
    spectator)."""
    return credential(request.headers, request.query_params)
