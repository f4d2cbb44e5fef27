"""Telling the pages of a table that it changed (:class:`Hub`): one process, in memory.

The bus carries only a table's id, never its state: each socket then builds its own
seat's view (:mod:`.socket`).
"""

from __future__ import annotations

import asyncio


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
