"""Zoker Kubo's turn words and a round's points, shared by the play (state.py) and the check of what play
reaches (reachable.py), so each is written once. (The cube and its lines: board.py.)"""

from __future__ import annotations

from typing import Final

from zdeck.decks.zoker.deck import DATA

HAND: Final[int] = DATA["kubo"]["hand"]  # cards dealt to each player
FILL: Final[int] = DATA["kubo"]["fill"]  # after a turn with several cards laid, a player may draw up to this many in hand
TURN: Final = "turn"  # SHOUT: after a turn, others may claim what its player missed
SHOUT: Final = "shout"
OVER: Final = "over"


def round_points(scored: list[int], hands: list[int]) -> list[int]:
    """A round's points: each player's structures, less one for every card left in hand (a mask)."""
    return [p - h.bit_count() for p, h in zip(scored, hands)]
