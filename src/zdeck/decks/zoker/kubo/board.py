"""Kubo's table geometry: the cube seen from one of its faces.

The cards lie on a 4x4 square of places ("columns"); cards of the next layer go on
top of the ones below. In the standard start the layers are the colours (blue at
the bottom, red on top) and the square is shape x size. The rulebook's variant
starts turn the cube: with blue/red S1 and S4 in the corners the bottom face is
the S layer (layers are sizes, S to XL); with blue/red S4 and XL4 it is the shape-4
layer (layers are shapes, 4 down to 1). All other rules stay the same.

Everything is precomputed per start so the hot path only indexes lists.
"""

from __future__ import annotations

from dataclasses import dataclass

from zdeck.decks.zoker.cards import COLOUR, DECK, LAYER_DIAGONALS, SHAPE, SIZE, SPACE_DIAGONALS, STRAIGHTS, Card

# The three kinds of structure and their points (rulebook: Goal of the game and scoring).
KINDS: tuple[tuple[str, int, tuple[tuple[Card, ...], ...]], ...] = (
    ("straight", 1, STRAIGHTS),
    ("diagonal", 2, LAYER_DIAGONALS),
    ("zoker", 12, SPACE_DIAGONALS),
)
LINES: tuple[tuple[Card, ...], ...] = tuple(line for _, _, lines in KINDS for line in lines)  # 76, ids are positions
LINE_KIND: tuple[str, ...] = tuple(kind for kind, _, lines in KINDS for _ in lines)
LINE_POINTS: tuple[int, ...] = tuple(points for _, points, lines in KINDS for _ in lines)
LINE_CARDS: tuple[tuple[int, ...], ...] = tuple(tuple(c.index for c in line) for line in LINES)
LINES_THROUGH: tuple[tuple[int, ...], ...] = tuple(
    tuple(k for k, line in enumerate(LINE_CARDS) if i in line) for i in range(64))
ZOKER_LINES = frozenset(k for k, kind in enumerate(LINE_KIND) if kind == "zoker")


def line_text(line: int) -> str:
    return "/".join(str(c) for c in LINES[line])


@dataclass(frozen=True)
class Frame:
    """One way of standing the cube on the table."""

    name: str
    corners: tuple[Card, ...]
    layer_of: tuple[int, ...]  # per card index: 0 = bottom layer .. 3 = top layer
    column_of: tuple[int, ...]  # per card index: its place 0..15 on the square
    below: tuple[int, ...]  # per card index: the card in the same place one layer down, -1 at the bottom
    beside: tuple[tuple[int, ...], ...]  # per card index: cards in the same layer at the orthogonally adjacent places


def _frame(name: str, axis: int, downward: bool, corners: tuple[str, ...]) -> Frame:
    others = [q for q in (COLOUR, SIZE, SHAPE) if q != axis]

    def layer(c: Card) -> int:
        v = c.qualities[axis]
        return 3 - v if downward else v

    def square(c: Card) -> tuple[int, int]:
        return c.qualities[others[0]], c.qualities[others[1]]

    at: dict[tuple[int, int, int], int] = {(*square(c), layer(c)): c.index for c in DECK}
    below, beside = [], []
    for c in DECK:
        (u, v), lay = square(c), layer(c)
        below.append(at[(u, v, lay - 1)] if lay > 0 else -1)
        near = [(u + du, v + dv) for du, dv in ((1, 0), (-1, 0), (0, 1), (0, -1))]
        beside.append(tuple(at[(x, y, lay)] for x, y in near if 0 <= x < 4 and 0 <= y < 4))
    frame = Frame(
        name=name,
        corners=tuple(Card.parse(t) for t in corners),
        layer_of=tuple(layer(c) for c in DECK),
        column_of=tuple(square(c)[0] * 4 + square(c)[1] for c in DECK),
        below=tuple(below),
        beside=tuple(beside),
    )
    places = {frame.column_of[c.index] for c in frame.corners}
    if any(frame.layer_of[c.index] != 0 for c in frame.corners) or len(places) != 4:
        raise AssertionError(f"start {name}: the corners must be four places of the bottom layer")
    return frame


FRAMES: dict[str, Frame] = {
    "blue-corners": _frame("blue-corners", COLOUR, False, ("blue S1", "blue S4", "blue XL1", "blue XL4")),
    "blue-red-S": _frame("blue-red-S", SIZE, False, ("blue S1", "blue S4", "red S1", "red S4")),
    "blue-red-4": _frame("blue-red-4", SHAPE, True, ("blue S4", "blue XL4", "red S4", "red XL4")),
}


def column_tops(frame: Frame, placed: list[bool]) -> list[int]:
    """For each place of the square, the highest layer holding a card (-1: empty)."""
    top = [-1] * 16
    for i, here in enumerate(placed):
        if here:
            col, lay = frame.column_of[i], frame.layer_of[i]
            top[col] = max(top[col], lay)
    return top


def placeable(frame: Frame, placed: list[bool], top: list[int], i: int) -> bool:
    """May card `i` be laid now: never under a card, and either on the card right below it or beside a card
    of its own layer (even when the place beneath stays empty)."""
    if placed[i] or top[frame.column_of[i]] > frame.layer_of[i]:
        return False
    below = frame.below[i]
    if below >= 0 and placed[below]:
        return True
    return any(placed[j] for j in frame.beside[i])


def completed(placed: list[bool], i: int) -> list[int]:
    """The lines that laying card `i` completes (all four cards now on the table)."""
    return [k for k in LINES_THROUGH[i] if all(placed[j] for j in LINE_CARDS[k])]


def any_open(top: list[int]) -> bool:
    """Is there still a place where some card could go?

    Exactly when some place lacks its top-layer card: on a place holding cards the next layer can go on
    top; and an empty place always has a path of places to one holding a card, the first empty place on
    it lies next to a card and can take a card of that card's layer (nothing lies above it). A test checks
    this against trying every card."""
    return any(t < 3 for t in top)
