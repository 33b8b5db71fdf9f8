"""Zoop's actions: immutable values whose str() is their stable text form, and the table of them.

The calls "ZOOP!" and "Captured!" are part of the action (`called`). With the
default option calls="auto" only called actions exist; with calls="strict" a
player may also act without the call ("silent ..."), and the rulebook's penalty
applies.

The rules hand out prebuilt action objects (`ActionRows`, one per deck): a
hand is a bit mask of card kinds, and the actions for a mask are read off
tables, so listing a player's moves builds no new objects.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Generic, TypeVar

from zdeck.core import Action
from zdeck.decks.zoop.cards import BASIC_ANIMALS, CAGE_CARD, WILD_CARD, Card, Deck

if TYPE_CHECKING:
    from zdeck.decks.zoop.game import ZoopGame


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card on one's turn (or in a Special Round, or the card just drawn)."""

    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class PlayWild:
    """Play a Wild Card and declare the animal of the Special Round."""

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
    """Let the turn go by: one cannot play and the draw pile is empty."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Discard:
    """The free discard of a card (after Everyone passes, a capture, or a Special Round)."""

    card: Card

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True, slots=True)
class Zoop:
    """Play out of turn the exact same card as the top card, yelling ZOOP! (or not)."""

    card: Card
    called: bool = True

    def __str__(self) -> str:
        return f"{'zoop' if self.called else 'silent zoop'} {self.card}"


@dataclass(frozen=True, slots=True)
class Cage:
    """Capture the Special Animal just played, yelling "Captured!" (or not)."""

    called: bool = True

    def __str__(self) -> str:
        return "cage" if self.called else "silent cage"


DRAW: Final = Draw()
PASS: Final = Pass()
CAGE: Final = Cage(True)
SILENT_CAGE: Final = Cage(False)
# Reflexes, not considered moves: the simulator times them faster (zdeck.asking reads this set). A set,
# not a class attribute: mypyc lays out a dataclass's ClassVar with a value as a field.
REFLEXES: Final[frozenset[type]] = frozenset({Zoop, Cage})

ZoopAction = Play | PlayWild | Draw | Pass | Discard | Zoop | Cage
A = TypeVar("A")


class ActionRows:
    """Every action of one deck, built once: a row per card action (index = card kind) and the Wild Cards."""

    def __init__(self, deck: Deck) -> None:
        self.deck = deck
        self.play = tuple(Play(c) for c in deck.kinds)
        self.discard = tuple(Discard(c) for c in deck.kinds)
        self.zoop = tuple(Zoop(c, True) for c in deck.kinds)
        self.silent_zoop = tuple(Zoop(c, False) for c in deck.kinds)
        self.wild = {a: PlayWild(a) for a in BASIC_ANIMALS}
        self.plays = Memo(ByMask[Action](self.play))  # plays[mask]: the `play` actions of the kinds in mask
        self._discards = ByMask[Action](self.discard)  # (free discards: too many subsets to memoise)

    def discards(self, mask: int) -> list[Action]:
        """`discard` actions for the kinds in `mask`, ascending."""
        return self._discards.pick(mask)



def action_table(game: ZoopGame) -> list[ZoopAction]:
    """Every action of this deck, in a fixed order (ids are positions): the silent calls only with strict calls."""
    rows, strict = game.rows, game.strict
    deck = rows.deck
    animals = [k for k in range(len(deck.kinds)) if deck.is_animal[k]]
    table: list[ZoopAction] = [DRAW, PASS]
    table += [rows.play[k] for k in animals]
    table += rows.wild.values()
    table += [rows.discard[k] for k in animals]
    table += [rows.zoop[k] for k in animals]
    table.append(CAGE)
    if strict:
        table += [rows.silent_zoop[k] for k in animals]
        table.append(SILENT_CAGE)
    return table


class ByMask(Generic[A]):
    """The entries of a row (one per kind) for the kinds set in a mask, ascending: read off tables of
    8-bit chunks, a few look-ups whatever the hand."""

    __slots__ = ("chunks",)

    def __init__(self, row: Sequence[A]) -> None:
        chunks = []
        for base in range(0, len(row), 8):
            table: list[tuple[A, ...]] = [()]
            for byte in range(1, 256):  # a byte's entries: those of the byte without its top bit, then the top one
                top = byte.bit_length() - 1
                table.append(table[byte ^ 1 << top] + ((row[base + top],) if base + top < len(row) else ()))
            chunks.append(tuple(table))
        self.chunks = tuple(chunks)

    def pick(self, mask: int) -> list[A]:
        out: list[A] = []
        for chunk in self.chunks:
            if not mask:
                break
            out += chunk[mask & 255]
            mask >>= 8
        return out


class Memo(dict[int, tuple[A, ...]]):
    """`ByMask.pick` remembered by mask: hands repeat the same few thousand subsets, and the plays of one are
    asked at nearly every move (a dict look-up; the picking only on a miss)."""

    def __init__(self, rows: ByMask[A], limit: int = 16384) -> None:
        super().__init__()
        self.rows, self.limit = rows, limit

    def __missing__(self, mask: int) -> tuple[A, ...]:
        if len(self) >= self.limit:  # bounded: a long session cannot grow it without limit
            self.clear()
        found = self[mask] = tuple(self.rows.pick(mask))
        return found


def action_face(game: ZoopGame, action: ZoopAction) -> dict[str, Any]:
    """What a client draws the action on (docs/observations/zoop.md)."""
    if isinstance(action, Play):
        return {"kind": "play", "card": action.card.text, "label": "play"}
    if isinstance(action, PlayWild):
        return {"kind": "play", "card": WILD_CARD.text, "declare": action.animal, "label": action.animal}
    if isinstance(action, Discard):
        return {"kind": "discard", "card": action.card.text, "label": "discard"}
    if isinstance(action, Zoop):
        call = "ZOOP!" if action.called else None
        return {"kind": "call", "call": call, "card": action.card.text, "label": call or "zoop (silent)"}
    if isinstance(action, Cage):
        call = "Captured!" if action.called else None
        return {"kind": "call", "call": call, "card": CAGE_CARD.text, "label": call or "cage (silent)"}
    return {"kind": str(action), "label": str(action)}  # draw, pass
