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
from struct import Struct
from types import FunctionType
from typing import Final, TypeVar

from zdeck.bits import _ones, ascending, card_count, cards_of, nth_set_bit32
from zdeck.compiled import i64

T = TypeVar("T")

_MASK: Final = (1 << 64) - 1
_GAMMA: Final = 0x9E3779B97F4A7C15
# Rejection limits `_MASK - _MASK % n` for the small n that `below` mostly serves: two
# big-integer operations a draw saved, the values unchanged.
_LIMITS: Final[tuple[int, ...]] = (0, *(_MASK - _MASK % n for n in range(1, 1025)))
_BATCH_MAX: Final = 4096  # `shuffle` draws longer lists than any deck one value at a time
_GAMMA_INVERSE: Final = pow(_GAMMA, -1, 1 << 64)
_AHEAD: Final = 16  # draws a lazy shuffle computes at a time beyond those asked for: a game draws a few cards a turn


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
    if _NATIVE:
        return _outputs_of_word(_held(state), k)
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


# The same generator in 32-bit halves, for the compiled build. There mypyc's `int` is a C integer only below
# 2**62 and SplitMix64's values and products are boxed Python integers (an allocation an operation); in halves
# held as `i64` every step is C arithmetic, no intermediate value reaching 2**63. The interpreter does the
# opposite: a dozen big-integer operations cost it less than the fifty small ones. `_NATIVE` picks the
# arithmetic of the build that runs; both give the same numbers (tests/kernel/test_rng_native.py).
_M32: Final[i64] = 0xFFFFFFFF
_TWO32: Final[i64] = 0x100000000
_INVERSE_HI: Final[i64] = _GAMMA_INVERSE >> 32
_INVERSE_LO: Final[i64] = _GAMMA_INVERSE & 0xFFFFFFFF


def _native() -> bool:
    """Whether mypyc compiled this module: its functions are then built-in functions, not Python ones."""
    return not isinstance(_native, FunctionType)


_NATIVE: Final = _native()  # (Final: a C static compiled, not a look-up in the module's globals)


def _mul_halves(h: i64, lo: i64, c_hi: i64, c_lo: i64) -> tuple[i64, i64]:
    """(h, lo) * (c_hi, c_lo) mod 2**64, 32-bit halves: the low half's product from 16-bit pieces (each
    partial product below 2**48), the high half's needing only its low 32 bits."""
    l0, l1, c0, c1 = lo & 0xFFFF, lo >> 16, c_lo & 0xFFFF, c_lo >> 16
    low = l0 * c0 + ((l1 * c0 + l0 * c1) << 16)
    high = ((low >> 32) + l1 * c1 + (h & 0xFFFF) * c_lo + ((((h >> 16) * c_lo) & 0xFFFF) << 16)
            + l0 * c_hi + (((l1 * c_hi) & 0xFFFF) << 16))
    return high & _M32, low & _M32


def _mix_halves(h: i64, lo: i64) -> tuple[i64, i64]:
    """`_mix` in 32-bit halves."""
    h, lo = h ^ (h >> 30), lo ^ (lo >> 30) ^ ((h << 2) & _M32)
    h, lo = _mul_halves(h, lo, 0xBF58476D, 0x1CE4E5B9)
    h, lo = h ^ (h >> 27), lo ^ (lo >> 27) ^ ((h << 5) & _M32)
    h, lo = _mul_halves(h, lo, 0x94D049BB, 0x133111EB)
    return h ^ (h >> 31), lo ^ (lo >> 31) ^ ((h << 1) & _M32)


def _advanced(word: i64) -> i64:
    """A compiled generator's state (two's complement in an i64) one step on: + _GAMMA mod 2**64."""
    lo = (word & _M32) + 0x7F4A7C15
    h = (((word >> 32) & _M32) + 0x9E3779B9 + (lo >> 32)) & _M32
    return _joined(h, lo & _M32)


def _stepped(word: i64, k: i64) -> i64:
    """A compiled generator's state k steps on (back for k < 0), |k| < 2**31."""
    gh, gl = _mul_halves(0x9E3779B9, 0x7F4A7C15, 0, k if k >= 0 else -k)  # |k| * _GAMMA mod 2**64
    if k < 0:
        gh, gl = -gh, -gl
    lo = (word & _M32) + gl
    return _joined((((word >> 32) & _M32) + gh + (lo >> 32)) & _M32, lo & _M32)  # (a borrow is lo >> 32 = -1)


