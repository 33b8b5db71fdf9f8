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

Several processes on one PostgreSQL (`zdeck serve --workers N`, docs/deploying.md): `--workers N` runs the server
so, on `--db` or, with `--postgres`, on a throwaway cluster the bench starts on 127.0.0.1 (PostgreSQL's binaries
from PATH or /usr/lib/postgresql/*/bin). Then the server's CPU is all its processes', PostgreSQL's CPU and its
commits and rows written per action are measured too, and `--kill` kills (SIGKILL) the process that owns the most
tables once the window is over and times, for every table, the pause until it plays on elsewhere:

    .venv/bin/python bench/serve_load.py --postgres --workers 2 --tables 200 --speed 0.05 --kill

`--proxy nginx` runs the N processes each on a port of its own (`zdeck serve --workers 1`, as on N machines) behind
a real nginx with docs/deploying.md's fleet block, which routes every request naming a table to one process by
hashing the room's id (a table then moves to the process its clients are on); nginx's CPU is measured apart.
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
    def __init__(self, base: str, speed: float, window: tuple[float, float], stop_at: float) -> None:
        self.base, self.ws = base, base.replace("http", "ws", 1)
        self.speed = speed
        self.window = window  # (start, end) of measurement, time.time()
        self.stop_at = stop_at  # when the load stops (after the window; later with --kill)
        self.broadcast: list[float] = []  # seconds
        self.acts: list[float] = []
        self.events = 0
        self.actions = 0  # action events any client saw in the window: every action applied, once
        self.games = 0
        self.errors: list[str] = []
        self.kill_at = 0.0  # when a server process was killed (--kill), time.time()
        self.last_event: dict[str, float] = {}  # room -> when its watcher last heard a move
        self.resumed: dict[str, float] = {}  # room -> its first move heard after the kill

    def measuring(self, when: float) -> bool:
        return self.window[0] <= when <= self.window[1]

    async def post(self, client: httpx.AsyncClient, path: str, body: dict[str, Any]) -> Any:
        for attempt in range(20):  # a kept-alive connection to a process just killed (--kill): another one
            try:
                response = await client.post(self.base + path, json=body, timeout=30)
                if response.status_code not in (502, 503):  # its process killed, a table moving: try again
                    break
            except httpx.TransportError:
                if attempt == 19:
                    raise
            await asyncio.sleep(0.1)
        response.raise_for_status()
        return response.json()

    async def bot_table(self, client: httpx.AsyncClient, index: int) -> None:
        game, players, bots = BOT_TABLES[index % len(BOT_TABLES)]
        while time.time() < self.stop_at:
            room = await self.post(client, "/api/rooms", {
                "game": game, "players": players, "bots": {str(i): b for i, b in enumerate(bots)},
                "options": {"speed": self.speed}})
            if not await self.watch(room["room"]):
                return
            self.games += 1

    async def watch(self, room: str) -> bool:
        """Watch one game to its end; False if the window closed first. A connection that ends (its server process
        was killed) is opened again."""
        while True:
            try:
                async with websockets.connect(f"{self.ws}/ws/rooms/{room}", max_size=None) as ws:
                    while True:
                        remaining = self.stop_at - time.time()
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
                            self.last_event[room] = now
                            if self.kill_at and now > self.kill_at and room not in self.resumed:
                                self.resumed[room] = now
                            if self.measuring(message["at"]):
                                self.broadcast.append(now - message["at"])
                                self.actions += message.get("kind") in ("action", "timeout")
                        elif message["type"] == "state" and message["over"]:
                            self.last_event.pop(room, None)
                            return True
            except (OSError, websockets.ConnectionClosed, websockets.InvalidStatus):
                if time.time() > self.stop_at:
                    return False
                await asyncio.sleep(0.1)

    async def person_table(self, client: httpx.AsyncClient, index: int) -> None:
        rng = random.Random(index)
        while time.time() < self.stop_at:
            room = await self.post(client, "/api/rooms", {
                "game": "zipzap", "players": 3, "bots": {"1": "greedy", "2": "greedy"},
                "options": {"speed": self.speed, "rounds": 1}})
            joined = await self.post(client, f"/api/rooms/{room['room']}/join", {"name": f"person {index}"})
            while True:  # a connection that ends (its server process was killed) is opened again
                try:
                    finished = await self.play(room["room"], joined["token"], rng)
                    break
                except (OSError, websockets.ConnectionClosed, websockets.InvalidStatus):
                    if time.time() > self.stop_at:
                        return
                    await asyncio.sleep(0.1)
            if not finished:
                return
            self.games += 1

    async def play(self, room: str, token: str, rng: random.Random) -> bool:
        async with websockets.connect(f"{self.ws}/ws/rooms/{room}?token={token}", max_size=None) as ws:
            latest: dict[str, Any] | None = None
            sent_at: float | None = None
            acted_version = -1
            while True:
                remaining = self.stop_at - time.time()
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
                if message["type"] == "event" and self.kill_at and now > self.kill_at and room not in self.resumed:
                    self.resumed[room] = now
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


async def run_load(load: Load, tables: int, people: int, warmup: float, seconds: float) -> Load:
    limits = httpx.Limits(max_connections=50)
    async with httpx.AsyncClient(limits=limits) as client:
        jobs = [load.bot_table(client, i) for i in range(tables)] + [load.person_table(client, i) for i in range(people)]
        await asyncio.wait_for(asyncio.gather(*jobs), timeout=load.stop_at - time.time() + 60)
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
    parser.add_argument("--workers", type=int, default=None,
                        help="zdeck serve --workers N: N processes on one PostgreSQL (--db or --postgres)")
    parser.add_argument("--postgres", action="store_true", help="on a throwaway PostgreSQL cluster the bench starts")
    parser.add_argument("--kill", action="store_true",
                        help="after the window, SIGKILL the process owning the most tables and time the takeover")
    parser.add_argument("--proxy", choices=["nginx"], default=None,
                        help="the processes on ports of their own behind docs/deploying.md's nginx block")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()

    anchor = kernel_cpu_per_action()
    folder = Path(tempfile.mkdtemp(prefix="zdeck-load-"))
    cluster = start_postgres(folder) if args.postgres else None
    db = cluster[0] if cluster else args.db or f"sqlite:///{folder / 'load.sqlite3'}"
    limits = ["rooms_burst=100000", "waiting_per_address=100000", "sockets_per_address=100000",
              "min_bots_only_speed=0"]
    if args.proxy and not (args.workers and db.startswith("postgresql")):
        raise SystemExit("--proxy needs --workers N and PostgreSQL (--postgres or --db postgresql+psycopg://...)")
    ports = [free_port() for _ in range(args.workers if args.proxy else 1)]
    workers = ["--workers", "1" if args.proxy else str(args.workers)] if args.workers else []
    servers: list[subprocess.Popen[bytes]] = []
    for index, port in enumerate(ports):
        with (folder / f"server-{index}.log").open("wb") as log:
            servers.append(subprocess.Popen(
                [sys.executable, "-m", "zdeck.server", "--port", str(port), "--db", db, *workers,
                 *(arg for limit in limits for arg in ("--limit", limit))],
                stdout=log, stderr=subprocess.STDOUT, start_new_session=True))
    proxy: subprocess.Popen[bytes] | None = None
    kill: dict[str, Any] = {}
    try:
        for index, port in enumerate(ports):
            wait_for(f"http://127.0.0.1:{port}", servers[index], folder / f"server-{index}.log")
        if args.proxy:
            front = free_port()
            proxy = start_nginx(folder, ports, front)
            wait_for(f"http://127.0.0.1:{front}", proxy, folder / "nginx" / "error.log")
            base = f"http://127.0.0.1:{front}"
        else:
            base = f"http://127.0.0.1:{ports[0]}"
        time.sleep(2 if args.workers and not args.proxy else 0)  # every worker up
        me = psutil.Process()
        parents = [psutil.Process(server.pid) for server in servers]
        postmaster = psutil.Process(cluster[1]) if cluster else None
        front_proxy = psutil.Process(proxy.pid) if proxy else None
        loop_started = time.time()
        start = loop_started + args.warmup
        load = Load(base, args.speed, (start, start + args.seconds), start + args.seconds + (KILL_S if args.kill else 0))

        def cpu(*processes: psutil.Process | None) -> float:
            total = 0.0
            for one in [p for process in processes if process is not None
                        for p in [process, *process.children(recursive=True)]]:
                try:
                    total += sum(one.cpu_times()[:2])
                except psutil.Error:
                    pass
            return total

        async def measured() -> tuple[Load, float, float, float, tuple[int, int]]:
            task = asyncio.ensure_future(run_load(load, args.tables, args.people, args.warmup, args.seconds))
            await asyncio.sleep(max(0.0, start - time.time()))
            stats0 = pg_stats(db)
            cpu0, mine0, pg0, px0, t0 = (cpu(*parents), sum(me.cpu_times()[:2]), cpu(postmaster), cpu(front_proxy),
                                         time.time())
            await asyncio.sleep(args.seconds)
            cpu1, mine1, pg1, px1, t1 = (cpu(*parents), sum(me.cpu_times()[:2]), cpu(postmaster), cpu(front_proxy),
                                         time.time())
            stats1 = pg_stats(db)
            proxy_cpu[0] = (px1 - px0) / (t1 - t0)
            if args.proxy:
                counts.extend(await asyncio.to_thread(fleet_counts, ports))
            if args.kill:
                kill.update(await asyncio.to_thread(kill_an_owner, db))
                load.kill_at = kill["at"]
            span = t1 - t0
            await task
            if args.kill:  # a table that did not play on: had its game ended by the kill (nothing more to play)?
                silent = [room for room in kill["rooms"] if room not in load.resumed]
                kill["silent"] = await asyncio.to_thread(ended_by, db, silent, kill["at"])
            return (load, (cpu1 - cpu0) / span, (mine1 - mine0) / span, (pg1 - pg0) / span,
                    (stats1[0] - stats0[0], stats1[1] - stats0[1], stats1[2] - stats0[2]))

        proxy_cpu = [0.0]
        counts: list[dict[str, Any]] = []
        load_before = os.getloadavg()
        load, server_cpu, client_cpu, pg_cpu, (commits, rows, flushes) = asyncio.run(measured())
        load_after = os.getloadavg()
    finally:
        for process in [*servers, *([proxy] if proxy else [])]:
            try:
                os.killpg(process.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
        for process in [*servers, *([proxy] if proxy else [])]:
            process.wait(timeout=30)
        if cluster:
            stop_postgres(folder)
    ms = [1000 * x for x in load.broadcast]
    acts = [1000 * x for x in load.acts]
    per_action = server_cpu * args.seconds / max(1, load.actions)
    result = {
        "tables": args.tables, "people": args.people, "seconds": args.seconds, "speed": args.speed,
        "workers": args.workers, "proxy": args.proxy, "database": "postgresql" if db.startswith("postgresql") else "sqlite",
        "events_measured": len(ms), "events_per_second": round(len(ms) / args.seconds, 1),
        "actions_per_second": round(load.actions / args.seconds, 1),
        "broadcast_ms": {"p50": round(percentile(ms, 0.5), 2), "p99": round(percentile(ms, 0.99), 2),
                         "max": round(max(ms, default=float("nan")), 2)},
        "person_act_ms": {"n": len(acts), "p50": round(percentile(acts, 0.5), 2),
                          "p99": round(percentile(acts, 0.99), 2)},
        "games_finished": load.games,
        "server_cpu_cores": round(server_cpu, 3), "clients_cpu_cores": round(client_cpu, 3),
        "postgres_cpu_cores": round(pg_cpu, 3) if cluster else None,
        "proxy_cpu_cores": round(proxy_cpu[0], 3) if proxy else None,
        "actions": load.actions,
        "server_cpu_ms_per_action": round(1000 * per_action, 3),
        "postgres_cpu_ms_per_action": round(1000 * pg_cpu * args.seconds / max(1, load.actions), 3) if cluster else None,
        "commits_per_action": round(commits / max(1, load.actions), 3) if commits else None,
        "rows_written_per_action": round(rows / max(1, load.actions), 3) if rows else None,
        "wal_flushes_per_action": round(flushes / max(1, load.actions), 3) if commits else None,
        "fleet": [{k: c.get(k) for k in ("tables", "relayed_here", "relayed_away", "handed_over")} for c in counts]
        if counts else None,
        "kernel_cpu_ms_per_action": round(1000 * anchor, 3),
        "server_to_kernel": round(per_action / anchor, 1),
        "load_average": [round(x, 2) for x in (*load_before[:1], *load_after[:1])],
        "errors": len(load.errors),
    }
    if args.kill:
        pauses = sorted(load.resumed.get(room, float("inf")) - kill["at"] for room in kill["rooms"])
        result["takeover"] = {"tables": len(kill["rooms"]), "not_resumed": sum(p == float("inf") for p in pauses),
                              "not_resumed_ended_before_kill": kill.get("silent"),
                              "pause_s": {"p50": round(percentile(pauses, 0.5), 2),
                                          "max": round(max(pauses, default=float("nan")), 2)}}
    if args.json:
        print(json.dumps(result))
        return
    print(f"{args.tables} bot tables (+{args.people} with a person), {args.seconds:g} s measured at speed {args.speed}"
          f" on {result['database']}" + (f", {args.workers} server processes" if args.workers else "")
          + (f" behind {args.proxy}" if args.proxy else ""))
    print(f"action -> broadcast: p50 {result['broadcast_ms']['p50']} ms, p99 {result['broadcast_ms']['p99']} ms, "
          f"max {result['broadcast_ms']['max']} ms over {len(ms)} events ({result['events_per_second']}/s)")
    print(f"person act -> result: p50 {result['person_act_ms']['p50']} ms, p99 {result['person_act_ms']['p99']} ms "
          f"({len(acts)} acts; {len(load.errors)} errors)")
    print(f"CPU: server {100 * server_cpu:.0f}% of a core, clients {100 * client_cpu:.0f}%"
          + (f", nginx {100 * proxy_cpu[0]:.0f}%" if proxy else "") + " (2 cores in all); "
          f"{load.games} games finished; {result['actions_per_second']} actions a second")
    print(f"server CPU per action: {result['server_cpu_ms_per_action']} ms over {load.actions} actions, "
          f"{result['server_to_kernel']}x the {result['kernel_cpu_ms_per_action']} ms of the same tables played "
          "offline (rules and bots alone)")
    if cluster:
        print(f"PostgreSQL: {100 * pg_cpu:.0f}% of a core, {result['postgres_cpu_ms_per_action']} ms per action; "
              f"{result['commits_per_action']} commits (reads too), {result['wal_flushes_per_action']} WAL flushes and "
              f"{result['rows_written_per_action']} rows written per action")
    if counts:
        print("processes at the window's end: " + "; ".join(
            f"{c.get('tables')} tables, {c.get('relayed_here')} clients relayed to it, {c.get('relayed_away')} from it,"
            f" {c.get('handed_over')} tables handed over" for c in counts))
    if args.kill:
        print(f"takeover: {result['takeover']['tables']} tables of the killed process, pause p50 "
              f"{result['takeover']['pause_s']['p50']} s, max {result['takeover']['pause_s']['max']} s "
              f"({result['takeover']['not_resumed']} not resumed)")
    print("latencies are absolute times, which a busy machine inflates: "
          f"machine load average {result['load_average'][0]} before, {result['load_average'][1]} after "
          f"({os.cpu_count()} cores)")


KILL_S = 8.0  # --kill: how long the load goes on after the kill


def wait_for(base: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 60
    while True:
        try:
            if httpx.get(base + "/api/games", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        if time.monotonic() > deadline or process.poll() is not None:
            raise SystemExit(f"{base} did not start; see {log}")
        time.sleep(0.1)


def start_nginx(folder: Path, ports: list[int], front: int) -> subprocess.Popen[bytes]:
    """docs/deploying.md's fleet block (the room's hash picks the process) in a real nginx on 127.0.0.1:`front`."""
    import re
    import shutil

    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    if not Path(nginx).exists():
        raise SystemExit("--proxy nginx: nginx was not found (Debian: apt-get install nginx)")
    doc = (Path(__file__).parents[1] / "docs" / "deploying.md").read_text(encoding="utf-8")
    (block,) = re.findall(r"```nginx\n(map \$uri.*?)```", doc, flags=re.DOTALL)
    backends = "".join(f"    server 127.0.0.1:{port};\n" for port in ports)
    block = re.sub(r"(upstream zdeck \{\n(?:    hash [^\n]*\n)?)(?:    server [^\n]*\n)+",
                   lambda m: m.group(1) + backends, block)
    block = block.replace("listen 80;", f"listen 127.0.0.1:{front};")
    temp = folder / "nginx"
    temp.mkdir()
    (folder / "nginx.conf").write_text(
        f"daemon off; master_process off; pid {temp}/nginx.pid; error_log {temp}/error.log;\n"
        "events { worker_connections 4096; }\n"
        f"http {{ access_log off; client_body_temp_path {temp}; proxy_temp_path {temp}; fastcgi_temp_path {temp};"
        f" uwsgi_temp_path {temp}; scgi_temp_path {temp};\n{block}}}\n")
    return subprocess.Popen([nginx, "-p", str(temp), "-c", str(folder / "nginx.conf")],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)


def kill_an_owner(db: str) -> dict[str, Any]:
    """SIGKILL the server process that owns the most tables in play (its pid is in its name, zdeck.server.fleet);
    when, and those tables."""
    import psycopg

    url = db.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(url) as connection:
        rows = connection.execute(  # the tables in play (a finished one stays owned until it is let go)
            "SELECT o.process, o.room_id FROM owners o WHERE EXISTS (SELECT 1 FROM games g WHERE g.room_id = o.room_id "
            "AND g.finished IS NULL)").fetchall()
    by_process: dict[str, list[str]] = {}
    for process, room in rows:
        by_process.setdefault(process, []).append(room)
    victim = max(by_process, key=lambda name: len(by_process[name]))
    at = time.time()
    os.kill(int(victim.split("-")[-2]), signal.SIGKILL)
    return {"at": at, "rooms": by_process[victim], "process": victim}


def ended_by(db: str, rooms: list[str], at: float) -> dict[str, Any]:
    """Of `rooms`, those whose current game ended (or whose room was closed) before `at`, and the others' states."""
    import psycopg

    if not rooms:
        return {"ended": 0, "others": []}
    with psycopg.connect(db.replace("postgresql+psycopg://", "postgresql://")) as connection:
        rows = connection.execute(
            "SELECT g.room_id, g.finished, (SELECT process FROM owners o WHERE o.room_id = g.room_id), "
            "(SELECT count(*) FROM actions a WHERE a.room_id = g.room_id AND a.number = g.number) FROM games g "
            "WHERE g.room_id = ANY(%s) AND g.number = (SELECT max(number) FROM games h WHERE h.room_id = g.room_id)",
            (rooms,)).fetchall()
    ended = [row for row in rows if row[1] is not None and row[1] <= at]
    return {"ended": len(ended), "others": [list(row) for row in rows if row not in ended]}


def pg_stats(db: str) -> tuple[int, int, int]:
    """(commits, rows written, WAL flushes to disk) of the database so far; zeros on SQLite. A commit that wrote
    nothing (a read) flushes nothing: the flushes are what a disk pays for."""
    if not db.startswith("postgresql"):
        return 0, 0, 0
    import psycopg

    with psycopg.connect(db.replace("postgresql+psycopg://", "postgresql://")) as connection:
        row = connection.execute("SELECT xact_commit, tup_inserted + tup_updated + tup_deleted, (SELECT wal_sync FROM "
                                 "pg_stat_wal) FROM pg_stat_database WHERE datname = current_database()").fetchone()
    assert row is not None
    return int(row[0]), int(row[1]), int(row[2])


def fleet_counts(ports: list[int]) -> list[dict[str, Any]]:
    """Each process's fleet counts (GET /api/health): its tables, relayed clients, tables handed over."""
    found = []
    for port in ports:
        try:
            found.append(httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=5).json().get("fleet") or {})
        except httpx.HTTPError:
            pass
    return found


def start_postgres(folder: Path) -> tuple[str, int]:
    """A throwaway PostgreSQL cluster on 127.0.0.1 (its defaults: fsync and synchronous_commit on): (URL, the
    postmaster's pid)."""
    import glob
    import shutil

    bins = os.pathsep.join([os.environ.get("PATH", ""), *sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)])
    initdb, pg_ctl = shutil.which("initdb", path=bins), shutil.which("pg_ctl", path=bins)
    if initdb is None or pg_ctl is None:
        raise SystemExit("--postgres: initdb and pg_ctl were not found (Debian: apt-get install postgresql)")
    as_user: list[str] = []
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root
        as_user = ["runuser", "-u", "nobody", "--"]
        os.chown(folder, 65534, 65534)
    port = free_port()
    subprocess.run([*as_user, initdb, "-D", str(folder / "pg"), "-U", "zdeck", "--auth=trust", "-E", "UTF8"],
                   check=True, capture_output=True)
    subprocess.run([*as_user, pg_ctl, "-D", str(folder / "pg"), "-l", str(folder / "pg.log"), "-w", "-o",
                    f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c max_connections=200", "start"],
                   check=True, capture_output=True)
    pid = int((folder / "pg" / "postmaster.pid").read_text().split()[0])
    return f"postgresql+psycopg://zdeck@127.0.0.1:{port}/postgres", pid


def stop_postgres(folder: Path) -> None:
    import glob
    import shutil

    bins = os.pathsep.join([os.environ.get("PATH", ""), *sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)])
    pg_ctl = shutil.which("pg_ctl", path=bins)
    as_user = ["runuser", "-u", "nobody", "--"] if os.geteuid() == 0 else []
    subprocess.run([*as_user, str(pg_ctl), "-D", str(folder / "pg"), "-m", "fast", "stop"], check=False,
                   capture_output=True)
    shutil.rmtree(folder / "pg", ignore_errors=True)  # the cluster's files; the logs stay


if __name__ == "__main__":
    main()
