"""The web side: REST for the lobby, a WebSocket per table connection, the static pages.

`create_app(db_url)` builds the FastAPI application on a database; `zdeck.server.serve`
runs it under uvicorn. The rooms themselves (`zdeck.live.room`) know nothing of HTTP.
"""

from __future__ import annotations

import asyncio
import html
import logging
import re
import secrets
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import asynccontextmanager
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from fastapi import FastAPI, HTTPException, Request, WebSocket
from fastapi.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field
from sqlalchemy.exc import SQLAlchemyError
from starlette.websockets import WebSocketDisconnect, WebSocketState

import zdeck
from zdeck.core import shorten
from zdeck.live.room import MAX_NAME, NotSaved, Room, RoomError, parse_message
from zdeck.live.seat_view import table_text
from zdeck.server.catalog import action_faces, describe_games, game_cards, rules_page, spec_from_request
from zdeck.server.fleet import Elsewhere, Fleet
from zdeck.server.game_files import game_file
from zdeck.server.guard import Guard, origin_allowed
from zdeck.server.health import LoopWatch, report
from zdeck.server.limits import PUBLIC, Limits
from zdeck.server.public_log import public_log
from zdeck.server.settling import settled
from zdeck.server.store import Store, claim, one_line, release

log = logging.getLogger("zdeck.server")

STATIC = Path(__file__).parent / "static"
ROOM_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
RATE = 30.0  # messages a second a connection may send on average ...
BURST = 60.0  # ... and at once
FLOOD_CLOSE = 100  # messages refused for the rate, past which the connection is closed
OUTBOX = 512  # messages queued for a client that does not read, past which it is closed
SWEEP_S = 60.0  # how often finished rooms nobody watches leave memory (they are read back on demand)
CLOSED = 4410  # the close code of a table the server closed (docs/protocol.md)
LISTED = 500  # rooms `GET /api/rooms` lists at most (the newest)
LIST_S = 1.0  # how long a fleet process reuses the list it read from the database
SUMMARY_WAIT_S = 0.5  # how long the lobby waits for tables saving a change before it shows them as they were
ADDRESSES = 10_000  # client addresses whose room-making allowance is remembered


class Allowance:
    """Token buckets by client address: `burst` at once, one more every `every_s` seconds. Bounded: past
    ADDRESSES addresses, the one least recently seen is forgotten (its bucket was refilling anyway)."""

    def __init__(self, burst: int, every_s: float) -> None:
        self.burst, self.every_s = burst, every_s
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def take(self, address: str) -> float | None:
        """None when one is taken, else the seconds until the next one."""
        now = time.monotonic()
        tokens, then = self._buckets.pop(address, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - then) / self.every_s)
        if tokens < 1:
            self._buckets[address] = (tokens, now)
            return (1 - tokens) * self.every_s
        self._buckets[address] = (tokens - 1, now)
        while len(self._buckets) > ADDRESSES:
            self._buckets.popitem(last=False)
        return None


