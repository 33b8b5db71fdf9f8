"""What may move where in Zoker Solo, over plain ints: shared by the state and the solver bot.

A card is its `Card.index` (0..63), EMPTY (64) an empty place. The layout is
twelve upper places (rows 1-3, four each, reading order) and four piles in the
last row (the top of a pile is its "cover card"; an empty pile is an empty
place). Keeping these rules as functions of (upper, covers) - lists, or the
state's bytearrays - lets the bot's search ask exactly the same questions as the
engine: legality is written once.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence

from zdeck.decks.zoker.cards import DECK, PAIR_MASKS
from zdeck.decks.zoker.solo.actions import PILES, UPPER

DEAL_SIZE = 4  # cards dealt at once, and the free room in the upper rows a deal needs
EMPTY = 64  # an empty place: one past the last card, so that tables by card end with its entry
FULL_DRAW_PILE = len(DECK) - UPPER - PILES  # 48: the cards left after the 4x4 square is laid out

COMPAT = PAIR_MASKS  # COMPAT[i]: the cards compatible with card i (exactly two qualities in common)


def covers_of(piles: Sequence[Sequence[int]]) -> bytearray:
    """The last row's cover cards: each pile's top card, EMPTY for an empty place."""
    return bytearray(p[-1] if p else EMPTY for p in piles)


def free_places(upper: Sequence[int]) -> int:
    return upper.count(EMPTY)


def may_deal(upper: Sequence[int], deck_left: int) -> bool:
    """Four new cards may be dealt once the upper rows have room for four and the deck is not empty."""
    return deck_left > 0 and upper.count(EMPTY) >= DEAL_SIZE


def deal(upper: MutableSequence[int], deck: list[int]) -> None:
    """Four cards from the top of `deck` into the empty upper places, in reading order (places are all alike)."""
    dealt = 0
    for slot in range(UPPER):
        if dealt == DEAL_SIZE or not deck:
            break
        if upper[slot] == EMPTY:
            upper[slot] = deck.pop()
            dealt += 1


def _spread(mask: int) -> int:
    """A card mask spread out to one byte per card: byte c is 1 when card c is in the mask."""
    return int.from_bytes(bytes(mask >> card & 1 for card in range(EMPTY)), "little")


# What a last-row place takes, by its cover card (EMPTY last), spread to a byte per card: the compatible
# cards, or any card for an empty place. No place takes EMPTY, the card that is not there.
_TAKES: tuple[int, ...] = tuple(_spread(mask) for mask in (*COMPAT, (1 << EMPTY) - 1))


def piles_taking(covers: Sequence[int]) -> bytes:
    """Which piles of the last row take each card: byte `card` has bit p set when pile p takes it
    (byte EMPTY is 0). A translation table, 256 bytes: `upper.translate(taking)` reads every place's.

    Each cover's cards are kept spread to a byte per card, so the piles' masks, shifted by the pile's
    number and joined, give every card's piles in a few integer operations instead of a test per card
    and pile: the engine lists the moves after every change (and so the four places are written out)."""
    first, second, third, fourth = covers
    joined = _TAKES[first] | _TAKES[second] << 1 | _TAKES[third] << 2 | _TAKES[fourth] << 3
    return joined.to_bytes(256, "little")


def empty_places(covers: Sequence[int]) -> int:
    """The mask of the last row's empty places (bit p: pile p is empty)."""
    return sum(1 << pile for pile, cover in enumerate(covers) if cover == EMPTY)


def pile_moves(covers: Sequence[int]) -> list[tuple[int, int]]:
    """(from pile, onto pile) for every pile whose cover is compatible with another pile's cover
    (a pile never moves into an empty place)."""
    return [(src, dst) for src, cover in enumerate(covers) if cover != EMPTY
            for dst, other in enumerate(covers) if other != EMPTY and COMPAT[cover] >> other & 1]
