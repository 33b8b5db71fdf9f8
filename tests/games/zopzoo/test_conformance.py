"""The kernel contract, checked on Zop Zoo over 2-6 players and both assist modes.

Whole games to 800 take several rounds of ~70 draws, so most seeds play to a low
`target` (one or two rounds); a few full-length games run without the per-step walk.
"""

from collections import Counter

import pytest

import zdeck
from tests.conformance import check_action_codec, check_bad_inputs, check_playouts
from zdeck.core import State
from zdeck.games.zopzoo.rules import ZopZooState


def cards_in_play(state: State) -> Counter:
    assert isinstance(state, ZopZooState)
    return Counter(state.location_cards())


@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize("assist", ["auto", "manual"])
def test_random_playouts_keep_the_contract(players: int, assist: str) -> None:
    game = zdeck.make("zopzoo", players=players, assist=assist, target=150)
    check_playouts(game, range(6), conserved=cards_in_play, deep=2)


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
