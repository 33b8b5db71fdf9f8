"""A tiny portable PRNG (SplitMix64) owned by each state.

`random.Random` would do, but its state is 625 integers to copy on every clone and
its algorithms for `shuffle`/`randrange` are not promised stable across Python
releases; SplitMix64 is one integer, so clones are free and games replay bit for
bit on any machine and any Python 3.11+.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import MutableSequence, Sequence
from functools import lru_cache
from math import perm
from struct import Struct
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
# Rejection limits `_MASK - _MASK % n` for the small n that `below` mostly serves: two
# big-integer operations a draw saved, the values unchanged.
_LIMITS: tuple[int, ...] = (0, *(_MASK - _MASK % n for n in range(1, 1025)))
_BATCH_MAX = 4096  # `shuffle` draws longer lists than any deck one value at a time
_GAMMA_INVERSE = pow(_GAMMA, -1, 1 << 64)
_AHEAD = 16  # draws a lazy shuffle computes at a time beyond those asked for: a game draws a few cards a turn


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
        last = len(items) - 1
        if last < 1:
            return
        draws = _outputs(self.state, last) if last < _BATCH_MAX else None
        if draws is None or max(draws) > _MASK - len(items):
            self._shuffle_one_by_one(items)
            return
        self.state = (self.state + last * _GAMMA) & _MASK
        for i, z in zip(range(last, 0, -1), draws):
            j = z % (i + 1)
            items[i], items[j] = items[j], items[i]

    def shuffle_lazily(self, items: MutableSequence[T]) -> Unsettled:
        """`shuffle`, each Fisher-Yates step put off until its position is needed: returns the steps.

        A deck dealt and drawn from its end needs its top positions only: `settle` carries out the
        steps of the positions asked for, `pop_settled` takes the top card, and whatever they
        settle is what `shuffle` would have put there. The generator moves on as `shuffle` moves
        it, and a step's draw is computed only when its position is settled: SplitMix64's n-th
        output is a function of n. Whether a draw would be one `shuffle` cannot take as it is, is
        known without computing them (`_rejection_within`); then the list is shuffled at once, one
        draw at a time, as `shuffle` does. Settle every step before reading the list as a whole.
        """
        last = len(items) - 1
        if last < 1:
            return Unsettled(self.state, 0)
        if last >= _BATCH_MAX or _rejection_within(self.state, len(items)):
            self._shuffle_one_by_one(items)  # (as `shuffle` does then)
            return Unsettled(self.state, 0)
        steps = Unsettled((self.state + len(items) * _GAMMA) & _MASK, last)
        self.state = (self.state + last * _GAMMA) & _MASK
        return steps

    def sample_to_top(self, items: MutableSequence[T], count: int) -> None:
        """Move `count` items chosen uniformly at random to the top (the end) of `items`, in random order,
        the others below them, not shuffled. These are the top `count` steps of a Fisher-Yates shuffle (the
        item at position i swapped with a uniform j <= i), but their draws are the digits of one uniform
        integer in the mixed radix of their ranges (i + 1, i, ...): one output serves a dozen steps where
        `shuffle` and `settle` take one each. A re-deal of a few cards pays for its draws alone."""
        i = len(items) - 1
        stop = max(i - count, 0)
        while i > stop:
            steps = min(63 // (i + 1).bit_length(), i - stop)  # their ranges' product stays below 2**63
            x = self.below(perm(i + 1, steps))
            for p in range(i, i - steps, -1):
                x, j = divmod(x, p + 1)
                items[p], items[j] = items[j], items[p]
            i -= steps

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
            raise ValueError(f"rng state must be an integer in [0, 2**64), got {_quote(state)}")
        rng = Rng.__new__(Rng)
        rng.state = state
        return rng


class Unsettled:
    """The put-off steps of a list shuffled by `Rng.shuffle_lazily`: positions 1 to len(self) are still
    to settle, the highest first. A shuffle of n items draws for position i the generator's output
    number n - i, `_mix(past - i * _GAMMA)` where `past` is the state n draws on; those draws are
    computed a few at a time (`_outputs`), as settling reaches them."""

    __slots__ = ("ahead", "left", "past")

    def __init__(self, past: int, left: int, ahead: list[int] | None = None) -> None:
        self.past, self.left = past, left
        self.ahead = [] if ahead is None else ahead  # the draws of the next positions, the next one last

    def __len__(self) -> int:
        return self.left

    def copy(self) -> Unsettled:
        return Unsettled(self.past, self.left, self.ahead[:])

    def compute(self, wanted: int) -> None:
        """Make the draws of the next `wanted` unsettled positions ready. A draw of one card at a time
        gets `_AHEAD` more computed with it (a game draws a few a turn); a deal of several at once gets
        just what it asks for (a resample deals the hidden hands once and may never draw again)."""
        ready = len(self.ahead)
        count = min(wanted - ready + (_AHEAD if wanted - ready < 2 else 0), self.left - ready)
        if count > 0:  # positions p, p - 1, ... p - count + 1: outputs 1 to count from the state before p's
            p = self.left - ready
            self.ahead[:0] = _outputs((self.past - (p + 1) * _GAMMA) & _MASK, count)[::-1]


def settle(items: MutableSequence[T], steps: Unsettled, down_to: int = 1) -> None:
    """Carry out the put-off steps (`Rng.shuffle_lazily`) of the positions from the highest still
    unsettled down to `down_to`: all of them by default."""
    top, down_to = steps.left, max(down_to, 1)
    if top < down_to:
        return
    ahead = steps.ahead
    if not ahead:  # nothing drawn ahead (a deal): exactly these positions' draws, in one go
        draws = _outputs((steps.past - (top + 1) * _GAMMA) & _MASK, top - down_to + 1)
        for i, z in zip(range(top, down_to - 1, -1), draws):
            j = z % (i + 1)
            items[i], items[j] = items[j], items[i]
        steps.left = down_to - 1
        return
    if len(ahead) <= top - down_to:
        steps.compute(top - down_to + 1)
    for i in range(top, down_to - 1, -1):
        j = ahead.pop() % (i + 1)
        items[i], items[j] = items[j], items[i]
    steps.left = down_to - 1


def pop_settled(items: list[T], steps: Unsettled) -> T:
    """Pop the top (last) item of a lazily shuffled list, its position settled first."""
    i = steps.left
    if i and i == len(items) - 1:  # positions up to `left` are unsettled: the top is one of them
        ahead = steps.ahead
        if not ahead:
            steps.compute(1)
        j = ahead.pop() % (i + 1)
        items[i], items[j] = items[j], items[i]
        steps.left = i - 1
    return items.pop()


_UNMIX = ((31, pow(0x94D049BB133111EB, -1, 1 << 64)), (27, pow(0xBF58476D1CE4E5B9, -1, 1 << 64)), (30, 1))


def _unmix(z: int) -> int:
    """The input `_mix` turns into z: its steps undone in reverse order."""
    for shift, inverse in _UNMIX:
        x = z
        for _ in range(64 // shift):  # x ^ (x >> shift) undone: each round fixes `shift` more top bits
            x = z ^ (x >> shift)
        z = (x * inverse) & _MASK
    return z


@lru_cache(maxsize=64)  # one per list length shuffled lazily (a deck's size, a reshuffled pile's)
def _rejected_steps(size: int) -> tuple[int, ...]:
    """Sorted: for each output a shuffle of `size` items does not take as it is (above `_MASK - size`),
    the number n such that a generator at state s draws it as its k-th output for k = n - s * _GAMMA_INVERSE
    (mod 2**64)."""
    return tuple(sorted((_unmix(v) * _GAMMA_INVERSE) & _MASK for v in range(_MASK - size + 1, _MASK + 1)))


def _rejection_within(state: int, size: int) -> bool:
    """Would any of the next `size - 1` draws from `state` be an output `shuffle` cannot take as it is
    (`max(draws) > _MASK - size`)? Answered without computing them: output k from `state` is
    `_mix(state + k * _GAMMA)`, so k is found from each such output's input by one multiplication."""
    marks = _rejected_steps(size)
    lo = ((state * _GAMMA_INVERSE) + 1) & _MASK  # output 1's number
    hi = lo + size - 2  # output size - 1's (past _MASK it wraps round to the start)
    at = bisect_left(marks, lo)
    return (at < len(marks) and marks[at] <= hi) or (hi > _MASK and bool(marks) and marks[0] <= hi - (1 << 64))


def _quote(value: object) -> str:
    """A refused value, quoted short (`zdeck.core.shorten`'s twin: the kernel imports this module)."""
    try:
        text = repr(value)
    except ValueError:  # an int of more than 4,300 digits has no repr
        return f"a {type(value).__name__} too large to print"
    return text if len(text) <= 60 else f"{text[:60]}... ({len(text)} characters)"
