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
PENALISED = "the rules penalised how it was made (e.g. a missing or wrong call)"  # the server's reason


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
    calls = page.locator("#calls button").all_text_contents()
    assert len(set(calls)) == len(calls), f"two call buttons say the same but do different things: {calls}"
    wrong = next(c for c in held if f"ZOOP! {c}" in calls and c != top)
    expect(page.locator("#me .facts")).to_have_text(f"{len(held)} cards · score 0")

    page.locator("#calls button", has_text=re.compile(rf"^ZOOP! {re.escape(wrong)}$")).click()

    expect(page.locator("#log li.penalty")).to_have_text(f"you: zoop {wrong}, penalised ({PENALISED})")
    expect(page.locator("#toasts .toast.bad")).to_have_text(f"You were penalised: {PENALISED}")
    expect(page.locator("#me .facts")).to_have_text(f"{len(held) + 1} cards · score 0")  # the penalty card
    expect(page.locator("#hand .card")).to_have_count(len(held) + 1)
    assert wrong in hand(page), "the wrongly zooped card went back to the hand"
    assert top_card(page) == top, "the wrong card never reached the pile"


def test_z_asks_which_card_when_a_strict_zoop_offers_several(context: Any, site: ServerProcess) -> None:
    """With calls=strict every animal card may be zooped, and all but the top card's twin are penalised:
    Z opens the list of ZOOP!s (as the terminal does) instead of sending the first one listed."""
    page = context.new_page()
    room = strict_zoop_before_the_first_play(page, site)
    zoops = [t for t in page.locator("#calls button").all_text_contents() if t.startswith("ZOOP! ")]
    assert len(zoops) > 1
    page.keyboard.press("z")
    expect(page.locator("#chooser")).to_be_visible()
    offered = page.locator("#chooser-options button").all_text_contents()
    assert sorted(offered) == sorted("zoop " + z.removeprefix("ZOOP! ") for z in zoops)
    assert site.get(f"/api/rooms/{room}")["version"] == 0, "nothing was sent"
    page.keyboard.press("Escape")
    expect(page.locator("#chooser")).to_be_hidden()
    assert site.get(f"/api/rooms/{room}")["version"] == 0

    page.keyboard.press("z")  # again, and a pick: the top card's twin if Ann holds it, else another card
    top, held = top_card(page), hand(page)
    chosen = top if top in held else next(z.removeprefix("ZOOP! ") for z in zoops)
    page.locator("#chooser-options button", has_text=re.compile(rf"^zoop {re.escape(chosen)}$")).click()
    expect(page.locator("#chooser")).to_be_hidden()
    outcome = ", penalised" if chosen != top else ""
    expect(page.locator("#log li").first).to_have_text(re.compile(rf"^you: zoop {re.escape(chosen)}{outcome}"))
