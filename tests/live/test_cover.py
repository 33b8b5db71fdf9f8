"""A person who leaves never freezes a table (issue 31): a bot covers a seat whose person is away or lets their
turn clock run out, the table shows it (`covered_by`), and the person gets the seat back by coming back. On a
virtual clock (`zdeck.live.clock`): the times asserted are the table's own, to the millisecond."""

from __future__ import annotations

import asyncio

from tests.live.helpers import table
from zdeck.live.clock import run_virtual
from zdeck.live.room import ABANDON_S, AWAY_S
from zdeck.live.settings import TableSettings


def test_a_silent_person_is_covered_when_their_turn_clock_runs_out_and_gets_the_seat_back_by_saying_so() -> None:
    async def run() -> None:
        settings = TableSettings(speed=0.1, clock=5.0, cover=True)
        room, conns = await table("zoker-tiko", 3, people=[0, 1], bots={2: "cheap-winner"}, settings=settings,
                                  playing=(1,))
        ann = conns[0]
        while not ann.events("standin"):
            await asyncio.sleep(0.5)
        when, covered = ann.events("standin")[0]
        assert (covered["seat"], covered["why"], covered["bot"]) == (0, "clock", "cheap-winner")
        # the clock ran from the state that made it seat 0's turn, and every client was told when it would end
        started = next(t for t, m in ann.heard if m["type"] == "state" and (m.get("turn_clock") or {}).get("seat") == 0)
        assert round(when - started, 3) == 5.0
        shown = ann.last_state()["seats"][0]
        assert shown["covered_by"] == {"bot": "cheap-winner", "level": "hard", "why": "clock"} and shown["connected"]
        version = room.state.version
        await asyncio.sleep(20)
        assert room.state.version > version + 3, "the game went on"
        assert any(m.get("by") == "standin" and m["seat"] == 0 for _, m in ann.events("action"))
        await room.handle(ann, '{"type": "back"}')
        assert ann.heard[-1][1] == {"type": "result", "outcome": "back"}
        assert ann.events("handback")[-1][1]["seat"] == 0 and room.seats[0].standin is None
        assert ann.last_state()["seats"][0]["covered_by"] is None
        room.stop()

    run_virtual(run())


def test_a_person_who_leaves_is_covered_at_once_and_the_table_plays_on_until_they_return() -> None:
    async def run() -> None:
        room, conns = await table("zipzap", 4, people=[0, 1], bots={2: "greedy", 3: "greedy"}, playing=(0, 1),
                                  settings=TableSettings(speed=1.0, cover=True), rounds=4)
        bob = conns[1]
        await asyncio.sleep(3)
        assert room.summary()["table"] == "playing" and room.summary()["label"] == "playing with 2 people"
        room.detach(conns[0])  # Ann closes her tab
        left = asyncio.get_running_loop().time()
        while not bob.events("standin"):
            await asyncio.sleep(0.1)
        when, covered = bob.events("standin")[0]
        assert (covered["seat"], covered["why"]) == (0, "away") and when - left <= AWAY_S + 1e-6
        seat = bob.last_state()["seats"][0]
        assert not seat["connected"] and seat["covered_by"]["why"] == "away"
        lobby = room.summary()
        assert (lobby["table"], lobby["present"], lobby["covered"]) == ("covered", 1, 1)
        assert lobby["label"] == "playing with 1 person; a bot covers P0"
        version = room.state.version
        await asyncio.sleep(5)
        assert room.state.version > version, "the table does not wait for Ann"
        room.attach(conns[0])  # Ann is back: her seat too
        assert bob.events("handback")[-1][1]["seat"] == 0 and room.seats[0].standin is None
        back = asyncio.get_running_loop().time()
        while not any(m["by"] == "person" and m["seat"] == 0 for t, m in bob.events("action") if t > back):
            assert not room.state.is_over(), "Ann played again before the end"
            await asyncio.sleep(0.5)
        room.stop()

    run_virtual(run())


def test_without_cover_the_table_waits_for_a_person_and_the_lobby_says_when_nobody_is_there() -> None:
    async def run() -> None:
        room, conns = await table("zoker-tiko", 2, people=[0], bots={1: "cheap-winner"},
                                  settings=TableSettings(speed=0.1, clock=5.0, cover=False))
        while 0 not in room.state.actors():
            await asyncio.sleep(0.5)
        version = room.state.version
        await asyncio.sleep(300)
        assert room.state.version == version and room.seats[0].standin is None
        assert conns[0].last_state()["turn_clock"] is None  # nothing happens when a clock runs out: none is shown
        room.detach(conns[0])
        assert (room.summary()["table"], room.summary()["label"]) == ("away", "waiting for P0 (away)")
        room._nobody_since -= ABANDON_S  # (the lobby reads the wall clock)
        assert room.summary()["table"] == "abandoned"
        assert room.summary()["label"] == "abandoned: nobody at the table, it waits for them until it is closed"
        room.stop()

    run_virtual(run())
