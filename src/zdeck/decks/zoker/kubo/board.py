"""Kubo's table: the cube standing on one of its faces, and the lines of four that score.

The cards lie on a 4x4 square of places ("columns"); cards of the next layer go on top of the
ones below. In the standard start the layers are the colours (blue at the bottom, red on top)
and the square is shape x size. The rulebook's variant starts turn the cube: the four starting
corners share one quality, and that quality's value is the bottom layer - with blue/red S1 and
S4 the layers are the sizes (S to XL), with blue/red S4 and XL4 the shapes (4 down to 1).

Cards are indices into the deck and a set of cards (the table, a hand) is a mask of them;
every table below is indexed by card, so the rules only index and mask.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

from zdeck.bits import indices
from zdeck.decks.zoker.cards import (
    COLOUR,
    DECK,
    LAYER_DIAGONALS,
    SHAPE,
    SIZE,
    SPACE_DIAGONALS,
    STRAIGHTS,
    TEXTS,
    Card,
    Line,
)
from zdeck.decks.zoker.deck import DATA

# The three kinds of structure and their points (rulebook: Goal of the game and scoring).
_POINTS: Final = DATA["kubo"]["points"]
KINDS: Final[tuple[tuple[str, int, tuple[Line, ...]], ...]] = (
    ("straight", _POINTS["straight"], STRAIGHTS),
    ("diagonal", _POINTS["diagonal"], LAYER_DIAGONALS),
    ("zoker", _POINTS["zoker"], SPACE_DIAGONALS),
)
LINES: Final[tuple[Line, ...]] = tuple(line for _, _, lines in KINDS for line in lines)  # 76, ids are positions
LINE_KIND: Final[tuple[str, ...]] = tuple(kind for kind, _, lines in KINDS for _ in lines)
LINE_POINTS: Final[tuple[int, ...]] = tuple(points for _, points, lines in KINDS for _ in lines)
LINE_CARDS: Final[tuple[tuple[int, ...], ...]] = tuple(tuple(c.index for c in line) for line in LINES)
LINE_MASKS: Final[tuple[int, ...]] = tuple(sum(1 << i for i in cards) for cards in LINE_CARDS)
LINES_THROUGH: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(k for k, line in enumerate(LINE_CARDS) if i in line) for i in range(64))
_MASKS_THROUGH: Final[tuple[tuple[tuple[int, int], ...], ...]] = tuple(
    tuple((k, LINE_MASKS[k]) for k in lines) for lines in LINES_THROUGH)  # (line id, mask) of the lines through a card
ZOKER_LINES: Final = frozenset(k for k, kind in enumerate(LINE_KIND) if kind == "zoker")
LINE_TEXTS: Final[tuple[str, ...]] = tuple("/".join(TEXTS[i] for i in cards) for cards in LINE_CARDS)


def line_text(line: int) -> str:
    return LINE_TEXTS[line]


@dataclass(frozen=True)
class Frame:
    """One way of standing the cube on the table."""

    name: str
    corners: int  # mask of the four starting cards
    layer_of: tuple[int, ...]  # per card index: 0 = bottom layer .. 3 = top layer
    column_of: tuple[int, ...]  # per card index: its place 0..15 on the square
    below: tuple[int, ...]  # per card index: the card in the same place one layer down, -1 at the bottom
    above: tuple[int, ...]  # per card index: the card in the same place one layer up, -1 at the top
    beside: tuple[tuple[int, ...], ...]  # per card index: cards in the same layer at the orthogonally adjacent places
    under: tuple[int, ...]  # per card index: mask of the cards of its place in the layers below it
    over: tuple[int, ...]  # per card index: mask of the cards of its place in the layers above it
    opening: int = 0  # mask of the cards that may be laid beside or on the corners, at the start


def _upright(name: str, corners: list[Card]) -> tuple[int, bool]:
    """The quality that runs up the cube standing on these corners: the one all four share, from their
    value - upward from the weakest value, or downward from the strongest."""
    shared = [q for q in (COLOUR, SIZE, SHAPE) if len({c.qualities[q] for c in corners}) == 1]
    if len(shared) != 1 or corners[0].qualities[shared[0]] not in (0, 3):
        raise AssertionError(f"start {name}: the corners must share one quality, at its weakest or strongest value")
    return shared[0], corners[0].qualities[shared[0]] == 3


def _frame(name: str, corner_texts: list[str]) -> Frame:
    """The frame whose bottom layer holds these four corners."""
    corners = [Card.parse(t) for t in corner_texts]
    axis, downward = _upright(name, corners)
    others = [q for q in (COLOUR, SIZE, SHAPE) if q != axis]

    def layer(c: Card) -> int:
        v = c.qualities[axis]
        return 3 - v if downward else v

    def square(c: Card) -> tuple[int, int]:
        return c.qualities[others[0]], c.qualities[others[1]]

    at: dict[tuple[int, int, int], int] = {(*square(c), layer(c)): c.index for c in DECK}
    below, above, beside, under, over = [], [], [], [], []
    for c in DECK:
        (u, v), lay = square(c), layer(c)
        below.append(at[(u, v, lay - 1)] if lay > 0 else -1)
        above.append(at[(u, v, lay + 1)] if lay < 3 else -1)
        under.append(sum(1 << at[(u, v, lower)] for lower in range(lay)))
        over.append(sum(1 << at[(u, v, upper)] for upper in range(lay + 1, 4)))
        near = [(u + du, v + dv) for du, dv in ((1, 0), (-1, 0), (0, 1), (0, -1))]
        beside.append(tuple(at[(x, y, lay)] for x, y in near if 0 <= x < 4 and 0 <= y < 4))
    frame = Frame(
        name=name,
        corners=sum(1 << c.index for c in corners),
        layer_of=tuple(layer(c) for c in DECK),
        column_of=tuple(square(c)[0] * 4 + square(c)[1] for c in DECK),
        below=tuple(below),
        above=tuple(above),
        beside=tuple(beside),
        under=tuple(under),
        over=tuple(over),
    )
    if {frame.column_of[c.index] for c in corners} != {0, 3, 12, 15}:
        raise AssertionError(f"start {name}: the corners must be the four corners of the square")
    return replace(frame, opening=layable(frame, frame.corners))


def placeable(frame: Frame, placed: int, i: int) -> bool:
    """May card `i` be laid now: never under a card, and either on the card right below it or beside a card
    of its own layer (even when the place beneath stays empty)."""
    if placed >> i & 1 or placed & frame.over[i]:
        return False
    below = frame.below[i]
    if below >= 0 and placed >> below & 1:
        return True
    return any(placed >> j & 1 for j in frame.beside[i])


def layable(frame: Frame, placed: int) -> int:
    """The mask of the cards that may be laid on this table.

    It is empty exactly when every place holds its top-layer card (end condition c): on a place holding
    cards the next layer can go on top; and an empty place always has a path of places to one holding a
    card, the first empty place on it lies next to a card and can take a card of that card's layer."""
    return sum(1 << i for i in range(64) if placeable(frame, placed, i))


