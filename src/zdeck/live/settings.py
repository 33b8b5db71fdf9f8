"""A live table's settings - options of the table rather than of the rules - and their checks.

The person who makes a table chooses them beside the game's options (`POST /api/rooms`, docs/protocol.md):
how fast the bots are (`speed`), how long a person's turn may last before a bot covers the seat (`clock`), how
long a window open to everyone stays open with nobody playing (`race`), and whether bots cover absent people at
all (`cover`). Each game's defaults are data in its folder (`zdeck.live.gamedata`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any

from zdeck.live.gamedata import table_data

MAX_SPEED = 100.0
CLOCK_S = (2.0, 600.0)  # a turn clock's bounds, seconds: 2 s is a blitz table, 10 minutes a slow one
RACE_S = (1.0, 60.0)  # a race window's bounds, seconds (scaled by `speed`, as the bots' reactions are)
MAX_IDLE = 24 * 3600.0  # the legacy `idle` option (a turn clock before `clock`), as it was bounded
# The longest a search bot may think a decision at a server's table (ms, wall clock). A room request cannot
# buy more: `ismcts:ms=5000` is refused, and an iteration budget stops here too (whichever ends first), so
# every seat costs at most a second of CPU a decision. The tuned `ismcts` takes about 0.2 s; a person would
# not wait much longer than a second for a bot anyway.
MAX_THINK_MS = 1000.0


@dataclass(frozen=True)
class TableSettings:
    """The table options of a room. None: the game's default (`zdeck.live.gamedata`)."""

    speed: float = 1.0
    clock: float | None = None  # seconds a person has on their turn before a bot covers the seat (if `cover`)
    # Not a table option a request sets: the server's cap on a search bot's decision (MAX_THINK_MS), saved with
    # the room so that a resumed table's bots think as they did. None (a terminal table): uncapped.
    think_ms: float | None = None
    race: float | None = None  # seconds (x speed) a window open to everyone stays open with nobody playing
    cover: bool = False  # do bots cover absent people (a request's default: yes; a terminal's table: no)

    @property
    def idle(self) -> float | None:
        """The legacy view: seconds before a bot stands in, or None when none does."""
        return self.clock if self.cover else None

    def resolved(self, game_id: str) -> TableSettings:
        """These settings with the game's defaults filled in."""
        clock = table_data(game_id).clock
        return replace(self, clock=clock.turn if self.clock is None else self.clock,
                       race=clock.race if self.race is None else self.race)

    def as_dict(self) -> dict[str, Any]:
        return {"speed": self.speed, "clock": self.clock, "race": self.race, "cover": self.cover,
                "think_ms": self.think_ms}


def table_options(game_id: str) -> dict[str, dict[str, Any]]:
    """The table options a room of this game takes, with their defaults and bounds (`GET /api/games`)."""
    clock = table_data(game_id).clock
    return {
        "clock": {"default": clock.turn, "choices": None, "min": CLOCK_S[0], "max": CLOCK_S[1],
                  "doc": "seconds a person has to act on their turn before a bot covers the seat (if cover); the "
                         "person gets the seat back by acting or reconnecting"},
        "race": {"default": clock.race, "choices": None, "min": RACE_S[0], "max": RACE_S[1],
                 "doc": "seconds (times speed) a race or call window open to everyone stays open when nobody plays"},
        "cover": {"default": True, "choices": [True, False], "min": None, "max": None,
                  "doc": "whether a bot covers a person who is away or lets the turn clock run out (false: the "
                         "table waits for them)"},
        "speed": {"default": 1.0, "choices": None, "min": 0.0, "max": MAX_SPEED,
                  "doc": "the bots' reaction-time multiplier (2 = twice as slow, 0.1 = ten times as fast); it "
                         "scales the race window too"},
    }


TABLE_OPTION_NAMES = frozenset({"clock", "race", "cover", "speed", "idle"})  # ("idle": the legacy turn clock)


def _seconds(name: str, value: Any, bounds: tuple[float, float]) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) \
            or not bounds[0] <= value <= bounds[1]:
        raise ValueError(f"option {name}={value!r} is not allowed: seconds from {bounds[0]:g} to {bounds[1]:g}")
    return float(value)


def table_settings(values: dict[str, Any], game_id: str | None = None, request: bool = False) -> TableSettings:
    """The settings of a request's table options (`request`: unset options take a new table's defaults, so bots
    cover), or of a saved room (which also holds its `think_ms`; a room saved before there was one was made by
    the server: MAX_THINK_MS). `game_id` fills in the game's clock. ValueError naming what is allowed."""
    speed = values.get("speed", 1.0)
    if isinstance(speed, bool) or not isinstance(speed, (int, float)) or not math.isfinite(speed) \
            or not 0 <= speed <= MAX_SPEED:
        raise ValueError(f"option speed={speed!r} is not allowed: a number from 0 to {MAX_SPEED:g}")
    cover: Any = values.get("cover", request)
    clock = values.get("clock")
    if "idle" in values and "clock" not in values and "cover" not in values:  # the legacy option, or an old room
        idle = values["idle"]
        if idle is not None and (isinstance(idle, bool) or not isinstance(idle, (int, float))
                                 or not math.isfinite(idle) or not 0 < idle <= MAX_IDLE):
            raise ValueError(f"option idle={idle!r} is not allowed: null or seconds above 0, at most {MAX_IDLE:g} "
                             "(idle is the old name of clock with cover)")
        cover, clock = idle is not None, idle
    elif "idle" in values and request:
        raise ValueError("option idle is the old name of clock with cover: give clock and cover instead")
    elif clock is not None:
        clock = _seconds("clock", clock, CLOCK_S if request else (0.0, MAX_IDLE))
    if not isinstance(cover, bool):
        raise ValueError(f"option cover={cover!r} is not allowed: true or false")  # noqa: TRY004 (a 422)
    race = values.get("race")
    if race is not None:
        race = _seconds("race", race, RACE_S)
    think_ms = values.get("think_ms", MAX_THINK_MS)
    if think_ms is not None and (isinstance(think_ms, bool) or not isinstance(think_ms, (int, float))):
        raise ValueError(f"saved think_ms={think_ms!r} is not a number of ms")
    settings = TableSettings(float(speed), None if clock is None else float(clock),
                             None if think_ms is None else float(think_ms), race, cover)
    return settings if game_id is None else settings.resolved(game_id)
