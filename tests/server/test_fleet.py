"""Several `zdeck serve` processes on one PostgreSQL (issue 34, zdeck.server.fleet): a table is owned by one
process, any process serves any client (relayed through PostgreSQL), and a table outlives its process.

Three real server processes (`--workers 1` each, as on three machines) on a throwaway PostgreSQL cluster on
127.0.0.1; the races test reaches them through docs/deploying.md's nginx block in a real nginx (skipped, saying
why, where nginx is missing). The kill test kills the owner of the most tables with SIGKILL ten times under load
and checks every version every client was shown against the records.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import shutil
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
import websockets

from tests.server.conftest import ServerProcess, free_port, zdeck_serve
from tests.server.test_postgres import postgres_url  # noqa: F401 - the throwaway cluster, a fixture
from zdeck.records import Record
from zdeck.registry import make

REPO = Path(__file__).parents[2]
DOC = (REPO / "docs" / "deploying.md").read_text(encoding="utf-8")


@pytest.fixture
def database(postgres_url: str) -> Iterator[str]:  # noqa: F811
    name = f"fleet_{os.getpid()}_{int(time.monotonic() * 1000)}"
    admin = sa.create_engine(postgres_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(sa.text(f"CREATE DATABASE {name}"))
    admin.dispose()
    yield postgres_url.rsplit("/", 1)[0] + f"/{name}"


class Fleet:
    """`count` server processes, each `zdeck serve --workers 1` on its own port, on one database."""

    def __init__(self, db: str, folder: Path, count: int = 3) -> None:
        self.db, self.folder = db, folder
        self.servers = [self._process(i, free_port()) for i in range(count)]
        self.started = 0

    def _process(self, index: int, port: int) -> ServerProcess:
        self.started = getattr(self, "started", 0) + 1
        return ServerProcess(self.db, port=port, log=self.folder / f"serve-{index}-{self.started}.log", cli=True,
                             extra=["--workers", "1"])

    def start(self) -> Fleet:
        from concurrent.futures import ThreadPoolExecutor

        with ThreadPoolExecutor(len(self.servers)) as starting:  # at once, as a fleet starts
            list(starting.map(ServerProcess.start, self.servers))
        return self

    def stop(self) -> None:
        """SIGTERM to all at once; one that has not stopped within 20 s is killed (none is left behind), and said."""
        running = [s.process for s in self.servers if s.process is not None and s.process.poll() is None]
        for process in running:
            os.killpg(process.pid, signal.SIGTERM)
        slow = []
        for process in running:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                slow.append(process.pid)
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=10)
        for server in self.servers:
            server.process = None
        assert not slow, f"server process(es) {slow} did not stop within 20 s of SIGTERM"

    def restart(self, index: int) -> None:
        """A new process on the port of the one killed."""
        self.servers[index] = self._process(index, self.servers[index].port).start()

    def logs(self) -> str:
        return "\n".join(path.read_text(errors="replace") for path in sorted(self.folder.glob("serve-*.log")))


def owners(db: str) -> dict[str, int]:
    """Tables owned, by process name."""
    engine = sa.create_engine(db)
    try:
        with engine.connect() as connection:
            return dict(connection.execute(sa.text("SELECT process, count(*) FROM owners GROUP BY process")).all())
    finally:
        engine.dispose()


def owner_of(db: str, room: str) -> str | None:
    engine = sa.create_engine(db)
    try:
        with engine.connect() as connection:
            return connection.execute(sa.text("SELECT process FROM owners WHERE room_id = :r"), {"r": room}).scalar()
    finally:
        engine.dispose()


def versions_of_record(text: str) -> dict[int, tuple[int | None, str]]:
    """A record's entries by the version each one made (those that changed the version)."""
    record = Record.from_json(text)
    game = make(record.game, record.players, **record.options)
    state = game.new_state(record.seed)
    made: dict[int, tuple[int | None, str]] = {}
    for entry in record.actions:
        before = state.version
        if entry[0] is None:
            state.timeout()
        else:
            state.apply(entry[0], game.parse_action(entry[1]), seen=entry[2] if len(entry) == 3 else None)
        if state.version != before:
            made[state.version] = (entry[0], entry[1])
    return made


