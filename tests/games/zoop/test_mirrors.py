"""The rules mirror the hands in `masks` and `in_hands` for speed, and list actions from masks: the mirrors never
drift from the hands, and a mask lists exactly its kinds."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

import zdeck
from zdeck.decks.zoop.state import ZoopState
from zdeck.rng import Rng


def _assert_mirrors_hands(state: ZoopState) -> None:
    in_hands = [0] * len(state.game.deck.kinds)
    for p, hand in enumerate(state.hands):
        mask = 0
        for k in hand:
            mask |= 1 << k
            in_hands[k] += 1
        assert state.masks[p] == mask
    assert state.in_hands == in_hands


@pytest.mark.parametrize("players", [3, 8])
@pytest.mark.parametrize("calls", ["auto", "strict"])
def test_mirrors_follow_every_move(players: int, calls: str) -> None:
    game = zdeck.make("zoop", players=players, calls=calls)
    for seed in range(8):
        state = game.new_state(seed)
        pick = Rng(seed)
        _assert_mirrors_hands(state)
        while moment := state.moves():
            player, legal = moment[pick.below(len(moment))]
            state.apply(player, legal[pick.below(len(legal))])
            _assert_mirrors_hands(state)
        _assert_mirrors_hands(state.clone())
        _assert_mirrors_hands(game.state_from_dict(state.to_dict()))
        _assert_mirrors_hands(state.resample_hidden(0, Rng(seed)))


@given(st.sampled_from([2, 3, 6]), st.integers(min_value=0))
def test_action_rows_by_mask_list_exactly_the_masked_kinds_in_order(colours: int, mask: int) -> None:
    game = zdeck.make("zoop", colours=colours)
    row = game.rows.play
    mask &= (1 << len(row)) - 1
    assert list(game.rows.plays[mask]) == [row[k] for k in range(len(row)) if mask >> k & 1]
