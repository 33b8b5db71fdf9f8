"""A virtual clock for the live table: an asyncio event loop whose time jumps to the next timer
whenever nothing else is ready, instead of waiting for it.

A live room keeps its time with the loop's (`loop.time()`, `call_at`): bots' reaction times, the
commit window, "nobody plays", idle seats. On this loop a whole table of bots plays out in
milliseconds with exactly the arrivals it would have on a real clock, so every client of the table
(the server, the terminal app, the line mode) can be run on the same seeded game and compared
(tests/server/test_one_table.py). Work handed to threads (a search bot thinking) is waited for on the
real clock: run bots that answer inline when the timing must be exact.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


class VirtualClockLoop(asyncio.SelectorEventLoop):
    """An event loop on virtual time, from 0. When no callback is ready, the clock moves to the earliest
    timer still due (cancelled ones are skipped) and the loop polls I/O without blocking."""

    def __init__(self) -> None:
        super().__init__()
        self._now = 0.0

    def time(self) -> float:
        return self._now

    def _run_once(self) -> None:
        scheduled: list[asyncio.TimerHandle] = self._scheduled  # type: ignore[attr-defined]
        if not self._ready:  # type: ignore[attr-defined]
            due = [handle.when() for handle in scheduled if not handle.cancelled()]
            if due:
                self._now = max(self._now, min(due))
        super()._run_once()  # type: ignore[misc]


def run_virtual(work: Coroutine[Any, Any, T]) -> T:
    """Run `work` to its end on a fresh virtual-clock loop."""
    loop = VirtualClockLoop()
    try:
        return loop.run_until_complete(work)
    finally:
        loop.run_until_complete(loop.shutdown_asyncgens())
        loop.close()
