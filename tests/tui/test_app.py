"""The terminal table played with Textual's pilot: whole games by keys, the screens, leaving, races, a penalty,
pausing while watching, and `zdeck play` choosing the app or the line mode and keeping the record."""

from __future__ import annotations

import asyncio
import itertools
import json
import random
import re
import time
from pathlib import Path
from typing import Any

import pytest

import zdeck
from zdeck.live.local import LocalConn, LocalTable, MemorySaver
from zdeck.live.room import Room
from zdeck.records import Record, read_records, replay
from zdeck.server.catalog import TableSettings
from zdeck.tui.app import WATCH_BEAT_S, Bindings, View, ZdeckApp
from zdeck.tui.screens import ChooseScreen, HelpScreen, LeaveScreen, RulesScreen

from .helpers import SHORT, SIZE, in_a_thread, play_whole_game, press_a_key, run, short_app, wait_until


@pytest.mark.parametrize("game_id", sorted(SHORT))
def test_a_whole_game_of_each_game_is_played_by_keys(game_id: str) -> None:
    app = short_app(game_id)

    async def play() -> list[str]:
        async with app.run_test(size=SIZE) as pilot:
            return await play_whole_game(app, pilot)

    pressed = run(play())
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
            assert not app.panel("#hand").display
            assert app.message is not None and app.message["seat"] is None
            assert app.message["observation"]["hand"] is None  # a spectator sees no hand

    run(watch())


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
            assert "Zoop" in app.screen.document  # the rules follow the keys on the same page
            await pilot.press("escape")
            assert not isinstance(app.screen, HelpScreen)

    run(look())


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

    run(leave())
    record = app.table.record()
    assert record.scores is None and record.seed == SHORT["zoker-tiko"][2]
    assert record.bots[0] == "you"


def test_the_space_key_offers_every_action_as_a_snapshot_and_a_number_picks_one() -> None:
    app = short_app("zoker-solo", speed=50.0)
    sent: list[tuple[str, int]] = []

    async def choose() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause(0.05)

            async def act(action: int | str, seen: int) -> None:
                sent.append((str(app.game.action_from_id(action)) if isinstance(action, int) else action, seen))

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
            await pilot.press("space")
            await pilot.press("down", "down", "enter")  # the arrows and enter pick too
            await pilot.pause()
            assert not isinstance(app.screen, ChooseScreen)
            assert sent[1] == (legal[2] if len(legal) > 2 else legal[-1], version)

    run(choose())


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

    run(look())


def test_zdeck_play_without_a_terminal_is_the_line_mode() -> None:
    from tests.cli.helpers import run as run_cli

    result = run_cli("play", "zoker-solo", "--seed", "1", "--speed", "0")  # CliRunner's stdin is no terminal
    assert "Your turn" in result.output and "1 " in result.output  # the numbered menu of the line mode


def test_games_have_a_short_setting_here() -> None:
    assert set(SHORT) == set(zdeck.games())
    assert isinstance(short_app("zar"), ZdeckApp)


def two_people(game_id: str, players: int, seed: int, **options: object) -> tuple[ZdeckApp, LocalConn, list[dict]]:
    """The app at seat 0 and a rival person at seat 1 (the test acts for them through the room's
    protocol), bots nowhere: every move of the game happens when the test says so."""
    game = zdeck.make(game_id, players, **options)
    table = LocalTable(game, 0, ["random"], seed=seed)
    table.room = Room.new("local", game, {}, TableSettings(1.0), MemorySaver(), seed=seed)
    heard: list[dict] = []
    return ZdeckApp(table), LocalConn(1, heard.append), heard


async def rival_acts(app: ZdeckApp, rival: LocalConn, text: str, seen: int) -> None:
    await app.table.room.handle(rival, json.dumps({"type": "act", "action": text, "seen": seen}))