class Hub:
    """The rooms of this process: those waiting or in play are kept in memory; others are read on demand.

    Nothing of a version is readable before it is committed: a room changes its state only while it holds its
    lock, and holds it until the change is saved. So whatever reads a room for a client - a connection's first
    state, the seats' broadcast when one connects or leaves, `GET /api/rooms/{room}`, a record - reads it under
    the lock (`settled`), the lobby's list included (it waits for a change being saved).
    """

    def __init__(self, store: Store, limits: Limits = PUBLIC, fleet: bool = False) -> None:
        self.store = store
        # one of several processes on one PostgreSQL (zdeck.server.fleet): the rooms here are those it owns
        self.fleet = Fleet(store, self) if fleet else None
        self.limits = limits
        self.allowance = Allowance(limits.rooms_burst, limits.rooms_every_s)
        self.made_by: dict[str, str] = {}  # room -> the client address that made it, while it waits for people
        self.sockets: dict[str, int] = {}  # client address -> its table connections
        self.rooms: dict[str, Room] = {}
        self.unattended: dict[str, float] = {}  # room -> since when nobody it waits for is there (monotonic)
        self._summaries: dict[str, dict[str, Any]] = {}  # room -> its summary, read while no change was unsaved
        self._loading: dict[str, asyncio.Future[Room | None]] = {}
        self._sweeper: asyncio.Task[None] | None = None
        self._tokens_expired = 0.0
        self._releasing: set[asyncio.Future[None]] = set()
        self._listed: tuple[float, list[dict[str, Any]]] = (-LIST_S, [])

    async def start(self) -> None:
        # `zdeck serve` took it already, saying so in one line (a fleet's processes share it)
        await asyncio.to_thread(claim, self.store.url, self.fleet is not None)
        await asyncio.to_thread(self.store.migrate)
        self.store.open()
        if self.fleet is not None:  # the tables no live process owns, and none other
            await self.fleet.start()
            self._sweeper = asyncio.create_task(self._sweep_forever())
            return
        ids = await asyncio.to_thread(self.store.unfinished_rooms)
        for room_id in ids:
            try:
                await self.get(room_id)
            except Exception:
                log.exception("room %s could not be resumed", room_id)
        log.info("resumed %d room(s)", len(self.rooms))
        self._sweeper = asyncio.create_task(self._sweep_forever())

    @property
    def sweep_s(self) -> float:
        """How often rooms are looked over: often enough to close one within a tenth of its time past due."""
        return max(0.05, min(SWEEP_S, self.limits.waiting_s / 10, self.limits.abandoned_s / 10))

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self.sweep_s)
            self.sweep()
            try:
                await self.tend()
            except (SQLAlchemyError, NotSaved) as exc:  # the database is down or full: next time
                log.warning("looking over the rooms: %s", one_line(exc))

    def sweep(self) -> int:
        """Let go of finished rooms that nobody is connected to; returns how many."""
        gone = [r for r in self.rooms.values() if r.status == "over" and not r.conns and not r.lock.locked()]
        for room in gone:
            room.stop()
            self.forget(room)
        for room_id in [r for r in self.made_by if r not in self.rooms or self.rooms[r].status != "waiting"]:
            del self.made_by[room_id]
        return len(gone)

    async def tend(self) -> None:
        """Close the rooms nobody came back to in time (`Limits.waiting_s`, `abandoned_s`), and forget the tokens
        of games that ended more than `token_s` ago."""
        now = time.monotonic()
        for room in list(self.rooms.values()):
            reason = self._unattended(room)
            if reason is None:
                self.unattended.pop(room.id, None)
                continue
            since = self.unattended.setdefault(room.id, now)
            if now - since >= (self.limits.waiting_s if room.status == "waiting" else self.limits.abandoned_s):
                await self.close(room, reason)
        if time.time() - self._tokens_expired >= min(600.0, self.limits.token_s / 10):
            self._tokens_expired = time.time()
            for room_id in await self.store.expire_tokens(time.time() - self.limits.token_s):
                if room_id in self.rooms:
                    for seat in self.rooms[room_id].seats:
                        seat.token_hash = None

    def _unattended(self, room: Room) -> str | None:
        """Why nobody keeps the room going, or None: a waiting room nobody is at, a table in play whose people
        all left and that no bot covers (`cover` false). A table of bots, or one whose absent people bots cover, plays on
        (at a human pace, to its end)."""
        if room.status == "waiting" and not room.conns:
            return f"nobody sat down at it or waited there for {self.limits.waiting_s / 60:g} minutes"
        people = [seat for seat in room.seats if seat.kind == "person"]
        if room.status == "playing" and people and not room.settings.cover \
                and not any(seat.connections for seat in people):
            return f"its people all left it for {self.limits.abandoned_s / 60:g} minutes"
        return None

    async def close(self, room: Room, reason: str) -> None:
        """Close the room for good (saved first): its clients are told why, it is never resumed."""
        async with room.lock:
            if self.rooms.get(room.id) is not room or room.status == "over":
                return
            await self.store.close_room(room.id, reason)
            room.stop()
            room.broken, room.closed = True, reason
            room.close_all(CLOSED, f"this table was closed: {reason}"[:120])
            self.forget(room)
        log.info("room %s closed: %s", room.id, reason)

    async def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        if self.fleet is not None:
            await self.fleet.stop()
        for room in self.rooms.values():
            room.stop()
            room.close_all(1012, "the server is restarting; reconnect")
        await asyncio.to_thread(self.store.close)
        if self.fleet is not None:
            await asyncio.to_thread(self.fleet.forget_self)
        release(self.store.url)

    async def create(self, body: dict[str, Any], address: str = "in-process") -> Room:
        """A new room for the client at `address`: within its allowance of rooms (`Limits.rooms_burst`, one
        more every `rooms_every_s`) and of rooms still waiting for people. At the server's limit of rooms the
        one left unattended longest makes way (so no flood of waiting rooms locks the lobby); 503 if none is."""
        waiting = sum(1 for room_id, by in self.made_by.items()
                      if by == address and room_id in self.rooms and self.rooms[room_id].status == "waiting")
        if waiting >= self.limits.waiting_per_address:
            raise RoomError(f"you have {waiting} tables waiting for people, the most this server keeps for one "
                            "address: fill or leave one first", 429)
        wait = self.allowance.take(address)
        if wait is not None:
            raise RoomError(f"too many new tables from your address: at most {self.limits.rooms_burst} at once and "
                            f"one more every {self.limits.rooms_every_s:g} s; try again in {wait:.0f} s", 429)
        spec = await asyncio.to_thread(spec_from_request, body.get("game"), body.get("players"),
                                       body.get("options") or {}, body.get("bots"), self.limits)
        active = [r for r in self.rooms.values() if r.status != "over"]
        if len(active) >= self.limits.max_rooms:
            await self._make_way(len(active))
        room = Room.new(secrets.token_urlsafe(6), spec.game, spec.bots, spec.settings, self.store)
        await self.store.create_room(room)
        if self.fleet is not None:
            self.fleet.held.add(room.id)  # the store locked it in the same commit
        self._keep(room)
        if room.status == "waiting":
            self.made_by[room.id] = address
        room.start_clock()
        return room

    async def _make_way(self, active: int) -> None:
        idle = [r for r in self.rooms.values() if not r.conns and r.status != "over" and
                (r.status == "waiting" or all(s.kind == "bot" for s in r.seats) or self._unattended(r))]
        if not idle:
            raise RoomError(f"this server holds {active} rooms waiting or in play, its limit, and people are at "
                            "every one; try again later", 503)
        oldest = min(idle, key=lambda r: (r.status != "waiting", self.unattended.get(r.id, time.monotonic())))
        await self.close(oldest, "the server needed its place for a new table, and nobody was at it")

    async def get(self, room_id: str) -> Room | None:
        """The room, from memory or read back; None if there is no such room, RoomError (410) if it was closed.
        In a fleet, Elsewhere when another process owns it (a room no live process owns is taken here)."""
        room = self.rooms.get(room_id)
        if room is not None or not ROOM_ID.fullmatch(room_id):
            return room
        pending = self._loading.get(room_id)
        if pending is not None:
            return await asyncio.shield(pending)
        future: asyncio.Future[Room | None] = asyncio.get_running_loop().create_future()
        self._loading[room_id] = future
        try:
            closed = await asyncio.to_thread(self.store.closed, room_id)
            if closed is not None:
                raise RoomError(f"table {room_id} was closed: {closed}", 410)
            if self.fleet is not None:
                taken = await self.fleet.take(room_id)
                if taken is None:
                    future.set_result(None)
                    return None
                if not taken:
                    owner = await self.fleet.owner_of(room_id)
                    if owner is None:
                        raise RoomError(f"table {room_id} is moving between server processes; try again", 503)
                    if owner != self.fleet.name:
                        raise Elsewhere(owner)
            data = await asyncio.to_thread(self.store.load, room_id)
            room = None if data is None else await asyncio.to_thread(Room.restore, data, self.store)
            if room is None and self.fleet is not None:
                await self.fleet.release(room_id)
            if room is not None:
                self._keep(room)
                room.start_clock()
            future.set_result(room)
            return room
        except Exception as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: a load nobody else waited for is no "exception never retrieved"
            raise
        finally:
            del self._loading[room_id]

    async def adopt(self, room_ids: list[str], chunk: int = 16) -> tuple[int, float, float]:
        """Read back many rooms this process has just come to own (a fleet's takeover of a process gone): read in one
        go (`Store.load_many`), rebuilt `chunk` at a time off the event loop, each started as soon as it is. How
        many were taken up, and the seconds spent reading and rebuilding. A room asked for meanwhile waits for its
        turn (as for `get`); one closed, missing or that does not replay is let go."""
        loop = asyncio.get_running_loop()
        futures = {room_id: loop.create_future() for room_id in room_ids
                   if room_id not in self.rooms and room_id not in self._loading}
        self._loading.update(futures)
        taken, read, rebuilt = 0, 0.0, 0.0
        try:
            started = time.monotonic()
            found = await asyncio.to_thread(self.store.load_many, list(futures))
            read = time.monotonic() - started
            ids = list(futures)
            for at in range(0, len(ids), chunk):
                part = [(room_id, found.get(room_id)) for room_id in ids[at:at + chunk]]
                rooms = await asyncio.to_thread(_rebuild, part, self.store)
                for room_id, room in rooms:
                    if isinstance(room, Room):
                        self._keep(room)
                        room.start_clock()
                        futures[room_id].set_result(room)
                        taken += 1
                    else:
                        if isinstance(room, Exception):
                            log.error("room %s could not be taken over: %s", room_id, room)
                        futures[room_id].set_result(None)
                        if self.fleet is not None:
                            await self.fleet.release(room_id)
            rebuilt = time.monotonic() - started - read
        finally:
            for room_id, future in futures.items():
                if not future.done():
                    future.set_result(None)
                self._loading.pop(room_id, None)
        return taken, read, rebuilt

    def _keep(self, room: Room) -> None:
        room.on_broken = partial(self.forget, release=False)  # it is read back (in a fleet: still owned here)
        self.rooms[room.id] = room
        self._summaries[room.id] = room.summary()

    def forget(self, room: Room, release: bool = True) -> None:
        if self.rooms.get(room.id) is room:
            del self.rooms[room.id]
        for kept in (self.made_by, self.unattended, self._summaries):
            kept.pop(room.id, None)
        if release and self.fleet is not None:  # another process may take it now (e.g. for a rematch)
            task = asyncio.ensure_future(self.fleet.release(room.id))
            self._releasing.add(task)
            task.add_done_callback(self._releasing.discard)

    async def record_text(self, room: Room, number: Any) -> str:
        """A finished game's record as JSON Lines text: the current game's (or game `number`'s, an earlier one)."""
        wanted = room.number if number is None else _game_number(str(number), room)
        if wanted == room.number:
            async with settled(room):
                kept = room.record()
        else:
            found = await asyncio.to_thread(self.store.finished_record, room, wanted)
            if found is None:
                raise RoomError(f"room {room.id} has no finished game {wanted} (games 1 to {room.number})", 404)
            kept = found
        return kept.to_json() + "\n"

    async def listed(self) -> list[dict[str, Any]]:
        """The lobby's list: this process's rooms, or in a fleet every process's (read from the database)."""
        if self.fleet is None:
            return await self.listing()
        now = time.monotonic()
        if now - self._listed[0] > LIST_S:
            self._listed = (now, await asyncio.to_thread(self.store.listing, LISTED))
        # Who is at a table (people present, covered, `table`, `label`) is known to the process that holds it: its
        # own rooms say so; another process's say only what the database holds (`table` its status, `people` null).
        own = [room for entry in self._listed[1] if (room := self.rooms.get(entry["room"])) is not None]
        await self._read_summaries(own)
        return [self._summaries.get(entry["room"]) or _unknown_presence(entry) for entry in self._listed[1]]

    async def listing(self) -> list[dict[str, Any]]:
        """The newest rooms waiting or in play, at most LISTED."""
        rooms = list(reversed(self.rooms.values()))
        await self._read_summaries(rooms)
        shown = []
        for room in rooms:
            summary = self._summaries.get(room.id)
            if summary is not None and summary["status"] != "over":
                shown.append(summary)
                if len(shown) == LISTED:
                    break
        return shown

    async def _read_summaries(self, rooms: list[Room]) -> None:
        """Each room's lobby line read once no change of it is unsaved, as every read is: a room saving a change is
        waited for (all at once, at most SUMMARY_WAIT_S: a table whose save hangs does not hold the lobby up, and
        is shown as it was last read)."""
        for room in rooms:
            if not room.lock.locked() and not room.broken:
                self._summaries[room.id] = room.summary()
        waits = [asyncio.ensure_future(self._read_settled(room)) for room in rooms if room.lock.locked()]
        if waits:
            _, late = await asyncio.wait(waits, timeout=SUMMARY_WAIT_S)
            for wait in late:
                wait.cancel()

    async def _read_settled(self, room: Room) -> None:
        try:
            async with settled(room):
                if self.rooms.get(room.id) is room:  # (not one forgotten meanwhile)
                    self._summaries[room.id] = room.summary()
        except RoomError:
            pass  # being read back after a failed save: shown as it was last


