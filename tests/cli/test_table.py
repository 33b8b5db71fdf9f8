"""The line-mode table (`zdeck play --plain`), a client of the live table: the whole table shown, a number
answers the menu the person saw when they started typing, and input is read no faster than answered."""

from __future__ import annotations

import asyncio
import io
import resource
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

import zdeck
from tests.tui.words import engine_words
from zdeck.table import RETRY_S, LiveTable, describe
from zdeck.textview import Seats, view_for


def silent_person() -> Iterator[str]:
    """A person who never types (the reader thread blocks on this forever)."""
    threading.Event().wait()
    yield "never"


def message(game_id: str, seed: int = 2, players: int | None = None) -> dict[str, Any]:
    """A `state` message as seat 0 gets it at the start of a game, bots in the other seats."""
    game = zdeck.make(game_id, players)
    state = game.new_state(seed)
    legal = state.legal_actions(0) if 0 in state.actors() else []
    return {"observation": state.observation(0), "legal": [str(a) for a in legal],
            "seats": [{"seat": p, "kind": "person" if p == 0 else "bot", "name": "you" if p == 0 else "random"}
                      for p in range(game.players)]}


def shown(game_id: str, seed: int = 2, players: int | None = None) -> list[str]:
    game = zdeck.make(game_id, players)
    return describe(view_for(game, "words"), message(game_id, seed, players), Seats.of(message(game_id)["seats"], 0,
                                                                                        False))


def test_memo_shows_every_place() -> None:
    """Lists were cut to their last 12 entries: Memo's places 1-4 were never shown."""
    lines = shown("zoker-memo", 1, 2)
    places = next(line for line in lines if line.startswith("  1 "))
    assert all(f"{i} ?" in places for i in range(1, 17)), places
    assert "..." not in places and "more" not in places


@pytest.mark.parametrize("game_id", sorted(zdeck.games()))
def test_every_game_is_said_in_players_words(game_id: str) -> None:
    """The line mode says the table as the game's text view does: the seats by name, the game's own facts in
    words (no key names, no raw data), your hand; nothing an engine would say."""
    text = "\n".join(shown(game_id))
    assert not engine_words(text), (engine_words(text), text)
    assert " you: " in text or "> you: " in text
    obs = message(game_id)["observation"]
    if isinstance(obs.get("hand"), list):
        assert "Your hand: " in text


def test_a_whole_game_watched_in_the_line_mode_speaks_players_words() -> None:
    """Every line a watched game prints (moves, round summaries, the end) is in players' words."""
    for game_id, players, options in (("zipzap", 2, {"rounds": 2}), ("zoop", 3, {}), ("zoker-tiko", 2, {})):
        console = Console(record=True, width=200, file=io.StringIO())
        table = LiveTable(zdeck.make(game_id, players, **options), None, ["random"], seed=3, speed=0.0,
                          console=console)
        assert table.run() is True
        text = console.export_text()
        assert not engine_words(text), (game_id, engine_words(text))
        assert "Game over" in text and "--- game over ---" in text
        if game_id == "zipzap":
            assert "Round 1: " in text and " the round" in text, "the round's summary, in the room's words"


def table_with_menus(old: list[str], new: list[str], changed_ago: float) -> tuple[LiveTable, float]:
    game = zdeck.make("zoker-tiko", players=2)
    table = LiveTable(game, 0, ["random"], seed=1, speed=1.0, console=Console(record=True, width=120),
                      lines=silent_person())
    now = time.monotonic()
    table.menus = [(now - 5.0, old, list(range(len(old)))), (now - changed_ago, new, list(range(len(new))))]
    return table, now


def test_a_number_typed_while_the_menu_changed_under_it_is_refused_with_the_new_menu() -> None:
    """A number typed against a menu that changed 0.4 s earlier played the new menu's item."""
    table, now = table_with_menus(["a", "b"], ["b", "a"], changed_ago=0.4)
    assert table.menu_changed_under(1, now)
    said = table.console.export_text()
    assert "the menu changed while you typed: 1 was 'a' and is now 'b'" in said and "choose again" in said


