"""Load on a real `zdeck serve` process: N tables of bots at real reaction times, each watched
by a spectator's WebSocket, plus scripted people playing at tables of their own.

Measures, over a fixed window after a warm-up:
- action -> broadcast: from the moment the server took a submission (the event's "at", the
  server's clock; the same machine) to the moment a watcher received its event - so it holds
  the kernel's apply, the database commit, the fan-out and the socket;
- a person's act -> result: the round trip a scripted person sees;
- the server process's CPU (of one core; this machine has 2) and the clients' CPU, and the server's CPU per
  action (its CPU seconds over the actions applied in the window: a figure that holds on a busy machine, where
  the latencies do not), with the machine's load average beside them; and, as an anchor measured in the
  same run, the CPU per action of the same tables played with no server at all (`play_offline`: the kernel
  and the bots), so that the server's own cost reads as a ratio.

The server runs with the public limits except those a load from one address must pass (rooms and sockets per
address; and, below `--speed 1`, the human pace of bots-only tables).

A finished table is replaced by a new room, so N tables play all along. Stops by itself.

    .venv/bin/python bench/serve_load.py --tables 200 --people 10 --seconds 60
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import psutil  # type: ignore[import-untyped]
import websockets

# bots-only tables: game, players, bots (one each seat); a mix of every family
BOT_TABLES: list[tuple[str, int, list[str]]] = [
    ("zipzap", 4, ["greedy", "greedy", "random", "greedy"]),
    ("zoop", 4, ["heuristic"] * 4),
    ("zar", 4, ["heuristic"] * 4),
    ("zoker-tiko", 3, ["cheap-winner"] * 3),
    ("zoker-kubo", 3, ["points"] * 3),
    ("zopzoo", 3, ["heuristic"] * 3),
    ("zoker-memo", 2, ["perfect", "forgetful"]),
    ("zoker-solo", 1, ["greedy"]),
]
PERSON_THINKS_S = 0.3  # a scripted person's time to choose


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


class Load:
    def __init__(self, base: str, speed: float, window: tuple[float, float]) -> None:
        self.base, self.ws = base, base.replace("http", "ws", 1)
        self.speed = speed
        self.window = window  # (start, end) of measurement, time.time()
        self.broadcast: list[float] = []  # seconds
        self.acts: list[float] = []
        self.events = 0
        self.actions = 0  # action events any client saw in the window: every action applied, once
        self.games = 0
        self.errors: list[str] = []

    def measuring(self, when: float) -> bool:
        return self.window[0] <= when <= self.window[1]

    async def post(self, client: httpx.AsyncClient, path: str, body: dict[str, Any]) -> Any:
        response = await client.post(self.base + path, json=body, timeout=30)
        response.raise_for_status()
        return response.json()

    async def bot_table(self, client: httpx.AsyncClient, index: int) -> None:
        game, players, bots = BOT_TABLES[index % len(BOT_TABLES)]
        while time.time() < self.window[1]:
            room = await self.post(client, "/api/rooms", {
                "game": game, "players": players, "bots": {str(i): b for i, b in enumerate(bots)},
                "options": {"speed": self.speed}})
            if not await self.watch(room["room"]):
                return
            self.games += 1

    async def watch(self, room: str) -> bool:
        """Watch one game to its end; False if the window closed first."""
        async with websockets.connect(f"{self.ws}/ws/rooms/{room}", max_size=None) as ws:
            while True:
                remaining = self.window[1] - time.time()
                if remaining <= 0:
                    return False
                try:
                    text = await asyncio.wait_for(ws.recv(), timeout=remaining)
                except TimeoutError:
                    return False
                now = time.time()
                message = json.loads(text)
                if message["type"] == "event" and "at" in message:
                    self.events += 1
                    if self.measuring(message["at"]):
                        self.broadcast.append(now - message["at"])
                        self.actions += message.get("kind") in ("action", "timeout")
                elif message["type"] == "state" and message["over"]:
                    return True

    async def person_table(self, client: httpx.AsyncClient, index: int) -> None:
        rng = random.Random(index)
        while time.time() < self.window[1]:
            room = await self.post(client, "/api/rooms", {
                "game": "zipzap", "players": 3, "bots": {"1": "greedy", "2": "greedy"},
                "options": {"speed": self.speed, "rounds": 1}})
            joined = await self.post(client, f"/api/rooms/{room['room']}/join", {"name": f"person {index}"})
            if not await self.play(room["room"], joined["token"], rng):
                return
            self.games += 1

    async def play(self, room: str, token: str, rng: random.Random) -> bool:
        async with websockets.connect(f"{self.ws}/ws/rooms/{room}?token={token}", max_size=None) as ws:
            latest: dict[str, Any] | None = None
            sent_at: float | None = None
            acted_version = -1
            while True:
                remaining = self.window[1] - time.time()
                if remaining <= 0:
                    return False
                wait = remaining
                if latest is not None and sent_at is None and latest["legal"] and latest["version"] > acted_version:
                    wait = min(wait, PERSON_THINKS_S)
                try:
                    text = await asyncio.wait_for(ws.recv(), timeout=wait)
                except TimeoutError:
                    if latest is not None and sent_at is None and latest["legal"] and \
                            latest["version"] > acted_version:  # thought long enough: act on what is shown
                        acted_version = latest["version"]
                        sent_at = time.time()
                        await ws.send(json.dumps({"type": "act", "action": rng.choice(latest["legal"]),
                                                  "seen": latest["version"]}))
                    continue
                now = time.time()
                message = json.loads(text)
                if message["type"] == "event" and "at" in message and self.measuring(message["at"]):
                    self.actions += message.get("kind") in ("action", "timeout")
                if message["type"] == "state":
                    if message["over"]:
                        return True
                    latest = message
                elif message["type"] in ("result", "error") and sent_at is not None:
                    if self.measuring(sent_at):
                        self.acts.append(now - sent_at)
                    if message["type"] == "error":
                        self.errors.append(message["message"])
                    sent_at = None


async def run_load(base: str, tables: int, people: int, speed: float, warmup: float, seconds: float) -> Load:
    start = time.time() + warmup
    load = Load(base, speed, (start, start + seconds))
    limits = httpx.Limits(max_connections=50)
    async with httpx.AsyncClient(limits=limits) as client:
        jobs = [load.bot_table(client, i) for i in range(tables)] + [load.person_table(client, i) for i in range(people)]
        await asyncio.wait_for(asyncio.gather(*jobs), timeout=warmup + seconds + 60)
    return load


def kernel_cpu_per_action(seconds: float = 3.0) -> float:
    """The anchor: CPU seconds per action of the bench's tables played offline (the rules and the bots, no
    server), over about `seconds` of CPU."""
    import zdeck
    from zdeck.live.room import play_offline

    actions, seed, started = 0, 0, time.process_time()
    while time.process_time() - started < seconds:
        for game, players, bots in BOT_TABLES:
            record = play_offline(zdeck.make(game, players), dict(enumerate(bots)), seed)
            actions += len(record.actions)
        seed += 1
    return (time.process_time() - started) / actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200, help="tables of bots, each with a watcher")
    parser.add_argument("--people", type=int, default=10, help="tables with one scripted person (and 2 bots)")
    parser.add_argument("--seconds", type=float, default=60.0, help="measured window")
    parser.add_argument("--warmup", type=float, default=10.0, help="seconds before measuring")
    parser.add_argument("--speed", type=float, default=1.0, help="bots' reaction-time multiplier (1: real)")
    parser.add_argument("--db", default=None, help="SQLAlchemy URL (default: a new SQLite file)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()

    anchor = kernel_cpu_per_action()
    folder = Path(tempfile.mkdtemp(prefix="zdeck-load-"))
    db = args.db or f"sqlite:///{folder / 'load.sqlite3'}"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    limits = ["rooms_burst=100000", "waiting_per_address=100000", "sockets_per_address=100000",
              "min_bots_only_speed=0"]
    with (folder / "server.log").open("wb") as log:
        server = subprocess.Popen([sys.executable, "-m", "zdeck.server", "--port", str(port), "--db", db,
                                   *(arg for limit in limits for arg in ("--limit", limit))],
                                  stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(base + "/api/games", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline or server.poll() is not None:
                raise SystemExit(f"the server did not start; see {folder / 'server.log'}")
            time.sleep(0.1)
        process, me = psutil.Process(server.pid), psutil.Process()
        loop_started = time.time()
        load_task = run_load(base, args.tables, args.people, args.speed, args.warmup, args.seconds)

        async def measured() -> tuple[Load, float, float]:
            await asyncio.sleep(0)
            task = asyncio.ensure_future(load_task)
            await asyncio.sleep(max(0.0, loop_started + args.warmup - time.time()))
            cpu0, mine0, t0 = sum(process.cpu_times()[:2]), sum(me.cpu_times()[:2]), time.time()
            await asyncio.sleep(args.seconds)
            cpu1, mine1, t1 = sum(process.cpu_times()[:2]), sum(me.cpu_times()[:2]), time.time()
            return await task, (cpu1 - cpu0) / (t1 - t0), (mine1 - mine0) / (t1 - t0)

        load_before = os.getloadavg()
        load, server_cpu, client_cpu = asyncio.run(measured())
        load_after = os.getloadavg()
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=10)
    ms = [1000 * x for x in load.broadcast]
    acts = [1000 * x for x in load.acts]
    result = {
        "tables": args.tables, "people": args.people, "seconds": args.seconds, "speed": args.speed,
        "events_measured": len(ms), "events_per_second": round(len(ms) / args.seconds, 1),
        "broadcast_ms": {"p50": round(percentile(ms, 0.5), 2), "p99": round(percentile(ms, 0.99), 2),
                         "max": round(max(ms, default=float("nan")), 2)},
        "person_act_ms": {"n": len(acts), "p50": round(percentile(acts, 0.5), 2),
                          "p99": round(percentile(acts, 0.99), 2)},
        "games_finished": load.games,
        "server_cpu_cores": round(server_cpu, 3), "clients_cpu_cores": round(client_cpu, 3),
        "actions": load.actions,
        "server_cpu_ms_per_action": round(1000 * server_cpu * args.seconds / max(1, load.actions), 3),
        "kernel_cpu_ms_per_action": round(1000 * anchor, 3),
        "server_to_kernel": round(server_cpu * args.seconds / max(1, load.actions) / anchor, 1),
        "load_average": [round(x, 2) for x in (*load_before[:1], *load_after[:1])],
        "errors": len(load.errors),
    }
    if args.json:
        print(json.dumps(result))
        return
    print(f"{args.tables} bot tables (+{args.people} with a person), {args.seconds:g} s measured at speed {args.speed}")
    print(f"action -> broadcast: p50 {result['broadcast_ms']['p50']} ms, p99 {result['broadcast_ms']['p99']} ms, "
          f"max {result['broadcast_ms']['max']} ms over {len(ms)} events ({result['events_per_second']}/s)")
    print(f"person act -> result: p50 {result['person_act_ms']['p50']} ms, p99 {result['person_act_ms']['p99']} ms "
          f"({len(acts)} acts; {len(load.errors)} errors)")
    print(f"CPU: server {100 * server_cpu:.0f}% of a core, clients {100 * client_cpu:.0f}% (2 cores in all); "
          f"{load.games} games finished")
    print(f"server CPU per action: {result['server_cpu_ms_per_action']} ms over {load.actions} actions, "
          f"{result['server_to_kernel']}x the {result['kernel_cpu_ms_per_action']} ms of the same tables played "
          "offline (rules and bots alone)")
    print("latencies are absolute times, which a busy machine inflates: "
          f"machine load average {result['load_average'][0]} before, {result['load_average'][1]} after "
          f"({os.cpu_count()} cores)")


if __name__ == "__main__":
    main()
