"""The Ray backend: the same chunks as the local processes, as Ray tasks on a cluster (or a local Ray).

Ray is an optional extra (`pip install 'zdeck[ray]'`), imported only here. A batch sent to a cluster
at an address ships this zdeck's own code with it (`runtime_env` `py_modules`): the nodes need the same
Python, not an installed zdeck, and play exactly the rules the driver has. Results come back in index
order, so they equal a local run's.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from zdeck.batch.figures import GameResult
from zdeck.batch.tasks import BatchError, BatchSpec, chunks, in_order, play_chunk


def ray_module() -> Any:
    """Ray itself, or a BatchError that says how to install it."""
    try:
        import ray
    except ImportError:
        raise BatchError("--backend ray needs Ray: pip install 'zdeck[ray]' (or pip install ray)") from None
    return ray


def connect(address: str | None) -> Any:
    """Ray, connected: to the cluster at `address` (with this zdeck's code shipped to it), to the Ray
    instance this process already started, or to a new local one."""
    ray = ray_module()
    if ray.is_initialized():
        return ray
    import zdeck

    options: dict[str, Any] = {"log_to_driver": False, "logging_level": logging.ERROR, "include_dashboard": False}
    if address is not None:
        options["runtime_env"] = {"py_modules": [str(Path(zdeck.__file__).parent)]}
    try:
        ray.init(address=address, **options)
    except (ConnectionError, RuntimeError, ValueError) as exc:
        raise BatchError(f"cannot start or reach Ray{f' at {address}' if address else ''}: {exc}") from None
    return ray


def ray_batch(spec: BatchSpec, workers: int | None, address: str | None) -> Iterator[GameResult]:
    """The batch as Ray tasks, `workers` at a time (default: every CPU of the cluster)."""
    ray = connect(address)
    workers = workers or max(1, int(ray.cluster_resources().get("CPU", 1)))
    tasks = chunks(spec.count, workers)
    remote = ray.remote(play_chunk)
    pending: dict[Any, int] = {}

    def submit(k: int) -> None:
        start, stop = tasks[k]
        pending[remote.remote(spec, start, stop)] = k

    def take() -> tuple[int, list[GameResult] | None, BaseException | None]:
        ready, _ = ray.wait(list(pending), num_returns=1)
        k = pending.pop(ready[0])
        try:
            return k, ray.get(ready[0]), None
        except ray.exceptions.RayTaskError as exc:  # the worker's own error, as the local backend gives it
            cause = exc.as_instanceof_cause()
            return k, None, BatchError(str(cause).strip().splitlines()[-1])
        except ray.exceptions.RayError as exc:
            return k, None, BatchError(f"Ray lost task {k}: {type(exc).__name__}: {exc}")

    try:
        yield from in_order(len(tasks), workers * 4, submit, take)
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)