def test_a_card_put_down_after_another_landed_is_shown_coming_back() -> None:
    app, rival, heard = two_people("zipzap", 2, seed=11, rounds=1)

    async def race() -> None:
        async with app.run_test(size=SIZE) as pilot:
            room = app.table.room
            room.attach(rival)
            await room.join("rival", 1)
            await pilot.pause()
            for _ in range(200):  # play on (seat 1 first) until both seats may put a card down at once
                await pilot.pause()
                state = room.state
                mine, theirs = state.legal_actions(0), state.legal_actions(1)
                if mine and theirs and app.bindings_now.cards:
                    break
                await rival_acts(app, rival, str((theirs or mine)[0]), state.version) if theirs \
                    else await pilot.press(next(s.key for s in app.slots if s.card in app.bindings_now.cards))
            else:
                pytest.fail("no race came up")
            seen, looked = room.state.version, app.views[-1]
            card = next(iter(app.bindings_now.cards))
            key = next(s.key for s in app.slots if s.card == card)
            await rival_acts(app, rival, str(room.state.legal_actions(1)[0]), seen)  # their card lands first
            await pilot.pause()
            app.views = [View(0.0, looked.version, looked.bound)]  # the person was answering the moment before
            await pilot.press(str(key))
            await pilot.pause()
            assert app.came_back is not None and app.came_back[0] == card
            assert "went back to your hand" in str(app.panel("#status").render())
            assert app.ring.by_key(str(key)) is not None and app.ring.by_key(str(key)).card == card  # back in hand
            assert room.actions[-1][0] == 0 and room.actions[-1][2] == seen, "recorded as answering the old moment"
            assert room.state.version == seen + 1, "the late card changed nothing"
            assert any(m.get("outcome") == "bounced" and m.get("action") is None for m in heard), \
                "the rival learns a card came back, not which"

    run(race())


def test_keys_stay_on_their_cards_when_a_card_arrives_and_a_key_plays_its_own_card() -> None:
    app, rival, _ = two_people("zoop", 3, seed=4)
    app.table.room = Room.new("local", app.game, {2: "random"}, TableSettings(0.0), MemorySaver(), seed=4)

    async def draw_and_play() -> None:
        async with app.run_test(size=SIZE) as pilot:
            room = app.table.room
            room.attach(rival)
            await room.join("rival", 1)
            checked_draw = checked_play = False
            for _ in range(300):
                await pilot.pause()
                if room.state.is_over() or checked_draw and checked_play:
                    break
                state = room.state
                if 0 not in state.actors():
                    if 1 in state.actors():
                        await rival_acts(app, rival, str(state.legal_actions(1)[0]), state.version)
                    else:
                        await pilot.pause(0.02)  # the bot's turn
                    continue
                before = {s.ident: s.key for s in app.slots}
                if "d" in app.bindings_now.calls and not checked_draw:
                    await pilot.press("d")
                    await pilot.pause()
                    after = {s.ident: s.key for s in app.slots}
                    assert all(after[i] == k for i, k in before.items() if i in after), "a key moved"
                    assert set(after) - set(before), "the drawn card arrived"
                    new_key = after[(set(after) - set(before)).pop()]
                    assert new_key not in before.values()
                    checked_draw = True
                    continue
                playable = [s for s in app.slots if s.card in app.bindings_now.cards and s.key]
                if playable:
                    slot = playable[-1]
                    texts = app.bindings_now.cards[slot.card]
                    await pilot.press(str(slot.key))
                    await pilot.pause()
                    if len(app.screen_stack) > 1:
                        await pilot.press("1")
                        await pilot.pause()
                    assert room.actions[-1][0] == 0 and room.actions[-1][1] in texts  # that card, nothing else
                    assert app.faces.action(room.actions[-1][1]).get("card") == slot.card
                    checked_play = True
                else:
                    await pilot.press("space")
                    await pilot.pause()
                    if len(app.screen_stack) > 1:
                        await pilot.press("1")
            assert checked_play

    run(draw_and_play())


def test_n_after_the_end_deals_another_game_and_both_are_kept() -> None:
    app = short_app("zoker-memo")

    async def two_games() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await play_whole_game(app, pilot)
            await pilot.pause()
            assert "n: another game" in str(app.panel("#status").render())
            await pilot.press("n")
            for _ in range(50):
                await pilot.pause(0.01)
                if app.message and app.message["number"] == 2:
                    break
            assert app.message is not None and app.message["number"] == 2  # (a short deal may end at once)

    run(two_games())
    first, second = app.records()
    assert first.scores is not None and replay(first).is_over()
    assert second.seed != first.seed or second.actions != first.actions


