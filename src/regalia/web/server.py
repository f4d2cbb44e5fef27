"""Running the web table's app under uvicorn, tuned for many tables (``regalia serve``).

uvicorn picks httptools and uvloop when they are installed (the ``web`` extra installs
them). Views go out over WebSockets with permessage-deflate, which shrinks a Kingdomino
view (about 40 kB of JSON, mostly SVG) about nine times; uvicorn compresses at zlib's
default level 6, which cost a quarter of the server's CPU under load
(``benchmarks/bench_web.py --profile``). :class:`FastDeflateProtocol` compresses at level 1
instead: about three times less CPU for views about 15% larger (4.5 kB instead of 3.8 kB).

Slow clients. uvicorn times out an idle kept-alive connection, but not a connection that
never finishes its request's headers: 500 such half-open connections were held for over
30 s (slowloris, issue 23). :class:`HeaderTimeout` closes a connection whose request
headers are not complete ``Settings.header_timeout`` seconds after it opened or after its
request began; a body that stalls is answered 408 by the guard (``body_timeout``);
``Settings.max_connections`` bounds the connections and requests held at once (uvicorn's
``limit_concurrency``: more are answered 503), and a WebSocket message over
``Settings.max_ws_message`` bytes closes the socket (1009). Behind a reverse proxy, let the
proxy bound connections per client too (docs/web.md, "Limits").

An idle HTTP connection is kept open ``Settings.keep_alive`` seconds (uvicorn's default is 5 s).
A page posts a click or a move every few seconds, as long as its person thinks: with 5 s,
its connection was closed between most moves, and a request sent on a connection at the
very moment the server closed it was lost (the client reads a reset, httpx's
``ReadError``: two of them in a 200-table run of ``benchmarks/bench_web.py``, reproduced
by reusing connections after 5 s +- 10 ms of idleness, 4 in 400). Browsers resend such a
request; with 75 s the race is left to connections idle that long.
"""

from __future__ import annotations

import asyncio
from typing import Any

from .settings import Settings

#: zlib level of WebSocket compression (1: fastest; 6: uvicorn's default)
WS_COMPRESSION_LEVEL = 1
#: seconds an idle HTTP connection stays open (uvicorn's default: 5; nginx's: 75)
KEEP_ALIVE_SECONDS = Settings.keep_alive


def _http_protocol(header_timeout: float) -> Any:
    """uvicorn's httptools protocol closing a connection whose request headers are not
    complete ``header_timeout`` seconds after the connection opened or the request began
    (None: httptools missing, uvicorn's h11 protocol is used with its defaults)."""
    try:
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
    except ImportError:  # pragma: no cover - httptools is in the web extra
        return None

    class HeaderTimeout(HttpToolsProtocol):
        """Closes a connection that is too slow to send a request's headers."""

        _header_timer: asyncio.TimerHandle | None = None

        def _arm(self) -> None:
            if self._header_timer is None:
                self._header_timer = self.loop.call_later(header_timeout, self._too_slow)

        def _disarm(self) -> None:
            if self._header_timer is not None:
                self._header_timer.cancel()
                self._header_timer = None

        def _too_slow(self) -> None:
            self._header_timer = None
            if not self.transport.is_closing():
                self.transport.close()

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self._arm()

        def on_message_begin(self) -> None:
            super().on_message_begin()
            self._arm()

        def on_headers_complete(self) -> None:
            self._disarm()
            super().on_headers_complete()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

    return HeaderTimeout


def _protocol() -> Any:
    """uvicorn's sans-I/O WebSocket protocol compressing at :data:`WS_COMPRESSION_LEVEL`,
    or None when this uvicorn has no such protocol (then uvicorn's default is used)."""
    try:
        from uvicorn.protocols.websockets.websockets_sansio_impl import (
            WebSocketsSansIOProtocol)
        from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory
    except ImportError:  # pragma: no cover - older uvicorn or websockets
        return None

    class FastDeflateProtocol(WebSocketsSansIOProtocol):
        """uvicorn's protocol, its deflate factory set to a faster level before any
        handshake reads it."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            for factory in getattr(self.conn, "available_extensions", None) or ():
                if isinstance(factory, ServerPerMessageDeflateFactory):
                    factory.compress_settings = {**(factory.compress_settings or {}),
                                                 "level": WS_COMPRESSION_LEVEL}

    return FastDeflateProtocol


def run(app: Any, host: str, port: int, settings: Settings | None = None,
        proxy: str | None = None) -> None:
    """Serve ``app`` on ``host:port`` until interrupted (uvicorn, warnings only), with the
    connection limits of ``settings``. ``proxy``: the address(es) of a reverse proxy whose
    ``X-Forwarded-For`` names the client (comma-separated; None: trust none)."""
    import uvicorn

    settings = settings or Settings()
    protocol = _protocol()
    http = _http_protocol(settings.header_timeout)
    uvicorn.run(app, host=host, port=port, log_level="warning",
                timeout_keep_alive=int(settings.keep_alive),
                limit_concurrency=settings.max_connections,
                ws_max_size=settings.max_ws_message,
                proxy_headers=proxy is not None, forwarded_allow_ips=proxy,
                ws=protocol if protocol is not None else "auto",
                http=http if http is not None else "auto")
