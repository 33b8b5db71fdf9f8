"""What a search is handed: a resample depends only on what the seat sees. Two states that differ only
in cards the seat cannot see (the real one, and a resample of it) resample alike from the same rng, so
no determinisation can carry where the hidden cards really lie."""

from __future__ import annotations

import pytest

import zdeck
from tests.search.test_ismcts import game_of, states_along
from zdeck import Rng


@pytest.mark.parametrize("game_id", zdeck.games())
def test_a_resample_depends_only_on_what_the_seat_sees(game_id: str) -> None:
    game = game_of(game_id)
    checked = 0
    for state in states_along(game, seed=11, every=4):
        for seat in range(game.players):
            other = state.resample_hidden(seat, Rng(99 + checked))  # the same view, other hidden cards
            assert other.observation(seat) == state.observation(seat)
            one, two = state.resample_hidden(seat, Rng(5)), other.resample_hidden(seat, Rng(5))
            assert one.to_dict() == two.to_dict(), f"{game_id} v{state.version} seat {seat}: the real deal shows through"
            checked += 1
    assert checked >= 4