def test_zdeck_play_in_a_terminal_opens_the_table_and_keeps_what_it_returns(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import zdeck.cli.play
    import zdeck.tui
    from tests.cli.helpers import run as run_cli

    opened: list[LocalTable] = []

    def fake_run(table: LocalTable, record_path: str | None = None, save: object = None,
                 pictures: str = "emoji") -> tuple[list[Record], bool]:
        opened.append(table)
        return [table.record()], True  # the person left at once and asked to keep the record

    monkeypatch.setattr(zdeck.cli.play, "in_terminal", lambda: True)
    monkeypatch.setattr(zdeck.tui, "run", fake_run)
    monkeypatch.chdir(tmp_path)
    result = run_cli("play", "zoker-tiko", "-p", "3", "--seed", "5", "--bots", "random")
    assert result.exit_code == 0, result.output
    assert len(opened) == 1 and opened[0].seed == 5 and opened[0].bots == {1: "random", 2: "random"}
    kept = tmp_path / "zdeck-zoker-tiko-5.jsonl"
    assert Record.from_json(kept.read_text().strip()).seed == 5


def test_the_cursor_moves_over_the_hand_and_enter_plays_the_card_under_it() -> None:
    app = short_app("zoker-tiko", speed=50.0)
    sent: list[tuple[str, int]] = []

    async def aim() -> None:
        async with app.run_test(size=SIZE) as pilot:
            for _ in range(100):
                await pilot.pause(0.02)
                if app.bindings_now.cards:
                    break

            async def act(action: int | str, seen: int) -> None:
                sent.append((str(app.game.action_from_id(action)) if isinstance(action, int) else action, seen))

            app.table.act = act  # type: ignore[method-assign]
            await pilot.press("right", "right", "left")
            slot = app.ring.by_ident(app.cursor)
            assert slot is not None and slot is app.slots[0]
            await pilot.press("enter")
            await pilot.pause()
            if slot.card in app.bindings_now.cards:
                assert sent and app.faces.action(sent[0][0]).get("card") == slot.card
            else:
                assert not sent

    run(aim())


def views_app(*views: tuple[float, int, list[str]]) -> ZdeckApp:
    app = short_app("zoker-tiko", speed=50.0)
    app.views = [View(at, version, Bindings(every=texts)) for at, version, texts in views]
    return app


def every(bound: Bindings, text: str = "play red S1") -> list[str]:
    return [text] if text in bound.every else []


def test_a_key_pressed_right_after_a_change_answers_the_table_before_it() -> None:
    app = views_app((10.0, 4, ["play red S1"]), (10.9, 5, ["play red S1"]))
    assert app.view_answered(every, now=11.0) == (4, ["play red S1"])  # 0.1 s: nobody reads that fast
    assert app.view_answered(every, now=11.3) == (5, ["play red S1"])


def test_a_change_your_own_action_made_counts_as_seen_at_once() -> None:
    app = views_app((10.0, 4, ["play red S1"]), (10.9, 5, ["play red S1"]))
    app.own_versions.add(5)
    assert app.view_answered(every, now=11.0)[0] == 5


def test_a_key_that_did_nothing_before_the_change_answers_the_new_table() -> None:
    app = views_app((10.0, 4, []), (10.9, 5, ["play red S1"]))  # your turn just came
    assert app.view_answered(every, now=11.0) == (5, ["play red S1"])


def test_watching_holds_each_change_on_screen_for_a_beat() -> None:
    app = short_app("zipzap", watch=True, speed=0.25)  # a beat of 0.2 s; bots answer in about as long
    arrivals: list[float] = []
    receive = app.receive

    def timed(message: dict[str, Any]) -> None:
        if message.get("type") == "state":
            arrivals.append(time.monotonic())
        receive(message)

    app.receive = timed  # type: ignore[method-assign]

    async def watch() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: len(arrivals) >= 5)  # (a loaded machine slows the bots, not the beat)

    run(watch())
    gaps = [b - a for a, b in itertools.pairwise(arrivals[1:])]
    assert len(gaps) >= 3, "the bots played on"
    assert min(gaps) >= WATCH_BEAT_S * 0.25 * 0.9


def log_text(app: ZdeckApp) -> str:
    """What the log shows, its wrapped lines joined again."""
    return "".join(strip.text for strip in app.panel("#log").lines)  # type: ignore[attr-defined]


