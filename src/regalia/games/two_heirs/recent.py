"""What the Two Heirs drawing and story compute again and again, kept for the most recent
keys (issue 23): a position's click paths on every click of a move in progress, the
running score on every seat's board, the log folded for every seat's story one ply longer
each time. Shared by every table of the process; pure functions of their keys only."""

from __future__ import annotations

import threading
from typing import Callable, Generic, Hashable, TypeVar

V = TypeVar("V")


class Recent(Generic[V]):
    """Values by key, at most ``size`` of them (the oldest key is forgotten first).
    Thread-safe; a value may be computed twice by two threads at once (both equal)."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._values: dict[Hashable, V] = {}
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._values)

    def find(self, key: Hashable) -> V | None:
        """The value kept for ``key``, or None."""
        with self._lock:
            return self._values.get(key)

    def keep(self, key: Hashable, value: V) -> None:
        """Keep ``value`` for ``key`` (forgetting the oldest key when full)."""
        with self._lock:
            if key not in self._values and len(self._values) >= self._size:
                del self._values[next(iter(self._values))]
            self._values[key] = value

    def get(self, key: Hashable, compute: Callable[[], V]) -> V:
        """The value for ``key``, computed by ``compute()`` the first time (a value is
        never None)."""
        value = self.find(key)
        if value is None:
            value = compute()
            self.keep(key, value)
        return value
