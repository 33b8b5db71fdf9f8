"""The order a Zop Zoo re-deal shuffles the unseen black cards from (`sorted_black`): the compiled build's three
32-bit words (switched on here under the interpreter, where they are exact integers too) list exactly what the
interpreter's `sorted` does, whatever piles the cards come in; tests/builds compares the builds themselves."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import zdeck.decks.zopzoo.cards as cards_module
from zdeck.decks.zopzoo.cards import BLACK, sorted_black

pytestmark = pytest.mark.skipif(cards_module._NATIVE, reason="the compiled module's arithmetic is fixed at build time")

black_sets = st.sets(st.sampled_from(BLACK)).map(list).flatmap(st.permutations)


def words_sorted(draw: list[int], buried: list[int]) -> list[int]:
    cards_module._NATIVE = True
    try:
        return sorted_black(draw, buried)
    finally:
        cards_module._NATIVE = False


@settings(deadline=None)  # (two arithmetics an example: no timing asked of a loaded machine)
@given(black_sets, st.integers(min_value=0, max_value=74))
def test_the_unseen_black_cards_are_listed_lowest_first_in_both_arithmetics(cards: list[int], cut: int) -> None:
    expected = sorted(cards)
    assert sorted_black(cards, []) == sorted_black(cards[:cut], cards[cut:]) == expected
    assert words_sorted(cards, []) == words_sorted(cards[:cut], cards[cut:]) == expected


def test_every_black_card_at_each_edge_of_a_word() -> None:
    assert words_sorted(list(reversed(BLACK)), []) == list(BLACK)
    edges = [BLACK[k] for k in (0, 31, 32, 63, 64, 73)]
    assert words_sorted(edges[::2], edges[1::2]) == edges


@pytest.mark.parametrize("bad", [[60, 60], [51], [126]])
def test_the_words_refuse_a_card_twice_or_a_white_or_unknown_id(bad: list[int]) -> None:
    with pytest.raises(ValueError, match="twice|not a black card"):
        words_sorted(bad, [])
