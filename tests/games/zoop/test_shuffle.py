"""Zoop's batched shuffle is `Rng.shuffle`, bit for bit: same permutation, same generator state after."""

import pytest

from zdeck.decks.zoop.shuffle import shuffle
from zdeck.rng import Rng

MASK = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15


def _same_as_rng_shuffle(state: int, length: int) -> None:
    expected, got = list(range(length)), list(range(length))
    reference, batched = Rng.from_state(state), Rng.from_state(state)
    reference.shuffle(expected)
    shuffle(batched, got)
    assert got == expected
    assert batched.state == reference.state


@pytest.mark.parametrize("length", [0, 1, 2, 3, 10, 57, 82, 130])
def test_batched_shuffle_is_rng_shuffle(length: int) -> None:
    for seed in range(300):
        _same_as_rng_shuffle(Rng(seed).state, length)


def _unmix(z: int) -> int:
    """The state whose SplitMix64 output is z (each step of the mix is invertible)."""
    z ^= (z >> 31) ^ (z >> 62)
    z = z * pow(0x94D049BB133111EB, -1, 1 << 64) & MASK
    z ^= (z >> 27) ^ (z >> 54)
    z = z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64) & MASK
    z ^= (z >> 30) ^ (z >> 60)
    return z


@pytest.mark.parametrize("draw", [1, 5, 81])
@pytest.mark.parametrize("length", [6, 82])
def test_a_rejected_draw_is_drawn_again_as_rng_shuffle_does(draw: int, length: int) -> None:
    # A generator whose `draw`-th value is 2**64 - 1, which `below` always rejects.
    state = (_unmix(MASK) - draw * GAMMA) & MASK
    probe = Rng.from_state(state)
    values = [probe.next_u64() for _ in range(draw)]
    assert values[-1] == MASK
    _same_as_rng_shuffle(state, length)
