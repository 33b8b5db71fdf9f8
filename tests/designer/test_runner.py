"""The batch runner: any number of workers (and Ray) gives the same games, records and figures."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import asdict

import pytest

import zdeck
from zdeck.batch import BatchError, BatchSpec, GameResult, run_batch
from zdeck.batch.runner import chunks
from zdeck.botspecs import make_bot
from zdeck.core import Outcome
from zdeck.records import replay
from zdeck.sim import play


def _comparable(results: list[GameResult]) -> list[dict[str, object]]:
    return [{**asdict(r), "record": r.record.to_json() if r.record else None} for r in results]


def _spec(**changes: object) -> BatchSpec:
    base: dict[str, object] = {"game": "zipzap", "players": 3, "options": {"rounds": 1}, "lineups": (
        ("greedy", "random", "random"), ("random", "greedy", "random")), "count": 37, "seed": 11, "records": True,
        "figures": True}
    return BatchSpec(**{**base, **changes})  # type: ignore[arg-type]


def test_results_and_records_are_the_same_for_any_number_of_workers() -> None:
    one = _comparable(list(run_batch(_spec(), workers=1)))
    assert [r["index"] for r in one] == list(range(37))
    for workers in (2, 3):
        assert _comparable(list(run_batch(_spec(), workers=workers))) == one, f"{workers} workers"


def test_a_game_is_fixed_by_its_index_seed_and_lineup_as_sim_play_plays_it() -> None:
    spec = _spec()
    game = spec.make_game()
    for result in run_batch(spec, workers=2):
        state, record = play(game, [make_bot("zipzap", n) for n in spec.lineup_of(result.index)], spec.seed_of(result.index))
        assert record is not None and result.record is not None
        assert result.record.to_json() == record.to_json() and result.scores == state.scores()


def test_unfinished_games_are_yielded_in_order_with_their_records() -> None:
    spec = _spec(options={}, count=8, max_steps=40)
    results = list(run_batch(spec, workers=2))
    assert [r.index for r in results] == list(range(8)) and not any(r.finished for r in results)
    assert all(r.record is not None and r.record.scores is None for r in results)
    assert _comparable(results) == _comparable(list(run_batch(spec, workers=1)))


def test_the_generic_counts_agree_with_a_replay_of_the_record() -> None:
    for result in run_batch(_spec(count=12), workers=1):
        outcomes: list[Outcome | None] = []
        assert result.record is not None
        replay(result.record, lambda i, s, entry, outcome, seen=outcomes: seen.append(outcome))
        assert result.decisions == len(result.record.actions)
        assert result.bounced == outcomes.count(Outcome.BOUNCED)
        assert result.timeouts == sum(1 for entry in result.record.actions if entry[0] is None)
        landed = [e[0] for e, o in zip(result.record.actions, outcomes) if e[0] is not None and o is not Outcome.BOUNCED]
        assert result.turns == sum(1 for k, p in enumerate(landed) if k == 0 or landed[k - 1] != p)


def test_tournament_deals_repeat_a_seed_across_the_seatings() -> None:
    spec = _spec(deals=2, count=6)
    assert [spec.seed_of(i) for i in range(6)] == [11, 11, 12, 12, 13, 13]
    assert [spec.lineup_of(i)[0] for i in range(4)] == ["greedy", "random", "greedy", "random"]


def test_chunks_cover_the_batch_once_in_order() -> None:
    for count, workers in ((1, 2), (37, 2), (1000, 2), (5, 8)):
        tasks = chunks(count, workers)
        assert [i for a, b in tasks for i in range(a, b)] == list(range(count))


def test_a_failing_bot_names_the_game_it_was_playing(monkeypatch: pytest.MonkeyPatch) -> None:
    from zdeck.decks.zipzap.bots import GreedyBot

    def broken(*args: object, **kwargs: object) -> object:
        raise RuntimeError("bot bug")

    monkeypatch.setattr(GreedyBot, "act", broken)
    with pytest.raises(BatchError, match=r"zipzap game 0 \(seed 11, bots greedy,random,random\) failed: RuntimeError: bot bug"):
        list(run_batch(_spec(), workers=1))


def test_stopping_the_iteration_early_stops_the_workers() -> None:
    games: Iterator[GameResult] = run_batch(_spec(count=400, records=False), workers=2)
    first = [next(games) for _ in range(3)]
    games.close()  # what a Ctrl-C or a break does: the pool is terminated
    assert [r.index for r in first] == [0, 1, 2]


def test_bad_batches_are_refused_with_the_reason() -> None:
    with pytest.raises(ValueError, match="every lineup must name a bot for each of the 3 seats"):
        _spec(lineups=(("random",),))
    with pytest.raises(ValueError, match="unknown backend 'spark'"):
        list(run_batch(_spec(), backend="spark"))
    with pytest.raises(ValueError, match="workers must be at least 1"):
        list(run_batch(_spec(), workers=0))


def test_the_ray_backend_gives_the_same_results_as_local_processes() -> None:
    ray = pytest.importorskip("ray", reason="Ray is not installed (pip install 'zdeck[ray]'): the Ray backend is untested")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        spec = _spec(count=20)
        assert _comparable(list(run_batch(spec, workers=2, backend="ray"))) == _comparable(list(run_batch(spec, workers=1)))
    finally:
        ray.shutdown()


def test_every_game_with_its_own_figures_reports_each_one_it_names() -> None:
    from zdeck.registry import game_metrics

    for game_id in zdeck.games():
        factory = game_metrics(game_id)
        if factory is None:
            continue
        players = zdeck.game_class(game_id).default_players or zdeck.game_class(game_id).min_players
        spec = BatchSpec(game_id, players, lineups=(("random",) * players,), count=2, figures=True)
        for result in run_batch(spec, workers=1):
            if result.finished:
                assert set(result.figures) == set(factory.FIGURES), game_id  # type: ignore[attr-defined]
                assert set(factory.ENDS) <= set(factory.FIGURES)  # type: ignore[attr-defined]
