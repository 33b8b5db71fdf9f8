"""Zoker Tiko at a live table: what the end of a game (a round of the match) says (zdeck.live.rounds reads this
by convention)."""

from __future__ import annotations

from typing import Any

from zdeck.core import Game
from zdeck.words import cards, seat, seats


def round_summary(game: Game, before: dict[str, Any], after: dict[str, Any], entry: list[Any]) -> dict[str, Any]:
    """No cards are left to deal: each seat counts the cards it won in its tricks, the last trick's too (with
    `match=games` the match counts one game won for the most cards)."""
    row = after["round_scores"][-1]
    earlier = [len(taken) for taken in before["won"]]
    taker = next((p for p in range(game.players) if row[p] > earlier[p]), None)
    best = max(row)
    winners = [p for p, n in enumerate(row) if n == best]
    lines = {p: [{"text": f"{cards(row[p])} won in tricks", "points": row[p]}] for p in range(game.players)}
    text = f"{seats(winners)} won the most cards"
    if taker is not None:
        text += f"; {seat(taker)} took the last trick"
    notes = {p: "wins this game" for p in winners} if game.options["match"] == "games" else {}
    return {"winners": winners, "text": text, "lines": lines, "notes": notes, "how": "no cards left"}
