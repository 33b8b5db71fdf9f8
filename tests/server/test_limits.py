"""Bounded everything (issue 29, part 3): what a request may send and ask, on a real `zdeck serve` with the
public limits (times shortened so that the test waits little), each refusal a 4xx that says why.

The bounds themselves are `zdeck.server.limits.Limits`; docs/deploying.md lists them.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

import zdeck
from tests.server.conftest import ServerProcess, free_port, zdeck_serve
from tests.server.helpers import detail_of, raw_http, status_of
from zdeck.server.catalog import OPTION_LIMITS
from zdeck.server.limits import PUBLIC
from zdeck.server.store import Store

FAST = ["headers_s=1", "body_s=1"]  # the public limits, with the two read times short
UPGRADE = (b"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
           b"Sec-WebSocket-Version: 13\r\n")


@pytest.fixture(scope="module")
def public(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("public")
    server = ServerProcess(f"sqlite:///{folder / 'zdeck.sqlite3'}", log=folder / "serve.log", limits=FAST,
                           extra=["--allow-origin", "https://friends.example"]).start()
    try:
        yield server
    finally:
        server.kill()


def post(server: ServerProcess, path: str, body: Any, address: str) -> httpx.Response:
    """A request as if from `address` (the server believes X-Forwarded-For from 127.0.0.1: a local proxy)."""
    return httpx.post(server.base + path, json=body, headers={"X-Forwarded-For": address}, timeout=10)


def test_the_request_line_headers_and_body_are_bounded_in_size_and_time(public: ServerProcess) -> None:
    port = public.port
    cases = [
        (b"GET /api/games?" + b"a" * 9000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414, "over 8192 bytes"),
        (b"GET /ws/rooms/abc?token=" + b"a" * 9000 + b" HTTP/1.1\r\nHost: x\r\n" + UPGRADE + b"\r\n", 414,
         "over 8192 bytes"),  # a WebSocket's handshake too: the WebSocket library would drop it without a word
        (b"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Big: " + b"b" * 40_000 + b"\r\n\r\n", 431, "headers are over"),
        (b"GET /api/games HTTP/1.1\r\nHost: x\r\n" + b"X-A: 1\r\n" * 200 + b"\r\n", 431, "100 lines"),
        (b"POST /api/rooms HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000000"
         + b"\r\n\r\n{}", 413, "100000000 bytes; this server takes at most 65536"),
        (b"POST /api/rooms HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n"
         b"\r\n" + (b"8000\r\n" + b" " * 0x8000 + b"\r\n") * 3 + b"0\r\n\r\n", 413,
         "over 65536 bytes"),
        (b"POST /api/rooms HTTP/1.1\r\nHost: x\r\nContent-Length: nine\r\n\r\n", 400, ""),
        (b"POST /api/rooms HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{}",
         408, "did not arrive within 1 s"),  # a body that claims more than it sends
    ]
    for request, status, says in cases:
        taken, answer = raw_http(port, request)
        assert status_of(answer) == status, (request[:60], answer[:200])
        assert taken < 4, f"held {taken:.1f} s"
        if says:
            assert says in detail_of(answer), answer
    taken, answer = raw_http(port, b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n", pause=1.5)  # slow headers
    assert status_of(answer) == 408 and "headers did not arrive within 1 s" in detail_of(answer)
    assert httpx.get(public.base + "/api/games", timeout=10).status_code == 200  # and the server is fine


def test_bad_queries_are_a_4xx_with_a_message(public: ServerProcess) -> None:
    room = post(public, "/api/rooms", {"game": "zipzap", "players": 2, "bots": {"1": "greedy"}}, "10.0.0.1").json()
    for query, status, says in [("number=100000000000000000000", 404, "games are numbered 1 to 1"),
                                ("number=abc", 404, "no game 'abc'"), ("number=0", 404, "1 to 1"),
                                ("number=-3", 404, "1 to 1"), ("", 409, "not over")]:
        answer = httpx.get(f"{public.base}/api/rooms/{room['room']}/record?{query}", timeout=10)
        assert answer.status_code == status and says in answer.json()["detail"], (query, answer.text)


def test_rooms_are_made_within_an_allowance_per_address(public: ServerProcess) -> None:
    body = {"game": "zipzap", "players": 2, "bots": {"1": "greedy"}}
    made = [post(public, "/api/rooms", body, "10.0.0.2") for _ in range(PUBLIC.waiting_per_address + 1)]
    assert [r.status_code for r in made[:-1]] == [201] * PUBLIC.waiting_per_address
    assert made[-1].status_code == 429 and "tables waiting for people" in made[-1].json()["detail"]
    bots = {"game": "zipzap", "players": 2, "bots": {"0": "greedy", "1": "greedy"}}  # none waits: the allowance
    answers = [post(public, "/api/rooms", bots, "10.0.0.3") for _ in range(PUBLIC.rooms_burst + 1)]
    assert [r.status_code for r in answers[:-1]] == [201] * PUBLIC.rooms_burst
    refused = answers[-1].json()["detail"]
    assert answers[-1].status_code == 429 and "at most 10 at once and one more every 30 s; try again in" in refused
    assert post(public, "/api/rooms", bots, "10.0.0.4").status_code == 201  # another address is not held back


def test_options_within_the_servers_limits_which_games_list(public: ServerProcess) -> None:
    listed = {g["id"]: g for g in public.get("/api/games")}
    for game_id, capped in OPTION_LIMITS.items():
        for name, (low, high) in capped.items():
            option = next(o for o in listed[game_id]["options"] if o["name"] == name)
            assert (option["min"], option["max"]) == (low, high)
    speed = next(o for o in listed["zipzap"]["options"] if o["name"] == "speed")
    assert speed["min_bots_only"] == 1.0 and listed["zar"]["actions_at_most"] == PUBLIC.actions_at_most
    for body, says in [
        ({"game": "zipzap", "options": {"rounds": 1000}}, "rounds=1000 is beyond this server's limit: 1 to 24"),
        ({"game": "zar", "options": {"target": 10**9}}, "target=1000000000 is beyond this server's limit"),
        ({"game": "zar", "options": {"target": None}}, "zar: set hands or target (or both), or the game would never end"),
        ({"game": "zoker-kubo", "options": {"rounds": 21}}, "1 to 20"),
        ({"game": "zipzap", "players": 2, "bots": {"0": "greedy", "1": "greedy"}, "options": {"speed": 0}},
         "speed=0 is not allowed at a table of bots only: it plays at a human pace"),
        ({"game": "zar", "players": 9, "options": {"half_decks": 16, "chameleons": 16, "calls": "rulebook"}},
         "has 3551234 distinct actions; this server plays games of at most 20000"),
    ]:
        answer = post(public, "/api/rooms", body, "10.0.0.5")
        assert answer.status_code == 422 and says in answer.json()["detail"], answer.text
    # a person's table may run its bots fast: a person sets its pace
    assert post(public, "/api/rooms", {"game": "zipzap", "players": 2, "bots": {"1": "greedy"},
                                       "options": {"speed": 0}}, "10.0.0.5").status_code == 201


def test_the_biggest_action_table_allowed_is_served_off_the_event_loop(public: ServerProcess) -> None:
    query = {"players": 9, "half_decks": 16, "chameleons": 10}  # 17,648 actions, described off the loop
    assert zdeck.make("zar", 9, half_decks=16, chameleons=10).num_distinct_actions() <= PUBLIC.actions_at_most
    since = httpx.get(public.base + "/api/health", timeout=10).json()["stalls"]
    started = max([s["at"] for s in since], default=0.0)
    answer = httpx.get(f"{public.base}/api/games/zar/actions", params=query, timeout=60)
    assert answer.status_code == 200 and len(answer.json()["faces"]) == 17_648
    assert httpx.get(f"{public.base}/api/games/zar/actions", params=query, timeout=60).content == answer.content
    stalls = httpx.get(public.base + "/api/health", params={"since": started + 1e-3}, timeout=10).json()["stalls"]
    assert all(s["loop_cpu_ms"] < 100 for s in stalls), stalls
    too_big = httpx.get(f"{public.base}/api/games/zar/actions", timeout=10,
                        params={"players": 9, "half_decks": 16, "chameleons": 16, "calls": "rulebook"})
    assert too_big.status_code == 422 and "at most 20000" in too_big.json()["detail"]


def test_pages_carry_the_security_headers(public: ServerProcess) -> None:
    for path in ("/", "/rooms/abc", "/rules/zipzap", "/api/games", "/static/app.js"):
        headers = httpx.get(public.base + path, timeout=10).headers
        assert "frame-ancestors 'none'" in headers["content-security-policy"] and "script-src 'self';" in \
            headers["content-security-policy"], path
        assert headers["x-frame-options"] == "DENY" and headers["x-content-type-options"] == "nosniff", path
    assert "cdn.jsdelivr.net" in httpx.get(public.base + "/docs", timeout=10).headers["content-security-policy"]


def test_websockets_are_taken_from_this_servers_pages_and_the_allowed_origins(public: ServerProcess) -> None:
    room = post(public, "/api/rooms", {"game": "zipzap", "players": 2, "bots": {"1": "greedy"}}, "10.0.0.6").json()
    url = f"{public.ws}/ws/rooms/{room['room']}"

    async def first(origin: str | None) -> dict[str, Any]:
        async with websockets.connect(url, origin=origin, open_timeout=10) as ws:  # type: ignore[arg-type]
            return dict(json.loads(await asyncio.wait_for(ws.recv(), 10)))

    for origin in (None, public.base, "https://friends.example"):
        assert asyncio.run(first(origin))["type"] == "state", origin
    for origin in ("http://evil.example", f"http://127.0.0.1:{public.port + 1}", "null"):
        with pytest.raises(websockets.InvalidStatus) as refused:
            asyncio.run(first(origin))
        assert refused.value.response.status_code == 403
        assert b"takes WebSockets from its own pages" in refused.value.response.body


def refused(db: str, port: int) -> list[str]:
    """`zdeck serve` that must not start: the lines it printed (it exits with 2)."""
    done = subprocess.run([*zdeck_serve(), "--host", "127.0.0.1", "--port", str(port), "--db", db],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 2, (done.returncode, done.stdout, done.stderr)
    return (done.stdout + done.stderr).strip().splitlines()


def test_a_second_server_on_one_sqlite_file_or_one_port_refuses_to_start_saying_why(public: ServerProcess,
                                                                                   tmp_path: Path) -> None:
    said = refused(public.db, free_port())
    assert len(said) == 1 and "another zdeck serve is serving this SQLite file (process" in said[0], said
    said = refused(f"sqlite:///{tmp_path / 'other.sqlite3'}", public.port)
    assert said == [f"error: cannot listen on 127.0.0.1:{public.port}: Address already in use"], said
    assert not (tmp_path / "other.sqlite3").exists()  # the port is tried first, and nothing is printed before


def test_a_read_only_database_is_one_line(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'ro.sqlite3'}")  # a server's database, as it leaves it
    store.migrate()
    store.close()
    said = refused(f"sqlite:///file:{tmp_path / 'ro.sqlite3'}?mode=ro&uri=true", free_port())
    assert len(said) == 1 and "cannot write to the database: attempt to write a readonly database" in said[0], said


def test_a_host_beyond_this_machine_without_a_proxy_is_warned_about() -> None:
    from zdeck.server import exposure_warning

    assert exposure_warning("127.0.0.1", None) is None and exposure_warning("localhost", None) is None
    assert exposure_warning("::1", None) is None and exposure_warning("0.0.0.0", "10.0.0.9") is None
    said = exposure_warning("0.0.0.0", None)
    assert said is not None and "plain HTTP" in said and "--proxy" in said and "docs/deploying.md" in said
