"""Running the web table's app under uvicorn, tuned for many tables (``regalia serve``).

uvicorn picks httptools and uvloop when they are installed (the ``web`` extra installs
them). Views go out over WebSockets with permessage-deflate, which shrinks a Kingdomino
view (about 40 kB of JSON, mostly SVG) about nine times; uvicorn compresses at zlib's
default level 6, which cost a quarter of the server's CPU under load
(``benchmarks/bench_web.py --profile``). :class:`FastDeflateProtocol` compresses at level 1
instead: about three times less CPU for views about 15% larger (4.5 kB instead of 3.8 kB).

An idle HTTP connection is kept open :data:`KEEP_ALIVE_SECONDS` (uvicorn's default is 5 s).
A page posts a click or a move every few seconds, as long as its person thinks: with 5 s,
its connection was closed between most moves, and a request sent on a connection at the
very moment the server closed it was lost (the client reads a reset, httpx's
``ReadError``: two of them in a 200-table run of ``benchmarks/bench_web.py``, reproduced
by reusing connections after 5 s +- 10 ms of idleness, 4 in 400). Browsers resend such a
request; with 75 s the race is left to connections idle that long.
"""

from __future__ import annotations

from typing import Any

#: zlib level of WebSocket compression (1: fastest; 6: uvicorn's default)
WS_COMPRESSION_LEVEL = 1
#: seconds an idle HTTP connection stays open (uvicorn's default: 5; nginx's: 75)
KEEP_ALIVE_SECONDS = 75


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


def run(app: Any, host: str, port: int) -> None:
    """Serve ``app`` on ``host:port`` until interrupted (uvicorn, warnings only)."""
    import uvicorn

    protocol = _protocol()
    uvicorn.run(app, host=host, port=port, log_level="warning",
                timeout_keep_alive=KEEP_ALIVE_SECONDS,
                **({"ws": protocol} if protocol is not None else {}))
