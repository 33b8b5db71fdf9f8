"""A real server killed with SIGKILL mid-game and restarted on the same database resumes every
table at its last committed version; the games end with the records an uninterrupted table
makes from the same seed (bots decide from generators derived from the seed and the version,
and bots that remember are shown every version again)."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from pathlib import Path
from typing import Any

import websockets

import zdeck
from tests.server.conftest import ServerProcess
from zdeck.live.room import play_offline
from zdeck.records import Record

SPEED = 0.05
TABLES: list[tuple[str, int, dict[str, str], dict[str, Any]]] = [
    ("zipzap", 4, {"0": "greedy", "1": "random", "2": "greedy", "3": "greedy"}, {"rounds": 1}),
    ("zoop", 3, {"0": "heuristic", "1": "heuristic", "2": "random"}, {}),
    ("zoker-memo", 3, {"0": "perfect", "1": "forgetful", "2": "goldfish"}, {}),  # bots with a memory
    ("zar", 3, {"0": "heuristic", "1": "heuristic", "2": "heuristic"}, {"hands": 1}),
]


def wait_for(check: Any, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


async def first_state(url: str) -> dict[str, Any]:
    async with websockets.connect(url) as ws:
        while True:
            message = json.loads(await asyncio.wait_for(ws.recv(), timeout=10))
            if message["type"] == "state":
                return message


def test_sigkill_mid_game_then_restart_resumes_every_table(tmp_path: Path) -> None:
    db_file = tmp_path / "zdeck.sqlite3"
    first = ServerProcess(f"sqlite:///{db_file}", log=tmp_path / "first.log", cli=True).start()
    try:
        rooms = [first.post("/api/rooms", {"game": g, "players": n, "bots": b, "options": {"speed": SPEED, **o}})["room"]
                 for g, n, b, o in TABLES]
        wait_for(lambda: all(first.get(f"/api/rooms/{r}")["version"] >= 12 for r in rooms), 30, "some moves")
    finally:
        first.kill()  # SIGKILL to the process group: no shutdown code runs
    with sqlite3.connect(db_file) as db:
        saved = {room: db.execute("SELECT count(*) FROM actions WHERE room_id = ?", (room,)).fetchone()[0]
                 for room in rooms}
        seeds = {room: db.execute("SELECT seed FROM games WHERE room_id = ?", (room,)).fetchone()[0] for room in rooms}
        unfinished = {row[0] for row in db.execute("SELECT room_id FROM games WHERE finished IS NULL")}
    assert unfinished, "every game ended before the kill: nothing was resumed"
    second = ServerProcess(f"sqlite:///{db_file}", port=first.port, log=tmp_path / "second.log", cli=True).start()
    try:
        for room in unfinished:  # clients reconnect to a resumed table, at (or past) the saved version
            state = asyncio.run(first_state(f"{second.ws}/ws/rooms/{room}"))
            assert state["version"] >= 1 and state["status"] in ("playing", "over")
        wait_for(lambda: all(second.get(f"/api/rooms/{r}")["over"] for r in rooms), 60, "every game's end")
        for room, (game_id, players, bots, options) in zip(rooms, TABLES):
            served = Record.from_json(httpx_text(second, f"/api/rooms/{room}/record"))
            expected = play_offline(zdeck.make(game_id, players, **options),
                                    {int(seat): name for seat, name in bots.items()}, seeds[room], SPEED)
            assert served.seed == seeds[room]
            assert served.actions[:saved[room]] == expected.actions[:saved[room]], game_id
            assert served.actions == expected.actions, f"{game_id}: the resumed game went another way"
            assert (served.scores, served.winners) == (expected.scores, expected.winners)
    finally:
        second.kill()


def httpx_text(server: ServerProcess, path: str) -> str:
    import httpx

    response = httpx.get(server.base + path, timeout=10)
    response.raise_for_status()
    return response.text
