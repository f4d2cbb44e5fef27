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

The garbage collector. At 200 tables a full collection of the server's objects took
100 to 270 ms, every few seconds, with every request waiting: most of the p95 move
latency. :func:`settle_gc` freezes what the server holds once started (modules, the
games' components and catalogues: never garbage, now never scanned) and lets full
collections wait for :data:`GC_FULL_AFTER` younger ones instead of 10; at 200 tables the
p95 went from 58 to 79 ms to 19 to 31 ms (``benchmarks/bench_web.py``, docs/web.md
"Load").

Several processes (``regalia serve --workers N``, :func:`run_processes`): uvicorn's
supervisor binds the port, starts N server processes that accept on it (the kernel shares
the connections out), and starts a process again if it dies. Each builds its app with
:func:`worker_app` from the settings the supervisor hands on in :data:`CONFIG_ENV`; they
share the PostgreSQL store, and with it the tables (docs/deploy.md).
"""

from __future__ import annotations

import asyncio
import gc
import json
import os
from dataclasses import asdict
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory

from .settings import Settings

#: zlib level of WebSocket compression (1: fastest; 6: uvicorn's default)
WS_COMPRESSION_LEVEL = 1
#: seconds an idle HTTP connection stays open (uvicorn's default: 5; nginx's: 75)
KEEP_ALIVE_SECONDS = Settings.keep_alive
#: full (oldest-generation) collections wait for this many younger ones (Python: 10)
GC_FULL_AFTER = 40
#: the environment variable holding the store's URL and the settings of the server
#: processes of ``--workers N`` (JSON, set by :func:`run_processes`)
CONFIG_ENV = "REGALIA_SERVE_CONFIG"


class HeaderTimeout(HttpToolsProtocol):
    """uvicorn's httptools protocol closing a connection whose request headers are not
    complete :attr:`header_timeout` seconds after the connection opened or the request
    began (set from ``Settings.header_timeout`` before serving)."""

    header_timeout: float = Settings.header_timeout
    _header_timer: asyncio.TimerHandle | None = None

    def _arm(self) -> None:
        if self._header_timer is None:
            self._header_timer = self.loop.call_later(self.header_timeout, self._too_slow)

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


class FastDeflateProtocol(WebSocketsSansIOProtocol):
    """uvicorn's sans-I/O WebSocket protocol, its deflate factory set to
    :data:`WS_COMPRESSION_LEVEL` before any handshake reads it."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for factory in getattr(self.conn, "available_extensions", None) or ():
            if isinstance(factory, ServerPerMessageDeflateFactory):
                factory.compress_settings = {**(factory.compress_settings or {}),
                                             "level": WS_COMPRESSION_LEVEL}


def _options(settings: Settings, proxy: str | None) -> dict[str, Any]:
    """uvicorn's options for ``settings`` (one process or several)."""
    HeaderTimeout.header_timeout = settings.header_timeout
    return {"log_level": "warning", "timeout_keep_alive": int(settings.keep_alive),
            "limit_concurrency": settings.max_connections,
            "ws_max_size": settings.max_ws_message,
            "proxy_headers": proxy is not None, "forwarded_allow_ips": proxy,
            "ws": FastDeflateProtocol, "http": HeaderTimeout}


def settle_gc() -> None:
    """Before serving: collect once, move every object alive to the collector's permanent
    generation (:func:`gc.freeze`: still freed when unreferenced, never scanned again)
    and make full collections rarer (:data:`GC_FULL_AFTER`). For the server process only
    (it changes the process's collector), not for an app made in tests."""
    gc.collect()
    gc.freeze()
    young, middle, _full = gc.get_threshold()
    gc.set_threshold(young, middle, GC_FULL_AFTER)


def run(app: Any, host: str, port: int, settings: Settings | None = None,
        proxy: str | None = None) -> None:
    """Serve ``app`` on ``host:port`` until interrupted (uvicorn, warnings only), with the
    connection limits of ``settings``. ``proxy``: the address(es) of a reverse proxy whose
    ``X-Forwarded-For`` names the client (comma-separated; None: trust none)."""
    import uvicorn

    settle_gc()
    uvicorn.run(app, host=host, port=port, **_options(settings or Settings(), proxy))


def config_json(db: str, settings: Settings) -> str:
    """What a server process of :func:`run_processes` needs: the store's URL and the
    settings, as JSON."""
    return json.dumps({"db": db, "settings": asdict(settings)})


def settings_of(config: str) -> tuple[str, Settings]:
    """The store's URL and the settings from :func:`config_json`'s text."""
    given = json.loads(config)
    values = dict(given["settings"])
    values["allowed_origins"] = tuple(values["allowed_origins"])
    return given["db"], Settings(**values)


def worker_app() -> Any:
    """The app of one server process of ``--workers N`` (uvicorn's factory, run in each
    process), from :data:`CONFIG_ENV`.

    Raises:
        KeyError: the variable is not set (not started by :func:`run_processes`).
    """
    from .app import create_app

    db, settings = settings_of(os.environ[CONFIG_ENV])
    HeaderTimeout.header_timeout = settings.header_timeout
    app = create_app(db, settings)
    settle_gc()
    return app


def run_processes(db: str, host: str, port: int, workers: int,
                  settings: Settings | None = None, proxy: str | None = None) -> None:
    """Serve the tables of the store at ``db`` (PostgreSQL: the processes share it) from
    ``workers`` processes on ``host:port`` until interrupted; a process that dies is
    started again by uvicorn's supervisor."""
    import uvicorn

    settings = settings or Settings()
    os.environ[CONFIG_ENV] = config_json(db, settings)
    uvicorn.run(f"{__name__}:worker_app", factory=True, workers=workers, host=host,
                port=port, **_options(settings, proxy))
