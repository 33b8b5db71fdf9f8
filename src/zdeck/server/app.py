"""The web side: REST for the lobby, a WebSocket per table connection, the static pages.

`create_app(db_url)` builds the FastAPI application on a database; `zdeck.server.serve`
runs it under uvicorn. The rooms themselves (`zdeck.live.room`) know nothing of HTTP.
"""

from __future__ import annotations

import asyncio
import logging
import re
import secrets
import time
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

from fastapi import FastAPI, HTTPException, Request, WebSocket
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field
from starlette.websockets import WebSocketDisconnect, WebSocketState

import zdeck
from zdeck.core import shorten
from zdeck.live.room import MAX_NAME, Room, RoomError, parse_message
from zdeck.server.catalog import action_faces, describe_games, game_cards, rules_page, spec_from_request
from zdeck.server.game_files import game_file
from zdeck.server.public_log import public_log
from zdeck.server.store import Store

log = logging.getLogger("zdeck.server")

STATIC = Path(__file__).parent / "static"
ROOM_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
MAX_ROOMS = 2000  # rooms waiting or playing at once in one process
RATE = 30.0  # messages a second a connection may send on average ...
BURST = 60.0  # ... and at once
FLOOD_CLOSE = 100  # messages refused for the rate, past which the connection is closed
OUTBOX = 512  # messages queued for a client that does not read, past which it is closed
SWEEP_S = 60.0  # how often finished rooms nobody watches leave memory (they are read back on demand)


class Hub:
    """The rooms of this process: those waiting or in play are kept in memory; others are read on demand."""

    def __init__(self, store: Store, max_rooms: int = MAX_ROOMS) -> None:
        self.store = store
        self.max_rooms = max_rooms
        self.rooms: dict[str, Room] = {}
        self._loading: dict[str, asyncio.Future[Room | None]] = {}
        self._sweeper: asyncio.Task[None] | None = None

    async def start(self) -> None:
        await asyncio.to_thread(self.store.migrate)
        self.store.open()
        ids = await asyncio.to_thread(self.store.unfinished_rooms)
        for room_id in ids:
            try:
                await self.get(room_id)
            except Exception:
                log.exception("room %s could not be resumed", room_id)
        log.info("resumed %d room(s)", len(self.rooms))
        self._sweeper = asyncio.create_task(self._sweep_forever())

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_S)
            self.sweep()

    def sweep(self) -> int:
        """Let go of finished rooms that nobody is connected to; returns how many."""
        gone = [r for r in self.rooms.values() if r.status == "over" and not r.conns and not r.lock.locked()]
        for room in gone:
            room.stop()
            del self.rooms[room.id]
        return len(gone)

    async def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        for room in self.rooms.values():
            room.stop()
            room.close_all(1012, "the server is restarting; reconnect")
        await asyncio.to_thread(self.store.close)

    async def create(self, body: dict[str, Any]) -> Room:
        spec = spec_from_request(body.get("game"), body.get("players"), body.get("options") or {}, body.get("bots"))
        active = sum(1 for r in self.rooms.values() if r.status != "over")
        if active >= self.max_rooms:
            raise RoomError(f"this server holds {active} rooms waiting or in play, its limit; try again later", 503)
        room = Room.new(secrets.token_urlsafe(6), spec.game, spec.bots, spec.settings, self.store)
        await self.store.create_room(room)
        self._keep(room)
        room.start_clock()
        return room

    async def get(self, room_id: str) -> Room | None:
        room = self.rooms.get(room_id)
        if room is not None or not ROOM_ID.fullmatch(room_id):
            return room
        pending = self._loading.get(room_id)
        if pending is not None:
            return await asyncio.shield(pending)
        future: asyncio.Future[Room | None] = asyncio.get_running_loop().create_future()
        self._loading[room_id] = future
        try:
            data = await asyncio.to_thread(self.store.load, room_id)
            room = None if data is None else await asyncio.to_thread(Room.restore, data, self.store)
            if room is not None:
                self._keep(room)
                room.start_clock()
            future.set_result(room)
            return room
        except Exception as exc:
            future.set_exception(exc)
            raise
        finally:
            del self._loading[room_id]

    def _keep(self, room: Room) -> None:
        room.on_broken = self._forget
        self.rooms[room.id] = room

    def _forget(self, room: Room) -> None:
        if self.rooms.get(room.id) is room:
            del self.rooms[room.id]

    def listing(self) -> list[dict[str, Any]]:
        return [room.summary() for room in self.rooms.values() if room.status != "over"]


class RoomRequest(BaseModel):
    game: str = Field(description="a game id from GET /api/games")
    players: int | None = Field(None, description="seats at the table (default: the game's)")
    options: dict[str, Any] = Field(default_factory=dict, description="game options and table options (idle, speed)")
    bots: dict[str, str] = Field(default_factory=dict, description='seat -> bot name, e.g. {"1": "heuristic"}')


