"""Fixtures: the app in-process (FastAPI's TestClient) and a real `zdeck serve` process on loopback."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

pytest.importorskip("fastapi")
warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient` is deprecated")

from fastapi.testclient import TestClient

from zdeck.server import create_app
from zdeck.server.limits import PUBLIC

# The server's limits for the tests that are not about them: many rooms from one address, bots-only tables at any
# speed. (tests/server/test_hostile.py and the other tests of the limits run with the public ones.)
LAX = ["rooms_burst=100000", "waiting_per_address=100000", "min_bots_only_speed=0", "sockets_per_address=100000"]


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'zdeck.sqlite3'}"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url, PUBLIC.with_settings(LAX))) as test_client:
        yield test_client


def zdeck_serve() -> list[str]:
    """The installed `zdeck serve` command; `python -m zdeck.server` (the same `serve()`) where the
    installed CLI has no serve command."""
    script = Path(sys.executable).with_name("zdeck")
    if script.exists():
        shown = subprocess.run([str(script), "serve", "--help"], capture_output=True, check=False, timeout=60)
        if shown.returncode == 0:
            return [str(script), "serve"]
    return [sys.executable, "-m", "zdeck.server"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class ServerProcess:
    """A real server process in its own process group, on 127.0.0.1: `python -m zdeck.server` (what
    `zdeck serve` runs), or the `zdeck serve` command itself (`cli=True`)."""

    def __init__(self, db: str, port: int | None = None, log: Path | None = None, cli: bool = False,
                 limits: list[str] | None = None, extra: list[str] | None = None) -> None:
        self.db, self.port = db, port or free_port()
        self.options = [option for setting in (LAX if limits is None else limits) for option in ("--limit", setting)]
        self.options += extra or []
        self.command = [*zdeck_serve(), "--host", "127.0.0.1"] if cli else \
            [sys.executable, "-m", "zdeck.server", "--host", "127.0.0.1"]
        self.log = log or Path(tempfile.mkstemp(prefix="zdeck-serve-", suffix=".log")[1])
        self.base = f"http://127.0.0.1:{self.port}"
        self.ws = f"ws://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> ServerProcess:
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        with self.log.open("ab") as sink:  # a file, not a pipe: a full pipe nobody reads would stall the server
            self.process = subprocess.Popen([*self.command, "--port", str(self.port), "--db", self.db, *self.options],
                                            stdout=sink, stderr=subprocess.STDOUT, env=env, start_new_session=True)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited with {self.process.returncode}:\n{self.output()}")
            try:
                if httpx.get(self.base + "/api/games", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        self.kill()
        raise RuntimeError("the server did not answer within 30 s")

    def kill(self, sig: int = signal.SIGKILL) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, sig)  # the whole process group the server started
            self.process.wait(timeout=10)
        self.process = None

    def output(self) -> str:
        return self.log.read_text(errors="replace")

    def get(self, path: str) -> Any:
        response = httpx.get(self.base + path, timeout=10)
        response.raise_for_status()
        return response.json()

    def post(self, path: str, body: dict[str, Any]) -> Any:
        response = httpx.post(self.base + path, json=body, timeout=10)
        assert response.status_code in (200, 201), response.text
        return response.json()


def served(folder: Path) -> Iterator[ServerProcess]:
    """A real server on a fresh SQLite file in `folder`, stopped as a service manager would (SIGTERM)."""
    process = ServerProcess(f"sqlite:///{folder / 'zdeck.sqlite3'}", log=folder / "serve.log").start()
    try:
        yield process
    finally:
        process.kill(signal.SIGTERM)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    yield from served(tmp_path_factory.mktemp("serve"))
