"""The draw of Zip Zap's re-deal (`ZipZapState._resample_hidden`): the hidden cards dealt at random from their
bitmask straight into the hands' bitmasks, no hand's card listed (compiled).

A Zip Zap hand is a mask below 2**51 (50 numbered cards and the Zap): one machine word compiled, where a list of
card indices costs ~60 instructions a card to write and ~20 to read back - and the re-deal used to list the hidden
cards, draw them to the top of that list and read each hand's mask back off it, three passes a card. Here each
card is drawn off the word of the cards left and set in its hand's word.
"""

from __future__ import annotations

from typing import Final

from zdeck.bits import _NATIVE, card_count, nth_set_bit
from zdeck.compiled import i64
from zdeck.decks.zipzap.cards import ZAP, ZAP_BIT, indices
from zdeck.rng import _M32, Rng, _batch

_BIT: Final = tuple(1 << card for card in range(ZAP + 1))  # (the interpreter's `1 << card` makes a new integer)


def deal_hidden(rng: Rng, hidden: int, hands: list[int], player: int, deck_size: int, held: tuple[int, int]) -> int:
    """Deal the cards of the mask `hidden` (the other seats' and the deck's) at random among the deals that fit what
    the table showed: `hands` (a copy, written here) gets each other seat's hand anew, as many cards as it holds and
    its Zap kept, the seats after `player` in turn and the one before it the cards left; the deck's `deck_size`
    cards are the mask returned (`hidden` must be those hands' cards and the deck's: a mismatch is a ValueError). A
    deal whose deck holds every card of a mask of `held` (masks of which some card is known to be in a hand; 0 for
    none) is drawn again, whole.

    Each card is the j-th lowest of those left, j uniform below their number: `Rng.sample_to_top`'s batched digits
    (the multiply-and-carry digits of one generator output for a dozen ranges, an output drawn again when its last
    low word falls below 2**64 mod their product: exactly uniform), with the same ranges and outputs in both
    builds, so the same deal (`Rng._batch_output`, `Rng._digits_number`: rng's own, as `Rng.deal_hands` uses them).
    Compiled, the j-th lowest card is the word's j-th bit set (`bits.nth_set_bit`); the interpreter lists the cards
    once and pops the j-th (a C `list.pop`)."""
    if not _NATIVE:
        return _deal_listed(rng, hidden, hands, player, deck_size, held)
    n = len(hands)
    left = card_count(hidden)
    last = (player - 1) % n
    dealt = left - card_count(hands[last] & ~ZAP_BIT)  # the cards drawn: the hands' but the last one's, the deck's
    if not 0 <= deck_size <= dealt:
        raise ValueError(f"deal_hidden: a deck of {deck_size} cards, with {dealt} to deal")
    # The digits' positions, as `sample_to_top` numbers its steps (position p draws in the range p + 1); the last
    # card left, at position 0, needs no draw: `sample_to_top` stops above it.
    top, stop = left - 1, left - 1 - dealt if dealt < left else 0
    while True:  # until the deck fits: the true deal does, so a try fits with odds of 1 in C(left, 2) or better
        rest: i64 = hidden
        h: i64 = 0
        lo: i64 = 0
        p: i64 = top  # the next digit's position: its range is p + 1
        drawn: i64 = top  # the positions above it have their digits in (h, lo)
        found: i64 = 0
        for k in range(1, n):  # the hands of the seats after `player`, the last one's apart, then the deck
            q = (player + k) % n
            owed: i64 = card_count(hands[q] & ~ZAP_BIT) if k < n - 1 else deck_size
            found = 0
            while owed:
                bit = rest & -rest  # the lowest card left: the last position needs no digit
                if p:
                    if p == drawn:  # the output's digits are spent: the next output serves the next dozen positions
                        steps = min(63 // int(p + 1).bit_length(), int(p) - stop)  # their product stays < 2**63
                        h, lo = rng._batch_output(p, steps)
                        drawn = p - steps
                    low = lo * (p + 1)
                    high = h * (p + 1) + (low >> 32)
                    h, lo = high & _M32, low & _M32
                    bit = nth_set_bit(rest, high >> 32)  # this digit: the j-th lowest card left is chosen
                rest ^= bit
                found |= bit
                p -= 1
                owed -= 1
            if k < n - 1:
                hands[q] = int(found) | hands[q] & ZAP_BIT
        if p != top - dealt:
            raise ValueError("deal_hidden: the hands and the deck do not hold the hidden cards")
        if _fits(held, int(found)):
            hands[last] = int(rest) | hands[last] & ZAP_BIT
            return int(found)


def _fits(held: tuple[int, int], deck: int) -> bool:
    """Has a hand, not the deck, some card of each mask of `held` (0: nothing asked)?"""
    racing, first = held
    return (not racing or bool(racing & ~deck)) and (not first or bool(first & ~deck))


def _deal_listed(rng: Rng, hidden: int, hands: list[int], player: int, deck_size: int, held: tuple[int, int]) -> int:
    """`deal_hidden` as the interpreter makes it (its own counts: `card_count` would be a call more): the cards
    listed, lowest first, the digits read off one division at a time as `sample_to_top`'s interpreted path reads
    them (`Rng._digits_number`: the same digits, those of floor(output * product / 2**64) in their mixed radix),
    and the j-th card popped off the list for each. A hand is then the sum of its cards' bits (distinct bits: their
    sum is their union, and `sum` is one C call for the interpreter)."""
    n = len(hands)
    last = (player - 1) % n
    dealt = hidden.bit_count() - (hands[last] & ~ZAP_BIT).bit_count()
    if not 0 <= deck_size <= dealt:
        raise ValueError(f"deal_hidden: a deck of {deck_size} cards, with {dealt} to deal")
    while True:
        pool = indices(hidden)
        chosen: list[int] = []  # the chosen cards' bits, in the order drawn
        top = len(pool) - 1
        stop = top - dealt if dealt < len(pool) else 0
        while top > stop:
            steps = min(63 // (top + 1).bit_length(), top - stop)
            product, places = _batch(top, steps)
            number = rng._digits_number(product)  # the number whose mixed-radix digits are the steps' j's
            for _, place in places:
                j, number = divmod(number, place)
                chosen.append(_BIT[pool.pop(j)])
            top -= steps
        if len(chosen) < dealt:  # every card dealt: the last one left is taken without a draw
            chosen.append(_BIT[pool.pop()])
        at = 0
        for k in range(1, n - 1):
            q = (player + k) % n
            size = (hands[q] & ~ZAP_BIT).bit_count()
            hands[q] = sum(chosen[at:at + size]) | hands[q] & ZAP_BIT
            at += size
        if at + deck_size != dealt:
            raise ValueError("deal_hidden: the hands and the deck do not hold the hidden cards")
        deck = sum(chosen[at:])
        if _fits(held, deck):
            hands[last] = hidden - sum(chosen) | hands[last] & ZAP_BIT  # (the cards left: `pool`)
            return deck
