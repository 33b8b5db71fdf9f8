"""Issue 31, done when: for every game, a person plays a whole game at a table with bots in a real browser, and at
every moment the page is checked as a newcomer would meet it:

- every legal action of the seat (the state message's `legal_ids`) is offered as a visible control (a card, a place
  of the table, or a button), and each has a key: a button its letter, a card or a place ← → / ↑ ↓ and Enter;
  half of the moves are made with the keyboard alone;
- no text on the table matches the engine's words (ENGINE_WORDS: phases in brackets, raw objects, seat codes ...);
- Memo's turned cards were shown face up in their places, for the bot's turns and the person's;
- a round summary appeared at the end of every round of a game with several rounds, and the end screen says who won,
  and whether higher or lower scores win;
- axe-core (from the npm registry) finds no serious or critical issue on the lobby and on each table.

Screenshots of every table (desktop and phone, light and dark) go to test-artefacts/browser/. The bots sit at
speed 0.1 (their reaction times x 0.1); a game is bounded by GAME_S. About 20 s a game on a loaded 2-core box.
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

FAST = 0.1
GAME_S = 150.0

# game -> (players, bots by seat, options): a person at seat 0, bots (a level or a bot by name) elsewhere; two
# rounds where a game has rounds
GAMES: dict[str, tuple[int, dict[int, str], dict[str, Any]]] = {
    "zipzap": (3, {1: "medium", 2: "easy"}, {"rounds": 2, "speed": 0.5}),  # races: the person must get a card in
    "zoop": (3, {1: "hard", 2: "medium"}, {}),
    "zar": (2, {1: "heuristic"}, {"hands": 2}),
    "zopzoo": (2, {1: "heuristic"}, {"target": 80}),
    "zoker-solo": (1, {}, {}),
    "zoker-memo": (2, {1: "perfect"}, {"deal": 8}),
    "zoker-tiko": (3, {1: "easy", 2: "random"}, {"rounds": 2}),
    "zoker-kubo": (2, {1: "points"}, {"rounds": 2}),
}

def act_by_key(page: Any) -> bool:
    """Act with the keyboard alone: a chooser's first option, a button's letter, or a card or place reached with
    the arrows and played with Enter."""
    if page.locator("#chooser:not([hidden])").count():
        page.keyboard.press("Enter")
        return True
    # read in one step: the buttons are drawn anew at every state, and one read between two drawings finds none
    key = page.evaluate("() => { const b = document.querySelector('#calls button[data-key]'); return b && b.dataset.key; }")
    if key:
        page.keyboard.press(str(key))
        return True
    for region, arrow in (("#hand", "ArrowRight"), ("#board", "ArrowDown")):
        count = page.locator(f"{region} .playable").count()
        if not count:
            continue
        for _ in range(len(page.locator(f"{region} .card").all()) + 1):
            page.keyboard.press(arrow)
            if page.evaluate(f"() => !!document.activeElement.closest('{region}') && "
                             "document.activeElement.classList.contains('playable')"):
                page.keyboard.press("Enter")
                return True
    return False


def test_the_lobby_has_no_serious_accessibility_issue(context: Any, site: ServerProcess, axe_script: str) -> None:
    page = context.new_page()
    page.goto(site.base + "/")
    page.wait_for_selector("#game-list li")
    make_room(site, "zoker-tiko", 2, {1: "random"}, {})
    page.click("#refresh")
    page.wait_for_selector("#rooms tbody tr")
    check_accessible(page, axe_script, "the lobby")
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        shoot(page, f"lobby-desktop-{scheme}")
    page.set_viewport_size({"width": 390, "height": 844})
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390, f"the lobby is {width} px wide on a 390 px phone"
    shoot(page, "lobby-phone-dark")


@pytest.mark.parametrize("game", list(GAMES))
def test_a_person_plays_a_whole_game_with_bots_and_every_action_is_offered_with_a_key(
        context: Any, site: ServerProcess, axe_script: str, game: str) -> None:
    players, bots, options = GAMES[game]
    room = make_room(site, game, players, bots, {"speed": FAST, **options})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    states = States(page)
    sit_down(page, site, room)
    page.wait_for_function("() => document.getElementById('table').dataset.version !== undefined")
    page.evaluate(WATCH_SUMMARIES)

    checked, by_key, clicks = 0, 0, 0
    reveals: set[tuple[int, str]] = set()
    shots_taken, axed, summary_shot = False, False, None
    deadline = time.monotonic() + GAME_S
    use_key = True
    while True:
        snap = page.evaluate(SNAPSHOT)
        if snap["over"]:
            break
        assert time.monotonic() < deadline, f"{game}: not over within {GAME_S} s; see {shoot(page, f'{game}-stuck')}"
        bad = engine_words(snap["words"])
        assert not bad, f"{game}: engine words on the table: {bad}\n{snap['words']}"
        reveals.update((place, card) for place, card in snap["reveals"])
        if snap["summary"]:
            if not summary_shot:
                summary_shot = shoot(page, f"{game}-round-summary-desktop-light")
            continue_round(page, use_key)
            continue
        state = states.by_version.get(snap["version"])
        if state is not None and state["legal_ids"]:
            missing = [i for i in state["legal_ids"] if str(i) not in snap["offered"]]
            assert not missing, f"{game}: legal actions not offered: {[state['legal'][state['legal_ids'].index(i)] for i in missing]}"
            keyless = [i for i in state["legal_ids"] if not snap["offered"][str(i)]]
            assert not keyless, f"{game}: actions without a key: {keyless}"
            checked += 1
            if not shots_taken and checked >= 3:
                shoot_all(page, game)
                shots_taken = True
            if not axed and checked >= 2:
                check_accessible(page, axe_script, f"the {game} table")
                axed = True
        acted = act_by_key(page) if use_key else act_once(page)
        if acted:
            by_key += use_key
            clicks += not use_key
            use_key = not use_key
        else:
            page.wait_for_timeout(60)

    assert checked > 0 and by_key > 0 and clicks > 0, (checked, by_key, clicks)
    end_title, end_rule = page.inner_text("#end-title"), page.inner_text("#end-rule")
    assert ("won!" in end_title) or (players == 1 and end_title == "Game over"), end_title
    assert re.search(r"(Higher|Lower) scores win", end_rule), end_rule
    summaries = page.evaluate("() => window.zdeckSummaries")
    final = max(states.by_version.values(), key=lambda s: s["version"])
    rounds = len(final["observation"]["round_scores"])
    if rounds > 1:  # every round but the last (the end screen shows that one) had its summary
        assert len(summaries) >= rounds - 1 and all(re.match(r"Round \d+: .+ (wins?|won)\b", s) for s in summaries), summaries
    if game == "zoker-memo":
        turns = {(s["observation"]["last_turn"]["seat"], tuple(s["observation"]["last_turn"]["places"]),
                  tuple(s["observation"]["last_turn"]["cards"])) for s in states.by_version.values()
                 if s["observation"]["last_turn"]}
        shown = {seat for seat, places, cards in turns
                 if all((place, card) in reveals for place, card in zip(places, cards, strict=True))}
        assert shown == {0, 1}, f"turned cards shown in place for seats {shown} only ({len(turns)} turns)"
    if not shots_taken:
        shoot_all(page, game)
    shoot(page, f"{game}-over-desktop-light")
    assert not errors, errors
