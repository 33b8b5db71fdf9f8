"""The kernel's conformance suite over ZAR's options and player counts (few seeds: it walks every step)."""

from __future__ import annotations

from collections import Counter

import pytest

import zdeck
from tests.conformance import check_action_codec, check_bad_inputs, check_playouts
from zdeck.decks.zar.state import ZarState

# (half_decks, chameleons, players, calls): each range's ends and a middle, with and without Chameleons
CONFIGS = [
    (2, 0, 2, "auto"),
    (2, 0, 5, "auto"),
    (2, 2, 9, "auto"),
    (2, 1, 3, "strict"),
    (3, 0, 2, "auto"),
    (3, 3, 8, "auto"),
    (3, 2, 14, "auto"),
    (4, 0, 4, "auto"),
    (4, 4, 2, "auto"),
    (4, 2, 11, "strict"),
]


def cards(state: ZarState) -> Counter:
    """Every card is somewhere: in a hand, the Drawpile or the Playpile."""
    held: Counter = Counter(state.drawpile + state.pile)
    for hand in state.hands:
        held.update({k: c for k, c in enumerate(hand) if c})
    return held


@pytest.mark.parametrize("half_decks,chameleons,players,calls", CONFIGS)
def test_playouts(half_decks: int, chameleons: int, players: int, calls: str) -> None:
    game = zdeck.make("zar", players, half_decks=half_decks, chameleons=chameleons, calls=calls, hands=1)
    check_playouts(game, range(2), conserved=cards, deep=1)


@pytest.mark.parametrize("half_decks,chameleons,calls", [(2, 0, "auto"), (3, 3, "auto"), (2, 2, "strict")])
def test_action_codec(half_decks: int, chameleons: int, calls: str) -> None:
    check_action_codec(zdeck.make("zar", 3, half_decks=half_decks, chameleons=chameleons, calls=calls))


@pytest.mark.parametrize("calls", ["auto", "strict"])
def test_bad_inputs(calls: str) -> None:
    check_bad_inputs(zdeck.make("zar", 4, half_decks=3, chameleons=1, calls=calls))


def test_multi_hand_game_to_target() -> None:
    """The default length (a target score) plays several hands to the end."""
    game = zdeck.make("zar", 3, target=30)
    check_playouts(game, range(1), conserved=cards, deep=1)
