"""What a person does at the page, as the browser tests do it."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

from tests.browser.conftest import artefacts
from tests.server.conftest import ServerProcess

PLAYABLE = "#hand .playable, #board .playable, #calls button"


def make_room(site: ServerProcess, game: str, players: int, bots: dict[int, str], options: dict[str, Any]) -> str:
    made = site.post("/api/rooms", {"game": game, "players": players, "options": options,
                                    "bots": {str(k): v for k, v in bots.items()}})
    return str(made["room"])


def sit_down(page: Any, site: ServerProcess, room: str, name: str = "Ann") -> None:
    """Open the room's shared link, type a name, sit down, and wait for the table."""
    page.goto(f"{site.base}/rooms/{room}")
    page.fill("#door-name", name)
    page.click("#door-join button[type=submit]")
    page.wait_for_selector("#table:not([hidden]) .seat")


def over(page: Any) -> bool:
    return bool(page.evaluate("() => !document.getElementById('end').hidden"))


def act_once(page: Any) -> bool:
    """Click the first thing the seat may do now (a card, a place, a call); answer a chooser with its first
    option. False when there is nothing to do."""
    try:
        open_chooser = page.locator("#chooser:not([hidden]) #chooser-options button").first
        if open_chooser.count():
            open_chooser.click(timeout=1500)
            return True
    except Exception:  # noqa: BLE001 - it closed under the pointer
        return False
    target = page.locator(PLAYABLE).first
    if target.count() == 0:
        return False
    try:
        target.click(timeout=1500)
        chooser = page.locator("#chooser:not([hidden]) #chooser-options button").first
        if chooser.count():
            chooser.click(timeout=1500)
    except Exception:  # noqa: BLE001 - the table moved on under the pointer: look again
        return False
    return True


def play_until_over(page: Any, limit_s: float = 150.0, on_move: Any = None) -> int:
    """Click legal cards until the game is over; returns how many clicks it took."""
    clicks, deadline = 0, time.monotonic() + limit_s
    while not over(page):
        if time.monotonic() > deadline:
            shot = shoot(page, "stuck")
            raise AssertionError(f"the game did not end within {limit_s} s ({clicks} clicks); see {shot}")
        if act_once(page):
            clicks += 1
            if on_move is not None:
                on_move(clicks)
        else:
            page.wait_for_timeout(40)
    return clicks


def shoot(page: Any, name: str) -> Path:
    page.wait_for_timeout(700)  # past the landing animations
    path = artefacts() / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def shoot_all(page: Any, name: str) -> list[Path]:
    """The table at desktop and phone size, light and dark."""
    shots = []
    for size, viewport in (("desktop", {"width": 1280, "height": 860}), ("phone", {"width": 390, "height": 844})):
        page.set_viewport_size(viewport)
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            shots.append(shoot(page, f"{name}-{size}-{scheme}"))
    page.set_viewport_size({"width": 1280, "height": 860})
    page.emulate_media(color_scheme="light")
    return shots


# Words of the engine, never of a table: a phase in brackets, raw data, seat and place codes, broken grammar.
ENGINE_WORDS = [
    r"\((turn|race|lead|play|first|second|drawn|owed|special|discard|trick|shout|again|wild|mole|match|chain|out)\)",
    r"[{}\[\]]", r"\bnull\b", r"\bundefined\b", r"\bNaN\b", r"\btrue\b", r"\bfalse\b", r"\[object",
    r"\bp\d\b", r"\br\d+c\d+\b", r"\bcapturable\b", r"\bmatchable\b", r"\bplacer\b", r"\bowed\b", r"\bstack:",
    r"\bversion\b", r"\byou (leads|draws|plays|turns|was)\b", r"\b1 (points|cards)\b", r"\bpts\b", r"_",
    r"\(seat \d+\)", r"\bscore \d+ ·",
]

SNAPSHOT = """() => {
  const seen = (n) => n.getClientRects().length > 0 && getComputedStyle(n).visibility !== 'hidden';
  const offered = {};
  for (const node of document.querySelectorAll('#table [data-actions]')) {
    if (!seen(node)) continue;
    const key = node.dataset.key || ((node.tagName === 'BUTTON' && node.closest('#hand, #board')) ? 'focus' : null);
    for (const id of node.dataset.actions.split(' ')) offered[id] = offered[id] || key;
  }
  const words = [...document.querySelectorAll('#table-title, #table-info, #opponents, #me, #board, #turn, #calls, #hand, #scores, #log, #toasts, #summary:not([hidden]), #end:not([hidden])')]
    .map((n) => n.innerText).join('\\n');
  const reveals = [...document.querySelectorAll('#board .card.reveal')].map((n) => [+n.dataset.place, n.dataset.card]);
  return {version: +document.getElementById('table').dataset.version, offered, words, reveals,
          summary: document.getElementById('summary').hidden ? null : document.getElementById('summary-title').innerText,
          over: !document.getElementById('end').hidden};
}"""


# Every round summary the page showed, however briefly (a key pressed by the test may close it at once).
WATCH_SUMMARIES = """() => {
  window.zdeckSummaries = [];
  const box = document.getElementById('summary');
  new MutationObserver(() => { if (!box.hidden) window.zdeckSummaries.push(document.getElementById('summary-title').innerText); })
    .observe(box, {attributes: true, attributeFilter: ['hidden']});
}"""


class States:
    """The `state` messages the page received, by version (read off its WebSocket)."""

    def __init__(self, page: Any) -> None:
        self.by_version: dict[int, dict[str, Any]] = {}
        page.on("websocket", lambda ws: ws.on("framereceived", self._frame))

    def _frame(self, payload: Any) -> None:
        message = json.loads(payload)
        if message.get("type") == "state":
            self.by_version[message["version"]] = message


def continue_round(page: Any, by_key: bool) -> None:
    """Say you are ready for the next round (Enter, or the Continue button), unless the table went on already (the
    summary closes when the server's pause is over)."""
    try:
        page.keyboard.press("Enter") if by_key else page.click("#summary-continue", timeout=1500)
    except Exception:  # noqa: BLE001 - it closed under the pointer: the next round started
        return
    page.wait_for_selector("#summary", state="hidden")


def engine_words(words: str) -> list[str]:
    return [m.group(0) for pattern in ENGINE_WORDS for m in re.finditer(pattern, words)]


def check_accessible(page: Any, axe_script: str, where: str) -> None:
    page.evaluate(axe_script)  # through the DevTools protocol: the page's policy runs no inline script
    found = page.evaluate("async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
                          ".filter(v => ['serious', 'critical'].includes(v.impact))"
                          ".map(v => v.id + ': ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', '))")
    assert not found, f"axe at {where}: {found}"
