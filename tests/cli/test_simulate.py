"""zdeck simulate as a designer meets it: endless games, Ctrl-C, existing record files, one-seat games."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import zdeck
import zdeck.batch
from tests.cli.helpers import run, text

SUMMED = re.compile(r"\d+ games? in ")  # the summary's "5 games in 0.2 s" ("1 game in" for one)


def test_a_game_that_does_not_end_is_counted_as_unfinished_and_the_batch_goes_on(tmp_path: Path) -> None:
    """One endless game (ZAR with many seats and strict calls) used to abort the batch and lose its summary."""
    records = tmp_path / "games.jsonl"
    result = run("simulate", "zipzap", "-p", "2", "-n", "12", "-o", "rounds=1", "--max-steps", "23",
                 "--records", str(records), "--json")
    assert result.exit_code == 0, text(result)
    summary = json.loads(result.output)
    assert summary["unfinished"] > 0 and summary["games"] > 0, "the cap stops some of these games, not all"
    assert summary["games"] + summary["unfinished"] == 12 and summary["max_steps"] == 23
    assert len(summary["unfinished_seeds"]) == summary["unfinished"]
    assert len(records.read_text().splitlines()) == 12, "an unfinished game's record is kept too"
    replayed = run("replay", "-q", str(records))
    assert replayed.exit_code == 0 and "not over: the record stops after" in replayed.output
    tables = run("simulate", "zipzap", "-p", "2", "-n", "12", "-o", "rounds=1", "--max-steps", "23")
    assert tables.exit_code == 0 and "(--max-steps)" in tables.output and "seeds" in tables.output
    none = run("simulate", "zipzap", "-p", "2", "-n", "3", "-o", "rounds=1", "--max-steps", "3")
    assert none.exit_code == 0 and "no game finished" in none.output and "win rate" not in none.output


def test_ctrl_c_sums_up_the_games_played_so_far(monkeypatch: pytest.MonkeyPatch) -> None:
    real = zdeck.batch.run_batch  # the runner every batch command plays through

    def interrupted(*args: Any, **kwargs: Any) -> Iterator[zdeck.batch.GameResult]:
        yield from list(real(*args, **kwargs))[:3]
        raise KeyboardInterrupt

    monkeypatch.setattr(zdeck.batch, "run_batch", interrupted)
    result = run("simulate", "zipzap", "-p", "2", "-n", "50", "-o", "rounds=1")
    assert result.exit_code == 130
    assert "stopped after 3 of 50 games" in text(result) and "win rate" in result.output
    as_json = json.loads(run("simulate", "zipzap", "-p", "2", "-n", "50", "-o", "rounds=1", "--json").output)
    assert as_json["games"] == 3 and as_json["stopped"] == "interrupted"


def test_records_are_appended_to_an_existing_file_with_a_note(tmp_path: Path) -> None:
    """--records emptied an existing file without a word, while play --record appended."""
    records = tmp_path / "games.jsonl"
    first = run("simulate", "zipzap", "-p", "2", "-n", "2", "-o", "rounds=1", "--records", str(records))
    assert first.exit_code == 0 and "already holds records" not in text(first)
    second = run("simulate", "zipzap", "-p", "2", "-n", "3", "-o", "rounds=1", "--records", str(records))
    assert second.exit_code == 0 and "already holds records" in text(second)
    assert len(records.read_text().splitlines()) == 5


@pytest.mark.parametrize("where", ["missing/r.jsonl", "."])
def test_a_records_path_that_cannot_be_written_is_refused_before_any_game(tmp_path: Path, where: str) -> None:
    result = run("simulate", "zipzap", "-n", "1000", "--records", str(tmp_path / where))
    assert result.exit_code == 2 and "cannot write records to" in text(result)
    assert not SUMMED.search(result.output) and "Traceback" not in result.output


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full, a device that is always full")
def test_a_full_disk_stops_the_batch_with_one_line_and_the_summary_so_far() -> None:
    result = run("simulate", "zipzap", "-p", "2", "-n", "5", "-o", "rounds=1", "--records", "/dev/full")
    assert result.exit_code == 2 and "cannot write records to /dev/full: No space left on device" in text(result)
    assert "Traceback" not in result.output and SUMMED.search(result.output)


def test_one_seat_games_compare_bots_by_score_not_win_rate() -> None:
    """zoker-solo showed every bot with win rate 1.000."""
    result = run("simulate", "zoker-solo", "--bots", "greedy,random", "--rotate", "-n", "6", "--json")
    summary = json.loads(result.output)
    assert summary["score_order"] == zdeck.game_class("zoker-solo").default_score_order
    greedy, random = summary["score_per_bot"]["greedy"], summary["score_per_bot"]["random"]
    assert greedy["mean"] != random["mean"] and greedy["min"] <= greedy["mean"] <= greedy["max"]
    assert greedy["sd"] >= 0 and summary["win_rate_per_bot"] == {"greedy": 1.0, "random": 1.0}
    tables = run("simulate", "zoker-solo", "--bots", "greedy,random", "--rotate", "-n", "4")
    assert "mean score" in tables.output and "spread" in tables.output and "win rate" not in tables.output
    assert "scores are better" in tables.output


def test_several_seats_show_win_rates_and_scores_per_bot() -> None:
    summary = json.loads(run("simulate", "zipzap", "-p", "3", "-n", "4", "-b", "greedy,random", "--rotate",
                             "--json").output)
    assert set(summary["score_per_bot"]) == {"greedy", "random"} == set(summary["win_rate_per_bot"])
    assert all(s["min"] <= s["mean"] <= s["max"] for s in summary["score_per_bot"].values())


def test_help_shows_flags_as_flags() -> None:
    """typer 0.29 showed `--rotate <bool>` and `-o <list[str]>`, and then refused `--rotate true`."""
    result = run("simulate", "--help")
    assert result.exit_code == 0
    rotate = next(line for line in result.output.splitlines() if "--rotate" in line)
    assert "bool" not in rotate.lower() and "<" not in result.output
    assert "-o, --option NAME=VALUE" in result.output and "--max-steps" in result.output


def test_an_option_out_of_range_says_what_is_allowed() -> None:
    """`-o rounds=0` repeated the option's description instead of saying what it takes."""
    result = run("simulate", "zipzap", "-o", "rounds=0")
    assert result.exit_code == 2 and "expected an integer from 1 to 100" in text(result)
