"""Zoker Memo's pair rules, as bit masks over card indices (shared by the state and the bots).

A pair is two cards with exactly two qualities in common (the rulebook's rule),
or, in the easier variant, two cards sharing at least one quality.
"""

from __future__ import annotations

from typing import Final

from zdeck.bits import _BIT31, _NATIVE
from zdeck.compiled import i64
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


# Each rule's mates as two 32-bit words a card, for `has_pair` compiled: there a 64-bit mask is a boxed integer,
# an allocation an operation.
_MATE_WORDS: Final[dict[str, tuple[tuple[int, ...], tuple[int, ...]]]] = {
    rule: (tuple(m & 0xFFFFFFFF for m in masks), tuple(m >> 32 for m in masks)) for rule, masks in _MATES.items()}


def has_pair(cards: list[int], rule: str) -> bool:
    """Is there any pair among these cards (EMPTY entries ignored)? Compiled, the cards seen so far are two
    32-bit words (`bits._add_words`' way); the interpreter's big integers are cheaper for it."""
    if not _NATIVE:
        table = _MATES[rule]
        mask = 0
        for card in cards:
            if card == EMPTY:
                continue
            if table[card] & mask:
                return True
            mask |= 1 << card
        return False
    low_mates, high_mates = _MATE_WORDS[rule]
    low: i64 = 0
    high: i64 = 0
    for card in cards:
        if card == EMPTY:
            continue
        if low_mates[card] & low or high_mates[card] & high:
            return True
        c: i64 = card
        in_high = (31 - c) >> 63  # -1 for a card of the high word, else 0
        bit = _BIT31 >> ((31 - c) & 31)
        low |= bit & ~in_high
        high |= bit & in_high
    return False
