"""SVG snapshots of each game's table (pytest-textual-snapshot), as seat 0 sees it in the middle of a game.

The table is rebuilt from a record's opening moves (`LocalTable.resumed`) with the bots slowed right
down, so the picture is the same on every run. After a deliberate change of the table's look, review
the new pictures and run `pytest tests/tui/test_snapshots.py --snapshot-update`.
"""

from __future__ import annotations

import difflib
import re
import time
from pathlib import Path
from typing import Any

import pytest

import zdeck
from zdeck.live.local import LocalTable
from zdeck.live.room import play_offline
from zdeck.tui.app import ZdeckApp

from .helpers import SHORT, SIZE, in_a_thread

pytest.importorskip("pytest_textual_snapshot")

# Each game's table a few moves in (then on to the next moment where seat 0 may act): players, options,
# seed, moves. The short games of the pilot tests, except where they end before there is much to see.
PICTURES: dict[str, tuple[int, dict[str, Any], int, int]] = {
    **{game_id: (*SHORT[game_id], 8) for game_id in SHORT},
    "zoker-memo": (2, {}, 7, 9),
    "zoker-solo": (1, {}, 6, 8),
    "zoker-tiko": (3, {}, 1, 4),
}


def mid_game(game_id: str) -> ZdeckApp:
    players, options, seed, opening = PICTURES[game_id]
    game = zdeck.make(game_id, players, **options)
    record = play_offline(game, dict.fromkeys(range(players), "random"), seed, speed=1.0)
    state, moves = game.new_state(seed), 0
    for moves, (seat, text, *seen) in enumerate(record.actions, 1):
        if seat is None:
            state.timeout()
        else:
            state.apply(seat, game.parse_action(text), seen=seen[0] if seen else None)
        if moves >= opening and not state.is_over() and state.legal_actions(0):
            break
    table = LocalTable.resumed(game, 0, ["random"], seed, record.actions[:moves], speed=100.0)
    return ZdeckApp(table)


SNAPSHOTS = Path(__file__).parent / "__snapshots__" / "test_snapshots"


def screen_text(svg: str) -> list[str]:
    """The words of an SVG screenshot, row by row (what a mismatch is explained by)."""
    rows = re.findall(r'<text class="[^"]*" x="[^"]*" y="([^"]*)"[^>]*>([^<]*)</text>', svg)
    lines: dict[str, str] = {}
    for y, text in rows:
        lines[y] = lines.get(y, "") + text.replace("&#160;", " ").replace("&amp;", "&")
    return [line.rstrip() for line in lines.values()]


async def settle(pilot: Any, seen: list[str] | None = None) -> None:
    """Until the table has its state and is still, then once more after the whole table is laid out and drawn
    afresh (as the next state draws it): the picture is the table's look, not a moment of its start-up. (Once in
    CI, at start-up, Kubo's seats panel kept a blank row for longer than 0.1 s.)"""
    app = pilot.app
    await pilot.pause()
    await _still(pilot)
    app._fit()  # (forgets what each panel shows: the draw puts every panel again)
    app._draw()
    last = await _still(pilot)
    if seen is not None and last is not None:
        seen[:] = screen_text(last)


async def _still(pilot: Any) -> str | None:
    """Wait until the table has its state and two looks 0.3 s apart agree (at most 10 s: however loaded the
    machine); the last look."""
    app, last, until = pilot.app, None, time.monotonic() + 10.0
    while time.monotonic() < until:
        await pilot.pause(0.3)  # (longer than the app's tick, which draws again)
        shot = app.export_screenshot()
        if app.message is not None and shot == last:
            break
        last = shot
    return last


@pytest.mark.parametrize("game_id", sorted(PICTURES))
def test_each_games_table_looks_as_it_did(game_id: str, snap_compare: Any) -> None:
    app, seen = mid_game(game_id), list[str]()
    same = in_a_thread(lambda: snap_compare(app, terminal_size=SIZE, run_before=lambda pilot: settle(pilot, seen)))
    stored = SNAPSHOTS / f"test_each_games_table_looks_as_it_did[{game_id}].svg"
    if not same and stored.exists():  # say what differs in the test's output (the report is a file CI may not keep)
        diff = difflib.unified_diff(screen_text(stored.read_text(encoding="utf-8")), seen, "stored", "drawn", n=1,
                                    lineterm="")
        pytest.fail("the table's picture changed:\n" + ("\n".join(diff) or "(the same words: a colour or a style)"))
    assert same
