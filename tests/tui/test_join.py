"""`zdeck play --join`: the terminal table at a real `zdeck serve` server's table, with another person (a
plain WebSocket client here, as a browser is one) who leaves half way and comes back: the terminal shows the
table waiting for them, the bot that covers them on their seat, and their return."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest

from tests.server.conftest import ServerProcess, served
from zdeck.live.remote import JoinError, RemoteTable
from zdeck.tui.app import ZdeckApp

from .helpers import run, screen_text, wait_until

websockets = pytest.importorskip("websockets")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    yield from served(tmp_path_factory.mktemp("join"))


def shown(app: ZdeckApp, panel: str) -> str:
    return app._shown.get(panel, ("", ()))[0]


def seats_panel(app: ZdeckApp) -> str:
    return shown(app, "seats")


def test_the_terminal_plays_a_servers_table_with_a_person_who_leaves_and_comes_back(server: ServerProcess) -> None:
    room = server.post("/api/rooms", {"game": "zoop", "players": 3, "bots": {"2": "easy"},
                                      "options": {"speed": 0.2, "cover": True}})["room"]
    table = RemoteTable.join(f"{server.base}/rooms/{room}", "Tess")
    assert table.human == 0 and table.game.id == "zoop"
    app = ZdeckApp(table)
    ws_url = f"{server.ws}/ws/rooms/{room}?token="

    async def bob_connects(token: str) -> Any:
        ws = await websockets.connect(ws_url + token)
        await ws.recv()  # the first state: Bob is at the table
        return ws

    async def play() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            assert await wait_until(pilot, lambda: "Waiting for" in shown(app, "status"), 20.0), screen_text(app)
            assert "Waiting for 1 more person to sit down" in shown(app, "status") and f"/rooms/{room}" in \
                shown(app, "status")
            bob = await asyncio.to_thread(server.post, f"/api/rooms/{room}/join", {"name": "Bob"})
            ws = await bob_connects(bob["token"])
            assert await wait_until(pilot, lambda: app.message is not None and app.message["status"] == "playing")
            assert "Bob sits down." in app.said and "Bob " in seats_panel(app)
            await ws.close()  # Bob closes his tab: after a few seconds a bot covers him
            assert await wait_until(pilot, lambda: "away: a bot plays for them" in seats_panel(app), 20.0), \
                screen_text(app)
            assert "Bob is away: a bot plays for them until they are back." in app.said
            ws = await bob_connects(bob["token"])  # Bob is back
            assert await wait_until(pilot, lambda: "a bot plays" not in seats_panel(app), 20.0), screen_text(app)
            assert "Bob is back and plays again." in app.said
            await ws.close()

    run(play())


def test_a_link_that_is_no_table_is_refused_in_words(server: ServerProcess) -> None:
    with pytest.raises(JoinError, match="not a table's link"):
        RemoteTable.join(f"{server.base}/lobby", "Tess")
    with pytest.raises(JoinError, match="404"):
        RemoteTable.join(f"{server.base}/rooms/nosuchroom", "Tess")
