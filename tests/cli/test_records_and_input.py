"""Records and hostile input: checked before a game, written or refused in one line, quoted shortened."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

import zdeck
from tests.cli.helpers import app, run, text
from zdeck.records import Record, RecordError, RecordWriter, read_records


@pytest.mark.parametrize("where", ["nonexistent/dir/r.jsonl", "."])
def test_play_refuses_a_record_path_before_the_game(tmp_path: Path, where: str) -> None:
    """The whole game was played, then the record was lost with a traceback."""
    result = run("play", "zipzap", "--watch", "--speed", "0", "-p", "2", "-o", "rounds=1",
                 "--record", str(tmp_path / where))
    assert result.exit_code == 2 and "cannot write records to" in text(result)
    assert "game over" not in result.output and "Traceback" not in result.output


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full, a device that is always full")
def test_play_reports_a_full_disk_in_one_line() -> None:
    result = run("play", "zipzap", "--watch", "--speed", "0", "-p", "2", "-o", "rounds=1", "--seed", "2",
                 "--record", "/dev/full")
    assert result.exit_code == 2 and "No space left on device" in text(result)
    assert "Traceback" not in result.output


def test_play_appends_its_record(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    for seed in ("1", "2"):
        result = run("play", "zipzap", "--watch", "--speed", "0", "-p", "2", "-o", "rounds=1", "--seed", seed,
                     "--record", str(path))
        assert result.exit_code == 0, text(result)
    assert [r.seed for r in read_records(path)] == [1, 2]


@pytest.mark.parametrize("game_id", ["zoker-memo", "zipzap", "zoker-solo"])
def test_play_seats_the_games_first_own_bot_by_default(tmp_path: Path, game_id: str) -> None:
    """zoker-memo seated goldfish, its weakest bot, while --help promised the game's best."""
    path = tmp_path / "watched.jsonl"
    result = run("play", game_id, "--watch", "--speed", "0", "--seed", "3", "--record", str(path))
    assert result.exit_code == 0, text(result)
    record = next(read_records(path))
    assert set(record.bots) == {zdeck.bot_names(game_id)[1]}
    assert zdeck.botspecs.default_bot(game_id) == zdeck.bot_names(game_id)[1]


def test_play_seats_the_level_a_newcomer_beats_half_the_time_against_a_person(tmp_path: Path) -> None:
    """Issue 31: a person at `zdeck play` met the game's strongest bot; the lobby's default level is the one a
    newcomer beats about half the time, and --bots takes level names."""
    from zdeck.live.gamedata import table_data

    path = tmp_path / "played.jsonl"
    for bots, level in ((None, table_data("zipzap").default_level), ("easy", "easy")):
        args = ["play", "zipzap", "--speed", "0", "--seed", "3", "--record", str(path), *(["--bots", bots] * bool(bots))]
        result = CliRunner().invoke(app, args, input="q\n")
        assert result.exit_code == 0, text(result)
        record = list(read_records(path))[-1]
        assert record.seats is not None and record.seats[1]["level"] == level, record.seats


def test_a_huge_action_text_is_quoted_short_and_answered_at_once(tmp_path: Path) -> None:
    """A record with a 10 MB action text took over 120 s to print its error."""
    path = tmp_path / "huge.jsonl"
    line = {"game": "zipzap", "players": 2, "seed": 1, "actions": [[0, "x" * 2_000_000]]}
    path.write_text(json.dumps(line) + "\n")
    start = time.monotonic()
    result = run("replay", str(path))
    assert result.exit_code == 2 and "characters)" in text(result)
    assert len(text(result)) < 1000 and time.monotonic() - start < 30


@pytest.mark.parametrize("args", [
    ("simulate", "zipzap", "-o", "scoring=" + "y" * 100_000),
    ("simulate", "zipzap", "-o", "y" * 100_000 + "=1"),
    ("simulate", "zipzap", "-o", "z" * 100_000),
    ("simulate", "zipzap", "--bots", "b" * 100_000),
    ("simulate", "g" * 100_000),
    ("rules", "g" * 100_000),
])
def test_bad_input_is_quoted_shortened_in_every_message(args: tuple[str, ...]) -> None:
    result = run(*args)
    assert result.exit_code == 2 and "characters)" in text(result) and len(text(result)) < 1000


@pytest.mark.parametrize("line", [
    '{"game": "zipzap", "players": 2, "seed": 1, "actions": [], "scores": "' + "s" * 10_000 + '"}',
    '{"game": "zipzap", "players": 2, "seed": 1, "actions": [' + "[0]," * 5000 + '[0]]}',
    '{"game": "zipzap", "players": ' + "9" * 5000 + ', "seed": 1, "actions": []}',
    '{"game": "zipzap", "players": 2, "seed": 1, "actions": [], "zdeck": "' + "v" * 10_000 + '"}',
])
def test_a_record_quotes_its_bad_fields_shortened(tmp_path: Path, line: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(line + "\n")
    result = run("replay", "-q", str(path))
    assert len(text(result)) < 1000 and "Traceback" not in result.output


def test_records_are_read_a_line_at_a_time(tmp_path: Path) -> None:
    """replay read a whole 210 MB file into memory: the first record must come before the rest is read."""
    path = tmp_path / "games.jsonl"
    good = Record("zipzap", 2, {}, 1).to_json()
    path.write_text(good + "\n" + "not json\n")
    records = read_records(path)
    assert next(records).seed == 1
    with pytest.raises(RecordError, match="line 2: not valid JSON"):
        next(records)


def test_a_record_writer_refuses_a_directory_and_a_missing_folder(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="it is a directory"):
        RecordWriter(tmp_path)
    with pytest.raises(RecordError, match="No such file or directory"):
        RecordWriter(tmp_path / "missing" / "r.jsonl")
    with RecordWriter(tmp_path / "r.jsonl") as sink:
        assert not sink.had_records
        sink.write(Record("zipzap", 2, {}, 1))
    assert RecordWriter(tmp_path / "r.jsonl").had_records
