"""The kernel contract (termination, conservation, determinism, replay, hidden information) on Solo and Memo."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

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
from zdeck.core import Game, State
from zdeck.rng import Rng


def walk_random_games(game: Game, seeds: range, check: Callable[[State], None]) -> None:
    """Run `check` on every moment of random games (the start and after each move)."""
    for seed in seeds:
        state = game.new_state(seed)
        rng = Rng(seed)
        check(state)
        while not state.is_over():
            player = state.actors()[0]
            state.apply(player, rng.choice(state.legal_actions(player)))
            check(state)


def solo_cards(state: State) -> Counter:
    data = state.to_dict()
    return Counter([c for c in data["upper"] if c is not None] + [c for p in data["piles"] for c in p] + data["deck"])


def test_solo_random_playouts_keep_the_contract() -> None:
    check_playouts(zdeck.make("zoker-solo"), range(12), conserved=solo_cards, deep=1)


def test_solo_observations_speak_the_shared_vocabulary() -> None:
    walk_random_games(zdeck.make("zoker-solo"), range(3), check_vocabulary)
    walk_random_games(zdeck.make("zoker-solo"), range(3), check_card_faces)


def test_solo_resamples_owe_nothing_to_the_real_random_stream() -> None:
    walk_random_games(zdeck.make("zoker-solo"), range(2), check_resample_independent)


def test_solo_action_codec() -> None:
    check_action_codec(zdeck.make("zoker-solo"))


def test_solo_bad_inputs_are_refused() -> None:
    check_bad_inputs(zdeck.make("zoker-solo"))


def memo_cards(state: State) -> Counter:
    data = state.to_dict()
    return Counter([c for c in data["table"] if c is not None] + data["deck"] + [c for w in data["won"] for c in w])


@pytest.mark.parametrize("players", range(1, 6))
def test_memo_random_playouts_keep_the_contract(players: int) -> None:
    check_playouts(zdeck.make("zoker-memo", players=players), range(2), conserved=memo_cards, deep=1)


@pytest.mark.parametrize(
    "options", [{"pair_rule": "one"}, {"deal": 6}, {"deal": 6, "stuck": "end"}, {"deal": 64}, {"deal": 2}]
)
def test_memo_options_keep_the_contract(options: dict) -> None:
    check_playouts(zdeck.make("zoker-memo", players=3, **options), range(2), conserved=memo_cards, deep=1)


@pytest.mark.parametrize("players", [1, 3, 5])
def test_memo_observations_speak_the_shared_vocabulary(players: int) -> None:
    walk_random_games(zdeck.make("zoker-memo", players=players), range(2), check_vocabulary)
    walk_random_games(zdeck.make("zoker-memo", players=players), range(2), check_card_faces)


@pytest.mark.parametrize("players", [1, 4])
def test_memo_resamples_owe_nothing_to_the_real_random_stream(players: int) -> None:
    walk_random_games(zdeck.make("zoker-memo", players=players), range(2), check_resample_independent)


def test_memo_action_codec() -> None:
    check_action_codec(zdeck.make("zoker-memo"))


@pytest.mark.parametrize("players", [1, 5])
def test_memo_bad_inputs_are_refused(players: int) -> None:
    check_bad_inputs(zdeck.make("zoker-memo", players=players))


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), choices=st.lists(st.integers(0, 10**6), max_size=120))
def test_solo_any_choices_keep_the_invariants(seed: int, choices: list[int]) -> None:
    check_choice_walk(zdeck.make("zoker-solo"), seed, choices, conserved=solo_cards)


@settings(max_examples=15, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(1, 5),
    rule=st.sampled_from(["two", "one"]),
    deal=st.sampled_from([2, 5, 16, 64]),
    stuck=st.sampled_from(["extend", "end"]),
    choices=st.lists(st.integers(0, 10**6), max_size=150),
)
def test_memo_any_choices_keep_the_invariants(
    seed: int, players: int, rule: str, deal: int, stuck: str, choices: list[int]
) -> None:
    game = zdeck.make("zoker-memo", players=players, pair_rule=rule, deal=deal, stuck=stuck)
    check_choice_walk(game, seed, choices, conserved=memo_cards)
