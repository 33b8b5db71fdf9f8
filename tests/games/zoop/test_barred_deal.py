"""A re-deal's hand for a seat that drew for want of a match (rule 2: it holds no card matching what it drew on) is
drawn by rejection (`cards.take_flagged`: a uniform position, kept if its card is allowed), and past a few draws a
card among the listed positions of the allowed cards. Either way every allowed subset comes alike and a matching
card never; whether the listing is reached depends on how many cards are allowed, never on which, nor on where the
hidden cards lie (test_resample.py re-deals the hidden cards and compares)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

import zdeck.decks.zoop.cards as zoop_cards
from tests.games.zoop.test_resample import _drew_on_states
from zdeck.decks.zoop.cards import take_flagged, unseen_kinds
from zdeck.decks.zoop.phases import PLAY
from zdeck.rng import Rng

TABLE = bytes(k in (1, 2, 4, 5) for k in range(256))  # kinds 1, 2, 4, 5 allowed


def _within(seen: int, tries: int, share: float) -> bool:
    """Is `seen` of `tries` within 5 sigma of the share expected?"""
    return abs(seen / tries - share) < 5 * (share * (1 - share) / tries) ** 0.5


@pytest.mark.parametrize(("kinds", "draws_a_card"), [
    ([0, 1, 2, 3, 4, 5], 3),  # most draws kept: rejection alone
    ([0, 1, 2, 3, 4, 5], 0),  # the listed positions alone
    ([0, 3, 6, 7, 1, 8, 9, 3, 2, 0, 6, 7, 4, 9, 8, 5, 3, 0], 1),  # 4 of 18 allowed: both ways within one hand
])
def test_take_flagged_takes_each_allowed_subset_alike_and_keeps_the_rest(
        monkeypatch: pytest.MonkeyPatch, kinds: list[int], draws_a_card: int) -> None:
    monkeypatch.setattr(zoop_cards, "_DRAWS_A_CARD", draws_a_card)
    rng, tries = Rng(5), 6000
    subsets: Counter[tuple[int, ...]] = Counter()
    for _ in range(tries):
        left = kinds[:]
        taken = take_flagged(left, TABLE, 2, rng)
        assert taken is not None and len(taken) == 2 and sorted(left + taken) == sorted(kinds)
        subsets[tuple(sorted(taken))] += 1
    assert set(subsets) == set(combinations((1, 2, 4, 5), 2)), "only allowed cards, every pair of them"
    assert all(_within(n, tries, 1 / 6) for n in subsets.values()), subsets


def test_take_flagged_takes_nothing_when_too_few_cards_are_allowed() -> None:
    kinds = [0, 3, 1, 6, 7, 3, 0]
    left = kinds[:]
    assert take_flagged(left, TABLE, 2, Rng(1)) is None
    assert sorted(left) == sorted(kinds)


@pytest.mark.parametrize("players", [3, 5])
def test_a_barred_hand_deals_each_allowed_card_at_its_share(players: int) -> None:
    """Along heuristic games, a state where one other seat is barred: over many re-deals each allowed unseen card
    kind lands in that hand at (its unseen copies) x (hand size) / (allowed unseen cards), a matching one never."""
    for state in _drew_on_states(players, 8):
        seat = state.actors()[0]
        barred = [q for q, on in enumerate(state.drew_on) if on >= 0 and q != seat]
        if state.phase == PLAY and len(barred) == 1:
            break
    else:
        pytest.fail("no state with one barred seat")
    q = barred[0]
    table, size = state.rules.deck.unmatched[state.drew_on[q]], len(state.hands[q])
    unseen = Counter(unseen_kinds(state.rules.deck, state.draw, state.hands, seat, state.pile, -1))
    allowed = sum(n for kind, n in unseen.items() if table[kind])
    dealt: Counter[int] = Counter()
    rng, tries = Rng(11), 1500
    for _ in range(tries):
        dealt.update(state.resample_hidden(seat, rng).hands[q])  # type: ignore[attr-defined]
    for kind, n in unseen.items():
        if not table[kind]:
            assert not dealt[kind], f"kind {kind} matches what seat {q} drew on"
        else:  # each of the hand's cards is this kind with odds n / allowed
            assert _within(dealt[kind], tries * size, n / allowed), (kind, dealt[kind], n, allowed)
