"""Every error is one line (README, The command line): click's own usage errors too, in every command.

`-n 0`, `--seed abc` and `--speed abc` printed click's usage block, four lines, against every other error's one.
"""

from __future__ import annotations

import subprocess
import sys

import pytest
from click.testing import Result

from tests.cli.helpers import run

HUGE = "9" * 5000 + "x"

BAD_INPUT = [
    # the group itself
    ("--bogus",), ("nope",), ("list", "extra"), ("list", "--bogus"),
    # rules
    ("rules",), ("rules", "nope"), ("rules", "zar", "extra"), ("rules", "--bogus"),
    # play (its game is optional)
    ("play", "zipzap", "--speed", "abc"), ("play", "zipzap", "--speed", "-1"), ("play", "zipzap", "--speed", "1000"),
    ("play", "zipzap", "--seat", "-1"), ("play", "zipzap", "--seat", "7"), ("play", "zipzap", "--seed", "abc"),
    ("play", "zipzap", "-p", "0"), ("play", "zipzap", "-p", "abc"), ("play", "zipzap", "-p", "15"),
    ("play", "zipzap", "--bots", "genius"), ("play", "zipzap", "-o", "scoring=most"), ("play", "--record"),
    ("play", "nope"), ("play", "zipzap", "--bogus"),
    # simulate
    ("simulate",), ("simulate", "zipzap", "-n", "0"), ("simulate", "zipzap", "-n", "abc"),
    ("simulate", "zipzap", "--seed", "abc"), ("simulate", "zipzap", "--seed", HUGE),
    ("simulate", "zipzap", "--max-steps", "0"), ("simulate", "zipzap", "-w", "0"),
    ("simulate", "zipzap", "--backend", "spark"), ("simulate", "zipzap", "--bots", ""),
    ("simulate", "zar", "-p", "15"), ("simulate", "zopzoo", "-o", "target=abc"), ("simulate", "zipzap", "-o", "x"),
    ("simulate", "zipzap", "--records", "/nonexistent/dir/games.jsonl"), ("simulate", "zipzap", "--json", "extra"),
    # report, compare, tournament
    ("report",), ("report", "zipzap", "-n", "0"), ("report", "zipzap", "--seed", "1.5"), ("report", "zipzap", "--out"),
    ("compare",), ("compare", "zopzoo", "-n", "0"), ("compare", "zopzoo", "--variant", "x"),
    ("compare", "zopzoo", "-V", "target=abc"),
    ("tournament",), ("tournament", "zipzap", "--bots", "greedy"), ("tournament", "zipzap", "-n", "0"),
    ("tournament", "zipzap", "--bots", "greedy,genius"),
    # replay, serve
    ("replay",), ("replay", "/nonexistent/games.jsonl"), ("replay", "-q"),
    ("serve", "--port", "0"), ("serve", "--port", "70000"), ("serve", "--port", "abc"), ("serve", "--db"),
]


def lines(result: Result) -> list[str]:
    return (result.stdout + (result.stderr or "")).splitlines()


@pytest.mark.parametrize("args", BAD_INPUT, ids=lambda args: " ".join(args)[:60] or "nothing")
def test_a_bad_command_line_is_one_line_that_says_what_was_wrong(args: tuple[str, ...]) -> None:
    result = run(*args)
    printed = lines(result)
    assert result.exit_code == 2, printed
    assert len(printed) == 1, printed
    assert printed[0].startswith("error: ") and result.stdout == "", printed
    assert "Usage:" not in printed[0] and len(printed[0]) < 400, printed


def test_bad_input_inside_a_click_error_is_quoted_shortened() -> None:
    [line] = lines(run("simulate", "zipzap", "--seed", HUGE))
    assert "(5003 characters)" in line and "--seed" in line


N_ZERO = "error: invalid value for '--games' / '-n': 0 is not in the range x>=1 (see `zdeck simulate --help`)"


def test_a_usage_error_names_the_help_of_its_command() -> None:
    assert lines(run("simulate", "zipzap", "-n", "0")) == [N_ZERO]


def test_the_installed_command_prints_one_line_too() -> None:
    """The real entry point (`python -m zdeck.cli`, what the `zdeck` script runs), not only click's runner."""
    done = subprocess.run([sys.executable, "-m", "zdeck.cli", "simulate", "zipzap", "-n", "0"],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines() == [N_ZERO]


def test_zdeck_alone_still_shows_the_help() -> None:
    result = run()
    assert "Commands:" in result.output and "simulate" in result.output


def test_an_optional_game_is_shown_optional() -> None:
    """`play --help` showed GAME as required; it defaults to zipzap."""
    assert "Usage: zdeck play [OPTIONS] [GAME]" in run("play", "--help").output
    assert "Usage: zdeck simulate [OPTIONS] GAME" in run("simulate", "--help").output
