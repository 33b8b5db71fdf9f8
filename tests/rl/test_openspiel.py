"""Every zdeck game inside OpenSpiel (issue 33 part 4): it loads, passes OpenSpiel's own random-simulation test,
OpenSpiel's ISMCTSBot finishes a game of it, and what a player is shown (information state and observation,
strings and tensor) is a function of what the seat may see. Skipped, saying why, without the `openspiel` extra."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is the optional extra: pip install 'zdeck[openspiel]'")

import zdeck
import zdeck.rl
from zdeck.rl import openspiel

# Short tables: whole games in a fraction of a second each.
SHORT: dict[str, dict[str, Any]] = {
    "zipzap": {"players": 2, "rounds": 1}, "zoop": {"players": 3}, "zar": {"players": 2, "hands": 1},
    "zopzoo": {"players": 2, "target": 100}, "zoker-tiko": {"players": 2}, "zoker-kubo": {"players": 2, "rounds": 1},
    "zoker-solo": {"players": 1}, "zoker-memo": {"players": 2, "deal": 4, "pair_rule": "one"}}
openspiel.register()


def load(game_id: str) -> Any:
    return pyspiel.load_game(openspiel.short_name(game_id), SHORT[game_id])


def play_randomly(game: Any, seed: int) -> Any:
    """Every state of a game of uniform random choices (chance included)."""
    rng, state = np.random.default_rng(seed), game.new_initial_state()
    while not state.is_terminal():
        yield state
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.integers(len(outcomes))][0])
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.integers(len(legal))])
    yield state


def test_every_game_is_registered_under_its_name() -> None:
    assert {openspiel.short_name(g) for g in zdeck.games()} <= set(pyspiel.registered_names())
    game = pyspiel.load_game("python_zdeck_zipzap", {"players": 3, "rounds": 1})
    assert game.num_players() == 3 and game.num_distinct_actions() == zdeck.make("zipzap", 3).num_distinct_actions() + 1
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION


@pytest.mark.parametrize("game_id", sorted(SHORT))
def test_openspiels_random_simulation_test_passes(game_id: str) -> None:
    pyspiel.random_sim_test(load(game_id), num_sims=2, serialize=False, verbose=False)


@pytest.mark.parametrize("game_id", sorted(SHORT))
def test_openspiels_ismcts_bot_finishes_a_game(game_id: str) -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = load(game_id)
    rs = np.random.RandomState(7)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), 2.0, 4, random_state=rs)
    state, searched = game.new_initial_state(), 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rs.randint(256))
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
            searched += 1
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rs.randint(len(legal))])
    assert searched > 0 and state.returns() != [0.0] * game.num_players()  # ended by the rules, not stopped


@pytest.mark.parametrize("game_id", sorted(SHORT))
def test_what_a_player_is_shown_is_its_view_and_survives_a_re_deal(game_id: str) -> None:
    """At every decision of a random game, for every player: the observation string is its observation dict, the
    tensor that dict's reference encoding, and a re-deal of all it cannot see (`resample_from_infostate`, what
    ISMCTS searches) shows it the same information state, observation and tensor."""
    game = load(game_id)
    encoder = zdeck.rl.encoder(game.zdeck)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for k, state in enumerate(play_randomly(game, 3)):
        if state.is_chance_node() or k % 3:
            continue
        kernel_state = state._play.referee.state
        for player in range(game.num_players()):
            seen = kernel_state.observation(player)
            assert json.loads(state.observation_string(player)) == json.loads(json.dumps(seen))
            assert np.array_equal(np.asarray(state.observation_tensor(player), dtype=np.float32), encoder.encode(seen))
            if state.is_terminal():
                continue
            twin = state.resample_from_infostate(player, sampler)
            assert twin.information_state_string(player) == state.information_state_string(player)
            assert twin.observation_string(player) == state.observation_string(player)
            assert twin.observation_tensor(player) == state.observation_tensor(player)
            assert twin.current_player() == state.current_player()
            assert twin.legal_actions(player) == state.legal_actions(player)


def test_a_race_asks_every_seat_in_turn_and_none_sees_the_others_choices() -> None:
    """Zip Zap's race, read sequentially: every seat is asked in seat order, and what a later seat is shown does
    not depend on what an earlier one chose at that moment."""
    game = load("zipzap")
    for state in play_randomly(game, 5):
        moment = None if state.is_chance_node() or state.is_terminal() else state._play.referee.moment
        if moment is not None and len(moment.asked) == 2 and state.current_player() == 0:
            break
    else:
        pytest.fail("no race")
    shown = set()
    for action in state.legal_actions():
        after = state.child(action)
        assert after.current_player() == 1
        shown.add(after.information_state_string(1))
    assert len(shown) == 1


def test_a_deal_is_eight_chance_nodes_of_256_equal_outcomes() -> None:
    state, nodes = load("zoker-tiko").new_initial_state(), 0
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert len(outcomes) == 256 and sum(p for _, p in outcomes) == pytest.approx(1.0)
        state.apply_action(nodes)
        nodes += 1
    assert nodes == 8
    seed = int.from_bytes(bytes(range(8)), "big")
    assert state._play.referee.state.to_dict() == zdeck.make("zoker-tiko", 2).new_state(seed).to_dict()
