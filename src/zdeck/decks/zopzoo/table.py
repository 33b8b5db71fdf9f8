"""Zop Zoo at a live table: what the end of a round says (zdeck.live.rounds reads this by convention). Every card
of a row lies face up, so the summary can say exactly where each seat's points came from.
"""

from __future__ import annotations

from typing import Any

from zdeck.core import Game
from zdeck.words import points, seat


def round_summary(game: Game, before: dict[str, Any], after: dict[str, Any], entry: list[Any]) -> dict[str, Any]:
    """The first to have every card worth POINTS wins the round and scores all of them; the others score only
    their uncovered Minus cards and their Side Bonus cards. If the black deck runs out first, everyone scores
    everything. (The rows are read just before the last step, which may have covered the winner's last card:
    the winner's cards are what their score leaves once the Minus and Side Bonus cards are counted.)"""
    faces = game.card_faces()
    row = after["round_scores"][-1]
    winner = after["round_winners"][-1]
    lines: dict[int, list[dict[str, Any]]] = {}
    notes: dict[int, str] = {}
    for p in range(game.players):
        minus = [faces[white]["value"] for white, cover in before["rows"][p]
                 if cover is None and faces[white]["kind"] == "minus"]
        bonus = [faces[card]["value"] for card in before["bonus"][p]]
        told = []
        if winner is None or p == winner:
            told.append({"text": "cards worth POINTS", "points": row[p] - sum(minus) - sum(bonus)})
        if minus:
            told.append({"text": f"{len(minus)} Minus card{'s' if len(minus) > 1 else ''} left uncovered",
                         "points": sum(minus)})
        if bonus:
            told.append({"text": f"{len(bonus)} Side Bonus card{'s' if len(bonus) > 1 else ''}", "points": sum(bonus)})
        lines[p] = told
        notes[p] = "wins the round: every card shows POINTS" if p == winner else \
            (f"scores {points(row[p])}" if winner is None else "scores only Minus and Side Bonus cards")
    if winner is None:
        return {"winners": [p for p, x in enumerate(row) if x == max(row)], "lines": lines, "notes": notes,
                "text": "The black deck ran out: everyone scores all their POINTS", "how": "deck ran out"}
    return {"winners": [winner], "text": f"{seat(winner)} has POINTS on every card and wins the round",
            "lines": lines, "notes": notes, "how": "went out"}
