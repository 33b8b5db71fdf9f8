"""Zoker Solo's actions: move a card down, move a pile, deal four.

Places are named by position, not by card, so the action table is the same in
every state: upper place `r1c1`..`r3c4` (row, column), last-row pile `1`..`4`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, TypeGuard

from zdeck.core import Game

ROW: Final = 4  # places in a row of the 4x4 square
UPPER: Final = 12  # the three upper rows' places, in reading order
PILES: Final = 4  # the last row: each of its places holds a pile


def place_name(slot: int) -> str:
    """The text of an upper place: `r2c3` is row 2, column 3."""
    return f"r{slot // ROW + 1}c{slot % ROW + 1}"


@dataclass(frozen=True, slots=True)
class MoveCard:
    """Move the card at an upper place onto a pile of the last row (or into its empty place)."""

    slot: int  # 0..11, reading order
    pile: int  # 0..3

    def __str__(self) -> str:
        return f"card {place_name(self.slot)} to pile {self.pile + 1}"


@dataclass(frozen=True, slots=True)
class MovePile:
    """Move a whole pile onto another pile whose cover card is compatible."""

    src: int
    dst: int

    def __str__(self) -> str:
        return f"pile {self.src + 1} to pile {self.dst + 1}"


@dataclass(frozen=True, slots=True)
class Deal:
    """Deal four cards from the draw pile into the empty upper places."""

    def __str__(self) -> str:
        return "deal"


SoloAction = MoveCard | MovePile | Deal

DEAL: Final = Deal()
ACTIONS: Final[tuple[SoloAction, ...]] = (
    *(MoveCard(s, p) for s in range(UPPER) for p in range(PILES)),
    *(MovePile(a, b) for a in range(PILES) for b in range(PILES) if a != b),
    DEAL,
)

# The same objects by position, so listing legal moves builds no new dataclasses: the moves of the card
# at an upper place onto the piles of a 4-bit mask (bit p: pile p), and of a pile onto the piles of a mask.
CARD_MOVES: Final[tuple[tuple[tuple[MoveCard, ...], ...], ...]] = tuple(
    tuple(tuple(MoveCard(s, p) for p in range(PILES) if piles >> p & 1) for piles in range(1 << PILES))
    for s in range(UPPER)
)
PILE_MOVES: Final[tuple[tuple[tuple[MovePile, ...], ...], ...]] = tuple(
    tuple(tuple(MovePile(s, p) for p in range(PILES) if piles >> p & 1 and p != s) for piles in range(1 << PILES))
    for s in range(PILES)
)


def action_table(game: Game) -> tuple[SoloAction, ...]:
    """Every Solo action in a fixed order (ids are positions): card moves by place, pile moves, the deal."""
    return ACTIONS


def is_canonical(action: object) -> TypeGuard[SoloAction]:
    """Is this a value of the action table, field types included? `MoveCard(True, 0) == MoveCard(1, 0)`
    in Python, but only a true int may name a place inside the state."""
    if isinstance(action, MoveCard):
        return _place(action.slot, UPPER) and _place(action.pile, PILES)
    if isinstance(action, MovePile):
        return _place(action.src, PILES) and _place(action.dst, PILES) and action.src != action.dst
    return isinstance(action, Deal)


def _place(value: object, count: int) -> bool:
    return type(value) is int and 0 <= value < count


def action_face(game: Game, action: SoloAction) -> dict[str, Any]:
    """What a client draws the action on (docs/observations/zoker-solo.md): places by position, 0-based -
    an upper place as `[row, column]` of `upper`, a pile as its index in `piles`."""
    if isinstance(action, MoveCard):
        return {"kind": "move", "place": [action.slot // ROW, action.slot % ROW], "pile": action.pile,
                "label": f"to pile {action.pile + 1}"}
    if isinstance(action, MovePile):
        return {"kind": "move", "from_pile": action.src, "pile": action.dst, "label": f"onto pile {action.dst + 1}"}
    return {"kind": "deal", "label": "deal"}
