"""A seat at a table of a `zdeck serve` server, for the terminal's clients (`zdeck play --join URL`).

It offers the calls `LocalTable` offers (`start`, `act`, `ready`, `rematch`, `stop` ...), so the Textual table
and the line mode play a server's table as they play one in this process: the messages are the server's own
(docs/protocol.md), read from its WebSocket. The person sits down through `POST /api/rooms/{room}/join` (or
takes back a seat with the token a link carries: `/rooms/ROOM#token=T`, the browser's way to move a seat to
another device). The server keeps the record; the client fetches it once the game is over.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

import zdeck
from zdeck.core import Game
from zdeck.records import Record, RecordError
from zdeck.textview.words import bare_name

TIMEOUT_S = 10.0  # for one HTTP request to the server


class JoinError(Exception):
    """The table could not be joined: the server's own words, or why it could not be reached."""


class RemoteTable:
    """One person's seat at a server's table. `join` finds the room, sits down and returns the table."""

    holds = False  # other people sit here: nobody's client may stop the table's clock

    def __init__(self, base: str, room: str, game: Game, seat: int, token: str, speed: float) -> None:
        self.base = base
        self.room = room
        self.game = game
        self.human: int | None = seat
        self.token = token
        self.speed = speed
        self.over = False
        self.number = 1
        self.names: list[str] = []
        self._ws: Any = None
        self._task: asyncio.Task[None] | None = None
        self._listener: Any = None

    @classmethod
    def join(cls, link: str, name: str) -> RemoteTable:
        """Sit down at the table `link` names (`http://host:8000/rooms/ROOM`, with `#token=T` to take back a seat
        already yours), as `name`."""
        parsed = urllib.parse.urlsplit(link if "://" in link else "http://" + link)
        parts = [p for p in parsed.path.split("/") if p]
        if len(parts) != 2 or parts[0] != "rooms":
            raise JoinError(f"{link!r} is not a table's link: it looks like http://HOST:PORT/rooms/ROOM")
        base, room = f"{parsed.scheme}://{parsed.netloc}", parts[1]
        info = _http(f"{base}/api/rooms/{urllib.parse.quote(room)}")
        try:
            game = zdeck.make(info["game"], len(info["seats"]), **dict(info.get("options") or {}))
        except (KeyError, TypeError, ValueError) as exc:
            raise JoinError(f"this client cannot play that table ({exc}): is it a newer server?") from exc
        token = dict(urllib.parse.parse_qsl(parsed.fragment)).get("token")
        if token:
            seat = -1  # the server says which seat the token holds, in its first state
        else:
            sat = _http(f"{base}/api/rooms/{urllib.parse.quote(room)}/join", {"name": name})
            seat, token = int(sat["seat"]), str(sat["token"])
        speed = float((info.get("settings") or {}).get("speed") or 1.0)
        return cls(base, room, game, seat, token, speed)

    @property
    def link(self) -> str:
        """The table's link with this seat's token: opened in a browser, it sits the same person down there."""
        return f"{self.base}/rooms/{self.room}#token={self.token}"

    @property
    def share(self) -> str:
        """The table's link for others (no token): they sit down at an open seat, or watch."""
        return f"{self.base}/rooms/{self.room}"

    def start(self, listener: Any) -> None:
        """Connect and pass every message the server sends to `listener` (in the running event loop)."""
        self._listener = listener
        self._task = asyncio.ensure_future(self._pump())

    async def _pump(self) -> None:
        import websockets

        scheme = "wss" if self.base.startswith("https") else "ws"
        url = f"{scheme}://{self.base.split('://', 1)[1]}/ws/rooms/{urllib.parse.quote(self.room)}?token=" \
              f"{urllib.parse.quote(self.token)}"
        try:
            async with websockets.connect(url, max_size=2**22) as ws:
                self._ws = ws
                async for text in ws:
                    message = json.loads(text)
                    if message.get("type") == "state":
                        self._note(message)
                    self._listener(message)
        except (OSError, websockets.WebSocketException) as exc:
            self._listener({"type": "error", "message": f"the connection to the table was lost ({exc})"})
        finally:
            self._ws = None

    def _note(self, message: dict[str, Any]) -> None:
        if isinstance(message.get("seat"), int):
            self.human = message["seat"]
        self.over = bool(message.get("over"))
        self.number = int(message.get("number") or 1)
        self.names = [bare_name(seat) for seat in message.get("seats") or []]
        speed = (message.get("settings") or {}).get("speed")
        if isinstance(speed, int | float):
            self.speed = float(speed)

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None

    def pause(self) -> None:
        """Nothing: a server's table goes on for the others (the room's own pause waits between rounds)."""

    def resume(self) -> None:
        """Nothing (see `pause`)."""

    async def _send(self, message: dict[str, Any]) -> None:
        if self._ws is not None:
            with contextlib.suppress(OSError, Exception):
                await self._ws.send(json.dumps(message))

    async def act(self, action: int | str, seen: int) -> None:
        await self._send({"type": "act", "action": action, "seen": seen})

    async def ready(self) -> None:
        await self._send({"type": "ready"})

    async def rematch(self) -> None:
        await self._send({"type": "rematch"})

    def seat_names(self) -> list[str]:
        return list(self.names)

    def record(self) -> Record:
        """The game's record, from the server, once it is over (the seed it holds is served only then)."""
        url = f"{self.base}/api/rooms/{urllib.parse.quote(self.room)}/record?number={self.number}"
        try:
            with urllib.request.urlopen(url, timeout=TIMEOUT_S) as answer:
                return Record.from_json(answer.read().decode("utf-8").strip())
        except (OSError, RecordError, ValueError) as exc:
            raise JoinError(f"the server did not give this game's record ({_why(exc)})") from exc


def _http(url: str, body: dict[str, Any] | None = None) -> Any:
    """GET (or POST `body` as JSON) and read the JSON answer; a refusal is a JoinError with the server's words."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, headers={"content-type": "application/json"} if data else {})
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT_S) as answer:
            return json.loads(answer.read())
    except (OSError, ValueError) as exc:
        raise JoinError(_why(exc)) from exc


def _why(exc: Exception) -> str:
    if isinstance(exc, urllib.error.HTTPError):
        try:
            detail = json.loads(exc.read()).get("detail")
        except (OSError, ValueError, AttributeError):
            detail = None
        return f"the server said {exc.code}: {detail or exc.reason}"
    if isinstance(exc, urllib.error.URLError):
        return f"the server could not be reached: {exc.reason}"
    return str(exc)


__all__ = ["JoinError", "RemoteTable"]
