"""The draw of Zip Zap's re-deal (`ZipZapState._resample_hidden`): parts of a set of cards dealt at random from its
bitmask straight into bitmasks, no card listed (compiled).

A Zip Zap hand is a mask below 2**51 (50 numbered cards and the Zap): one machine word compiled, where a list of
card indices costs ~60 instructions a card to write and ~20 to read back - and the re-deal used to list the hidden
cards, draw them to the top of that list and read each hand's mask back off it, three passes a card.
"""

from __future__ import annotations

from typing import Final

from zdeck.bits import _NATIVE, card_count
from zdeck.compiled import i64
from zdeck.decks.zipzap.cards import ZAP, indices
from zdeck.rng import _M32, Rng, _batch, _mul_halves, _wrapped

_MASK: Final = (1 << 64) - 1
_BIT: Final = tuple(1 << card for card in range(ZAP + 1))  # (the interpreter's `1 << card` makes a new integer)


def deal(rng: Rng, cards: int, sizes: list[int]) -> list[int]:
    """Parts of these sizes dealt uniformly at random from the cards of the mask `cards` (card c is bit c, up to the
    Zap's), each part a mask, in the order of `sizes`; the cards left over are in none.

    For n cards, choice k (the first part's cards first) is the j-th lowest of the cards left, j uniform below
    n - k: `Rng.sample_to_top`'s batched digits (the multiply-and-carry digits of one generator output for a dozen
    ranges, an output drawn again when its last low word falls below 2**64 mod their product: exactly uniform),
    with the same ranges and the same outputs in both builds, so the same deal. Compiled, the j-th lowest card is
    found by clearing the j lower bits of a copy of the word; the interpreter lists the cards once and pops the
    j-th (a C `list.pop`)."""
    left = card_count(cards)
    dealt = 0
    for size in sizes:
        if size < 0:
            raise ValueError(f"deal: a part of {size} cards")
        dealt += size
    if dealt > left:
        raise ValueError(f"deal: cannot deal {dealt} of {left} cards")
    # The digits' positions, as `sample_to_top` numbers its steps (position p draws in the range p + 1); the last
    # card left, at position 0, needs no draw: `sample_to_top` stops above it.
    top, stop = left - 1, left - 1 - dealt if dealt < left else 0
    if not _NATIVE:
        return _deal_listed(rng, indices(cards), sizes, top, stop, 0 < dealt == left)
    parts: list[int] = []
    rest: i64 = cards
    h: i64 = 0
    lo: i64 = 0
    p: i64 = top  # the next digit's position: its range is p + 1
    drawn: i64 = top  # the positions above it have their digits in (h, lo)
    for size in sizes:
        found: i64 = 0
        owed: i64 = size
        while owed:
            word = rest
            if p:
                if p == drawn:  # the output's digits are spent: the next output serves the next dozen positions
                    steps = min(63 // int(p + 1).bit_length(), int(p) - stop)  # their ranges' product stays < 2**63
                    h, lo = _output_for(rng, p, steps)
                    drawn = p - steps
                low = lo * (p + 1)
                high = h * (p + 1) + (low >> 32)
                h, lo = high & _M32, low & _M32
                j = high >> 32  # this digit: the j-th lowest card left is chosen
                while j:
                    word &= word - 1
                    j -= 1
            bit = word & -word
            rest ^= bit
            found |= bit
            p -= 1
            owed -= 1
        parts.append(int(found))
    return parts


def _output_for(rng: Rng, top: i64, steps: i64) -> tuple[i64, i64]:
    """Compiled: the generator output (its 32-bit halves) whose digits serve the ranges top + 1, top, ... of `steps`
    steps, drawn again while its last low word, output * product mod 2**64, falls below 2**64 mod their product
    (`sample_to_top`'s draw and exact check)."""
    product: i64 = 1
    p = top + 1 - steps
    while p <= top:
        p += 1
        product *= p
    ph, pl = product >> 32, product & _M32
    while True:
        h, lo = rng._output()
        last_h, last_lo = _mul_halves(h, lo, ph, pl)
        if last_h > ph or (last_h == ph and last_lo >= pl) or last_h * 0x100000000 + last_lo >= _wrapped(product):
            return h, lo


def _deal_listed(rng: Rng, pool: list[int], sizes: list[int], top: int, stop: int, every: bool) -> list[int]:
    """`deal` as the interpreter makes it: the cards listed once, lowest first, the digits read off one division at
    a time as `sample_to_top`'s interpreted path reads them (the same digits: those of floor(output * product /
    2**64) in their mixed radix), and the j-th card popped off the list for each. Each part is then the sum of its
    cards' bits (distinct bits: their sum is their union, and `sum` is one C call for the interpreter)."""
    chosen: list[int] = []  # the chosen cards' bits, in the order drawn
    while top > stop:
        steps = min(63 // (top + 1).bit_length(), top - stop)
        product, places = _batch(top, steps)
        while True:
            word = rng.next_u64() * product
            last = word & _MASK  # the low word the digits leave
            if last >= product or last >= _wrapped(product):
                break
        word >>= 64
        for _, place in places:
            j, word = divmod(word, place)
            chosen.append(_BIT[pool.pop(j)])
        top -= steps
    if every:  # every card dealt: the last one left is taken without a draw
        chosen.append(_BIT[pool[0]])
    parts = []
    at = 0
    for size in sizes:
        parts.append(sum(chosen[at:at + size]))
        at += size
    return parts
