"""Zip Zap's actions: put a numbered card on the pile, or the Zap ("ZAP!").

An action's `index` is the index of the card it puts down (the Zap's is ZAP), which is also its
position in the action table: the actions a hand allows are read straight from its bitmask.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Final

from zdeck.core import Action
from zdeck.decks.zipzap.cards import CARDS, ZAP, ZAP_TEXT, Card, indices

if TYPE_CHECKING:
    from zdeck.decks.zipzap.game import ZipZap


@dataclass(frozen=True, slots=True)
class Play:
    card: Card
    index: int = field(init=False, compare=False, repr=False)  # the card's index

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", self.card.index)

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Zap:
    index: ClassVar[int] = ZAP

    def __str__(self) -> str:
        return ZAP_TEXT


ZAP_ACTION: Final = Zap()
ACTIONS: Final[tuple[Play | Zap, ...]] = (*(Play(card) for card in CARDS), ZAP_ACTION)  # ACTIONS[i] puts down index i
# _BYTE_ACTIONS[b][byte]: the actions of the cards a hand's byte b holds (read by `actions_of`, as cards' own tables by `by_byte`).
_BYTE_ACTIONS: Final[tuple[tuple[tuple[Play | Zap, ...], ...], ...]] = tuple(
    tuple(tuple(ACTIONS[i] for i in indices(byte << base & (1 << len(ACTIONS)) - 1)) for byte in range(256))
    for base in range(0, len(ACTIONS), 8)
)


def action_table(game: ZipZap) -> tuple[Play | Zap, ...]:
    """Every action in a fixed order, the same at every table size: an action's id is its index."""
    return ACTIONS


def actions_of(mask: int) -> list[Action]:
    """The actions that put down a bitmask's cards (the Zap's bit: `zap`), lowest index first."""
    if not mask & (mask - 1):  # none or one card, the usual race moment: no bit walk (6% of random play)
        return [ACTIONS[mask.bit_length() - 1]] if mask else []
    found: list[Action] = []
    for table in _BYTE_ACTIONS:  # (`by_byte`, written out: asked for every actor at every moment)
        if not mask:
            break
        found += table[mask & 255]
        mask >>= 8
    return found


def action_face(game: ZipZap, action: Play | Zap) -> dict[str, Any]:
    """What a client draws the action on (docs/observations/zipzap.md): the card put down; the Zap is a card
    too, and its call."""
    if isinstance(action, Zap):
        return {"kind": "play", "card": ZAP_TEXT, "call": "ZAP!", "label": "ZAP!"}
    return {"kind": "play", "card": action.card.text, "label": "play"}