def _rebuild(part: list[tuple[str, Any]], store: Store) -> list[tuple[str, Room | Exception | None]]:
    """Rooms read back (`Store.load_many`) rebuilt by replaying their moves: each a Room, the error it gave, or None
    (closed, or not found)."""
    from zdeck.live.room import RoomData

    rebuilt: list[tuple[str, Room | Exception | None]] = []
    for room_id, data in part:
        if not isinstance(data, RoomData):
            rebuilt.append((room_id, None))
            continue
        try:
            rebuilt.append((room_id, Room.restore(data, store)))
        except Exception as exc:  # noqa: BLE001 - said in the log, the room let go
            rebuilt.append((room_id, exc))
    return rebuilt


class RoomRequest(BaseModel):
    game: str = Field(description="a game id from GET /api/games")
    players: int | None = Field(None, description="seats at the table (default: the game's)")
    options: dict[str, Any] = Field(default_factory=dict, description="game options and table options (clock, race, cover, speed)")
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
        self.wants_table = True  # its first state carries the game's table (not when it is attached again)
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


def create_app(db_url: str, limits: Limits = PUBLIC, allow_origins: frozenset[str] = frozenset(),
               fleet: bool = False) -> FastAPI:
    """The application on the database at `db_url`, within `limits`; WebSockets are taken from pages of this
    server's own origin and of `allow_origins` (`*`: any), and from clients that are not browsers. `fleet`: one of
    several processes on one PostgreSQL database (zdeck.server.fleet)."""
    store = Store(db_url)
    hub = Hub(store, limits, fleet)
    watch = LoopWatch()
    pages = Pages(describe_games(limits))
    reading = asyncio.Semaphore(1)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        watch.start()
        await hub.start()
        try:
            yield
        finally:
            watch.stop()
            await hub.stop()

    app = FastAPI(title="zdeck", version=zdeck.__version__, lifespan=lifespan,
                  description="Play zdeck's card games together: the lobby's REST half. Live play is the WebSocket "
                              "/ws/rooms/{room}?token=T described in docs/protocol.md.")
    app.state.hub = hub
    app.add_middleware(Guard, limits=limits)

    @app.exception_handler(RoomError)
    async def _room_error(_request: Request, exc: RoomError) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=exc.status)

    said = [0.0]

    @app.exception_handler(SQLAlchemyError)
    async def _database_error(_request: Request, exc: SQLAlchemyError) -> JSONResponse:
        if time.monotonic() - said[0] > 60 and not store.refused:  # once a minute; the writer says its own
            said[0] = time.monotonic()
            log.warning("a request found the database unusable: %s", one_line(exc))
        return JSONResponse({"detail": "the server cannot use its database just now; try again shortly"},
                            status_code=503)

    async def room_or_404(room_id: str) -> Room:
        room = await hub.get(room_id)
        if room is None:
            raise HTTPException(404, f"no room {shorten(room_id)}")
        return room

    @app.get("/api/games", summary="Every game: id, title, players range, options (with this server's limits), bots")
    async def list_games() -> list[dict[str, Any]]:
        return pages.games

    @app.get("/api/games/{game_id}/actions",
             summary="What each action of a game stands for, by action id (docs/observations.md, Action faces)")
    async def list_action_faces(game_id: str, request: Request) -> Response:
        """Players and options as query parameters, as for the cards: some change the action table (Zop Zoo's
        seats, ZAR's spoken calls, Kubo's cube). A table of more than `faces_at_once` actions is refused whole
        (422, saying so): ask for the ids needed, `?ids=0,5,17`."""
        found = await _read_game(action_faces, game_id, request, limits, reading)
        return Response(found, media_type="application/json")

    @app.get("/rules/{name}", response_class=HTMLResponse, summary="A game's rules as a page")
    async def rules(name: str) -> HTMLResponse:
        try:
            return HTMLResponse(rules_page(name))
        except ValueError as exc:
            raise HTTPException(404, str(exc)) from None

    @app.get("/api/games/{game_id}/cards",
             summary="Every card text the game's observations can show, with its face (players and options as query)")
    async def cards(game_id: str, request: Request) -> dict[str, dict[str, Any]]:
        return await _read_game(game_cards, game_id, request, limits, reading)

    @app.post("/api/rooms", status_code=201, summary="Make a room; seats not given to bots are open for people")
    async def create_room(body: RoomRequest, request: Request) -> dict[str, Any]:
        try:
            room = await hub.create(body.model_dump(), _address(request))
        except ValueError as exc:
            raise HTTPException(422, str(exc)) from None
        return {"room": room.id, **room.info()}

    @app.get("/api/rooms", summary=f"Rooms waiting for people or in play (the newest {LISTED})")
    async def list_rooms() -> list[dict[str, Any]]:
        return await hub.listed()

    async def at_owner(away: Elsewhere, op: str, room_id: str, args: dict[str, Any]) -> Any:
        """A request for a table another process owns, asked of that process."""
        assert hub.fleet is not None
        try:
            return await hub.fleet.call(away.owner, op, room_id, args)
        except RoomError as exc:
            raise HTTPException(exc.status, str(exc)) from None
        except (TimeoutError, Elsewhere):
            raise HTTPException(503, f"table {room_id} is moving between server processes; try again") from None

    @app.get("/api/rooms/{room_id}", summary="A room's public information")
    async def room_info(room_id: str) -> dict[str, Any]:
        try:
            found = await room_or_404(room_id)
        except Elsewhere as away:
            return dict(await at_owner(away, "info", room_id, {}))
        async with settled(found) as room:
            return room.info()

    @app.post("/api/rooms/{room_id}/join", summary="Take a seat: the token is the seat's secret credential")
    async def join(room_id: str, request: JoinRequest) -> dict[str, Any]:
        name = " ".join(request.name.split())
        if not 1 <= len(name) <= MAX_NAME or not name.isprintable():
            raise HTTPException(422, f"name must be 1 to {MAX_NAME} printable characters")
        try:
            room = await room_or_404(room_id)
        except Elsewhere as away:
            return dict(await at_owner(away, "join", room_id, {"name": name, "seat": request.seat}))
        seat, token = await room.join(name, request.seat)
        return {"room": room.id, "seat": seat, "token": token}

    @app.get("/api/rooms/{room_id}/record", response_class=PlainTextResponse,
             summary="A finished game's record, in the JSON Lines form `zdeck replay` reads")
    async def record(room_id: str, number: str | None = None) -> PlainTextResponse:
        """The room's current game (or game `number`, an earlier one) once it is over."""
        try:
            room = await room_or_404(room_id)
            text = await hub.record_text(room, number)
            wanted = room.number if number is None else number
        except Elsewhere as away:
            text, wanted = await at_owner(away, "record", room_id, {"number": number}), number or "latest"
        return PlainTextResponse(text, media_type="application/x-ndjson",
                                 headers={"Content-Disposition": f'attachment; filename="{room_id}-{wanted}.jsonl"'})

    @app.get("/api/health", summary="Whether the server answers, its rooms, the event loop's stalls since `since` "
                                    "(a time; default the last minute) and its memory")
    async def health(since: float | None = None) -> dict[str, Any]:
        answer = report(watch, time.time() - 60 if since is None else since, len(hub.rooms))
        if hub.fleet is not None:
            answer["fleet"] = hub.fleet.counts()
        return answer

    @app.get("/api/rooms/{room_id}/log", summary="What happened so far in the room's current game, as everyone saw it")
    async def room_log(room_id: str) -> dict[str, Any]:
        """For a reload or a second device: the applied actions (by text and id), the cards that came back or were
        penalised (who, not which card) and the timeouts, in order (zdeck.server.public_log)."""
        try:
            room = await room_or_404(room_id)
        except Elsewhere as away:
            return dict(await at_owner(away, "log", room_id, {}))
        return {"number": room.number, "log": await public_log(room)}

    @app.websocket("/ws/rooms/{room_id}")
    async def table(websocket: WebSocket, room_id: str, token: str | None = None) -> None:
        if not origin_allowed(websocket.headers.get("origin"), websocket.headers.get("host"), allow_origins):
            await _deny(websocket, 403, f"this server takes WebSockets from its own pages, not from "
                                        f"{shorten(websocket.headers.get('origin'))}")
            return
        address = websocket.client.host if websocket.client else "?"
        if hub.sockets.get(address, 0) >= limits.sockets_per_address:
            await _deny(websocket, 429, f"too many connections from your address (at most "
                                        f"{limits.sockets_per_address} at once)")
            return
        hub.sockets[address] = hub.sockets.get(address, 0) + 1
        try:
            await _play(websocket, room_id, token)
        finally:
            left = hub.sockets.pop(address, 1) - 1
            if left > 0:
                hub.sockets[address] = left

    # which process of a fleet took the connection (for an operator, and the tests that place clients)
    served_by = [(b"x-zdeck-process", hub.fleet.name.encode())] if hub.fleet is not None else None

    async def _play(websocket: WebSocket, room_id: str, token: str | None) -> None:
        await websocket.accept(headers=served_by)
        for attempt in range(3):
            try:
                room = await _here(room_id)
            except Elsewhere as away:
                await _relayed(websocket, room_id, token, away.owner)
                return
            except RoomError as exc:  # a closed room
                await _refuse(websocket, CLOSED if exc.status == 410 else 1013, str(exc))
                return
            if room is None:
                await _refuse(websocket, 4404, f"no room {shorten(room_id)}")
                return
            seat = None
            if token is not None:
                seat = room.seat_for(token)
                if seat is None:
                    await _refuse(websocket, 4401, "this token holds no seat of this room (leave it out to watch)")
                    return
            conn = Socket(websocket, seat)
            async with reading:  # the game's table, which the first state carries, described off the event loop
                await asyncio.to_thread(table_text, room.game)
            try:
                async with settled(room):
                    room.attach(conn)
                break
            except RoomError:  # being read back; in a fleet, maybe handed over to another process meanwhile
                if hub.fleet is None or room.closed is not None or attempt == 2:
                    await _refuse(websocket, 1011, "the table is being reloaded; reconnect")
                    return
                await asyncio.sleep(0.05)
        assert room is not None
        pump = asyncio.create_task(conn.pump())
        try:
            while conn.closing is None and not pump.done():
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                if _over_rate(conn, message):
                    continue
                text = message.get("text")
                if room.broken:
                    conn.close(1011, "the table is being reloaded; reconnect")
                    break
                await room.handle(conn, text if text is not None else message.get("bytes"))
        except WebSocketDisconnect:
            pass
        finally:
            if room.lock.locked():  # not `settled`: a broken room's connections are gone already
                async with room.lock:
                    room.detach(conn)
            else:
                room.detach(conn)
            conn.close(1000, "bye")
            try:
                await asyncio.wait_for(asyncio.shield(pump), timeout=5)
            except (TimeoutError, asyncio.CancelledError):
                pump.cancel()

    async def _here(room_id: str) -> Room | None:
        """The room, in this process; Elsewhere if another owns it and keeps it. The table follows its clients: the
        owner hands it over if they are all here (a proxy routing by room sends them all to one process)."""
        try:
            return await hub.get(room_id)
        except Elsewhere as away:
            assert hub.fleet is not None
            if not await hub.fleet.cede(away.owner, room_id):
                raise
            return await hub.get(room_id)

    async def _relayed(websocket: WebSocket, room_id: str, token: str | None, owner: str) -> None:
        """A table connection to a room another process owns: relayed both ways through PostgreSQL."""
        assert hub.fleet is not None
        game = await asyncio.to_thread(store.room_game, room_id)
        if game is None:
            await _refuse(websocket, 4404, f"no room {shorten(room_id)}")
            return
        async with reading:
            table = await asyncio.to_thread(table_text, game)
        conn = Socket(websocket, None)
        pump = asyncio.create_task(conn.pump())
        link = await hub.fleet.relay(conn, room_id, owner, token, table)
        try:
            while link is not None and conn.closing is None and not pump.done():
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                if _over_rate(conn, message):
                    continue
                text = message.get("text")
                await hub.fleet.forward(link, text if text is not None else message.get("bytes"))
        except WebSocketDisconnect:
            pass
        finally:
            if link is not None:
                await hub.fleet.unlink(link)
            conn.close(1000, "bye")
            try:
                await asyncio.wait_for(asyncio.shield(pump), timeout=5)
            except (TimeoutError, asyncio.CancelledError):
                pump.cancel()

    @app.get("/", include_in_schema=False)
    async def lobby() -> HTMLResponse:
        return HTMLResponse(pages.lobby, headers={"Cache-Control": "no-cache"})

    @app.get("/rooms/{room_id}", include_in_schema=False)
    async def room_page(room_id: str) -> HTMLResponse:
        """A room's shareable link: the same page, which opens the room named in its path."""
        return HTMLResponse(pages.room, headers={"Cache-Control": "no-cache"})

    @app.get("/games/{game_id}/{path:path}", include_in_schema=False)
    async def game_table_file(game_id: str, path: str) -> Response:
        """A game's table drawing and card pictures, from its folder (zdeck.server.game_files)."""
        found = game_file(game_id, path)
        if found is None:
            raise HTTPException(404, f"no table file {shorten(path)} for game {shorten(game_id)}")
        return Response(found[0], media_type=found[1], headers={"Cache-Control": "no-cache"})

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


