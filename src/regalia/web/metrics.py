"""The web table's Prometheus metrics (:class:`Metrics`), served at ``GET /metrics``.

One registry per app (several apps may live in one process: tests), so nothing is global.

* ``regalia_move_seconds`` (histogram): a move request's time in the server, from its
  first byte to the view it answers with (the move checked, committed and drawn);
* ``regalia_tables_live`` (gauge): tables in memory; ``regalia_tables_unfinished``:
  unfinished tables in the store (read when scraped);
* ``regalia_compute_queued`` and ``regalia_compute_running`` (gauges): computer moves and
  hints waiting for a worker process, and being searched;
* ``regalia_compute_overruns_total`` (counter): searches killed past their budget;
* ``regalia_refused_total`` (counter, label ``limit``): requests refused by a limit
  (``request``, ``create``, ``socket``, ``hint``, ``open_tables``, ``origin``, ``host``,
  ``body``, ``json``, ``content_type``, ``timeout``).
"""

from __future__ import annotations

from typing import Callable

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client import CONTENT_TYPE_LATEST

CONTENT_TYPE = CONTENT_TYPE_LATEST

#: bucket bounds of the move latency histogram (seconds)
MOVE_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)


class Metrics:
    """The app's metrics, on their own registry."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        self.move_seconds = Histogram("regalia_move_seconds",
                                      "Time the server took to answer a move request",
                                      buckets=MOVE_BUCKETS, registry=r)
        self.tables_live = Gauge("regalia_tables_live", "Tables held in memory", registry=r)
        self.tables_unfinished = Gauge("regalia_tables_unfinished",
                                       "Unfinished tables in the store", registry=r)
        self.queued = Gauge("regalia_compute_queued",
                            "Computer moves and hints waiting for a worker", registry=r)
        self.running = Gauge("regalia_compute_running",
                             "Computer moves and hints being searched", registry=r)
        self.overruns = Counter("regalia_compute_overruns",
                                "Searches stopped past their budget (worker killed)",
                                registry=r)
        self.refused = Counter("regalia_refused", "Requests refused by a limit",
                               ["limit"], registry=r)

    def watch(self, gauge: Gauge, read: Callable[[], float]) -> None:
        """Let ``gauge`` read its value from ``read()`` when scraped."""
        gauge.set_function(read)

    def text(self) -> bytes:
        """The metrics in Prometheus' text format."""
        return generate_latest(self.registry)
