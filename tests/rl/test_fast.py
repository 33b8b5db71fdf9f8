"""Every game's fast encoder (`decks/<game>/encoding.py`, written straight from the state) gives, bit for
bit, the vector of the reference encoder (through the observation dict), for every seat, at every
moment of seeded random games with races, late cards, timeouts and round ends."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

import zdeck
import zdeck.rl
from tests.rl.variants import IDS, VARIANTS
from zdeck.core import State
from zdeck.rl import encodings
from zdeck.rl.referee import accepts_timeout
from zdeck.rng import Rng
from zdeck.vectors.fast import ReferenceStateEncoder

Variant = tuple[str, int, dict[str, Any]]
GAMES, MOMENTS = 4, 400  # per variant: whole short games, each cut at MOMENTS


def played(game: zdeck.core.Game, seed: int) -> Iterator[State]:
    """Every state of a random game, moved on the referee's way: each actor proposes or (sometimes) waits,
    late proposals resolved by the rules, timeouts where everyone waits."""
    rng, state = Rng(seed), game.new_state(seed)
    for _ in range(MOMENTS):
        yield state
        moves = state.moves()
        if not moves:
            return
        proposals = [(p, legal[rng.below(len(legal))]) for p, legal in moves if legal and rng.below(5)]
        if not proposals:
            try:
                state.timeout()
            except zdeck.IllegalAction:
                player, legal = next((p, legal) for p, legal in moves if legal)
                state.apply_listed(player, legal[0])
            continue
        seen = state.version
        for k, (player, action) in enumerate(proposals):
            try:
                state.apply_listed(player, action, None if k == 0 else seen)
            except zdeck.IllegalAction:
                pass


@pytest.mark.parametrize("variant", VARIANTS, ids=IDS)
def test_the_fast_encoder_writes_the_reference_vector_bit_for_bit(variant: Variant) -> None:
    game_id, players, options = variant
    game = zdeck.make(game_id, players, **options)
    reference, fast = zdeck.rl.encoder(game), zdeck.rl.state_encoder(game)
    assert not isinstance(fast, ReferenceStateEncoder), f"{game_id} has no fast encoder"
    checked = 0
    for seed in range(GAMES):
        for state in played(game, seed):
            every = fast.encode_all(state)
            for seat in range(players):
                expected = reference.encode(state.observation(seat))
                one = fast.encode(state, seat)
                assert one.dtype == np.float32 and one.shape == expected.shape
                if not np.array_equal(one, expected) or not np.array_equal(every[seat], expected):
                    wrong = [key for key, at, size, _ in reference.layout()
                             if not np.array_equal(one[at:at + size], expected[at:at + size])
                             or not np.array_equal(every[seat][at:at + size], expected[at:at + size])]
                    pytest.fail(f"{game_id} seed {seed} v{state.version} seat {seat}: {wrong} differ")
                checked += 1
    assert checked > 100


@pytest.mark.parametrize("variant", VARIANTS, ids=IDS)
def test_the_seat_rotation_turns_seat_0s_vector_into_every_seats(variant: Variant) -> None:
    """`Encoder.rotations`: an observation told from seat s differs from seat 0's only by where the per-seat
    blocks sit, so seat 0's vector rotated is seat s's (what the fast encoders rely on)."""
    game_id, players, options = variant
    game = zdeck.make(game_id, players, **options)
    reference = zdeck.rl.encoder(game)
    perm = reference.rotations()
    for state in list(played(game, 7))[::5]:
        seen = state.observation(0)
        mine = reference.encode(seen)
        for seat in range(players):
            assert np.array_equal(reference.encode({**seen, "seat": seat}), mine[perm[seat]]), (state.version, seat)


@pytest.mark.parametrize("variant", VARIANTS, ids=IDS)
def test_a_game_s_own_times_out_says_what_the_kernel_says(variant: tuple[str, int, dict[str, Any]]) -> None:
    """`times_out` in a game's encoding.py (who may hold back: everyone, where the state takes a timeout) is a
    shortcut of `referee.accepts_timeout` (a copy of the state asked to time out): the same answer at every moment
    of seeded games played with races, late cards and timeouts."""
    game_id, players, options = variant
    game = zdeck.make(game_id, players, **options)
    own = encodings.rules(game).times_out
    checked = 0
    for seed in range(3):
        for state in played(game, seed):
            if not state.is_over():
                assert own(state) == accepts_timeout(state), f"{game_id} seed {seed} v{state.version}"
                checked += 1
    assert checked > 50


@pytest.mark.parametrize("version", [1, 2], ids=["v1", "v2"])
@pytest.mark.parametrize("variant", VARIANTS, ids=IDS)
def test_the_kept_vectors_follow_any_order_of_states_and_seats(variant: Variant, version: int) -> None:
    """The fast encoders keep the last state's vectors and update them from what changed (`fast.StateEncoder`):
    one encoder asked, in a seeded random order, for random seats of a long played game, of copies of it taken
    along the way (another object: not the successor), of an older copy again, and of a second game played
    beside it, by `encode`, `encode_into` and `encode_all`, gives the reference's vector every time; and a vector
    it handed out never changes afterwards."""
    game_id, players, options = variant
    game = zdeck.make(game_id, players, **options)
    reference, fast = zdeck.rl.encoder(game, version), zdeck.rl.state_encoder(game, version)
    rng = Rng(1000 + version)
    kept: list[State] = []
    handed: list[tuple[np.ndarray, np.ndarray]] = []  # (a vector handed out, a copy of it then)

    def check(state: State, where: str) -> None:
        seat = rng.below(players)
        expected = reference.encode(state.observation(seat))
        way = rng.below(3)
        if way == 0:
            got = fast.encode(state, seat)
        elif way == 1:
            got = np.full(fast.size, 7.0, dtype=np.float32)
            fast.encode_into(state, seat, got)
        else:
            got = fast.encode_all(state)[seat]
        assert np.array_equal(got, expected), f"{game_id} v{version} {where} v{state.version} seat {seat} (way {way})"
        if rng.below(8) == 0:
            handed.append((got, got.copy()))

    beside = played(game, 99)
    for seed in range(5, 5 + GAMES):
        for state in played(game, seed):
            check(state, "game")
            if rng.below(10) == 0:
                kept.append(state.clone())
            if kept and rng.below(7) == 0:
                check(kept[rng.below(len(kept))], "an older copy")
            if rng.below(9) == 0:
                other = next(beside, None)
                if other is not None:
                    check(other, "the game beside")
    assert len(kept) > 3 and handed
    for vector, then in handed:
        assert np.array_equal(vector, then), "a vector handed out changed"
