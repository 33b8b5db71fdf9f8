"""`redeal.deal_hands`, the draw of Kubo's re-deal: the other hands dealt as masks from the unseen cards' two 32-bit
words into the copy's list of hands. It must be `Rng.deal_bits`'s deal for the same sizes (the same hands, the same
pile, the generator left where it leaves it: `deal_bits` is tested for uniformity, tests/kernel), whatever the seat
and the cards (62 and 63 among them: a boxed mask, compiled), and refuse what cannot be dealt."""

from __future__ import annotations

import random

import pytest

from zdeck import Rng
from zdeck.decks.zoker.kubo.redeal import deal_hands


def _mask(cards: list[int]) -> int:
    return sum(1 << c for c in cards)


@pytest.mark.parametrize("seed", range(150))
def test_it_deals_what_deal_bits_deals(seed: int) -> None:
    chance = random.Random(seed)
    n = 2 + seed % 3
    player = chance.randrange(n)
    cards = chance.sample(range(64), 64)
    if seed % 5 == 0:  # cards 62 and 63 dealt first: a hand that gets them is a boxed integer, compiled
        cards = [62, 63] + [c for c in cards if c < 62]
    sizes = [chance.randrange(6) for _ in range(n)]
    sizes[player] = 0
    hands, at = [], 0
    for size in sizes:
        hands.append(_mask(cards[at:at + size]))
        at += size
    pile = chance.randrange(0, 35) if seed % 4 else 0  # an empty pile too: every unseen card dealt
    unseen = _mask(cards[:at + pile])
    own = _mask(cards[at + pile:at + pile + 4])
    hands[player] = own
    ours, theirs = Rng(seed), Rng(seed)
    dealt = list(hands)
    pool = deal_hands(ours, unseen & 0xFFFFFFFF, unseen >> 32, dealt, player, pile)
    masks, their_pool = theirs.deal_bits(unseen & 0xFFFFFFFF, unseen >> 32, sizes)
    masks[player] = own
    assert dealt == masks and pool == their_pool and ours.state == theirs.state
    assert [h.bit_count() for h in dealt] == [h.bit_count() for h in hands] and len(pool) == pile
    assert sum(dealt) - own + _mask(pool) == unseen


@pytest.mark.parametrize(("hands", "pile"), [
    ([0, _mask([1, 2, 3]), 1 << 4], 2),  # seat 1's three cards and the pile's two: five, where four are unseen
    ([0, _mask([1, 2, 3, 4, 5]), 0], 0),  # seat 1 holds five cards, four are unseen
    ([0, 0], 5),  # the pile alone holds more than are unseen
])
def test_a_deal_of_more_cards_than_are_unseen_is_refused(hands: list[int], pile: int) -> None:
    with pytest.raises(ValueError, match="do not hold the unseen cards"):
        deal_hands(Rng(0), _mask([1, 2, 3, 4]), 0, hands, 0, pile)
