"""Zoop's actions: immutable values whose str() is their stable text form.

The calls "ZOOP!" and "Captured!" are part of the action (`called`). With the
default option calls="auto" only called actions exist; with calls="strict" a
player may also act without the call ("silent ..."), and the rulebook's penalty
applies.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from zdeck.decks.zoop.cards import Card


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card on one's turn (or in a Special Round, or the card just drawn)."""

    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class PlayWild:
    """Play a Wild Card on one's turn and declare the animal of the Special Round."""

    animal: str

    def __str__(self) -> str:
        return f"wild {self.animal}"


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw one card: when one cannot play, when Monkeys/Kangaroo say so, or in a Special Round."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Pass:
    """Lose the turn: one cannot play and the draw pile is empty."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Discard:
    """The free discard of any card (after Everyone passes, a capture, or a Special Round)."""

    card: Card

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True, slots=True)
class Zoop:
    """Play out of turn the exact same card as the top card, yelling ZOOP! (or not)."""

    reflex: ClassVar[bool] = True  # a reflex, not a considered move: the simulator times it faster

    card: Card
    called: bool = True

    def __str__(self) -> str:
        return f"{'zoop' if self.called else 'silent zoop'} {self.card}"


@dataclass(frozen=True, slots=True)
class Cage:
    """Capture the Special Animal just played, yelling "Captured!" (or not)."""

    reflex: ClassVar[bool] = True

    called: bool = True

    def __str__(self) -> str:
        return "cage" if self.called else "silent cage"


DRAW = Draw()
PASS = Pass()
CAGE = Cage(True)
SILENT_CAGE = Cage(False)

ZoopAction = Play | PlayWild | Draw | Pass | Discard | Zoop | Cage
