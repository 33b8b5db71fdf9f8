"""`bits.card_count`, how many cards a hand's bitmask holds: the compiled build's parallel count (switched on here
under the interpreter, where it is exact integers too) says what `int.bit_count` says for every size of hand; and
the masks a re-deal builds (`union`, `in_play_mask`) are what they should be, in both arithmetics."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import zdeck.bits as bits_module
import zdeck.decks.zipzap.cards as cards_module
from zdeck.bits import card_count
from zdeck.decks.zipzap.cards import WILD, ZAP, deck_of, in_play_mask, mask_of, union

pytestmark = pytest.mark.skipif(cards_module._NATIVE, reason="the compiled module's arithmetic is fixed at build time")


@given(st.integers(min_value=0, max_value=(1 << (ZAP + 1)) - 1))
def test_the_parallel_count_is_the_bit_count(mask: int) -> None:
    assert card_count(mask) == mask.bit_count()
    bits_module._NATIVE = True
    try:
        assert card_count(mask) == mask.bit_count()
        assert card_count((1 << (ZAP + 1)) - 1) == ZAP + 1  # every card and the Zap
    finally:
        bits_module._NATIVE = False


@given(st.lists(st.integers(min_value=0, max_value=ZAP), unique=True), st.data())
def test_a_slice_of_cards_makes_its_mask(cards: list[int], data: st.DataObject) -> None:
    """`union`, a hand's mask from a slice of a re-deal's pool, at every card up to the Zap."""
    start = data.draw(st.integers(min_value=0, max_value=len(cards)))
    end = data.draw(st.integers(min_value=start, max_value=len(cards)))
    assert union(cards, start, end) == mask_of(cards[start:end])


@pytest.mark.parametrize("native", [False, True])
def test_the_deck_in_play_is_its_suits_cards_in_both_arithmetics(monkeypatch: pytest.MonkeyPatch, native: bool) -> None:
    monkeypatch.setattr(cards_module, "_NATIVE", native)
    for k in range(WILD + 1):
        for solids in combinations(range(WILD), k):
            suits = (*solids, WILD)
            assert in_play_mask(suits) == mask_of(deck_of(suits))
