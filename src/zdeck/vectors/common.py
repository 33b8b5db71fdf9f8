"""The shared keys of every observation (docs/observations.md), encoded the same way in every game."""

from __future__ import annotations

from collections.abc import Sequence

from zdeck.vectors.encoding import (
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


def head(phases: Sequence[str], *, rounds: float, rounds_scale: float = 10.0) -> list[Entry]:
    """`game` to `round`, `rounds`: the first keys of every observation. `rounds`: the most rounds a game has
    (UNBOUNDED for a match played to a target)."""
    return [
        Ignored("game", "the env's game, the same in every observation"),
        Ignored("seat", "always the observer: every seat in the vector is relative to it"),
        OneOf("phase", list(phases)),
        SeatOf("turn"),
        Num("round", rounds_scale, high=rounds),
        Num("rounds", rounds_scale, high=rounds),
    ]


def hands(vocab: Sequence[str], most: int = 1, sizes_scale: float = 10.0, *, largest: float) -> list[Entry]:
    """`hand` (a count per card) and `hand_sizes` (by seat, relative); `largest`: the most cards a hand can hold."""
    return [Cards("hand", vocab, most), PerSeat("hand_sizes", sizes_scale, high=largest)]


def no_hands() -> list[Entry]:
    return [Null("hand"), Null("hand_sizes")]


def outcome(scale: float, *, rounds: float, per_round: tuple[float, float], total: tuple[float, float]) -> list[Entry]:
    """`scores` to `winners`: `per_round` bounds a round's scores and `total` the match's, as the rules do (raw
    points; UNBOUNDED where they do not), `rounds` the number of rounds."""
    return [
        PerSeat("scores", scale, low=total[0], high=total[1]),
        RoundScores("round_scores", scale, rounds=rounds, low=per_round[0], high=per_round[1]),
        Flag("over"),
        Seats("winners"),
        Ignored("options", "the options a policy needs are encoded where the game's fields name them "
                "(`options.<name>`); the rest are fixed for an environment"),
    ]


def match(rounds: float, per_round: tuple[float, float]) -> tuple[float, float]:
    """A match's bounds from its rounds': the sum over rounds (UNBOUNDED where the rounds are)."""
    def times(points: float) -> float:
        return 0.0 if points == 0 else rounds * points
    return times(per_round[0]), times(per_round[1])
