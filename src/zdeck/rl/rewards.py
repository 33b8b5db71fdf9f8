"""Rewards at the end of a game, from its scores: the schemes an env's `reward=` option names.

| scheme | reward of each seat at the end |
|---|---|
| `"win"` (default with two seats or more) | +1 for a winner (every seat tied for best is one), -1 for the others |
| `"rank"` | +1 for the best score to -1 for the worst, linearly in the rank; tied seats share the mean of their ranks; a one-seat game: as `"win"` |
| `"score"` (default in a one-seat game: Solo) | the seat's match score in the rulebook's points, negated where lower is better (`Game.score_order`), so higher is always better |

A callable `reward(scores, winners, score_order) -> list of floats` may be given instead.
A game stopped by `max_moments` (truncated) gives every seat 0.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

RewardFn = Callable[[Sequence[float], Sequence[int], str], Sequence[float]]


def win(scores: Sequence[float], winners: Sequence[int], order: str) -> list[float]:
    return [1.0 if p in winners else -1.0 for p in range(len(scores))]


def rank(scores: Sequence[float], winners: Sequence[int], order: str) -> list[float]:
    n = len(scores)
    if n == 1:
        return win(scores, winners, order)
    sign = -1.0 if order == "lower" else 1.0
    keyed = [sign * s for s in scores]
    out = []
    for s in keyed:
        better = sum(1 for t in keyed if t > s)
        tied = sum(1 for t in keyed if t == s)
        mean_rank = better + (tied - 1) / 2  # 0 is the best rank, n - 1 the worst
        out.append(1.0 - 2.0 * mean_rank / (n - 1))
    return out


def score(scores: Sequence[float], winners: Sequence[int], order: str) -> list[float]:
    sign = -1.0 if order == "lower" else 1.0
    return [sign * float(s) for s in scores]


SCHEMES: dict[str, RewardFn] = {"win": win, "rank": rank, "score": score}


def scheme(reward: str | RewardFn) -> RewardFn:
    """The reward function an env's `reward=` names; ValueError for an unknown name."""
    if callable(reward):
        return reward
    try:
        return SCHEMES[reward]
    except (KeyError, TypeError):
        raise ValueError(f"unknown reward {str(reward)[:60]!r}; choose one of {', '.join(SCHEMES)} "
                         "or pass a function (scores, winners, score_order) -> rewards") from None