FRAMES: Final[dict[str, Frame]] = {name: _frame(name, corners) for name, corners in DATA["kubo"]["starts"].items()}


def layable_after(frame: Frame, placed: int, before: int, card: int) -> int:
    """`layable` once `card` is laid (`placed` holds it), from the mask before: the card and the cards
    under it go; the card on it comes, and so do the cards of its layer beside it whose place holds
    nothing above them. Nothing else changes, so the state keeps the mask instead of trying every card."""
    after = before & ~(1 << card | frame.under[card])
    if frame.above[card] >= 0:
        after |= 1 << frame.above[card]
    for j in frame.beside[card]:
        if not placed >> j & 1 and not placed & frame.over[j]:
            after |= 1 << j
    return after


def completed(placed: int, i: int) -> list[int]:
    """The lines through card `i` whose four cards are all on the table."""
    return [k for k, mask in _MASKS_THROUGH[i] if placed & mask == mask]


def buildable(frame: Frame, placed: int) -> bool:
    """Could play have built this table from the starting corners, each card laid on the card below it or
    beside a card of its layer, never under a card?

    Laying a card never takes away another's support, it only closes the places under it; so lay, while
    one can, any card that has support and nothing of the table still to come under it: this finds an
    order whenever there is one."""
    built = frame.corners
    if placed & built != built:
        return False
    todo = placed & ~built
    progress = True
    while todo and progress:
        progress = False
        for i in indices(todo):
            if not frame.under[i] & todo and placeable(frame, built, i):
                built, todo = built | 1 << i, todo & ~(1 << i)
                progress = True
    return not todo