class Pages:
    """The page, as the server sends it: the lobby with the games listed (a person without JavaScript, or whose
    scripts are still loading, reads them and their rules), a room's link with a line saying it is opening."""

    def __init__(self, games: list[dict[str, Any]]) -> None:
        self.games = games
        page = (STATIC / "index.html").read_text(encoding="utf-8")
        listed = "".join(
            f'<li class="game"><h3>{html.escape(g["title"])}</h3><p>{html.escape(g["summary"])}</p>'
            f'<p class="muted small">{_players(g)} · {html.escape(_levels(g))}</p>'
            f'<p class="row"><a href="/rules/{g["id"]}">Rules</a></p></li>' for g in games)
        self.lobby = page.replace('<section id="lobby" hidden>', '<section id="lobby">') \
            .replace('<ul id="game-list"></ul>', f'<ul id="game-list">{listed}</ul>')
        self.room = page.replace('<p id="loading" class="muted" hidden>', '<p id="loading" class="muted">')


def _levels(game: dict[str, Any]) -> str:
    """The bots a person plays against, by level, in players' words (not the engine's bot names)."""
    levels = ", ".join(level["level"] for level in game["levels"])
    if not levels:
        return "no bots"
    alone = game["max_players"] == 1  # nobody to play against: a bot's score is one to beat
    return f"bots to compare your score with: {levels}" if alone else f"bots to play against: {levels}"


