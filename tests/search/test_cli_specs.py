"""`--bots` takes a search bot with its settings: the commas inside a spec do not split it."""

from __future__ import annotations

import json

from tests.cli.helpers import run, text


def test_simulate_seats_an_ismcts_spec_beside_a_heuristic() -> None:
    result = run("simulate", "zipzap", "-p", "2", "-n", "2", "-o", "rounds=1", "--bots", "ismcts:iters=10,c=0.5,greedy",
                 "--json")
    assert result.exit_code == 0, text(result)
    summary = json.loads(result.output)
    assert summary["bots"] == ["ismcts:iters=10,c=0.5", "greedy"] and summary["games"] == 2


def test_a_bad_search_setting_is_one_line_that_says_what_was_wrong() -> None:
    result = run("simulate", "zipzap", "-p", "2", "-n", "1", "--bots", "ismcts:iters=0,greedy")
    assert result.exit_code == 2
    assert "iters must be at least 1" in text(result) and "Traceback" not in text(result)
    unknown = run("simulate", "zipzap", "--bots", "ismcts:speed=9")
    assert unknown.exit_code == 2 and "unknown parameter 'speed'" in text(unknown)
