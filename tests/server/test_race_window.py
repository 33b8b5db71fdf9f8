"""The commit window: a bot's card already on its way when another lands still lands, late, and the rules
resolve it - at a live table as in `play_offline` (and as the simulator lands slower proposals)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import zdeck
from tests.server.test_hidden import Nothing
from zdeck.live.room import REACTION_MS, Plan, Room, in_window, play_offline
from zdeck.records import replay
from zdeck.server.catalog import TableSettings


class Ear:
    """A connection that keeps what it hears."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.heard: list[dict[str, Any]] = []

    def send(self, text: str) -> None:
        self.heard.append(json.loads(text))

    def close(self, code: int, reason: str) -> None: ...


def test_in_window_keeps_answers_due_within_the_reaction_time_scaled_by_speed() -> None:
    plans = [Plan(0.30, 1, "a"), Plan(0.54, 2, "b"), Plan(0.56, 3, "c")]
    assert [p.seat for p in in_window(plans, 0.30, 1.0)] == [1, 2]
    assert [p.seat for p in in_window(plans, 0.30, 0.5)] == [1]  # a faster table: a shorter window
    assert REACTION_MS == 250.0


def test_bots_lose_races_offline_and_the_rules_bounce_their_cards() -> None:
    game = zdeck.make("zipzap", players=4, rounds=1)
    records = [play_offline(game, {p: "greedy" for p in range(4)}, seed) for seed in range(4)]
    late = [entry for record in records for entry in record.actions if len(entry) == 3]
    assert late, "no bot card was ever thrown within the window of another's landing"
    for record in records:  # the late ones replay: the rules resolved them as recorded
        assert replay(record).scores() == record.scores


def _room(game_id: str, players: int, bots: dict[int, str], speed: float, seed: int, **options: Any) -> Room:
    room = Room.new("race", zdeck.make(game_id, players, **options), bots, TableSettings(speed=speed), Nothing())
    room._deal(1, seed)
    return room


async def _play_out(room: Room) -> None:
    """Run the room's clock until its game is over (30 s at most), then stop it."""
    room.start_clock()
    for _ in range(3000):
        if room.state.is_over():
            break
        await asyncio.sleep(0.01)
    room.stop()


def test_a_live_table_of_bots_records_exactly_what_play_offline_does() -> None:
    async def run() -> list[list[Any]]:
        room = _room("zipzap", 4, {p: "greedy" for p in range(4)}, 0.02, 11, rounds=1)
        await _play_out(room)
        assert room.state.is_over()
        return room.actions

    live = asyncio.run(run())
    offline = play_offline(zdeck.make("zipzap", 4, rounds=1), {p: "greedy" for p in range(4)}, 11, 0.02)
    assert live == offline.actions
    assert any(len(entry) == 3 for entry in live)


def _race_room(accept: Any = lambda plan: True) -> tuple[Room, Ear, Plan]:
    """A Zip Zap table of a person (seat 0) and a bot at a moment where both may play, with the bot's
    answer planned; seeds are tried until the deal gives one."""
    for seed in range(200):
        room = _room("zipzap", 2, {1: "greedy"}, 1.0, seed, rounds=1)
        room.seats[0].name = "Ann"
        room.start_clock()
        bot_plans = [p for p in room._plans if p.seat == 1]
        if 0 in room.state.actors() and room.state.legal_actions(0) and bot_plans and accept(bot_plans[0]):
            ear = Ear(0)
            room.attach(ear)
            return room, ear, bot_plans[0]
        room.stop()
    raise AssertionError("no deal opened with a race between the person and the bot")


def _bot_events(ear: Ear) -> list[dict[str, Any]]:
    return [m for m in ear.heard if m["type"] == "event" and m["kind"] == "action" and m["seat"] == 1]


def test_a_bot_card_due_just_after_a_persons_lands_late_and_is_resolved_by_the_rules() -> None:
    async def run() -> None:
        room, ear, plan = _race_room(lambda plan: plan.delay > 0.1)
        loop = asyncio.get_running_loop()
        await asyncio.sleep(max(0.0, room._moment_start + plan.delay - 0.08 - loop.time()))
        version = room.state.version
        await room.act(0, {"action": str(room.state.legal_actions(0)[0]), "seen": version})
        assert not _bot_events(ear)  # not yet: its card is still in the air
        await asyncio.sleep(0.3)
        late = _bot_events(ear)
        assert len(late) == 1 and late[0]["late"] and late[0]["seen"] == version, late
        assert late[0]["outcome"] in ("bounced", "penalised", "applied")
        assert late[0]["outcome"] != "bounced" or (late[0]["why"], late[0]["reason"]) == (
        "late", f"{room.seats[1].name}'s card came too late and went back to their hand.")
        assert room.actions[1] == [1, str(plan.action), version]
        room.stop()

    asyncio.run(run())


def test_a_bot_answer_due_after_the_window_is_dropped_and_the_bot_thinks_again() -> None:
    async def run() -> None:
        room, ear, _ = _race_room(lambda plan: plan.delay > REACTION_MS / 1000 + 0.15)
        version = room.state.version
        await room.act(0, {"action": str(room.state.legal_actions(0)[0]), "seen": version})
        await asyncio.sleep(REACTION_MS / 1000 + 0.1)
        assert not [e for e in _bot_events(ear) if e["late"]]
        assert room._late == [] and room.asked == room.state.version  # asked again at the new version
        room.stop()

    asyncio.run(run())


def test_cards_in_the_air_when_the_server_stops_land_when_it_resumes() -> None:
    """Killed between a landing and the bots' cards of its window: the resumed room lands them, and the
    game goes on exactly as it would have."""
    from zdeck.live.room import RoomData, Seat

    game, bots, seed, speed = zdeck.make("zipzap", 4, rounds=1), {p: "greedy" for p in range(4)}, 11, 0.02
    offline = play_offline(game, bots, seed, speed).actions
    cut = next(i for i, entry in enumerate(offline) if len(entry) == 3)  # the first card that landed late

    async def run() -> list[list[Any]]:
        data = RoomData("race", "zipzap", 4, dict(game.options), {"speed": speed, "idle": None}, 0.0,
                        [Seat(p, "bot", bot="greedy") for p in range(4)], 1, seed, [list(e) for e in offline[:cut]])
        room = Room.restore(data, Nothing())
        assert [(plan.seat, str(plan.action)) for _, plan in room._late][:1] == [tuple(offline[cut][:2])]
        await _play_out(room)
        return room.actions

    assert asyncio.run(run()) == offline
