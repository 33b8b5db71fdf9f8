"""A re-deal's hand for a seat that drew for want of a match (rule 2: it holds no card matching what it drew on) is
drawn by rejection (`cards.take_flagged`: a uniform position, kept if its card is allowed) where a draw is kept with
odds 1/2 or better up to the last card, else among the listed positions of the allowed cards. Both must give every
allowed subset alike, and never a matching card; the choice between them depends on counts alone (`rejection_pays`),
never on where the hidden cards lie (test_resample.py re-deals the hidden cards and compares)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

import zdeck.decks.zoop.cards as zoop_cards
from tests.games.zoop.test_resample import _drew_on_states
from zdeck.decks.zoop.cards import count_flagged, flagged, rejection_pays, take_flagged, unseen_kinds
from zdeck.decks.zoop.phases import PLAY
from zdeck.rng import Rng

TABLE = bytes(k in (1, 2, 4, 5) for k in range(256))  # kinds 1, 2, 4, 5 allowed


def _within(seen: int, tries: int, share: float) -> bool:
    """Is `seen` of `tries` within 5 sigma of the share expected?"""
    return abs(seen / tries - share) < 5 * (share * (1 - share) / tries) ** 0.5


def test_take_flagged_takes_each_allowed_subset_alike_and_keeps_the_rest() -> None:
    rng, tries = Rng(5), 6000
    subsets: Counter[tuple[int, ...]] = Counter()
    for _ in range(tries):
        kinds = [0, 1, 2, 3, 4, 5]
        taken = take_flagged(kinds, TABLE, 2, rng)
        assert len(taken) == 2 and len(kinds) == 4 and sorted(kinds + taken) == [0, 1, 2, 3, 4, 5]
        subsets[tuple(sorted(taken))] += 1
    assert set(subsets) == set(combinations((1, 2, 4, 5), 2)), "only allowed cards, every pair of them"
    assert all(_within(n, tries, 1 / 6) for n in subsets.values()), subsets


@pytest.mark.skipif(zoop_cards._NATIVE, reason="the compiled module's arithmetic is fixed at build time")
@pytest.mark.parametrize("native", [False, True])
def test_count_flagged_counts_what_flagged_lists_in_both_arithmetics(monkeypatch: pytest.MonkeyPatch, native: bool) -> None:
    monkeypatch.setattr(zoop_cards, "_NATIVE", native)
    rng = Rng(3)
    for n in range(40):
        kinds = [rng.below(8) for _ in range(n)]
        assert count_flagged(kinds, TABLE) == len(flagged(kinds, TABLE))


def test_rejection_pays_while_the_last_draw_keeps_an_allowed_card_half_the_time() -> None:
    assert rejection_pays(45, 56, 5)  # a usual re-deal: most cards allowed
    assert rejection_pays(3, 4, 2) and not rejection_pays(2, 4, 2)  # the last draw: 2 of 3 left, then 1 of 3
    assert not rejection_pays(10, 60, 5)


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
        else:
            share = n / allowed  # each of the hand's cards: this kind with odds n / allowed
            assert _within(dealt[kind], tries * size, share), (kind, dealt[kind], n, allowed)


def test_the_listed_positions_deal_when_few_cards_are_allowed() -> None:
    """`_deal_barred` with a pool where rejection would not pay: the listed-positions way deals each allowed
    subset alike too, and takes its cards out of the pool."""
    state = next(s for s in _drew_on_states(3, 8) if s.drew_on[1] >= 0 and s.drew_on[2] < 0)
    deck = state.rules.deck
    table = deck.unmatched[state.drew_on[1]]
    allowed_kinds = [k for k in range(len(deck.kinds)) if table[k]][:3]
    others = [k for k in range(len(deck.kinds)) if not table[k]][:6] * 2  # matching kinds, two copies each
    assert len(allowed_kinds) == 3 and len(others) == 12
    sizes = [0, 2, 0]
    assert not rejection_pays(3, 15, 2)
    subsets: Counter[tuple[int, ...]] = Counter()
    rng, tries = Rng(2), 3000
    for _ in range(tries):
        pool = sorted(allowed_kinds + others)
        hand = state._deal_barred(0, pool, sizes, rng)[1]  # type: ignore[attr-defined]
        assert hand is not None and sorted(pool + hand) == sorted(allowed_kinds + others)
        subsets[tuple(sorted(hand))] += 1
    assert set(subsets) == set(combinations(allowed_kinds, 2))
    assert all(_within(n, tries, 1 / 3) for n in subsets.values()), subsets
