"""The words of ZAR's turn flow and who deals: shared by the state (state.py) and the check of what play
reaches (reachable.py), so each is written once. (What follows what: following.py; the calls: calls.py.)"""

from typing import Final

PLAY: Final = "play"  # the phases (docs/observations/zar.md)
DRAWN: Final = "drawn"
OUT: Final = "out"
OVER: Final = "over"
PHASES: Final = (PLAY, DRAWN, OUT, OVER)


def dealer_of(hand_winner: int) -> int:
    """Who deals: seat 0 the first hand (no winner yet, -1), the winner of each hand the next."""
    return max(hand_winner, 0)
