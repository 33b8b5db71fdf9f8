"""Reading a room for a client only once no change of its state is unsaved (zdeck.server.app's Hub says why)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from zdeck.live.room import Room, RoomError


@asynccontextmanager
async def settled(room: Room) -> AsyncIterator[Room]:
    """The room with no change of its state unsaved: every read a client gets goes through here. RoomError (503)
    if a save failed meanwhile (the room in memory holds what was not saved: it is read back from the database)."""
    if room.lock.locked():  # a change is being saved: wait for it (no await otherwise: nothing else runs meanwhile)
        async with room.lock:
            if room.broken:
                raise RoomError(f"table {room.id} is being reloaded; try again", 503)
            yield room
        return
    if room.broken:
        raise RoomError(f"table {room.id} is being reloaded; try again", 503)
    yield room
