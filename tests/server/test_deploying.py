"""Every command of docs/deploying.md runs as written (issue 29, part 4): its shell lines, the systemd unit's
ExecStart and the nginx server block, each run for real on this machine.

What the test puts in place of the page's machine: `zdeck` and `python` are the test's own (first on PATH),
HOME and the data directory are a temporary folder, and so is /srv/zdeck; PostgreSQL is a throwaway cluster
reached through libpq's environment (PGHOST, PGPORT, PGUSER), as `createdb` and `psql` would reach yours; every
port is a free one on 127.0.0.1 (a server started by a line is asked for its games, then stopped with SIGTERM
as systemd stops it); nginx listens on 127.0.0.1 with a self-signed certificate. `pip install` lines are not
run (they would install from the package index): the page names the extra, which must exist.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import signal
import ssl
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

from tests.server.conftest import free_port
from tests.server.test_postgres import postgres_url  # noqa: F401 - the throwaway cluster, a fixture

REPO = Path(__file__).parents[2]
DOC = (REPO / "docs" / "deploying.md").read_text(encoding="utf-8")


def blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", DOC, flags=re.DOTALL)


def shell_lines() -> list[str]:
    """The page's shell commands, one per line (continuations joined)."""
    lines = []
    for block in blocks("sh"):
        for line in block.replace("\\\n", " ").splitlines():
            if line.strip() and not line.lstrip().startswith("#"):
                lines.append(line.strip())
    return lines


@pytest.fixture
def machine(tmp_path: Path, postgres_url: str) -> Iterator[dict[str, str]]:  # noqa: F811
    """The environment the page's commands run in (see the module's docstring)."""
    cluster = sa.engine.make_url(postgres_url)
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
           "HOME": str(tmp_path / "home"), "XDG_DATA_HOME": str(tmp_path / "data"), "PGHOST": str(cluster.host),
           "PGPORT": str(cluster.port), "PGUSER": str(cluster.username), "PYTHONUNBUFFERED": "1"}
    (tmp_path / "home").mkdir()
    (tmp_path / "srv" / "zdeck").mkdir(parents=True)
    yield env
    with sa.create_engine(postgres_url, isolation_level="AUTOCOMMIT").connect() as connection:
        connection.execute(sa.text("DROP DATABASE IF EXISTS zdeck WITH (FORCE)"))


def on_this_machine(line: str, tmp_path: Path) -> tuple[str, int | None]:
    """The line with this machine's folder and a free port; the port, for a server it starts."""
    line = line.replace("/srv/zdeck/", f"{tmp_path}/srv/zdeck/")
    if not re.match(r"(\S*/)?zdeck serve\b", line):
        return line, None
    port = free_port()
    line = re.sub(r"--port \d+", f"--port {port}", line)
    if "--port" not in line:
        line = line.replace("zdeck serve", f"zdeck serve --port {port}", 1)
    return line, port


