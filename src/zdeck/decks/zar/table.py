"""ZAR at a live table: what the end of a hand says, and why a call cost a card (zdeck.live.rounds reads this by
convention). Built from what everyone sees (`before`/`after`: the spectator's view just before and after the
step): the other hands are counted, not shown.
"""

from __future__ import annotations

from typing import Any

from zdeck.core import Action, Game
from zdeck.decks.zar.actions import Play
from zdeck.decks.zar.calls import call_penalised, due_call
from zdeck.decks.zar.cards import KINDS
from zdeck.words import cards, points, seat


def round_summary(game: Game, before: dict[str, Any], after: dict[str, Any], entry: list[Any]) -> dict[str, Any]:
    """The first to get rid of every card, unmatched, wins the hand; the others pay for the cards they hold
    (Symbol 1, Command 3, Power 5, Chameleon 6, or 1 each when `scoring` counts cards)."""
    winner = after["hand_winner"]
    row = after["round_scores"][-1]
    lines: dict[int, list[dict[str, Any]]] = {}
    for other in range(game.players):
        if other != winner:
            left = before["hand_sizes"][other]
            lines[other] = [{"text": f"{cards(left)} left in hand", "points": row[other]}]
    how = "nobody matched their last card" if entry[0] is None else "their last card could not be matched"
    return {"winners": [winner], "text": f"{seat(winner)} went out: {how}", "lines": lines,
            "notes": {p: ("wins the hand" if p == winner else f"{points(row[p])} for the cards left")
                      for p in range(game.players)}, "how": "went out"}


def penalty(game: Game, before: dict[str, Any], seat: int, action: Action, late: bool) -> dict[str, str] | None:
    """Spoken calls (`calls` rulebook or strict): a play whose call leaves out what was due stands, and its player
    draws a penalty card. What was due is read off the table as everyone sees it: the cards left in hand, and
    whether the play matches the open top card."""
    if not isinstance(action, Play) or game.options["calls"] == "auto":
        return None
    size = action.real + action.chameleons
    group = before["group"]
    matching = bool(before["matchable"]) and KINDS[action.card].name == before["top_as"]
    own_run = group["run"] if matching and group["owner"] == seat else 0
    due = due_call(size, before["hand_sizes"][seat] - size, matching, own_run)
    if not call_penalised(due, action.call, game.options["calls"]):
        return None
    said = action.call.words() if action.call is not None and action.call.words() else "nothing"
    if due.zar and (action.call is None or not action.call.zar):
        what = "with one card left, ZAR must be said"
        theirs = "did not say ZAR with one card left"
    else:
        due_words = due.words() or "no word"
        what = f"{due_words} was due"
        theirs = f"said {said} where {due_words} was due"
    return {"why": "wrong call", "own": f"You said {said}, but {what}: the play stands and you draw a penalty card.",
            "public": f"{{who}} {theirs}: the play stands and they draw a penalty card."}
