"""The words of Zoop's turn flow: what the seat in `turn` may do (`phase`), why a free discard is owed, and
how a finished game ended. The state and its out-of-turn rules (races.py) share them."""

from typing import Final

# Phases of the seat in `turn`.
PLAY: Final = "play"  # play a matching card or a Wild Card; else draw (or pass on an empty pile)
OWED: Final = "owed"  # Monkeys/Kangaroo: draw one card at the start of the turn, then play
DRAWN: Final = "drawn"  # the card just drawn can be played: play it
SPECIAL: Final = "special"  # Special Round: play the declared animal, or draw one and miss the turn
DISCARD: Final = "discard"  # free discard of a card, which becomes the card to match
OVER: Final = "over"
PHASES: Final = (PLAY, OWED, DRAWN, SPECIAL, DISCARD, OVER)
ZOOP_PHASES: Final = (PLAY, OWED, DRAWN)  # a ZOOP! is possible only then (not in a Special Round, nor before a free discard)

# Why a free discard is owed.
PASSES: Final = "everyone passes"
CAPTURE: Final = "capture"
ROUND_END: Final = "special round"
REASONS: Final = (PASSES, CAPTURE, ROUND_END)

# How a finished game ended.
EMPTIED: Final = "emptied hand"
BLOCKED: Final = "blocked"
