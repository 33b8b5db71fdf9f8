"""The kernel contract, checked on Zop Zoo over 2-6 players and both assist modes.

Whole games to 800 take several rounds of ~70 draws, so most seeds play to a low
`target` (one or two rounds); a few full-length games run without the per-step walk.
"""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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
from zdeck.decks.zopzoo.state import ZopZooState
from zdeck.rng import Rng


def cards_in_play(state: State) -> Counter:
    assert isinstance(state, ZopZooState)
    return Counter(state.location_cards())


@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize("assist", ["auto", "manual"])
def test_random_playouts_keep_the_contract(players: int, assist: str) -> None:
    game = zdeck.make("zopzoo", players=players, assist=assist, target=150, recall=players % 2 == 1)
    check_playouts(game, range(6), conserved=cards_in_play, deep=2)


@pytest.mark.parametrize(("players", "assist", "recall"), [(2, "auto", False), (3, "manual", True), (6, "auto", False)])
def test_observations_speak_the_shared_vocabulary_and_resamples_owe_nothing_to_the_real_stream(
        players: int, assist: str, recall: bool) -> None:
    """check_vocabulary and check_resample_independent at every step of whole random games."""
    game = zdeck.make("zopzoo", players=players, assist=assist, target=150, recall=recall)
    for seed in range(2):
        state, rng = game.new_state(seed), Rng(seed)
        while True:
            check_vocabulary(state)
            check_card_faces(state)
            check_resample_independent(state)
            if state.is_over():
                break
            (p,) = state.actors()
            state.apply(p, rng.choice(state.legal_actions(p)))


@pytest.mark.parametrize(("players", "options"), [(2, {"target": 1000}), (4, {}), (6, {"assist": "manual"})])
def test_full_length_games_reach_the_target(players: int, options: dict) -> None:
    game = zdeck.make("zopzoo", players=players, **options)
    check_playouts(game, range(2), conserved=cards_in_play, deep=0)
    final = game.new_state(0)
    assert final.target == game.options["target"]


@pytest.mark.parametrize("players", [2, 6])
def test_action_codec(players: int) -> None:
    check_action_codec(zdeck.make("zopzoo", players=players))


@pytest.mark.parametrize("players", [2, 4, 6])
def test_bad_inputs_are_refused(players: int) -> None:
    check_bad_inputs(zdeck.make("zopzoo", players=players))


@pytest.mark.parametrize("players", [2, 3, 5])
@pytest.mark.parametrize("assist", ["auto", "manual"])
def test_heuristic_bots_play_legal_whole_games(players: int, assist: str) -> None:
    from zdeck.decks.zopzoo.bots import HeuristicBot
    from zdeck.sim import play

    game = zdeck.make("zopzoo", players=players, assist=assist, target=300)
    for seed in range(3):
        final, record = play(game, [HeuristicBot() for _ in range(players)], seed)  # an illegal choice raises
        assert final.is_over() and max(final.scores()) >= 300 and record is not None
        assert sorted(final.location_cards()) == list(range(126))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**40), players=st.integers(2, 6), steps=st.integers(0, 120))
def test_any_random_prefix_conserves_cards_and_shows_everyone_the_same_table(seed: int, players: int, steps: int) -> None:
    game = zdeck.make("zopzoo", players=players, target=100)
    state = game.new_state(seed)
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_over():
            break
        (p,) = state.actors()
        state.apply(p, rng.choice(state.legal_actions(p)))
    assert sorted(state.location_cards()) == list(range(126))
    views = [state.observation(p) for p in range(players)]
    assert all({**v, "seat": None} == state.observation(None) for v in views)
    if not state.is_over():
        assert all(len(r) >= 1 for r in state.rows)
        # only the last black card, drawn and still waiting for its use, may leave the draw pile empty
        assert len(state.draw) > 0 or state.pending >= 0
