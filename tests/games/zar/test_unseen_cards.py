"""The cards a seat cannot see, as a resample pools them (`cards.unseen_cards`): the compiled build counts them
as the deck less the seat's hand and the pile, in packed words (switched on here under the interpreter, where
they are exact integers too); the interpreter sorts the Drawpile and the other hands. Both must list the same
cards in kind order, whatever the deck (multideck, Chameleons) - and tests/builds compares the builds themselves."""

from __future__ import annotations

from typing import Any

import pytest

import zdeck
import zdeck.decks.zar.cards as zar_cards
from zdeck import RandomBot
from zdeck.decks.zar.cards import NUM_KINDS, cards_in, counts_of, unseen_cards
from zdeck.decks.zar.state import ZarState
from zdeck.records import replay
from zdeck.sim import play

pytestmark = pytest.mark.skipif(zar_cards._NATIVE, reason="the compiled module's arithmetic is fixed at build time")


def states(players: int, options: dict[str, Any], games: int) -> list[ZarState]:
    """States along seeded random games, one in three moments."""
    game = zdeck.make("zar", players, hands=1, **options)
    found: list[ZarState] = []

    def keep(k: int, state: zdeck.State, _entry: object, _outcome: object) -> None:
        if k % 3 == 0:
            assert isinstance(state, ZarState)
            found.append(state.clone())

    for seed in range(games):
        _, record = play(game, [RandomBot() for _ in range(players)], seed)
        assert record is not None
        replay(record, keep)
    return found


@pytest.mark.parametrize(("players", "options"), [
    (4, {}), (2, {"chameleons": 2}), (5, {"half_decks": 4, "chameleons": 4}), (3, {"half_decks": 16, "chameleons": 16}),
])
def test_both_arithmetics_pool_what_the_seat_cannot_see_in_kind_order(players: int, options: dict[str, Any]) -> None:
    for state in states(players, options, 3):
        for seat in range(players):
            expected = sorted(list(state.drawpile) + [c for q, h in enumerate(state.hands) if q != seat for c in cards_in(h)])
            args = (state.rules.deck_counts, state.hands, state.sizes, seat, state.pile, state.drawpile)
            assert unseen_cards(*args) == expected
            zar_cards._NATIVE = True
            try:
                assert unseen_cards(*args) == expected
            finally:
                zar_cards._NATIVE = False


def test_packed_counts_hold_sixteen_copies_of_every_kind() -> None:
    w0, w1, w2 = counts_of([k for k in range(NUM_KINDS) for _ in range(16)])
    assert [(w >> 5 * i) & 31 for w, n in ((w0, 12), (w1, 12), (w2, 8)) for i in range(n)] == [16] * NUM_KINDS
    assert max(w0, w1, w2) < 2**60
