"""A ninth game gets a playable table with no JavaScript of its own: the template game (examples/new_game/snap),
copied into a folder ZDECK_GAMES names, is served with the default table (static/default-table.js) and played to
the end by a person against its bot, with every legal action offered and keyed and no engine words on the page."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.browser.helpers import act_once, make_room, shoot, sit_down
from tests.browser.test_whole_games import SNAPSHOT, States, act_by_key, engine_words
from tests.server.conftest import ServerProcess, served

TEMPLATE = Path(__file__).parents[2] / "examples" / "new_game" / "snap"


@pytest.fixture(scope="module")
def snap_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("games")
    shutil.copytree(TEMPLATE, folder / "snap", ignore=shutil.ignore_patterns("__pycache__"))
    before = os.environ.get("ZDECK_GAMES")
    os.environ["ZDECK_GAMES"] = str(folder)  # read by the server process it starts, not by this one
    try:
        yield from served(tmp_path_factory.mktemp("snap-site"))
    finally:
        if before is None:
            del os.environ["ZDECK_GAMES"]
        else:
            os.environ["ZDECK_GAMES"] = before


def test_the_template_game_is_served_the_default_table_and_played_to_the_end(context: Any,
                                                                             snap_site: ServerProcess) -> None:
    module = httpx.get(snap_site.base + "/games/snap/table.js", timeout=10)
    assert module.status_code == 200 and "export function board" in module.text
    assert module.headers["content-type"].startswith("text/javascript")
    assert httpx.get(snap_site.base + "/games/snap/art.json", timeout=10).json() == {}
    for refused in ("/games/snap/game.py", "/games/snap/%2e%2e/zoop/table.js", "/games/nosuch/table.js", "/games/snap/art/x.png"):
        assert httpx.get(snap_site.base + refused, timeout=10).status_code == 404, refused

    room = make_room(snap_site, "snap", 2, {1: "snappy"}, {"speed": 0.1})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    states = States(page)
    sit_down(page, snap_site, room)
    page.wait_for_selector("#hand .card")
    assert page.locator("#board .fan-card .card.top").count() == 1  # the pile, from the shared vocabulary
    use_key, acted_by_key = False, 0
    for _ in range(3000):
        snap = page.evaluate(SNAPSHOT)
        if snap["over"]:
            break
        assert not engine_words(snap["words"]), snap["words"]
        state = states.by_version.get(snap["version"])
        if state and state["legal_ids"]:
            assert all(snap["offered"].get(str(i)) for i in state["legal_ids"]), (state["legal"], snap["offered"])
        acted = act_by_key(page) if use_key else act_once(page)
        if acted:
            acted_by_key += use_key
            use_key = not use_key
        else:
            page.wait_for_timeout(50)
    assert page.locator("#end:not([hidden])").count() == 1 and acted_by_key > 0
    shoot(page, "snap-default-table-over")
    assert not errors, errors
