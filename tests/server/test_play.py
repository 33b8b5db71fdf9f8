"""Whole games through a real `zdeck serve` process: two people (scripted WebSocket clients
choosing among the legal actions) against each other and against a bot, in every game."""

from __future__ import annotations

import asyncio
import json
import random
import time
from typing import Any

import pytest
import websockets

from tests.server.conftest import ServerProcess
from zdeck.records import Record, replay

# game, players, bots by seat, options (short matches; fast bots)
TABLES: list[tuple[str, int, dict[str, str], dict[str, Any]]] = [
    ("zipzap", 3, {"2": "greedy"}, {"rounds": 1}),
    ("zoop", 3, {"2": "heuristic"}, {}),
    ("zopzoo", 3, {"2": "heuristic"}, {"target": 150}),
    ("zoker-solo", 1, {}, {}),
    ("zoker-memo", 3, {"2": "perfect"}, {"deal": 8}),
    ("zoker-tiko", 3, {"2": "cheap-winner"}, {}),
    ("zoker-kubo", 3, {"2": "points"}, {}),
    ("zar", 3, {"2": "heuristic"}, {"hands": 1}),
]


async def person(url: str, seed: int, log: dict[str, Any]) -> dict[str, Any]:
    """Play each state that offers this seat something, once, at random, until the game is over.
    `log` counts the messages by kind and keeps the last state's version, offers and time (what a test that
    ran out of time says of each table)."""
    rng = random.Random(seed)
    acted_at = -1
    async with websockets.connect(url, max_size=None) as ws:
        while True:
            message = json.loads(await asyncio.wait_for(ws.recv(), timeout=30))
            kind = message["type"]
            log[kind] = log.get(kind, 0) + 1
            if kind != "state":
                log["last " + kind] = str(message.get("message") or message.get("kind") or "")[:80]
                continue
            log["at"] = (message["version"], len(message["legal"]), round(time.monotonic(), 1))
            if message["over"]:  # the answers to acts still on their way come after
                while log.get("result", 0) + log.get("error", 0) < log.get("sent", 0):
                    answer = json.loads(await asyncio.wait_for(ws.recv(), timeout=10))
                    log[answer["type"]] = log.get(answer["type"], 0) + 1
                return message
            if message["legal"] and message["version"] > acted_at:
                acted_at = message["version"]
                await asyncio.sleep(0.04)  # a quick person, well inside the server's rate limit
                await ws.send(json.dumps({"type": "act", "action": rng.choice(message["legal"]),
                                          "seen": message["version"]}))
                log["sent"] = log.get("sent", 0) + 1


async def watch(url: str) -> dict[str, Any]:
    async with websockets.connect(url, max_size=None) as ws:
        while True:
            message = json.loads(await asyncio.wait_for(ws.recv(), timeout=30))
            if message["type"] == "state" and message["over"]:
                return message


async def play_table(server: ServerProcess, game: str, players: int, bots: dict[str, str],
                     options: dict[str, Any], seed: int, progress: dict[str, list[dict[str, Any]]] | None = None,
                     ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    room = await asyncio.to_thread(server.post, "/api/rooms", {"game": game, "players": players, "bots": bots,
                                                                "options": {"speed": 0.02, **options}})
    people = [p for p in range(players) if str(p) not in bots]
    tokens = [(await asyncio.to_thread(server.post, f"/api/rooms/{room['room']}/join", {"name": f"P{p}"}))["token"]
              for p in people]
    logs: list[dict[str, Any]] = [{} for _ in tokens]
    if progress is not None:  # (what a test that runs out of time says of this table)
        progress[game] = logs
    clients = [person(f"{server.ws}/ws/rooms/{room['room']}?token={t}", seed + i, logs[i])
               for i, t in enumerate(tokens)]
    finals = await asyncio.gather(watch(f"{server.ws}/ws/rooms/{room['room']}"), *clients)
    return finals[0], logs


def test_every_game_plays_to_its_end_through_the_server(server: ServerProcess) -> None:
    progress: dict[str, list[dict[str, Any]]] = {}
    finished: set[str] = set()

    async def one(table: tuple[str, int, dict[str, str], dict[str, Any]], seed: int) -> tuple[Any, Any]:
        result = await play_table(server, *table, seed=seed, progress=progress)
        finished.add(table[0])
        return result

    async def all_tables() -> list[tuple[dict[str, Any], list[dict[str, Any]]]]:
        return list(await asyncio.gather(*(one(table, i) for i, table in enumerate(TABLES))))

    try:  # ~8 s on an idle machine; the margin is for a loaded one
        results = asyncio.run(asyncio.wait_for(all_tables(), timeout=180))
    except TimeoutError:
        results = []
    if len(results) < len(TABLES):
        now = round(time.monotonic(), 1)
        pytest.fail(f"not over after 180 s (now {now}), each person's last state (version, offers, time) and "
                    "messages: " + "; ".join(f"{game}: {progress.get(game)}" for game, *_ in TABLES
                                             if game not in finished))
    for (game, players, _, _), (final, logs) in zip(TABLES, results):
        assert final["over"] and final["game"] == game and final["winners"], game
        record = Record.from_json(server_text(server, f"/api/rooms/{final['room']}/record"))
        state = replay(record)  # the record replays to the same end
        assert state.is_over() and state.scores() == final["scores"] and state.winners() == final["winners"]
        assert len(record.actions) >= final["version"]  # bounced ones are recorded too
        for log in logs:  # every act got exactly one answer
            assert log.get("result", 0) + log.get("error", 0) == log.get("sent", 0), (game, log)


def server_text(server: ServerProcess, path: str) -> str:
    import httpx

    response = httpx.get(server.base + path, timeout=10)
    response.raise_for_status()
    return response.text


def test_an_oversized_frame_is_closed_by_the_real_server_and_it_plays_on(server: ServerProcess) -> None:
    from zdeck.live.room import MAX_FRAME

    room = server.post("/api/rooms", {"game": "zipzap", "players": 2})["room"]

    async def oversize() -> int | None:
        async with websockets.connect(f"{server.ws}/ws/rooms/{room}", max_size=None) as ws:
            await ws.recv()
            await ws.send("x" * (MAX_FRAME + 1))
            try:
                while True:
                    await asyncio.wait_for(ws.recv(), timeout=10)
            except websockets.ConnectionClosed as closed:
                return closed.rcvd.code if closed.rcvd else None

    assert asyncio.run(oversize()) == 1009  # "message too big"
    assert server.get(f"/api/rooms/{room}")["status"] == "waiting"  # the server and the room go on
