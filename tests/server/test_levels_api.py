"""The lobby's side of the bots' levels (issue 31): GET /api/games lists each game's levels with their ratings and
the table's clock; a room seats a level by its name and calls its bots by a person's name and their level."""

from __future__ import annotations

from typing import Any

from zdeck.live.gamedata import LEVELS
from zdeck.live.seating import level_spec


def test_a_room_seats_levels_by_name_and_its_record_keeps_each_bot_apart_from_peoples_names(client: Any) -> None:
    games = {g["id"]: g for g in client.get("/api/games").json()}
    zipzap = games["zipzap"]
    assert [level["level"] for level in zipzap["levels"]] == list(LEVELS)
    assert zipzap["default_level"] in LEVELS and zipzap["newcomer"]["bot"]
    assert zipzap["clock"] == {"turn": 15.0, "race": 5.0, "pause": 12.0}
    room = client.post("/api/rooms", json={"game": "zipzap", "players": 3, "bots": {"1": "easy", "2": "greedy"},
                                           "options": {"rounds": 1, "speed": 0.0}}).json()
    seats = room["seats"]
    assert seats[1]["bot"] == level_spec("zipzap", "easy") and seats[1]["level"] == "easy"
    assert seats[1]["name"].endswith(" · bot, easy") and seats[2]["name"].endswith(" · bot, hard")
    assert room["settings"] == {"speed": 0.0, "clock": 15.0, "race": 5.0, "cover": True, "think_ms": 1000.0}
