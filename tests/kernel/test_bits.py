"""`zdeck.bits`' sets of card indices below 64: the compiled build's two 32-bit words (switched on here under the
interpreter, where they are exact integers too) list and mask exactly what the interpreter's big integers and
`sorted` do; tests/builds compares the builds themselves."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager, nullcontext

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import zdeck.bits as bits_module
from zdeck.bits import (
    ascending,
    card_count,
    cards_of,
    count_of,
    cut,
    hidden_cards,
    indices,
    mask_between,
    mask_of,
    nth_set_bit,
    nth_set_bit32,
    sorted_cards,
    sorted_pile,
    spread_counts,
    words_outside,
)

pytestmark = pytest.mark.skipif(bits_module._NATIVE, reason="the compiled module's arithmetic is fixed at build time")

card_sets = st.sets(st.integers(min_value=0, max_value=63)).map(list).flatmap(st.permutations)


@contextmanager
def words() -> Iterator[None]:
    bits_module._NATIVE = True
    try:
        yield
    finally:
        bits_module._NATIVE = False


@settings(deadline=None)  # (two arithmetics an example: no timing asked of a loaded machine)
@given(card_sets, st.integers(min_value=0, max_value=64))
def test_sorted_cards_lists_every_pile_lowest_first_in_both_arithmetics(cards: list[int], cut: int) -> None:
    piles = [cards[:cut], cards[cut:]]
    expected = sorted(cards)
    assert sorted_cards([cards]) == sorted_cards(piles) == sorted_pile(cards) == expected
    with words():
        assert sorted_cards([cards]) == sorted_cards(piles) == sorted_pile(cards) == expected


@settings(deadline=None)
@given(card_sets)
def test_a_mask_of_cards_and_the_cards_of_a_mask_are_the_same_in_both_arithmetics(cards: list[int]) -> None:
    mask = sum(1 << card for card in cards)
    assert mask_of(cards) == mask and cards_of(mask) == indices(mask) == sorted(cards)
    with words():
        assert mask_of(cards) == mask and cards_of(mask) == sorted(cards)


@pytest.mark.parametrize("bad", [[3, 3], [1, 64], [-1]])
def test_the_words_refuse_a_card_twice_or_out_of_the_deck(bad: list[int]) -> None:
    with words(), pytest.raises(ValueError, match="twice|not a card index"):
        sorted_cards([bad])
    with words(), pytest.raises(ValueError, match="twice|not a card index"):
        sorted_pile(bad)


@given(st.lists(st.integers(min_value=-2, max_value=3), max_size=40), st.integers(min_value=-2, max_value=3))
def test_count_of_counts_as_list_count_in_both_arithmetics(values: list[int], value: int) -> None:
    assert count_of(values, value) == values.count(value)
    with words():
        assert count_of(values, value) == values.count(value)


@given(st.lists(st.integers(min_value=0, max_value=7), min_size=1, max_size=20), st.sampled_from([3, 5]),
       st.integers(min_value=0, max_value=40))
def test_spread_counts_writes_each_kind_as_often_as_its_count_lowest_first(counts: list[int], width: int,
                                                                           first: int) -> None:
    counts = counts[: 60 // width]  # a word of counts stays below 2**62
    word = sum(n << (width * k) for k, n in enumerate(counts))
    expected = [first + k for k, n in enumerate(counts) for _ in range(n)]
    found = [-1] * (len(expected) + 2)
    assert spread_counts(found, 2, word, first, width) == len(found)
    assert found == [-1, -1, *expected]


def test_spread_counts_refuses_to_write_past_the_list() -> None:
    with pytest.raises(RuntimeError, match="more than 2 cards counted"):
        spread_counts([0, 0], 0, 3, 0, 3)


@given(st.sets(st.integers(min_value=0, max_value=62), min_size=1), st.data())
def test_nth_set_bit_is_the_j_th_lowest_bit_set(members: set[int], data: st.DataObject) -> None:
    """A re-deal picks the j-th lowest card left so (Zip Zap's; Kubo's, through `Rng.deal_hands`, in 32-bit words)."""
    j = data.draw(st.integers(min_value=0, max_value=len(members) - 1))
    word = sum(1 << k for k in members)
    assert nth_set_bit(word, j) == 1 << sorted(members)[j]
    low = word & 0xFFFFFFFF
    if j < low.bit_count():
        assert nth_set_bit32(low, j) == 1 << sorted(members)[j]


def test_nth_set_bit_reads_every_bit_of_full_words() -> None:
    assert [nth_set_bit((1 << 63) - 1, j) for j in range(63)] == [1 << k for k in range(63)]
    assert [nth_set_bit32(0xFFFFFFFF, j) for j in range(32)] == [1 << k for k in range(32)]
    assert [nth_set_bit(1 << 62 | 1 << 31 | 1, j) for j in range(3)] == [1, 1 << 31, 1 << 62]


@given(card_sets)
def test_card_count_and_the_words_outside_a_mask_are_the_same_in_both_arithmetics(cards: list[int]) -> None:
    mask = sum(1 << c for c in cards)
    outside = sorted(set(range(64)) - set(cards))
    assert card_count(mask) == len(cards) and ascending(*words_outside(mask)) == outside
    with words():
        assert card_count(mask) == len(cards) and ascending(*words_outside(mask)) == outside


@given(card_sets, st.integers(min_value=1, max_value=4), st.data())
def test_hidden_cards_and_mask_between_read_a_re_deal_s_pool_the_same_in_both_arithmetics(
        cards: list[int], seats: int, data: st.DataObject) -> None:
    """A re-deal's pool: the pile's cards and every hand's but one seat's, lowest first; a hand read off a stretch
    of the drawn pool as a mask."""
    cuts = sorted(data.draw(st.lists(st.integers(0, len(cards)), min_size=seats, max_size=seats)))
    pile, hands = cards[:cuts[0]], [cards[a:b] for a, b in zip(cuts, [*cuts[1:], len(cards)])]
    seat = data.draw(st.integers(0, seats - 1))
    start, stop = sorted(data.draw(st.lists(st.integers(0, len(cards)), min_size=2, max_size=2)))
    want = sorted(pile + [c for q, hand in enumerate(hands) if q != seat for c in hand])
    for arithmetic in (nullcontext(), words()):
        with arithmetic:
            assert hidden_cards(hands, seat, pile) == want
            assert mask_between(cards, start, stop) == sum(1 << c for c in cards[start:stop])
    if want:  # (the interpreter's sort would list a card twice; the words cannot hold it twice)
        with words(), pytest.raises(ValueError, match="listed twice"):
            hidden_cards([want], 1, want[:1])


def test_cut_drops_the_items_past_a_size_in_both_arithmetics() -> None:
    """Zoop's re-deal cuts its pool so (`bits.cut`: compiled, popped rather than a slice deleted)."""
    for arithmetic in (nullcontext, words):
        items = list(range(10))
        with arithmetic():
            cut(items, 4)
            assert items == [0, 1, 2, 3]
            cut(items, 6)
            assert items == [0, 1, 2, 3]