class JoinRequest(BaseModel):
    name: str = Field(description=f"the person's name at the table (1 to {MAX_NAME} characters)")
    seat: int | None = Field(None, description="the seat wanted (default: the first open one)")


class Socket:
    """A table connection over a WebSocket: sends go through a queue drained by one task."""

    def __init__(self, websocket: WebSocket, seat: int | None) -> None:
        self.websocket = websocket
        self.seat = seat
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.closing: tuple[int, str] | None = None
        self.allowance = BURST
        self.checked = time.monotonic()
        self.refused = 0

    def send(self, text: str) -> None:
        if self.closing is not None:
            return
        if self.outbox.qsize() >= OUTBOX:
            self.close(1008, "too many messages waiting to be read: this client does not keep up")
            return
        self.outbox.put_nowait(text)

    def close(self, code: int, reason: str) -> None:
        if self.closing is None:
            self.closing = (code, reason)
            self.outbox.put_nowait(None)

    def allowed(self) -> bool:
        """A token bucket: RATE messages a second, BURST at once."""
        now = time.monotonic()
        self.allowance = min(BURST, self.allowance + (now - self.checked) * RATE)
        self.checked = now
        if self.allowance < 1:
            return False
        self.allowance -= 1
        return True

    async def pump(self) -> None:
        try:
            while True:
                text = await self.outbox.get()
                if text is None:
                    break
                await self.websocket.send_text(text)
        except (WebSocketDisconnect, RuntimeError, OSError):
            pass
        if self.closing is not None and self.websocket.application_state == WebSocketState.CONNECTED:
            code, reason = self.closing
            try:
                await self.websocket.close(code, reason)
            except (WebSocketDisconnect, RuntimeError, OSError):
                pass  # the client went first