class Served:
    """A server started by one of the page's lines, as a shell would (and stopped as systemd does)."""

    def __init__(self, line: str, port: int, env: dict[str, str], log: Path) -> None:
        self.port, self.log = port, log
        with log.open("wb") as sink:
            self.process = subprocess.Popen(["bash", "-c", f"exec {line}"], env=env, stdout=sink,
                                            stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + 30
        while True:
            assert self.process.poll() is None, f"{line!r} exited: {log.read_text()}"
            try:
                if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, f"{line!r} did not answer: {log.read_text()}"
            time.sleep(0.1)

    def stop(self) -> int:
        """SIGTERM, as systemd stops it; 0 when it shut down cleanly (uvicorn passes the signal on once it has,
        and a process ended by SIGTERM is a clean stop to systemd)."""
        os.killpg(self.process.pid, signal.SIGTERM)
        code = self.process.wait(timeout=20)
        return 0 if code == -signal.SIGTERM else code


def test_every_shell_line_of_the_page_runs_as_written(machine: dict[str, str], tmp_path: Path) -> None:
    lines = shell_lines()
    assert any(line.startswith("alembic ") for line in lines) and any("createdb" in line for line in lines)
    for index, written in enumerate(lines):
        line, port = on_this_machine(written, tmp_path)
        if port is None:
            done = subprocess.run(["bash", "-c", line], env=machine, capture_output=True, text=True, timeout=120,
                                  check=False)
            assert done.returncode == 0, (written, done.stdout, done.stderr)
            continue
        served = Served(line, port, machine, tmp_path / f"serve-{index}.log")
        assert served.stop() == 0, served.log.read_text()
        said = served.log.read_text().splitlines()
        assert said[0].startswith(f"zdeck server: open http://localhost:{port}/"), said
        assert not [s for s in said[1:] if s.strip()], f"{written!r} said more than its address: {said}"
    assert (tmp_path / "srv" / "zdeck" / "zdeck.sqlite3").exists()
    assert (tmp_path / "data" / "zdeck" / "zdeck.sqlite3").exists()


def test_the_alembic_line_migrates_a_new_database(machine: dict[str, str], postgres_url: str) -> None:  # noqa: F811
    line = next(line for line in shell_lines() if line.startswith("alembic "))
    subprocess.run(["createdb", "zdeck"], env=machine, check=True, capture_output=True, timeout=60)
    done = subprocess.run(["bash", "-c", line], env=machine, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    with sa.create_engine(postgres_url.rsplit("/", 1)[0] + "/zdeck").connect() as connection:
        assert connection.execute(sa.text("SELECT version_num FROM alembic_version")).scalar() == "0003"
        assert connection.execute(sa.text("SELECT count(*) FROM rooms")).scalar() == 0


def test_the_pip_lines_name_an_extra_that_exists() -> None:
    pyproject = (REPO / "pyproject.toml").read_text()
    for extra in re.findall(r"pip install '(?:zdeck|\.)\[(\w+)\]'", DOC):
        assert re.search(rf"^{extra} = \[", pyproject, flags=re.MULTILINE), extra


def test_the_systemd_units_command_serves_and_stops_on_sigterm(machine: dict[str, str], tmp_path: Path) -> None:
    (unit,) = blocks("ini")
    command = next(line for line in unit.splitlines() if line.startswith("ExecStart="))[len("ExecStart="):]
    subprocess.run(["createdb", "zdeck"], env=machine, check=True, capture_output=True, timeout=60)
    line, port = on_this_machine(command.replace("/opt/zdeck/.venv/bin/zdeck", "zdeck"), tmp_path)
    assert port is not None
    served = Served(line, port, machine, tmp_path / "unit.log")
    room = httpx.post(f"http://127.0.0.1:{port}/api/rooms", json={"game": "zoker-solo", "players": 1},
                      timeout=10).json()["room"]

    async def closed_by_the_stop() -> int:
        async with websockets.connect(f"ws://127.0.0.1:{port}/ws/rooms/{room}") as ws:
            await ws.recv()
            served.process.send_signal(signal.SIGTERM)  # what `systemctl stop` sends (KillMode: the whole group)
            with pytest.raises(websockets.ConnectionClosed) as closed:
                while True:
                    await asyncio.wait_for(ws.recv(), 20)
            assert closed.value.rcvd is not None
            return closed.value.rcvd.code

    assert asyncio.run(closed_by_the_stop()) == 1012
    assert served.process.wait(timeout=20) in (0, -signal.SIGTERM)


@pytest.fixture
def nginx(tmp_path: Path) -> Iterator[tuple[int, int]]:
    """The page's nginx server block in a real nginx on 127.0.0.1 with a self-signed certificate, in front of a
    real `zdeck serve`: (nginx's port, the server's)."""
    nginx_bin, openssl = shutil.which("nginx") or "/usr/sbin/nginx", shutil.which("openssl")
    if not Path(nginx_bin).exists() or openssl is None:
        pytest.skip("nginx and openssl are needed to run the page's proxy block (Debian: apt-get install nginx)")
    subprocess.run([openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj",
                    "/CN=127.0.0.1", "-keyout", str(tmp_path / "privkey.pem"), "-out", str(tmp_path / "fullchain.pem")],
                   check=True, capture_output=True, timeout=60)
    front, back = free_port(), free_port()
    server = next(block for block in blocks("nginx") if block.startswith("server {"))
    server = server.replace("listen 443 ssl;", f"listen 127.0.0.1:{front} ssl;").replace(
        "/etc/ssl/zdeck/", f"{tmp_path}/").replace("127.0.0.1:8000", f"127.0.0.1:{back}")
    temp = tmp_path / "nginx"
    temp.mkdir()
    (tmp_path / "nginx.conf").write_text(
        f"daemon off; master_process off; pid {temp}/nginx.pid; error_log {temp}/error.log;\n"
        "events {}\n"
        f"http {{ access_log off; client_body_temp_path {temp}; proxy_temp_path {temp}; fastcgi_temp_path {temp};"
        f" uwsgi_temp_path {temp}; scgi_temp_path {temp};\n{server}}}\n")
    zdeck = Served(f"zdeck serve --port {back} --db {tmp_path / 'zdeck.sqlite3'}", back,
                   {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"},
                   tmp_path / "serve.log")
    proxy = subprocess.Popen([nginx_bin, "-p", str(temp), "-c", str(tmp_path / "nginx.conf")],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                httpx.get(f"https://127.0.0.1:{front}/", verify=False, timeout=1)
                break
            except httpx.HTTPError:
                assert proxy.poll() is None, proxy.stderr.read() if proxy.stderr else ""
                assert time.monotonic() < deadline, "nginx did not answer"
                time.sleep(0.1)
        yield front, back
    finally:
        os.killpg(proxy.pid, signal.SIGTERM)
        proxy.wait(timeout=10)
        zdeck.stop()


def test_a_person_plays_through_the_pages_nginx_block_over_tls(nginx: tuple[int, int]) -> None:
    front, _ = nginx
    base = f"https://127.0.0.1:{front}"
    with httpx.Client(base_url=base, verify=False, timeout=10) as client:
        page = client.get("/")
        assert page.status_code == 200 and "frame-ancestors 'none'" in page.headers["content-security-policy"]
        room = client.post("/api/rooms", json={"game": "zoker-solo", "players": 1}).json()["room"]
        token = client.post(f"/api/rooms/{room}/join", json={"name": "Ann"}).json()["token"]
    insecure = ssl.create_default_context()
    insecure.check_hostname, insecure.verify_mode = False, ssl.CERT_NONE

    async def play() -> dict[str, Any]:
        async with websockets.connect(f"wss://127.0.0.1:{front}/ws/rooms/{room}?token={token}", ssl=insecure,
                                      origin=base) as ws:  # type: ignore[arg-type] - as the page, from its origin
            state = json.loads(await ws.recv())
            await ws.send(json.dumps({"type": "act", "action": state["legal"][0], "seen": state["version"], "id": 1}))
            while True:
                message = json.loads(await asyncio.wait_for(ws.recv(), 10))
                if message["type"] in ("result", "error"):
                    return dict(message)

    assert asyncio.run(play())["type"] == "result"
