"""kill -9 at the worst moments loses nothing anyone was shown (issue 29, part 2), on SQLite and PostgreSQL.

A real server (tests/server/pausing.py) is stopped at the point where a move is applied to a table's state
but not yet committed, or where a committed version has reached one client and not the others, and killed
there with SIGKILL. Meanwhile watchers keep every version they were shown, and a client connecting during the
save and a REST read try to see the table. Then the database is read back as a restarted server would
(`Room.restore`): every version anyone was shown must be in it.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
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
from zdeck.live.room import Room
from zdeck.server.store import Store

REPO = Path(__file__).parents[2]
TABLE = {"game": "zipzap", "players": 4, "bots": {str(p): "greedy" for p in range(4)},
         "options": {"speed": 0.05, "rounds": 2}}


class Pausing(ServerProcess):
    """The server of tests/server/pausing.py, which stops at `point` once `folder/arm` exists."""

    def __init__(self, point: str, folder: Path, db: str) -> None:
        super().__init__(db, log=folder / "serve.log")
        self.command = [sys.executable, "-m", "tests.server.pausing", point, str(folder), "--", "--host", "127.0.0.1"]

    def start(self) -> ServerProcess:
        os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))
        return super().start()


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'kill.sqlite3'}"
        return
    cluster = request.getfixturevalue("postgres_url")
    name = f"kill_{os.getpid()}_{int(time.monotonic() * 1000)}"
    admin = sa.create_engine(cluster, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(sa.text(f"CREATE DATABASE {name}"))
    admin.dispose()
    yield cluster.rsplit("/", 1)[0] + f"/{name}"


async def watch(url: str, seen: list[int]) -> None:
    """Keep the version of every state and event this client is shown, until the connection ends."""
    try:
        async with websockets.connect(url, open_timeout=30) as ws:
            async for text in ws:
                message = json.loads(text)
                if message.get("version") is not None:
                    seen.append(message["version"])
    except (OSError, websockets.ConnectionClosed):
        pass


async def until(check: Any, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.02)


def saved_version(db: str, room: str) -> int:
    """The table's version as a restarted server rebuilds it from the database."""
    store = Store(db)
    try:
        data = store.load(room)
        assert data is not None
        return Room.restore(data, store).state.version
    finally:
        store.close()


@pytest.mark.parametrize("point", ["commit", "broadcast"])
def test_a_kill_at_the_worst_moment_loses_nothing_anyone_was_shown(point: str, database: str, tmp_path: Path) -> None:
    folder = tmp_path / point
    folder.mkdir()
    server = Pausing(point, folder, database).start()
    try:
        room = server.post("/api/rooms", TABLE)["room"]
        watchers: list[list[int]] = [[], []]
        late: list[int] = []
        read: list[int] = []

        async def scenario() -> None:
            tasks = [asyncio.create_task(watch(f"{server.ws}/ws/rooms/{room}", seen)) for seen in watchers]
            await until(lambda: max(watchers[0], default=0) >= 6, 30, "some moves")
            (folder / "arm").touch()
            await until((folder / "paused").exists, 30, "the server to stop at its point")
            if point == "commit":  # the move is applied, not committed: nothing of it may be read
                arriving = asyncio.create_task(watch(f"{server.ws}/ws/rooms/{room}", late))
                async with httpx.AsyncClient(base_url=server.base, timeout=1.0) as client:
                    try:
                        read.append((await client.get(f"/api/rooms/{room}")).json()["version"])
                    except httpx.TimeoutException:
                        pass  # held until the commit, which never comes
                    listed = (await client.get("/api/rooms")).json()  # the lobby still answers
                    assert any(r["room"] == room and r["status"] == "playing" for r in listed)
                await asyncio.sleep(0.5)
                tasks.append(arriving)
            server.kill()  # SIGKILL, mid-save or mid-broadcast
            await asyncio.wait_for(asyncio.gather(*tasks), timeout=10)

        asyncio.run(scenario())
    finally:
        server.kill()
    shown = max(v for seen in [*watchers, late, read] for v in seen)
    saved = saved_version(database, room)
    assert shown <= saved, f"a client was shown version {shown}; the database holds {saved}"
    if point == "commit":
        assert late == [] and read == [], "a client read the table while a move was unsaved"
    else:
        assert max(watchers[0] + watchers[1]) == saved  # one client had the last version, saved before it was sent


def test_a_second_server_on_one_postgresql_database_refuses_to_start_saying_why(postgres_url: str,  # noqa: F811
                                                                                 tmp_path: Path) -> None:
    first = ServerProcess(postgres_url, log=tmp_path / "first.log").start()
    try:
        done = subprocess.run([*zdeck_serve(), "--host", "127.0.0.1", "--port", str(free_port()), "--db",
                               postgres_url], capture_output=True, text=True, timeout=60, check=False)
    finally:
        first.kill()
    said = (done.stdout + done.stderr).strip().splitlines()
    assert done.returncode == 2 and len(said) == 1, said
    assert "another zdeck serve is serving this database (its connection from 127.0.0.1" in said[0], said
