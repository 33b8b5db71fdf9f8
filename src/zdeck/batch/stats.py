"""The statistics the reports print, in plain Python (no numpy or scipy needed to read a batch).

- a **share** (a seat's win rate, the share of games that ended blocked): the Wilson score interval, right
  also near 0 and 1 and for few games, where the normal approximation is not. A share of things nested in
  games (hands, decisions) uses Wilson with the effective number of games (`clustered_share`): the hands
  of one game are not independent draws, and counting each as one would make the interval too narrow;
- a **mean** (decisions per game): the normal approximation, mean +- z * sd / sqrt(n);
- a **difference** between two variants played on the same seeds, game by game (variant B minus A): for a
  mean, the normal approximation of the paired differences, whose spread leaves out the luck of the deal
  both variants share; for a share, Newcombe's hybrid score interval for paired data (his method 10),
  built from the two Wilson intervals, so a difference of shares never leaves [-1, 1];
- **fairness**: Pearson's chi-square test that every position wins its fair share (one test for all
  seats), and the largest distance from fair that simultaneous (Bonferroni) Wilson intervals allow;
- **many tests at once**: Holm's step-down adjustment (family-wise error) for the figures a designer names
  as primary, Benjamini-Hochberg's (false discovery rate) for the rest;
- **power**: the smallest difference a figure can detect at a number of games (5% two-sided, 80% power).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist

LEVEL = 0.95
ALPHA = 1 - LEVEL
POWER = 0.80
_NORMAL = NormalDist()
Z = _NORMAL.inv_cdf(0.5 + LEVEL / 2)  # 1.96
Z_POWER = _NORMAL.inv_cdf(POWER)  # 0.84


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


NOTHING = Estimate(math.nan, math.nan, math.nan, 0)


def wilson(successes: float, n: float, z: float = Z) -> Estimate:
    """The share successes/n with its Wilson score interval (a tie's shared win counts as a fraction; `n` may
    be an effective number, see `clustered_share`)."""
    if n <= 0:
        return NOTHING
    p = min(1.0, max(0.0, successes / n))
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    low = 0.0 if successes <= 0 else max(0.0, centre - half)  # exactly 0 (1) when none (all) succeeded
    high = 1.0 if successes >= n else min(1.0, centre + half)
    return Estimate(p, low, high, round(n))


def design_effect(successes: Sequence[float], trials: Sequence[float]) -> float:
    """How much less a share of units nested in games (game g: successes[g] of trials[g] hands) tells than as
    many independent units: the variance of the pooled share across games (the ratio estimator's) over the
    binomial variance p(1-p)/units (Kish's design effect), at least 1 (hands that vary less than independent
    ones are not counted as more than they are). 1 with one unit per game or fewer than two games."""
    both = [(s, t) for s, t in zip(successes, trials) if t > 0]
    units = math.fsum(t for _, t in both)
    games = len(both)
    if games < 2 or units <= 0:
        return 1.0
    p = math.fsum(s for s, _ in both) / units
    if p <= 0 or p >= 1:
        return 1.0
    mean_t = units / games  # (the variances are both taken over the games, so one unit per game gives exactly 1)
    spread = math.fsum((s - p * t) ** 2 for s, t in both) / games / (mean_t * mean_t) / games
    return max(1.0, spread / (p * (1 - p) / units))


def clustered_share(successes: Sequence[float], trials: Sequence[float], z: float = Z) -> Estimate:
    """The pooled share sum(successes) / sum(trials) of units nested in games (game g had trials[g] hands, of
    which successes[g] were won), with a Wilson interval on the effective number of units: the units divided
    by the `design_effect`. One unit per game gives plain Wilson; games whose units all agree count as little
    more than one unit each. `n` is the number of units."""
    units = math.fsum(t for t in trials if t > 0)
    if units <= 0:
        return NOTHING
    p = math.fsum(s for s, t in zip(successes, trials) if t > 0) / units
    effective = units / design_effect(successes, trials)
    est = wilson(p * effective, effective, z)
    return Estimate(p, est.low, est.high, round(units))


def mean(values: Sequence[float], z: float = Z) -> Estimate:
    """The mean with the normal-approximation interval (no interval from fewer than two values)."""
    n = len(values)
    if n == 0:
        return NOTHING
    centre = math.fsum(values) / n
    if n < 2:
        return Estimate(centre, math.nan, math.nan, n)
    half = z * sd(values) / math.sqrt(n)
    return Estimate(centre, centre - half, centre + half, n)


def sd(values: Sequence[float]) -> float:
    """The sample standard deviation (0 for fewer than two values)."""
    n = len(values)
    if n < 2:
        return 0.0
    centre = math.fsum(values) / n
    return math.sqrt(math.fsum((v - centre) ** 2 for v in values) / (n - 1))


def pairs(a: Sequence[float | None], b: Sequence[float | None]) -> tuple[list[float], list[float]]:
    """The values of the games both have (same index = same seed), as two lists."""
    both = [(x, y) for x, y in zip(a, b) if x is not None and y is not None]
    return [x for x, _ in both], [y for _, y in both]


def paired_difference(a: Sequence[float | None], b: Sequence[float | None], z: float = Z) -> Estimate:
    """Mean of b - a over the games both have a value for (same index = same seed), with the normal
    approximation of the paired differences."""
    xs, ys = pairs(a, b)
    return mean([y - x for x, y in zip(xs, ys)], z)


def paired_share_difference(a: Sequence[float | None], b: Sequence[float | None], z: float = Z) -> Estimate:
    """mean(b) - mean(a) of per-game shares in [0, 1] (a win, a half win, a yes/no) paired by game, with
    Newcombe's square-and-add interval for paired proportions (Newcombe 1998, method 10): each share's
    Wilson interval, combined through the correlation of the pairs with his continuity correction. For 0/1
    values it is exactly his; a shared win (a half) enters through the same moments."""
    xs, ys = pairs(a, b)
    n = len(xs)
    if n == 0:
        return NOTHING
    p1, p2 = math.fsum(xs) / n, math.fsum(ys) / n
    w1, w2 = wilson(p1 * n, n, z), wilson(p2 * n, n, z)
    psi = _newcombe_psi(xs, ys, p1, p2)
    delta = p2 - p1
    low = delta - math.sqrt(max(0.0, (p2 - w2.low) ** 2 - 2 * psi * (p2 - w2.low) * (w1.high - p1) + (w1.high - p1) ** 2))
    high = delta + math.sqrt(max(0.0, (w2.high - p2) ** 2 - 2 * psi * (w2.high - p2) * (p1 - w1.low) + (p1 - w1.low) ** 2))
    return Estimate(delta, max(-1.0, low), min(1.0, high), n)


def _newcombe_psi(xs: Sequence[float], ys: Sequence[float], p1: float, p2: float) -> float:
    """Newcombe's correlation of the pairs: phi = (ad - bc) / sqrt(product of the margins) of the 2x2 table,
    with ad - bc (= n^2 times the covariance) lowered by n/2 when positive and 0 up to n/2."""
    n = len(xs)
    scale = p1 * (1 - p1) * p2 * (1 - p2)
    if scale <= 0:
        return 0.0
    covariance = math.fsum(x * y for x, y in zip(xs, ys)) / n - p1 * p2
    if covariance > 1 / (2 * n):
        return (covariance - 1 / (2 * n)) / math.sqrt(scale)
    return min(0.0, covariance) / math.sqrt(scale)


def correlation(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Pearson's r (0 where either side does not vary)."""
    n = len(xs)
    if n < 2:
        return 0.0
    mx, my = math.fsum(xs) / n, math.fsum(ys) / n
    sxy = math.fsum((x - mx) * (y - my) for x, y in zip(xs, ys))
    sxx = math.fsum((x - mx) ** 2 for x in xs)
    syy = math.fsum((y - my) ** 2 for y in ys)
    return sxy / math.sqrt(sxx * syy) if sxx > 0 and syy > 0 else 0.0


def paired_p(a: Sequence[float | None], b: Sequence[float | None]) -> float:
    """Two-sided p-value of the paired z test that mean(b - a) is 0 (1.0 when every pair agrees; 0.0 when
    every pair differs by the same non-zero amount)."""
    xs, ys = pairs(a, b)
    diffs = [y - x for x, y in zip(xs, ys)]
    if not diffs:
        return math.nan
    centre = math.fsum(diffs) / len(diffs)
    spread = sd(diffs)
    if spread == 0:
        return 1.0 if centre == 0 else 0.0
    return 2 * (1 - _NORMAL.cdf(abs(centre) / (spread / math.sqrt(len(diffs)))))


@dataclass(frozen=True)
class Paired:
    """A paired difference (variant B minus A, game by game) with its 95% interval, the two-sided p-value of
    the paired test that it is 0, and `spread`: the sd of the per-game differences (for a ratio, of their
    linearised form), which says how small a difference this many pairs can detect (`detectable`)."""

    estimate: Estimate
    p: float
    spread: float


def paired_mean(a: Sequence[float | None], b: Sequence[float | None]) -> Paired:
    """A mean's paired difference: the normal approximation of the per-game differences."""
    xs, ys = pairs(a, b)
    diffs = [y - x for x, y in zip(xs, ys)]
    return Paired(mean(diffs), paired_p(a, b), sd(diffs))


def paired_share(a: Sequence[float | None], b: Sequence[float | None]) -> Paired:
    """A share's paired difference: Newcombe's interval (`paired_share_difference`), the paired z test."""
    xs, ys = pairs(a, b)
    return Paired(paired_share_difference(a, b), paired_p(a, b), sd([y - x for x, y in zip(xs, ys)]))


def paired_ratio(a: Sequence[tuple[float, float] | None], b: Sequence[tuple[float, float] | None],
                 z: float = Z) -> Paired:
    """The difference of two pooled shares of units nested in games (sum of successes over sum of units),
    paired by game: the delta method over games, each game's linearised contribution (successes - share *
    units) / mean units, differenced between the variants; games are the independent units."""
    both = [(x, y) for x, y in zip(a, b) if x is not None and y is not None and x[1] > 0 and y[1] > 0]
    n = len(both)
    if n == 0:
        return Paired(NOTHING, math.nan, math.nan)
    sa, ta = math.fsum(x[0] for x, _ in both), math.fsum(x[1] for x, _ in both)
    sb, tb = math.fsum(y[0] for _, y in both), math.fsum(y[1] for _, y in both)
    pa, pb = sa / ta, sb / tb
    lin = [(y[0] - pb * y[1]) / (tb / n) - (x[0] - pa * x[1]) / (ta / n) for x, y in both]
    spread = sd(lin)
    delta = pb - pa
    if n < 2:
        return Paired(Estimate(delta, math.nan, math.nan, n), math.nan, spread)
    se = spread / math.sqrt(n)
    if se == 0:
        return Paired(Estimate(delta, delta, delta, n), 1.0 if delta == 0 else 0.0, spread)
    p = 2 * (1 - _NORMAL.cdf(abs(delta) / se))
    return Paired(Estimate(delta, max(-1.0, delta - z * se), min(1.0, delta + z * se), n), p, spread)


def ratio_spread(successes: Sequence[float], trials: Sequence[float]) -> float:
    """The per-game sd of a pooled share's linearised contributions (see `paired_ratio`): what one batch's
    games say about the spread a paired comparison of this share would see from one variant alone."""
    both = [(s, t) for s, t in zip(successes, trials) if t > 0]
    if len(both) < 2:
        return math.nan
    units = math.fsum(t for _, t in both)
    p = math.fsum(s for s, _ in both) / units
    per = units / len(both)
    return sd([(s - p * t) / per for s, t in both])


# -- fairness: one test for every seat -----------------------------------------------------------------------

def chi_square_sf(statistic: float, df: int) -> float:
    """P(X >= statistic) for X chi-square with `df` degrees of freedom: the regularized upper incomplete gamma
    function Q(df/2, statistic/2), by its series below a + 1 and its continued fraction above (Numerical
    Recipes' gammq)."""
    if df < 1:
        raise ValueError("a chi-square test needs at least one degree of freedom")
    if statistic <= 0:
        return 1.0
    a, x = df / 2, statistic / 2
    log_front = -x + a * math.log(x) - math.lgamma(a)
    if x < a + 1:
        term = total = 1 / a
        k = a
        for _ in range(10_000):
            k += 1
            term *= x / k
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1 - total * math.exp(log_front))
    tiny = 1e-300  # Lentz's method
    b = x + 1 - a
    c, d = 1 / tiny, 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        step = d * c
        h *= step
        if abs(step - 1) < 1e-15:
            break
    return min(1.0, math.exp(log_front) * h)


