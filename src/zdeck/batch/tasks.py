"""A batch as data and the work one task does: the games of a chunk, each fixed by its index alone.

Both backends (`zdeck.batch.runner`'s processes and `zdeck.batch.cluster`'s Ray tasks) cut a batch with
`chunks`, play each chunk with `play_chunk` and hand the results on in order with `in_order`; this module
imports neither backend.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from zdeck.batch.figures import GameFacts, GameFigures, GameLog, GameResult, Probe, Study
from zdeck.botspecs import make_bot
from zdeck.core import Game
from zdeck.records import Record
from zdeck.registry import game_metrics, make
from zdeck.sim import GameTooLong, run

MAX_CHUNK = 32  # games per task at most: small enough for a lively progress bar and even load
TASKS_PER_WORKER = 8  # aim at this many chunks per worker, so a slow chunk does not leave a core idle


@dataclass(frozen=True)
class BatchSpec:
    """A batch, all of it data (it travels to worker processes and cluster nodes).

    `lineups` are the bot names per seat, used in turn: game i seats `lineups[i % len(lineups)]`.
    `deals` consecutive games share one deal (one seed): a tournament plays every seating on the same
    cards. `records`: keep each game's record; `figures`: ask the game's own figures (its metrics.py) and
    the designer's (`zdeck.batch.figures.Study`).
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


def play_one(spec: BatchSpec, game: Game, index: int, own: Callable[[], GameFigures] | None = None,
             facts: GameFacts | None = None) -> GameResult:
    """Game `index` of the batch, played to its end or to `spec.max_steps`."""
    seed, lineup = spec.seed_of(index), spec.lineup_of(index)
    bots = [make_bot(game.id, name) for name in lineup]
    record = Record(game.id, game.players, dict(game.options), seed, list(lineup)) if spec.records else None
    return play_game(game, bots, index, seed, lineup, own() if own is not None else None, facts, record,
                     spec.max_steps)


def play_game(game: Game, bots: Sequence[Any], index: int, seed: int, lineup: Sequence[str],
              own: GameFigures | None = None, facts: GameFacts | None = None, record: Record | None = None,
              max_steps: int = 200_000) -> GameResult:
    """One game of a batch with these bots, as its `GameResult`: with `own`, the game's own figures; with
    `facts`, studied for the designer's figures (`zdeck.batch.figures.Study`: the bots are seen through, never
    changed); with a `record`, recorded."""
    study = None
    if facts is not None:
        study = Study(game, [bot.reaction_ms for bot in bots], facts)
        study.start(game.new_state(seed))  # the very state `run` starts from: the same seed deals the same
        bots = [Probe(bot, study) for bot in bots]
    log = GameLog(own, study)
    try:
        state, _ = run(game, bots, seed, record, max_steps, log)
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
    facts = GameFacts.of(game, own) if spec.figures else None
    results = []
    for index in range(start, stop):
        try:
            results.append(play_one(spec, game, index, own, facts))
        except Exception as exc:  # noqa: BLE001 - any failure, named by index, seed and bots, to be played again alone
            raise BatchError(f"{spec.game} game {index} (seed {spec.seed_of(index)}, bots "
                             f"{','.join(spec.lineup_of(index))}) failed: {type(exc).__name__}: {exc}") from None
    return results


def chunks(count: int, workers: int) -> list[tuple[int, int]]:
    """The batch cut into tasks of consecutive games."""
    size = max(1, min(MAX_CHUNK, count // (workers * TASKS_PER_WORKER)))
    return [(start, min(start + size, count)) for start in range(0, count, size)]


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
