"""Rooms that nobody keeps going end, the lobby cannot be locked, tokens expire, and a database that refuses
writes (a full disk) is one line and a server that recovers (issue 29, parts 3 and 4). In-process, with the
limits' times shortened to fractions of a second."""

from __future__ import annotations

import logging
import sqlite3
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tests.server.conftest import LAX
from tests.server.helpers import receive_until, reply, state_of
from zdeck.server import create_app
from zdeck.server.limits import PUBLIC

SHORT = PUBLIC.with_settings([*LAX, "waiting_s=0.4", "abandoned_s=0.4", "token_s=0.4", "max_rooms=3"])


@pytest.fixture
def short(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url, SHORT)) as client:
        yield client


def wait_until(check: Callable[[], bool], timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def make(client: TestClient, **body: Any) -> str:
    answer = client.post("/api/rooms", json={"game": "zipzap", "players": 2, **body})
    assert answer.status_code == 201, answer.text
    return str(answer.json()["room"])


def closed_with(client: TestClient, room: str) -> str:
    answer = client.get(f"/api/rooms/{room}")
    return str(answer.json()["detail"]) if answer.status_code == 410 else ""


def test_a_waiting_room_nobody_is_at_closes_and_stays_closed(short: TestClient, db_url: str) -> None:
    room = make(short, bots={"1": "greedy"})
    kept = make(short, bots={"1": "greedy"})
    with short.websocket_connect(f"/ws/rooms/{kept}") as watcher:  # someone waits at this one
        state_of(watcher)
        wait_until(lambda: closed_with(short, room) != "")
        assert "was closed: nobody sat down at it or waited there" in closed_with(short, room)
        assert short.get(f"/api/rooms/{kept}").status_code == 200
    assert room not in {r["room"] for r in short.get("/api/rooms").json()}
    joined = short.post(f"/api/rooms/{room}/join", json={"name": "Ann"})
    assert joined.status_code == 410 and "closed" in joined.json()["detail"]
    with short.websocket_connect(f"/ws/rooms/{room}") as ws:
        assert "closed" in ws.receive_json()["message"]
        with pytest.raises(WebSocketDisconnect) as gone:
            ws.receive_json()
    assert gone.value.code == 4410
    with TestClient(create_app(db_url, SHORT)) as again:  # not resumed after a restart either
        assert room not in again.app.state.hub.rooms  # type: ignore[attr-defined]
        assert "closed" in closed_with(again, room)


def test_a_table_its_people_left_closes_unless_bots_stand_in(short: TestClient) -> None:
    left = make(short, options={"cover": False})  # the table waits for its people
    kept = make(short, options={"speed": 0})  # (a new table's default: bots cover the people who left)
    tokens = {room: [short.post(f"/api/rooms/{room}/join", json={"name": n}).json()["token"] for n in ("A", "B")]
              for room in (left, kept)}
    for room in (left, kept):
        with short.websocket_connect(f"/ws/rooms/{room}?token={tokens[room][0]}") as ws:
            assert state_of(ws)["status"] == "playing"
    wait_until(lambda: closed_with(short, left) != "")
    assert "its people all left it" in closed_with(short, left)
    wait_until(lambda: short.get(f"/api/rooms/{kept}").json()["version"] > 0)  # the covering bots play on
    assert short.get(f"/api/rooms/{kept}").json()["status"] in ("playing", "over")


def test_the_lobby_cannot_be_locked_by_waiting_rooms(short: TestClient) -> None:
    flood = [make(short, bots={"1": "greedy"}) for _ in range(SHORT.max_rooms)]
    newest = make(short, bots={"1": "greedy"})  # at the limit: the room left alone longest makes way
    assert "needed its place" in closed_with(short, flood[0])
    assert {newest, *flood[1:]} <= {r["room"] for r in short.get("/api/rooms").json()}


def test_a_full_house_of_attended_rooms_is_a_503(short: TestClient) -> None:
    rooms = [make(short, bots={"1": "greedy"}) for _ in range(SHORT.max_rooms)]
    sockets = [short.websocket_connect(f"/ws/rooms/{room}") for room in rooms]
    try:
        for ws in sockets:
            state_of(ws.__enter__())
        answer = short.post("/api/rooms", json={"game": "zipzap", "players": 2})
        assert answer.status_code == 503 and "people are at every one" in answer.json()["detail"]
    finally:
        for ws in sockets:
            ws.__exit__(None, None, None)


def test_a_seats_token_stops_working_some_time_after_its_last_game_ended(short: TestClient) -> None:
    room = make(short, bots={"1": "greedy"}, options={"speed": 0, "rounds": 1})
    token = short.post(f"/api/rooms/{room}/join", json={"name": "Ann"}).json()["token"]
    with short.websocket_connect(f"/ws/rooms/{room}?token={token}") as ws:
        play_out(ws)
    store = short.app.state.hub.store  # type: ignore[attr-defined]

    def forgotten() -> bool:
        with store.engine.connect() as connection:
            return connection.execute(sa.text("SELECT token_hash FROM seats WHERE room_id = :r AND seat = 0"),
                                      {"r": room}).scalar() is None

    wait_until(forgotten)
    with short.websocket_connect(f"/ws/rooms/{room}?token={token}") as ws:
        assert "holds no seat" in ws.receive_json()["message"]
        with pytest.raises(WebSocketDisconnect) as refused:
            ws.receive_json()
    assert refused.value.code == 4401
    assert short.get(f"/api/rooms/{room}/record").status_code == 200  # the game itself is kept


def play_out(ws: Any) -> None:
    """Play the seat's first legal action at each state it may act at, until the game is over."""
    state, waiting = state_of(ws), False
    while not state["over"]:
        if state["legal"] and not waiting:
            ws.send_json({"type": "act", "action": state["legal"][0], "seen": state["version"]})
            waiting = True
        message = ws.receive_json()
        if message["type"] == "state":
            state = message
        elif message["type"] in ("result", "error"):
            waiting = False


class Disk:
    """Makes the database refuse every write with SQLite's own 'database or disk is full' while `full`."""

    def __init__(self, engine: sa.Engine) -> None:
        self.full = False
        sa.event.listen(engine, "before_cursor_execute", self._check)

    def _check(self, _connection: Any, _cursor: Any, statement: str, *_: Any) -> None:
        if self.full and statement.lstrip().split(None, 1)[0].upper() in ("INSERT", "UPDATE", "DELETE"):
            raise sqlite3.OperationalError("database or disk is full")


def test_a_full_disk_is_one_line_and_the_server_recovers(db_url: str, caplog: pytest.LogCaptureFixture) -> None:
    with TestClient(create_app(db_url, PUBLIC.with_settings(LAX))) as client:
        disk = Disk(client.app.state.hub.store.engine)  # type: ignore[attr-defined]
        room = make(client, game="zoker-solo", players=1)
        token = client.post(f"/api/rooms/{room}/join", json={"name": "Ann"}).json()["token"]
        caplog.set_level(logging.INFO)
        with client.websocket_connect(f"/ws/rooms/{room}?token={token}") as ws:
            state = state_of(ws)
            ws.send_json({"type": "act", "action": state["legal"][0], "seen": 0})
            answer, before = receive_until(ws, lambda m: m["type"] in ("result", "error"))
            assert answer["type"] == "result"
            # The table after the move, which offers the next one: its frame may come before or after the result.
            acted = state["version"]
            after = [m for m in before if m["type"] == "state" and m["version"] > acted and m["legal"]]
            state = after[-1] if after else receive_until(
                ws, lambda m: m["type"] == "state" and m["version"] > acted and bool(m["legal"]))[0]
            disk.full = True
            for _ in range(3):
                refused = client.post("/api/rooms", json={"game": "zipzap"})
                assert refused.status_code == 503 and "cannot use its database" in refused.json()["detail"]
            with pytest.raises(WebSocketDisconnect) as closed:  # the move is not saved: the table says so, closing
                reply(ws, {"type": "act", "action": state["legal"][0], "seen": state["version"]})
            assert closed.value.code == 1011 and "could not be saved" in closed.value.reason
        with client.websocket_connect(f"/ws/rooms/{room}?token={token}") as ws:  # read back from what was saved
            assert state_of(ws)["version"] == state["version"]
        disk.full = False  # space is back
        with client.websocket_connect(f"/ws/rooms/{room}?token={token}") as ws:
            again = state_of(ws)
            assert reply(ws, {"type": "act", "action": again["legal"][0], "seen": again["version"]})["type"] == "result"
        assert client.post("/api/rooms", json={"game": "zipzap"}).status_code == 201
    said = [r.getMessage() for r in caplog.records if r.name.startswith("zdeck") and r.levelno >= logging.WARNING]
    assert len(said) == 2, said
    assert said[0].startswith("the database refused a write: database or disk is full; tables that could not save")
    assert said[1] == "the database takes writes again (4 refused meanwhile)"
    assert not any(r.exc_info for r in caplog.records), "a traceback was logged"
