"""The terminal's engine words hold at least the browser's, so both tables speak the same language."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from .words import BROWSER_WORDS, engine_words

BROWSER_TESTS = Path(__file__).parents[1] / "browser" / "helpers.py"


def test_words_are_the_browsers() -> None:
    if not BROWSER_TESTS.is_file():
        pytest.skip("the browser tests are not in this tree")
    tree = ast.parse(BROWSER_TESTS.read_text(encoding="utf-8"))
    lists = [node.value for node in tree.body if isinstance(node, ast.Assign)
             and any(isinstance(t, ast.Name) and t.id == "ENGINE_WORDS" for t in node.targets)]
    assert lists, "the browser tests keep their ENGINE_WORDS"
    assert set(ast.literal_eval(lists[0])) <= set(BROWSER_WORDS)


def test_engine_words_are_caught_and_players_words_pass() -> None:
    assert engine_words("Your turn (turn).") and engine_words("1 points") and engine_words("12 pts")
    assert engine_words("placer: 4") and engine_words('{"player": 2}') and engine_words("Ada (seat 2)")
    assert not engine_words("Your turn: play a card that follows Yellow or Cloud, or draw. 1 point, 12 points.")
