"""Driving the terminal table with Textual's pilot, by keys, as a person would."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from textual.pilot import Pilot

import zdeck
from zdeck.live.local import LocalTable
from zdeck.textview import Moment
from zdeck.tui.app import ZdeckApp
from zdeck.tui.screens import ChooseScreen, SummaryScreen

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
    if isinstance(app.screen, SummaryScreen):  # a round's summary: go on
        await pilot.press("enter")
        return None
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
    if key == "space" and len(bound.every) == 1:
        await pilot.press("space", "1")  # space lists even a single action: the number picks it
        await pilot.pause()
        return key
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
        if isinstance(app.screen, SummaryScreen):
            await pilot.press("enter")
            continue
        if app.message is None or not app.message["legal"]:
            await pilot.pause(0.01)
            continue
        key = await press_a_key(app, pilot, rng)
        if key is not None:
            pressed.append(key)
    raise AssertionError(f"{app.game.id}: not over after {limit} rounds of keys ({len(pressed)} pressed)")


class Watcher:
    """What the person saw during the game, checked as it comes."""

    def __init__(self, app: ZdeckApp, pictures: Path | None = None) -> None:
        self.app = app
        self.pictures = pictures  # where to save a picture of the first round's summary seen
        self.texts: set[str] = set()
        self.memo_turns = 0
        self.summary_saved = False

    def look(self) -> None:
        app = self.app
        for text, _ in app._shown.values():
            self.texts.add(text)
        screen = app.screen
        if isinstance(screen, ChooseScreen):
            self.texts.update(screen.labels)
        if isinstance(screen, SummaryScreen):
            self.texts.add(screen.text().plain)
            if self.pictures is not None and not self.summary_saved and not screen.summary.last:
                app.save_screenshot(str(self.pictures.with_name(self.pictures.stem + "-summary.svg")))
                self.summary_saved = True

    def check_memo(self) -> None:
        """Every turn just finished shows its two cards face up in their places."""
        app = self.app
        if app.message is None or app.game.id != "zoker-memo":
            return
        obs = app.message["observation"]
        last = obs.get("last_turn")
        if not isinstance(last, dict):
            return
        places = app.view.table(Moment(obs, app.seats, app.view.turned[-1].at if app.view.turned else 0.0))[0]
        shown = {i + 1: place.card for i, place in enumerate(places.places)}  # type: ignore[union-attr]
        for place, card in zip(last["places"], last["cards"], strict=True):
            assert shown[place] == card, f"place {place} shows {shown[place]}, not the turned {card}"
        self.memo_turns += 1


async def play_by_keys(app: ZdeckApp, pilot: Pilot[None], watcher: Watcher | None = None,
                       pictures: Path | None = None, limit: int = 600) -> int:
    """Act by the keys shown until the game is over, as a person: at every moment the seat may act, every legal
    action must have a key on the screen; the one chosen (at random) is made by its key (and the number of a
    list that opens) and must reach the table as that action. Returns the actions made. `pictures`: where to
    save SVG pictures of the table (a few moves in, and a round's summary)."""
    watcher = watcher or Watcher(app)
    rng = random.Random(5)
    made = 0
    seen_turns: Any = None
    for _ in range(limit * 4):
        await pilot.pause()
        watcher.look()
        if app.message is not None:
            turn = app.message["observation"].get("last_turn")
            if turn != seen_turns:
                watcher.check_memo()
                seen_turns = turn
        if isinstance(app.screen, SummaryScreen):
            if app.table.over:
                return made
            await pilot.press("enter")
            continue
        if app.table.over:
            return made
        message = app.message
        if message is None or not message["legal"] or app.held:
            await pilot.pause(0.01)
            continue
        legal = list(message["legal"])
        for text in legal:
            assert app.keys_for(text), f"{app.game.id}: {text!r} is legal but no key on the screen reaches it"
        text = rng.choice(legal)
        key = rng.choice(app.keys_for(text))
        before, version, said, came = len(app.table.room.actions), message["version"], len(app.said), app.came_back
        await pilot.press(key)
        await pilot.pause()
        if isinstance(app.screen, ChooseScreen):
            watcher.look()
            assert text in app.screen.texts, f"{key!r} opened a list without {text!r}"
            index = app.screen.texts.index(text)
            if index < 9:
                await pilot.press(str(index + 1))
            else:
                await pilot.press(*["down"] * index, "enter")

        # a condition, not a count of pauses (a loaded machine is slow)
        await wait_until(pilot, partial(answered, app, watcher, before, said, came), 15.0)
        mine = [entry for entry in app.table.room.actions[before:] if entry[0] == 0]
        if not mine and app.table.room.state.version != version:
            continue  # a bot's card landed first (a race at bot speed): the key came too late, as it may
        assert mine and mine[0][1] == text, f"{key!r} for {text!r} made {mine}"
        made += 1
        if made == 3 and pictures is not None:
            app.save_screenshot(str(pictures))
    raise AssertionError(f"{app.game.id}: not over after {limit} moves")


def answered(app: ZdeckApp, watcher: Watcher, actions: int, said: int, came: Any) -> bool:
    """The key's action landed (past the first `actions`), or the table said why not: a card that came back, a
    refusal, a card that could not be played when the key came (a bot moved first)."""
    watcher.look()
    return any(entry[0] == 0 for entry in app.table.room.actions[actions:]) or app.came_back is not came or \
        any(line.startswith("Refused") or "cannot be played" in line for line in app.said[said:])


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


def screen_text(app: ZdeckApp) -> str:
    """The screen as text, line by line, as a terminal would show it (for a failing test's message)."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())
