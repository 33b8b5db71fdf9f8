"""The shared keys of every observation (docs/observations.md), encoded the same way in every game."""

from __future__ import annotations

from collections.abc import Sequence

from zdeck.vectors.encoding import (
    BIG,
    Cards,
    Entry,
    Flag,
    Ignored,
    Null,
    Num,
    OneOf,
    PerSeat,
    RoundScores,
    SeatOf,
    Seats,
)


def head(phases: Sequence[str], *, rounds_scale: float = 10.0) -> list[Entry]:
    """`game` to `round`, `rounds`: the first keys of every observation."""
    return [
        Ignored("game", "the env's game, the same in every observation"),
        Ignored("seat", "always the observer: every seat in the vector is relative to it"),
        OneOf("phase", list(phases)),
        SeatOf("turn"),
        Num("round", rounds_scale),
        Num("rounds", rounds_scale),
    ]


def hands(vocab: Sequence[str], most: int = 1, sizes_scale: float = 10.0) -> list[Entry]:
    """`hand` (a count per card) and `hand_sizes` (by seat, relative)."""
    return [Cards("hand", vocab, most), PerSeat("hand_sizes", sizes_scale)]


def no_hands() -> list[Entry]:
    return [Null("hand"), Null("hand_sizes")]


def outcome(scale: float) -> list[Entry]:
    """`scores` to `winners`."""
    return [
        PerSeat("scores", scale, low=-BIG),
        RoundScores("round_scores", scale),
        Flag("over"),
        Seats("winners"),
    ]
