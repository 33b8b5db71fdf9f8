"""Helpers games share for dealing cards (pure, seeded by the caller's Rng)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from zdeck.rng import Rng, Unsettled, settle

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


def deal_lazily(rng: Rng, pool: list[T], sizes: Sequence[int]) -> tuple[list[list[T]], Unsettled]:
    """Deal hands of these sizes off the top (the end) of `pool`, shuffled lazily: only the dealt
    positions are settled. The rest stays in `pool`, a draw pile whose put-off steps come back
    (`rng.shuffle_lazily`): it costs only as it is drawn. The hands, in order, hold what `rng.shuffle`
    would have put on top: the first hand the topmost cards.

    For `resample_hidden`: give it the unseen cards in an order that depends only on what the seat
    sees (sorted), so that the copy owes nothing to where the cards really lie."""
    top = len(pool)
    dealt = sum(sizes)
    if dealt > top:
        raise ValueError(f"cannot deal {dealt} cards from {top}")
    steps = rng.shuffle_lazily(pool)
    settle(pool, steps, top - dealt)
    hands = []
    for size in sizes:
        hands.append(pool[top - size:top])
        top -= size
    del pool[top:]
    return hands, steps


def deal_sampled(rng: Rng, pool: list[T], sizes: list[int]) -> tuple[list[list[T]], Unsettled]:
    """`deal_lazily` for a re-deal: hands of these sizes off the top of `pool`, the rest left in `pool` as
    a draw pile shuffled lazily. The hands' cards are drawn uniformly (`rng.sample_to_top`: one generator
    output serves a dozen cards) rather than where `rng.shuffle` would put them, which only a real deal
    must match (records replay it); a resample pays for its draws alone."""
    top = len(pool)
    dealt = 0
    for size in sizes:  # (not `sum`: compiled, a typed loop is C; `sum` is a call into Python)
        dealt += size
    if dealt > top:
        raise ValueError(f"cannot deal {dealt} cards from {top}")
    rng.sample_to_top(pool, dealt)
    hands = []
    for size in sizes:
        hands.append(pool[top - size:top])
        top -= size
    del pool[top:]
    return hands, rng.shuffle_lazily(pool)
