"""Zoker Memo's pair rules, as bit masks over card indices (shared by the state and the bots).

A pair is two cards with exactly two qualities in common (the rulebook's rule),
or, in the easier variant, two cards sharing at least one quality.
"""

from __future__ import annotations

from typing import Final

from zdeck.decks.zoker.cards import DECK, PAIR_MASKS, common

EMPTY: Final = -1  # a place whose card has been taken

_MATES: Final[dict[str, tuple[int, ...]]] = {
    "two": PAIR_MASKS,
    "one": tuple(sum(1 << b.index for b in DECK if b != a and common(a, b) >= 1) for a in DECK),
}


def mates(rule: str) -> tuple[int, ...]:
    """mates(rule)[card] is the bit mask of the cards that form a pair with `card` under `rule`."""
    return _MATES[rule]


def matches(a: int, b: int, rule: str) -> bool:
    return bool(_MATES[rule][a] >> b & 1)


def has_pair(cards: list[int], rule: str) -> bool:
    """Is there any pair among these cards (EMPTY entries ignored)?"""
    table = _MATES[rule]
    mask = 0
    for card in cards:
        if card == EMPTY:
            continue
        if table[card] & mask:
            return True
        mask |= 1 << card
    return False
