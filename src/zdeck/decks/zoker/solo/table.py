"""Zoker Solo at a live table: what the end of the game says (zdeck.live.rounds reads this by convention)."""

from __future__ import annotations

from typing import Any

from zdeck.core import Game
from zdeck.words import cards


def round_summary(game: Game, before: dict[str, Any], after: dict[str, Any], entry: list[Any]) -> dict[str, Any]:
    """No card can move any more: the result is the number of cards in the highest pile of the last row."""
    piles = [len(pile) for pile in after["piles"]]
    left = after["draw_size"]
    return {"winners": [0], "text": f"No more moves: the highest pile holds {cards(max(piles))}",
            "lines": {0: [{"text": "the piles of the last row: " + ", ".join(str(n) for n in piles), "points": None},
                          {"text": "the highest pile", "points": max(piles)}]
                      + ([{"text": f"{cards(left)} never dealt", "points": None}] if left else [])},
            "notes": {0: "the result is the highest pile"}, "how": "blocked"}
