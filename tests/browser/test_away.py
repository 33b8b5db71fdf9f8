"""Issue 31, done when: people who leave are covered by bots and get their seats back, in a real browser.

A table of two people and bots, as the lobby makes it: the creator picks bot levels (their ratings shown) and a turn
clock in the lobby's form; Ann and Bob sit down from the shared link, on two devices (two browser contexts). Half way
through, on her turn, Ann closes her tab: Bob's table says it waits for her, then, within the time a reload takes, a
bot covers her seat: Bob's table shows it covered ("away: a bot plays for them") and says so in its log, the lobby
lists the table as covered, and the game goes on. Ann opens the link again and has her seat back (Bob's table says
she is back). Both play the game to its end; at every moment each page offers every legal action of its seat as a
visible control with a key and shows no engine word, and the round summaries appear.

A person silent on their turn: their clock counts down on their plate, a bot takes over when it runs out, and their
own table says so and offers the seat back (B).
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from tests.browser.helpers import (
    SNAPSHOT,
    WATCH_SUMMARIES,
    States,
    act_once,
    check_accessible,
    continue_round,
    engine_words,
    make_room,
    shoot,
    shoot_all,
    sit_down,
)
from tests.server.conftest import ServerProcess

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

GAME_S = 180.0


def make_table_in_the_lobby(page: Any, site: ServerProcess) -> str:
    """The creator's choices: Tiko for four, a second person, an easy bot and a medium one, a 20 s turn clock,
    bots cover absent people. Returns the room."""
    page.goto(site.base + "/")
    page.wait_for_selector("#game-list li")
    levels = page.inner_text("#game-list li:has(h3:text-is('Zoker Tiko')) .levels summary")
    assert all(level in levels for level in ("easy", "medium", "hard", "strongest")), levels
    page.select_option("#game", "zoker-tiko")
    page.fill("#players", "4")
    page.dispatch_event("#players", "change")
    page.select_option("select[data-seat='1']", "@open")
    page.select_option("select[data-seat='2']", "easy")
    page.select_option("select[data-seat='3']", "medium")
    assert page.is_checked("#table-options [data-option=cover]")
    page.fill("#table-options [data-option=clock]", "20")
    page.click("#options-box summary")
    page.fill("#options [data-option=rounds]", "2")
    page.fill("#options [data-option=speed]", "0.1")
    page.fill("#name", "Ann")
    shoot(page, "lobby-new-table-desktop-light")
    page.click("#create button[type=submit]")
    page.wait_for_url(re.compile(r"/rooms/"))
    return str(re.search(r"/rooms/([A-Za-z0-9_-]+)", page.url).group(1))  # type: ignore[union-attr]


class Seat:
    """One person's page: what it was offered, the summaries it showed, its moves."""

    def __init__(self, name: str) -> None:
        self.name, self.moves, self.checked = name, 0, 0
        self.words: list[str] = []
        self.errors: list[str] = []

    def watch(self, page: Any) -> Any:
        """Listen to a page before it opens the table (its WebSocket's states)."""
        self.page = page
        self.states = States(page)
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        return page

    def seated(self) -> None:
        self.page.wait_for_selector("#table:not([hidden]) .seat")
        self.page.wait_for_function("() => document.getElementById('table').dataset.version !== undefined")
        self.page.evaluate(WATCH_SUMMARIES)

    def my_turn(self) -> bool:
        version = int(self.page.evaluate("() => +document.getElementById('table').dataset.version"))
        state = self.states.by_version.get(version)
        return bool(state and state["legal_ids"] and state["observation"].get("turn") == state["seat"]
                    and not state["pause"])

    def over(self) -> bool:
        return bool(self.page.evaluate("() => !document.getElementById('end').hidden"))

    def step(self) -> None:
        """Look at the page as the person would, then make one move if there is one."""
        snap = self.page.evaluate(SNAPSHOT)
        if snap["over"]:
            return
        bad = engine_words(snap["words"])
        assert not bad, f"{self.name}: engine words on the table: {bad}\n{snap['words']}"
        self.words.append(self.page.inner_text("#turn"))
        if snap["summary"]:
            continue_round(self.page, self.moves % 2 == 0)
            return
        state = self.states.by_version.get(snap["version"])
        if state is not None and state["legal_ids"]:
            missing = [i for i in state["legal_ids"] if str(i) not in snap["offered"]]
            assert not missing, f"{self.name}: legal actions not offered: {missing}"
            assert all(snap["offered"][str(i)] for i in state["legal_ids"]), f"{self.name}: actions without a key"
            self.checked += 1
        if act_once(self.page):
            self.moves += 1


def plate(page: Any, name: str) -> Any:
    return page.locator("#opponents .seat", has=page.locator(".name", has_text=name))


