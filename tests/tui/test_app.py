"""The terminal table played with Textual's pilot: whole games by keys, the screens, leaving, races."""

from __future__ import annotations

import asyncio
import re

import pytest

import zdeck
from zdeck.records import replay
from zdeck.tui.app import ZdeckApp
from zdeck.tui.screens import ChooseScreen, HelpScreen, LeaveScreen, RulesScreen

from .helpers import SHORT, SIZE, play_whole_game, short_app


@pytest.mark.parametrize("game_id", sorted(SHORT))
def test_a_whole_game_of_each_game_is_played_by_keys(game_id: str) -> None:
    app = short_app(game_id)

    async def play() -> list[str]:
        async with app.run_test(size=SIZE) as pilot:
            return await play_whole_game(app, pilot)

    pressed = asyncio.run(play())
    assert pressed, "the person acted"
    record = app.finished
    assert record is not None and record.scores is not None
    assert any(entry[0] == 0 for entry in record.actions), "seat 0's keys reached the table"
    final = replay(record)  # the record replays to the same end
    assert final.is_over() and list(final.scores()) == record.scores


def test_watching_shows_bots_playing_to_the_end_without_a_hand() -> None:
    app = short_app("zipzap", watch=True)

    async def watch() -> None:
        async with app.run_test(size=SIZE) as pilot:
            for _ in range(200):
                await pilot.pause(0.02)
                if app.table.over:
                    break
            assert app.table.over
            assert not app.query_one("#hand").display
            assert app.message is not None and app.message["seat"] is None
            assert app.message["observation"]["hand"] is None  # a spectator sees no hand

    asyncio.run(watch())


def test_the_rules_and_the_keys_open_and_close() -> None:
    app = short_app("zoop", speed=50.0)

    async def look() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("r")
            assert isinstance(app.screen, RulesScreen)
            assert "Zoop" in app.screen.document
            await pilot.press("escape")
            assert not isinstance(app.screen, RulesScreen)
            await pilot.press("question_mark")
            assert isinstance(app.screen, HelpScreen)
            meanings = " ".join(meaning for _, meaning in app.screen.lines)
            assert "stays that card's key" in meanings and "rules" in meanings
            await pilot.press("escape")
            assert not isinstance(app.screen, HelpScreen)

    asyncio.run(look())


def test_q_asks_and_k_leaves_keeping_the_record_of_the_game_so_far() -> None:
    app = short_app("zoker-tiko", speed=50.0)

    async def leave() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause(0.05)
            await pilot.press("q")
            assert isinstance(app.screen, LeaveScreen)
            await pilot.press("n")
            assert not isinstance(app.screen, LeaveScreen)
            await pilot.press("q")
            await pilot.press("k")
        assert app.keep_record

    asyncio.run(leave())
    record = app.table.record()
    assert record.scores is None and record.seed == SHORT["zoker-tiko"][2]
    assert record.bots[0] == "you"


def test_the_space_key_offers_every_action_as_a_snapshot_and_a_number_picks_one() -> None:
    app = short_app("zoker-solo", speed=50.0)
    sent: list[tuple[str, int]] = []

    async def choose() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause(0.05)

            async def act(text: str, seen: int) -> None:
                sent.append((text, seen))

            app.table.act = act  # type: ignore[method-assign]
            assert app.message is not None
            legal, version = list(app.message["legal"]), app.message["version"]
            await pilot.press("space")
            assert isinstance(app.screen, ChooseScreen)
            assert sorted(app.screen.texts) == sorted(legal)
            second = app.screen.texts[1]
            await pilot.press("2")
            await pilot.pause()
            assert sent == [(second, version)]  # the choice answers the moment the list was shown

    asyncio.run(choose())


def test_the_app_holds_only_what_its_seat_is_sent() -> None:
    app = short_app("zipzap", speed=50.0)

    async def look() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause(0.05)
            state = app.table.room.state
            assert app.message is not None
            assert app.message["observation"] == state.observation(0)
            shown = "\n".join(plain for plain, _ in app._shown.values())
            mine = set(state.observation(0)["hand"])
            for other in range(1, app.game.players):
                for card in set(state.observation(other)["hand"]) - mine:
                    assert not re.search(rf"(?<!\w){re.escape(card)}(?!\w)", shown), card

    asyncio.run(look())


def test_zdeck_play_without_a_terminal_is_the_line_mode() -> None:
    from tests.cli.helpers import run

    result = run("play", "zoker-solo", "--seed", "1", "--speed", "0")  # CliRunner's stdin is no terminal
    assert "your turn" in result.output and "1 " in result.output  # the numbered menu of the line mode


def test_games_have_a_short_setting_here() -> None:
    assert set(SHORT) == set(zdeck.games())
    assert isinstance(short_app("zar"), ZdeckApp)