def _players(game: dict[str, Any]) -> str:
    low, high = game["min_players"], game["max_players"]
    return f"{low} player" if low == high == 1 else f"{low} players" if low == high else f"{low}-{high} players"


def _address(request: Request) -> str:
    """The client's address: the proxy's `X-Forwarded-For` where `zdeck serve --proxy` trusts it (uvicorn has
    already put it in the request), else the peer's."""
    return request.client.host if request.client else "?"


def _game_number(text: str, room: Room) -> int:
    if not (text.isdigit() and len(text) <= 9 and 1 <= int(text) <= room.number):
        raise RoomError(f"room {room.id} has no game {shorten(text)}: its games are numbered 1 to {room.number}", 404)
    return int(text)


Read = TypeVar("Read")


async def _read_game(reader: Callable[[str, Mapping[str, str], Limits], Read], game_id: str, request: Request,
                     limits: Limits, gate: asyncio.Semaphore) -> Read:
    """A game's data read with its players and options from the query, in a worker thread (a big ZAR table
    takes a second to describe): 404 for an unknown game, 422 for a bad query, each naming what is allowed."""
    if game_id not in zdeck.games():
        raise HTTPException(404, f"no game {shorten(game_id)}; known games: {', '.join(zdeck.games())}")
    query = dict(request.query_params)
    try:
        async with gate:  # one at a time: a queue of big tables waits here, not in memory at once
            return await asyncio.to_thread(reader, game_id, query, limits)
    except ValueError as exc:
        raise HTTPException(422, str(exc)) from None


async def _deny(websocket: WebSocket, status: int, message: str) -> None:
    """Refuse a WebSocket before it opens: an HTTP answer with its reason where the server can send one."""
    if "websocket.http.response" in websocket.scope.get("extensions", {}):
        await websocket.send_denial_response(JSONResponse({"detail": message}, status_code=status))
    else:
        await websocket.close(1008, message[:120])


def _over_rate(conn: Socket, message: Mapping[str, Any]) -> bool:
    """A message past the socket's rate is dropped with an error; a flood of them closes the socket."""
    if conn.allowed():
        return False
    conn.refused += 1
    if conn.refused > FLOOD_CLOSE:
        conn.close(1008, "too many messages")
    else:
        conn.send(_error(f"too many messages: at most {RATE:g} a second; this one was dropped", message.get("text")))
    return True


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


def _unknown_presence(entry: dict[str, Any]) -> dict[str, Any]:
    """A lobby entry read from the database, with the presence fields of `Room.summary` not known here."""
    label = f"waiting for {entry['seats_open']} " + ("person" if entry["seats_open"] == 1 else "people") \
        if entry["status"] == "waiting" else "playing"
    return {**entry, "people": None, "present": None, "covered": None, "table": entry["status"], "label": label}

