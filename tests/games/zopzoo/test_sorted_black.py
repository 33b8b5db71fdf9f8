"""The order a Zop Zoo re-deal shuffles the unseen black cards from (`sorted_black`): the compiled build's three
32-bit words of the black cards shown, turned over (switched on here under the interpreter, where they are exact
integers too), list exactly what the interpreter's `sorted` does of the unseen piles, whatever piles the cards come
in; tests/builds compares the builds themselves, and tests/games/zopzoo/test_conformance.py re-deals along games."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import zdeck
import zdeck.decks.zopzoo.cards as cards_module
from zdeck import RandomBot
from zdeck.decks.zopzoo.cards import BLACK, sorted_black
from zdeck.decks.zopzoo.state import ZopZooState
from zdeck.records import replay
from zdeck.rng import settle
from zdeck.sim import play

pytestmark = pytest.mark.skipif(cards_module._NATIVE, reason="the compiled module's arithmetic is fixed at build time")

black_sets = st.sets(st.sampled_from(BLACK)).map(list).flatmap(st.permutations)


def shown(unseen: list[int], cut: int = 3) -> list[list[int]]:
    """The other black cards, in two piles and an empty one."""
    rest = [c for c in BLACK if c not in unseen]
    return [rest[:cut], [], rest[cut:]]


def words_sorted(draw: list[int], buried: list[int], shown_piles: list[list[int]] | None = None) -> list[int]:
    cards_module._NATIVE = True
    try:
        return sorted_black(draw, buried, shown([*draw, *buried]) if shown_piles is None else shown_piles)
    finally:
        cards_module._NATIVE = False


@settings(deadline=None)  # (two arithmetics an example: no timing asked of a loaded machine)
@given(black_sets, st.integers(min_value=0, max_value=74))
def test_the_unseen_black_cards_are_listed_lowest_first_in_both_arithmetics(cards: list[int], cut: int) -> None:
    expected = sorted(cards)
    assert sorted_black(cards, [], []) == sorted_black(cards[:cut], cards[cut:], []) == expected
    assert words_sorted(cards, []) == words_sorted(cards[:cut], cards[cut:]) == expected
    assert words_sorted(cards[:cut], cards[cut:], shown(cards, cut)) == expected


def test_every_black_card_at_each_edge_of_a_word() -> None:
    assert words_sorted(list(reversed(BLACK)), []) == list(BLACK)
    edges = [BLACK[k] for k in (0, 31, 32, 63, 64, 73)]
    assert words_sorted(edges[::2], edges[1::2]) == edges
    rest = [c for c in BLACK if c not in edges]
    assert words_sorted(rest[::2], rest[1::2]) == rest


@pytest.mark.parametrize("bad", [[51], [126], [-1]])
def test_the_words_refuse_a_white_or_unknown_id_shown(bad: list[int]) -> None:
    with pytest.raises(ValueError, match="not a black card"):
        words_sorted([], [], [bad])


def test_the_words_refuse_piles_that_do_not_add_up_to_the_black_deck() -> None:
    unseen = list(BLACK[10:])
    with pytest.raises(ValueError, match="not shown"):  # a card both shown and in a pile
        words_sorted(unseen, [], [list(BLACK[:11])])
    with pytest.raises(ValueError, match="not shown"):  # a card shown twice: one black card in no place
        words_sorted(unseen[1:], [], [list(BLACK[:10]) + [BLACK[0]]])
    with pytest.raises(ValueError, match="not shown"):  # a card in two piles
        words_sorted(unseen, [unseen[0]], [list(BLACK[:10])])


@pytest.mark.parametrize("players", [2, 4])
def test_along_games_the_black_cards_not_shown_are_the_piles(players: int) -> None:
    """At every moment of seeded random games the covers, bonus areas, pending card and what of the discard pile
    shows (`_shown_black`) leave exactly the draw pile and the buried discards: the words list them sorted."""
    game = zdeck.make("zopzoo", players=players)
    moments = 0

    def at(_k: int, state: zdeck.State, _entry: object, _outcome: object) -> None:
        nonlocal moments
        assert isinstance(state, ZopZooState)
        settle(state.draw, state.draw_steps)
        buried = state.discard[:-1]
        top = state.discard[-1:]
        assert words_sorted(state.draw, buried, state._shown_black(top)) == sorted(state.draw + buried)
        assert words_sorted(state.draw, [], state._shown_black(state.discard)) == sorted(state.draw)
        moments += 1

    for seed in range(3):
        _, record = play(game, [RandomBot() for _ in range(players)], seed)
        assert record is not None
        replay(record, at)
    assert moments > 100
