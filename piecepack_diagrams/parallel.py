"""Work split over processes, or over any :class:`concurrent.futures.Executor` (a Dask
cluster's ``Client.get_executor()`` among them), with the same results in the same order
whatever the number of workers.

Work is a picklable top-level function and a list of argument tuples (contiguous ranges of
seeds, records, fixtures). Results come back in the order of the arguments, so whatever
merges them sees the same sequence for one worker or many, and output is byte-identical.
With one job and no executor the work runs in this process, with no pool and nothing pickled.
"""

from __future__ import annotations

import os
import signal
import sys
from collections import deque
from contextlib import AbstractContextManager, contextmanager, nullcontext
from typing import TYPE_CHECKING, Any, Callable, Generator, Iterable, Iterator, TypeVar

from . import interrupts
from .errors import SetupError

if TYPE_CHECKING:
    from concurrent.futures import Executor, Future

R = TypeVar("R")
#: The most processes ``--jobs`` may start on this machine.
MAX_JOBS = 256
#: Chunks of seeds a worker gets (about): enough that a worker which finishes early takes
#: another, so the workers end together, and few enough that handing them out costs little.
CHUNKS_PER_WORKER = 4
#: The most seeds in one chunk: a long run is cut finer, so its progress shows and a lost
#: cluster worker costs little.
MAX_CHUNK = 5_000
#: Seconds a Dask scheduler has to answer.
CLUSTER_TIMEOUT = 5.0


def cpu_count() -> int:
    """The processors this process may run on (at least 1)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on every platform
        return max(1, os.cpu_count() or 1)


def check_jobs(jobs: int | None, *, name: str = "--jobs") -> int:
    """How many workers ``jobs`` asks for: ``None`` is every processor (:func:`cpu_count`).

    Raises :class:`TypeError` for a value that is not a whole number, :class:`SetupError`
    for one below 1 or above :data:`MAX_JOBS`."""
    if jobs is None:
        return cpu_count()
    if isinstance(jobs, bool) or not isinstance(jobs, int):
        raise TypeError(f"{name.lstrip('-')} must be a whole number (int) or None, not {type(jobs).__name__}")
    if not 1 <= jobs <= MAX_JOBS:
        raise SetupError(f"{name} {jobs} is out of range", token=str(jobs),
                         expected=f"1 (in this process) to {MAX_JOBS} processes")
    return jobs


def seed_chunks(first_seed: int, count: int, *, workers: int) -> list[tuple[int, int]]:
    """``count`` seeds from ``first_seed`` cut into contiguous ``(first, count)`` chunks, in
    order: :data:`CHUNKS_PER_WORKER` a worker (for one worker, one chunk), more when a chunk
    would pass :data:`MAX_CHUNK` seeds. Sizes differ by at most one."""
    if count <= 0:
        return []
    parts = 1 if workers <= 1 else workers * CHUNKS_PER_WORKER
    parts = min(count, max(parts, -(-count // MAX_CHUNK)))
    size, extra = divmod(count, parts)
    chunks, first = [], first_seed
    for k in range(parts):
        n = size + (k < extra)
        chunks.append((first, n))
        first += n
    return chunks


def _worker_start(parent: int) -> None:
    """In a worker of our own pool: Ctrl-C is the parent's to handle (it stops the workers),
    a terminate signal ends the worker at once (not through the CLI's clean-up handler
    inherited from the parent), and so does the end of the parent, however it ends (on
    Linux: a parent killed outright cannot stop its workers, which would wait for work for
    ever)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)
        except (OSError, AttributeError):  # no C library to ask: the parent's clean-up must do
            pass
    if os.getppid() != parent:  # the parent ended before the line above
        os._exit(1)


#: Linux's prctl option: the signal a process gets when its parent ends.
_PR_SET_PDEATHSIG = 1


