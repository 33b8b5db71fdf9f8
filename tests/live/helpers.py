"""A live table in-process on a virtual clock (`zdeck.live.clock`): people as connections that keep what they
hear and may act like a person (after a person's pause, the first thing they may do), bots as seats."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import zdeck
from zdeck.live.room import Room
from zdeck.live.settings import TableSettings


class Nothing:
    """A saver that keeps nothing."""

    async def create_room(self, room: Room) -> None: ...

    async def take_seat(self, room: str, seat: int, name: str, token_hash: str) -> None: ...

    async def add_action(self, *args: Any) -> None:
        await asyncio.sleep(0)

    async def new_game(self, room: str, number: int, seed: int) -> None: ...


class Person:
    """A connection at `seat` (None: a spectator) that keeps every message with its (virtual) time. With
    `plays`, it answers each state in which it may act, `think` seconds later, with its first legal action
    (and says it is ready after a round) - a person at the table; without, it only listens."""

    def __init__(self, room: Room, seat: int | None, plays: bool = False, think: float = 0.4) -> None:
        self.room, self.seat, self.plays, self.think = room, seat, plays, think
        self.says_ready = True
        self.heard: list[tuple[float, dict[str, Any]]] = []
        self.closed: tuple[int, str] | None = None
        self._asked = -1

    def send(self, text: str) -> None:
        message = json.loads(text)
        self.heard.append((asyncio.get_running_loop().time(), message))
        if not self.plays or message["type"] != "state":
            return
        if message.get("pause"):
            if self.says_ready and self.seat not in message["pause"]["ready"]:
                asyncio.get_running_loop().call_later(self.think, self._say, {"type": "ready"})
        elif message["legal_ids"] and message["version"] != self._asked:
            self._asked = message["version"]
            asyncio.get_running_loop().call_later(
                self.think, self._say, {"type": "act", "action": message["legal_ids"][0], "seen": message["version"]})

    def _say(self, message: dict[str, Any]) -> None:
        if self.plays:
            asyncio.ensure_future(self.room.handle(self, json.dumps(message)))

    def close(self, code: int, reason: str) -> None:
        self.closed = (code, reason)

    def events(self, kind: str) -> list[tuple[float, dict[str, Any]]]:
        return [(t, m) for t, m in self.heard if m["type"] == "event" and m["kind"] == kind]

    def last_state(self) -> dict[str, Any]:
        return next(m for _, m in reversed(self.heard) if m["type"] == "state")


async def table(game_id: str, players: int, people: list[int], bots: dict[int, str], seed: int = 1,
                settings: TableSettings | None = None, playing: tuple[int, ...] = (), **options: Any
                ) -> tuple[Room, dict[int | None, Person]]:
    """A room on the running (virtual) loop with `people` seated and connected (those in `playing` act), bots in
    `bots`, and a spectator (key None). The game starts as the last person sits down."""
    game = zdeck.make(game_id, players, **options)
    room = Room.new("t", game, bots, settings or TableSettings(speed=0.1, cover=True), Nothing(), seed=seed)
    conns: dict[int | None, Person] = {None: Person(room, None)}
    room.attach(conns[None])
    for seat in people:
        conns[seat] = Person(room, seat, plays=seat in playing)
        room.attach(conns[seat])
        await room.join(f"P{seat}", seat)  # (the last one starts the game and its clocks)
    if not people:
        room.start_clock()
    return room, conns
