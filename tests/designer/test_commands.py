"""zdeck report, compare and tournament, and simulate --workers, as a designer runs them."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from tests.cli.helpers import run, text
from zdeck.records import read_records, replay
from zdeck.report.tournament import seatings


def _json(*args: str) -> dict[str, object]:
    result = run(*args, "--json")
    assert result.exit_code == 0, text(result)
    return dict(json.loads(result.output))


def test_simulate_gives_the_same_figures_and_records_on_one_or_two_workers(tmp_path: Path) -> None:
    outputs, files = [], []
    for workers in ("1", "2"):
        records = tmp_path / f"w{workers}.jsonl"
        summary = _json("simulate", "zipzap", "-p", "3", "-n", "30", "-b", "greedy,random", "--rotate",
                        "--workers", workers, "--records", str(records))
        outputs.append({k: v for k, v in summary.items() if k not in ("seconds", "games_per_second")})
        files.append(records.read_text())
    assert outputs[0] == outputs[1] and files[0] == files[1] and len(files[0].splitlines()) == 30


def test_report_writes_a_page_its_plots_and_the_numbers(tmp_path: Path) -> None:
    numbers = _json("report", "zoop", "-p", "4", "-n", "30", "-b", "heuristic", "--out", str(tmp_path))
    page = (tmp_path / "report.html").read_text()
    for png in ("seats.png", "scores.png", "length.png", "drama.png", "ends.png", "figures.png"):
        assert (tmp_path / png).stat().st_size > 5000 and f'src="{png}"' in page
    for heading in ("Seat advantage", "Game length", "Decisiveness and drama", "Fallback ends and caps",
                    "ZOOP!s that stood"):
        assert heading in page
    seats = numbers["seats"]
    assert isinstance(seats, list) and len(seats) == 4
    assert abs(sum(s["win_rate"]["value"] for s in seats) - 1) < 1e-3
    assert all(s["win_rate"]["low"] <= s["win_rate"]["value"] <= s["win_rate"]["high"] for s in seats)
    assert set(numbers["ends"]) == {"unfinished", "blocked"}  # type: ignore[arg-type]
    assert "zoops" in numbers["figures"]  # type: ignore[operator]
    saved = json.loads((tmp_path / "report.json").read_text())
    assert len(saved["length"]["decisions"]["values"]) == 30, "the file keeps the numbers behind the plots"


def test_a_one_seat_report_shows_the_score_distribution(tmp_path: Path) -> None:
    numbers = _json("report", "zoker-solo", "-n", "12", "-b", "greedy", "--out", str(tmp_path))
    assert (tmp_path / "scores.png").exists() and not (tmp_path / "seats.png").exists()
    assert numbers["figures"]["complete"]["rate"] is not None  # type: ignore[index]


def test_compare_pairs_variants_on_the_same_seeds(tmp_path: Path) -> None:
    result = _json("compare", "zipzap", "-p", "3", "-V", "rounds=1", "-V", "rounds=3", "-n", "24",
                   "--out", str(tmp_path))
    rows = {r["figure"]: r for r in result["differences"]}  # type: ignore[attr-defined]
    rounds = rows["rounds"]["differences"][0]
    assert rounds["difference"]["value"] == 2 and rounds["significant"], "every pair differs by exactly 2 rounds"
    decisions = rows["decisions"]["differences"][0]
    assert decisions["significant"] and decisions["difference"]["low"] > 0, "three rounds take longer than one"
    assert (tmp_path / "compare.html").exists() and (tmp_path / "compare_differences.png").exists()
    assert result["interval"].startswith("paired")  # type: ignore[union-attr]


@pytest.mark.parametrize(("args", "message"), [
    (("compare", "zipzap", "-V", "rounds=2"), "two or more --variant"),
    (("compare", "zipzap", "-V", "rounds=2", "-V", "colour=red"), "unknown option(s) colour"),
    (("report", "zipzap", "--address", "ray://x:1"), "give --backend ray"),
    (("tournament", "zoker-solo", "-b", "greedy,random"), "one-seat game"),
    (("tournament", "zipzap", "-b", "greedy"), "two or more different bots"),
    (("tournament", "zipzap", "-b", "greedy,genius"), "unknown bot 'genius'"),
])
def test_bad_input_is_one_line_and_status_2(args: tuple[str, ...], message: str) -> None:
    result = run(*args)
    assert result.exit_code == 2 and message in text(result) and "Traceback" not in text(result)


def test_seatings_put_every_bot_in_every_seat_equally() -> None:
    for bots, players in ((["a", "b", "c"], 4), (["a", "b"], 2), (["a", "b", "c", "d"], 3), (["a", "b", "c"], 3)):
        cycle = seatings(bots, players)
        per_seat = [Counter(lineup[s] for lineup in cycle) for s in range(players)]
        assert all(set(c) == set(bots) and len(set(c.values())) == 1 for c in per_seat), (bots, players)
        assert len(set(per_seat[0].values())) == 1


def test_a_tournament_is_the_same_for_the_same_seed_and_keeps_replayable_records(tmp_path: Path) -> None:
    records = tmp_path / "t.jsonl"
    first = _json("tournament", "zipzap", "-p", "3", "-b", "greedy,random", "-n", "10", "--seed", "5",
                  "--records", str(records), "--out", str(tmp_path / "t.json"))
    second = _json("tournament", "zipzap", "-p", "3", "-b", "greedy,random", "-n", "10", "--seed", "5", "--workers", "1")
    assert first["games"] == 10 and first["standings"] == second["standings"]
    assert json.loads((tmp_path / "t.json").read_text())["standings"] == first["standings"]
    games = list(read_records(records))
    assert len(games) == 10 and all(replay(g).is_over() for g in games)
    assert [g.seed for g in games[:4]] == [5, 5, 6, 6], "each deal is played in every seating"
    best = first["standings"][0]  # type: ignore[index]
    assert best["bot"] == "greedy" and best["rating"]["mu"] > first["standings"][1]["rating"]["mu"]  # type: ignore[index]


def test_a_tournament_rounds_up_to_whole_cycles_of_seatings() -> None:
    result = _json("tournament", "zoop", "-p", "3", "-b", "heuristic,random", "-n", "3")
    assert result["games_asked"] == 4 and len(result["seatings"]) == 2  # type: ignore[arg-type]
    rows = result["standings"]
    assert sum(r["seats"] for r in rows) == 12  # type: ignore[union-attr]


def test_a_tournament_takes_search_specs_and_ranks_them_the_same_on_any_worker_count() -> None:
    args = ("tournament", "zipzap", "-p", "2", "-b", "ismcts:iters=40,random", "-o", "rounds=1", "-n", "8", "--seed", "3")
    first, second = _json(*args), _json(*args, "--workers", "1")
    assert first["standings"] == second["standings"]  # a seeded search with an iteration budget replays exactly
    names = {row["bot"]: row for row in first["standings"]}  # type: ignore[union-attr]
    assert set(names) == {"ismcts:iters=40", "random"}  # the spec names the bot, so records say how it was set
    assert names["ismcts:iters=40"]["seats"] == names["random"]["seats"] == 8
