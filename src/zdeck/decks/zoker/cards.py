"""The Zoker deck: 64 cards, one per (colour, size, shape), forming a 4x4x4 cube.

Everything the four Zoker games share lives here: the card value and its text
form, "common qualities" and pairs (compatible cards), straights, the strength
relation of the rulebook's Rank order section, and the cube lines used by Kubo.

The relation `stronger` is total between distinct cards but NOT transitive
(the rulebook's own cycle: orange S1 > green L1 > green M2 > orange S1), so it
is never used as a sort key.

>>> str(Card.parse("Red xl4")), Card.parse("blue S1").index
('red XL4', 0)
>>> stronger(Card.parse("orange S1"), Card.parse("green L1"))
True
>>> len(STRAIGHTS), len(LAYER_DIAGONALS), len(SPACE_DIAGONALS)
(48, 24, 4)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, Final

from zdeck import statedict as sd
from zdeck.bits import indices
from zdeck.core import Game, shorten
from zdeck.decks.zoker.deck import DATA

# Quality indices, in the rulebook's order of priority (colour strongest).
COLOUR: Final = 0
SIZE: Final = 1
SHAPE: Final = 2

COLOURS: Final[tuple[str, ...]] = tuple(DATA["colours"])  # weakest first
SIZES: Final[tuple[str, ...]] = tuple(DATA["sizes"])
SHAPES: Final[tuple[str, ...]] = tuple(DATA["shapes"])
_COLOUR_OF: Final = {name.lower(): i for i, name in enumerate(COLOURS)}
_SIZE_OF: Final = {name.lower(): i for i, name in enumerate(SIZES)}
_SHAPE_OF: Final = {name.lower(): i for i, name in enumerate(SHAPES)}


@dataclass(frozen=True, slots=True)
class Card:
    """One Zoker card; each quality is an int 0..3, weakest first."""

    colour: int
    size: int
    shape: int
    # Position in DECK (0..63): colour-major, then size, then shape. Stored, not computed, because the
    # games index tables by it on every step; it is derived, so it takes no part in ==, hash or repr.
    index: int = field(init=False, compare=False, repr=False)
    # The printed code, formed once: observations list cards by text and bots read them back at every move.
    text: str = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        for name in ("colour", "size", "shape"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 3:
                raise ValueError(f"a Zoker card's {name} must be an int 0..3, got {shorten(value)}")
        object.__setattr__(self, "index", self.colour * 16 + self.size * 4 + self.shape)
        object.__setattr__(self, "text", f"{COLOURS[self.colour]} {SIZES[self.size]}{SHAPES[self.shape]}")

    @property
    def qualities(self) -> tuple[int, int, int]:
        """(colour, size, shape): the rulebook's order of priority."""
        return (self.colour, self.size, self.shape)

    @property
    def position(self) -> tuple[int, int, int]:
        """Place in the cube: (shape, size, colour) = (x, y, layer)."""
        return (self.shape, self.size, self.colour)

    def __str__(self) -> str:
        return self.text

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read the printed code, e.g. "red XL4" (case and spacing are free)."""
        if not isinstance(text, str):
            # not a TypeError: the project reports every bad input (records, states, the CLI) as a ValueError
            raise ValueError(f"a Zoker card code must be text like 'red XL4', got {shorten(text)}")  # noqa: TRY004
        card = _BY_TEXT.get(text)
        if card is not None:  # the code exactly as printed: what observations hold
            return card
        parts = text.split()
        if len(parts) == 1:  # "redXL4": split after the colour word
            for name in _COLOUR_OF:
                if parts[0].lower().startswith(name):
                    parts = [parts[0][: len(name)], parts[0][len(name) :]]
                    break
        if len(parts) != 2 or len(parts[1]) < 2:
            raise ValueError(f"cannot read {shorten(text)} as a Zoker card: expected a code like 'red XL4' or 'blue S1'")
        colour = _COLOUR_OF.get(parts[0].lower())
        size = _SIZE_OF.get(parts[1][:-1].lower())
        shape = _SHAPE_OF.get(parts[1][-1:].lower())
        if colour is None:
            raise ValueError(f"cannot read {shorten(text)} as a Zoker card: colour must be one of {', '.join(COLOURS)}")
        if size is None:
            raise ValueError(f"cannot read {shorten(text)} as a Zoker card: size must be one of {', '.join(SIZES)}")
        if shape is None:
            raise ValueError(f"cannot read {shorten(text)} as a Zoker card: shape must be one of {', '.join(SHAPES)}")
        return card_at(shape, size, colour)


DECK: Final[tuple[Card, ...]] = tuple(Card(c, s, h) for c in range(4) for s in range(4) for h in range(4))
_BY_TEXT: Final[dict[str, Card]] = {card.text: card for card in DECK}
TEXTS: Final[tuple[str, ...]] = tuple(card.text for card in DECK)  # TEXTS[i] = str(DECK[i]): states keep cards as indices


def texts_of(mask: int) -> list[str]:
    """The texts of the cards in a mask of card indices (a hand), in deck order."""
    return [TEXTS[i] for i in indices(mask)]


def mask_of(cards: Iterable[Card]) -> int:
    """The mask of card indices of these cards."""
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


def by_index(card: Card) -> int:
    """Sort key: hands are kept in deck order."""
    return card.index


# Readers for saved states (`statedict` style: value and what it is, for the error message).
read_card = sd.reader(Card.parse)
read_index = sd.reader(lambda text: Card.parse(text).index)  # Solo and Memo keep cards as bare indices


def read_cards(value: Any, what: str) -> list[Card]:
    return sd.each(value, what, read_card)


def card_at(shape: int, size: int, colour: int) -> Card:
    """The card whose cube place is (shape, size, colour)."""
    return DECK[colour * 16 + size * 4 + shape]


# -- relations ---------------------------------------------------------------------


def common(a: Card, b: Card) -> int:
    """How many qualities the two cards share (0..3)."""
    return (a.colour == b.colour) + (a.size == b.size) + (a.shape == b.shape)


def is_pair(a: Card, b: Card) -> bool:
    """Compatible: exactly two qualities in common (the third differs)."""
    return common(a, b) == 2


# PAIR_MASKS[i]: a 64-bit mask of the cards compatible with card i, so Solo and Memo test a pair with one shift.
PAIR_MASKS: Final[tuple[int, ...]] = tuple(sum(1 << b.index for b in DECK if is_pair(a, b)) for a in DECK)


def is_straight(cards: Sequence[Card]) -> bool:
    """Four mutually compatible cards (they are then one line of the cube)."""
    return len(cards) == 4 and all(is_pair(a, b) for a, b in combinations(cards, 2))


def _stronger(a: Card, b: Card) -> bool:
    """The Rank order section, clause by clause (qualities in priority order)."""
    higher = [q for q in range(3) if a.qualities[q] > b.qualities[q]]
    lower = [q for q in range(3) if a.qualities[q] < b.qualities[q]]
    if len(higher) >= 2:  # clause 1: higher in two (or all three) qualities
        return True
    if len(higher) == 1 and not lower:  # clause 2: higher in one, equal in the others
        return True
    if len(higher) == 1 and len(lower) == 1:  # clause 3: the higher quality must be the stronger one
        return higher[0] < lower[0]
    return False  # equal cards, or higher in one quality but lower in two (then b wins by clause 1)


# Precomputed once: the relation is consulted on every Tiko play and bot move.
_STRONGER: Final[tuple[tuple[bool, ...], ...]] = tuple(tuple(_stronger(a, b) for b in DECK) for a in DECK)
STRONGER: Final = _STRONGER  # STRONGER[a][b] for card indices a, b: `stronger` for games that keep cards as indices


def stronger(a: Card, b: Card) -> bool:
    """True when `a` beats `b` by the Rank order; exactly one of two distinct cards does."""
    return _STRONGER[a.index][b.index]


def beats_count(card: Card) -> int:
    """How many of the other 63 cards this card is stronger than (a rough strength)."""
    return sum(_STRONGER[card.index])


# -- the cube -----------------------------------------------------------------------

Line = tuple[Card, Card, Card, Card]


def _line(points: Iterable[tuple[int, int, int]]) -> Line:
    a, b, c, d = (card_at(*p) for p in points)
    return (a, b, c, d)


def _straights() -> tuple[Line, ...]:
    lines: list[Line] = []
    for axis in range(3):  # which coordinate of (shape, size, colour) varies
        for u in range(4):
            for v in range(4):
                pts = []
                for t in range(4):
                    p = [u, v]
                    p.insert(axis, t)
                    pts.append((p[0], p[1], p[2]))
                lines.append(_line(pts))
    return tuple(lines)


def _layer_diagonals() -> tuple[Line, ...]:
    lines: list[Line] = []
    for axis in range(3):  # the coordinate fixed by the layer
        for layer in range(4):
            for flip in (False, True):
                pts = []
                for t in range(4):
                    p = [t, 3 - t if flip else t]
                    p.insert(axis, layer)
                    pts.append((p[0], p[1], p[2]))
                lines.append(_line(pts))
    return tuple(lines)


def _space_diagonals() -> tuple[Line, ...]:
    lines = []
    for fy, fz in ((False, False), (False, True), (True, False), (True, True)):
        lines.append(_line((t, 3 - t if fy else t, 3 - t if fz else t) for t in range(4)))
    return tuple(lines)


STRAIGHTS: Final[tuple[Line, ...]] = _straights()  # 48 lines of four along an axis (4x4 per axis)
LAYER_DIAGONALS: Final[tuple[Line, ...]] = _layer_diagonals()  # 24: two in each of the 12 axis-aligned layers
SPACE_DIAGONALS: Final[tuple[Line, ...]] = _space_diagonals()  # 4 "Zokers": corner to opposite corner of the cube


# -- faces: what a player reads off each card (Game.card_faces, docs/observations/zoker-*.md "Cards") ------
FACE_KEYS: Final = ("kind", "colour", "dots", "size", "shape", "value", "label", "colour_hex")
COLOUR_HEX: Final[dict[str, str]] = DATA["colour_hex"]
DOWN: Final = "down"  # the text a face-down card shows in its place (Memo's table)


def _face(card: Card) -> dict[str, Any]:
    """The figure's colour (with its dots: 1 for the weakest colour, 4 for the strongest), size and shape (its
    number of corners), the code printed in the corners as the label, and its strength as the value."""
    return {"kind": "card", "colour": COLOURS[card.colour], "dots": card.colour + 1, "size": SIZES[card.size],
            "shape": int(SHAPES[card.shape]), "value": beats_count(card), "label": f"{SIZES[card.size]}{SHAPES[card.shape]}",
            "colour_hex": COLOUR_HEX[COLOURS[card.colour]]}


_FACES: Final[dict[str, dict[str, Any]]] = {card.text: _face(card) for card in DECK}


def card_faces(game: Game) -> dict[str, dict[str, Any]]:
    """The 64 cards in deck order, a fresh copy each call: the faces of Solo, Tiko and Kubo (Memo adds its
    face-down card: memo/cards.py)."""
    return {text: dict(face) for text, face in _FACES.items()}
