"""Bit masks read as sets of small integers (card kinds, card indices): the games keep hands as masks."""

from __future__ import annotations

from types import FunctionType
from typing import Final, cast

from zdeck.compiled import i64


def indices(mask: int) -> list[int]:
    """The positions of the bits set in `mask`, lowest first.

    >>> indices(0b10110)
    [1, 2, 4]
    >>> indices(0)
    []
    """
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


# Sets of card indices below 64 (a 64-card deck). Compiled, mypyc's `int` is a C integer only below 2**62, and a
# 64-bit mask is a boxed Python integer (an allocation an operation): there a set is two 32-bit words held as
# `i64`, C arithmetic. The interpreter keeps its big integers and C-level builtins (`sorted`, `int.to_bytes`),
# cheaper for it than a loop of its own. Both give the same lists and masks (tests/kernel/test_bits.py).

# Is this module compiled (its functions are then built-in functions)? As `zdeck.rng._NATIVE`.
_NATIVE: Final = not isinstance(indices, FunctionType)
_SMALL: Final[tuple[object, ...]] = tuple(range(64))  # the integers below 64, each one boxed object to write
_BIT31: Final[i64] = 1 << 31  # bit k of a word is `_BIT31 >> (31 - k)`: mypyc writes `1 << k` as a C int, wrong past 30
# _BYTE_BITS[k][b]: the integers that byte k of a 64-bit mask holds when it is b (8k + each bit set).
_BYTE_BITS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(tuple(8 * k + bit for bit in range(8) if b >> bit & 1) for b in range(256)) for k in range(8))


# A de Bruijn sequence: for a 32-bit word's bit 2**k, the top five bits of (2**k * _DE_BRUIJN) mod 2**32 are distinct
# for each k, so they name k through a table (`ascending`): _LOWEST[n] is the k whose bit gives n, _LOWEST[32 + n]
# that k + 32 (a high word's).
_DE_BRUIJN: Final[i64] = 0x077CB531
_LOWEST: Final[tuple[object, ...]] = tuple(
    sorted(range(32), key=lambda k: ((_DE_BRUIJN << k) & 0xFFFFFFFF) >> 27)
    + sorted(range(32, 64), key=lambda k: ((_DE_BRUIJN << (k - 32)) & 0xFFFFFFFF) >> 27))


# _NTH_IN_BYTE[8 * b + j]: the (j + 1)-th lowest bit set in the byte b, alone (`nth_set_bit`).
_NTH_IN_BYTE: Final = bytes(
    [1 << k for k in range(8) if b >> k & 1][j] if j < b.bit_count() else 0 for b in range(256) for j in range(8))


def sorted_cards(piles: list[list[int]]) -> list[int]:
    """The cards of these piles, distinct integers from 0 to 63 (card indices), lowest first: the order a re-deal
    lists the unseen cards in, which does not show where they lay. Compiled, one pass sets their bits in two
    32-bit words and `ascending` reads them back (a few C operations a card, where `list.sort` compares boxed
    integers); the interpreter's `sorted` is cheaper for it than any loop of its own."""
    if not _NATIVE:
        if len(piles) == 1:
            return sorted(piles[0])
        pool = list(piles[0])
        for pile in piles[1:]:  # (a list grown by its piles and sorted: cheaper for the interpreter than `chain`)
            pool += pile
        pool.sort()
        return pool
    low, high, count = _words(piles)
    found = ascending(low, high)
    if len(found) != count:
        raise ValueError("sorted_cards: a card is listed twice")
    return found


def sorted_pile(pile: list[int]) -> list[int]:
    """`sorted_cards([pile])` without the list around it: a re-deal lists a draw pile alone so (Solo's, Memo's)."""
    if not _NATIVE:
        return sorted(pile)
    low, high = _add_words(pile, 0, 0, 0, len(pile))
    found = ascending(low, high)
    if len(found) != len(pile):
        raise ValueError("sorted_pile: a card is listed twice")
    return found


def mask_of(cards: list[int]) -> int:
    """The mask of these card indices (each from 0 to 63): bit c set for card c."""
    if not _NATIVE:
        mask = 0
        for card in cards:
            mask |= 1 << card
        return mask
    return mask_between(cards, 0, len(cards))


def mask_between(cards: list[int], start: int, stop: int) -> int:
    """`mask_of(cards[start:stop])` without the slice (a re-deal reads its hands off the drawn pool so)."""
    if not _NATIVE:
        mask = 0
        for card in cards[start:stop]:
            mask |= 1 << card
        return mask
    low, high = _add_words(cards, 0, 0, start, stop)
    return int(low) | int(high) << 32  # (one boxed integer made, not one a card)


