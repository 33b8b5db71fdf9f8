"""The page in a real browser: the lobby's form makes a Zip Zap table played to the end; races between two people
at one Zip Zap table; reconnecting; spectators see no hand; the keyboard; a game's table module served from its
folder. (Every game played whole, with its checks: test_whole_games.py.)
"""

from __future__ import annotations

import json
import re
import time
from typing import Any

import httpx
import pytest

from tests.browser.helpers import act_once, make_room, over, play_until_over, shoot, shoot_all, sit_down
from tests.server.conftest import ServerProcess
from zdeck.records import Record, replay

FAST = 0.1  # the bots' reaction times x 0.1: a whole game in seconds

def watch_errors(page: Any) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def check_cards_are_named(page: Any) -> None:
    """Every card on the page has a text alternative."""
    unnamed = page.evaluate("() => [...document.querySelectorAll('.card')].filter(c => !(c.getAttribute('aria-label') || c.textContent.trim())).length")
    assert unnamed == 0


def test_lobby_lists_the_games_with_their_rules_and_a_person_plays_zipzap_to_the_end(context: Any,
                                                                                    site: ServerProcess) -> None:
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(site.base + "/")
    page.wait_for_selector("#game-list li")
    titles = page.locator("#game-list h3").all_text_contents()
    assert len(titles) == len(site.get("/api/games")) and "Zip Zap" in titles
    shoot(page, "lobby-desktop-light")
    rules = context.new_page()
    rules.goto(site.base + page.locator("#game-list a", has_text="Rules").first.get_attribute("href"))
    assert rules.locator("h1").count() == 1 and "Clarifications" in rules.content()
    shoot(rules, "rules-page")
    rules.close()

    # a table made with the form: two seats, a bot at the second, one round, fast bots
    page.select_option("#game", "zipzap")
    page.fill("#players", "2")
    page.dispatch_event("#players", "change")
    page.select_option("select[data-seat='1']", "greedy")
    page.click("#options-box summary")
    page.select_option("[data-option=scoring]", '"cards"')
    page.fill("[data-option=rounds]", "1")
    page.fill("[data-option=speed]", str(FAST))
    page.fill("#name", "Ann")
    page.click("#create button[type=submit]")
    page.wait_for_selector("#hand .card")
    assert re.search(r"/rooms/[\w-]+$", page.url)
    check_cards_are_named(page)
    assert page.locator("#me .name").inner_text() == "Ann (you)"

    def snap(clicks: int) -> None:
        if clicks == 4:
            shoot_all(page, "zipzap")

    play_until_over(page, on_move=snap)
    assert page.locator("#end-title").inner_text().endswith("won!")
    assert page.locator("#end-scores tr").count() == 3  # a head and two seats
    assert "Lower scores win" in page.locator("#end-rule").inner_text()  # scoring=cards: points left in hand
    with page.expect_download() as download:
        page.click("#record")
    record = Record.from_json(open(download.value.path()).read())  # noqa: SIM115
    assert replay(record).scores() == record.scores
    shoot(page, "zipzap-over-desktop-light")
    page.click("#rematch")
    page.wait_for_function("() => document.getElementById('table-info').textContent.startsWith('game 2')")
    assert page.locator("#end").is_hidden()
    assert not errors


def wait_both_may_play(ann: Any, bob: Any) -> None:
    """Play on (each person their first card, one at a time) until a moment where both may play a card."""
    for _ in range(200):
        a, b = ann.locator("#hand .playable").count(), bob.locator("#hand .playable").count()
        if a and b:
            return
        if over(ann):  # a short game: play the next one
            ann.click("#rematch")
            ann.wait_for_timeout(300)
            continue
        mover = ann if a else bob if b else None
        if mover is None:
            ann.wait_for_timeout(50)
            continue
        act_once(mover)
        ann.wait_for_timeout(120)
    pytest.fail("no moment where both people could play")


def bounces(page: Any) -> list[str]:
    """The page's log lines telling that its own card came back."""
    return [line for line in page.locator("#log li.bounce").all_text_contents() if line.startswith("Too late: your ")]


