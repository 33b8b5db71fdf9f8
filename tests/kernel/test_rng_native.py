"""The generator's two arithmetics give one stream: big Python integers (what the interpreter runs) and
32-bit halves held as i64 (what the compiled build runs, `zdeck.rng._NATIVE`). Under pure Python the
halves are exact integers too, so switching `_NATIVE` on here runs the compiled build's code path and
must draw exactly what the big-integer path draws; tests/builds compares the builds themselves."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import zdeck.rng as rng_module
from zdeck.rng import Rng, pop_settled, settle

MASK = 2**64 - 1
pytestmark = pytest.mark.skipif(rng_module._NATIVE, reason="the compiled module's arithmetic is fixed at build time")


@contextmanager
def halves() -> Iterator[None]:
    rng_module._NATIVE = True
    try:
        yield
    finally:
        rng_module._NATIVE = False


def both(run: Callable[[], Any]) -> tuple[Any, Any]:
    big = run()
    with halves():
        return big, run()


def _state_before_output(z: int) -> int:
    """The state whose next output is z (SplitMix64's mix inverted)."""
    return (rng_module._unmix(z) - 0x9E3779B97F4A7C15) & MASK


@given(st.integers(min_value=0, max_value=MASK))
def test_the_halves_mix_is_splitmix64s(z: int) -> None:
    h, lo = rng_module._mix_halves(z >> 32, z & 0xFFFFFFFF)
    assert h << 32 | lo == rng_module._mix(z)


@given(st.integers(min_value=0, max_value=MASK))
def test_a_state_held_as_an_i64_steps_on_as_the_unsigned_one(state: int) -> None:
    word = state - 2**64 if state >= 2**63 else state
    assert -(2**63) <= rng_module._advanced(word) < 2**63
    assert rng_module._advanced(word) & MASK == (state + 0x9E3779B97F4A7C15) & MASK
    with halves():
        assert rng_module._held(state) == word and Rng.from_state(state).state == state


@given(st.integers(min_value=0, max_value=MASK), st.integers(min_value=-(2**31) + 1, max_value=2**31 - 1))
def test_a_held_state_steps_any_way(state: int, k: int) -> None:
    word = state - 2**64 if state >= 2**63 else state
    assert rng_module._stepped(word, k) & MASK == (state + k * 0x9E3779B97F4A7C15) & MASK


@settings(max_examples=60)
@given(st.integers(min_value=0, max_value=2**80))
def test_every_draw_is_the_same_in_halves(seed: int) -> None:
    def run() -> list[Any]:
        rng = Rng(seed)
        out: list[Any] = [rng.state, rng.next_u64(), rng.random(), rng.clone().state, rng.spawn().state]
        out += [rng.below(n) for n in (1, 2, 3, 52, 1024, 1025, 2**31 - 1, 2**31, 2**40 + 3, 2**63 + 5, MASK)]
        for size in (1, 2, 5, 13, 45, 64, 100, 300):
            items = list(range(size))
            rng.sample_to_top(items, size // 2 + 1)
            out.append(items)
        items = list(range(60))
        rng.shuffle(items)
        out += [items, [child.state for child in rng.spawn_many(3)], rng.state]
        for size, dealt in ((40, 12), (52, 0), (90, 89), (2, 1)):  # dealt, then drawn one by one, then the rest
            pile = list(range(size))
            steps = rng.shuffle_lazily(pile)
            out += [steps.past & MASK, len(steps), rng.state]
            settle(pile, steps, size - dealt)
            out += [pile[size - dealt:], [pop_settled(pile, steps) for _ in range(min(20, size - dealt))]]
            settle(pile, steps)
            out.append(pile)
        return out

    big, small = both(run)
    assert big == small


@pytest.mark.parametrize("n", [1, 3, 7, 52, 1000, 2**20 + 7, 2**31 - 1])
def test_below_rejects_the_same_top_outputs_in_halves(n: int) -> None:
    """Outputs at the rejection limit `_MASK - _MASK % n` and just under it, planted: the first is skipped
    by both arithmetics, the second taken by both."""
    limit = MASK - MASK % n
    for z in (limit - 1, limit, MASK, 2**64 - 2**32, 2**63):
        big, small = both(lambda z=z: (Rng.from_state(_state_before_output(z)).below(n)))  # type: ignore[misc]
        assert big == small
        rng = Rng.from_state(_state_before_output(z))
        rng.below(n)
        assert (rng.state == (_state_before_output(z) + 0x9E3779B97F4A7C15) & MASK) == (z < limit)


@pytest.mark.parametrize("size", [2, 3, 40, 81, 300, 4096])
def test_the_lazy_shuffles_rejection_check_is_the_same_in_halves(size: int) -> None:
    """A rejected output planted at each edge of the window of draws a lazy shuffle puts off, and the largest
    output that is not rejected: the halves' check (two buckets of the filter first) answers as the big integers'."""
    for bad in (MASK, 2**64 - size, 2**64 - size - 1):
        for draws_before in sorted({0, 1, max(size - 3, 0), size - 2, size - 1, size}):
            state = (rng_module._unmix(bad) - (draws_before + 1) * 0x9E3779B97F4A7C15) & MASK
            word = state - 2**64 if state >= 2**63 else state
            big = rng_module._rejection_ahead(state, size)
            with halves():
                assert rng_module._rejection_ahead(word, size) == big
            assert big == (bad > MASK - size and draws_before < size - 1)


@pytest.mark.parametrize("size", [2, 3, 30, 64, 300])
def test_shuffle_skips_a_rejected_draw_the_same_in_halves(size: int) -> None:
    """`shuffle` compiled draws each step in C after the filter's look-ahead (`_rejection_ahead`): an output it
    cannot take (and the largest it can) planted before, at and past each edge of its draws, the same list and
    generator state as the big integers' batch."""
    for bad in (MASK, 2**64 - size, 2**64 - size - 1):
        for draws_before in sorted({0, 1, max(size - 3, 0), size - 2, size - 1}):
            state = (rng_module._unmix(bad) - (draws_before + 1) * 0x9E3779B97F4A7C15) & MASK

            def run(state: int = state) -> tuple[list[int], int]:
                rng, items = Rng.from_state(state), list(range(size))
                rng.shuffle(items)
                return items, rng.state

            big, small = both(run)
            assert big == small
