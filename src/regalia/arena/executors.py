"""Where the games of a tournament run: in this process, in a process pool, or on Ray.

An executor maps a picklable, module-level function over a list of items and yields the
results *as they finish* (in any order); callers that need an order sort the results (the
tournament sorts its games by index). Every game depends only on its own task (game,
agents, seed), so the same tasks give the same results whichever executor ran them.

- ``serial``: one game after another in this process (``workers=1``); no start-up cost,
  and the easiest to debug.
- ``process``: a :class:`concurrent.futures.ProcessPoolExecutor` with ``workers``
  processes (default: every core, ``os.cpu_count()``). Workers are started with the
  ``forkserver`` method where the platform has it (else ``spawn``), never by forking a
  process that may be running threads (a progress bar's, for one).
- ``ray``: tasks on a Ray cluster (``address``), or on a local Ray instance started for
  the run with ``workers`` CPUs. Ray is an optional extra, imported only here and only when
  asked for: ``pip install 'regalia[ray]'``. On a cluster, every node needs regalia
  installed (the tasks import it).
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from abc import ABC, abstractmethod
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, Callable, Iterator, Sequence, TypeVar

from regalia.core.errors import ParameterError, RegaliaError
from regalia.core.i18n import _, ngettext

T = TypeVar("T")
R = TypeVar("R")

BACKENDS = ("process", "ray", "serial")
RAY_HINT = "pip install 'regalia[ray]'"  # i18n: no (a command)


class BackendUnavailable(RegaliaError):
    """An executor backend whose optional dependency is not installed (or cannot start)."""


def default_workers() -> int:
    """Every core of this machine (``os.cpu_count()``, 1 when unknown)."""
    return os.cpu_count() or 1


def _check_workers(workers: int | None) -> int:
    if workers is None:
        return default_workers()
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ParameterError(_("workers must be a whole number >= 1, got {workers!r}").format(workers=workers))
    return workers


class Executor(ABC):
    """Runs ``fn(item)`` for every item, yielding results as they finish.

    Attributes:
        name: the backend name (``serial``, ``process``, ``ray``).
        workers: how many games may run at once.
    """

    name = "executor"
    workers = 1

    @abstractmethod
    def map_unordered(self, fn: Callable[[T], R], items: Sequence[T]) -> Iterator[R]:
        """``fn(item)`` for each item, in order of completion. An exception raised by ``fn``
        is raised here (after the remaining work is cancelled)."""

    def describe(self) -> str:
        """E.g. ``"process (8 workers)"``."""
        return ngettext("{name} ({n} worker)", "{name} ({n} workers)", self.workers).format(
            name=self.name, n=self.workers)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.describe()}>"


class SerialExecutor(Executor):
    """One item after another in this process."""

    name = "serial"
    workers = 1

    def map_unordered(self, fn: Callable[[T], R], items: Sequence[T]) -> Iterator[R]:
        for item in items:
            yield fn(item)


def _ignore_sigint() -> None:
    """Worker initialiser: Ctrl-C is the parent's to handle (it stops the workers)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _mp_context() -> Any:
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")


class ProcessExecutor(Executor):
    """A process pool of ``workers`` processes (default: every core).

    At most ``2 * workers`` items are in flight at a time, so a long run does not queue
    every task up front and an interruption (Ctrl-C) stops quickly.
    """

    name = "process"

    def __init__(self, workers: int | None = None):
        self.workers = _check_workers(workers)

    def map_unordered(self, fn: Callable[[T], R], items: Sequence[T]) -> Iterator[R]:
        if not items:
            return
        pool = ProcessPoolExecutor(max_workers=min(self.workers, len(items)),
                                   mp_context=_mp_context(), initializer=_ignore_sigint)
        pending: set[Future[R]] = set()
        todo = iter(items)
        clean = False
        try:
            for item in todo:
                pending.add(pool.submit(fn, item))
                if len(pending) >= 2 * self.workers:
                    break
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for _finished in done:
                    for item in todo:  # top up: one new item per finished one
                        pending.add(pool.submit(fn, item))
                        break
                for fut in done:
                    yield fut.result()
            clean = True
        finally:
            if clean:
                pool.shutdown(wait=True)
            else:
                # interrupted, or a game failed: stop now rather than finish running games
                processes = list((getattr(pool, "_processes", None) or {}).values())
                pool.shutdown(wait=False, cancel_futures=True)
                for proc in processes:
                    proc.terminate()


