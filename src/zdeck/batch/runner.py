"""One batch runner for simulate, report, compare and tournament: games on every core or a Ray cluster.

Game `i` of a batch is fixed by its index alone: its seed is `spec.seed_of(i)` and its bots
`spec.lineup_of(i)`. Workers play chunks of consecutive games and send back small `GameResult`s; the
runner hands them on in index order. So the results, and the records, are the same for any number
of workers and either backend - only the speed changes.
"""

from __future__ import annotations

import multiprocessing
import os
import queue
import signal
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from zdeck.batch.figures import GameFigures, GameLog, GameResult
from zdeck.botspecs import make_bot
from zdeck.core import Game
from zdeck.records import Record
from zdeck.registry import game_metrics, make
from zdeck.sim import GameTooLong, run

BACKENDS = ("local", "ray")
MAX_CHUNK = 32  # games per task at most: small enough for a lively progress bar and even load
TASKS_PER_WORKER = 8  # aim at this many chunks per worker, so a slow chunk does not leave a core idle


@dataclass(frozen=True)
class BatchSpec:
    """A batch, all of it data (it travels to worker processes and cluster nodes).

    `lineups` are the bot names per seat, used in turn: game i seats `lineups[i % len(lineups)]`.
    `deals` consecutive games share one deal (one seed): a tournament plays every seating on the same
    cards. `records`: keep each game's record; `figures`: ask the game's own figures (its metrics.py).
    """

    game: str
    players: int
    options: dict[str, Any] = field(default_factory=dict)
    lineups: tuple[tuple[str, ...], ...] = (("random",),)
    count: int = 100
    seed: int = 0
    max_steps: int = 200_000
    deals: int = 1
    records: bool = False
    figures: bool = False

    def __post_init__(self) -> None:
        if not self.lineups or any(len(lineup) != self.players for lineup in self.lineups):
            raise ValueError(f"every lineup must name a bot for each of the {self.players} seats")
        if self.count < 0 or self.deals < 1:
            raise ValueError("a batch needs count >= 0 and deals >= 1")

    def seed_of(self, index: int) -> int:
        return self.seed + index // self.deals

    def lineup_of(self, index: int) -> tuple[str, ...]:
        return self.lineups[index % len(self.lineups)]

    def make_game(self) -> Game:
        return make(self.game, self.players, **self.options)


class BatchError(RuntimeError):
    """A worker failed (a bot's bug, a lost cluster node): the message names the game it was playing."""


def play_one(spec: BatchSpec, game: Game, index: int, own: Callable[[], GameFigures] | None = None) -> GameResult:
    """Game `index` of the batch, played to its end or to `spec.max_steps`."""
    seed, lineup = spec.seed_of(index), spec.lineup_of(index)
    bots = [make_bot(game.id, name) for name in lineup]
    record = Record(game.id, game.players, dict(game.options), seed, list(lineup)) if spec.records else None
    log = GameLog(own() if own is not None else None)
    try:
        state, _ = run(game, bots, seed, record, spec.max_steps, log)
        finished = True
    except GameTooLong as exc:
        assert exc.state is not None
        state, finished = exc.state, False
    result = GameResult.of(index, seed, lineup, state, log, finished)
    if record is not None:
        if finished:
            record.scores, record.winners = list(state.scores()), list(state.winners())
        result.record = record  # an unfinished game's too: it replays up to where it stopped
    return result


def play_chunk(spec: BatchSpec, start: int, stop: int) -> list[GameResult]:
    """Games start..stop-1: what one task of a worker plays."""
    game = spec.make_game()
    own = game_metrics(spec.game) if spec.figures else None
    results = []
    for index in range(start, stop):
        try:
            results.append(play_one(spec, game, index, own))
        except Exception as exc:  # noqa: BLE001 - any failure, named by index, seed and bots, to be played again alone
            raise BatchError(f"{spec.game} game {index} (seed {spec.seed_of(index)}, bots "
                             f"{','.join(spec.lineup_of(index))}) failed: {type(exc).__name__}: {exc}") from None
    return results


def available_cores() -> int:
    """The cores this process may run on (a container or `taskset` may allow fewer than the machine has)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def chunks(count: int, workers: int) -> list[tuple[int, int]]:
    """The batch cut into tasks of consecutive games."""
    size = max(1, min(MAX_CHUNK, count // (workers * TASKS_PER_WORKER)))
    return [(start, min(start + size, count)) for start in range(0, count, size)]


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
        from zdeck.batch.cluster import ray_batch

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


Take = Callable[[], tuple[int, "list[GameResult] | None", "BaseException | None"]]


def in_order(tasks: int, window: int, submit: Callable[[int], None], take: Take) -> Iterator[GameResult]:
    """Keep up to `window` tasks in flight; hand on their results in task order as they complete."""
    submitted = min(window, tasks)
    for k in range(submitted):
        submit(k)
    waiting: dict[int, list[GameResult]] = {}
    for next_out in range(tasks):
        while next_out not in waiting:
            k, results, error = take()
            if error is not None:
                raise error
            assert results is not None
            waiting[k] = results
            if submitted < tasks:
                submit(submitted)
                submitted += 1
        yield from waiting.pop(next_out)
