"""Zip Zap at a live table: what the end of a round says (zdeck.live.rounds reads this by convention).

Built from what everyone sees (`before`/`after`: the spectator's view just before and after the last card), so
it names no hidden card: each other seat's cards are counted, not shown.
"""

from __future__ import annotations

from typing import Any

from zdeck.core import Game
from zdeck.words import cards, points, seat


def round_summary(game: Game, before: dict[str, Any], after: dict[str, Any], entry: list[Any]) -> dict[str, Any]:
    """The seat that played its last card went out ("Zip Zap!"); the others count what they still hold: solid
    cards 1, wild cards 3, the Zap 5 (or, scoring by wins, one point for going out)."""
    out = entry[0]
    row = after["round_scores"][-1]
    wins = game.options["scoring"] == "wins"
    lines: dict[int, list[dict[str, Any]]] = {}
    notes: dict[int, str] = {}
    for p in range(game.players):
        if p == out:
            notes[p] = "went out: Zip Zap!"
            lines[p] = [{"text": "went out first", "points": row[p]}] if wins else []
            continue
        left = before["hand_sizes"][p]
        text = f"{cards(left)} left" + (", the Zap among them" if before["has_zap"][p] else "")
        lines[p] = [{"text": text, "points": None if wins else row[p]}]
        if not wins:
            notes[p] = f"{points(row[p])} for the cards left in hand"
    return {"winners": [out], "text": f"{seat(out)} played their last card: Zip Zap!", "lines": lines, "notes": notes,
            "how": "went out"}
