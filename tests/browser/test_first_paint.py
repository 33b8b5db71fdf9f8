"""The page as a browser first paints it, and under its Content-Security-Policy (issues 36 and 29, part 4): the
lobby lists the games with their rules before any script has run, and without JavaScript at all; a room's
link says it is opening; and the pages break none of the policy's rules while a person plays.

Screenshots go to test-artefacts/browser/ (first-paint-*.png).
"""

from __future__ import annotations

from typing import Any

import zdeck
from tests.browser.helpers import make_room, play_until_over, shoot, sit_down
from tests.server.conftest import ServerProcess

# Every policy violation the page meets is kept, as the browser reports it to the page.
WATCH_POLICY = """window.__violations = [];
document.addEventListener('securitypolicyviolation',
  (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));"""


def titles() -> list[str]:
    return [zdeck.game_class(g).title for g in zdeck.games()]


def test_the_lobby_lists_the_games_before_its_script_runs(context: Any, site: ServerProcess) -> None:
    page = context.new_page()
    page.route("**/static/app.js", lambda route: route.abort())  # still loading: what is painted is the server's
    page.goto(site.base + "/")
    shot = shoot(page, "first-paint-lobby")
    listed = page.locator("#game-list h3").all_text_contents()
    assert listed == titles(), (listed, shot)
    assert page.locator("#game-list a[href='/rules/zipzap']").count() == 1
    assert page.locator("#rooms").inner_text().count("Loading the open tables") == 1


def test_without_javascript_the_lobby_lists_the_games_and_says_what_needs_it(browser: Any,
                                                                           site: ServerProcess) -> None:
    plain = browser.new_context(java_script_enabled=False, viewport={"width": 1280, "height": 860})
    try:
        page = plain.new_page()
        page.goto(site.base + "/")
        shot = shoot(page, "first-paint-no-javascript")
        assert page.locator("#game-list h3").all_text_contents() == titles(), shot
        assert "needs JavaScript" in page.locator("main").inner_text()
        # no form that cannot work without it, and no list that would say "Loading" for ever
        assert page.locator("#create").is_hidden() and page.locator("#rooms").is_hidden(), shot
        page.click("#game-list a[href='/rules/zoop']")
        assert "Zoop" in page.locator("h1").first.inner_text()  # the rules read without it
        page.goto(site.base + "/rooms/abc")
        assert "Opening the table" in page.locator("#loading").inner_text()
        assert page.locator("#lobby").is_hidden()
    finally:
        plain.close()


def test_the_pages_break_no_rule_of_their_content_security_policy(context: Any, site: ServerProcess) -> None:
    context.add_init_script(WATCH_POLICY)
    page = context.new_page()
    page.goto(site.base + "/")
    page.wait_for_selector("#game-list button")
    assert page.evaluate("window.__violations") == []
    room = make_room(site, "zipzap", 2, {1: "greedy"}, {"speed": 0.1, "rounds": 1})
    sit_down(page, site, room)
    play_until_over(page, limit_s=120)
    assert page.evaluate("window.__violations") == []
    page.goto(site.base + "/rules/zar")
    assert page.evaluate("window.__violations") == []