def create_app(db_url: str) -> FastAPI:
    store = Store(db_url)
    hub = Hub(store)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await hub.start()
        try:
            yield
        finally:
            await hub.stop()

    app = FastAPI(title="zdeck", version=zdeck.__version__, lifespan=lifespan,
                  description="Play zdeck's card games together: the lobby's REST half. Live play is the WebSocket "
                              "/ws/rooms/{room}?token=T described in docs/protocol.md.")
    app.state.hub = hub

    @app.exception_handler(RoomError)
    async def _room_error(_request: Request, exc: RoomError) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=exc.status)

    async def room_or_404(room_id: str) -> Room:
        room = await hub.get(room_id)
        if room is None:
            raise HTTPException(404, f"no room {room_id!r}")
        return room

    @app.get("/api/games", summary="Every game: id, title, players range, options, bots")
    async def list_games() -> list[dict[str, Any]]:
        return describe_games()

    @app.get("/api/games/{game_id}/actions",
             summary="What each action of a game stands for, by action id (docs/observations.md, Action faces)")
    async def list_action_faces(game_id: str, request: Request) -> dict[str, Any]:
        """Players and options as query parameters, as for the cards: some change the action table (Zop Zoo's
        seats, ZAR's spoken calls, Kubo's cube)."""
        return _read_game(action_faces, game_id, request)

    @app.get("/rules/{name}", response_class=HTMLResponse, summary="A game's rules as a page")
    async def rules(name: str) -> HTMLResponse:
        try:
            return HTMLResponse(rules_page(name))
        except ValueError as exc:
            raise HTTPException(404, str(exc)) from None

    @app.get("/api/games/{game_id}/cards",
             summary="Every card text the game's observations can show, with its face (players and options as query)")
    async def cards(game_id: str, request: Request) -> dict[str, dict[str, Any]]:
        return _read_game(game_cards, game_id, request)

    @app.post("/api/rooms", status_code=201, summary="Make a room; seats not given to bots are open for people")
    async def create_room(request: RoomRequest) -> dict[str, Any]:
        try:
            room = await hub.create(request.model_dump())
        except ValueError as exc:
            raise HTTPException(422, str(exc)) from None
        return {"room": room.id, **room.info()}

    @app.get("/api/rooms", summary="Rooms waiting for people or in play")
    async def list_rooms() -> list[dict[str, Any]]:
        return hub.listing()

    @app.get("/api/rooms/{room_id}", summary="A room's public information")
    async def room_info(room_id: str) -> dict[str, Any]:
        return (await room_or_404(room_id)).info()

    @app.post("/api/rooms/{room_id}/join", summary="Take a seat: the token is the seat's secret credential")
    async def join(room_id: str, request: JoinRequest) -> dict[str, Any]:
        name = " ".join(request.name.split())
        if not 1 <= len(name) <= MAX_NAME or not name.isprintable():
            raise HTTPException(422, f"name must be 1 to {MAX_NAME} printable characters")
        room = await room_or_404(room_id)
        seat, token = await room.join(name, request.seat)
        return {"room": room.id, "seat": seat, "token": token}

    @app.get("/api/rooms/{room_id}/record", response_class=PlainTextResponse,
             summary="A finished game's record, in the JSON Lines form `zdeck replay` reads")
    async def record(room_id: str, number: int | None = None) -> PlainTextResponse:
        """The room's current game (or game `number`, an earlier one) once it is over."""
        room = await room_or_404(room_id)
        if number is None or number == room.number:
            kept = room.record()
            number = room.number
        else:
            found = await asyncio.to_thread(store.finished_record, room, number)
            if found is None:
                raise HTTPException(404, f"room {room_id} has no finished game {number} (games 1 to {room.number})")
            kept = found
        return PlainTextResponse(kept.to_json() + "\n", media_type="application/x-ndjson",
                                 headers={"Content-Disposition": f'attachment; filename="{room.id}-{number}.jsonl"'})

    @app.get("/api/rooms/{room_id}/log", summary="What happened so far in the room's current game, as everyone saw it")
    async def room_log(room_id: str) -> dict[str, Any]:
        """For a reload or a second device: the applied actions (by text and id), the cards that came back or were
        penalised (who, not which card) and the timeouts, in order (zdeck.server.public_log)."""
        room = await room_or_404(room_id)
        return {"number": room.number, "log": await public_log(room)}

    @app.websocket("/ws/rooms/{room_id}")
    async def table(websocket: WebSocket, room_id: str, token: str | None = None) -> None:
        await websocket.accept()
        room = await hub.get(room_id)
        if room is None:
            await _refuse(websocket, 4404, f"no room {room_id!r}")
            return
        seat = None
        if token is not None:
            seat = room.seat_for(token)
            if seat is None:
                await _refuse(websocket, 4401, "this token holds no seat of this room (leave it out to watch)")
                return
        conn = Socket(websocket, seat)
        pump = asyncio.create_task(conn.pump())
        room.attach(conn)
        try:
            while conn.closing is None and not pump.done():
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                if not conn.allowed():
                    conn.refused += 1
                    if conn.refused > FLOOD_CLOSE:
                        conn.close(1008, "too many messages")
                    else:
                        conn.send(_error(f"too many messages: at most {RATE:g} a second; this one was dropped",
                                         message.get("text")))
                    continue
                text = message.get("text")
                if room.broken:
                    conn.close(1011, "the table is being reloaded; reconnect")
                    break
                await room.handle(conn, text if text is not None else message.get("bytes"))
        except WebSocketDisconnect:
            pass
        finally:
            room.detach(conn)
            conn.close(1000, "bye")
            try:
                await asyncio.wait_for(asyncio.shield(pump), timeout=5)
            except (TimeoutError, asyncio.CancelledError):
                pump.cancel()

    @app.get("/", include_in_schema=False)
    async def lobby() -> FileResponse:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    @app.get("/rooms/{room_id}", include_in_schema=False)
    async def room_page(room_id: str) -> FileResponse:
        """A room's shareable link: the same page, which opens the room named in its path."""
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    @app.get("/games/{game_id}/{path:path}", include_in_schema=False)
    async def game_table_file(game_id: str, path: str) -> Response:
        """A game's table drawing and card pictures, from its folder (zdeck.server.game_files)."""
        found = game_file(game_id, path)
        if found is None:
            raise HTTPException(404, f"no table file {shorten(path)} for game {shorten(game_id)}")
        return Response(found[0], media_type=found[1], headers={"Cache-Control": "no-cache"})

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


Read = TypeVar("Read")


def _read_game(reader: Callable[[str, Mapping[str, str]], Read], game_id: str, request: Request) -> Read:
    """A game's data read with its players and options from the query: 404 for an unknown game, 422 for a
    bad query, each naming what is allowed."""
    if game_id not in zdeck.games():
        raise HTTPException(404, f"no game {shorten(game_id)}; known games: {', '.join(zdeck.games())}")
    try:
        return reader(game_id, request.query_params)
    except ValueError as exc:
        raise HTTPException(422, str(exc)) from None


async def _refuse(websocket: WebSocket, code: int, message: str) -> None:
    await websocket.send_json({"type": "error", "message": message})
    await websocket.close(code, message[:120])


def _error(message: str, text: Any) -> str:
    """An error answering `text`, echoing its id when it can be read."""
    import json

    ident = None
    try:
        ident = parse_message(text).get("id")
    except ValueError:
        pass
    return json.dumps({"type": "error", "message": message, **({"id": ident} if ident is not None else {})})