def test_a_zoop_with_the_wrong_card_is_penalised_and_the_table_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """Zoop rule 2.1 with calls=strict: a ZOOP! of a card that is not the top card's twin costs a card (it
    goes back to the hand and one is drawn). z lists the ZOOP!s; the person picks a wrong one; the log,
    the status line and the seat's count show the penalty."""
    game = zdeck.make("zoop", 3, calls="strict", first_player=1)  # seat 1 plays first: seat 0 may zoop at once
    app = ZdeckApp(LocalTable(game, 0, ["heuristic"], seed=1, speed=100.0))  # bots slow: the moment stays
    monkeypatch.setattr("zdeck.tui.app.BOUNCE_S", 60.0)  # the card coming back stays on the status line (load)

    async def zoop_wrong() -> None:
        async with app.run_test(size=SIZE) as pilot:
            assert await wait_until(pilot, lambda: "z" in app.bindings_now.calls)
            assert app.message is not None and app.message["version"] == 0
            obs = app.message["observation"]
            top, before = obs["top"], obs["hand_sizes"][0]
            await pilot.press("z")
            assert isinstance(app.screen, ChooseScreen)
            number, wrong = next((i, t) for i, t in enumerate(app.screen.texts[:9], 1) if t != f"zoop {top}")
            card = wrong.removeprefix("zoop ")
            await pilot.press(str(number))
            assert await wait_until(pilot, lambda: app.message is not None and app.message["version"] == 1)
            assert app.table.room.actions == [[0, wrong]]
            assert app.message["observation"]["hand_sizes"][0] == before + 1, "one card drawn"
            assert app.message["observation"]["hand"].count(card) >= 1, "the card went back to the hand"
            said = "ZOOP! with a different card"
            assert said in log_text(app) and "it goes back to your hand and you draw one" in log_text(app)

            def status() -> str:
                return str(app.panel("#status").render())

            def mine() -> str:
                return next(line for line in str(app.panel("#seats").render()).splitlines() if "you " in line)

            # drawn once the app has redrawn (soon; later on a loaded machine): waited for, not slept
            assert await wait_until(pilot, lambda: card in status() and said in status()), status()
            assert await wait_until(pilot, lambda: f" {before + 1} cards" in mine()), mine()

    run(zoop_wrong())


def test_f2_pauses_and_resumes_the_bots_while_watching() -> None:
    app = short_app("zipzap", watch=True, speed=0.1)  # a move about every 0.15 s (a beat of 0.08 s, then the bot)

    async def pause_and_resume() -> None:
        async with app.run_test(size=SIZE) as pilot:
            room = app.table.room
            assert await wait_until(pilot, lambda: room.state.version >= 2)
            await pilot.press("f2")
            await pilot.pause()
            assert app.paused and "PAUSED (F2)" in str(app.panel("#title").render())
            paused_at = room.state.version
            await pilot.pause(0.8)  # at this speed several moves, had the bots not been stopped
            assert room.state.version == paused_at and not room.state.is_over()
            await pilot.press("f2")
            moved = await wait_until(pilot, lambda: room.state.version > paused_at)
            assert not app.paused and "PAUSED" not in str(app.panel("#title").render())
            assert moved, "the bots play on"

    run(pause_and_resume())


def test_zdeck_play_plain_in_a_terminal_is_the_line_mode(monkeypatch: pytest.MonkeyPatch) -> None:
    """--plain chooses the line mode even where both ends are a terminal (the app would open there)."""
    import zdeck.cli.play
    import zdeck.tui
    from tests.cli.helpers import run as run_cli

    def no_app(table: LocalTable, record_path: str | None = None, save: object = None,
               pictures: str = "emoji") -> tuple[list[Record], bool]:
        raise AssertionError("the full-screen app opened")

    monkeypatch.setattr(zdeck.cli.play, "in_terminal", lambda: True)
    monkeypatch.setattr(zdeck.tui, "run", no_app)
    result = run_cli("play", "zoker-solo", "--seed", "1", "--speed", "0", "--plain")
    assert result.exit_code == 0, result.output
    assert "Your turn" in result.output and "1 " in result.output  # the numbered menu of the line mode


