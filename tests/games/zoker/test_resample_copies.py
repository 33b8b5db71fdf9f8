"""A resample builds its copy by hand, not through `clone()` (it skips copying what it deals anew): it must
still copy everything `clone()` copies, or play on the copy would change the real game."""

from __future__ import annotations

from typing import Any

import pytest

from tests.search.test_ismcts import game_of, states_along
from zdeck import Rng


def shared(a: Any, b: Any) -> bool:
    """Do the two values share a mutable part (the same list, or the same list inside)?"""
    if a is b:
        return not isinstance(a, (int, str, tuple, frozenset, type(None)))
    if isinstance(a, list) and isinstance(b, list):
        return any(shared(x, y) for x, y in zip(a, b))
    return False


@pytest.mark.parametrize("game_id", ["zoker-kubo", "zoker-memo", "zoker-solo", "zoker-tiko"])
def test_a_resample_copies_all_that_clone_copies(game_id: str) -> None:
    game = game_of(game_id)
    for state in states_along(game, seed=3, every=3):
        twin = state.clone()
        for seat in range(game.players):
            copy = state.resample_hidden(seat, Rng(seat))
            assert vars(copy).keys() == vars(state).keys()
            for name, value in vars(state).items():
                if shared(copy.__dict__[name], value):
                    assert shared(twin.__dict__[name], value), f"{game_id}: a resample shares {name} with the real game"
