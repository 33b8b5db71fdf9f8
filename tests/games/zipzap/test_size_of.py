"""`cards.size_of`, how many cards a hand's bitmask holds: the compiled build's parallel count (switched on here
under the interpreter, where it is exact integers too) says what `int.bit_count` says for every size of hand."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import zdeck.decks.zipzap.cards as cards_module
from zdeck.decks.zipzap.cards import ZAP, size_of

pytestmark = pytest.mark.skipif(cards_module._NATIVE, reason="the compiled module's arithmetic is fixed at build time")


@given(st.integers(min_value=0, max_value=(1 << (ZAP + 1)) - 1))
def test_the_parallel_count_is_the_bit_count(mask: int) -> None:
    assert size_of(mask) == mask.bit_count()
    cards_module._NATIVE = True
    try:
        assert size_of(mask) == mask.bit_count()
        assert size_of((1 << (ZAP + 1)) - 1) == ZAP + 1  # every card and the Zap
    finally:
        cards_module._NATIVE = False