@dataclass(frozen=True)
class Fairness:
    """Are wins shared out evenly over `k` positions? Pearson's chi-square statistic against equal shares, its
    p-value, and `within`: the largest distance from the fair share 1/k that the simultaneous 95% intervals
    allow for any position (Wilson at z for 1 - 0.05/(2k): all k hold at once with 95% confidence)."""

    statistic: float
    df: int
    p: float
    within: float
    n: int

    def as_dict(self) -> dict[str, float | int]:
        return {"statistic": round(self.statistic, 4), "df": self.df, "p": self.p, "within": round(self.within, 4),
                "n": self.n}


def fairness(wins: Sequence[float], n: float) -> Fairness | None:
    """The joint test of `wins` per position out of `n` games (a shared win counted as a fraction). With
    fractional wins the statistic is a little smaller than for whole ones: the test errs on the side of
    'fair'. None with fewer than two positions or no games. For units nested in games (hands), pass the
    effective number and the wins scaled to it (`effective_counts`)."""
    k = len(wins)
    if k < 2 or n <= 0:
        return None
    expected = n / k
    statistic = math.fsum((w - expected) ** 2 / expected for w in wins)
    z = _NORMAL.inv_cdf(1 - ALPHA / (2 * k))
    fair = 1 / k
    within = 0.0
    for w in wins:
        est = wilson(w, n, z)
        within = max(within, abs(est.low - fair), abs(est.high - fair))
    return Fairness(statistic, k - 1, chi_square_sf(statistic, k - 1), within, round(n))


