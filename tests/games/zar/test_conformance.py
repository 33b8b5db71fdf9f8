"""The kernel's conformance suite over ZAR's options and player counts (few seeds: it walks every step)."""

from __future__ import annotations

from collections import Counter

import pytest

import zdeck
from tests.conformance import (
    check_action_codec,
    check_bad_inputs,
    check_card_faces,
    check_playouts,
    check_resample_independent,
    check_vocabulary,
)
from zdeck import RandomBot, State
from zdeck.decks.zar.state import ZarState
from zdeck.sim import play

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


def walk(game: zdeck.Game, seed: int) -> list[State]:
    """Every moment of one random game with races, replayed from its record."""
    _, record = play(game, [RandomBot(reaction_ms=300 + 150 * i) for i in range(game.players)], seed)
    assert record is not None
    state = game.new_state(seed)
    moments: list[State] = [state.clone()]
    for entry in record.actions:
        if entry[0] is None:
            state.timeout()
        else:
            state.apply(entry[0], game.parse_action(entry[1]), seen=entry[2] if len(entry) == 3 else None)
        moments.append(state.clone())
    return moments


@pytest.mark.parametrize("half_decks,chameleons,players,calls", [(2, 0, 4, "auto"), (3, 2, 6, "strict"), (4, 4, 2, "auto")])
def test_observations_speak_the_shared_vocabulary_and_resamples_own_their_chance(
    half_decks: int, chameleons: int, players: int, calls: str
) -> None:
    game = zdeck.make("zar", players, half_decks=half_decks, chameleons=chameleons, calls=calls, target=40)
    for seed in range(2):
        for state in walk(game, seed):
            check_vocabulary(state)
            check_card_faces(state)
            check_resample_independent(state)


def test_a_resample_deals_its_own_next_hand() -> None:
    """A search rolling a determinisation past the end of the hand must not deal the real game's next hand:
    the copy's generator is spawned from the rng it was given."""
    game = zdeck.make("zar", 3, target=200)
    state = game.new_state(11)
    real, copies = next_deal(state.clone()), []
    for seed in range(4):
        copy = state.resample_hidden(0, zdeck.Rng(seed))
        copies.append(next_deal(copy))
    assert all(deal != real for deal in copies)
    assert len({str(deal) for deal in copies}) == len(copies)


def next_deal(state: ZarState) -> list[list[int]]:
    """Play the state on (each seat's first legal action) to the next hand's deal; return its hands."""
    hand_no = state.hand_no
    while state.hand_no == hand_no:
        seat = state.actors()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    return [list(h) for h in state.hands]
