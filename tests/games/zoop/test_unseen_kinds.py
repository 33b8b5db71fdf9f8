"""The cards a seat cannot see, as a Zoop re-deal lists them (`cards.unseen_kinds`): the compiled build counts them
as the box less the seat's hand and the discard pile, in packed words (switched on here under the interpreter,
where they are exact integers too); the interpreter pools the draw pile and the other hands and sorts them. Both
must list the same cards in kind order, at every deck size (the `colours` option) and when a seat's card just
drawn stays in its hand - and tests/builds compares the builds themselves."""

from __future__ import annotations

import pytest

import zdeck
import zdeck.decks.zoop.cards as zoop_cards
from zdeck import RandomBot
from zdeck.decks.zoop.cards import unseen_kinds
from zdeck.decks.zoop.state import ZoopState
from zdeck.records import replay
from zdeck.sim import play

pytestmark = pytest.mark.skipif(zoop_cards._NATIVE, reason="the compiled module's arithmetic is fixed at build time")


def states(players: int, colours: int, games: int) -> list[ZoopState]:
    """States along seeded random games, one in three moments."""
    game = zdeck.make("zoop", players, colours=colours)
    found: list[ZoopState] = []

    def keep(k: int, state: zdeck.State, _entry: object, _outcome: object) -> None:
        if k % 3 == 0 and not state.is_over():
            assert isinstance(state, ZoopState)
            found.append(state.clone())

    for seed in range(games):
        _, record = play(game, [RandomBot() for _ in range(players)], seed)
        assert record is not None
        replay(record, keep)
    return found


@pytest.mark.parametrize(("players", "colours"), [(3, 2), (4, 3), (8, 6)])
def test_the_counted_unseen_cards_are_the_pooled_ones_sorted(players: int, colours: int) -> None:
    pinned_seen = 0
    for state in states(players, colours, games=3):
        for player in range(players):
            pinned = state.turn if state.phase == "drawn" and state.turn != player else -1
            pinned_seen += pinned >= 0
            less = state.drawn if pinned >= 0 else -1
            pooled = unseen_kinds(state.rules.deck, state.draw, state.hands, player, state.pile, less)
            expected = sorted(state.draw + [c for q, h in enumerate(state.hands) if q != player for c in h])
            if pinned >= 0:
                expected.remove(state.drawn)
            assert pooled == expected
            zoop_cards._NATIVE = True
            try:
                assert unseen_kinds(state.rules.deck, state.draw, state.hands, player, state.pile, less) == expected
            finally:
                zoop_cards._NATIVE = False
    assert pinned_seen, "a seat's just-drawn card was met"


def test_more_cards_seen_than_the_box_holds_is_refused() -> None:
    deck = zoop_cards.load_deck(3)
    zoop_cards._NATIVE = True
    try:
        with pytest.raises(RuntimeError, match="more cards seen|cards unseen|cards counted"):
            unseen_kinds(deck, [], [[0] * (deck.copies[0] + 1)], 0, [], -1)
    finally:
        zoop_cards._NATIVE = False


@pytest.mark.parametrize("colours", [2, 3, 6])
def test_the_cards_not_matching_a_kind_are_flagged_alike_in_both_arithmetics(colours: int) -> None:
    """`flagged` with `Deck.unmatched[t]` (how a re-deal finds the cards it may deal a seat that drew on t) lists
    the positions of the cards not matching t, as the match masks say, in both arithmetics."""
    deck = zoop_cards.load_deck(colours)
    pool = sorted(deck.box)
    for t in range(len(deck.kinds)):
        expected = [i for i, k in enumerate(pool) if not deck.match_mask[t] >> k & 1]
        assert zoop_cards.flagged(pool, deck.unmatched[t]) == expected
        zoop_cards._NATIVE = True
        try:
            assert zoop_cards.flagged(pool, deck.unmatched[t]) == expected
            assert zoop_cards.flagged(pool[::-1], deck.unmatched[t]) == [len(pool) - 1 - i for i in expected[::-1]]
        finally:
            zoop_cards._NATIVE = False


@pytest.mark.parametrize(("players", "colours"), [(3, 2), (4, 3), (8, 6)])
def test_the_tallied_masks_and_counts_are_the_hands_own(players: int, colours: int) -> None:
    """`tally` (a state's `masks` and `in_hands`, rebuilt after a re-deal) gives each hand's mask of kinds and each
    kind's count over the hands, in both arithmetics: at six colours the masks pass bit 60 (a high word, compiled)."""
    high_bits = 0
    for state in states(players, colours, games=2):
        bit = state.rules.bit
        masks = [sum({bit[k] for k in hand}) for hand in state.hands]
        counts = [sum(hand.count(k) for hand in state.hands) for k in range(len(bit))]
        high_bits += any(m >> 60 for m in masks)
        assert zoop_cards.tally(state.hands, bit) == (masks, counts)
        zoop_cards._NATIVE = True
        try:
            assert zoop_cards.tally(state.hands, bit) == (masks, counts)
        finally:
            zoop_cards._NATIVE = False
    assert high_bits or colours < 6, "a hand held a kind past bit 60"

