"""The kernel contract, checked on Zoop over every player count and both call modes."""

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
from zdeck.core import State
from zdeck.rng import Rng


def cards_in_game(state: State) -> Counter:
    data = state.to_dict()
    return Counter([c for hand in data["hands"] for c in hand] + data["draw"] + data["pile"])


@pytest.mark.parametrize("players", range(3, 9))
@pytest.mark.parametrize("calls", ["auto", "strict"])
def test_random_playouts_keep_the_contract(players: int, calls: str) -> None:
    game = zdeck.make("zoop", players=players, calls=calls)
    check_playouts(game, range(6), conserved=cards_in_game, deep=2)


VARIANTS = [
    {"wild_rule": "free", "captured_crab": "reverses"},
    {"colours": 2, "zoop_turn": "jumps", "own_cage": "others"},
    {"colours": 6, "first_player": 2, "calls": "strict", "zoop_turn": "jumps"},
]


@pytest.mark.parametrize("options", VARIANTS)
def test_variant_playouts_keep_the_contract(options: dict) -> None:
    game = zdeck.make("zoop", players=5, **options)
    check_playouts(game, range(3), conserved=cards_in_game, deep=1)


@pytest.mark.parametrize("calls", ["auto", "strict"])
def test_action_codec(calls: str) -> None:
    check_action_codec(zdeck.make("zoop", players=4, calls=calls))


@pytest.mark.parametrize("players", [3, 8])
def test_bad_inputs_are_refused(players: int) -> None:
    check_bad_inputs(zdeck.make("zoop", players=players))


@pytest.mark.parametrize("players", [3, 5, 8])
@pytest.mark.parametrize("calls", ["auto", "strict"])
def test_observations_speak_the_shared_vocabulary_and_resamples_owe_nothing_to_the_real_stream(
        players: int, calls: str) -> None:
    game = zdeck.make("zoop", players=players, calls=calls)
    for seed in range(2):
        state, pick = game.new_state(seed), Rng(seed)
        while True:
            check_vocabulary(state)
            check_card_faces(state)
            check_resample_independent(state)
            moment = state.moves()
            if not moment:
                break
            player, legal = moment[pick.below(len(moment))]
            state.apply(player, legal[pick.below(len(legal))])
