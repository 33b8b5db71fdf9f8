"""A live table in this process: the room `zdeck serve` runs, hosted for the terminal's clients (the
Textual table and the `--plain` line mode), each one more connection to it.

The room is the same object the server runs: bots on a real clock with their reaction times, a
person's action applied with the version they saw (a late card resolved by the rulebook), idle clocks,
and every change sent to each seat as the `state` / `event` messages of docs/protocol.md. So the
terminal, the line mode and the browser play a game alike, and the live logic is written once. Nothing
is saved to a database: the record is kept in memory (`record()`).
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import Callable
from typing import Any

from zdeck.core import Game
from zdeck.live.room import Room, RoomData, Seat
from zdeck.live.settings import TableSettings
from zdeck.records import Record

Listener = Callable[[dict[str, Any]], None]


class MemorySaver:
    """The room's `Saver` for a table nobody else joins: nothing to commit, the record lives in memory."""

    async def create_room(self, room: Room) -> None:
        return None

    async def take_seat(self, room: str, seat: int, name: str, token_hash: str) -> None:
        return None

    async def add_action(self, room: str, number: int, index: int, entry: list[Any],
                         result: tuple[list[float], list[int]] | None) -> None:
        return None

    async def new_game(self, room: str, number: int, seed: int) -> None:
        return None


class LocalConn:
    """A connection to the room in the same process: each message decoded and handed to `listener`."""

    def __init__(self, seat: int | None, listener: Listener) -> None:
        self.seat = seat
        self.listener = listener
        self.closed: tuple[int, str] | None = None

    def send(self, text: str) -> None:
        self.listener(json.loads(text))

    def close(self, code: int, reason: str) -> None:
        self.closed = (code, reason)


class LocalTable:
    """One game at a terminal: `human` plays that seat (None: everyone is a bot, the person watches).

    Bots take the other seats in turn from `bot_names`. Must be started (`start`) inside the
    running event loop: the room's clock is asyncio's.
    """

    NAME = "you"
    holds = True  # its clients may hold its clock (a round's summary read, a watcher's beat): nobody else is seated

    def __init__(self, game: Game, human: int | None, bot_names: list[str], seed: int | None = None,
                 speed: float = 1.0, idle: float | None = None) -> None:
        self.game = game
        self.human = human
        self.seed = secrets.randbits(63) if seed is None else seed
        others = [p for p in range(game.players) if p != human]
        self.bots = {p: bot_names[i % len(bot_names)] for i, p in enumerate(others)}
        settings = TableSettings(max(speed, 0.0), clock=idle, cover=idle is not None)
        self.room = Room.new("local", game, self.bots, settings, MemorySaver(), seed=self.seed)
        self.room.private = True  # one person, nobody watching: the clock may wait for that person alone
        self.conn: LocalConn | None = None

    @classmethod
    def resumed(cls, game: Game, human: int | None, bot_names: list[str], seed: int, actions: list[list[Any]],
               speed: float = 1.0) -> LocalTable:
        """The table of a game already begun: `actions` (a record's) replayed from `seed`, the person
        already seated. The room decides from there exactly as it would have (`Room.restore`)."""
        table = cls(game, human, bot_names, seed, speed)
        seats = [Seat(p, "person", name=cls.NAME) if p == human else Seat(p, "bot", bot=table.bots[p])
                 for p in range(game.players)]
        data = RoomData("local", game.id, game.players, dict(game.options), table.room.settings.as_dict(),
                        table.room.created, seats, 1, seed, [list(a) for a in actions])
        table.room = Room.restore(data, MemorySaver())
        table.room.private = True
        return table

    def start(self, listener: Listener) -> None:
        """Connect the app and start the clock (the game starts as the person takes the seat)."""
        self.conn = LocalConn(self.human, listener)
        self.room.attach(self.conn)
        if self.human is None or self.room.started:
            self.room.start_clock()
        else:
            asyncio.ensure_future(self.room.join(self.NAME, self.human))

    def stop(self) -> None:
        """Stop the clock and leave the room (nothing is sent after this)."""
        self.room.stop()
        if self.conn is not None:
            self.room.detach(self.conn)
            self.conn = None

    def pause(self) -> None:
        self.room.stop()

    def resume(self) -> None:
        self.room.start_clock()

    async def act(self, action: int | str, seen: int) -> None:
        """The person's action (its id, or a text typed) answering version `seen`: exactly one `result` or
        `error` comes back."""
        if self.conn is None:
            return
        await self.room.handle(self.conn, json.dumps({"type": "act", "action": action, "seen": seen}))

    async def ready(self) -> None:
        """The person has read the round's summary: the room's pause between rounds need not wait for them."""
        if self.conn is not None and self.human is not None:
            await self.room.handle(self.conn, json.dumps({"type": "ready"}))

    async def rematch(self) -> None:
        """Another game at the same table, as a `rematch` message asks (the person's seat only)."""
        if self.conn is not None:
            await self.room.handle(self.conn, json.dumps({"type": "rematch"}))

    @property
    def speed(self) -> float:
        return self.room.settings.speed

    @property
    def over(self) -> bool:
        return self.room.state.is_over()

    def seat_names(self) -> list[str]:
        return [self.NAME if p == self.human else self.bots[p] for p in range(self.game.players)]

    def record(self) -> Record:
        """The game so far (scores and winners once it is over): replays with `zdeck replay`."""
        state = self.room.state
        over = state.is_over()
        return Record(self.game.id, self.game.players, dict(self.game.options), self.room.seed, self.seat_names(),
                      [list(entry) for entry in self.room.actions],
                      list(state.scores()) if over else None, list(state.winners()) if over else None,
                      seats=[seat.record(self.game.id) for seat in self.room.seats])


__all__ = ["LocalConn", "LocalTable", "MemorySaver"]
