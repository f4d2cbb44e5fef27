"""Telling the pages of a table that it changed: in this process (:class:`Hub`) and between
the server processes that share a PostgreSQL store (:class:`Listener`).

The bus carries only a table's id (and, between processes, its version and ply), never its
state: each socket then builds its own seat's view (:mod:`.socket`), and each process
brings its own copy of the table up from the store (``Rooms.catch_up``).

Between processes: the store sends ``NOTIFY regalia_tables, '<table> <version> <ply>'`` in
the transaction that stores a move or an undo (:mod:`.store`), and
``'<table> chat <line id>'`` in the one that stores a chat line, so PostgreSQL delivers it
only once the change is committed, to every process that listens; a process sees its own
notices too and ignores those it is not behind on. A notice lost while a listener was
disconnected costs nothing: on (re)connecting the listener asks for every live table to be
checked against the store, and each request checks its table anyway.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from typing import Any, Callable

log = logging.getLogger("regalia.web")


class Hub:
    """WebSocket subscribers per table; :meth:`notify` may be called from any thread."""

    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self.queues: dict[str, set[asyncio.Queue[None]]] = {}

    def notify(self, table_id: str) -> None:
        loop = self.loop
        if loop is None or loop.is_closed():
            return
        try:
            loop.call_soon_threadsafe(self._fanout, table_id)
        except RuntimeError:  # the loop is closing
            pass

    def _fanout(self, table_id: str) -> None:
        for q in self.queues.get(table_id, ()):
            if q.empty():
                q.put_nowait(None)

    def subscribe(self, table_id: str) -> asyncio.Queue[None]:
        """A queue that gets an item when the table changes (one pending at most)."""
        q: asyncio.Queue[None] = asyncio.Queue()
        self.queues.setdefault(table_id, set()).add(q)
        return q

    def watched(self, table_id: str) -> bool:
        """True while some socket follows the table."""
        return bool(self.queues.get(table_id))

    def unsubscribe(self, table_id: str, q: asyncio.Queue[None]) -> None:
        subscribers = self.queues.get(table_id)
        if subscribers is not None:
            subscribers.discard(q)
            if not subscribers:
                del self.queues[table_id]


def parse_notice(payload: str) -> tuple[str, int, int] | None:
    """``"<table> <version> <ply>"`` as ``(table, version, ply)``; None for anything else
    (a notice of another program on the channel)."""
    parts = payload.split(" ")
    if len(parts) != 3 or not parts[1].isdigit() or not parts[2].isdigit():
        return None
    return parts[0], int(parts[1]), int(parts[2])


def parse_chat_notice(payload: str) -> tuple[str, int] | None:
    """``"<table> chat <line id>"`` as ``(table, line id)``; None for anything else."""
    parts = payload.split(" ")
    if len(parts) != 3 or parts[1] != "chat" or not parts[2].isdigit():
        return None
    return parts[0], int(parts[2])


class Listener:
    """``LISTEN`` on a PostgreSQL channel in a thread of its own, for as long as the
    process serves; reconnects with a growing pause (0.5 s to 10 s) when the connection
    drops.

    Args:
        conninfo: the database (a libpq URL: ``postgresql://user@host/db``).
        channel: the channel (:data:`regalia.web.store.CHANNEL`).
        on_notice: called as ``on_notice(table, version, ply)`` in the listener's thread
            for every notice (it should hand the work on, not do it).
        on_connect: called in the listener's thread each time it starts listening (the
            first time, and after a reconnection: changes made meanwhile were not heard).
        on_chat: called as ``on_chat(table, line id)`` for every chat line stored.
    """

    def __init__(self, conninfo: str, channel: str,
                 on_notice: Callable[[str, int, int], None],
                 on_connect: Callable[[], None],
                 on_chat: Callable[[str, int], None] | None = None):
        self.conninfo = conninfo
        self.channel = channel
        self.on_notice = on_notice
        self.on_connect = on_connect
        self.on_chat = on_chat
        #: set while the listener is connected and listening
        self.listening = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="regalia-listen", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop listening: an empty notice on the channel wakes the listener's wait at
        once (every listener ignores a notice it cannot parse); without it, or where the
        server cannot be reached, the wait ends within about a second."""
        self._stop.set()
        if self._thread is None:
            return
        if self.listening.is_set():
            import psycopg

            try:
                with psycopg.connect(self.conninfo, autocommit=True, connect_timeout=2) as conn:
                    conn.execute("SELECT pg_notify(%s, '')", (self.channel,))
            except psycopg.Error:
                pass   # the wait's own timeout ends it
        self._thread.join(timeout=5)

    def _run(self) -> None:
        import psycopg

        pause = 0.5
        while not self._stop.is_set():
            try:
                with psycopg.connect(self.conninfo, autocommit=True) as conn:
                    conn.execute(f'LISTEN "{self.channel}"')
                    self.listening.set()
                    pause = 0.5
                    self._call(self.on_connect)
                    while not self._stop.is_set():
                        for notice in conn.notifies(timeout=1.0):
                            if self._stop.is_set():
                                break
                            parsed = parse_notice(notice.payload)
                            if parsed is not None:
                                self._call(self.on_notice, *parsed)
                                continue
                            line = parse_chat_notice(notice.payload)
                            if line is not None and self.on_chat is not None:
                                self._call(self.on_chat, *line)
            except psycopg.Error as exc:
                self.listening.clear()
                if self._stop.is_set():
                    return
                log.warning("listening for other processes' moves failed (%s); again in "
                            "%.1f s", exc, pause)
                self._stop.wait(pause)
                pause = min(pause * 2, 10.0)
        self.listening.clear()

    @staticmethod
    def _call(fn: Callable[..., None], *args: Any) -> None:
        try:
            fn(*args)
        except Exception:  # a handler's failure must not stop the listening
            log.exception("handling a change notice failed")