class Workers:
    """Where work runs: in this process (one job, no executor), in a pool of ``jobs``
    processes made on entering and shut down on leaving, or on ``executor`` (whose workers
    ``jobs`` then counts, for cutting work into chunks; ``None``: this machine's processors).

    Use as a context manager; leaving it by an exception (Ctrl-C among them) stops the pool's
    processes at once, so none is left behind. Raises as :func:`check_jobs` does."""

    def __init__(self, *, executor: Executor | None = None, jobs: int | None = 1) -> None:
        self.count = check_jobs(jobs)
        self.executor: Executor | None = executor
        self._own = False
        self._abandoned = False  # calls left running when a map was closed early

    @property
    def in_process(self) -> bool:
        """True when the work runs in this process."""
        return self.executor is None

    def __enter__(self) -> Workers:
        if self.executor is None and self.count > 1:
            from concurrent.futures import ProcessPoolExecutor

            self.executor = ProcessPoolExecutor(max_workers=self.count, initializer=_worker_start,
                                                initargs=(os.getpid(),))
            self._own = True
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: Any) -> None:
        if not self._own:
            return
        pool, self.executor, self._own = self.executor, None, False
        assert pool is not None
        if kind is None and not self._abandoned:
            pool.shutdown(wait=True)
            return
        _stop(pool)  # nothing of ours is waited for: what still runs is not wanted

    def map(self, fn: Callable[..., R], arguments: Iterable[tuple[Any, ...]], *,
            ahead: int | None = None) -> Generator[R, None, None]:
        """``fn(*args)`` for each tuple of ``arguments``, yielded in their order. Elsewhere than
        in this process at most ``ahead`` calls are under way at once (default: four a
        worker), the next handed out as each result is taken; a call's exception is raised
        here, in its turn. Closing the iterator early cancels the calls not yet started."""
        if self.executor is None:
            for args in arguments:
                result = fn(*args)
                interrupts.check()  # a Ctrl-C Python could not raise where it landed
                yield result
            return
        executor = self.executor
        window = max(1, ahead if ahead is not None else CHUNKS_PER_WORKER * self.count)
        pending: deque[Future[R]] = deque()
        items = iter(arguments)
        try:
            for args in items:
                pending.append(executor.submit(fn, *args))
                if len(pending) >= window:
                    break
            while pending:
                result = pending.popleft().result()
                interrupts.check()
                for args in items:
                    pending.append(executor.submit(fn, *args))
                    break
                yield result
        finally:
            for future in pending:
                if not future.cancel() and not future.done():
                    self._abandoned = True


def run_on(*, jobs: int | None, scheduler: str | None) -> AbstractContextManager[tuple[Executor | None, int | None]]:
    """Where work runs, as the command line says: ``jobs`` processes here (no executor; see
    :class:`Workers`), or the Dask cluster whose scheduler is at ``scheduler`` (its
    executor, and its worker threads to cut the work for; see :func:`cluster`).

    Raises :class:`SetupError` when both are given, and as :func:`cluster` does."""
    if scheduler is None:
        return nullcontext((None, jobs))
    if jobs is not None:
        raise SetupError("--jobs and --scheduler both say where to run", token="--jobs",
                         expected="one of them (on a cluster, all its workers are used)")
    return cluster(scheduler)


@contextmanager
def cluster(address: str, *, timeout: float = CLUSTER_TIMEOUT) -> Iterator[tuple[Executor, int]]:
    """A running Dask scheduler's executor and the number of its worker threads, for as long
    as the ``with`` lasts (the connection is closed after).

    Raises :class:`SetupError` when Dask's ``distributed`` is not installed (saying how to
    install it), or when no scheduler answers at ``address`` within ``timeout`` seconds, or
    the one that does has no workers."""
    try:
        from distributed import Client
    except ImportError:
        raise SetupError("--scheduler needs Dask's distributed package, which is not installed", token="--scheduler",
                         expected="pip install 'piecepack-diagrams[dask]'") from None
    expected = "the address a running Dask scheduler gives, such as tcp://HOST:8786"
    try:
        client = Client(address, timeout=timeout, set_as_default=False)
    except Exception as exc:  # noqa: BLE001 - whatever stops the connection, the user needs the address and why
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise SetupError(f"no Dask scheduler answered at {address} within {timeout:g} s ({reason})",
                         token=address, expected=expected) from None
    with client:
        threads = sum(client.nthreads().values())
        if not threads:
            raise SetupError(f"the Dask scheduler at {address} has no workers", token=address,
                             expected="a scheduler with workers (dask worker ADDRESS on each machine)")
        yield client.get_executor(), threads


def _stop(pool: Any) -> None:
    """Stop a process pool now: cancel what has not started and end its processes."""
    terminate = getattr(pool, "terminate_workers", None)  # from Python 3.14
    if terminate is not None:
        terminate()
        return
    # Before it, the pool's processes are only reachable through its private table.
    processes = list((getattr(pool, "_processes", None) or {}).values())
    # (Taken now: shutting down forgets the pool's manager thread.)
    manager = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(timeout=5)
    # Its manager thread closes its wake-up pipe as it ends; the interpreter's exit hook writes
    # to that pipe unless it is closed already, so the thread is waited for here, not raced.
    if manager is not None:
        manager.join(timeout=5)


__all__ = ["CHUNKS_PER_WORKER", "CLUSTER_TIMEOUT", "MAX_CHUNK", "MAX_JOBS", "Workers", "check_jobs", "cluster",
           "cpu_count", "run_on", "seed_chunks"]
