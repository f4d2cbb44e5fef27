"""The web table's Prometheus metrics (:class:`Metrics`), served at ``GET /metrics``.

One registry per app (several apps may live in one process: tests), so nothing is global.

* ``regalia_move_seconds`` (histogram): a move request's time in the server, from its
  first byte to the view it answers with (the move checked, committed and drawn);
* ``regalia_tables_live`` (gauge): tables in memory; ``regalia_tables_unfinished``:
  unfinished tables in the store (read when scraped);
* ``regalia_compute_queued`` and ``regalia_compute_running`` (gauges): computer moves and
  hints waiting for a worker process, and being searched;
* ``regalia_compute_overruns_total`` (counter): searches killed past their budget;
* ``regalia_compute_jobs_total`` (counter, label ``kind``: ``move``, ``hint``): searches
  this process started (summed over the processes of a site: each computer move once);
* ``regalia_leases_held`` (gauge): tables whose computer players this process runs
  (:mod:`.store.leases`);
* ``regalia_store_conflicts_total`` (counter): changes the store refused because another
  writer (thread or process) changed the table first (answered 409, the table reloaded);
* ``regalia_catch_ups_total`` (counter): live tables brought up to the store after another
  process changed them (told by a notice, or found behind by a request);
* ``regalia_refused_total`` (counter, label ``limit``): requests refused by a limit
  (``request``, ``create``, ``socket``, ``hint``, ``open_tables``, ``origin``, ``host``,
  ``body``, ``json``, ``content_type``, ``timeout``);
* the process's own (prometheus-client's collectors): ``process_cpu_seconds_total``,
  ``process_resident_memory_bytes``, ... and the garbage collector's
  ``python_gc_collections_total`` by generation (a full collection, generation 2, stops
  every request while it runs: ``regalia.web.server.settle_gc``), with
  ``regalia_gc_frozen_objects``: the objects that collector no longer scans (0 in an app
  not started by ``regalia serve``).
"""

from __future__ import annotations

import gc
from typing import Callable

from prometheus_client import (CollectorRegistry, Counter, Gauge, GCCollector,
                               Histogram, ProcessCollector, generate_latest)
from prometheus_client import CONTENT_TYPE_LATEST

CONTENT_TYPE = CONTENT_TYPE_LATEST

#: bucket bounds of the move latency histogram (seconds)
MOVE_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)


class Metrics:
    """The app's metrics, on their own registry."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        ProcessCollector(registry=r)
        GCCollector(registry=r)
        frozen = Gauge("regalia_gc_frozen_objects",
                       "Objects the garbage collector no longer scans (frozen at start)",  # i18n: no (Prometheus help)
                       registry=r)
        frozen.set_function(lambda: float(gc.get_freeze_count()))
        self.move_seconds = Histogram("regalia_move_seconds",
                                      "Time the server took to answer a move request",  # i18n: no (Prometheus help)
                                      buckets=MOVE_BUCKETS, registry=r)
        self.tables_live = Gauge("regalia_tables_live", "Tables held in memory", registry=r)  # i18n: no (Prometheus help)
        self.tables_unfinished = Gauge("regalia_tables_unfinished",
                                       "Unfinished tables in the store", registry=r)  # i18n: no (Prometheus help)
        self.queued = Gauge("regalia_compute_queued",
                            "Computer moves and hints waiting for a worker", registry=r)  # i18n: no (Prometheus help)
        self.running = Gauge("regalia_compute_running",
                             "Computer moves and hints being searched", registry=r)  # i18n: no (Prometheus help)
        self.overruns = Counter("regalia_compute_overruns",
                                "Searches stopped past their budget (worker killed)",  # i18n: no (Prometheus help)
                                registry=r)
        self.jobs = Counter("regalia_compute_jobs", "Searches started by this process",  # i18n: no (Prometheus help)
                            ["kind"], registry=r)
        self.leases = Gauge("regalia_leases_held",
                            "Tables whose computer players this process runs", registry=r)  # i18n: no (Prometheus help)
        self.conflicts = Counter("regalia_store_conflicts",
                                 "Changes refused by the store: the table changed first",  # i18n: no (Prometheus help)
                                 registry=r)
        self.catch_ups = Counter("regalia_catch_ups",
                                 "Live tables brought up to the store after another "  # i18n: no (Prometheus help)
                                 "process changed them", registry=r)
        self.refused = Counter("regalia_refused", "Requests refused by a limit",  # i18n: no (Prometheus help)
                               ["limit"], registry=r)

    def watch(self, gauge: Gauge, read: Callable[[], float]) -> None:
        """Let ``gauge`` read its value from ``read()`` when scraped."""
        gauge.set_function(read)

    def text(self) -> bytes:
        """The metrics in Prometheus' text format."""
        return generate_latest(self.registry)