def import_ray() -> Any:
    """The ``ray`` module, or :class:`BackendUnavailable` saying how to install it."""
    try:
        import ray  # noqa: PLC0415  (optional extra, imported lazily)
    except ImportError as exc:
        raise BackendUnavailable(_("the ray backend needs Ray, which is not installed "
                                   "({exc}); install the extra with: {ray_hint}").format(exc=exc, ray_hint=RAY_HINT)) from None
    return ray


class RayExecutor(Executor):
    """Tasks on Ray, one CPU each.

    Args:
        address: a cluster to join (``"auto"``, ``"ray://host:10001"``, ``"host:6379"``);
            ``None`` starts a local Ray instance for the run, with ``workers`` CPUs, and
            shuts it down afterwards. If Ray is already initialised in this process (by
            the caller), that instance is used as it is and left running.
        workers: the CPUs of the local instance (default: every core), or, on a cluster,
            at most this many games at once (default: all the cluster's CPUs).

    Raises:
        BackendUnavailable: Ray is not installed.
    """

    name = "ray"

    def __init__(self, address: str | None = None, workers: int | None = None):
        self.ray = import_ray()
        self.address = address
        self._limit = None if workers is None else _check_workers(workers)
        self.workers = self._limit or (default_workers() if address is None else 0)

    def describe(self) -> str:
        where = (_("cluster {address}").format(address=self.address) if self.address
                 else _("local instance"))
        if self.workers:
            return ngettext("ray, {where} ({n} worker)", "ray, {where} ({n} workers)",
                            self.workers).format(where=where, n=self.workers)
        return _("ray, {where} (all its CPUs)").format(where=where)

    def _init(self) -> bool:
        ray = self.ray
        if ray.is_initialized():
            return False
        kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False,
                                  "logging_level": "warning"}
        if self.address is None:
            kwargs["num_cpus"] = self.workers
        else:
            kwargs["address"] = self.address
        try:
            ray.init(**kwargs)
        except Exception as exc:  # noqa: BLE001  (Ray raises many kinds; report them all)
            where = f"at {self.address}" if self.address else "locally"
            raise BackendUnavailable(_("cannot start or join Ray {where}: {exc}").format(where=where, exc=exc)) from None
        return True

    def map_unordered(self, fn: Callable[[T], R], items: Sequence[T]) -> Iterator[R]:
        if not items:
            return
        ray = self.ray
        started = self._init()
        try:
            if not self.workers:
                self.workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
            # a local instance has exactly `workers` CPUs, so Ray itself caps the running
            # tasks and a few queued ones keep it busy; on a cluster, `workers` (if given)
            # is the cap
            inflight = (self._limit if self.address is not None and self._limit
                        else 2 * self.workers)
            remote = ray.remote(num_cpus=1, max_retries=0)(fn)
            todo = iter(items)
            pending = [remote.remote(item) for _, item in zip(range(inflight), todo)]
            while pending:
                done, pending = ray.wait(pending, num_returns=1)
                for item in todo:
                    pending.append(remote.remote(item))
                    break
                for ref in done:
                    yield self._get(ref)
        finally:
            if started:
                ray.shutdown()

    def _get(self, ref: Any) -> Any:
        ray = self.ray
        try:
            return ray.get(ref)
        except ray.exceptions.RayTaskError as exc:
            cause = getattr(exc, "cause", None)
            if isinstance(cause, Exception):
                raise cause from None
            raise


def make_executor(backend: str = "process", workers: int | None = None,
                  address: str | None = None) -> Executor:
    """The executor for a backend name.

    Args:
        backend: ``process`` (default), ``serial`` or ``ray``; ``process`` with
            ``workers=1`` is ``serial``.
        workers: parallel games (default: every core); ignored by ``serial``.
        address: the Ray cluster to join (``ray`` only).

    Raises:
        ParameterError: an unknown backend, ``workers < 1``, or an address without ray.
        BackendUnavailable: ``ray`` when Ray is not installed.
    """
    name = str(backend).strip().lower()
    if name not in BACKENDS:
        raise ParameterError(_("unknown backend {backend!r}; backends: {backends}").format(backend=backend, backends=', '.join(BACKENDS)))
    if workers is not None:
        _check_workers(workers)
    if address is not None and name != "ray":
        raise ParameterError(_("an address is for the ray backend (got backend {name!r})").format(name=name))
    if name == "ray":
        return RayExecutor(address=address, workers=workers)
    if name == "serial" or workers == 1:
        return SerialExecutor()
    return ProcessExecutor(workers)


__all__ = ["Executor", "SerialExecutor", "ProcessExecutor", "RayExecutor", "make_executor",
           "BackendUnavailable", "BACKENDS", "default_workers", "import_ray", "RAY_HINT"]
