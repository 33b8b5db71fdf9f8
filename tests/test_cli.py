"""The zdeck command, through click's CliRunner: every command, good and bad input."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from rich.console import Console

import zdeck
from zdeck.cli import app
from zdeck.table import LiveTable

runner = CliRunner()


def run(*args: str) -> Result:
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
    first = next(p for p in range(2) if game.new_state(3).legal_actions(p))
    lines = iter(["o", "nonsense", "1", "q"])
    table = LiveTable(game, first, ["greedy"], seed=3, speed=1000.0, console=console, lines=lines)
    assert table.run() is False  # quit before the end
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
    table = LiveTable(game, 1, ["greedy"], seed=8, speed=0.0, console=console, lines=always_first())
    assert table.run() is True
    record = table.record
    assert record.winners and record.winners == table.table.room.state.winners()
    assert any(entry[0] == 1 for entry in record.actions)


# -- a new user's findings (each test names what went wrong before) -------------------------------

def error_text(result) -> str:
    return (result.output + (result.stderr or "")).replace("\n", " ")


def test_error_messages_keep_their_brackets(tmp_path: Path) -> None:
    """rich ate "[player, action]" as markup: the message read "expected  or , got [0]"."""
    path = tmp_path / "short.jsonl"
    path.write_text('{"game":"zipzap","players":2,"seed":1,"actions":[[0]]}\n')
    result = run("replay", str(path))
    assert result.exit_code == 2 and "expected [player, action] or [player, action, seen]" in error_text(result)


def test_replay_of_deeply_nested_json_is_an_error_not_a_traceback(tmp_path: Path) -> None:
    path = tmp_path / "deep.jsonl"
    path.write_text("[" * 100_000 + "]" * 100_000 + "\n")
    result = run("replay", str(path))
    assert result.exit_code == 2 and "nested too deeply" in error_text(result)
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_replay_of_an_empty_file_says_there_is_nothing_to_check(tmp_path: Path) -> None:
    path = tmp_path / "empty.jsonl"
    path.write_text("\n")
    result = run("replay", str(path))
    assert result.exit_code == 2 and "holds no game records" in error_text(result)


def test_replay_names_the_version_of_a_record_from_another_zdeck(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    run("simulate", "zipzap", "-p", "2", "-n", "1", "-o", "rounds=1", "--records", str(path), "--json")
    record = json.loads(path.read_text())
    record["zdeck"] = "0.0.1"
    path.write_text(json.dumps(record) + "\n")
    same = run("replay", "-q", str(path))
    assert same.exit_code == 0 and f"recorded by zdeck 0.0.1; this is zdeck {zdeck.__version__}" in error_text(same)
    record["seed"] += 1  # now it diverges: the error must say the record is from elsewhere
    path.write_text(json.dumps(record) + "\n")
    diverged = run("replay", "-q", str(path))
    assert diverged.exit_code == 2 and "written by zdeck 0.0.1" in error_text(diverged)


def test_rules_lists_the_players_bots_and_options_of_the_game() -> None:
    result = run("rules", "zipzap")
    text = result.output
    assert result.exit_code == 0 and "-o name=value" in text and "scoring" in text and "rounds" in text
    assert '"cards" | "wins"' in text and "players 2-6" in text and "greedy" in text
    solo = run("rules", "zoker-solo")
    assert solo.exit_code == 0 and "no options" in solo.output and "players 1;" in solo.output


def test_list_shows_a_single_player_count_once() -> None:
    line = next(line for line in run("list").output.splitlines() if "zoker-solo" in line)
    assert "1-1" not in line and " 1 " in line


@pytest.mark.parametrize(("args", "hint"), [
    (("simulate", "zar", "-p", "12"), "2 to 14 with half_decks=3 to 16: -o half_decks=3 seats 12"),
    (("simulate", "zoop", "-p", "8", "-o", "colours=2"), "3 to 8 with colours=3 to 6: -o colours=3 seats 8"),
])
def test_a_player_count_allowed_under_other_options_says_so(args: tuple[str, ...], hint: str) -> None:
    result = run(*args)
    assert result.exit_code == 2 and hint in error_text(result)
    plain = run("simulate", "zipzap", "-o", "scoring=bad")  # no hint where players are not the problem
    assert plain.exit_code == 2 and "seats" not in error_text(plain)


def test_a_negative_speed_is_refused() -> None:
    result = run("play", "zipzap", "--watch", "--speed", "-1")
    assert result.exit_code == 2 and "--speed" in error_text(result)


def test_ctrl_c_at_the_table_leaves_it_and_keeps_the_record(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C ended the process with status 130 and lost the record."""
    def interrupted(self: LiveTable) -> None:
        self.result = self.table.record()
        self.result.actions.append([None, "timeout"])
        raise KeyboardInterrupt

    monkeypatch.setattr(LiveTable, "run", interrupted)
    path = tmp_path / "left.jsonl"
    result = run("play", "zipzap", "--watch", "--seed", "1", "--record", str(path))
    assert result.exit_code == 0 and "game left before its end" in result.output
    assert json.loads(path.read_text())["actions"] == [[None, "timeout"]]
