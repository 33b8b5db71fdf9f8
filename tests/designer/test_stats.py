"""The reports' statistics against published values and cases whose answer is known by construction."""

from __future__ import annotations

import itertools
import math

import pytest

from zdeck.batch.stats import (
    benjamini_hochberg,
    chi_square_sf,
    clustered_share,
    design_effect,
    detectable,
    effective_counts,
    fairness,
    games_needed,
    holm,
    paired_ratio,
    paired_share_difference,
    wilson,
)


def test_wilson_matches_the_published_formula() -> None:
    est = wilson(0, 10)
    assert est.value == 0 and est.low == 0 and est.high == pytest.approx(0.2775, abs=1e-4)
    est = wilson(50, 100)
    assert (est.low, est.high) == (pytest.approx(0.4038, abs=1e-4), pytest.approx(0.5962, abs=1e-4))
    assert math.isnan(wilson(0, 0).value)


@pytest.mark.parametrize(("statistic", "df", "p"), [
    (3.841459, 1, 0.05), (5.991465, 2, 0.05), (11.0705, 5, 0.05), (30.0, 10, 0.000857),  # the tables' values
    (0.5, 3, 0.918891), (23.2093, 10, 0.01), (7.0, 2, math.exp(-3.5)),  # df 2: exactly exp(-x / 2)
])
def test_the_chi_square_tail_matches_the_tables(statistic: float, df: int, p: float) -> None:
    assert chi_square_sf(statistic, df) == pytest.approx(p, rel=1e-3)


def test_one_test_over_all_seats_and_the_distance_from_fair_it_allows() -> None:
    even = fairness([250, 250, 250, 250], 1000)
    assert even is not None and even.statistic == 0 and even.p == 1 and even.df == 3
    z = 2.497705  # Bonferroni for four intervals: the 1 - 0.05 / 8 quantile
    assert even.within == pytest.approx(max(0.25 - wilson(250, 1000, z).low, wilson(250, 1000, z).high - 0.25))
    skewed = fairness([300, 240, 230, 230], 1000)  # seat 0 wins 30%: chi-square 13.6 on 3 df
    assert skewed is not None and skewed.statistic == pytest.approx(13.6) and skewed.p == pytest.approx(0.00351, rel=1e-2)
    assert fairness([1], 1) is None, "one seat: nothing to be fair between"


def test_a_share_of_hands_counts_the_games_as_the_independent_units() -> None:
    assert clustered_share([1, 0, 1, 0], [1, 1, 1, 1]) == wilson(2, 4), "one hand per game: plain Wilson"
    alike = clustered_share([5, 0, 5, 0, 5, 0], [5, 5, 5, 5, 5, 5])  # every hand of a game went the same way
    assert design_effect([5, 0, 5, 0, 5, 0], [5] * 6) == pytest.approx(5.0)
    assert (alike.low, alike.high) == pytest.approx((wilson(3, 6).low, wilson(3, 6).high)), (
        "thirty hands worth six: one per game")
    assert design_effect([1, 2, 1, 2], [3, 3, 3, 3]) == 1.0, "less spread than independent hands: counted as them"
    wins, effective = effective_counts([[5, 0, 5, 0, 5, 0], [0, 5, 0, 5, 0, 5]], [5] * 6)
    assert effective == pytest.approx(6.0) and wins == pytest.approx([3.0, 3.0]), "the joint test's effective hands"


def test_newcombes_paired_interval_matches_the_published_example() -> None:
    """Cavo et al. 2012 (Fagerland, Lydersen and Laake's 'The paired 2x2 table'): 59 both, 6 first only, 16 second
    only, 80 neither; first minus second -0.0621, Newcombe's square-and-add 95% interval -0.1186 to -0.0046."""
    first = [1.0] * 65 + [0.0] * 96
    second = [1.0] * 59 + [0.0] * 6 + [1.0] * 16 + [0.0] * 80
    est = paired_share_difference(second, first)  # (the function gives its second argument minus its first)
    assert (est.value, est.low, est.high) == pytest.approx((-0.0621, -0.1186, -0.0046), abs=1e-4)
    assert -1 <= paired_share_difference([0.0] * 3, [1.0] * 3).low, "never outside [-1, 1]"


def test_a_paired_ratio_of_one_unit_per_game_is_the_paired_difference() -> None:
    a = [(1.0, 1.0), (0.0, 1.0), (1.0, 1.0), (0.0, 1.0)]
    b = [(1.0, 1.0), (1.0, 1.0), (1.0, 1.0), (0.0, 1.0)]
    result = paired_ratio(a, b)
    diffs = [0.0, 1.0, 0.0, 0.0]
    se = math.sqrt(sum((d - 0.25) ** 2 for d in diffs) / 3 / 4)
    assert result.estimate.value == 0.25 and result.estimate.high == pytest.approx(0.25 + 1.959964 * se)


PAPER = [0.0001, 0.0004, 0.0019, 0.0095, 0.0201, 0.0278, 0.0298, 0.0344, 0.0459, 0.3240, 0.4262, 0.5719, 0.6528,
         0.7590, 1.0]  # Benjamini and Hochberg (1995), section 4: fifteen p-values of one study


def test_benjamini_hochberg_rejects_the_four_the_paper_does_and_holm_three() -> None:
    q = benjamini_hochberg(PAPER)
    assert sum(v < 0.05 for v in q) == 4 and q[3] == pytest.approx(0.0095 * 15 / 4)
    h = holm(PAPER)
    assert sum(v < 0.05 for v in h) == 3 and h[0] == pytest.approx(0.0015) and h[2] == pytest.approx(0.0019 * 13)
    assert all(a <= b for a, b in itertools.pairwise(q)) and all(a <= b for a, b in itertools.pairwise(h)), "monotone"
    shuffled = PAPER[::-1]
    assert benjamini_hochberg(shuffled) == q[::-1] and holm(shuffled) == h[::-1], "order of the tests does not matter"


def test_the_smallest_detectable_difference_and_the_games_a_change_needs() -> None:
    """Two batches of 1000 games, a share near 1/2 (sd 0.5): 2.80 * 0.5 * sqrt(2 / 1000) = 0.0626."""
    assert detectable(0.5, 1000) == pytest.approx(0.0626, abs=1e-4)
    assert detectable(0.5, 1000, paired=True) == pytest.approx(0.0626 / math.sqrt(2), abs=1e-4)
    assert games_needed(0.5, detectable(0.5, 1000)) == 1000
    assert math.isnan(detectable(0.5, 1)) and math.isinf(games_needed(0.5, 0))
