"""The intervals the reports print, in plain Python (no numpy needed to read a batch).

- a rate (a seat's win rate, the share of games that ended blocked): the Wilson score interval, right
  also near 0 and 1 and for few games, where the normal approximation is not;
- a mean (decisions per game): the normal approximation, mean +- z * sd / sqrt(n);
- a difference between two variants played on the same seeds: the normal approximation of the paired
  differences (game by game, variant B minus variant A), whose spread leaves out the luck of the deal
  that both variants share - narrower than comparing two independent means.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist

LEVEL = 0.95
Z = NormalDist().inv_cdf(0.5 + LEVEL / 2)  # 1.96


@dataclass(frozen=True)
class Estimate:
    """A figure with its 95% interval, over `n` games (or rounds, or pairs)."""

    value: float
    low: float
    high: float
    n: int

    def as_dict(self, digits: int = 4) -> dict[str, float | int]:
        return {"value": round(self.value, digits), "low": round(self.low, digits), "high": round(self.high, digits),
                "n": self.n}

    def excludes_zero(self) -> bool:
        return self.low > 0 or self.high < 0


def wilson(successes: float, n: int, z: float = Z) -> Estimate:
    """The share successes/n with its Wilson score interval (a tie's shared win counts as a fraction)."""
    if n <= 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    low = 0.0 if successes <= 0 else max(0.0, centre - half)  # exactly 0 (1) when none (all) succeeded
    high = 1.0 if successes >= n else min(1.0, centre + half)
    return Estimate(p, low, high, n)


def mean(values: Sequence[float], z: float = Z) -> Estimate:
    """The mean with the normal-approximation interval (no interval from fewer than two values)."""
    n = len(values)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    centre = math.fsum(values) / n
    if n < 2:
        return Estimate(centre, math.nan, math.nan, n)
    sd = math.sqrt(math.fsum((v - centre) ** 2 for v in values) / (n - 1))
    half = z * sd / math.sqrt(n)
    return Estimate(centre, centre - half, centre + half, n)


def paired_difference(a: Sequence[float | None], b: Sequence[float | None], z: float = Z) -> Estimate:
    """Mean of b - a over the games both have a value for (same index = same seed), with the normal
    approximation of the paired differences."""
    return mean([y - x for x, y in zip(a, b) if x is not None and y is not None], z)


def quantiles(values: Sequence[float], cuts: Sequence[float] = (0.1, 0.5, 0.9)) -> list[float]:
    """Quantiles by the nearest rank on the sorted values (for tables: p10, median, p90)."""
    if not values:
        return [math.nan for _ in cuts]
    ordered = sorted(values)
    return [ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))] for q in cuts]
