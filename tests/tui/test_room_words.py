"""The terminal table says what the room says: its round summary (the words the browser shows) with its pause
between rounds, which ends when the person is ready; the people a bot covers; and a bot says it is one once."""

from __future__ import annotations

import json
import random
import re
import time
from typing import Any

import zdeck
from zdeck.botspecs import default_bot
from zdeck.live.local import LocalTable
from zdeck.tui.app import ZdeckApp
from zdeck.tui.screens import SummaryScreen

from .helpers import run, screen_text, wait_until


def test_a_person_a_bot_covers_shows_on_their_seat_and_a_bot_says_bot_once() -> None:
    """Bob is away (his connection dropped), a bot covers Ann while her clock ran out: the seats panel and the
    status line say so, in the browser's words; the bot seat reads "Wen 🤖 hard", never "bot" twice."""
    game = zdeck.make("zoop", 4)
    table = LocalTable(game, 0, [default_bot("zoop")], seed=3)
    app = ZdeckApp(table)
    message: dict[str, Any] = json.loads(table.room.state_text(0))
    seats = message["seats"]
    assert seats[1]["name"].endswith("· bot, hard"), seats[1]  # the room's label for a bot
    seats[2].update(kind="person", name="Ann", bot=None, level=None, connected=True,
                    standin="hard", covered_by={"bot": "hard", "level": "hard", "why": "clock"})
    seats[3].update(kind="person", name="Bob", bot=None, level=None, connected=False)
    message["observation"]["turn"] = 2
    message["status"], seats[0]["open"] = "playing", False  # (the room has not seated "you" yet: no clock ran)
    shown = "\n".join(app.view_model(message))
    assert "out of time: a bot plays for them" in shown and "A bot plays for Ann while they are out of time." in shown
    bob = next(line for line in shown.splitlines() if "Bob" in line)
    assert shown.splitlines()[shown.splitlines().index(bob) + 1].strip() == "↳ away", shown
    bot = next(line for line in shown.splitlines() if "🤖" in line)
    assert "hard" in bot and bot.count("bot") + bot.count("🤖") == 1, bot
    seats[2].update(standin=None, covered_by=None)  # Ann is back
    assert "a bot plays" not in "\n".join(app.view_model(message))


def test_a_round_ends_with_the_rooms_summary_and_enter_ends_its_pause() -> None:
    """Zip Zap over 2 rounds at 80x24: the first round's summary is the room's (its sentence, each seat's
    lines), says when the next round starts, and enter tells the room at once that the person is ready."""
    game = zdeck.make("zipzap", 2, rounds=2)
    app = ZdeckApp(LocalTable(game, 0, [default_bot("zipzap")], seed=1, speed=0.0))
    told: list[dict[str, Any]] = []
    listen = app.receive

    events: list[tuple[str, Any]] = []

    def receive(message: dict[str, Any]) -> None:
        if message.get("kind") == "round":
            told.append(message["summary"])
        if message.get("kind") in ("ready", "resume"):
            events.append((message["kind"], message.get("seat", message.get("round"))))
        listen(message)

    app.receive = receive  # type: ignore[method-assign]
    rng = random.Random(3)

    async def play() -> tuple[str, float]:
        async with app.run_test(size=(80, 24)) as pilot:
            while not isinstance(app.screen, SummaryScreen):
                assert not app.table.over, "the first round ended with a summary"
                await pilot.pause(0.01)
                legal = app.message["legal"] if app.message is not None else []
                keys = app.keys_for(rng.choice(legal)) if legal and not app.held else []
                if keys:
                    await pilot.press(keys[0])
                    await pilot.pause()
                    if len(app.screen_stack) > 1 and not isinstance(app.screen, SummaryScreen):
                        await pilot.press("1")
            text = screen_text(app)
            assert app.table.room.pause is not None, "the room waits between rounds"
            await pilot.pause(0.2)
            assert app.table.room.pause is not None, "the table waits for the person, however fast its bots"
            pressed = time.monotonic()
            await pilot.press("enter")
            assert await wait_until(pilot, lambda: app.table.room.pause is None, 10.0), "enter ended the pause"
            assert ("ready", 0) in events and events.index(("ready", 0)) < events.index(("resume", 2)), events
            return text, time.monotonic() - pressed

    text, waited = run(play())
    summary, room = app.summaries[0], told[0]
    winner = room["winners"][0]
    assert summary.headline.startswith("Round 1: ") and "the round" in summary.headline, summary
    if winner != 0:  # the room's sentence, as the browser shows it
        assert summary.how == room["text"] and summary.how in " ".join(text.split()), (summary, text)
    for row, seat in zip(summary.rows, room["seats"], strict=True):
        said = [line["text"] for line in seat["lines"]] or [seat["note"]]
        if seat["seat"] == 0 and seat["seat"] != winner:  # yours broken down by the cards you held
            assert re.fullmatch(r"\d+ cards? left: .+", row[3]), row
        else:
            assert all(words in row[3] for words in said), (row, seat)
    assert "next round starts in" in text and "I'm ready" in text, text
    assert waited < 5.0, f"the next round came {waited:.1f} s after enter"
