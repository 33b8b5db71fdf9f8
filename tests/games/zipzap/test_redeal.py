"""`redeal.deal`, the draw of Zip Zap's re-deal: parts of a set of cards dealt at random from its bitmask into
bitmasks. Each part must be a uniform subset of the cards the parts before it left (then a re-deal is uniform among
the deals, whatever the hidden cards' true places), and the draw must be `Rng.sample_to_top`'s (the same outputs,
so the pure and the compiled builds, which tests/builds compares, deal alike)."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest

from zdeck import Rng
from zdeck.decks.zipzap.cards import ZAP
from zdeck.decks.zipzap.redeal import deal


def _mask(cards: list[int]) -> int:
    return sum(1 << c for c in cards)


def test_each_part_is_a_uniform_subset_of_what_the_parts_before_left() -> None:
    cards = [0, 3, 7, 12, 31, 32, 40, ZAP]  # both halves of a 64-bit word, and the Zap's place
    rng = Rng(5)
    tries = 28_000
    firsts: Counter[int] = Counter()
    seconds: Counter[tuple[int, int]] = Counter()
    for _ in range(tries):
        first, second = deal(rng, _mask(cards), [2, 1])
        assert first & second == 0 and (first | second) & ~_mask(cards) == 0
        assert first.bit_count() == 2 and second.bit_count() == 1
        firsts[first] += 1
        seconds[first, second] += 1
    pairs = [_mask(list(pair)) for pair in combinations(cards, 2)]
    assert set(firsts) == set(pairs)
    share = 1 / len(pairs)  # every pair of the 8 cards alike (within 5 sigma)
    for pair in pairs:
        assert abs(firsts[pair] / tries - share) < 5 * (share * (1 - share) / tries) ** 0.5
    for (first, second), count in seconds.items():  # then each of the 6 cards left alike
        assert abs(count / firsts[first] - 1 / 6) < 5 * (1 / 6 * 5 / 6 / firsts[first]) ** 0.5


def test_it_draws_what_sample_to_top_draws_for_as_many_cards() -> None:
    """The same ranges and the same generator outputs (rejected ones included): the generator ends where
    `sample_to_top` of as many cards leaves it."""
    for seed in range(200):
        size = 1 + seed % 40
        cards = sorted(random.Random(seed).sample(range(ZAP + 1), size))
        first = min(seed % 3, size)
        parts = [first, (size - first) // 2, max((size - first + 1) // 2 - seed % 2, 0)]  # all cards, or all but one
        ours, theirs = Rng(seed), Rng(seed)
        dealt = deal(ours, _mask(cards), parts)
        theirs.sample_to_top(list(cards), sum(parts))
        assert ours.state == theirs.state
        assert [part.bit_count() for part in dealt] == parts


def test_nothing_to_deal_draws_nothing() -> None:
    rng = Rng(3)
    before = rng.state
    assert deal(rng, _mask([4, 9]), [0, 0]) == [0, 0] and deal(rng, 0, []) == []
    assert rng.state == before


@pytest.mark.parametrize(("cards", "sizes", "error"), [
    ([1, 2, 3], [2, 2], "cannot deal 4 of 3 cards"),
    ([1, 2, 3], [1, -1], "a part of -1 cards"),
])
def test_an_impossible_deal_is_refused(cards: list[int], sizes: list[int], error: str) -> None:
    with pytest.raises(ValueError, match=error):
        deal(Rng(0), _mask(cards), sizes)
