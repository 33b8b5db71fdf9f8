"""Zoop shuffles its draw pile lazily (Rng.shuffle_lazily): a state whose pile is not yet settled must act
exactly as the same state read back from its (settled) dict - in play, in clones and in resampling."""

import pytest

import zdeck
from zdeck.rng import Rng


@pytest.mark.parametrize("players", [3, 5, 8])
def test_a_lazily_dealt_state_plays_as_its_settled_copy(players: int) -> None:
    game = zdeck.make("zoop", players=players, calls="strict")
    for seed in range(12):
        lazy = game.new_state(seed)
        assert lazy.unsettled, "a fresh deal leaves most of the draw pile unsettled"
        settled = game.state_from_dict(game.new_state(seed).to_dict())
        assert lazy.clone().resample_hidden(1, Rng(seed)).to_dict() == settled.resample_hidden(1, Rng(seed)).to_dict()
        pick = Rng(seed)
        while moment := lazy.moves():
            assert moment == settled.moves()
            player, legal = moment[pick.below(len(moment))]
            action = legal[pick.below(len(legal))]
            assert lazy.apply(player, action) == settled.apply(player, action)
        assert lazy.to_dict() == settled.to_dict()
