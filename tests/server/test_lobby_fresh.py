"""The lobby's line for a table is read once no change of it is unsaved, never an old one: a table whose lock is
held when the lobby is asked (a bot's move being saved, which at a busy table is most of the time) is listed as it
is once that save is done - not as it was when it was made ("waiting, nobody there" for a table in play)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from zdeck.server.app import Hub
from zdeck.server.store import Store


def test_a_table_saving_a_change_is_listed_as_it_is_once_saved(tmp_path: Path) -> None:
    async def scenario() -> tuple[dict[str, object], dict[str, object]]:
        hub = Hub(Store(f"sqlite:///{tmp_path / 'rooms.db'}"))
        await hub.start()
        try:
            room = await hub.create({"game": "zipzap", "players": 2, "bots": {"1": "random"}})
            before = (await hub.listed())[0]
            joining = asyncio.ensure_future(room.join("Ann", None))  # Ann takes her seat: a change saved
            while not room.lock.locked():
                await asyncio.sleep(0)
            after = (await hub.listed())[0]  # asked while the change is being saved
            await joining
            return before, after
        finally:
            await hub.stop()

    before, after = asyncio.run(scenario())
    assert (before["table"], before["seats_taken"]) == ("waiting", 1)
    assert after["seats_taken"] == 2 and after["status"] != "waiting"
