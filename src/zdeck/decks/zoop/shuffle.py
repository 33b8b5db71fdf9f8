"""`Rng.shuffle`, computed in one batch: the very same permutation and final Rng state.

Every Zoop game starts with a shuffle of the whole box (82 cards), and in random
self-play that shuffle costs as much as a third of a short game. `Rng.shuffle`
draws one SplitMix64 value per card, and each draw is a handful of 64-bit integer
operations, run one card at a time by the interpreter. Here all the draws of a
shuffle are packed into one big integer, one 128-bit lane per draw (a 64-bit value
times a 64-bit constant needs 128 bits, so no lane spills into the next), and each
SplitMix64 step runs once for all lanes. Only the swaps stay a loop.

Exactness: `Rng.below(n)` rejects a draw of at least 2**64 - 1 - (2**64 - 1) % n and
draws again (odds about n in 2**64). A batch that holds such a draw falls back to
`Rng.shuffle` itself, so the result is always bit for bit `Rng.shuffle`'s.
"""

from __future__ import annotations

import sys
from collections.abc import MutableSequence
from typing import TypeVar

from zdeck.rng import Rng

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15  # SplitMix64's constants, as in zdeck.rng
_MUL1 = 0xBF58476D1CE4E5B9
_MUL2 = 0x94D049BB133111EB
_LANE = 128  # bits per packed draw
_LITTLE_ENDIAN = sys.byteorder == "little"  # the lanes are read back as native 64-bit words

# For a shuffle of n items (n - 1 draws, lane k - 1 for draw k): (ones, gamma_ramp, low), where
# ones holds 1 in every lane, gamma_ramp holds k * GAMMA in lane k - 1, low has each lane's low 64 bits set.
_tables: dict[int, tuple[int, int, int]] = {}


def _table(n: int) -> tuple[int, int, int]:
    table = _tables.get(n)
    if table is None:
        ones = sum(1 << (_LANE * k) for k in range(n - 1))
        ramp = sum((k + 1) << (_LANE * k) for k in range(n - 1))
        table = _tables[n] = (ones, ramp * _GAMMA, ones * _MASK)
    return table


def shuffle(rng: Rng, items: MutableSequence[T]) -> None:
    """Shuffle `items` in place exactly as `rng.shuffle(items)` would, leaving `rng` in the same state."""
    n = len(items)
    if n < 2 or not _LITTLE_ENDIAN:
        rng.shuffle(items)
        return
    ones, gamma_ramp, low = _table(n)
    start = rng.state
    # Lane k - 1: the state after k draws, then SplitMix64's mix; each `& low` drops what a
    # shift moved in from the lane above or a product carried into the lane's upper half.
    z = (start * ones + gamma_ramp) & low
    z = ((z ^ (z >> 30)) & low) * _MUL1 & low
    z = ((z ^ (z >> 27)) & low) * _MUL2 & low
    z = (z ^ (z >> 31)) & low
    draws = memoryview(z.to_bytes(16 * (n - 1), "little")).cast("Q")[::2].tolist()
    if max(draws) > _MASK - n:  # some `below` would reject its draw (see above): let Rng.shuffle do it
        rng.shuffle(items)
        return
    # Fisher-Yates from the end, as Rng.shuffle: the draw for position i picks j in [0, i].
    for i, draw in zip(range(n - 1, 0, -1), draws):
        j = draw % (i + 1)
        items[i], items[j] = items[j], items[i]
    rng.state = (start + (n - 1) * _GAMMA) & _MASK
