"""Every game played to its end at the terminal table, with bots, at 80x24 and at 120x40, as a person plays it:
by the keys the table shows. At every moment the person may act, every legal action must have a key on the
screen (a card's, a place's or a call's - not only the list of all actions), and the action chosen is made
with its key and must reach the table as that action. Memo's turned cards must be shown face up in their
places; a round summary must appear; no text on the screen may be an engine's word. SVG pictures of each
table (Textual's) are written to test-artefacts/terminal/ for a person to look at.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import zdeck
from zdeck.botspecs import default_bot
from zdeck.live.local import LocalTable
from zdeck.tui.app import ZdeckApp

from .helpers import SHORT, Watcher, play_by_keys, run, screen_text
from .words import engine_words

ARTEFACTS = Path(__file__).parents[2] / "test-artefacts" / "terminal"
SIZES = [(80, 24), (120, 40)]
# Longer than SHORT where a game must show a round ending before the last (several rounds).
GAMES: dict[str, tuple[int, dict[str, Any], int]] = {
    **SHORT,
    "zipzap": (2, {"rounds": 2}, 1),
    "zar": (2, {"hands": 2}, 3),
    "zoker-kubo": (2, {"rounds": 2}, 5),
    "zoker-tiko": (3, {"last_deal": "even", "rounds": 2}, 1),
}
def table_app(game_id: str) -> ZdeckApp:
    players, options, seed = GAMES[game_id]
    game = zdeck.make(game_id, players, **options)
    return ZdeckApp(LocalTable(game, 0, [default_bot(game_id)], seed=seed, speed=0.0), pictures="emoji")


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_whole_game_by_the_keys_shown(game_id: str, size: tuple[int, int]) -> None:
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    app = table_app(game_id)
    watcher = Watcher(app, ARTEFACTS / f"{game_id}-{size[0]}x{size[1]}.svg")

    async def play() -> int:
        async with app.run_test(size=size) as pilot:
            made = await play_by_keys(app, pilot, watcher, ARTEFACTS / f"{game_id}-{size[0]}x{size[1]}.svg")
            await pilot.pause(0.05)
            watcher.look()
            app.save_screenshot(str(ARTEFACTS / f"{app.game.id}-{size[0]}x{size[1]}-end.svg"))
            assert seats_all_shown(app), screen_text(app)
            return made

    made = run(play())
    assert made > 0 and app.table.over
    assert app.summaries and app.summaries[-1].last, "the end of the game was summed up"
    rounds = len(app.table.room.state.observation(None)["round_scores"])
    if rounds > 1:
        assert any(not s.last for s in app.summaries), "a round ended before the last: its summary appeared"
    texts = "\n".join(sorted(watcher.texts)) + "\n" + "\n".join(app.said)
    assert not engine_words(texts), [(p, re.findall(rf".{{0,30}}{p}.{{0,30}}", texts)[:3]) for p in engine_words(texts)]
    if game_id == "zoker-memo":
        assert watcher.memo_turns >= 2


def seats_all_shown(app: ZdeckApp) -> bool:
    """Every seat has its line in the seats panel, and the panel is as tall as its lines."""
    seats = app.query_one("#seats")
    lines = app._shown["seats"][0].count("\n") + 1
    return seats.content_size.height >= lines >= app.game.players