def cards_of(mask: int) -> list[int]:
    """`indices(mask)` for a mask below 2**64 (a set of card indices): compiled through its two 32-bit words
    (`ascending`), interpreted a byte at a time (eight steps where `indices` takes one a card)."""
    if _NATIVE:
        return ascending(mask & 0xFFFFFFFF, mask >> 32)
    found: list[int] = []
    for cards, byte in zip(_BYTE_BITS, mask.to_bytes(8, "little")):
        found += cards[byte]
    return found


def card_count(mask: int) -> int:
    """`mask.bit_count()` for a mask below 2**64 (a set of card indices). Compiled, two 32-bit counts in C: mypyc
    calls `int.bit_count` as a Python method, some 300 instructions."""
    if not _NATIVE:
        return mask.bit_count()
    return int(_ones(i64(mask & 0xFFFFFFFF)) + _ones(i64(mask >> 32)))


def words_outside(mask: int) -> tuple[i64, i64]:
    """The two 32-bit words (bit k of the first is k, of the second 32 + k) of the integers from 0 to 63 not in
    `mask`: its complement, without making that 64-bit integer (compiled, a boxed one). Compiled, the mask is split
    first: its halves are C integers, and only the split works on a boxed one."""
    if not _NATIVE:
        return ~mask & 0xFFFFFFFF, ~(mask >> 32) & 0xFFFFFFFF
    low: i64 = mask & 0xFFFFFFFF
    high: i64 = mask >> 32
    return ~low & 0xFFFFFFFF, ~high & 0xFFFFFFFF


def count_of(values: list[int], value: int) -> int:
    """`values.count(value)`. Compiled, a typed loop (C comparisons of tagged integers): mypyc's `list.count`
    compares boxed objects through `PyObject_RichCompare`, some 40 instructions an item; the interpreter's own
    `count` is cheaper for it than any loop."""
    if not _NATIVE:
        return values.count(value)
    found = 0
    for v in values:
        if v == value:
            found += 1
    return found


def cut(items: list[int], size: int) -> None:
    """`del items[size:]`. Compiled, a slice's deletion goes through Python's generic protocols (a slice object,
    ~500 instructions); the few items a re-deal drops are popped one by one instead, a native call each (Zoop's
    re-deal cuts its pool so). The interpreter's slice deletion is one C call."""
    if not _NATIVE:
        del items[size:]
        return
    while len(items) > size:
        items.pop()


def spread_counts(found: list[int], at: i64, word: i64, first: i64, width: i64) -> i64:
    """Write out a word of counts, `width` bits for each kind from `first` on (the lowest bits counting
    `first`), as that many copies of each kind into `found` from `at`, lowest kind first; where it stops.
    Compiled re-deals list their unseen cards so (ZAR's, Zoop's) rather than sorting boxed integers. (Each kind
    is boxed once, not once a copy: `_SMALL`.)

    A kind's first and last copies are written whatever its count, at places found by arithmetic: a loop of
    `copies` steps, or a test of `copies`, has a jump a CPU guesses wrong for about a kind in two when kinds are
    unseen once or twice (ZAR's, Zoop's). A kind none of is counted writes its item at `at`, which a higher kind of
    the word, counted since the word is not spent, writes over. Only copies between the first and the last (a
    third one on) take a loop."""
    items = cast(list[object], found)
    kind = first
    each: i64 = (i64(1) << width) - 1
    while word:
        copies = word & each
        if at + copies > len(found):
            raise RuntimeError(f"spread_counts: more than {len(found)} cards counted")
        boxed = _SMALL[kind] if kind < 64 else int(kind)
        last = at + copies - 1 - ((copies - 1) >> 63)  # at + copies - 1, or `at` for none
        items[at] = boxed
        items[last] = boxed
        i = at + 1
        while i < last:  # (not `for _ in range(...)`: mypyc makes a range object of an i64)
            items[i] = boxed
            i += 1
        at += copies
        word >>= width
        kind += 1
    return at


def hidden_cards(hands: list[list[int]], seat: int, pile: list[int]) -> list[int]:
    """The cards of `pile` and of every hand but `seat`'s (distinct card indices from 0 to 63), lowest first:
    `sorted_cards` of those piles without the lists that would gather them (a re-deal lists what a seat cannot
    see so; compiled, each such list is an allocation and a free, some 150 instructions)."""
    if not _NATIVE:
        pool = list(pile)
        for q, hand in enumerate(hands):
            if q != seat:
                pool += hand
        pool.sort()
        return pool
    low, high = _add_words(pile, 0, 0, 0, len(pile))
    count = len(pile)
    for q, hand in enumerate(hands):
        if q != seat:
            low, high = _add_words(hand, low, high, 0, len(hand))
            count += len(hand)
    found = ascending(low, high)
    if len(found) != count:
        raise ValueError("hidden_cards: a card is listed twice")
    return found


