"""How the server is doing, for `GET /api/health`: the event loop's stalls and the process's memory.

Every table shares one event loop: a step that holds it (a request computed on it, a long encode) makes every
other table wait, and so does a worker thread that keeps Python's lock in a long C call. `LoopWatch` ticks on
the loop and keeps the stalls it sees: how much later than due a tick ran, the CPU the loop's own thread spent
meanwhile, and the CPU of the whole process. The server held its tables up for at most the smaller of the
delay and the process's CPU; the rest of a delay is a busy machine, where the loop waits for a core.
"""

from __future__ import annotations

import asyncio
import collections
import time
from pathlib import Path
from typing import Any

TICK_S = 0.025
KEEP = 256  # stalls remembered
STALL_MS = 20.0  # a tick this much later than due is a stall worth keeping


class LoopWatch:
    def __init__(self) -> None:
        self.stalls: collections.deque[tuple[float, float, float, float]] = collections.deque(maxlen=KEEP)
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._tick())

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()

    async def _tick(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            due, cpu, process = loop.time() + TICK_S, time.thread_time(), time.process_time()
            await asyncio.sleep(TICK_S)
            late_ms = (loop.time() - due) * 1000
            if late_ms >= STALL_MS:
                self.stalls.append((time.time(), round(late_ms, 1), round((time.thread_time() - cpu) * 1000, 1),
                                    round((time.process_time() - process) * 1000, 1)))

    def since(self, when: float) -> list[dict[str, float]]:
        """The stalls since `when`, each with `held_ms`: what of it the server itself was busy for."""
        return [{"at": at, "late_ms": late, "loop_cpu_ms": cpu, "process_cpu_ms": process,
                 "held_ms": min(late, process)} for at, late, cpu, process in self.stalls if at >= when]


def memory() -> dict[str, int | None]:
    """The process's resident memory now and at its peak, in bytes (Linux: /proc; None elsewhere)."""
    found: dict[str, int | None] = {"rss": None, "peak_rss": None}
    try:
        lines = Path("/proc/self/status").read_text().splitlines()
    except OSError:
        return found
    for line in lines:
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            found["rss" if key == "VmRSS" else "peak_rss"] = int(value.split()[0]) * 1024
    return found


def report(watch: LoopWatch, since: float, rooms: int) -> dict[str, Any]:
    return {"ok": True, "rooms": rooms, "stalls": watch.since(since), "memory": memory()}
