"""Helpers games share for dealing cards (pure, seeded by the caller's Rng)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from zdeck.rng import Rng

T = TypeVar("T")


def deal_out(rng: Rng, pool: list[T], sizes: Sequence[int]) -> tuple[list[list[T]], list[T]]:
    """Shuffle `pool` in place and cut it into hands of these sizes, in order; the rest comes
    back last (a draw pile). `resample_hidden` re-deals what a seat cannot see with it."""
    rng.shuffle(pool)
    hands, start = [], 0
    for size in sizes:
        hands.append(pool[start:start + size])
        start += size
    return hands, pool[start:]