def test_zdeck_play_record_keeps_the_apps_game_in_the_file(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """`zdeck play --record FILE` in a terminal: the app runs (headless, driven by the pilot: a few keys,
    then q and y - leave, no question of keeping) and the game so far is appended to FILE."""
    import zdeck.cli.play
    from tests.cli.helpers import run as run_cli

    apps: list[ZdeckApp] = []

    def headless(app: ZdeckApp) -> None:
        apps.append(app)

        async def play_a_little_and_leave() -> None:
            async with app.run_test(size=SIZE) as pilot:
                rng = random.Random(3)
                deadline = time.monotonic() + 15
                while len(app.table.room.actions) < 3 and time.monotonic() < deadline:
                    await pilot.pause(0.02)
                    if app.message and app.message["legal"]:
                        await press_a_key(app, pilot, rng)
                await pilot.press("q")
                assert isinstance(app.screen, LeaveScreen) and app.screen.record_path == str(path)
                await pilot.press("y")

        asyncio.run(play_a_little_and_leave())

    path = tmp_path / "games.jsonl"
    monkeypatch.setattr(zdeck.cli.play, "in_terminal", lambda: True)
    monkeypatch.setattr(ZdeckApp, "run", headless)
    result = in_a_thread(lambda: run_cli("play", "zoker-solo", "--seed", "4", "--speed", "0", "--record", str(path)))
    assert result.exit_code == 0, (result.output, result.exception)
    assert len(apps) == 1 and "game left before its end" in result.output
    [kept] = list(read_records(path))
    assert kept.seed == 4 and kept.scores is None
    assert kept.actions == [list(a) for a in apps[0].table.room.actions] and len(kept.actions) >= 3


def test_space_lists_even_a_single_action_and_acts_only_on_a_choice() -> None:
    """`space` ("all actions") played at once when one action was open; it lists it, and only the choice acts."""
    app = short_app("zoker-kubo", speed=50.0)
    sent: list[str] = []

    async def one_action() -> None:
        async with app.run_test(size=SIZE) as pilot:

            async def act(action: int | str, seen: int) -> None:
                sent.append(str(app.game.action_from_id(action)) if isinstance(action, int) else action)

            app.table.act = act  # type: ignore[method-assign]
            assert await wait_until(pilot, lambda: bool(app.bindings_now.every))
            app.bindings_now = Bindings(every=["end"], calls={"e": ["end"]})
            await pilot.press("space")
            assert isinstance(app.screen, ChooseScreen) and app.screen.texts == ["end"]
            assert not sent, "nothing is played by space alone"
            await pilot.press("escape")
            assert not sent
            await pilot.press("space", "1")
            await pilot.pause()
            assert sent == ["end"]

    run(one_action())


def test_the_record_is_written_the_moment_the_game_ends(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """`--record` wrote nothing when the terminal was closed after the end: the record is in the file as soon as
    the game is over, while the table is still open - and not written twice when the person then leaves."""
    import zdeck.cli.play
    from tests.cli.helpers import run as run_cli

    path = tmp_path / "games.jsonl"
    kept_at_the_end: list[list[Record]] = []

    def headless(app: ZdeckApp) -> None:
        async def play_to_the_end() -> None:
            async with app.run_test(size=SIZE) as pilot:
                await play_whole_game(app, pilot)
                await pilot.pause()
                kept_at_the_end.append(list(read_records(path)))  # the terminal could close here
                await pilot.press("q", "y")

        asyncio.run(play_to_the_end())

    monkeypatch.setattr(zdeck.cli.play, "in_terminal", lambda: True)
    monkeypatch.setattr(ZdeckApp, "run", headless)
    result = in_a_thread(lambda: run_cli("play", "zoker-memo", "-p", "2", "-o", "deal=4", "-o", "stuck=end",
                                         "--seed", "7", "--speed", "0", "--record", str(path)))
    assert result.exit_code == 0, (result.output, result.exception)
    [[at_the_end]] = kept_at_the_end
    assert at_the_end.scores is not None and replay(at_the_end).is_over()
    assert [r.to_json() for r in read_records(path)] == [at_the_end.to_json()], "kept once"
    assert "Game over:" in result.output and "wins" in result.output


def test_a_small_window_keeps_every_seat_and_the_table_and_says_what_it_hid() -> None:
    """After a resize to 60x20 the seats and the pile had zero height, with no notice."""
    app = short_app("zoop", speed=50.0)  # four seats

    async def shrink() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            assert await wait_until(pilot, lambda: app.message is not None)
            await pilot.pause(0.1)
            players = app.game.players
            assert app.panel("#seats").content_size.height >= players and app.panel("#log").display
            await pilot.resize_terminal(60, 20)
            await pilot.pause(0.2)
            assert app.panel("#seats").content_size.height >= players, "every seat keeps its line"
            assert app.panel("#middle").region.height >= 5, "the table keeps its room"
            assert not app.panel("#log").display and "small window" in str(app.panel("#title").render())
            seats = str(app.panel("#seats").render())
            lines = [line for line in seats.splitlines() if line.strip()]
            # a long name is cut in its middle: its start shows, and seats stay apart
            assert all(name[:3] in seats for name in app.seats.names[1:]) and len(set(lines)) == len(lines) >= players
            await pilot.resize_terminal(80, 24)
            await pilot.pause(0.2)
            assert app.panel("#log").display and "small window" not in str(app.panel("#title").render())

    run(shrink())
