"""`redeal.deal_hidden`, the draw of Zip Zap's re-deal: the hidden cards dealt from their bitmask into the other
hands' bitmasks and the deck. Each hand must be a uniform subset of the cards the hands before it left and the deck
a uniform sequence of what is left after them, among the deals whose deck does not hold a whole mask the table
showed to be in hand (then a re-deal is uniform among the deals that fit, whatever the hidden cards' true places;
the deck's order is shuffled after, test_resample counts its top card);
and the draw must be `Rng.sample_to_top`'s (the same outputs in both builds, which tests/builds compares)."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest

from zdeck import Rng
from zdeck.decks.zipzap.cards import ZAP, ZAP_BIT
from zdeck.decks.zipzap.redeal import deal_hidden

CARDS = [0, 3, 7, 12, 31, 32, 40, 49]  # both halves of a 64-bit word, up to the last numbered card


def _mask(cards: list[int] | tuple[int, ...]) -> int:
    return sum(1 << c for c in cards)


def _within(count: int, tries: int, share: float) -> bool:
    """`count` of `tries` is within 5 sigma of the share."""
    return abs(count / tries - share) < 5 * (share * (1 - share) / tries) ** 0.5


def test_each_hand_and_the_deck_are_uniform_among_the_cards_left_and_the_zaps_stay() -> None:
    """Four seats, seat 0's view: seat 1 holds 3 cards and its Zap, seat 2 one card, seat 3 two, the deck two."""
    rng = Rng(5)
    tries = 20_000
    firsts: Counter[int] = Counter()
    decks: Counter[int] = Counter()
    for _ in range(tries):
        hands = [1 << 1 | ZAP_BIT, _mask(CARDS[:3]) | ZAP_BIT, 1 << CARDS[3], _mask(CARDS[4:6])]
        deck = deal_hidden(rng, _mask(CARDS), hands, 0, 2, (0, 0))
        assert hands[0] == 1 << 1 | ZAP_BIT and hands[1] & ZAP_BIT and not hands[2] & ZAP_BIT
        assert [(h & ~ZAP_BIT).bit_count() for h in hands[1:]] == [3, 1, 2] and deck.bit_count() == 2
        assert sum(h & ~ZAP_BIT for h in hands[1:]) + deck == _mask(CARDS)
        firsts[hands[1] & ~ZAP_BIT] += 1
        decks[deck] += 1
    triples = [_mask(three) for three in combinations(CARDS, 3)]
    assert set(firsts) == set(triples) and all(_within(firsts[t], tries, 1 / len(triples)) for t in triples)
    pairs = [_mask(two) for two in combinations(CARDS, 2)]
    assert set(decks) == set(pairs) and all(_within(decks[d], tries, 1 / len(pairs)) for d in pairs)


def test_a_deck_holding_a_whole_mask_shown_in_hand_is_drawn_again() -> None:
    """Two seats: what the table showed in hand (two masks) never lies wholly in the deck; every other deck alike."""
    rng = Rng(9)
    tries = 12_000
    shown = (_mask([CARDS[0], CARDS[1]]), _mask([CARDS[2], CARDS[3], CARDS[4]]))
    decks: Counter[int] = Counter()
    for _ in range(tries):
        hands = [ZAP_BIT, _mask(CARDS[:5])]
        decks[deal_hidden(rng, _mask(CARDS), hands, 0, 3, shown)] += 1
    fitting = [_mask(d) for d in combinations(CARDS, 3) if all(mask & ~_mask(d) for mask in shown)]
    assert len(fitting) == 56 - 6 - 1 and set(decks) == set(fitting)
    assert all(_within(decks[d], tries, 1 / len(fitting)) for d in fitting)


def test_it_draws_what_sample_to_top_draws_for_as_many_cards() -> None:
    """The same ranges and the same generator outputs (rejected ones included): the generator ends where
    `sample_to_top` of as many cards leaves it, every card dealt or all but the last hand's."""
    for seed in range(200):
        cards = sorted(random.Random(seed).sample(range(ZAP), 4 + seed % 40))
        n = 2 + seed % 5
        hands = [0] * n
        sizes = [len(cards) // n] * (n - 1)
        hands[1:] = [_mask(cards[k * sizes[0]:(k + 1) * sizes[0]]) for k in range(n - 1)]
        deck_size = len(cards) - sum(sizes) if seed % 2 else 0  # the last hand empty, or the deck
        if not seed % 2:
            hands[-1] |= _mask(cards[sum(sizes):])
        ours, theirs = Rng(seed), Rng(seed)
        deal_hidden(ours, _mask(cards), hands, 0, deck_size, (0, 0))
        drawn = sum((h & ~ZAP_BIT).bit_count() for h in hands[1:-1]) + deck_size
        theirs.sample_to_top(list(cards), drawn)
        assert ours.state == theirs.state, seed


@pytest.mark.parametrize(("hands", "deck_size", "error"), [
    ([0, _mask([1, 2]), 1 << 3], 3, "a deck of 3 cards, with 2 to deal"),  # seat 2, the last, keeps one of the 3
    ([0, _mask([1, 2]), 1 << 3], -1, "a deck of -1 cards"),
    ([0, _mask([1, 2]), 1 << 3], 1, "do not hold the hidden cards"),  # 2 + 1 cards to deal, and seat 2 keeps one
])
def test_a_deal_of_other_cards_than_the_hidden_ones_is_refused(hands: list[int], deck_size: int, error: str) -> None:
    with pytest.raises(ValueError, match=error):
        deal_hidden(Rng(0), _mask([1, 2, 3]), hands, 0, deck_size, (0, 0))
