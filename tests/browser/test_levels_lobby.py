"""The lobby's bot levels (issue 31): every game lists its levels weakest first, each with a measured figure that
rises with them - an OpenSkill rating, or for Solo, a one-seat game, its mean score - and says in words what was
measured: how often each level finished ahead of the one below, and how often a newcomer finishes ahead of it."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.conftest import artefacts
from tests.browser.helpers import shoot
from tests.server.conftest import ServerProcess

pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (see conftest.py)")


def test_every_game_lists_its_levels_in_order_with_their_rating_or_mean_score_in_words(
        context: Any, site: ServerProcess) -> None:
    page = context.new_page()
    page.goto(site.base + "/")
    page.wait_for_selector("#game-list li")
    games = page.locator("#game-list li.game")
    for index in range(games.count()):
        item = games.nth(index)
        title = item.locator("h3").inner_text()
        item.locator(".levels summary").click()
        summary = item.locator(".levels summary").inner_text()
        figures = re.findall(r"(easy|medium|hard|strongest) \((rating|scores) (-?\d+(?:\.\d)?)\)", summary)
        assert [name for name, _, _ in figures][:3] == ["easy", "medium", "hard"], (title, summary)
        values = [float(value) for _, _, value in figures]
        assert values == sorted(set(values)), (title, summary)  # rising, never two alike
        kind = {kind for _, kind, _ in figures}
        assert kind == ({"scores"} if title == "Zoker Solo" else {"rating"}), (title, summary)
        details = item.locator(".levels").inner_text()
        assert "Measured: finishes ahead of easy in" in details or "more than easy on the same deals" in details
        assert re.search(r"A newcomer (rates|scores) about -?\d+\.", details), (title, details)
        if title in ("Zoker Memo", "Zoker Solo"):
            item.screenshot(path=str(artefacts() / f"lobby-levels-{title.split()[-1].lower()}.png"))
    shoot(page, "lobby-levels-desktop-light")
