"""Every queue between a fleet's processes is bounded (issue 34, zdeck.server.fleet): a stalled PostgreSQL or a slow
process must not make one grow without end. Past a bound the client concerned is let go with a reason (its socket
closed with 1013: the page reconnects), and the others carry on.

One process's Fleet on a throwaway PostgreSQL, its sender thread not started - as if PostgreSQL took no notification
any more: what the owner sends relayed clients piles up in its queue.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from typing import Any

import pytest

from tests.server.test_fleet import database  # noqa: F401 - a database of its own on the throwaway cluster
from tests.server.test_postgres import postgres_url  # noqa: F401 - the throwaway cluster, a fixture
from zdeck.live.room import Room
from zdeck.server.app import Hub, Socket
from zdeck.server.fleet import BACKLOG, RELAY_INBOX, RELAY_OUTBOX, RELAY_PENDING, Fleet, Link, RemoteConn
from zdeck.server.store import Store


@pytest.fixture
def store(database: str) -> Iterator[Store]:  # noqa: F811
    made = Store(database)
    made.migrate()
    yield made


@asynccontextmanager
async def stalled_owner(store: Store) -> AsyncIterator[tuple[Fleet, Room]]:
    """A fleet process whose notifications never leave (its sender is not running), owning a table of three
    people that two clients of another process ("peer", connections 1 and 2) watch through it."""
    hub = Hub(store, fleet=True)
    store.open()
    assert hub.fleet is not None
    try:
        room = await hub.create({"game": "zipzap", "players": 3}, "test")
        for conn in (1, 2):
            await hub.fleet._do("peer", "attach", room.id, {"conn": conn, "token": None, "fresh": True})
        yield hub.fleet, room
    finally:
        await asyncio.to_thread(store.close)


def queued(fleet: Fleet) -> list[tuple[str, list[Any]]]:
    """What the sender holds, in order: (process, record)."""
    held: list[tuple[str, list[Any]]] = []
    while not fleet.sender.queue.empty():
        item = fleet.sender.queue.get_nowait()
        assert item is not None
        held.append((item[0], item[1]))
    return held


def test_a_relayed_client_whose_messages_cannot_leave_is_let_go_past_its_bound_with_a_reason(store: Store) -> None:
    async def scenario() -> None:
        async with stalled_owner(store) as (fleet, room):
            slow, other = fleet.remote[("peer", 1)], fleet.remote[("peer", 2)]
            for _ in range(RELAY_OUTBOX + 20):
                room.broadcast_state()
            await asyncio.sleep(0)  # the room lets them go once its broadcast is over
            for conn in (slow, other):
                assert conn.closed and conn not in room.conns and ("peer", conn.conn) not in fleet.remote
            held = queued(fleet)
            for conn in (1, 2):
                data = [r for _, r in held if r[0] == "d" and r[1] == conn]
                closing = [r for _, r in held if r[0] == "x" and r[1] == conn]
                assert len(data) == RELAY_OUTBOX  # the first state and the states after it, up to the bound
                assert closing == [["x", conn, 1013, BACKLOG]]  # then one closing, saying why: it reconnects
            room.broadcast_state()  # the table plays on for its other clients; nothing more queued for these
            assert queued(fleet) == []

    asyncio.run(scenario())


def test_the_senders_whole_queue_is_bounded_too(store: Store) -> None:
    async def scenario() -> None:
        async with stalled_owner(store) as (fleet, room):
            fleet.sender.most = 50  # clients' messages the sender holds in all
            for _ in range(40):
                room.broadcast_state()
            await asyncio.sleep(0)
            held = queued(fleet)
            assert len([r for _, r in held if r[0] == "d"]) == 50
            assert sorted(r[1] for _, r in held if r[0] == "x") == [1, 2]
            assert not room.conns

    asyncio.run(scenario())


def test_a_relayed_clients_messages_waiting_for_the_table_are_bounded(store: Store) -> None:
    async def scenario() -> None:
        async with stalled_owner(store) as (fleet, room):
            conn: RemoteConn = fleet.remote[("peer", 1)]
            async with room.lock:  # the table is busy (saving a move): the client's messages wait for it
                for index in range(RELAY_INBOX + 5):
                    fleet._handle([["m", "peer", 1, json.dumps({"type": "ready", "id": index})]])
                assert conn.closed and ("peer", 1) not in fleet.remote
            await asyncio.sleep(0.05)
            assert conn not in room.conns
            assert ["x", 1, 1013, BACKLOG] in [r for _, r in queued(fleet)]

    asyncio.run(scenario())


def test_a_client_relayed_from_here_with_too_many_messages_unanswered_is_let_go(store: Store) -> None:
    async def scenario() -> None:
        async with stalled_owner(store) as (fleet, _room):
            socket = Socket(None, None)  # type: ignore[arg-type] - its queue only: nothing is written to a wire
            link = Link(99, "room", socket, "{}", None)
            link.owner = "peer"
            fleet.links[link.id] = link
            for index in range(RELAY_PENDING + 3):
                await fleet.forward(link, json.dumps({"type": "ready", "id": index}))
            assert socket.closing == (1013, BACKLOG)
            assert len([r for _, r in queued(fleet) if r[0] == "m"]) == RELAY_PENDING
            # and what the owner sends back when it lets a client go closes its socket here, with its reason
            other = Socket(None, None)  # type: ignore[arg-type]
            fleet.links[7] = Link(7, "room", other, "{}", None)
            fleet._handle([["x", 7, 1013, BACKLOG]])
            assert other.closing == (1013, BACKLOG)

    asyncio.run(scenario())
