"""What may move where in Zoker Solo, over plain ints: shared by the state and the solver bot.

A card is its `Card.index` (0..63). The layout is twelve upper places (rows 1-3,
four each, reading order; EMPTY = an empty place) and four piles in the last row
(the top of a pile is its "cover card"; an empty pile is an empty place). Keeping
these rules as functions of (upper, covers) lets the bot's search ask exactly the
same questions as the engine: legality is written once.
"""

from __future__ import annotations

from zdeck.decks.zoker.cards import PAIR_MASKS
from zdeck.decks.zoker.solo.actions import UPPER

DEAL_SIZE = 4  # cards dealt at once, and the free room in the upper rows a deal needs
EMPTY = -1

COMPAT = PAIR_MASKS  # COMPAT[i]: the cards compatible with card i (exactly two qualities in common)


def compatible(a: int, b: int) -> bool:
    return bool(COMPAT[a] >> b & 1)


def accepts(cover: int, card: int) -> bool:
    """May `card` go onto a last-row place whose cover is `cover` (EMPTY: an empty place takes any card)?"""
    return cover == EMPTY or bool(COMPAT[cover] >> card & 1)


def free_places(upper: list[int]) -> int:
    return upper.count(EMPTY)


def may_deal(upper: list[int], deck_left: int) -> bool:
    """Four new cards may be dealt once the upper rows have room for four and the deck is not empty."""
    return deck_left > 0 and upper.count(EMPTY) >= DEAL_SIZE


def deal(upper: list[int], deck: list[int]) -> None:
    """Four cards from the top of `deck` into the empty upper places, in reading order (places are all alike)."""
    dealt = 0
    for slot in range(UPPER):
        if dealt == DEAL_SIZE or not deck:
            break
        if upper[slot] == EMPTY:
            upper[slot] = deck.pop()
            dealt += 1


def card_moves(upper: list[int], covers: list[int]) -> list[tuple[int, int]]:
    """(upper place, pile) for every card that may move to the last row."""
    moves = []
    for slot, card in enumerate(upper):
        if card == EMPTY:
            continue
        mask = COMPAT[card]
        for pile, cover in enumerate(covers):
            if cover == EMPTY or mask >> cover & 1:
                moves.append((slot, pile))
    return moves


def pile_moves(covers: list[int]) -> list[tuple[int, int]]:
    """(from pile, onto pile) for every pile whose cover is compatible with another pile's cover."""
    moves = []
    for src, a in enumerate(covers):
        if a == EMPTY:
            continue
        mask = COMPAT[a]
        for dst, b in enumerate(covers):
            if dst != src and b != EMPTY and mask >> b & 1:
                moves.append((src, dst))
    return moves


def any_move(upper: list[int], covers: list[int], deck_left: int) -> bool:
    """Is any move left (the game ends when there is none)? Cheaper than listing them."""
    if may_deal(upper, deck_left):
        return True
    if EMPTY in covers and any(c != EMPTY for c in upper):
        return True
    reach = 0
    for cover in covers:
        if cover != EMPTY:
            reach |= COMPAT[cover]
    if any(c != EMPTY and reach >> c & 1 for c in upper):
        return True
    return any(cover != EMPTY and reach >> cover & 1 for cover in covers)