def _draw_below(word: i64, n: i64) -> i64:
    """The output a compiled generator at `word` draws next, modulo n < 2**31 (the caller knows it is taken)."""
    h, lo = _mix_halves((word >> 32) & _M32, word & _M32)
    return ((h % n) * _TWO32 + lo) % n


def _shuffled(items: list[T], word: i64, last: int) -> i64:
    """Compiled, `Rng.shuffle`'s Fisher-Yates steps for a generator holding `word` whose next `last` draws
    none rejects (`_rejection_ahead`): position i swapped with output `last - i + 1` modulo i + 1, each output
    computed in C as it is needed (the batch of `_outputs` is boxed integers compiled). Returns the state after."""
    for i in range(last, 0, -1):
        word = _advanced(word)
        j = int(_draw_below(word, i + 1))
        items[i], items[j] = items[j], items[i]
    return word


def _outputs_of_word(word: i64, k: int) -> tuple[int, ...]:
    """`_outputs` for a compiled generator holding `word`: its next k outputs, one by one in C."""
    found = []
    for _ in range(k):
        word = _advanced(word)
        h, lo = _mix_halves((word >> 32) & _M32, word & _M32)
        found.append(int(h) << 32 | int(lo))
    return tuple(found)


def _joined(h: i64, lo: i64) -> i64:
    """The unsigned 64-bit value (h, lo) as an i64 (two's complement), without overflowing on the way."""
    return (h - ((h >> 31) << 32)) * _TWO32 + lo


def _held(value: int) -> i64:
    """A state in [0, 2**64) as a generator holds it: as it is in pure Python, in two's complement compiled."""
    return i64(value - ((value >> 63) << 64)) if _NATIVE else value


def _wrapped(n: i64) -> i64:
    """2**64 mod n for 0 < n < 2**63, in i64: twice 2**63 mod n, reduced (the exact check of `sample_to_top`'s
    rare low words)."""
    half = 0x7FFFFFFFFFFFFFFF % n + 1  # 2**63 mod n, or n itself
    if half == n:
        half = 0
    return half - (n - half) if half >= n - half else 2 * half


def _rejected(h: i64, lo: i64, n: i64) -> bool:
    """Is (h, lo) at or past `_MASK - _MASK % n`, the first output `below(n)` does not take, for 0 < n < 2**63?
    Below 2**63 never (the limit is above it); else the distance to `_MASK` fits an i64."""
    if h < 0x80000000:
        return False
    r = 0x7FFFFFFFFFFFFFFF % n  # _MASK % n, from (2**63 - 1) % n: _MASK = 2 * (2**63 - 1) + 1
    r = r - (n - r - 1) if r >= n - r - 1 else 2 * r + 1
    return (_M32 - h) * _TWO32 + (_M32 - lo) <= r


@lru_cache(maxsize=1024)  # one per (top, steps) a re-deal meets: a few hundred
def _batch(top: int, steps: int) -> tuple[int, tuple[tuple[int, int], ...]]:
    """For the pure build's `sample_to_top`: the product of the ranges top + 1, top, ... of `steps` steps, and each
    step's position with the place value of its digit in floor(z * product / 2**64) (the product of the ranges
    after it)."""
    places, place = [], 1
    for p in range(top - steps + 1, top + 1):
        places.append((p, place))
        place *= p + 1
    return place, tuple(reversed(places))


