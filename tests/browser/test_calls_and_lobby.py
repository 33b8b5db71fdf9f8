"""What a person does at the page besides playing cards: a call the rules penalise, the call and move keys,
and the lobby's list of open tables.

The bots sit slow here (`speed` 100, the most a table takes: several seconds per move) where a test needs the deal's first moment to stay
on the table while the person acts; nothing waits for them, so the tests stay short.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.helpers import make_room, sit_down
from tests.server.conftest import ServerProcess

sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (see conftest.py)")
expect = sync_api.expect
expect.set_options(timeout=10_000)

SLOW = 100.0  # the bots' reaction times x 100 (at the quickest 7 s): the moment stays put while the person acts
# the server's reason to the card's owner (zdeck/decks/zoop/table.py), which the page shows as it is
PENALISED = "ZOOP! with a different card ({wrong} is not the {top} on the pile): it goes back to your hand and you draw one."


def labels(page: Any) -> list[str]:
    """What the call and move buttons say (without their key)."""
    return list(page.locator("#calls button > span").all_text_contents())


def top_card(page: Any) -> str:
    return str(page.locator("#board .fan-card .card.top").get_attribute("data-card"))


def hand(page: Any) -> list[str]:
    return list(page.locator("#hand .card").evaluate_all("cards => cards.map(c => c.dataset.card)"))


def strict_zoop_before_the_first_play(page: Any, site: ServerProcess) -> str:
    """Sit down at a Zoop table with `calls=strict` where seat 2 plays first: before anyone plays, Ann may
    ZOOP! any animal card she holds (the top card's twin is right, any other is penalised)."""
    room = make_room(site, "zoop", 3, {1: "heuristic", 2: "heuristic"},
                     {"calls": "strict", "first_player": 1, "speed": SLOW})
    sit_down(page, site, room)
    expect(page.locator("#calls button.call", has_text="ZOOP!").first).to_be_visible()
    return room


def test_a_zoop_with_the_wrong_card_is_shown_as_a_penalty_with_its_reason_and_the_drawn_card(
        context: Any, site: ServerProcess) -> None:
    """Zoop rule 2.1 with calls=strict: a ZOOP! of a card that is not the top card's twin costs a card - the
    card goes back to the hand and one is drawn. The page says so in the log and a toast, with the reason,
    and the seat's count grows by one. (Every call button says what it does: a silent zoop names its card.)"""
    page = context.new_page()
    strict_zoop_before_the_first_play(page, site)
    top, held = top_card(page), hand(page)
    calls = labels(page)
    assert len(set(calls)) == len(calls), f"two call buttons say the same but do different things: {calls}"
    wrong = next(c for c in held if f"ZOOP! {c}" in calls and c != top)
    expect(page.locator("#me .facts")).to_have_text(f"{len(held)} cards · total 0")

    page.locator("#calls button", has_text=re.compile(rf"^ZOOP! {re.escape(wrong)}Z$")).click()

    said = f"You were penalised: {PENALISED.format(wrong=wrong, top=top)}"
    expect(page.locator("#log li.penalty")).to_have_text(said)
    expect(page.locator("#toasts .toast.bad")).to_have_text(said)
    expect(page.locator("#me .facts")).to_have_text(f"{len(held) + 1} cards · total 0")  # the penalty card
    expect(page.locator("#hand .card")).to_have_count(len(held) + 1)
    assert wrong in hand(page), "the wrongly zooped card went back to the hand"
    assert top_card(page) == top, "the wrong card never reached the pile"


def test_z_asks_which_card_when_a_strict_zoop_offers_several(context: Any, site: ServerProcess) -> None:
    """With calls=strict every animal card may be zooped, and all but the top card's twin are penalised:
    Z opens the list of ZOOP!s (as the terminal does) instead of sending the first one listed."""
    page = context.new_page()
    room = strict_zoop_before_the_first_play(page, site)
    zoops = [t for t in labels(page) if t.startswith("ZOOP! ")]
    assert len(zoops) > 1
    page.keyboard.press("z")
    expect(page.locator("#chooser")).to_be_visible()
    offered = page.locator("#chooser-options button").all_text_contents()
    assert sorted(offered) == sorted(zoops)
    assert site.get(f"/api/rooms/{room}")["version"] == 0, "nothing was sent"
    page.keyboard.press("Escape")
    expect(page.locator("#chooser")).to_be_hidden()
    assert site.get(f"/api/rooms/{room}")["version"] == 0

    page.keyboard.press("z")  # again, and a pick: the top card's twin if Ann holds it, else another card
    top, held = top_card(page), hand(page)
    chosen = top if top in held else next(z.removeprefix("ZOOP! ") for z in zoops)
    page.locator("#chooser-options button", has_text=re.compile(rf"^ZOOP! {re.escape(chosen)}$")).click()
    expect(page.locator("#chooser")).to_be_hidden()
    said = f"You were penalised: {PENALISED.format(wrong=chosen, top=top)}" if chosen != top else f"You called ZOOP! with {chosen}."
    expect(page.locator("#log li").first).to_have_text(said)


def test_z_plays_the_zap_straight_after_ones_own_card(context: Any, site: ServerProcess) -> None:
    """Zip Zap: a player may put down their Zap straight after playing the top card themselves. Z plays it."""
    for _ in range(8):  # a deal where Ann can follow the first card (three deals in four)
        page = context.new_page()
        room = make_room(site, "zipzap", 2, {1: "greedy"}, {"rounds": 1, "speed": SLOW})
        sit_down(page, site, room)
        page.wait_for_selector("#hand .card")
        if page.locator("#hand .playable").count():
            break
        page.close()
    else:
        pytest.fail("no deal where the person could play first")
    expect(page.locator("#calls button[data-key=z]")).to_have_count(0)  # no Zap before her own card
    played = str(page.locator("#hand .playable").first.get_attribute("data-card"))
    page.locator(f"#hand .playable[data-card='{played}']").first.click()
    expect(page.locator("#calls button[data-key=z] span")).to_have_text("ZAP!")

    page.keyboard.press("z")

    expect(page.locator("#board .fan-card .card.top")).to_have_attribute("data-card", "zap")
    expect(page.locator("#log li").first).to_have_text("You called ZAP! and put the Zap down.")
    expect(page.locator("#hand .card[data-card=zap]")).to_have_count(0)
    assert site.get(f"/api/rooms/{room}")["version"] == 2, "her card and her Zap, nothing else"


def test_the_lobby_lists_an_open_table_and_its_watch_and_join_buttons_lead_there(context: Any,
                                                                                 site: ServerProcess) -> None:
    room = make_room(site, "zoker-tiko", 2, {1: "random"}, {})  # seat 1 a bot, seat 0 open
    page = context.new_page()
    page.goto(site.base + "/")
    row = page.locator("#rooms tbody tr").filter(has=page.locator("td", has_text=re.compile(rf"^{room}$")))
    expect(row.locator("td")).to_have_text([room, "Zoker Tiko", "1/2", "waiting for 1 person", re.compile("Join")])
    expect(row.locator("button")).to_have_text(["Join", "Watch"])

    row.get_by_role("button", name="Watch").click()  # a spectator: the seats, no hand, nothing to click
    expect(page).to_have_url(f"{site.base}/rooms/{room}#watch")
    expect(page.locator("#opponents .seat")).to_have_count(2)
    expect(page.locator("#status")).to_have_text("watching")
    assert page.locator("#hand").is_hidden() and page.locator("#me .seat").count() == 0

    page.click("#leave")  # back to the lobby, and in by the other button
    row.get_by_role("button", name="Join").click()
    expect(page).to_have_url(f"{site.base}/rooms/{room}")
    expect(page.locator("#door-text")).to_contain_text("1 seat(s) open of 2")
    page.fill("#door-name", "Gil")
    page.click("#door-join button[type=submit]")
    expect(page.locator("#me .name")).to_have_text("Gil (you)")
    expect(page.locator("#hand .card").first).to_be_visible()
    seats = site.get(f"/api/rooms/{room}")["seats"]
    assert seats[0]["name"] == "Gil" and seats[1]["name"].endswith(" · bot (random)")
    page.click("#leave")
    expect(row.locator("td").nth(2)).to_have_text("2/2")  # the seat is taken: only Watch is left
    expect(row.get_by_role("button", name="Join")).to_have_count(0)
