"""A tiny portable PRNG (SplitMix64) owned by each state.

`random.Random` would do, but its state is 625 integers to copy on every clone and
its algorithms for `shuffle`/`randrange` are not promised stable across Python
releases; SplitMix64 is one integer, so clones are free and games replay bit for
bit on any machine and any Python 3.11+.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from functools import lru_cache
from struct import Struct
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
# Rejection limits `_MASK - _MASK % n` for the small n that `below` mostly serves: two
# big-integer operations a draw saved, the values unchanged.
_LIMITS: tuple[int, ...] = (0, *(_MASK - _MASK % n for n in range(1, 1025)))
_BATCH_MAX = 4096  # `shuffle` draws longer lists than any deck one value at a time


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def _outputs(state: int, k: int) -> tuple[int, ...]:
    """The next k outputs of a generator at `state`, computed side by side in one big integer.

    SplitMix64's n-th output is `_mix(state + n * _GAMMA)`: a function of a counter, so k
    draws are k independent lanes. Each lane has 128 bits, room for its 64 x 64-bit products;
    masking between steps keeps the lanes apart. A dozen big-integer operations then do the
    work of a dozen per draw: a deal costs half as much.
    """
    ones, counters, low_halves, lanes = _packing(k)
    x = (state * ones + counters) & low_halves
    x = ((x ^ (x >> 30)) & low_halves) * 0xBF58476D1CE4E5B9 & low_halves
    x = ((x ^ (x >> 27)) & low_halves) * 0x94D049BB133111EB & low_halves
    x ^= x >> 31  # what the next lane shifts in lands in this lane's high half, which is dropped
    return lanes.unpack(x.to_bytes(16 * k, "little"))


@lru_cache(maxsize=256)  # one per deck or pool size in use; each holds three integers of k * 128 bits
def _packing(k: int) -> tuple[int, int, int, Struct]:
    """For k 128-bit lanes: 1 in each, n * _GAMMA (mod 2**64) in lane n - 1, each lane's low 64 bits
    set, and the reader of each lane's low 64 bits from little-endian bytes."""
    ones = sum(1 << (128 * n) for n in range(k))
    counters = sum((((n + 1) * _GAMMA) & _MASK) << (128 * n) for n in range(k))
    return ones, counters, ones * _MASK, Struct("<" + "Q8x" * k)


class Rng:
    """Seeded generator: the only source of chance in the rules engine."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = _mix(seed & _MASK)

    def next_u64(self) -> int:
        z = self.state = (self.state + _GAMMA) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK  # _mix, inlined: this is the hot path
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n), without modulo bias."""
        if 0 < n < 1025:
            limit = _LIMITS[n]
        elif 0 < n <= _MASK:  # past 2**64 - 1 no draw is ever below the limit: it would loop for ever
            limit = _MASK - (_MASK % n)
        else:
            raise ValueError(f"below() needs 0 < n < 2**64, got {n}")
        while True:
            z = self.state = (self.state + _GAMMA) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            if z < limit:
                return z % n

    def random(self) -> float:
        """Uniform float in [0, 1)."""
        return (self.next_u64() >> 11) * (1.0 / (1 << 53))

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise ValueError("choice() from an empty sequence")
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates with `below(i + 1)` for i from the end: every deal pays for it.

        Its draws are computed together (`_outputs`). Below `_MASK - len(items)` no draw can
        be rejected; past it (odds len(items) / 2**64 a draw) the shuffle is made one draw at
        a time instead, so a rejection is skipped exactly as `below` skips it.
        """
        draws = self._draws_of_shuffle(items)
        if draws:
            for i, z in zip(range(len(items) - 1, 0, -1), draws):
                j = z % (i + 1)
                items[i], items[j] = items[j], items[i]

    def shuffle_lazily(self, items: MutableSequence[T]) -> list[int]:
        """`shuffle`, each Fisher-Yates step put off until its position is needed: returns the steps.

        A deck dealt and drawn from its end needs its top positions only: `settle` carries out the
        steps of the positions asked for, `pop_settled` takes the top card, and whatever they
        settle is what `shuffle` would have put there. The generator moves on as `shuffle` moves
        it. Position i's step is `steps[i - 1]`: positions above `len(steps)` are settled. Settle
        every step before reading the list as a whole.
        """
        draws = self._draws_of_shuffle(items)
        return list(draws[::-1]) if draws else []

    def _draws_of_shuffle(self, items: MutableSequence[T]) -> tuple[int, ...] | None:
        """The draws a shuffle of `items` makes, from the end, the generator moved past them; or None
        when there is nothing to do or `items` was shuffled one draw at a time instead (see `shuffle`)."""
        last = len(items) - 1
        if last < 1:
            return None
        draws = _outputs(self.state, last) if last < _BATCH_MAX else None
        if draws is None or max(draws) > _MASK - len(items):
            self._shuffle_one_by_one(items)
            return None
        self.state = (self.state + last * _GAMMA) & _MASK
        return draws

    def _shuffle_one_by_one(self, items: MutableSequence[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def spawn(self) -> Rng:
        """An independent child generator (e.g. one per bot)."""
        child = Rng.__new__(Rng)
        child.state = self.next_u64()
        return child

    def spawn_many(self, k: int) -> list[Rng]:
        """k children, the same as k calls of `spawn` make, their states computed together (`_outputs`)."""
        children = []
        for z in _outputs(self.state, k):
            child = Rng.__new__(Rng)
            child.state = z
            children.append(child)
        self.state = (self.state + k * _GAMMA) & _MASK
        return children

    def clone(self) -> Rng:
        twin = Rng.__new__(Rng)
        twin.state = self.state
        return twin

    @classmethod
    def from_state(cls, state: int) -> Rng:
        if isinstance(state, bool) or not isinstance(state, int) or not 0 <= state <= _MASK:
            raise ValueError(f"rng state must be an integer in [0, 2**64), got {state!r}")
        rng = cls.__new__(cls)
        rng.state = state
        return rng


def settle(items: MutableSequence[T], steps: list[int], down_to: int = 1) -> None:
    """Carry out the put-off steps (`Rng.shuffle_lazily`) of the positions from the highest still
    unsettled down to `down_to`: all of them by default."""
    for i in range(len(steps), max(down_to, 1) - 1, -1):
        j = steps.pop() % (i + 1)
        items[i], items[j] = items[j], items[i]


def pop_settled(items: list[T], steps: list[int]) -> T:
    """Pop the top (last) item of a lazily shuffled list, its position settled first."""
    i = len(items) - 1
    if steps and i == len(steps):  # positions up to len(steps) are unsettled: the top is one of them
        j = steps.pop() % (i + 1)
        items[i], items[j] = items[j], items[i]
    return items.pop()
