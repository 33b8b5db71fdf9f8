"""What simulate, report, compare and tournament share: the batch options and a batch played with a
progress bar. Light to import: the batch runner and rich are imported when a batch starts."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

import click

from zdeck.cli.common import err

if TYPE_CHECKING:
    from click.decorators import FC

    from zdeck.batch import BatchSpec, GameResult

PROGRESS_FROM = 20  # fewer games than this show no progress bar
MAX_STEPS = 20_000  # ~10x the longest game of any default table (ZAR, 2 players: about 1,800)


def batch_options(command: FC) -> FC:
    """--workers, --backend, --address and --max-steps, as every batch command takes them."""
    for option in reversed((
        click.option("--max-steps", type=click.IntRange(min=1), default=MAX_STEPS, show_default=True, metavar="N",
                     help="a game not over after this many moments is stopped and reported as unfinished"),
        click.option("--workers", "-w", type=click.IntRange(min=1), default=None, metavar="N",
                     help="processes (or Ray tasks) playing at once [default: every core]; results are the same "
                          "for any number"),
        click.option("--backend", type=click.Choice(["local", "ray"]), default="local", show_default=True,
                     help="local processes, or a Ray cluster (pip install 'zdeck[ray]')"),
        click.option("--address", default=None, metavar="ADDR",
                     help="the Ray cluster to use (e.g. ray://head:10001 or auto) [default: a local Ray]"),
    )):
        command = option(command)
    return command


def check_backend(backend: str, address: str | None) -> None:
    """Refuse --address without Ray, and Ray where it is not installed, before any game is played."""
    from zdeck.cli.common import fail

    if address is not None and backend != "ray":
        fail("--address names a Ray cluster: give --backend ray with it")
    if backend == "ray":
        from zdeck.batch import BatchError
        from zdeck.batch.cluster import ray_module

        try:
            ray_module()
        except BatchError as exc:
            fail(str(exc))


def play(spec: BatchSpec, workers: int | None, backend: str, address: str | None, label: str,
         progress: bool) -> Iterator[GameResult]:
    """The batch's games in index order, with a progress bar on stderr for long batches. A worker's
    failure is a `BatchError`; Ctrl-C comes through as KeyboardInterrupt after the workers stopped."""
    from zdeck.batch import run_batch

    games = run_batch(spec, workers, backend, address)
    if not progress or spec.count < PROGRESS_FROM or not err().is_terminal:  # (a bar in a pipe leaves blank lines)
        yield from games
        return
    with bar(label, spec.count) as advance:
        for result in games:
            advance()
            yield result


@contextmanager
def bar(label: str, total: int) -> Iterator[Callable[[], None]]:
    """A transient progress bar on stderr: done/total, rate and time left."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=err(), transient=True) as progress:
        task = progress.add_task(label, total=total)
        yield lambda: progress.advance(task)
