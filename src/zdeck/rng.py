"""A tiny portable PRNG (SplitMix64) owned by each state.

`random.Random` would do, but its state is 625 integers to copy on every clone and
its algorithms for `shuffle`/`randrange` are not promised stable across Python
releases; SplitMix64 is one integer, so clones are free and games replay bit for
bit on any machine and any Python 3.11+.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
# Rejection limits `_MASK - _MASK % n` for the small n that deals and bots draw below: two
# big-integer operations a draw saved, the values unchanged.
_LIMITS: tuple[int, ...] = (0, *(_MASK - _MASK % n for n in range(1, 1025)))


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


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
        """Fisher-Yates with `below(i + 1)` for i from the end, inlined: every deal pays for it."""
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _LIMITS[n] if n < 1025 else _MASK - (_MASK % n)
            while True:
                state = (state + _GAMMA) & _MASK
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self.state = state

    def spawn(self) -> Rng:
        """An independent child generator (e.g. one per bot)."""
        child = Rng.__new__(Rng)
        child.state = self.next_u64()
        return child

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
