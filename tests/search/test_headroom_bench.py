"""bench/headroom.py, run small: every decision looked at is the bot's own, and the best answer is never
judged below it (the bot's answer is one of those compared, on the same determinisations)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_headroom_compares_the_bots_own_answer_with_the_best_on_the_same_deals() -> None:
    out = subprocess.run([sys.executable, str(ROOT / "bench" / "headroom.py"), "zopzoo", "-o", "target=1",
                          "--decisions", "4", "--iters", "40", "--json"],
                         capture_output=True, text=True, check=True, timeout=300)
    result = json.loads(out.stdout)
    assert result["bot"] == "heuristic" and result["options"]["target"] == 1
    assert result["decisions"] == 4 == sum(k["decisions"] for k in result["kinds"].values())
    assert result["gap_per_game"] >= 0 and all(k["mean_gap"] >= 0 for k in result["kinds"].values())