def _words(piles: list[list[int]]) -> tuple[i64, i64, int]:
    """The cards of these piles as two 32-bit words (card c is bit c of the low word, c - 32 of the high one),
    and how many cards were listed."""
    low: i64 = 0
    high: i64 = 0
    count = 0
    for pile in piles:
        count += len(pile)
        low, high = _add_words(pile, low, high, 0, len(pile))
    return low, high, count


def _add_words(cards: list[int], low: i64, high: i64, start: i64, stop: i64) -> tuple[i64, i64]:
    """The two 32-bit words `low`, `high` (card c is bit c of the low word, c - 32 of the high one) with the bits
    of `cards[start:stop]` set too (no slice made). Each card is read as an `i64` (C arithmetic from there on) and
    its word chosen by a sign mask, not a branch a CPU guesses wrong for a card in two of a shuffled pile: less than
    half the time of a loop on tagged integers that branched."""
    for i in range(start, stop):
        card: i64 = cards[i]
        if card < 0 or card > 63:
            raise ValueError(f"{card} is not a card index from 0 to 63")
        in_high = (31 - card) >> 63  # -1 (every bit set) for a card of the high word, else 0
        bit = _BIT31 >> ((31 - card) & 31)
        low |= bit & ~in_high
        high |= bit & in_high
    return low, high


def ascending(low: i64, high: i64) -> list[int]:
    """The integers of a set below 64 held as two 32-bit words (bit k of `low` is k, of `high` 32 + k), lowest
    first: `indices(low | high << 32)` without a 64-bit integer, which mypyc would box. (The list is made at its
    size: appending would grow it some ten times.) Compiled, each step takes the lowest bit set and names it by
    its de Bruijn number (`_LOWEST`): a step a card, and no branch on whether a bit is set, which a CPU guesses
    wrong for about every other bit of a random set. The interpreter reads the mask a byte at a time
    (`cards_of`)."""
    if not _NATIVE:
        return cards_of(int(low) | int(high) << 32)
    found = [0] * int(_ones(low) + _ones(high))
    items = cast(list[object], found)  # (each card written as the boxed integer `_LOWEST` holds)
    i: i64 = 0
    while low:
        bit = low & -low
        items[i] = _LOWEST[((bit * _DE_BRUIJN) & 0xFFFFFFFF) >> 27]
        low ^= bit
        i += 1
    while high:
        bit = high & -high
        items[i] = _LOWEST[32 + (((bit * _DE_BRUIJN) & 0xFFFFFFFF) >> 27)]
        high ^= bit
        i += 1
    return found


def nth_set_bit(word: i64, j: i64) -> i64:
    """The (j + 1)-th lowest bit set in a word below 2**63, alone; j must be below the word's count. A re-deal picks
    its cards so (the j-th lowest card left, j drawn: Zip Zap's). The half that holds it is chosen by a sign mask,
    then `nth_set_bit32`: no loop and no branch on the bits."""
    low = word & 0xFFFFFFFF
    count = _ones(low)
    past_low = (count - 1 - j) >> 63  # -1 (every bit set) where the bit lies past the low half, else 0
    half = (low & ~past_low) | ((word >> 32) & past_low)
    return nth_set_bit32(half, j - (count & past_low)) << (32 & past_low)


def nth_set_bit32(word: i64, j: i64) -> i64:
    """`nth_set_bit` for a word below 2**32 (Kubo's re-deal, through `Rng.deal_hands`, picks its cards so). The
    bytes' counts are added up byte by byte (one multiplication), the bytes whose running count is at most j found
    by one subtraction in each byte at once (their top bits), then the bit within its byte read off a table. (A
    loop clearing the j lower bits takes j steps and a jump the CPU guesses wrong at its end: Kubo's re-deal took 7%
    longer so.)"""
    counts = word - ((word >> 1) & 0x55555555)
    counts = (counts & 0x33333333) + ((counts >> 2) & 0x33333333)
    counts = (counts + (counts >> 4)) & 0x0F0F0F0F  # each byte: its own count
    running = (counts * 0x01010101) & 0xFFFFFFFF  # each byte: its count and the lower bytes'
    below = ((j * 0x01010101 | 0x80808080) - running) & 0x80808080  # top bit set in the bytes wholly below the bit
    shift = (((below >> 7) * 0x01010101) >> 21) & 0x38  # 8 times the number of such bytes: where its byte starts
    before = ((running << 8) >> shift) & 0xFF  # the bits set in the bytes below it
    return i64(_NTH_IN_BYTE[(((word >> shift) & 0xFF) << 3) + j - before]) << shift


def _ones(word: i64) -> i64:
    """The bits set in a 32-bit word (counted in parallel: pairs, nibbles, bytes)."""
    word -= (word >> 1) & 0x55555555
    word = (word & 0x33333333) + ((word >> 2) & 0x33333333)
    word = (word + (word >> 4)) & 0x0F0F0F0F
    return ((word * 0x01010101) >> 24) & 0xFF
