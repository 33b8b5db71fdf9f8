"""The kernel contract, checked on Zip Zap over every player count and option."""

from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import zdeck
from tests.conformance import (
    check_action_codec,
    check_bad_inputs,
    check_card_faces,
    check_choice_walk,
    check_playouts,
    check_resample_independent,
    check_vocabulary,
)
from zdeck import RandomBot
from zdeck.core import Game, State
from zdeck.sim import play


def cards_in_game(state: State) -> Counter:
    data = state.to_dict()
    cards = [c for hand in data["hands"] for c in hand] + data["deck"] + [c for _, c in data["pile"] if c != "zap"]
    zaps = sum(data["has_zap"]) + sum(1 for _, c in data["pile"] if c == "zap")
    return Counter(cards + ["zap"] * zaps)


def states_along(game: Game, seed: int) -> Iterator[State]:
    """Every state of one random game, the first and the last included."""
    _, record = play(game, [RandomBot(reaction_ms=300 + 150 * i) for i in range(game.players)], seed)
    assert record is not None
    state = game.new_state(seed)
    yield state
    for entry in record.actions:
        if entry[0] is None:
            state.timeout()
        else:
            state.apply(entry[0], game.parse_action(entry[1]), seen=entry[2] if len(entry) == 3 else None)
        yield state


@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize("scoring", ["cards", "wins"])
def test_random_playouts_keep_the_contract(players: int, scoring: str) -> None:
    game = zdeck.make("zipzap", players=players, scoring=scoring, rounds=1 if scoring == "wins" else None)
    check_playouts(game, range(6), conserved=cards_in_game, deep=1)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_every_moment_speaks_the_shared_vocabulary_and_resamples_on_its_own_stream(players: int) -> None:
    game = zdeck.make("zipzap", players=players)
    for seed in range(2):
        for state in states_along(game, seed):
            check_vocabulary(state)
            check_card_faces(state)
            check_resample_independent(state)


def test_action_codec() -> None:
    check_action_codec(zdeck.make("zipzap", players=4))


@pytest.mark.parametrize("players", [2, 6])
def test_bad_inputs_are_refused(players: int) -> None:
    check_bad_inputs(zdeck.make("zipzap", players=players))


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 6), st.integers(0, 2**32), st.lists(st.integers(0, 10**6), max_size=120))
def test_any_sequence_of_choices_keeps_the_invariants(players: int, seed: int, choices: list[int]) -> None:
    check_choice_walk(zdeck.make("zipzap", players=players), seed, choices, conserved=cards_in_game)
