"""The figures of one game and the intervals: hand-made cases with known answers, and each game's own
figures checked against what the records show."""

from __future__ import annotations

from zdeck.batch import BatchSpec, run_batch
from zdeck.batch.figures import clear_at, lead_changes, margin, ranks, standings
from zdeck.batch.stats import mean, paired_difference
from zdeck.core import Outcome
from zdeck.records import replay


def test_ranks_put_winners_first_then_scores_in_the_games_order_and_share_ties() -> None:
    assert ranks([10, 30, 20], [1], "higher") == [3, 1, 2]
    assert ranks([10, 30, 20], [0], "lower") == [1, 3, 2]
    assert ranks([5, 5, 1], [0, 1], "higher") == [1.5, 1.5, 3]
    assert sum(ranks([1, 1, 1, 1], [], "higher")) == 10


def test_margin_is_the_winners_lead_over_the_best_of_the_rest() -> None:
    assert margin([10, 30, 20], [1]) == 10
    assert margin([3, 9, 4], [0]) == 1, "lower is better: the runner-up has 4"
    assert margin([5, 5], [0, 1]) is None, "everyone won"


def test_lead_changes_count_a_new_sole_leader_not_a_tie() -> None:
    after = [[3, 1], [3, 3], [3, 5], [9, 6], [10, 10]]  # 0 leads, tie, 1 leads, 0 leads, tie
    assert lead_changes(after, "higher") == 2
    assert lead_changes(after, "lower") == 2


def test_the_winner_is_clear_when_they_took_the_lead_for_good() -> None:
    after = [[1, 0], [0, 2], [3, 2], [5, 2]]  # seat 0 led after round 1, lost it, led from round 3 on
    assert clear_at(after, [0], "higher") == 0.75
    assert clear_at([[1, 0], [2, 0]], [0], "higher") == 0.5
    assert clear_at([[1, 0]], [0], "higher") is None, "one round: no 'how early'"


def test_standings_are_the_running_totals_unless_scores_are_not_their_sum() -> None:
    assert standings([[1, 2], [3, 0]], [4, 2]) == [[1, 2], [4, 2]]
    assert standings([[1, 2], [3, 0]], [1, 0]) is None, "a match counted in games won"


def test_a_paired_difference_leaves_out_what_both_variants_share() -> None:
    a = [10.0, 20.0, 30.0, 40.0, None]
    b = [11.0, 21.0, 32.0, 41.0, 99.0]
    diff = paired_difference(a, b)
    assert diff.n == 4 and diff.value == 1.25
    assert diff.high - diff.low < mean([11.0, 21.0, 32.0, 41.0]).high - mean([11.0, 21.0, 32.0, 41.0]).low


def _outcomes(record: object) -> list[Outcome | None]:
    seen: list[Outcome | None] = []
    replay(record, lambda i, s, e, o: seen.append(o))  # type: ignore[arg-type]
    return seen


def test_zip_zap_counts_the_zaps_that_landed() -> None:
    spec = BatchSpec("zipzap", 4, lineups=(("greedy", "random", "greedy", "random"),), count=6, records=True, figures=True)
    for result in run_batch(spec, workers=1):
        assert result.record is not None
        outcomes = _outcomes(result.record)
        zaps = sum(1 for e, o in zip(result.record.actions, outcomes) if e[1] == "zap" and o is Outcome.APPLIED)
        assert result.figures["zaps"] == zaps > 0


def test_zoop_counts_zoops_that_stood_and_those_penalised() -> None:
    spec = BatchSpec("zoop", 5, lineups=(("heuristic",) * 5,), count=8, records=True, figures=True)
    total = 0
    for result in run_batch(spec, workers=1):
        assert result.record is not None
        pairs = list(zip(result.record.actions, _outcomes(result.record)))
        stood = sum(1 for e, o in pairs if str(e[1]).startswith("zoop ") and o is Outcome.APPLIED)
        penalised = sum(1 for e, o in pairs if "zoop " in str(e[1]) and o is Outcome.PENALISED)
        assert (result.figures["zoops"], result.figures["zoops_penalised"]) == (stood, penalised)
        total += stood
    assert total > 0, "heuristic bots ZOOP! in eight 5-player games"


def test_kubo_counts_the_rounds_that_no_one_could_lay_in() -> None:
    """Ground truth from the state's own fields (a test may read them; the metrics read observations): a
    round that ends on an `end` with no card laid in that turn, the pile used up and a full circle of passes."""
    spec = BatchSpec("zoker-kubo", 3, {"rounds": 4}, (("random",) * 3,), count=10, records=True, figures=True)
    found = 0
    for result in run_batch(spec, workers=1):
        assert result.record is not None
        game = result.record.make_game()
        state = game.new_state(result.record.seed)
        truth = 0
        for entry in result.record.actions:
            before = (state.round(), state.passes, state.laid, len(state.draw_pile))  # type: ignore[attr-defined]
            if entry[0] is None:
                state.timeout()
            else:
                state.apply(entry[0], game.parse_action(entry[1]), seen=entry[2] if len(entry) == 3 else None)
            ended = state.is_over() or state.round() != before[0]
            truth += ended and entry[1] == "end" and before[1:] == (2, 0, 0)
        assert result.figures["no_one_lays"] == truth
        found += truth
    assert found > 0, "random players leave rounds that end by the passes rule"
