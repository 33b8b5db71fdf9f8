"""Zip Zap's turn words and who deals, shared by the play (state.py) and the check of what play reaches
(reachable.py), so each is written once. (What follows what, and the points: cards.py.)"""

from __future__ import annotations

from typing import Final

# The phases, by the names the observation gives them. In a race anyone holding a follower of the
# top card may put it down (and its player may Zap); in the lead one player continues with any card.
RACE: Final = "race"
LEAD: Final = "lead"
OVER: Final = "over"
PHASES: Final = (RACE, LEAD, OVER)
Pile = list[tuple[int | None, int]]  # (who put it down - None if turned up from the deck, card index or ZAP)


def dealer_of(round_no: int, players: int) -> int:
    """Who deals a round: seat 0 the first, the next seat each round after."""
    return (round_no - 1) % players


def turned_up(pile: Pile) -> int:
    """How many cards of the pile were turned up from the deck: those below the first play."""
    turned = 0
    while turned < len(pile) and pile[turned][0] is None:
        turned += 1
    return turned