def effective_counts(successes: Sequence[Sequence[float]], trials: Sequence[float]) -> tuple[list[float], float]:
    """Per-position wins over units nested in games, scaled for `fairness` by the mean design effect over the
    positions (Rao and Scott's first-order correction of the chi-square test): (wins per position, effective
    number of units). successes[k][g] is position k's wins in game g, trials[g] the units of game g."""
    units = math.fsum(t for t in trials if t > 0)
    if units <= 0 or not successes:
        return [0.0] * len(successes), 0.0
    design = math.fsum(design_effect(per_game, trials) for per_game in successes) / len(successes)
    return [math.fsum(per_game) / design for per_game in successes], units / design


# -- many tests at once -----------------------------------------------------------------------------------------

def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values: rejecting those below 0.05 keeps the chance of any false
    rejection in the family at 5% (whatever the dependence between the tests)."""
    order = sorted(range(len(pvalues)), key=lambda i: pvalues[i])
    m = len(pvalues)
    adjusted = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        adjusted[i] = running
    return adjusted


def benjamini_hochberg(pvalues: Sequence[float]) -> list[float]:
    """Benjamini-Hochberg adjusted p-values (q-values): rejecting those below 0.05 keeps the expected share
    of false discoveries among the rejections at 5% (for independent or positively dependent tests)."""
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i], reverse=True)
    adjusted = [1.0] * m
    running = 1.0
    for position, i in enumerate(order):
        rank = m - position  # 1-based rank from the smallest
        running = min(running, pvalues[i] * m / rank)
        adjusted[i] = min(1.0, running)
    return adjusted


# -- power ---------------------------------------------------------------------------------------------------------

def detectable(spread: float, n: int, paired: bool = False) -> float:
    """The smallest true difference a two-sided 5% test detects with 80% power: (z_0.975 + z_0.80) times the
    standard error of the difference - of two independent batches of `n` games each with this per-game
    `spread` (sd), or, `paired`, of `n` paired games whose differences have this sd."""
    if n < 2:
        return math.nan
    se = spread / math.sqrt(n) if paired else spread * math.sqrt(2 / n)
    return (Z + Z_POWER) * se


def games_needed(spread: float, difference: float, paired: bool = False) -> float:
    """How many games (per variant) a difference needs to be detected (5% two-sided, 80% power)."""
    if difference == 0:
        return math.inf
    factor = 1 if paired else 2
    return math.ceil(factor * ((Z + Z_POWER) * spread / difference) ** 2 - 1e-9)


def quantiles(values: Sequence[float], cuts: Sequence[float] = (0.1, 0.5, 0.9)) -> list[float]:
    """Quantiles by the nearest rank on the sorted values (for tables: p10, median, p90)."""
    if not values:
        return [math.nan for _ in cuts]
    ordered = sorted(values)
    return [ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))] for q in cuts]
