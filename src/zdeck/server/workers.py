"""`zdeck serve --workers N`: N server processes on one listening socket (the kernel shares its connections out
among them), watched by the process that started them. A worker that dies is started again (its tables were
taken over by the others meanwhile, zdeck.server.fleet); SIGTERM or Ctrl-C stops them all.
"""

from __future__ import annotations

import logging
import multiprocessing
import signal
import time
from collections.abc import Callable
from typing import Any

log = logging.getLogger("zdeck.server")

RESTART_S = 1.0  # a worker that dies is started again after this pause (not in a tight loop if it keeps dying)


def supervise(sock: Any, count: int, target: Callable[..., None], args: tuple[Any, ...]) -> None:
    context = multiprocessing.get_context("spawn")  # a fresh interpreter each: no event loop or thread inherited
    stopping: list[int] = []

    def start() -> multiprocessing.process.BaseProcess:
        process = context.Process(target=target, args=(sock, *args), daemon=False)
        process.start()
        return process

    def stop(signum: int, _frame: Any) -> None:
        stopping.append(signum)

    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGTERM, signal.SIGINT)}
    running = [start() for _ in range(count)]
    try:
        while not stopping:
            time.sleep(0.2)
            for index, process in enumerate(running):
                if process.exitcode is not None and not stopping:
                    log.warning("server process %d ended (exit %s); starting another", process.pid, process.exitcode)
                    time.sleep(RESTART_S)
                    running[index] = start()
    finally:
        for process in running:
            if process.exitcode is None and process.pid is not None:
                try:
                    import os

                    os.kill(process.pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass
        for process in running:
            process.join(timeout=20)
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    if stopping and stopping[0] == signal.SIGINT:
        raise KeyboardInterrupt