class Rng:
    """Seeded generator: the only source of chance in the rules engine."""

    __slots__ = ("word",)

    def __init__(self, seed: int = 0) -> None:
        if _NATIVE:  # (the seed's low 64 bits as halves: no big integer for a small seed)
            h, lo = _mix_halves(i64((seed >> 32) & 0xFFFFFFFF), i64(seed & 0xFFFFFFFF))
            self.word: i64 = _joined(h, lo)
        else:
            self.word = _mix(seed & _MASK)

    # `word` is the state as this build's arithmetic holds it (`_held`); `state` is the state itself.
    @property
    def state(self) -> int:
        return int(self.word) & _MASK

    def _output(self) -> tuple[i64, i64]:
        """Compiled: step on and return the output's halves."""
        self.word = word = _advanced(self.word)
        return _mix_halves((word >> 32) & _M32, word & _M32)

    def next_u64(self) -> int:
        if _NATIVE:
            h, lo = self._output()
            return int(h) << 32 | int(lo)
        z = self.word = (self.word + _GAMMA) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK  # _mix, inlined: this is the hot path
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n), without modulo bias."""
        if _NATIVE and 0 < n < 0x80000000:
            m = i64(n)
            while True:
                h, lo = self._output()
                if h != _M32 or not _rejected(h, lo, m):  # only the top 2**32 outputs may be rejected
                    return int(((h % m) * _TWO32 + lo) % m)
        if 0 < n < 1025:
            limit = _LIMITS[n]
        elif 0 < n <= _MASK:  # past 2**64 - 1 no draw is ever below the limit: it would loop for ever
            limit = _MASK - (_MASK % n)
        else:
            raise ValueError(f"below() needs 0 < n < 2**64, got {n}")
        if _NATIVE:
            while True:
                z = self.next_u64()
                if z < limit:
                    return z % n
        while True:
            z = self.word = (self.word + _GAMMA) & _MASK
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

        Its draws are computed together (`_outputs`; compiled, one by one in C: `_shuffled`). Below
        `_MASK - len(items)` no draw can be rejected; past it (odds len(items) / 2**64 a draw) the
        shuffle is made one draw at a time instead, so a rejection is skipped exactly as `below` skips it
        (compiled, whether one lies ahead is known without the draws: `_rejection_ahead`).
        """
        last = len(items) - 1
        if last < 1:
            return
        if _NATIVE and isinstance(items, list):  # compiled: each step's draw made in C as it goes, no batch
            if last >= _BATCH_MAX or _rejection_ahead(self.word, len(items)):
                self._shuffle_one_by_one(items)
            else:
                self.word = _shuffled(items, self.word, last)
            return
        state = self.state
        draws = _outputs(state, last) if last < _BATCH_MAX else None
        if draws is None or max(draws) > _MASK - len(items):
            self._shuffle_one_by_one(items)
            return
        self.word = _held((state + last * _GAMMA) & _MASK)
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
            return Unsettled(self.word, 0)
        word = self.word
        if last >= _BATCH_MAX or _rejection_ahead(word, len(items)):
            self._shuffle_one_by_one(items)  # (as `shuffle` does then)
            return Unsettled(self.word, 0)
        if _NATIVE:
            self.word = _stepped(word, last)
            return Unsettled(_advanced(self.word), last)
        self.word = (word + last * _GAMMA) & _MASK
        return Unsettled((word + len(items) * _GAMMA) & _MASK, last)

    def sample_to_top(self, items: list[T], count: int) -> None:
        """Move `count` items chosen uniformly at random to the top (the end) of `items`, in random order,
        the others below them, not shuffled. These are the top `count` steps of a Fisher-Yates shuffle (the
        item at position i swapped with a uniform j <= i), but one generator output serves a dozen steps,
        and without a division: Lemire's batched draw (Brackett-Rozinsky and Lemire 2024, "Batched ranged
        random integer generation"). For the steps' ranges n1 = i + 1, n2 = i, ... (product P < 2**63) and
        an output w0, step k's j is the high word of w(k-1) * nk, wk its low word: the digits of
        floor(w0 * P / 2**64) in their mixed radix. Of the 2**64 outputs, each choice of the j's has
        floor(2**64 / P) or one more whose last low word (w0 * P mod 2**64) is at least 2**64 mod P: those
        are taken, the others (odds below P / 2**64) drawn again. Exactly uniform (tests/kernel/
        test_batched_draw.py counts it out on small words). A new stream in 2026-11 (it was a division per
        digit): only re-deals use it; a real deal shuffles (`shuffle`, `settle`: records replay those)."""
        i = len(items) - 1
        stop = max(i - count, 0)
        while i > stop:
            steps = min(63 // (i + 1).bit_length(), i - stop)  # their ranges' product stays below 2**63
            if _NATIVE:
                self._sample_digits(items, i, steps)
                i -= steps
                continue
            product, places = _batch(i, steps)
            z = self._digits_number(product)  # the interpreter reads the digits off it, the first one most
            for p, place in places:  # significant: a division each
                j, z = divmod(z, place)
                items[p], items[j] = items[j], items[p]
            i -= steps

    def _digits_number(self, product: int) -> int:
        """The interpreter's batched draw for ranges whose product is `product`: floor(z * product / 2**64), the
        number whose mixed-radix digits are the steps' j's, for the first output z that the exact check takes
        (its last low word, z * product mod 2**64, not below 2**64 mod product)."""
        word: int = self.word  # (an `int`, where compiled the field is an i64: this is the interpreter's path)
        while True:  # (`next_u64`, inlined)
            z = word = (word + _GAMMA) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z = (z ^ (z >> 31)) * product  # its digits' number above bit 64, the low word they leave below
            last = z & _MASK
            if last >= product or last >= _wrapped(product):
                self.word = word
                return z >> 64

    def _sample_digits(self, items: list[T], top: i64, steps: i64) -> None:
        """Compiled, `sample_to_top`'s steps from `top` down, in 32-bit halves: (h, lo) * n for n < 2**31 is
        two products below 2**63 (lo * n, then h * n plus its carry), the digit the bits past 64. Two
        multiplications a step where a division was two `CPyInt64_Divide` calls. (i64 indices: mypyc reads and
        writes a list item at an i64 index without the tagged-int checks, half the cost of an `int` one.)"""
        h, lo = self._batch_output(top, steps)
        p = top
        while p > top - steps:
            low = lo * (p + 1)
            high = h * (p + 1) + (low >> 32)
            h, lo = high & _M32, low & _M32
            j = high >> 32
            items[p], items[j] = items[j], items[p]
            p -= 1

    def _batch_output(self, top: i64, steps: i64) -> tuple[i64, i64]:
        """Compiled: the output (its halves) whose digits serve the ranges top + 1, top, ... of `steps` steps
        (product P < 2**63): outputs whose last low word, z * P mod 2**64, falls below 2**64 mod P are drawn
        again (`sample_to_top` says why)."""
        product: i64 = 1
        p = top + 1 - steps
        while p <= top:
            p += 1
            product *= p
        ph, pl = product >> 32, product & _M32
        while True:
            h, lo = self._output()
            last_h, last_lo = _mul_halves(h, lo, ph, pl)  # the low word the digits leave, z * product mod 2**64
            if last_h > ph or (last_h == ph and last_lo >= pl) or last_h * _TWO32 + last_lo >= _wrapped(product):
                return h, lo

    def deal_hands(self, low: i64, high: i64, hands: list[int], player: int, pile: int) -> list[int]:
        """Re-deal hands held as masks (bit c for card c) from the cards a seat cannot see, a set of integers below
        64 held as two 32-bit words (bit k of `low` is k, of `high` 32 + k): every hand of `hands` but `player`'s
        is dealt anew in place, in seat order, each as many cards as it holds now (the last of them what `pile`
        leaves: the unseen cards are the other hands and the pile), and the `pile` cards left are returned, lowest
        first (a draw pile before its shuffle). Too few unseen cards for the other hands and the pile is a
        ValueError. Kubo's re-deal deals so: no hand's card is listed, and nothing is made around the deal (a list
        of sizes, of masks, a tuple).

        Choice k (the first hand's cards first) is the j-th lowest of the n - k cards left, j drawn in the range
        n - k by `sample_to_top`'s batched digits (the same ranges, the same exact check): exactly uniform, the same
        deal in either arithmetic. Compiled, each choice is the word's j-th bit set (`bits.nth_set_bit32`, no
        loop; the word chosen by a sign mask); the interpreter lists the set once and pops the j-th item (a C
        `list.pop`), and what is left of that list is the pile."""
        n = len(hands)
        last = n - 1 if player != n - 1 else n - 2  # the hand dealt last: its size is what the pile leaves
        if not _NATIVE:  # the interpreter: the sizes read as the compiled loop reads them, the cards listed and popped
            sizes = [hand.bit_count() for hand in hands]  # (not `card_count`: a Python call more a hand)
            sizes[player] = sizes[last] = 0
            sizes[last] = (int(low) | int(high) << 32).bit_count() - pile - sum(sizes)
            if sizes[last] < 0:
                raise ValueError("deal_hands: the other hands and the pile do not hold the unseen cards")
            own = hands[player]
            hands[:], pool = self._deal_listed(low, high, sizes)
            hands[player] = own
            return pool
        below = _ones(low)  # how many of the unseen cards the low word holds
        left = below + _ones(high)
        dealt = left - pile
        i: i64 = left - 1  # the top position of the digits in (h, lo); they serve down to `drawn` + 1
        stop = i - dealt
        drawn = i
        h: i64 = 0
        lo: i64 = 0
        counted: i64 = 0  # the cards of the hands dealt so far
        for q in range(n):
            if q == player:
                continue
            owed: i64 = card_count(hands[q]) if q != last else dealt - counted
            counted += owed
            if owed < 0 or counted > dealt:  # (the last hand takes exactly what is left: `counted` is `dealt` then)
                raise ValueError("deal_hands: the other hands and the pile do not hold the unseen cards")
            chosen_low: i64 = 0
            chosen_high: i64 = 0
            while owed:
                if i == drawn:  # the output's digits are spent: the next output serves the next dozen positions
                    steps = min(63 // int(i + 1).bit_length(), int(i - stop))  # their ranges' product stays < 2**63
                    h, lo = self._batch_output(i, steps)
                    drawn = i - steps
                step_low = lo * (i + 1)
                step_high = h * (i + 1) + (step_low >> 32)
                h, lo = step_high & _M32, step_low & _M32
                j = step_high >> 32
                # The word that holds the j-th lowest card left, chosen by a sign mask (-1 for the high word): a
                # branch there is a guess the CPU gets wrong for a card in two.
                in_high = (below - 1 - j) >> 63
                bit = nth_set_bit32((low & ~in_high) | (high & in_high), j - (below & in_high))
                low ^= bit & ~in_high
                high ^= bit & in_high
                chosen_low |= bit & ~in_high
                chosen_high |= bit & in_high
                below -= 1 + in_high
                owed -= 1
                i -= 1
            hands[q] = int(chosen_low) | int(chosen_high) << 32
        return ascending(low, high)

    def _deal_listed(self, low: int, high: int, sizes: list[int]) -> tuple[list[int], list[int]]:
        """The interpreter's `deal_hands`: hands of these sizes (masks, in order) from the set's cards listed and
        popped one by one, and the cards left."""
        masks = [0] * len(sizes)
        dealt = sum(sizes)
        hand, owed = -1, 0  # the hand being dealt, and how many cards it still wants
        pool = cards_of(low | high << 32)  # (the interpreter's i64 is an `int`: no overflow)
        i, stop = len(pool) - 1, len(pool) - 1 - dealt
        if stop < -1:
            raise ValueError(f"deal_hands: cannot deal {dealt} cards from {len(pool)}")
        chosen = 0
        while i > stop:
            steps = min(63 // (i + 1).bit_length(), i - stop)
            radix, places = _batch(i, steps)
            z = self._digits_number(radix)
            for _p, place in places:
                while not owed:
                    hand += 1
                    owed = sizes[hand]
                j, z = divmod(z, place)
                chosen |= 1 << pool.pop(j)
                owed -= 1
                if not owed:
                    masks[hand], chosen = chosen, 0
            i -= steps
        return masks, pool

    def _shuffle_one_by_one(self, items: MutableSequence[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def spawn(self) -> Rng:
        """An independent child generator (e.g. one per bot)."""
        child = Rng() if _NATIVE else Rng.__new__(Rng)  # (as `_at`, inlined: every resample spawns)
        if _NATIVE:
            h, lo = self._output()
            child.word = _joined(h, lo)
        else:
            child.word = self.next_u64()
        return child

    def spawn_many(self, k: int) -> list[Rng]:
        """k children, the same as k calls of `spawn` make, their states computed together (`_outputs`)."""
        state = self.state
        children = [_at(_held(z)) for z in _outputs(state, k)]
        self.word = _held((state + k * _GAMMA) & _MASK)
        return children

    def clone(self) -> Rng:
        twin = Rng() if _NATIVE else Rng.__new__(Rng)  # (as `_at`, inlined: every state's clone makes one)
        twin.word = self.word
        return twin

    @classmethod
    def from_state(cls, state: object) -> Rng:
        # (`object`, not `int`: compiled, an `int` argument turns True into 1 before the check could refuse it)
        if isinstance(state, bool) or not isinstance(state, int) or not 0 <= state <= _MASK:
            raise ValueError(f"rng state must be an integer in [0, 2**64), got {_quote(state)}")
        return _at(_held(state))


def _at(word: i64) -> Rng:
    """A generator holding `word` (`Rng.word`). Compiled, `Rng()` is a native call (its seed mixed in C,
    cheaper than looking up `__new__`); the interpreter skips `__init__`."""
    rng = Rng() if _NATIVE else Rng.__new__(Rng)
    rng.word = word
    return rng


class Unsettled:
    """The put-off steps of a list shuffled by `Rng.shuffle_lazily`: positions 1 to len(self) are still
    to settle, the highest first. A shuffle of n items draws for position i the generator's output
    number n - i, `_mix(past - i * _GAMMA)` where `past` is the state n draws on; those draws are
    computed a few at a time (`_outputs`), as settling reaches them."""

    __slots__ = ("ahead", "left", "past")

    def __init__(self, past: i64, left: int, ahead: list[int] | None = None) -> None:
        self.past, self.left = past, left  # `past` held as a generator holds its state (`Rng.word`)
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
            if _NATIVE:
                self.ahead[:0] = _outputs_of_word(_stepped(self.past, -(p + 1)), count)[::-1]
            else:
                self.ahead[:0] = _outputs((self.past - (p + 1) * _GAMMA) & _MASK, count)[::-1]


def settle(items: list[T], steps: Unsettled, down_to: int = 1) -> None:
    """Carry out the put-off steps (`Rng.shuffle_lazily`) of the positions from the highest still
    unsettled down to `down_to`: all of them by default."""
    top, down_to = steps.left, max(down_to, 1)
    if top < down_to:
        return
    ahead = steps.ahead
    if not ahead and _NATIVE:  # a deal, compiled: each position's draw computed as it is settled
        word = _stepped(steps.past, -(top + 1))
        for i in range(top, down_to - 1, -1):
            word = _advanced(word)
            j = int(_draw_below(word, i + 1))
            items[i], items[j] = items[j], items[i]
        steps.left = down_to - 1
        return
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
        if not ahead and _NATIVE:  # compiled: position i's draw, `_mix(past - i * _GAMMA)`, made in C, no batch
            j = int(_draw_below(_stepped(steps.past, -i), i + 1))
        else:
            if not ahead:
                steps.compute(1)
            j = ahead.pop() % (i + 1)
        items[i], items[j] = items[j], items[i]
        steps.left = i - 1
    return items.pop()


_UNMIX: Final = ((31, pow(0x94D049BB133111EB, -1, 1 << 64)), (27, pow(0xBF58476D1CE4E5B9, -1, 1 << 64)), (30, 1))


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


_BUCKET_SHIFT: Final = 44  # a number's bucket in `_rejection_filter`: its top 20 bits


def _rejection_filter() -> bytes:
    """A bit for each 2**44 numbers (a bucket, 2**20 of them): set where some output a lazy shuffle of up to
    `_BATCH_MAX` items does not take as it is has its number (`_rejected_steps(_BATCH_MAX)`: a smaller list's
    rejected outputs are among them, the top ones). 128 KiB, made once, by the compiled build's first lazy shuffle."""
    bits = bytearray(1 << (64 - _BUCKET_SHIFT - 3))
    for mark in _rejected_steps(_BATCH_MAX):
        bucket = mark >> _BUCKET_SHIFT
        bits[bucket >> 3] |= 1 << (bucket & 7)
    return bytes(bits)


_FILTER: Final[list[bytes]] = []  # `_rejection_filter()`, once made (a list: compiled, a Final list is a C static)


def _rejection_ahead(word: i64, size: int) -> bool:
    """`_rejection_within` for a generator holding `word` (`Rng.word`), size <= `_BATCH_MAX`. Compiled, output 1's
    number is found in halves, and the window of `size - 1` numbers from it spans at most two buckets of
    `_rejection_filter`: unless one of them holds a rejected number (odds about 2 * 4096 / 2**20), there is none in
    it, and no big integer or cache look-up was made."""
    if not _NATIVE:
        return _rejection_within((word * _GAMMA_INVERSE + 1) & _MASK, size)
    h, lo = _mul_halves((word >> 32) & _M32, word & _M32, _INVERSE_HI, _INVERSE_LO)
    h, lo = (h + ((lo + 1) >> 32)) & _M32, (lo + 1) & _M32
    if not _FILTER:
        _FILTER.append(_rejection_filter())
    marks, bucket = _FILTER[0], h >> (_BUCKET_SHIFT - 32)
    after = (bucket + 1) & ((1 << (64 - _BUCKET_SHIFT)) - 1)  # (the window may wrap round past 2**64 - 1)
    if not (marks[bucket >> 3] >> (bucket & 7)) & 1 and not (marks[after >> 3] >> (after & 7)) & 1:
        return False
    return _rejection_within(int(h) << 32 | int(lo), size)


def _rejection_within(lo: int, size: int) -> bool:
    """Would any of the next `size - 1` draws of a generator be an output `shuffle` cannot take as it is
    (`max(draws) > _MASK - size`)? Answered without computing them: output k from state s is
    `_mix(s + k * _GAMMA)`, so k is found from each such output's input by one multiplication. `lo` is the
    number of the generator's output 1, `(s * _GAMMA_INVERSE + 1) & _MASK`."""
    marks = _rejected_steps(size)
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