class HeldSocket:
    """Stands between a page and the server's WebSocket: while `hold` is set, what the server sends is kept
    back from the page (in order), as a network that is slow towards one player. What the page sends goes
    through at once."""

    def __init__(self, page: Any) -> None:
        self.hold = False
        self.kept: list[Any] = []
        self.to_page: Any = None
        page.route_web_socket("**/ws/rooms/**", self._route)

    def _route(self, page_side: Any) -> None:
        server = page_side.connect_to_server()
        self.to_page = page_side
        page_side.on_message(server.send)
        server.on_message(self._from_server)

    def _from_server(self, message: Any) -> None:
        if self.hold:
            self.kept.append(message)
        else:
            self.to_page.send(message)

    def release(self) -> None:
        self.hold = False
        kept, self.kept = self.kept, []
        for message in kept:
            self.to_page.send(message)


def test_two_people_race_at_one_zipzap_table_and_exactly_one_card_stays(browser: Any, site: ServerProcess) -> None:
    """Both people may play; Ann's card lands while the news of it is still on its way to Bob, who throws
    his own card on the table as he saw it. His card carries the version he saw, so the rules keep the
    first down (Ann's) and his comes back to his hand - on both screens exactly one card stays."""
    room = make_room(site, "zipzap", 2, {}, {"rounds": 1})
    contexts = [browser.new_context(viewport={"width": 1100, "height": 800}) for _ in range(2)]
    try:
        ann, bob = (c.new_page() for c in contexts)
        slow = HeldSocket(bob)
        sit_down(ann, site, room, "Ann")
        sit_down(bob, site, room, "Bob")
        ann.wait_for_selector("#hand .card")
        wait_both_may_play(ann, bob)
        before = len(bounces(bob))
        slow.hold = True
        kept = ann.locator("#hand .playable").first.get_attribute("data-card")
        ann.locator(f"#hand .playable[data-card='{kept}']").first.click()
        ann.wait_for_selector(f"#board .fan-card .card.top[data-card='{kept}']")  # Ann's card is down
        lost = bob.locator("#hand .playable").first.get_attribute("data-card")
        bob.locator(f"#hand .playable[data-card='{lost}']").first.click()  # Bob had not seen it land
        bob.wait_for_timeout(300)
        slow.release()
        bob.wait_for_function(f"() => document.querySelectorAll('#log li.bounce').length > {before}")
        fresh = bounces(bob)[before:]
        assert len(fresh) == 1 and f"your {lost} came back" in fresh[0], fresh
        assert not bounces(ann)
        for page in (ann, bob):  # exactly one card stays: Ann's, on top of the pile for both
            page.wait_for_selector(f"#board .fan-card .card.top[data-card='{kept}']")
        assert bob.locator(f"#hand .card[data-card='{lost}']").count() == 1  # back in the hand
        for page, name in ((ann, "ann"), (bob, "bob")):
            shoot(page, f"race-zipzap-{name}")
    finally:
        for c in contexts:
            c.close()


def test_closing_the_tab_and_coming_back_sits_the_same_person_down(context: Any, site: ServerProcess) -> None:
    room = make_room(site, "zoker-tiko", 3, {1: "random", 2: "random"}, {"speed": 1.0})
    page = context.new_page()
    sit_down(page, site, room, "Cass")  # (not a name bots go by: a bot named as the person is told apart by seat)
    page.wait_for_selector("#hand .card")
    hand = sorted(page.locator("#hand .card").evaluate_all("cards => cards.map(c => c.dataset.card)"))
    page.close()
    for _ in range(100):  # the server notices the closed socket within moments (longer on a loaded machine)
        if not site.get(f"/api/rooms/{room}")["seats"][0]["connected"]:
            break
        time.sleep(0.1)
    else:
        pytest.fail("the server still counts the closed tab as connected after 10 s")
    again = context.new_page()
    again.goto(f"{site.base}/rooms/{room}")
    again.wait_for_selector("#hand .card")
    assert again.locator("#me .name").inner_text() == "Cass (you)"
    now = sorted(again.locator("#hand .card").evaluate_all("cards => cards.map(c => c.dataset.card)"))
    assert set(now) <= set(hand)  # the same hand (less what was played meanwhile, if anything)
    assert site.get(f"/api/rooms/{room}")["seats"][0]["connected"]


def test_a_person_who_takes_a_bot_s_name_is_told_apart_from_it_by_seat(context: Any, site: ServerProcess) -> None:
    room = make_room(site, "zoker-tiko", 2, {1: "random"}, {"speed": 1.0})
    bot = site.get(f"/api/rooms/{room}")["seats"][1]["name"].partition(" · ")[0]  # "Ada · bot (random)"
    page = context.new_page()
    sit_down(page, site, room, bot)
    page.wait_for_selector("#hand .card")
    assert page.locator("#me .name").inner_text() == f"{bot} (seat 1) (you)"  # the log says whose move it was