def test_two_people_and_bots_one_leaves_half_way_is_covered_and_gets_the_seat_back(
        browser: Any, site: ServerProcess, axe_script: str) -> None:
    devices = [browser.new_context(viewport={"width": 1280, "height": 860}) for _ in range(2)]
    try:
        for device in devices:
            device.set_default_timeout(10_000)
        ann, bob = Seat("Ann"), Seat("Bob")
        room = make_table_in_the_lobby(ann.watch(devices[0].new_page()), site)
        ann.seated()
        info = site.get(f"/api/rooms/{room}")
        assert info["settings"]["clock"] == 20 and info["settings"]["cover"] is True
        assert [s["level"] for s in info["seats"][2:]] == ["easy", "medium"]
        page = bob.watch(devices[1].new_page())
        page.goto(f"{site.base}/rooms/{room}")
        page.fill("#door-name", "Bob")
        page.click("#door-join button[type=submit]")
        bob.seated()
        assert plate(bob.page, "Ann").count() == 1
        bots = bob.page.inner_text("#opponents")
        assert "bot, easy" in bots and "bot, medium" in bots, bots

        deadline = time.monotonic() + GAME_S
        while ann.moves < 3:  # half way through the first round
            assert time.monotonic() < deadline, f"Ann made {ann.moves} moves; see {shoot(ann.page, 'two-people-stuck')}"
            ann.step()
            bob.step()
        check_accessible(bob.page, axe_script, "a table of two people")
        while not ann.my_turn():  # Ann leaves on her turn: the table waits for her until a bot covers her
            assert time.monotonic() < deadline, f"never Ann's turn; see {shoot(ann.page, 'two-people-stuck')}"
            bob.step()
            ann.page.wait_for_timeout(30)
        ann.page.close()  # her only connection drops
        covered = plate(bob.page, "Ann")
        while "away: a bot plays for them" not in covered.inner_text():
            assert time.monotonic() < deadline, f"Ann's seat was not covered; see {shoot(bob.page, 'two-people-stuck')}"
            bob.step()
        assert any(re.search(r"Waiting for Ann, who is away\.", words) for words in bob.words), bob.words[-5:]
        assert "covered" in (covered.get_attribute("class") or "")
        while "(a bot played it for them)" not in bob.page.inner_text("#log"):
            assert time.monotonic() < deadline, f"the cover never played; see {shoot(bob.page, 'two-people-stuck')}"
            bob.step()
        assert re.search(r"Ann is away: a bot plays for them until they are back\.", bob.page.inner_text("#log"))
        shoot_all(bob.page, "two-people-ann-covered")
        lobby = devices[1].new_page()
        lobby.goto(site.base + "/")
        row = lobby.locator("#rooms tbody tr", has_text=room)
        assert "a bot covers Ann" in row.inner_text(), row.inner_text()
        lobby.close()

        # Ann opens the table's link again: the same seat (her device kept its token)
        ann.watch(devices[0].new_page()).goto(f"{site.base}/rooms/{room}")
        ann.seated()
        # her new page reads the log so far from the server: the cover's moves are told as the cover's, not hers
        ann.page.wait_for_function("() => document.querySelector('#log').innerText.includes('a bot played it for you')",
                                   timeout=15_000)
        while "Ann is back and plays again." not in bob.page.inner_text("#log"):
            assert time.monotonic() < deadline, f"Ann did not get her seat back; see {shoot(bob.page, 'two-people-stuck')}"
            bob.step()
        assert "covered" not in (plate(bob.page, "Ann").get_attribute("class") or "")
        moves_back = ann.moves
        while not (ann.over() and bob.over()):
            assert time.monotonic() < deadline, f"not over within {GAME_S} s; see {shoot(bob.page, 'two-people-stuck')}"
            ann.step()
            bob.step()
        assert ann.moves > moves_back and bob.moves > 0 and ann.checked and bob.checked
        for seat in (ann, bob):  # (Ann's page since she came back)
            summaries = seat.page.evaluate("() => window.zdeckSummaries")
            assert all(re.match(r"Round \d+: .+ (wins?|won)\b", s) for s in summaries), summaries
            assert summaries or seat is ann, f"{seat.name}'s table showed no round summary"
            assert "won!" in seat.page.inner_text("#end-title")
            assert not seat.errors, seat.errors
        shoot(bob.page, "two-people-over-desktop-light")
    finally:
        for device in devices:
            device.close()


def test_a_person_silent_on_their_turn_sees_a_bot_take_over_and_takes_the_seat_back_with_b(
        context: Any, site: ServerProcess) -> None:
    """Tiko with a 2 s turn clock: Ann's plate counts her clock down; she lets it run out, her table says a bot
    plays for her and offers her seat back (a button with B); B hands it back."""
    room = make_room(site, "zoker-tiko", 2, {1: "hard"}, {"clock": 2, "speed": 0.1})
    page = context.new_page()
    seat = Seat("Ann")
    seat.watch(page)
    sit_down(page, site, room)
    seat.seated()
    expect(page.locator("#me .clock")).to_have_text(re.compile(r"^⏱ [0-2] s$"))
    expect(page.locator("#turn")).to_have_text("Your time ran out: a bot plays for you. Take your seat back (B).")
    expect(page.locator("#me .seat")).to_contain_text("out of time: a bot plays for you")
    expect(page.locator("#calls button.back")).to_have_attribute("aria-keyshortcuts", "B")
    shoot(page, "covered-self-desktop-light")
    assert not engine_words(page.inner_text("#table"))
    page.keyboard.press("b")
    expect(page.locator("#log li", has_text="You have your seat back.")).to_have_count(1)
    expect(page.locator("#calls button.back")).to_have_count(0)
    assert not seat.errors, seat.errors
