"""The server on PostgreSQL: a throwaway cluster started for the test on 127.0.0.1 (skipped, with
the reason, where the PostgreSQL binaries or the driver are missing)."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import LAX, free_port
from zdeck.records import Record, replay
from zdeck.server import create_app
from zdeck.server.limits import PUBLIC


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    # on PATH, or where Debian's postgresql package puts them
    bins = [os.environ.get("PATH", ""), *sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)]
    initdb, pg_ctl = shutil.which("initdb", path=os.pathsep.join(bins)), shutil.which("pg_ctl", path=os.pathsep.join(bins))
    if initdb is None or pg_ctl is None:
        pytest.skip("PostgreSQL's initdb and pg_ctl were not found on PATH nor in /usr/lib/postgresql/*/bin "
                    "(Debian: apt-get install postgresql)")
    pytest.importorskip("psycopg", reason="the PostgreSQL driver is missing: pip install 'zdeck[postgres]'")
    folder = tempfile.mkdtemp(prefix="zdeck-pg-")
    as_user: list[str] = []
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root: the cluster belongs to nobody
        runuser = shutil.which("runuser")
        if runuser is None:
            pytest.skip("running as root without runuser: PostgreSQL cannot be started as root")
        as_user = [runuser, "-u", "nobody", "--"]
        os.chown(folder, 65534, 65534)
    data, log = os.path.join(folder, "data"), os.path.join(folder, "log")
    port = free_port()
    subprocess.run([*as_user, initdb, "-D", data, "-U", "zdeck", "--auth=trust", "-E", "UTF8", "--no-sync"],
                   check=True, capture_output=True)
    subprocess.run([*as_user, pg_ctl, "-D", data, "-l", log, "-w", "-t", "30", "-o",
                    f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off", "start"],
                   check=True, capture_output=True)
    try:
        yield f"postgresql+psycopg://zdeck@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run([*as_user, pg_ctl, "-D", data, "-m", "immediate", "stop"], check=False, capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)


def test_rooms_play_and_survive_a_restart_on_postgres(postgres_url: str) -> None:
    with TestClient(create_app(postgres_url, PUBLIC.with_settings(LAX))) as client:
        done = client.post("/api/rooms", json={"game": "zipzap", "players": 3, "options": {"speed": 0.0, "rounds": 1},
                                               "bots": {"0": "greedy", "1": "greedy", "2": "random"}}).json()["room"]
        waiting = client.post("/api/rooms", json={"game": "zoop", "players": 3, "bots": {"1": "heuristic"}}).json()
        token = client.post(f"/api/rooms/{waiting['room']}/join", json={"name": "Ann"}).json()["token"]
        deadline = time.monotonic() + 30
        while not client.get(f"/api/rooms/{done}").json()["over"]:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        first = client.get(f"/api/rooms/{done}/record").text
    with TestClient(create_app(postgres_url, PUBLIC.with_settings(LAX))) as client:  # a new process's worth: everything read back
        again = client.get(f"/api/rooms/{done}/record").text
        assert again == first and replay(Record.from_json(again)).is_over()
        info = client.get(f"/api/rooms/{waiting['room']}").json()
        assert info["status"] == "waiting" and info["seats"][0]["name"] == "Ann"
        with client.websocket_connect(f"/ws/rooms/{waiting['room']}?token={token}") as ws:
            assert ws.receive_json()["seat"] == 0
