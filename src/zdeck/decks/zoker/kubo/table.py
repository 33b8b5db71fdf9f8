"""Zoker Kubo at a live table: what the end of a round says (zdeck.live.rounds reads this by convention). Built
from what everyone sees (`before`/`after`: the spectator's view just before and after the step): the cards left
in each hand are counted, not shown.
"""

from __future__ import annotations

from typing import Any

from zdeck.core import Game
from zdeck.words import cards, points, seat, seats

ZOKER = 12  # a space diagonal's points: completing one ends the round at once


def round_summary(game: Game, before: dict[str, Any], after: dict[str, Any], entry: list[Any]) -> dict[str, Any]:
    """The round ends at a Zoker, at an empty hand, or when no card can be laid; each seat scores its
    structures (straights 1, diagonals 2, Zokers 12) and loses a point for every card left in hand."""
    row = after["round_scores"][-1]
    actor, text = entry[0], str(entry[1])
    left = list(before["hand_sizes"])
    if actor is not None and text.startswith("place "):
        left[actor] -= 1
    built = [row[p] + left[p] for p in range(game.players)]
    lines = {p: [{"text": "structures", "points": built[p]}, {"text": f"{cards(left[p])} left in hand", "points": -left[p]}]
             for p in range(game.players)}
    best = max(row)
    winners = [p for p, x in enumerate(row) if x == best]
    if actor is not None and built[actor] - before["points"][actor] >= ZOKER:
        how, said = "zoker", f"{seat(actor)} completed a Zoker: the round ends at once"
    elif actor is not None and text.startswith("place ") and not left[actor]:
        how, said = "went out", f"{seat(actor)} laid their last card"
    else:
        how, said = "blocked", "No card can be laid any more"
    said += f"; {seats(winners)} scored the most ({points(best)})"
    return {"winners": winners, "text": said, "lines": lines, "how": how}
