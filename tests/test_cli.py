"""The zdeck command, through typer's CliRunner: every command, good and bad input."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

import zdeck
from zdeck.cli import app
from zdeck.table import LiveTable

runner = CliRunner()


def run(*args: str):  # noqa: ANN201
    return runner.invoke(app, list(args))


def test_list_shows_every_game_with_player_counts() -> None:
    result = run("list")
    assert result.exit_code == 0
    for game_id in zdeck.games():
        assert game_id in result.output
    assert "2-6" in result.output


def test_rules_prints_the_rules_document() -> None:
    result = run("rules", "zipzap")
    assert result.exit_code == 0 and "Clarifications" in result.output


def test_simulate_json_reports_the_figures(tmp_path: Path) -> None:
    records = tmp_path / "games.jsonl"
    result = run("simulate", "zipzap", "--players", "3", "--games", "4", "--seed", "9",
                 "--bots", "greedy,random", "--records", str(records), "--json")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert summary["games"] == 4 and len(summary["win_rate_per_seat"]) == 3
    assert abs(sum(summary["win_rate_per_seat"]) - 1) < 1e-9
    assert set(summary["win_rate_per_bot"]) == {"greedy", "random"}
    assert summary["mean_plies"] > 0 and summary["mean_rounds"] == 6
    assert len(records.read_text().splitlines()) == 4
    replayed = run("replay", str(records))
    assert replayed.exit_code == 0 and "winners" in replayed.output and "r1" in replayed.output


def test_simulate_tables() -> None:
    result = run("simulate", "zipzap", "-n", "3", "-o", "scoring=wins", "-o", "rounds=1")
    assert result.exit_code == 0 and "win rate" in result.output


@pytest.mark.parametrize(("args", "message"), [
    (("simulate", "nope"), "unknown game 'nope'"),
    (("simulate", "zipzap", "--players", "9"), "players=9 is not allowed"),
    (("simulate", "zipzap", "--bots", "genius"), "unknown bot 'genius'"),
    (("simulate", "zipzap", "-o", "colour=red"), "unknown option(s) colour"),
    (("simulate", "zipzap", "-o", "scoring=most"), "scoring='most' is not allowed"),
    (("simulate", "zipzap", "-o", "scoring"), "expects name=value"),
    (("rules", "nope"), "unknown game"),
    (("play", "zipzap", "--seat", "7"), "not a seat"),
    (("replay", "/nonexistent/file.jsonl"), "cannot read"),
])
def test_bad_input_is_a_clear_error_without_traceback(args: tuple[str, ...], message: str) -> None:
    result = run(*args)
    assert result.exit_code == 2
    assert message in result.output.replace("\n", " ") or message in (result.stderr or "")
    assert "Traceback" not in result.output


@pytest.mark.parametrize("content", ["not json\n", '{"game": "zipzap"}\n', "[1, 2]\n",
                                     '{"game":"zipzap","players":2,"seed":1,"actions":[[0,"fly away"]]}\n',
                                     '{"game":"zipzap","players":2,"seed":1,"actions":[[0,"play red 1"]]}\n'])
def test_replay_refuses_corrupt_records(tmp_path: Path, content: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(content)
    result = run("replay", str(path))
    assert result.exit_code == 2 and "error" in (result.output + (result.stderr or ""))
    assert "Traceback" not in result.output


def test_replay_detects_tampered_scores(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    run("simulate", "zipzap", "-n", "1", "--records", str(path), "--json")
    record = json.loads(path.read_text())
    record["scores"][0] += 1
    path.write_text(json.dumps(record) + "\n")
    result = run("replay", "-q", str(path))
    assert result.exit_code == 2 and "differ" in result.output + (result.stderr or "")


def test_watch_a_whole_game(tmp_path: Path) -> None:
    path = tmp_path / "watched.jsonl"
    result = run("play", "zipzap", "--watch", "--players", "2", "--seed", "5", "--speed", "0",
                 "--record", str(path), "-o", "rounds=1")
    assert result.exit_code == 0 and "game over" in result.output
    assert run("replay", "-q", str(path)).exit_code == 0


def test_a_person_plays_by_number_and_by_text_and_quits() -> None:
    game = zdeck.make("zipzap", players=2, rounds=1)
    console = Console(record=True, width=120)
    lines = iter(["o", "nonsense", "1", "q"])
    table = LiveTable(game, 0, ["greedy"], seed=3, speed=1000.0, console=console, lines=lines)
    assert table.run() is None  # quit before the end
    text = console.export_text()
    assert "not an action" in text and "you:" in text


def always_first() -> Iterator[str]:
    """A person who keeps typing "1" (a daemon thread reads this; it ends with the test process)."""
    while True:
        time.sleep(0.002)
        yield "1"


def test_a_person_plays_a_whole_game_against_a_bot() -> None:
    game = zdeck.make("zipzap", players=2, rounds=1)
    console = Console(record=True, width=120)
    table = LiveTable(game, 1, ["greedy"], seed=8, speed=0.0, console=console, lines=always_first(),
                      perception_s=0.0)
    final = table.run()
    assert final is not None and final.is_over()
    assert table.record is not None and table.record.winners == final.winners()
