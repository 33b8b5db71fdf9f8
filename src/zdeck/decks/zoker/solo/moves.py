"""What may move where in Zoker Solo, over plain ints: shared by the state and the solver bot.

A card is its `Card.index` (0..63), EMPTY (64) an empty place. The layout is
twelve upper places (rows 1-3, four each, reading order) and four piles in the
last row (the top of a pile is its "cover card"; an empty pile is an empty
place). Keeping these rules as functions of (upper, covers) - lists, the
state's or the bot's - lets the search ask exactly the same questions as the
engine: legality is written once.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import Final

from zdeck.decks.zoker.cards import DECK, PAIR_MASKS
from zdeck.decks.zoker.solo.actions import PILES, UPPER

DEAL_SIZE: Final = 4  # cards dealt at once, and the free room in the upper rows a deal needs
EMPTY: Final = 64  # an empty place: one past the last card, so that tables by card end with its entry
FULL_DRAW_PILE: Final = len(DECK) - UPPER - PILES  # 48: the cards left after the 4x4 square is laid out

COMPAT: Final = PAIR_MASKS  # COMPAT[i]: the cards compatible with card i (exactly two qualities in common)


def covers_of(piles: Sequence[Sequence[int]]) -> list[int]:
    """The last row's cover cards: each pile's top card, EMPTY for an empty place."""
    return [p[-1] if p else EMPTY for p in piles]


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


def _taken(pile: int, cover: int) -> tuple[int, ...]:
    """By card (EMPTY last): `1 << pile` where the place `pile` with this cover takes the card, else 0."""
    return tuple(1 << pile if card != EMPTY and (cover == EMPTY or COMPAT[cover] >> card & 1) else 0
                 for card in range(EMPTY + 1))


# What each last-row place takes, by its cover card (EMPTY last) and then by card: the compatible cards, any
# card into an empty place, never EMPTY (the card that is not there). A card's places, as a 4-bit mask, are
# `TAKES[0][cover0][card] | ... | TAKES[3][cover3][card]`: the engine lists the moves after every change with
# four table rows and a few look-ups per place, plain typed code that the compiled build runs as C.
TAKES: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(_taken(pile, cover) for cover in range(EMPTY + 1)) for pile in range(PILES)
)


def pile_moves(covers: Sequence[int]) -> list[tuple[int, int]]:
    """(from pile, onto pile) for every pile whose cover is compatible with another pile's cover
    (a pile never moves into an empty place)."""
    return [(src, dst) for src, cover in enumerate(covers) if cover != EMPTY
            for dst, other in enumerate(covers) if other != EMPTY and COMPAT[cover] >> other & 1]
