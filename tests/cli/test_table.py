"""The line-mode table (`zdeck play --plain`): the whole table shown, and a number answers the menu the
person saw when they started typing."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

from rich.console import Console

import zdeck
from zdeck.table import LiveTable, describe


def silent_person() -> Iterator[str]:
    """A person who never types (the reader thread blocks on this forever)."""
    threading.Event().wait()
    yield "never"


def test_memo_shows_every_place() -> None:
    """Lists were cut to their last 12 entries: Memo's places 1-4 were never shown."""
    state = zdeck.make("zoker-memo", 2).new_state(1)
    obs = state.observation(0)
    places = next(line for line in describe(obs, 0) if line.startswith("table: "))
    assert all(f"{i}:" in places for i in range(1, len(obs["table"]) + 1))
    assert "..." not in places and "more" not in places


def test_every_key_of_every_game_is_shown_whole() -> None:
    for game_id in zdeck.games():
        state = zdeck.make(game_id).new_state(2)
        obs = state.observation(0)
        lines = describe(obs, 0)
        shown = "\n".join(lines)
        for key in obs:
            if key not in ("game", "seat", "phase", "turn", "round", "rounds", "scores", "hand", "over", "winners"):
                assert any(line.startswith(f"{key}: ") for line in lines), (game_id, key)
        assert "more," not in shown


def test_the_header_reads_the_shared_vocabulary() -> None:
    obs = {"game": "g", "seat": 0, "phase": "race", "turn": None, "round": 3, "rounds": None,
           "hand": ["red 1", "red 2"], "hand_sizes": [2, 5], "scores": [1.5, 2], "round_scores": [],
           "over": False, "winners": [], "top": "red 3", "pile": ["a"] * 30}
    lines = describe(obs, 0)
    assert lines[:3] == ["round 3 · phase race · nobody's turn", "scores: P0 (you) 1.5 · P1 2",
                         "your hand: red 1, red 2"]
    assert "hand_sizes: 2, 5" in lines and "top: red 3" in lines
    assert next(line for line in lines if line.startswith("pile: ")).count("a") == 30


def table_with_menus(old: list[object], new: list[object], changed_ago: float) -> tuple[LiveTable, float]:
    game = zdeck.make("zoker-tiko", players=2)
    table = LiveTable(game, 0, ["random"], seed=1, speed=1.0, console=Console(record=True, width=120),
                      lines=silent_person())
    now = time.monotonic()
    table.shown = [(now - 5.0, 0, old), (now - changed_ago, 0, new)]
    return table, now


def test_a_number_typed_while_the_menu_changed_under_it_is_refused_with_the_new_menu() -> None:
    """A number typed against a menu that changed 0.4 s earlier played the new menu's item."""
    game = zdeck.make("zoker-tiko", players=2)
    a, b = game.action_from_id(0), game.action_from_id(1)
    table, now = table_with_menus([a, b], [b, a], changed_ago=0.4)
    assert table.menu_changed_under(1, now)
    assert table.human_says("1", now) and table.state.version == 0, "nothing is played"
    said = table.console.export_text()
    assert "the menu changed while you typed: 1 was" in said and "choose again" in said


def test_a_number_that_means_the_same_in_both_menus_is_played() -> None:
    game = zdeck.make("zoker-tiko", players=2)
    a, b = game.action_from_id(0), game.action_from_id(1)
    table, now = table_with_menus([a, b], [a], changed_ago=0.4)
    assert not table.menu_changed_under(1, now)
    assert table.menu_changed_under(2, now), "2 was b and is now nothing"


def test_a_number_typed_well_after_the_change_answers_the_new_menu() -> None:
    game = zdeck.make("zoker-tiko", players=2)
    a, b = game.action_from_id(0), game.action_from_id(1)
    table, now = table_with_menus([a, b], [b, a], changed_ago=3.0)
    assert not table.menu_changed_under(1, now)
