"""The draw of Kubo's re-deal (`KuboState._resample_hidden`): the other hands dealt as masks straight from the
unseen cards' two 32-bit words into the copy's own list of hands, and the cards left listed as its draw pile.

This is `Rng.deal_bits` - the same choices off the same outputs, so the same deal - less what a general deal must
make around it: compiled, a list of sizes (each a boxed integer, one hand's count a boxed mask's split: ~300
instructions for a hand that holds card 62 or 63), a list of masks and the tuple that returns them, each made and
dropped at every re-deal. Here a hand's size is read off its mask as it is dealt, the last hand's is what the pile
leaves (the unseen cards are the other hands and the pile), and each mask goes straight into the copy's list.
(A primitive of the kind `zdeck.rng` holds: it belongs there beside `deal_bits`.)
"""

from __future__ import annotations

from zdeck.bits import _NATIVE, _ones, ascending, card_count, nth_set_bit32
from zdeck.compiled import i64
from zdeck.rng import _M32, Rng


def deal_hands(rng: Rng, low: i64, high: i64, hands: list[int], player: int, pile: int) -> list[int]:
    """Deal the unseen cards (bit k of `low` is card k, of `high` card 32 + k) into `hands` (the copy's list,
    written here), every seat's but `player`'s, in seat order, each as many cards as it holds now (the last of
    them what the pile leaves); the `pile` cards left are returned, lowest first (the copy's draw pile, before its
    shuffle). Too few unseen cards for the other hands and the pile is a ValueError. Choice k is the j-th lowest
    card left, j a batched digit drawn as `Rng.deal_bits` draws it (its docstring says why that is uniform): the
    same deal, in either build."""
    n = len(hands)
    last = n - 1 if player != n - 1 else n - 2  # the hand dealt last: its size is what the pile leaves
    if not _NATIVE:  # the interpreter: `deal_bits` itself, the sizes read as the compiled loop reads them
        sizes = [hand.bit_count() for hand in hands]  # (not `card_count`: a Python call more a hand)
        sizes[player] = sizes[last] = 0
        sizes[last] = (int(low) | int(high) << 32).bit_count() - pile - sum(sizes)
        if sizes[last] < 0:
            raise ValueError("deal_hands: the other hands and the pile do not hold the unseen cards")
        masks, pool = rng.deal_bits(low, high, sizes)
        masks[player] = hands[player]
        hands[:] = masks
        return pool
    below = _ones(low)  # how many of the unseen cards the low word holds
    left = below + _ones(high)
    dealt = left - pile
    i: i64 = left - 1  # the top position of the digits in (h, lo); they serve down to `drawn` + 1
    stop = i - dealt
    drawn = i
    h: i64 = 0
    lo: i64 = 0
    counted: i64 = 0  # the cards of the hands dealt so far
    for q in range(n):
        if q == player:
            continue
        owed: i64 = card_count(hands[q]) if q != last else dealt - counted
        counted += owed
        if owed < 0 or counted > dealt:  # (the last hand takes exactly what is left: `counted` is `dealt` then)
            raise ValueError("deal_hands: the other hands and the pile do not hold the unseen cards")
        chosen_low: i64 = 0
        chosen_high: i64 = 0
        while owed:
            if i == drawn:  # the output's digits are spent: the next output serves the next dozen positions
                steps = min(63 // int(i + 1).bit_length(), int(i - stop))  # their ranges' product stays < 2**63
                h, lo = rng._batch_output(i, steps)
                drawn = i - steps
            step_low = lo * (i + 1)
            step_high = h * (i + 1) + (step_low >> 32)
            h, lo = step_high & _M32, step_low & _M32
            j = step_high >> 32
            # The word that holds the j-th lowest card left, chosen by a sign mask (-1 for the high word), as
            # `deal_bits` does: a branch there is a guess the CPU gets wrong for a card in two.
            in_high = (below - 1 - j) >> 63
            bit = nth_set_bit32((low & ~in_high) | (high & in_high), j - (below & in_high))
            low ^= bit & ~in_high
            high ^= bit & in_high
            chosen_low |= bit & ~in_high
            chosen_high |= bit & in_high
            below -= 1 + in_high
            owed -= 1
            i -= 1
        hands[q] = int(chosen_low) | int(chosen_high) << 32
    return ascending(low, high)
