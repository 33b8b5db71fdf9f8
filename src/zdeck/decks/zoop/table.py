"""Zoop at a live table: what the end of the game says, and why a ZOOP! or a Cage was penalised (zdeck.live.rounds
reads this by convention). Built from what everyone sees (`before`/`after`: the spectator's view just before and
after the step); a penalty's reason to the others never names the card.
"""

from __future__ import annotations

from typing import Any

from zdeck.core import Action, Game
from zdeck.decks.zoop.actions import Cage, Zoop
from zdeck.words import cards, seat

WHAT_FOLLOWS = "it goes back to your hand and you draw one"
WHAT_FOLLOWS_THEM = "it goes back to their hand and they draw one"


def round_summary(game: Game, before: dict[str, Any], after: dict[str, Any], entry: list[Any]) -> dict[str, Any]:
    """A game of Zoop is one hand: the first to empty their hand wins (rule 6.1); if the draw pile runs out and
    nobody can play, the fewest cards win, then the fewest Wild Cards and Cages (rule 6.2)."""
    winner = after["winners"][0]
    sizes = after["hand_sizes"]
    lines = {p: [{"text": f"{cards(sizes[p])} left" if sizes[p] else "no card left", "points": None}]
             for p in range(game.players)}
    if after["end"] == "blocked":
        tied = sizes.count(min(sizes)) > 1
        text = (f"The draw pile is empty and nobody can play: {seat(winner)} holds the fewest cards"
                + (" (and, on the tie, the fewest Wild Cards and Cages)" if tied else ""))
        how = "blocked"
    else:
        text, how = f"{seat(winner)} played their last card and crossed the finish line", "went out"
    return {"winners": [winner], "text": text, "lines": lines, "notes": {winner: "wins"}, "how": how}


def penalty(game: Game, before: dict[str, Any], player: int, action: Action, late: bool) -> dict[str, str] | None:
    """Rule 2.1 and rule 5: a ZOOP! with a different card, without the call, or second of two at once; a Cage
    without "Captured!". The card goes back to the hand and one is drawn (with an empty draw pile the card just
    goes back: docs/rules/zoop.md, Clarification 10)."""
    follows, follows_them = (WHAT_FOLLOWS, WHAT_FOLLOWS_THEM) if before["draw_size"] else \
        ("it goes back to your hand (the draw pile is empty)", "it goes back to their hand")
    if isinstance(action, Cage):
        if not action.called:
            return {"why": "no call", "own": f"A Cage without calling Captured!: {follows}.",
                    "public": f"{{who}} played a Cage without calling Captured!: {follows_them}."}
        return {"why": "late", "own": f"Too late: the animal was no longer there to capture: {follows}.",
                "public": f"{{who}}'s Cage came too late: {follows_them}."}
    if not isinstance(action, Zoop):
        return None
    if not action.called:
        return {"why": "no call", "own": f"ZOOP! without calling it: {follows}.",
                "public": f"{{who}} played out of turn without calling ZOOP!: {follows_them}."}
    if late:
        return {"why": "late", "own": f"Too late: another ZOOP! or Cage landed first, so yours was second: {follows}.",
                "public": f"{{who}}'s ZOOP! came second: {follows_them}."}
    return {"why": "wrong card",
            "own": f"ZOOP! with a different card ({action.card} is not the {before['top']} on the pile): {follows}.",
            "public": f"{{who}} called ZOOP! with a different card: {follows_them}."}
