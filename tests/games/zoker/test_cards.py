"""The Zoker deck, its relations and the cube (rulebook: Pairs and straights, Rank order, Zoker cube)."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from zdeck.decks.zoker.cards import (
    DECK,
    LAYER_DIAGONALS,
    SPACE_DIAGONALS,
    STRAIGHTS,
    Card,
    card_at,
    common,
    is_pair,
    is_straight,
    stronger,
)

C = Card.parse
cards = st.sampled_from(DECK)


def test_deck_has_64_distinct_cards_in_index_order() -> None:
    assert len(DECK) == 64 and len(set(DECK)) == 64
    assert [c.index for c in DECK] == list(range(64))


def test_text_form_round_trips_and_reads_case_insensitively() -> None:
    assert str(Card(3, 3, 3)) == "red XL4"
    assert str(Card(0, 0, 0)) == "blue S1"
    for card in DECK:
        assert C(str(card)) == card
        assert C(str(card).upper()) == card
    assert C("  Orange   m2 ") == Card(2, 1, 1)
    assert C("greenL3") == Card(1, 2, 2)


@pytest.mark.parametrize("bad", ["", "red", "purple S1", "red XXL4", "red S5", "red S", "red S1 extra", "red 4XL"])
def test_parse_refuses_bad_codes_with_a_clear_message(bad: str) -> None:
    with pytest.raises(ValueError, match="Zoker card"):
        C(bad)


def test_card_refuses_out_of_range_qualities() -> None:
    with pytest.raises(ValueError):
        Card(4, 0, 0)
    with pytest.raises(ValueError):
        Card(0, -1, 0)


def test_weakest_and_strongest_cards() -> None:
    # "The weakest card is the blue S1 and the strongest one is the red XL4."
    weakest, strongest = C("blue S1"), C("red XL4")
    assert all(stronger(c, weakest) for c in DECK if c != weakest)
    assert all(stronger(strongest, c) for c in DECK if c != strongest)


def test_one_common_quality() -> None:
    assert common(C("red S1"), C("red M2")) == 1  # colour only
    assert common(C("red S1"), C("blue S2")) == 1  # size only
    assert common(C("red S1"), C("blue M1")) == 1  # shape only
    assert common(C("red S1"), C("blue M2")) == 0
    assert common(C("red S1"), C("red S1")) == 3


def test_three_kinds_of_pair() -> None:
    assert is_pair(C("red S1"), C("red S3"))  # same colour and size
    assert is_pair(C("red S1"), C("red L1"))  # same colour and shape
    assert is_pair(C("red S1"), C("green S1"))  # same size and shape
    assert not is_pair(C("red S1"), C("red M2"))
    assert not is_pair(C("red S1"), C("red S1"))


def test_straights_are_four_mutually_compatible_cards() -> None:
    assert is_straight([C("green M1"), C("green M2"), C("green M3"), C("green M4")])
    assert is_straight([C("blue L3"), C("green L3"), C("orange L3"), C("red L3")])
    assert not is_straight([C("green M1"), C("green M2"), C("green M3")])
    assert not is_straight([C("green M1"), C("green M2"), C("green M3"), C("green L1")])


def test_every_straight_of_the_deck_is_a_cube_line() -> None:
    lines = {frozenset(line) for line in STRAIGHTS}
    found = 0
    for four in combinations(DECK[:16], 4):  # one colour layer is enough to cross-check
        if is_straight(four):
            found += 1
            assert frozenset(four) in lines
    assert found == 8  # 4 rows + 4 columns of a layer


@given(cards, cards)
def test_strength_is_total_and_antisymmetric(a: Card, b: Card) -> None:
    if a == b:
        assert not stronger(a, b)
    else:
        assert stronger(a, b) != stronger(b, a)


def test_clause_1_two_higher_qualities_win() -> None:
    assert stronger(C("green M1"), C("blue S4"))  # a) colour and size, shape lower
    assert stronger(C("green S2"), C("blue XL1"))  # b) colour and shape, size lower
    assert stronger(C("blue M2"), C("red S1"))  # c) size and shape beat a higher colour
    assert stronger(C("green M2"), C("blue S1"))  # all three higher


def test_clause_2_one_higher_two_equal() -> None:
    assert stronger(C("green S1"), C("blue S1"))  # a) colour
    assert stronger(C("blue M1"), C("blue S1"))  # b) size
    assert stronger(C("blue S2"), C("blue S1"))  # c) shape


def test_clause_3_higher_in_the_stronger_quality_wins() -> None:
    assert stronger(C("green S1"), C("blue M1"))  # a) colour over size
    assert stronger(C("green S1"), C("blue S2"))  # b) colour over shape
    assert stronger(C("blue M1"), C("blue S2"))  # c) size over shape
    assert not stronger(C("blue M1"), C("green S1"))
    assert not stronger(C("blue S2"), C("green S1"))
    assert not stronger(C("blue S2"), C("blue M1"))


def test_rulebook_cycle_is_not_transitive() -> None:
    orange_s1, green_l1, green_m2 = C("orange S1"), C("green L1"), C("green M2")
    assert stronger(orange_s1, green_l1)
    assert stronger(green_l1, green_m2)
    assert stronger(green_m2, orange_s1)


def test_cube_positions_are_shape_size_colour() -> None:
    card = C("orange L2")
    assert card.position == (1, 2, 2)
    assert card_at(*card.position) == card
    assert sorted(card_at(*c.position).index for c in DECK) == list(range(64))


def test_rulebook_cube_counts() -> None:
    assert len(STRAIGHTS) == 48
    assert len(LAYER_DIAGONALS) == 24
    assert len(SPACE_DIAGONALS) == 4
    all_lines = [frozenset(x) for x in (*STRAIGHTS, *LAYER_DIAGONALS, *SPACE_DIAGONALS)]
    assert len(set(all_lines)) == 76 and all(len(x) == 4 for x in all_lines)


def test_lines_have_the_right_shape() -> None:
    for line in STRAIGHTS:
        assert is_straight(line)
    for line in LAYER_DIAGONALS:
        # one coordinate fixed, the other two both vary: no pair inside, exactly one quality in common
        assert all(common(a, b) == 1 for a, b in combinations(line, 2))
    for line in SPACE_DIAGONALS:
        assert all(common(a, b) == 0 for a, b in combinations(line, 2))
        assert {c.colour for c in line} == {0, 1, 2, 3}
    zoker = {C("blue S1"), C("green M2"), C("orange L3"), C("red XL4")}
    assert zoker in [set(line) for line in SPACE_DIAGONALS]


def test_strength_is_total_between_every_two_distinct_cards_exhaustively() -> None:
    # "When comparing two cards it is always possible to say which one of the cards is stronger."
    for a, b in combinations(DECK, 2):
        assert stronger(a, b) != stronger(b, a), (a, b)


def test_colour_outranks_size_outranks_shape_in_clause_3() -> None:
    # Priority colour > size > shape: one step up in the stronger quality beats any step down in a weaker one.
    assert stronger(C("green S1"), C("blue XL1"))  # colour over the largest size gap
    assert stronger(C("green S1"), C("blue S4"))  # colour over the largest shape gap
    assert stronger(C("blue M1"), C("blue S4"))  # size over the largest shape gap
    # ...but higher in two weaker qualities beats higher in the strongest one (clause 1 comes first)
    assert stronger(C("blue M2"), C("red S1"))


def test_rulebook_strength_cycle_has_no_strongest_of_the_three() -> None:
    # "the ranking is not always clear when comparing three cards": none of the three beats both others.
    three = [C("orange S1"), C("green L1"), C("green M2")]
    assert not any(all(stronger(a, b) for b in three if b != a) for a in three)


def test_every_straight_of_the_whole_deck_is_one_of_the_48_axis_lines() -> None:
    # Any four pairwise compatible cards contain some card a, and the other three are compatible with a.
    lines = {frozenset(line) for line in STRAIGHTS}
    found = set()
    for a in DECK:
        mates = [b for b in DECK if is_pair(a, b)]
        assert len(mates) == 9  # three along each of a's three axis lines
        for three in combinations(mates, 3):
            if is_straight([a, *three]):
                found.add(frozenset([a, *three]))
    assert found == lines
