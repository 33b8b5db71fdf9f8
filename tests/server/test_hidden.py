"""No seat's messages ever hold another seat's hidden cards.

Whole games of every game are played in-process through `Room.handle` (the path every
WebSocket message takes) by random people, some answering an older version than the
table's (late submissions: bounces, penalties), and a bot. Every message to every seat and
to a spectator is checked when it is sent: no text that another seat's observation shows
and this one's does not (a card in another hand) may appear in it, not in the state, nor
in an event (a bounced or penalised card), nor in an error.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import zdeck
from zdeck.live.room import Room
from zdeck.server.catalog import TableSettings

# game, players, bot seats, options
TABLES: list[tuple[str, int, dict[int, str], dict[str, Any]]] = [
    ("zipzap", 3, {2: "greedy"}, {"rounds": 1}),
    ("zoop", 4, {3: "heuristic"}, {"calls": "strict"}),
    ("zopzoo", 3, {2: "heuristic"}, {"target": 150}),
    ("zoker-memo", 3, {2: "perfect"}, {"deal": 8}),
    ("zoker-tiko", 3, {2: "cheap-winner"}, {}),
    ("zoker-kubo", 3, {2: "points"}, {}),
    ("zar", 3, {2: "heuristic"}, {"hands": 1, "calls": "strict"}),
]


class Nothing:
    """A saver that keeps nothing (what is saved is tested elsewhere)."""

    async def create_room(self, room: Room) -> None: ...

    async def take_seat(self, room: str, seat: int, name: str, token_hash: str) -> None: ...

    async def add_action(self, *args: Any) -> None:
        await asyncio.sleep(0)  # a write yields to the loop, as the database's does

    async def new_game(self, room: str, number: int, seed: int) -> None: ...


def strings(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(strings(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(strings(v) for v in value)) if value else set()
    return set()


class Spy:
    """A connection that checks each message against what its seat may not see at that moment."""

    def __init__(self, room: Room, seat: int | None) -> None:
        self.room, self.seat, self.count = room, seat, 0

    def send(self, text: str) -> None:
        self.count += 1
        state = self.room.state
        mine = strings(state.observation(self.seat))
        hidden = set()
        for other in range(self.room.game.players):
            if other != self.seat:
                hidden |= strings(state.observation(other)) - mine
        message = json.loads(text)
        message.pop("table", None)  # a first state's tables of every card and action: the same for everyone
        said = "\n".join(strings(message))
        for secret in hidden:
            if re.search(rf"(?<![\w]){re.escape(secret)}(?![\w])", said):
                raise AssertionError(f"seat {self.seat} was sent {secret!r}, which it may not see: {text[:400]}")

    def close(self, code: int, reason: str) -> None: ...


async def play(game_id: str, players: int, bots: dict[int, str], options: dict[str, Any], seed: int,
               late_share: float) -> Room:
    room = Room.new("r", zdeck.make(game_id, players, **options), bots, TableSettings(speed=0.0), Nothing())
    room._deal(1, seed)
    spies = {p: Spy(room, p) for p in range(players)}
    watcher = Spy(room, None)
    for spy in [*spies.values(), watcher]:
        room.attach(spy)
    people = [p for p in range(players) if p not in bots]
    for p in people:
        await room.join(f"P{p}", p)
    choose = random.Random(seed)
    for _ in range(20_000):
        if room.state.is_over():
            break
        choose.shuffle(people)
        for p in people:
            legal = room.state.legal_actions(p)
            if not legal:
                continue
            version = room.state.version
            seen = max(0, version - choose.randint(1, 2)) if choose.random() < late_share else version
            message = {"type": "act", "action": str(choose.choice(legal)), "seen": seen}
            await room.handle(spies[p], json.dumps(message))
        await asyncio.sleep(0)  # the bots' clocks (speed 0: due at once)
    room.stop()
    assert room.state.is_over(), f"{game_id}: no end"
    assert watcher.count > 0 and all(spy.count > 0 for spy in spies.values())
    return room


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 2**62), late_share=st.sampled_from([0.0, 0.3, 0.7]))
def test_no_message_holds_another_seats_hidden_cards(table: tuple[Any, ...], seed: int, late_share: float) -> None:
    asyncio.run(play(*table, seed=seed, late_share=late_share))


def test_every_game_once_with_late_answers() -> None:
    for index, table in enumerate(TABLES):
        room = asyncio.run(play(*table, seed=index, late_share=0.4))
        if table[0] in ("zipzap", "zoop", "zar"):  # games whose rules resolve late cards: some were
            assert any(len(entry) == 3 for entry in room.actions), table[0]