def test_a_spectator_sees_the_table_but_no_hand(browser: Any, context: Any, site: ServerProcess) -> None:
    room = make_room(site, "zoker-tiko", 2, {1: "random"}, {"speed": 1.0})
    player = context.new_page()
    sit_down(player, site, room, "Dan")
    player.wait_for_selector("#hand .card")
    hand = player.locator("#hand .card").evaluate_all("cards => cards.map(c => c.dataset.card)")
    watcher_context = browser.new_context(viewport={"width": 1280, "height": 860})
    try:
        watcher = watcher_context.new_page()
        watcher.goto(f"{site.base}/rooms/{room}")  # every seat is taken: the link watches
        watcher.wait_for_selector("#opponents .seat")
        assert watcher.locator("#hand").is_hidden() and watcher.locator("#hand .card").count() == 0
        assert watcher.locator("#calls button").count() == 0 and watcher.locator(".playable").count() == 0
        seen = watcher.content()
        on_table = set(watcher.locator("#board .card").evaluate_all("cards => cards.map(c => c.dataset.card)"))
        assert not [card for card in hand if card in seen and card not in on_table]
        assert watcher.locator("#opponents .seat").count() == 2  # both seats, as others
        shoot(watcher, "spectator-zoker-tiko")
    finally:
        watcher_context.close()


def test_the_record_link_and_rules_are_served_plainly(site: ServerProcess) -> None:
    """(The page's links point at plain routes anyone can fetch.)"""
    assert httpx.get(site.base + "/rules/zipzap", timeout=10).status_code == 200
    faces = httpx.get(site.base + "/api/games/zipzap/actions", timeout=10).json()["faces"]
    assert json.dumps(faces) and faces[-1]["call"] == "ZAP!"


def test_the_keyboard_picks_a_card_and_plays_it(context: Any, site: ServerProcess) -> None:
    room = make_room(site, "zoker-tiko", 2, {1: "random"}, {"speed": 1.0})
    page = context.new_page()
    sit_down(page, site, room, "Eve")
    page.wait_for_selector("#hand .playable")  # the person's turn: the bots wait for it
    for _ in range(12):  # arrows walk the hand until a card that may be played has the focus
        page.keyboard.press("ArrowRight")
        if page.evaluate("() => document.activeElement.classList.contains('playable')"):
            break
    card = page.evaluate("() => document.activeElement.dataset.card")
    assert card and page.locator(f"#hand .card[data-card='{card}']").count() == 1
    page.keyboard.press("Enter")
    page.wait_for_selector(f"#hand .card[data-card='{card}']", state="detached")
    assert page.locator("#log li", has_text=f"You laid {card}.").count() == 1


def test_a_second_device_starts_with_the_log_so_far(browser: Any, context: Any, site: ServerProcess) -> None:
    """The same seat opened on another device (its token copied) reads the log so far, in the game's words, from
    GET /api/rooms/{room}/log; a reload of the same tab keeps its own log."""
    room = make_room(site, "zoker-tiko", 2, {1: "random"}, {"speed": 0.2})
    page = context.new_page()
    sit_down(page, site, room, "Hal")
    for _ in range(3):  # three cards of Hal's, whatever the bot does meanwhile
        page.wait_for_selector("#hand .playable")
        card = page.locator("#hand .playable").first.get_attribute("data-card")
        page.locator(f"#hand .playable[data-card='{card}']").first.click()
        page.wait_for_selector(f"#log li:has-text('You laid {card}.')")
    said = page.locator("#log li").all_text_contents()
    page.reload()
    page.wait_for_selector("#log li")
    assert page.locator("#log li").all_text_contents()[-len(said):] == said[-len(said):]
    token = page.evaluate(f"() => localStorage.getItem('zdeck:room:{room}')")
    other = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        phone = other.new_page()
        phone.goto(site.base + "/")
        phone.evaluate(f"t => localStorage.setItem('zdeck:room:{room}', t)", token)
        phone.goto(f"{site.base}/rooms/{room}")
        phone.wait_for_selector("#log li")
        again = phone.locator("#log li").all_text_contents()
        laid = [line for line in said if line.startswith("You laid")]
        assert laid and all(line in again for line in laid), (laid, again)
    finally:
        other.close()
