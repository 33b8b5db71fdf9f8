"""`Rng.sample_to_top`'s batched draw (Lemire's multiply-shift digits, Brackett-Rozinsky and Lemire 2024): the
digits of one output are exactly uniform, counted out over every value of small words, and what the engine
draws (either arithmetic, either build) is that algorithm at 64 bits, the rare exact check included."""

from __future__ import annotations

from collections import Counter
from itertools import product as tuples
from math import prod

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import zdeck.rng as rng_module
from zdeck.rng import Rng

MASK = 2**64 - 1
GAMMA = 0x9E3779B97F4A7C15


def digits(z: int, radices: tuple[int, ...], bits: int = 64) -> tuple[tuple[int, ...], bool]:
    """The batched draw on a `bits`-bit word z: each digit the high part of the word times its radix, the low
    part carried on; taken unless the last low part is below 2**bits mod the radices' product."""
    found = []
    for n in radices:
        z *= n
        found.append(z >> bits)
        z &= (1 << bits) - 1
    return tuple(found), z >= (1 << bits) % prod(radices)


@pytest.mark.parametrize("radices", [(2,), (3,), (5, 4, 3), (7, 6, 5), (13, 12), (11, 10, 9, 8), (45, 44), (255, 254)])
def test_every_choice_of_digits_is_taken_from_as_many_words(radices: tuple[int, ...]) -> None:
    """Exhaustive on 16-bit words: each tuple of digits (digit k below radix k) comes from exactly
    floor(2**16 / P) of the words the check takes, P the radices' product; the words it refuses are
    2**16 mod P."""
    bits = 16
    taken: Counter[tuple[int, ...]] = Counter()
    refused = 0
    for z in range(1 << bits):
        found, ok = digits(z, radices, bits)
        assert all(0 <= d < n for d, n in zip(found, radices))
        if ok:
            taken[found] += 1
        else:
            refused += 1
    size = prod(radices)
    assert set(taken) == set(tuples(*(range(n) for n in radices)))
    assert set(taken.values()) == {(1 << bits) // size}
    assert refused == (1 << bits) % size


def _state_before_output(z: int) -> int:
    """The state whose next output is z (SplitMix64's mix inverted)."""
    return (rng_module._unmix(z) - GAMMA) & MASK


def _batches(outputs: list[int], top: int, stop: int) -> tuple[list[tuple[int, tuple[int, ...]]], int]:
    """The batched digits the definition draws for places `top` down to `stop` (excluded), from these generator
    outputs: each batch's first place with its digits (of ranges top + 1, top, ...); and how many outputs it takes
    (an output the exact check refuses is skipped)."""
    batches: list[tuple[int, tuple[int, ...]]] = []
    i, at = top, 0
    while i > stop:
        steps = min(63 // (i + 1).bit_length(), i - stop)
        radices = tuple(range(i + 1, i + 1 - steps, -1))
        while True:
            found, ok = digits(outputs[at], radices)
            at += 1
            if ok:
                break
        batches.append((i, found))
        i -= steps
    return batches, at


def _expected(outputs: list[int], size: int, count: int) -> tuple[list[int], int]:
    """`sample_to_top(list(range(size)), count)` by the algorithm's definition, from these generator outputs;
    and how many of them it takes."""
    items = list(range(size))
    batches, at = _batches(outputs, size - 1, max(size - 1 - count, 0))
    for i, found in batches:
        for p, j in zip(range(i, i - len(found), -1), found):
            items[p], items[j] = items[j], items[p]
    return items, at


def _outputs(state: int, k: int) -> list[int]:
    rng = Rng.from_state(state)
    return [rng.next_u64() for _ in range(k)]


@settings(max_examples=40)
@given(st.integers(min_value=0, max_value=MASK), st.integers(min_value=2, max_value=130), st.integers(0, 140))
def test_sample_to_top_draws_the_batched_digits_of_its_outputs(state: int, size: int, count: int) -> None:
    """Run in the build under test (tests/builds runs tests/kernel compiled): its arithmetic's deal is the
    definition's, step for step."""
    rng, items = Rng.from_state(state), list(range(size))
    rng.sample_to_top(items, count)
    want, used = _expected(_outputs(state, 40), size, count)
    assert items == want and rng.state == (state + used * GAMMA) & MASK


@pytest.mark.parametrize("size", [2, 9, 45, 63, 64, 130, 1023])
def test_a_low_word_under_the_exact_bound_is_drawn_again_in_either_arithmetic(size: int) -> None:
    """Outputs planted whose last low word z * P mod 2**64 falls just under and at 2**64 mod P (the first
    refused, the second taken) and around each of the first wraps of z * P past a multiple of 2**64: both
    arithmetics deal the definition's deal and leave the generator where it says."""
    steps = min(63 // size.bit_length(), size - 1)
    radices = tuple(range(size, size - steps, -1))
    product, bound = prod(radices), (1 << 64) % prod(radices)
    assert rng_module._wrapped(product) == bound
    planted = {0, 1, MASK, 2**63}
    for k in range(1, 6):
        z = -(-(k << 64) // product)  # the least z with z * P >= k * 2**64
        planted |= {z - 1, z, z + 1}
    if product % 2:  # an odd product: the z whose last low word is exactly bound - 1, and bound
        inverse = pow(product, -1, 1 << 64)
        planted |= {((bound - 1) * inverse) & MASK, (bound * inverse) & MASK}
    refused = 0
    for z in sorted(v & MASK for v in planted):
        state = _state_before_output(z)
        want, used = _expected(_outputs(state, 40), size, steps)
        refused += not digits(z, radices)[1]
        for native in (False, True) if not rng_module._NATIVE else (None,):  # compiled: its arithmetic is fixed
            if native is not None:
                rng_module._NATIVE = native
            try:
                rng, items = Rng.from_state(state), list(range(size))
                rng.sample_to_top(items, steps)
            finally:
                if native is not None:
                    rng_module._NATIVE = False
            assert items == want and rng.state == (state + used * GAMMA) & MASK
    assert refused >= (bound > 0)  # (z = 0 at least, if any is: its last low word is 0)


def test_the_deal_is_uniform_over_ordered_choices_by_chi_square() -> None:
    """7 items, 3 drawn: 210 ordered choices, 42,000 deals; the chi-square statistic (209 degrees of freedom)
    stays under its 99.99th percentile (~290)."""
    rng, tries = Rng(35), 42000
    seen: Counter[tuple[int, ...]] = Counter()
    for _ in range(tries):
        items = list(range(7))
        rng.sample_to_top(items, 3)
        seen[tuple(items[-3:])] += 1
    assert len(seen) == 210
    expected = tries / 210
    assert sum((k - expected) ** 2 / expected for k in seen.values()) < 290


def _expected_deal(outputs: list[int], members: list[int], sizes: list[int]) -> tuple[list[int], list[int], int]:
    """`deal_hands` by its definition from these generator outputs: choice k (the first hand's first) is the j-th
    lowest left, j the batched digit of range n - k; each hand's mask, the members left in order, and how many
    outputs it takes."""
    pool, picks = sorted(members), []
    batches, at = _batches(outputs, len(pool) - 1, len(pool) - 1 - sum(sizes))
    for _, found in batches:
        picks += [pool.pop(j) for j in found]
    masks, start = [], 0
    for size in sizes:
        masks.append(sum(1 << card for card in picks[start:start + size]))
        start += size
    return masks, pool, at


def _words(cards: list[int] | set[int]) -> tuple[int, int]:
    return sum(1 << k for k in cards if k < 32), sum(1 << (k - 32) for k in cards if k >= 32)


@settings(max_examples=80)
@given(st.integers(min_value=0, max_value=MASK), st.sets(st.integers(0, 63)),
       st.lists(st.floats(0, 1), min_size=2, max_size=5), st.data())
def test_deal_hands_deals_the_batched_digits_in_either_arithmetic(state: int, members: set[int], shares: list[float],
                                                                   data: st.DataObject) -> None:
    """Every hand but the seat's own anew, in seat order, as many cards as it held (the last one what the pile
    leaves), each the set's j-th lowest left, j each digit in turn (empty hands too), the rest listed in order: the
    definition's deal and generator state in the build under test and, interpreted, in both its arithmetics
    (tests/builds runs this compiled too). Cards 62 and 63 are boxed masks compiled: hypothesis reaches them."""
    n = len(shares)
    player = data.draw(st.integers(min_value=0, max_value=n - 1))
    sizes, left = [], len(members)
    for share in shares:
        sizes.append(round(share * left))
        left -= sizes[-1]
    sizes[player] = 0
    pile = len(members) - sum(sizes)
    own = 1 << 63  # (any mask: the seat's own hand is kept as it is)
    hands = [own if q == player else (1 << size) - 1 for q, size in enumerate(sizes)]  # (only their counts count)
    want, rest, used = _expected_deal(_outputs(state, 40), list(members), [s for q, s in enumerate(sizes) if q != player])
    want.insert(player, own)
    low, high = _words(members)
    for native in (False, True) if not rng_module._NATIVE else (None,):
        if native is not None:
            rng_module._NATIVE = native
        try:
            rng = Rng.from_state(state)
            dealt = list(hands)
            pool = rng.deal_hands(low, high, dealt, player, pile)
        finally:
            if native is not None:
                rng_module._NATIVE = False
        assert dealt == want and pool == rest and rng.state == (state + used * GAMMA) & MASK


@pytest.mark.parametrize(("hands", "pile"), [
    ([0, 0b1110, 1 << 4], 2),  # seat 1's three cards and the pile's two: five, where four are unseen
    ([0, 0b111110, 0], 0),  # seat 1 holds five cards, four are unseen
    ([0, 0], 5),  # the pile alone holds more than are unseen
])
def test_deal_hands_refuses_more_cards_than_are_unseen(hands: list[int], pile: int) -> None:
    for native in (False, True) if not rng_module._NATIVE else (None,):
        if native is not None:
            rng_module._NATIVE = native
        try:
            with pytest.raises(ValueError, match="do not hold the unseen cards|cannot deal"):
                Rng(0).deal_hands(0b11110, 0, list(hands), 0, pile)
        finally:
            if native is not None:
                rng_module._NATIVE = False


def test_deal_hands_is_uniform_over_the_deals_by_chi_square() -> None:
    """A set of 7 (across both words) dealt into hands of 2 and 1, 4 left in the pile: 105 deals, 31,500 draws; the
    chi-square statistic (104 degrees of freedom) stays under its 99.99th percentile (~166)."""
    rng, low, high = Rng(11), 0b1010110, 0b10101 << 20

    def deal() -> tuple[int, ...]:
        hands = [1 << 5, 0b11, 0b1]
        rng.deal_hands(low, high, hands, 0, 4)
        return tuple(hands[1:])

    counts = Counter(deal() for _ in range(31_500))
    assert len(counts) == 105
    statistic = sum((seen - 300) ** 2 / 300 for seen in counts.values())
    assert statistic < 166
