"""What a table's move to the process its clients are on costs (docs/deploying.md, Several processes).

Two `zdeck serve --workers 1` processes on a throwaway PostgreSQL cluster (as bench/serve_load.py --postgres).
Tables are made on process A, then each is opened once - on A (the table stays: the anchor, measured in the same
run) or on B (A hands the table over to B, which reads it back). Reports the CPU of both servers and PostgreSQL,
and the wall time, per first connection.

    .venv/bin/python bench/fleet_handover.py --tables 80
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import psutil  # type: ignore[import-untyped]
import websockets

sys.path.insert(0, str(Path(__file__).parent))
from serve_load import free_port, start_postgres, stop_postgres, wait_for

TABLE = {"game": "zopzoo", "players": 3, "bots": {"0": "heuristic", "1": "heuristic", "2": "heuristic"},
         "options": {"speed": 5}}  # slow bots: the tables barely move while they are opened
LIMITS = ["rooms_burst=100000", "waiting_per_address=100000", "sockets_per_address=100000"]


async def open_each(port: int, rooms: list[str]) -> None:
    for room in rooms:
        async with websockets.connect(f"ws://127.0.0.1:{port}/ws/rooms/{room}", max_size=None) as ws:
            assert json.loads(await ws.recv())["type"] == "state"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=80, help="tables opened each way")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="zdeck-handover-"))
    db, postmaster = start_postgres(folder)
    ports = [free_port(), free_port()]
    servers = [subprocess.Popen([sys.executable, "-m", "zdeck.server", "--port", str(port), "--db", db, "--workers",
                                 "1", *(arg for limit in LIMITS for arg in ("--limit", limit))],
                                stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT, start_new_session=True)
               for port in ports]

    def cpu() -> float:
        processes = [psutil.Process(s.pid) for s in servers] + [psutil.Process(postmaster)]
        processes += psutil.Process(postmaster).children()
        return sum(sum(p.cpu_times()[:2]) for p in processes)

    try:
        for server, port in zip(servers, ports):
            wait_for(f"http://127.0.0.1:{port}", server, folder / "none")
        time.sleep(2)
        load_before = os.getloadavg()[0]
        found = {}
        for label, port in (("stays on A", ports[0]), ("moves to B", ports[1])):
            rooms = [httpx.post(f"http://127.0.0.1:{ports[0]}/api/rooms", json=TABLE, timeout=30).json()["room"]
                     for _ in range(args.tables)]
            time.sleep(1)
            cpu0, wall0 = cpu(), time.time()
            asyncio.run(open_each(port, rooms))
            found[label] = (1000 * (cpu() - cpu0) / args.tables, 1000 * (time.time() - wall0) / args.tables)
        for label, (spent, wall) in found.items():
            print(f"first connection, the table {label}: {spent:.1f} ms of CPU (both servers and PostgreSQL), "
                  f"{wall:.1f} ms wall")
        print(f"a handover costs {found['moves to B'][0] - found['stays on A'][0]:.1f} ms of CPU; load average "
              f"{load_before:.2f} before, {os.getloadavg()[0]:.2f} after ({os.cpu_count()} cores)")
    finally:
        for server in servers:
            os.killpg(server.pid, signal.SIGTERM)
        for server in servers:
            server.wait(timeout=30)
        stop_postgres(folder)


if __name__ == "__main__":
    main()
