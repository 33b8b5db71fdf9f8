"""Batches of bot games for designers: on every core or a Ray cluster, with the same results either way.

`run_batch(spec)` plays the games of a `BatchSpec` and yields each game's `GameResult` in index order;
`zdeck.batch.figures` says what is counted in one game; `zdeck.batch.stats` holds the intervals the
reports print. The engine's own modules never import this package.
"""

from zdeck.batch.figures import GameResult
from zdeck.batch.runner import BatchError, BatchSpec, available_cores, run_batch

__all__ = ["BatchError", "BatchSpec", "GameResult", "available_cores", "run_batch"]
