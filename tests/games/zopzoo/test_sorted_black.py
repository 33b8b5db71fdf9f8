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
import zdeck.decks.zopzoo.state as state_module
from zdeck import RandomBot, Rng
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
    """The compiled arithmetic with the shown cards in the bonus areas (`shown_piles`) and the buried ones at the
    bottom of a discard pile that shows nothing."""
    return table_sorted(draw, buried, shown([*draw, *buried]) if shown_piles is None else shown_piles, {}, -1)


def table_sorted(draw: list[int], discard: list[int], bonus: list[list[int]], cover: dict[int, int], pending: int,
                 buried: int | None = None) -> list[int]:
    cards_module._NATIVE = True
    try:
        return sorted_black(draw, discard, len(discard) if buried is None else buried, bonus, cover, pending)
    finally:
        cards_module._NATIVE = False


@settings(deadline=None)  # (two arithmetics an example: no timing asked of a loaded machine)
@given(black_sets, st.integers(min_value=0, max_value=74))
def test_the_unseen_black_cards_are_listed_lowest_first_in_both_arithmetics(cards: list[int], cut: int) -> None:
    expected = sorted(cards)
    assert sorted_black(cards, [], 0, [], {}, -1) == sorted_black(cards[:cut], cards[cut:], len(cards[cut:]), [], {},
                                                                  -1) == expected
    assert sorted_black(cards[:cut], [*cards[cut:], BLACK[0]], len(cards[cut:]), [], {}, -1) == expected
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


@given(black_sets, st.integers(min_value=0, max_value=74), st.integers(min_value=0, max_value=74))
def test_every_place_a_black_card_shows_is_read(cards: list[int], cut: int, split: int) -> None:
    """The shown cards split between the bonus areas, the covers (a dict's values), the discard pile above its
    buried cards and the pending card: the words leave the same unseen cards."""
    unseen = cards[:cut]
    rest = [c for c in BLACK if c not in unseen]
    bonus, others = [rest[:split // 3], rest[split // 3:split // 2]], rest[split // 2:]
    pending = others.pop() if others else -1
    cover = {w: c for w, c in enumerate(others[:split])}  # (white ids as keys: only the values are black cards)
    on_top = others[split:]
    drawn, buried = unseen[:len(unseen) // 2], unseen[len(unseen) // 2:]
    assert table_sorted(drawn, buried + on_top, bonus, cover, pending, len(buried)) == sorted(unseen)
    if on_top or pending >= 0:  # a shown card left out: one black card in no place
        with pytest.raises(ValueError, match="not shown"):
            table_sorted(drawn, buried + on_top[1:], bonus, cover, -1 if not on_top else pending, len(buried))


@pytest.mark.parametrize("players", [2, 4])
def test_along_games_the_black_cards_not_shown_are_the_piles(players: int) -> None:
    """At every moment of seeded random games the covers, bonus areas, pending card and what of the discard pile
    shows leave exactly the draw pile and the buried discards: the words list them sorted."""
    game = zdeck.make("zopzoo", players=players)
    moments = 0

    def at(_k: int, state: zdeck.State, _entry: object, _outcome: object) -> None:
        nonlocal moments
        assert isinstance(state, ZopZooState)
        settle(state.draw, state.draw_steps)
        fields = state.bonus, state.cover, state.pending
        buried = len(state.discard) - 1
        assert table_sorted(state.draw, state.discard, *fields, max(buried, 0)) == sorted(
            state.draw + state.discard[:-1])
        assert table_sorted(state.draw, state.discard, *fields, 0) == sorted(state.draw)
        moments += 1

    for seed in range(3):
        _, record = play(game, [RandomBot() for _ in range(players)], seed)
        assert record is not None
        replay(record, at)
    assert moments > 100


@pytest.mark.parametrize("players", [2, 3])
def test_a_re_deal_off_the_words_is_the_interpreters_re_deal(players: int) -> None:
    """The compiled re-deal (the unseen cards as words and, at two seats, the matches kept out of the buried discards
    as a mask of them: `matcher_words`) deals exactly the copy the interpreter's sorted lists and sets deal, from the
    same rng, along seeded random games; at two seats some of those re-deals keep a match out."""
    game = zdeck.make("zopzoo", players=players)
    compared, kept_out = 0, 0

    def at(k: int, state: zdeck.State, _entry: object, _outcome: object) -> None:
        nonlocal compared, kept_out
        assert isinstance(state, ZopZooState)
        if state.is_over() or len(state.discard) < 2:
            return
        seat = k % players
        expected = state.resample_hidden(seat, Rng(k)).to_dict()
        state_module._NATIVE = cards_module._NATIVE = True
        try:
            assert state.resample_hidden(seat, Rng(k)).to_dict() == expected
        finally:
            state_module._NATIVE = cards_module._NATIVE = False
        compared += 1
        kept_out += bool(state._never_buried().intersection(state.draw))

    for seed in range(3):
        _, record = play(game, [RandomBot() for _ in range(players)], seed)
        assert record is not None
        replay(record, at)
    assert compared > 100
    assert (kept_out > 0) == (players == 2)
