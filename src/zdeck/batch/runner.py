"""One batch runner for simulate, report, compare and tournament: games on every core or a Ray cluster.

Game `i` of a batch is fixed by its index alone: its seed is `spec.seed_of(i)` and its bots
`spec.lineup_of(i)`. Workers play chunks of consecutive games and send back small `GameResult`s; the
runner hands them on in index order. So the results, and the records, are the same for any number
of workers and either backend - only the speed changes. The work itself (a chunk of games) is
`zdeck.batch.tasks`'s, which both backends share: this module picks the backend.
"""

from __future__ import annotations

import multiprocessing
import os
import queue
import signal
from collections.abc import Iterator, Sequence

from zdeck.batch.cluster import ray_batch
from zdeck.batch.figures import GameResult
from zdeck.batch.tasks import BatchError, BatchSpec, chunks, in_order, play_chunk

__all__ = ["BACKENDS", "BatchError", "BatchSpec", "available_cores", "chunks", "run_batch"]

BACKENDS = ("local", "ray")


def available_cores() -> int:
    """The cores this process may run on (a container or `taskset` may allow fewer than the machine has)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def run_batch(spec: BatchSpec, workers: int | None = None, backend: str = "local",
              address: str | None = None) -> Iterator[GameResult]:
    """Every game of the batch, in index order, played by `workers` processes (default: every core) or
    on a Ray cluster (`backend="ray"`, at `address`, or a local Ray instance). Stopping the iteration
    (Ctrl-C, an error, a break) stops the workers."""
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}; choose one of {', '.join(BACKENDS)}")
    if workers is not None and workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    if backend == "ray":
        yield from ray_batch(spec, workers, address)
        return
    workers = min(workers or available_cores(), max(spec.count, 1))
    tasks = chunks(spec.count, workers)
    if workers == 1:  # in this process: no start-up, and the baseline the speed-up is measured against
        for start, stop in tasks:
            yield from play_chunk(spec, start, stop)
        return
    yield from _pool_batch(spec, tasks, workers)


def _quiet_worker() -> None:
    """Workers leave Ctrl-C to the main process, which stops them (a terminal sends it to them all)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _pool_batch(spec: BatchSpec, tasks: Sequence[tuple[int, int]], workers: int) -> Iterator[GameResult]:
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")  # fork: no re-import
    done: queue.Queue[tuple[int, list[GameResult] | None, BaseException | None]] = queue.Queue()
    pool = context.Pool(workers, initializer=_quiet_worker)
    try:
        def submit(k: int) -> None:
            start, stop = tasks[k]
            pool.apply_async(play_chunk, (spec, start, stop), callback=lambda r: done.put((k, r, None)),
                             error_callback=lambda e: done.put((k, None, e)))

        yield from in_order(len(tasks), workers * 4, submit, done.get)
    finally:
        pool.terminate()
        pool.join()
