"""Zoker Memo at a live table: what the end of the game says (zdeck.live.rounds reads this by convention)."""

from __future__ import annotations

from typing import Any

from zdeck.core import Game
from zdeck.words import cards, count, seats


def round_summary(game: Game, before: dict[str, Any], after: dict[str, Any], entry: list[Any]) -> dict[str, Any]:
    """Every card is dealt and no pair is left on the table: each seat counts the cards it earned, two a pair."""
    won = [len(taken) for taken in after["collected"]]
    best = max(won)
    winners = [seat for seat, n in enumerate(won) if n == best]
    lines = {seat: [{"text": f"{count(n // 2, 'pair')} earned", "points": n}] for seat, n in enumerate(won)}
    return {"winners": winners, "text": f"No pairs left: {seats(winners)} earned the most cards ({best})",
            "lines": lines, "notes": {seat: f"{cards(n)} earned" for seat, n in enumerate(won)}, "how": "no pairs left"}
