"""Driving the terminal table with Textual's pilot, by keys, as a person would."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from textual.pilot import Pilot

import zdeck
from zdeck.live.local import LocalTable
from zdeck.tui.app import ZdeckApp

# A short game of each (seat 0 acts a few dozen times at most), the seed chosen for a short deal.
SHORT: dict[str, tuple[int, dict[str, Any], int]] = {
    "zipzap": (2, {"rounds": 1}, 1),
    "zoop": (3, {}, 3),
    "zopzoo": (2, {"target": 30}, 2),
    "zoker-solo": (1, {}, 5),
    "zoker-memo": (2, {"deal": 4, "stuck": "end"}, 7),
    "zoker-tiko": (3, {"last_deal": "even"}, 1),
    "zoker-kubo": (2, {"rounds": 1}, 5),
    "zar": (2, {"hands": 1}, 3),
}
SIZE = (110, 36)
T = TypeVar("T")


def short_app(game_id: str, watch: bool = False, speed: float = 0.0, seed: int | None = None) -> ZdeckApp:
    players, options, default_seed = SHORT[game_id]
    game = zdeck.make(game_id, players, **options)
    table = LocalTable(game, None if watch else 0, ["random"], seed=default_seed if seed is None else seed,
                       speed=speed)
    return ZdeckApp(table)


async def press_a_key(app: ZdeckApp, pilot: Pilot[None], rng: random.Random) -> str | None:
    """Act once by keys, as a person: a live card's or board place's key, else a call's key, else space;
    a chooser that opens is answered with a number. Returns the key pressed (None: nothing to do)."""
    bound = app.bindings_now
    live = [slot.key for slot in app.slots if slot.key is not None and slot.card in bound.cards]
    places = [app.board_keys[target] for target in bound.board]
    if live or places:
        key = rng.choice(live + places)
    elif bound.calls:
        key = rng.choice(sorted(bound.calls))
    elif bound.loose:
        key = "space"
    else:
        return None
    await pilot.press(key)
    await pilot.pause()
    if len(app.screen_stack) > 1:  # a chooser: a card that plays two ways, a call with choices
        await pilot.press("1")
        await pilot.pause()
    return key


async def play_whole_game(app: ZdeckApp, pilot: Pilot[None], limit: int = 400) -> list[str]:
    """Press keys until the game is over; the keys pressed."""
    rng = random.Random(7)
    pressed: list[str] = []
    for _ in range(limit):
        await pilot.pause()
        if app.table.over:
            return pressed
        if app.message is None or not app.message["legal"]:
            await pilot.pause(0.01)
            continue
        key = await press_a_key(app, pilot, rng)
        if key is not None:
            pressed.append(key)
    raise AssertionError(f"{app.game.id}: not over after {limit} rounds of keys ({len(pressed)} pressed)")


def in_a_thread(work: Callable[[], T]) -> T:
    """Run `work` in a thread of its own and return its result. The app needs an event loop of its own:
    a test that ran earlier in this worker may have left one running in the main thread (Playwright's
    sync API does, for the browser tests' session), and asyncio.run refuses to start under it."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(work).result()


def run(coroutine: Coroutine[Any, Any, T]) -> T:
    """`asyncio.run` in a thread of its own (see `in_a_thread`)."""
    return in_a_thread(lambda: asyncio.run(coroutine))


async def wait_until(pilot: Pilot[None], condition: Callable[[], bool], limit_s: float = 15.0) -> bool:
    """Let the app run until `condition` holds (True) or `limit_s` seconds pass (False): no fixed sleep,
    and room to spare on a loaded machine."""
    deadline = time.monotonic() + limit_s
    while not condition():
        if time.monotonic() > deadline:
            return False
        await pilot.pause(0.02)
    return True