# -- people at one table on different processes, through nginx -----------------------------------------------------
@pytest.fixture
def proxied(database: str, tmp_path: Path) -> Iterator[tuple[Fleet, int]]:
    """Three processes behind docs/deploying.md's fleet block in a real nginx: (the fleet, nginx's port)."""
    nginx_bin = shutil.which("nginx") or "/usr/sbin/nginx"
    if not Path(nginx_bin).exists():
        pytest.skip("nginx is needed to put the fleet behind a proxy (Debian: apt-get install nginx)")
    (block,) = re.findall(r"```nginx\n(map \$uri.*?upstream zdeck.*?)```", DOC, flags=re.DOTALL)
    fleet = Fleet(database, tmp_path).start()
    front = free_port()
    backends = "".join(f"    server 127.0.0.1:{s.port};\n" for s in fleet.servers)
    block = re.sub(r"(upstream zdeck \{\n    hash [^\n]*\n)(?:    server [^\n]*\n)+", lambda m: m.group(1) + backends,
                   block)
    assert block.count("127.0.0.1:") == len(fleet.servers), block
    block = block.replace("listen 80;", f"listen 127.0.0.1:{front};")
    temp = tmp_path / "nginx"
    temp.mkdir()
    (tmp_path / "nginx.conf").write_text(
        f"daemon off; master_process off; pid {temp}/nginx.pid; error_log {temp}/error.log;\n"
        "events {}\n"
        f"http {{ access_log off; client_body_temp_path {temp}; proxy_temp_path {temp}; fastcgi_temp_path {temp};"
        f" uwsgi_temp_path {temp}; scgi_temp_path {temp};\n{block}}}\n")
    proxy = subprocess.Popen([nginx_bin, "-p", str(temp), "-c", str(tmp_path / "nginx.conf")],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                if httpx.get(f"http://127.0.0.1:{front}/api/games", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert proxy.poll() is None, proxy.stderr.read() if proxy.stderr else ""
            assert time.monotonic() < deadline, "nginx did not answer"
            time.sleep(0.1)
        yield fleet, front
    finally:
        os.killpg(proxy.pid, signal.SIGTERM)
        proxy.wait(timeout=10)
        fleet.stop()


async def person(url: str, token: str, log: list[dict[str, Any]], rng: random.Random) -> str:
    """A person who plays at once whatever they may (a random legal action, within 30 ms): returns the name of the
    process their connection is on."""
    ws = await websockets.connect(f"{url}?token={token}", max_size=None, open_timeout=30)
    assert ws.response is not None
    process = ws.response.headers["x-zdeck-process"]
    async with ws:
        acted = -1
        while True:
            message = json.loads(await asyncio.wait_for(ws.recv(), 60))
            log.append(message)
            if message["type"] != "state":
                continue
            if message["over"]:
                return process
            if message["legal_ids"] and message["version"] > acted:
                acted = message["version"]
                await asyncio.sleep(rng.random() * 0.03)
                await ws.send(json.dumps({"type": "act", "action": rng.choice(message["legal_ids"]),
                                          "seen": message["version"]}))


def test_people_at_one_table_on_three_processes_behind_nginx_see_one_game(proxied: tuple[Fleet, int],
                                                                           database: str) -> None:
    fleet, front = proxied
    base = f"http://127.0.0.1:{front}"
    with httpx.Client(base_url=base, timeout=30) as client:
        # no bot covers the people while they are not connected yet: the game waits for them (with covers it was
        # over in about 4 s, before a loaded machine had connected them all)
        room = client.post("/api/rooms", json={"game": "zipzap", "players": 3,
                                               "options": {"speed": 0.05, "rounds": 1, "cover": False}}).json()["room"]
        tokens = [client.post(f"/api/rooms/{room}/join", json={"name": f"P{seat}", "seat": seat}).json()["token"]
                  for seat in range(3)]
        assert {r["room"] for r in client.get("/api/rooms").json()} >= {room}  # the lobby, from any process

    async def routed() -> set[str]:
        """The proxy sends every connection to a table to one process (the room's hash), and the table follows."""
        opened = [await websockets.connect(f"ws://127.0.0.1:{front}/ws/rooms/{room}", open_timeout=30)
                  for _ in range(3)]
        for ws in opened:
            assert json.loads(await asyncio.wait_for(ws.recv(), 30))["type"] == "state"
            await ws.close()
        return {ws.response.headers["x-zdeck-process"] for ws in opened if ws.response is not None}

    (chosen,) = asyncio.run(routed())
    assert owner_of(database, room) == chosen
    # The unlucky case (a process added or gone moves part of the hash): each person on a process of their own.
    logs: list[list[dict[str, Any]]] = [[], [], []]

    async def table() -> list[str]:
        return await asyncio.gather(*[person(f"{fleet.servers[seat].ws}/ws/rooms/{room}", tokens[seat], logs[seat],
                                             random.Random(seat)) for seat in range(3)])

    processes = asyncio.run(asyncio.wait_for(table(), 120))
    assert len(set(processes)) == 3  # each person on a process of their own: two of them relayed
    with httpx.Client(base_url=base, timeout=30) as client:
        text = client.get(f"/api/rooms/{room}/record").text  # from any process (the owner's, relayed)
        assert client.get(f"/api/rooms/{room}").json()["over"]
        assert client.get(f"/api/rooms/{room}/log").json()["log"]  # what happened, too (a reload's log)
    # the game starts once the seats are taken: from the moment the last person is connected, everyone hears all
    joined = max(next(m["version"] for m in log if m["type"] == "state") for log in logs)
    seen = [[(m["kind"], m["seat"], m["version"], m["outcome"], m["late"]) for m in log
             if m["type"] == "event" and m["kind"] == "action" and m["version"] > joined] for log in logs]
    assert seen[0] == seen[1] == seen[2] and len(seen[0]) > 10  # the same versions, in the same order
    assert any(late for *_, late in seen[0]), "no race: nobody's card came late"
    made = versions_of_record(text)
    for message in logs[0]:
        if message["type"] == "event" and message["kind"] == "action" and message["outcome"] != "bounced":
            assert made[message["version"]] == (message["seat"], message["action"] or made[message["version"]][1])
    versions = [m["version"] for m in logs[0] if m["type"] == "state"]
    assert versions == sorted(versions)


# -- kill -9 of the owner, ten times, under load ---------------------------------------------------------------
TABLES = 9
KILLS = 10
TABLE = {"game": "zopzoo", "players": 3, "bots": {str(p): "heuristic" for p in range(3)},
         "options": {"speed": 0.1, "target": 3000}}  # a long game: it plays through every kill


class Watcher:
    """A spectator of one table on a random live process; reconnects to another when its process goes."""

    def __init__(self, room: str, fleet: Fleet) -> None:
        self.room, self.fleet = room, fleet
        self.events: list[dict[str, Any]] = []
        self.states: list[int] = []
        self.arrived: list[float] = []  # when each event came (time.monotonic)
        self.connections = 0
        self.over = False

    async def run(self, until: asyncio.Event) -> None:
        while not until.is_set():
            server = random.choice(self.fleet.servers)
            try:
                async with websockets.connect(f"{server.ws}/ws/rooms/{self.room}", max_size=None,
                                              open_timeout=5) as ws:
                    self.connections += 1
                    while not until.is_set():
                        try:
                            message = json.loads(await asyncio.wait_for(ws.recv(), 0.5))
                        except TimeoutError:
                            continue
                        if message["type"] == "event" and message["kind"] in ("action", "timeout"):
                            self.events.append(message)
                            self.arrived.append(time.monotonic())
                        elif message["type"] == "state":
                            self.states.append(message["version"])
                            if message["over"]:
                                self.over = True
                                return
            except (OSError, websockets.InvalidStatus, websockets.ConnectionClosed, TimeoutError):
                await asyncio.sleep(0.1)


def test_ten_kills_of_an_owning_process_under_load_lose_nothing_and_apply_nothing_twice(database: str,
                                                                                      tmp_path: Path) -> None:
    fleet = Fleet(database, tmp_path).start()
    pauses: list[float] = []
    try:
        rooms = [fleet.servers[i % 3].post("/api/rooms", TABLE)["room"] for i in range(TABLES)]
        watchers = [Watcher(room, fleet) for room in rooms for _ in range(2)]

        async def scenario() -> None:
            done = asyncio.Event()
            tasks = [asyncio.create_task(w.run(done)) for w in watchers]
            await asyncio.sleep(1.5)
            names: dict[int, str] = {}
            restarting: list[asyncio.Task[None]] = []
            for kill in range(KILLS):
                while sum(server.process is not None for server in fleet.servers) < 2:  # one survives, at least
                    await asyncio.sleep(0.1)
                held = owners(database)
                up = [i for i, server in enumerate(fleet.servers) if server.process is not None]
                for i in up:  # which process is which: its name, from a connection's header
                    if fleet.servers[i].port not in names:
                        async with websockets.connect(f"{fleet.servers[i].ws}/ws/rooms/{rooms[0]}") as ws:
                            assert ws.response is not None
                            names[fleet.servers[i].port] = ws.response.headers["x-zdeck-process"]
                victim = max(up, key=lambda i: held.get(names[fleet.servers[i].port], 0))
                assert held.get(names[fleet.servers[victim].port], 0) > 0, held
                counts = [len(w.events) for w in watchers]
                killed_at = time.monotonic()
                fleet.servers[victim].kill()  # SIGKILL
                del names[fleet.servers[victim].port]
                # every table plays on: each watcher hears new moves (on a process that took the table over)
                deadline = killed_at + 20
                while any(len(w.events) <= c and not w.over for w, c in zip(watchers, counts)):
                    stuck = [(w.room, w.connections, len(w.events), w.states[-3:]) for w, c in zip(watchers, counts)
                             if len(w.events) <= c and not w.over]
                    assert time.monotonic() < deadline, \
                        f"kill {kill + 1}: tables did not resume within 20 s: {stuck}\n{fleet.logs()[-3000:]}"
                    await asyncio.sleep(0.05)
                pauses.append(max(w.arrived[c] - killed_at for w, c in zip(watchers, counts) if len(w.arrived) > c))
                restarting.append(asyncio.create_task(asyncio.to_thread(fleet.restart, victim)))
            await asyncio.gather(*restarting)
            done.set()
            await asyncio.gather(*tasks)

        asyncio.run(asyncio.wait_for(scenario(), 240))
    finally:
        fleet.stop()
    logs = fleet.logs()
    assert "Traceback" not in logs, logs[-3000:]
    took = [float(x) for x in re.findall(r"took over \d+ of its \d+ table\(s\) in ([\d.]+) s", logs)]
    assert took and max(took) <= 2.0, took
    engine = sa.create_engine(database)
    try:
        with engine.connect() as connection:
            for room in rooms:
                check_against_the_record(connection, room, [w for w in watchers if w.room == room])
    finally:
        engine.dispose()
    print(f"takeover pauses seen by watchers (s): {sorted(round(p, 2) for p in pauses)}")


def check_against_the_record(connection: sa.Connection, room: str, watchers: list[Watcher]) -> None:
    """Every version any watcher was shown is in the database, made by the move it was shown as, once."""
    from zdeck.server.store import Store

    store = Store(str(connection.engine.url.render_as_string(hide_password=False)))
    try:
        data = store.load(room)
        assert data is not None
        made: dict[int, tuple[int | None, str]] = {}
        game = make(data.game, data.players, **data.options)
        state = game.new_state(data.seed)
        for entry in data.actions:
            before = state.version
            if entry[0] is None:
                state.timeout()
            else:
                state.apply(entry[0], game.parse_action(entry[1]), seen=entry[2] if len(entry) == 3 else None)
            if state.version != before:
                assert state.version not in made, f"room {room}: version {state.version} made twice"
                made[state.version] = (entry[0], entry[1])
    finally:
        store.close()
    for watcher in watchers:
        shown = [e for e in watcher.events if e.get("outcome") != "bounced"]
        for event in shown:
            version = event["version"]
            assert version in made, f"room {room}: a watcher was shown version {version}; the database holds " \
                                    f"{max(made, default=0)}"
            if event["kind"] == "action":
                assert made[version] == (event["seat"], event["action"]), (room, version, made[version], event)
            else:
                assert made[version][0] is None
        versions = [e["version"] for e in shown]
        assert versions == sorted(versions), f"room {room}: versions shown out of order"


def test_sqlite_refuses_several_workers_and_a_single_server_refuses_a_fleets_database(
        database: str, tmp_path: Path) -> None:
    done = subprocess.run([*zdeck_serve(), "--port", str(free_port()), "--db", str(tmp_path / "z.sqlite3"),
                           "--workers", "2"], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode != 0 and "needs a PostgreSQL database" in done.stderr, done.stderr
    fleet = Fleet(database, tmp_path, count=1).start()
    try:
        single = subprocess.run([*zdeck_serve(), "--port", str(free_port()), "--db", database],
                                capture_output=True, text=True, timeout=60, check=False)
        assert single.returncode != 0 and "another zdeck serve is serving this database" in single.stderr
    finally:
        fleet.stop()


def test_a_message_longer_than_a_notification_goes_through_the_relayed_table_in_order(database: str) -> None:
    import psycopg

    from zdeck.server.fleet import Sender, libpq_url
    from zdeck.server.store import Store

    store = Store(database)
    store.migrate()
    store.close()
    sender = Sender(database)
    with psycopg.connect(libpq_url(database), autocommit=True) as listening, \
            psycopg.connect(libpq_url(database), autocommit=True) as reading:
        listening.execute('LISTEN "zdeck_test"')
        sender.start()
        try:
            long = "é" * 20_000  # over the 8000 bytes of a notification
            for record in (["d", 1, "first", 1], ["d", 1, long, 0], ["d", 1, "last", 0]):
                sender.put("test", record)
            received: list[Any] = []
            for note in listening.notifies(timeout=10):
                for record in json.loads(note.payload)[1:]:
                    if record[0] == "big":
                        row = reading.execute("DELETE FROM relayed WHERE id = %s RETURNING body", (record[1],))
                        record = json.loads(row.fetchone()[0])  # type: ignore[index]
                    received.append(record)
                if len(received) == 3:
                    break
        finally:
            sender.stop()
    assert [r[2] for r in received] == ["first", long, "last"]
