"""The training example runs end to end on a tiny budget: it trains, evaluates and reports (whether it
beats random on so little training is not asserted: the full run shows that, docs/rl.md)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_reinforce.py"


@pytest.mark.parametrize("game", ["zipzap", "zoker-tiko"])
def test_the_training_example_trains_and_reports_wilson_intervals(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    spec = importlib.util.spec_from_file_location("train_reinforce", EXAMPLE)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    result = module.main(["--game", game, "--episodes", "40", "--eval", "20"])
    out = capsys.readouterr().out
    assert "trained linear agent" in out and "95% Wilson interval" in out and "trained     40 games" in out
    assert result["after"][1] == 20 and 0 <= result["after"][0] <= 20


def test_wilson_interval_matches_known_values() -> None:
    spec = importlib.util.spec_from_file_location("train_reinforce", EXAMPLE)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    low, high = module.wilson(60, 100)
    assert (round(low, 4), round(high, 4)) == (0.5020, 0.6906)