def test_a_number_that_means_the_same_in_both_menus_is_played() -> None:
    table, now = table_with_menus(["a", "b"], ["a"], changed_ago=0.4)
    assert not table.menu_changed_under(1, now)
    assert table.menu_changed_under(2, now), "2 was b and is now nothing"


def test_a_number_typed_well_after_the_change_answers_the_new_menu() -> None:
    table, now = table_with_menus(["a", "b"], ["b", "a"], changed_ago=3.0)
    assert not table.menu_changed_under(1, now)


class Counted:
    """Lines typed without end (`yes 1`), counting how many the table took."""

    def __init__(self, line: str) -> None:
        self.line, self.taken = line, 0

    def __iter__(self) -> Iterator[str]:
        while True:
            self.taken += 1
            yield self.line


def test_endless_input_is_read_only_as_fast_as_the_table_answers_it() -> None:
    """`yes 1 | zdeck play zipzap --plain -p 3 --seed 1` played one card in 60 s, printed 14,087 identical
    refusals and grew from 83 MB to 450 MB in 30 s: lines were queued without bound and judged against
    stale menus. Now a line is read only once the one before was answered, judged against the menu of
    that moment, and a refusal is not read past until the table changes (or, for a seat that may act, a
    short pause): the lines taken and the refusals printed are bounded by the game, not by the input."""
    game = zdeck.make("zipzap", players=3, rounds=1)
    console = Console(record=True, width=200)
    typed = Counted("1")
    table = LiveTable(game, 0, ["greedy"], seed=1, speed=0.02, console=console, lines=typed)
    assert table.run() is True
    versions = table.table.room.state.version
    said = console.export_text()
    refusals = sum(said.count(word) for word in ("may not act", "no action", "not an action", "menu changed"))
    assert refusals <= 5 * versions + 10, (refusals, versions)
    assert typed.taken <= 5 * versions + 10, (typed.taken, versions)
    assert any(entry[0] == 0 for entry in table.record.actions), "the person played"


@pytest.mark.parametrize("line", ["9", "nonsense"])
def test_endless_refused_input_is_said_once_a_moment_and_read_slowly(line: str) -> None:
    """A line the table refuses, typed without end, is refused aloud once per moment of the table and read
    at most once per `RETRY_S` while the seat may act (the table waits for its turn meanwhile)."""
    game = zdeck.make("zoker-tiko", players=2)
    console = Console(record=True, width=200)
    typed = Counted(line)
    seat = next(p for p in range(2) if game.new_state(1).legal_actions(p))  # the table waits for this seat
    table = LiveTable(game, seat, ["random"], seed=1, speed=0.02, console=console, lines=typed)

    async def for_a_while() -> None:
        try:
            await asyncio.wait_for(table.play(), 1.5)
        except TimeoutError:
            pass

    asyncio.run(for_a_while())
    assert typed.taken <= 1.5 / RETRY_S + 5
    said = console.export_text()
    assert sum(said.count(word) for word in ("no action", "not an action")) == 1


def test_piped_yes_plays_without_flooding_or_growing(tmp_path: Path) -> None:
    """The command of the report, run for real: it ends with the game, with a bounded output and memory."""
    zdeck_command = Path(sys.executable).with_name("zdeck")
    command = f"yes 1 | {zdeck_command} play zipzap --plain -p 3 --seed 1 --speed 0.02 -o rounds=1"
    started = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    done = subprocess.run(["bash", "-c", command], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0 and "game over" in done.stdout, done.stderr[-2000:]
    assert len(done.stdout.splitlines()) < 20_000
    peak_mb = max(started, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss) / 1024
    assert peak_mb < 300, f"{peak_mb:.0f} MB"
